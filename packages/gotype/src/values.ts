/**
 * Go values in TypeScript (../shared/CONTRACT.md): zero values, Go's IsZero,
 * and a checker that says whether a TypeScript value fits a Go type.
 */
import { GoTime } from "./go-time.js";
import { JsonNumber } from "./json-number.js";
import { intBounds, isBigIntKind } from "./kinds.js";
import { lookupMethod } from "./methods.js";
import { typeString } from "./type-string.js";
import type { GoType } from "./types.js";
import { zero } from "./zero.js";

export { isBigIntKind, zero };

/** Sets an own data property, safe for `__proto__` (Go allows that identifier). */
export function setOwn(obj: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__")
    Object.defineProperty(obj, key, { value, writable: true, enumerable: true, configurable: true });
  else obj[key] = value;
}

/**
 * Go's IsZero for `v` of type `t`: an IsZero method in the value's method set
 * (Go's json/v2 omitzero rule; pointer-receiver ones only when `addressable`)
 * wins; otherwise reflect.Value.IsZero (Go 1.26 and 1.27 compare floats with ==:
 * -0 is zero, NaN is not).
 */
export function isZero(
  t: GoType,
  v: unknown,
  opts: { addressable?: boolean; ignoreMethod?: boolean } = {},
): boolean {
  if (opts.ignoreMethod !== true) {
    const m = lookupMethod(t, "IsZero", { addressable: opts.addressable === true });
    if (m !== undefined) {
      if (t.kind === "pointer" && v === null) return true;
      return Boolean(m.method.fn(receiverValue(t, v, m.path)));
    }
  }
  return reflectIsZero(t, v);
}

function receiverValue(t: GoType, v: unknown, path: readonly { name: string }[]): unknown {
  let cur = v;
  void t;
  for (const step of path) {
    if (cur === null || typeof cur !== "object") return cur;
    cur = (cur as Record<string, unknown>)[step.name];
  }
  return cur;
}

/**
 * Go's reflect.Value.IsZero for a TypeScript value of type `t` (no methods
 * consulted). Walks arrays and structs with an explicit stack (a value
 * nested thousands of types deep does not overflow the call stack); a
 * missing struct field counts as zero.
 */
export function reflectIsZero(t: GoType, v: unknown): boolean {
  const types: GoType[] = [t];
  const values: unknown[] = [v];
  while (types.length > 0) {
    const wt = types.pop() as GoType;
    const wv = values.pop();
    if (!shallowIsZero(wt, wv, types, values)) return false;
  }
  return true;
}

/** Whether `v` is zero, with the elements or fields of an array or struct pushed to be checked. */
function shallowIsZero(t: GoType, v: unknown, types: GoType[], values: unknown[]): boolean {
  if (t.known === "time.Time")
    return GoTime.isInstance(v) ? v.unix === -62135596800 && v.nsec === 0 && v.offset === 0 : v == null;
  if (t.known === "json.Number") return JsonNumber.isInstance(v) ? v.text === "" : v === "" || v == null;
  switch (t.kind) {
    case "bool":
      return v === false;
    case "float32":
    case "float64":
      return v === 0; // -0 too (reflect: v.Float() == 0)
    case "string":
      return v === "";
    case "slice":
    case "map":
    case "pointer":
    case "interface":
      return v === null || v === undefined;
    case "array": {
      if (!Array.isArray(v)) return false;
      for (const e of v) {
        types.push(t.elem);
        values.push(e);
      }
      return true;
    }
    case "struct": {
      if (v === null || typeof v !== "object") return false;
      const o = v as Record<string, unknown>;
      for (const f of t.fields) {
        if (f.name === "_" || !Object.hasOwn(o, f.name)) continue;
        types.push(f.type);
        values.push(o[f.name]);
      }
      return true;
    }
    default:
      return v === 0 || v === 0n;
  }
}

/** A value that does not fit its Go type; `path` is where (`Order.Items[2].Qty`). */
export class GoValueError extends TypeError {
  override readonly name = "GoValueError" as const;
  readonly code = "GOJSON_ERR_GO_VALUE" as const;
  constructor(
    readonly path: string,
    readonly want: string,
    readonly got: string,
  ) {
    super(`${path}: want ${want}, got ${got}`);
  }
  static isInstance(e: unknown): e is GoValueError {
    return (
      typeof e === "object" && e !== null && (e as Record<symbol, unknown>)[GO_VALUE_ERROR_MARK] === true
    );
  }
}
const GO_VALUE_ERROR_MARK = Symbol.for("gojson.error.GoValueError");
Object.defineProperty(GoValueError.prototype, GO_VALUE_ERROR_MARK, { value: true });

function describe(v: unknown): string {
  if (v === null) return "null";
  if (v === undefined) return "undefined";
  if (typeof v === "bigint") return `${v}n`;
  if (typeof v === "number") return Object.is(v, -0) ? "-0" : String(v);
  if (typeof v === "string") return JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v);
  if (typeof v === "boolean") return String(v);
  if (Array.isArray(v)) return `array(${v.length})`;
  if (v instanceof Uint8Array) return `Uint8Array(${v.length})`;
  if (v instanceof Map) return `Map(${v.size})`;
  return typeof v === "object" ? (v.constructor?.name ?? "object") : typeof v;
}

/**
 * Checks that `v` is a valid TypeScript form of a Go value of type `t`;
 * returns undefined when it fits, else the first GoValueError (with a path
 * rooted at `root`, the type's name by default). Fields JSON never reads
 * (unexported, not embedded) and opaque fields (func, chan, unknown imports)
 * may be absent or hold anything.
 */
export function checkValue(t: GoType, v: unknown, root?: string): GoValueError | undefined {
  try {
    check(t, v, root ?? t.name ?? typeString(t));
    return undefined;
  } catch (e) {
    if (GoValueError.isInstance(e)) return e;
    throw e;
  }
}

/** Like checkValue, but throws the GoValueError. */
export function assertValue(t: GoType, v: unknown, root?: string): void {
  const e = checkValue(t, v, root);
  if (e !== undefined) throw e;
}

// One step of checkValue's walk: check `v` against `t` (undefined: any Go value of an
// interface), report a missing struct field, or leave container `exit` (it may be met
// again elsewhere in the value).
type Task =
  | { readonly t: GoType | undefined; readonly v: unknown; readonly path: string }
  | { readonly missing: GoType; readonly path: string }
  | { readonly exit: object };

/**
 * checkValue's walk over the value, with an explicit stack: a value nested
 * as deep as a chain of thousands of types does not overflow the call
 * stack. Children are pushed in reverse so the first mismatch in field and
 * element order is the one reported; a container already being checked
 * (a cycle through pointers) is not entered again.
 */
function check(root: GoType, value: unknown, rootPath: string): void {
  const active = new Set<object>();
  const stack: Task[] = [{ t: root, v: value, path: rootPath }];
  while (stack.length > 0) {
    const task = stack.pop() as Task;
    if ("exit" in task) active.delete(task.exit);
    else if ("missing" in task) throw new GoValueError(task.path, typeString(task.missing), "missing field");
    else if (task.t === undefined) checkAny(task.v, task.path, active, stack);
    else checkOne(task.t, task.v, task.path, active, stack);
  }
}

/** Marks container `o` active and schedules its exit; false when it is active already. */
function enter(o: object, active: Set<object>, stack: Task[]): boolean {
  if (active.has(o)) return false; // cyclic values are fine (pointer cycles)
  active.add(o);
  stack.push({ exit: o });
  return true;
}

/** Pushes `tasks` so that they are popped in their order. */
function pushAll(stack: Task[], tasks: Task[]): void {
  for (let i = tasks.length - 1; i >= 0; i--) stack.push(tasks[i] as Task);
}

function checkOne(t: GoType, v: unknown, path: string, active: Set<object>, stack: Task[]): void {
  const fail = (want = typeString(t)): never => {
    throw new GoValueError(path, want, describe(v));
  };
  if (t.known === "time.Time") {
    if (!GoTime.isInstance(v)) fail();
    return;
  }
  if (t.known === "json.Number") {
    if (!JsonNumber.isInstance(v)) fail();
    return;
  }
  switch (t.kind) {
    case "bool":
      if (typeof v !== "boolean") fail();
      return;
    case "string":
      if (typeof v !== "string") fail();
      return;
    case "float32":
      if (typeof v !== "number" || (Number.isFinite(v) && Math.fround(v) !== v)) fail();
      return;
    case "float64":
      if (typeof v !== "number") fail();
      return;
    case "int8":
    case "int16":
    case "int32":
    case "uint8":
    case "uint16":
    case "uint32": {
      const r = intBounds(t.kind);
      if (typeof v !== "number" || !Number.isInteger(v) || BigInt(v) < r[0] || BigInt(v) > r[1]) fail();
      return;
    }
    case "int":
    case "int64":
    case "uint":
    case "uint64":
    case "uintptr": {
      const r = intBounds(t.kind);
      if (typeof v !== "bigint" || v < r[0] || v > r[1]) fail();
      return;
    }
    case "interface":
      if (t.opaque !== undefined) return; // JSON never reads it (or a codec reports it): any value
      stack.push({ t: undefined, v, path });
      return;
    case "pointer":
      if (v === null) return;
      stack.push({ t: t.elem, v, path });
      return;
    case "slice":
    case "array": {
      if (t.kind === "slice") {
        if (v === null) return;
        if (t.elem.kind === "uint8" && t.elem.name === undefined) {
          if (!(v instanceof Uint8Array)) fail();
          return;
        }
        if (t.elem.kind === "uint8" && v instanceof Uint8Array) return;
        if (!Array.isArray(v)) fail();
      } else if (!Array.isArray(v) || v.length !== t.len) fail();
      const a = v as unknown[];
      if (!enter(a, active, stack)) return;
      const tasks: Task[] = new Array(a.length);
      for (let i = 0; i < a.length; i++) tasks[i] = { t: t.elem, v: a[i], path: `${path}[${i}]` };
      pushAll(stack, tasks);
      return;
    }
    case "map": {
      if (v === null) return;
      if (!(v instanceof Map)) fail();
      const m = v as Map<unknown, unknown>;
      if (!enter(m, active, stack)) return;
      const tasks: Task[] = [];
      for (const [k, e] of m) {
        const kp = `${path}[${describe(k)}]`;
        tasks.push({ t: t.key, v: k, path: kp }, { t: t.elem, v: e, path: kp });
      }
      pushAll(stack, tasks);
      return;
    }
    case "struct": {
      if (v === null || typeof v !== "object" || Array.isArray(v)) fail();
      const o = v as Record<string, unknown>;
      if (!enter(o, active, stack)) return;
      const tasks: Task[] = [];
      for (const f of t.fields) {
        if (f.name === "_") continue;
        // Fields JSON never reads (unexported, not embedded) may be absent or hold anything.
        if (!f.exported && !f.embedded) continue;
        if (f.type.kind === "interface" && f.type.opaque !== undefined) continue;
        const fp = `${path}.${f.name}`;
        // A missing field is reported when its turn comes (after the fields before it).
        // A missing field is reported in its turn (after the fields before it).
        tasks.push(
          Object.hasOwn(o, f.name) ? { t: f.type, v: o[f.name], path: fp } : { missing: f.type, path: fp },
        );
      }
      pushAll(stack, tasks);
      return;
    }
  }
}

function checkAny(v: unknown, path: string, active: Set<object>, stack: Task[]): void {
  if (v === null || typeof v === "boolean" || typeof v === "number" || typeof v === "string") return;
  if (JsonNumber.isInstance(v) || GoTime.isInstance(v) || v instanceof Uint8Array || typeof v === "bigint")
    return;
  if (Array.isArray(v)) {
    if (!enter(v, active, stack)) return;
    const tasks: Task[] = new Array(v.length);
    for (let i = 0; i < v.length; i++) tasks[i] = { t: undefined, v: v[i], path: `${path}[${i}]` };
    pushAll(stack, tasks);
    return;
  }
  if (v instanceof Map) {
    if (!enter(v, active, stack)) return;
    const tasks: Task[] = [];
    for (const [k, e] of v) tasks.push({ t: undefined, v: e, path: `${path}[${describe(k)}]` });
    pushAll(stack, tasks);
    return;
  }
  if (typeof v === "object") {
    if (!enter(v, active, stack)) return;
    const o = v as Record<string, unknown>;
    pushAll(
      stack,
      Object.keys(o).map((k) => ({ t: undefined, v: o[k], path: `${path}.${k}` })),
    );
    return;
  }
  throw new GoValueError(path, "interface {}", describe(v));
}
