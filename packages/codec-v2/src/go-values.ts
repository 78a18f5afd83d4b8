/**
 * Value helpers over @gojson/gotype: zero values, IsZero for omitzero,
 * and method lookup with the receiver reached through promoted fields.
 */
import {
  GoTime,
  GoTimeError,
  type GoType,
  lookupMethod as gotypeLookup,
  zero as gotypeZero,
  type MethodName,
} from "@gojson/gotype";

/** Whether t is int, int64, uint, uint64 or uintptr (a bigint in TypeScript). */
export function isBigKind(t: GoType): boolean {
  const k = t.kind;
  return k === "int" || k === "int64" || k === "uint" || k === "uint64" || k === "uintptr";
}

/** A function that returns a fresh zero value of one Go type (gotype's zero, compiled once per type). */
export type ZeroMaker = () => unknown;

interface MakerEntry {
  readonly make: ZeroMaker;
  /** The struct's fields array the maker was built from (a maker is rebuilt if it changes). */
  readonly fields: unknown;
  /** Set when every zero value of the type is the same immutable primitive. */
  readonly constant: boolean;
  readonly value: unknown;
}

const makers = new WeakMap<GoType, MakerEntry>();

function entryFor(t: GoType): MakerEntry {
  const hit = makers.get(t);
  const fields = t.kind === "struct" ? t.fields : undefined;
  if (hit !== undefined && hit.fields === fields) return hit;
  const e = buildEntry(t, fields);
  makers.set(t, e);
  return e;
}

function constantEntry(value: unknown): MakerEntry {
  return { make: () => value, fields: undefined, constant: true, value };
}

function buildEntry(t: GoType, fields: unknown): MakerEntry {
  if (t.known === "time.Time" || t.known === "json.Number") {
    return { make: () => gotypeZero(t), fields, constant: false, value: undefined };
  }
  switch (t.kind) {
    case "array": {
      const n = t.len;
      const el = entryFor(t.elem);
      const mk = el.make;
      return {
        make: () => {
          const a = new Array<unknown>(n);
          for (let i = 0; i < n; i++) a[i] = mk();
          return a;
        },
        fields,
        constant: false,
        value: undefined,
      };
    }
    case "struct": {
      // A template holds the primitive zeros (copied by one spread); containers are made fresh.
      const members = new Map<string, MakerEntry>();
      for (const f of t.fields) {
        if (f.name === "_") continue;
        members.set(f.name, entryFor(f.type));
      }
      return { make: structMaker(members), fields, constant: false, value: undefined };
    }
    default:
      // bool, numbers, string: a primitive; slice, map, pointer, interface: null.
      return constantEntry(gotypeZero(t));
  }
}

/** The source text of a constant zero (bool, number, bigint, string or null), or undefined. */
function literalOf(v: unknown): string | undefined {
  switch (typeof v) {
    case "boolean":
      return v ? "true" : "false";
    case "number":
      return Object.is(v, 0) ? "0" : undefined;
    case "bigint":
      return v === 0n ? "0n" : undefined;
    case "string":
      return v === "" ? '""' : undefined;
    default:
      return v === null ? "null" : undefined;
  }
}

/**
 * structMaker makes a struct's zero value: an object literal compiled once per type
 * (V8 then allocates each value from one boilerplate), or, where code generation is
 * not allowed (a Content-Security-Policy), the fields assigned one by one.
 */
function structMaker(members: Map<string, MakerEntry>): ZeroMaker {
  const makes: ZeroMaker[] = [];
  const props: string[] = [];
  let literal = true;
  for (const [name, e] of members) {
    let text: string | undefined;
    if (e.constant) text = literalOf(e.value);
    else {
      text = `m[${makes.length}]()`;
      makes.push(e.make);
    }
    if (text === undefined) literal = false;
    // A computed key makes `__proto__` an own property (as setOwn does); other names are plain literal keys.
    const key = name === "__proto__" ? '["__proto__"]' : JSON.stringify(name);
    props.push(`${key}: ${text}`);
  }
  if (literal) {
    try {
      const f = new Function("m", `return () => ({ ${props.join(", ")} });`) as (m: ZeroMaker[]) => ZeroMaker;
      return f(makes);
    } catch {
      // Code generation refused: fall through to the assigning maker.
    }
  }
  const list = [...members];
  const n = list.length;
  return () => {
    const o: Record<string, unknown> = {};
    for (let i = 0; i < n; i++) {
      const [name, e] = list[i] as [string, MakerEntry];
      setOwnProp(o, name, e.constant ? e.value : e.make());
    }
    return o;
  };
}

function setOwnProp(o: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__")
    Object.defineProperty(o, key, { value, writable: true, enumerable: true, configurable: true });
  else o[key] = value;
}

/** zeroMaker returns a function making fresh zero values of t (built once per type). */
export function zeroMaker(t: GoType): ZeroMaker {
  return entryFor(t).make;
}

/** zero returns the zero value of t in its TypeScript form (gotype's zero, through the cached maker). */
export function zero(t: GoType): unknown {
  return entryFor(t).make();
}

/** isZero reports whether v is the zero value of t (reflect.Value.IsZero, no methods). */
export function isZero(t: GoType, v: unknown): boolean {
  if (t.known === "time.Time") return GoTime.isInstance(v) ? v.isZero() : true;
  if (t.known === "json.Number") return v === null || v === undefined || String(v) === "";
  switch (t.kind) {
    case "bool":
      return v === false;
    case "string":
      return v === "";
    case "slice":
    case "map":
    case "pointer":
    case "interface":
      return v === null || v === undefined;
    case "array":
      return Array.from(v as ArrayLike<unknown>).every((e) => isZero(t.elem, e));
    case "struct":
      return t.fields.every((f) => f.name === "_" || isZero(f.type, (v as Record<string, unknown>)[f.name]));
    default:
      return v === 0 || v === 0n;
  }
}

/** A callable method: marshal-side `call(value)`, unmarshal-side `call(data, current)` returning the new value. */
export interface FoundMethod {
  readonly call: (value: any, ...args: any[]) => any;
}

/**
 * lookupMethod finds method `name` of t (Go method sets, promotion included).
 * `addressable` admits pointer-receiver methods (always true under v2 semantics).
 */
export function lookupMethod(t: GoType, name: MethodName, addressable = true): FoundMethod | undefined {
  const r = gotypeLookup(t, name, { addressable });
  if (!r) return undefined;
  const fn = r.method.fn;
  const path = r.path;
  if (path.length === 0) return { call: fn };
  const timeOwner = r.owner.known === "time.Time";
  return {
    call:
      name === "UnmarshalJSON" || name === "UnmarshalText"
        ? (data: Uint8Array, cur: any) => {
            // The receiver is the promoted field; the method's result is stored back there.
            let holder = cur;
            for (let i = 0; i < path.length - 1; i++) holder = holder?.[(path[i] as { name: string }).name];
            const last = (path[path.length - 1] as { name: string }).name;
            if (holder === null || holder === undefined) return cur;
            try {
              holder[last] = fn(data, holder[last]);
            } catch (e) {
              // time.Time's UnmarshalJSON assigns the receiver before it returns a parse error
              // (`*t, err = parseStrictRFC3339(data)`); other inputs leave it.
              if (timeOwner && isJSONStringBytes(data)) holder[last] = new GoTime();
              throw e;
            }
            return cur;
          }
        : (value: any) => {
            let recv = value;
            for (const step of path) {
              if (recv === null || recv === undefined) break;
              recv = recv[step.name];
            }
            return fn(recv);
          },
  };
}

/** Whether data (a method's input) is a JSON string: `"` … `"`, as Time.UnmarshalJSON checks. */
function isJSONStringBytes(data: Uint8Array | string): boolean {
  const n = data.length;
  if (typeof data === "string") return n >= 2 && data[0] === '"' && data[n - 1] === '"';
  return n >= 2 && data[0] === 0x22 && data[n - 1] === 0x22;
}

/** Latin-1 text whose char codes are the bytes (DEL kept apart: Go's time quoting prints it as is). */
function byteText(b: Uint8Array): string {
  let s = "";
  for (const c of b) s += c === 0x7f ? "\ue000" : String.fromCharCode(c);
  return s;
}

/**
 * goTimeErrorText renders a time parse error as Go does over the raw bytes of the value: Go's
 * time package quotes every byte outside printable ASCII as \xNN (invalid UTF-8 included, which
 * the decoded text has lost). `bytes` is the text parsed (`json`: the whole JSON string given to
 * Time.UnmarshalJSON). Returns undefined when the bytes parse (the caller keeps its message).
 */
export function goTimeErrorText(bytes: Uint8Array, json: boolean): string | undefined {
  const text = byteText(bytes);
  try {
    if (json) GoTime.unmarshalJSON(text);
    else GoTime.parse(text);
    return undefined;
  } catch (e) {
    if (!GoTimeError.isInstance(e)) return undefined;
    return e.message.replace(/[\u0080-\u00ff\ue000]/g, (c) =>
      c === "\ue000" ? "\x7f" : `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`,
    );
  }
}
