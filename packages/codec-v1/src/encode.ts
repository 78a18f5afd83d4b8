/**
 * marshal: Go v1's encoder, compiled once per (type, addressability, `,string`)
 * into a tree of closures cached on the type object (encoding/json encode.go).
 */
import { GoTime, type GoType, JsonNumber, typeString } from "./deps.js";
import {
  errorText,
  GoError,
  JsonSyntaxError,
  MarshalerError,
  UnsupportedTypeError,
  UnsupportedValueError,
} from "./errors.js";
import {
  base64Encode,
  compareUtf8,
  formatFloat32,
  formatFloat64,
  isValidNumber,
  nonFiniteText,
  quoteString,
} from "./format.js";
import { type FoundMethod, findMethod, NIL_DEREFERENCE, ptrHas, walkHops } from "./methods.js";
import { PlanCache } from "./plan-cache.js";
import { type FieldV1, structFieldsV1 } from "./struct-fields.js";
import { compactBytes } from "./syntax.js";

/** Pointer/map/slice nesting after which the encoder starts looking for cycles (Go's startDetectingCyclesAfter). */
export const START_DETECTING_CYCLES_AFTER = 1000;

/**
 * Pointer/slice/map nesting at which the encoder stops recursing and defers
 * the rest of the value (a DeferredValue) to a pass of its own, so values
 * nested thousands deep never exhaust the JavaScript stack. Every cycle of
 * Go types passes through a pointer, slice or map, so counting those bounds
 * the recursion.
 */
export const DEEP_ENCODE_DEPTH = 300;

/** A value whose encoding was deferred past DEEP_ENCODE_DEPTH; its text goes at `at` in the output. */
export interface DeferredValue {
  readonly at: number;
  readonly enc: Encoder;
  readonly v: unknown;
  /** Go's cycle-detection state (ptrLevel and the pointers on the path) at that point. */
  readonly ptrLevel: number;
  readonly seen: readonly unknown[] | null;
}

/** Encoder state for one marshal call (or one deferred pass of it). */
export interface EncodeState {
  out: string;
  readonly html: boolean;
  ptrLevel: number;
  ptrSeen: Set<unknown> | null;
  /** Pointer/slice/map nesting in this pass. */
  depth: number;
  /** Values deferred by this pass, in output order. */
  deferred: DeferredValue[] | null;
}

const recursiveCache = new PlanCache<boolean>();

/**
 * Whether values of type `t` can contain values of type `t` (a cycle of Go
 * types). Only such types nest deeper than their declarations, so only their
 * encoders count depth.
 */
function isRecursive(t: GoType): boolean {
  let r = recursiveCache.get(t);
  if (r !== undefined) return r;
  const seen = new Set<GoType>();
  const work: GoType[] = [...children(t)];
  r = false;
  while (work.length > 0) {
    const u = work.pop() as GoType;
    if (u === t) {
      r = true;
      break;
    }
    if (seen.has(u)) continue;
    seen.add(u);
    work.push(...children(u));
  }
  recursiveCache.set(t, r);
  return r;
}

function children(t: GoType): GoType[] {
  switch (t.kind) {
    case "pointer":
    case "slice":
    case "array":
      return [t.elem];
    case "map":
      return [t.key, t.elem];
    case "struct":
      return t.fields.map((f) => f.type);
    default:
      return [];
  }
}

/** Defers encoding `v` with `enc` to a later pass (see DEEP_ENCODE_DEPTH). */
function deferDeep(e: EncodeState, enc: Encoder, v: unknown): void {
  e.depth--;
  const job: DeferredValue = {
    at: e.out.length,
    enc,
    v,
    ptrLevel: e.ptrLevel,
    seen: e.ptrSeen === null ? null : [...e.ptrSeen],
  };
  if (e.deferred === null) e.deferred = [job];
  else e.deferred.push(job);
}

/** A compiled encoder: appends the JSON for `v` to `e.out`. */
export type Encoder = (e: EncodeState, v: any) => void;

const cache = new PlanCache<(Encoder | undefined)[]>();

/** The compiled encoder for `t`; `addr`: the value is addressable; `quoted`: the `,string` option is in effect. */
export function encoderFor(t: GoType, addr: boolean, quoted: boolean): Encoder {
  let slots = cache.get(t);
  if (slots === undefined) {
    slots = [];
    cache.set(t, slots);
  }
  const k = (addr ? 1 : 0) | (quoted ? 2 : 0);
  let enc = slots[k];
  if (enc === undefined) {
    // Recursive types: install an indirection before building.
    let built: Encoder | undefined;
    slots[k] = (e, v) => (built as Encoder)(e, v);
    built = build(t, addr, quoted);
    slots[k] = built;
    enc = built;
  }
  return enc;
}

function methodOf(
  t: GoType,
  name: "MarshalJSON" | "MarshalText",
  addr: boolean,
): { m: FoundMethod; ptr: boolean } | null {
  if (t.kind === "pointer") {
    if (t.name !== undefined || t.elem.kind === "pointer" || t.elem.kind === "interface") return null;
    const m = findMethod(t.elem, name);
    return m === null ? null : { m, ptr: true };
  }
  const m = findMethod(t, name);
  if (m === null) return null;
  if (m.inValueSet || addr) return { m, ptr: false };
  return null;
}

function callMarshal(
  m: FoundMethod,
  t: GoType,
  v: any,
  which: "MarshalJSON" | "MarshalText",
): Uint8Array | string {
  const recv = walkHops(v, m.hops);
  if (recv === undefined) {
    // Go panics here (the promoted method dereferences a nil embedded pointer).
    throw new GoError("panic", NIL_DEREFERENCE);
  }
  try {
    return m.fn(recv);
  } catch (err) {
    throw new MarshalerError(typeString(t), errorText(err), which, err);
  }
}

const utf8 = new TextEncoder();
const utf8d = new TextDecoder();

function build(t: GoType, addr: boolean, quoted: boolean): Encoder {
  const mj = methodOf(t, "MarshalJSON", addr);
  if (mj !== null) {
    const { m, ptr } = mj;
    const ts = typeString(t);
    return (e, v) => {
      if (ptr && v === null) {
        e.out += "null";
        return;
      }
      const r = callMarshal(m, t, v, "MarshalJSON");
      const b = typeof r === "string" ? utf8.encode(r) : r;
      try {
        e.out += utf8d.decode(compactBytes(b, e.html));
      } catch (err) {
        if (JsonSyntaxError.isInstance(err)) throw new MarshalerError(ts, err.message, "MarshalJSON", err);
        throw err;
      }
    };
  }
  const mt = methodOf(t, "MarshalText", addr);
  if (mt !== null) {
    const { m, ptr } = mt;
    return (e, v) => {
      if (ptr && v === null) {
        e.out += "null";
        return;
      }
      const r = callMarshal(m, t, v, "MarshalText");
      e.out += quoteString(typeof r === "string" ? r : lossy(r), e.html);
    };
  }
  switch (t.kind) {
    case "bool":
      return quoted
        ? (e, v) => (e.out += v ? '"true"' : '"false"')
        : (e, v) => (e.out += v ? "true" : "false");
    case "int":
    case "int8":
    case "int16":
    case "int32":
    case "int64":
    case "uint":
    case "uint8":
    case "uint16":
    case "uint32":
    case "uint64":
    case "uintptr":
      return quoted ? (e, v) => (e.out += `"${String(v)}"`) : (e, v) => (e.out += String(v));
    case "float32":
    case "float64": {
      const fmt = t.kind === "float32" ? formatFloat32 : formatFloat64;
      return (e, v) => {
        const f = Number(v);
        if (!Number.isFinite(f)) throw new UnsupportedValueError(nonFiniteText(f));
        e.out += quoted ? `"${fmt(f)}"` : fmt(f);
      };
    }
    case "string":
      if (t.known === "json.Number") {
        return (e, v) => {
          let s = typeof v === "string" ? v : v === null || v === undefined ? "" : String(v);
          if (s === "") s = "0";
          if (!isValidNumber(s))
            throw new GoError("number-literal", `json: invalid number literal ${JSON.stringify(s)}`);
          e.out += quoted ? `"${s}"` : s;
        };
      }
      if (quoted) return (e, v) => (e.out += quoteString(quoteString(v, e.html), false));
      return (e, v) => (e.out += quoteString(v, e.html));
    case "interface":
      return encodeAny;
    case "pointer": {
      const elem = encoderFor(t.elem, true, quoted);
      const ts = typeString(t);
      const deep = isRecursive(t) ? DEEP_ENCODE_DEPTH : Number.POSITIVE_INFINITY;
      const self: Encoder = (e, v) => {
        if (v === null || v === undefined) {
          e.out += "null";
          return;
        }
        if (++e.depth > deep) return deferDeep(e, self, v);
        if (++e.ptrLevel > START_DETECTING_CYCLES_AFTER && typeof v === "object") {
          enterCycleCheck(e, v, ts);
          elem(e, v);
          e.ptrSeen?.delete(v);
        } else elem(e, v);
        e.ptrLevel--;
        e.depth--;
      };
      return self;
    }
    case "array": {
      const elem = encoderFor(t.elem, addr, false);
      return (e, v) => {
        e.out += "[";
        const n = v.length;
        for (let i = 0; i < n; i++) {
          if (i > 0) e.out += ",";
          elem(e, v[i]);
        }
        e.out += "]";
      };
    }
    case "slice": {
      if (t.elem.kind === "uint8" && !ptrHas(t.elem, "MarshalJSON") && !ptrHas(t.elem, "MarshalText")) {
        return (e, v) => {
          if (v === null || v === undefined) e.out += "null";
          else e.out += `"${base64Encode(v instanceof Uint8Array ? v : Uint8Array.from(v))}"`;
        };
      }
      const elem = encoderFor(t.elem, true, false);
      const ts = typeString(t);
      const deep = isRecursive(t) ? DEEP_ENCODE_DEPTH : Number.POSITIVE_INFINITY;
      const self: Encoder = (e, v) => {
        if (v === null || v === undefined) {
          e.out += "null";
          return;
        }
        if (++e.depth > deep) return deferDeep(e, self, v);
        const check = ++e.ptrLevel > START_DETECTING_CYCLES_AFTER;
        if (check) enterCycleCheck(e, v, ts);
        e.out += "[";
        const n = v.length;
        for (let i = 0; i < n; i++) {
          if (i > 0) e.out += ",";
          elem(e, v[i]);
        }
        e.out += "]";
        if (check) e.ptrSeen?.delete(v);
        e.ptrLevel--;
        e.depth--;
      };
      return self;
    }
    case "map":
      return buildMap(t);
    case "struct":
      return buildStruct(t, addr);
  }
}

function lossy(b: Uint8Array): string {
  return utf8d.decode(b);
}

function enterCycleCheck(e: EncodeState, v: unknown, ts: string): void {
  if (e.ptrSeen === null) e.ptrSeen = new Set();
  if (e.ptrSeen.has(v)) throw new UnsupportedValueError(`encountered a cycle via ${ts}`);
  e.ptrSeen.add(v);
}

function buildMap(t: GoType & { kind: "map" }): Encoder {
  const kt = t.key;
  const ts = typeString(t);
  let keyText: (k: any) => string;
  const tm = kt.kind === "string" ? null : methodOf(kt, "MarshalText", false);
  if (kt.kind === "string") keyText = (k) => String(k);
  else if (tm !== null) {
    keyText = (k) => {
      if (tm.ptr && k === null) return "";
      const recv = walkHops(k, tm.m.hops);
      if (recv === undefined) throw new GoError("panic", NIL_DEREFERENCE);
      try {
        const r = tm.m.fn(recv);
        return typeof r === "string" ? r : lossy(r);
      } catch (err) {
        throw new GoError(
          "map-key",
          `json: encoding error for type ${JSON.stringify(ts)}: ${JSON.stringify(errorText(err))}`,
          {
            cause: err,
          },
        );
      }
    };
  } else {
    switch (kt.kind) {
      case "int":
      case "int8":
      case "int16":
      case "int32":
      case "int64":
      case "uint":
      case "uint8":
      case "uint16":
      case "uint32":
      case "uint64":
      case "uintptr":
        keyText = (k) => String(k);
        break;
      default:
        return () => {
          throw new UnsupportedTypeError(ts);
        };
    }
  }
  const elem = encoderFor(t.elem, false, false);
  const deep = isRecursive(t) ? DEEP_ENCODE_DEPTH : Number.POSITIVE_INFINITY;
  const self: Encoder = (e, v) => {
    if (v === null || v === undefined) {
      e.out += "null";
      return;
    }
    if (++e.depth > deep) return deferDeep(e, self, v);
    const check = ++e.ptrLevel > START_DETECTING_CYCLES_AFTER;
    if (check) enterCycleCheck(e, v, ts);
    const entries: [string, unknown][] = [];
    if (v instanceof Map) for (const [k, x] of v) entries.push([keyText(k), x]);
    else for (const k of Object.keys(v)) entries.push([keyText(k), v[k]]);
    entries.sort((a, b) => compareUtf8(a[0], b[0]));
    e.out += "{";
    for (let i = 0; i < entries.length; i++) {
      const [k, x] = entries[i] as [string, unknown];
      if (i > 0) e.out += ",";
      e.out += quoteString(k, e.html);
      e.out += ":";
      elem(e, x);
    }
    e.out += "}";
    if (check) e.ptrSeen?.delete(v);
    e.ptrLevel--;
    e.depth--;
  };
  return self;
}

interface FieldEnc {
  /** An inlinable scalar kind (plain, no methods, no `,string`), or null. */
  readonly inline: "string" | "bool" | "int" | "float64" | null;
  readonly key: string;
  readonly nameHtml: string;
  readonly nameRaw: string;
  readonly get: ((v: any) => any) | null;
  readonly enc: Encoder;
  readonly omit: ((v: any) => boolean) | null;
}

const SKIP = Symbol("skip");

function buildStruct(t: GoType & { kind: "struct" }, addr: boolean): Encoder {
  let fields: FieldEnc[] | null = null;
  const prepare = (): FieldEnc[] =>
    structFieldsV1(t).list.map((f) => {
      const hops = f.hops;
      let fieldAddr = addr;
      for (let i = 0; i < hops.length - 1; i++)
        if ((hops[i] as FieldV1["hops"][number]).type.kind === "pointer") fieldAddr = true;
      const nameRaw = `"${f.name}":`;
      const nameHtml = `${quoteString(f.name, true)}:`;
      let get: ((v: any) => any) | null = null;
      if (hops.length > 1) {
        get = (v) => {
          for (let i = 0; i < hops.length - 1; i++) {
            const h = hops[i] as FieldV1["hops"][number];
            v = v[h.name];
            if (h.type.kind === "pointer" && (v === null || v === undefined)) return SKIP;
          }
          return v[(hops[hops.length - 1] as FieldV1["hops"][number]).name];
        };
      }
      const empty = f.omitEmpty ? isEmptyFn(f.type) : null;
      const zero = f.omitZero ? isZeroFieldFn(f.type) : null;
      const omit = empty && zero ? (v: any) => empty(v) || zero(v) : (empty ?? zero);
      const ft = f.type;
      const plain = ft.methods === undefined && ft.known === undefined && !f.quoted;
      let inline: FieldEnc["inline"] = null;
      if (plain) {
        if (ft.kind === "string") inline = "string";
        else if (ft.kind === "bool") inline = "bool";
        else if (ft.kind === "float64") inline = "float64";
        else if (/^u?int(\d+|ptr)?$/.test(ft.kind)) inline = "int";
      }
      return {
        inline,
        key: (hops[hops.length - 1] as FieldV1["hops"][number]).name,
        nameHtml,
        nameRaw,
        get,
        enc: encoderFor(f.type, fieldAddr, f.quoted),
        omit,
      };
    });
  let compiled: Encoder | null | undefined;
  return (e, v) => {
    if (fields === null) fields = prepare();
    if (compiled === undefined) compiled = compileStructEncoder(fields);
    if (compiled !== null) {
      compiled(e, v);
      return;
    }
    let first = true;
    e.out += "{";
    for (let i = 0; i < fields.length; i++) {
      const f = fields[i] as FieldEnc;
      const fv = f.get === null ? v[f.key] : f.get(v);
      if (fv === SKIP) continue;
      if (f.omit?.(fv)) continue;
      if (first) first = false;
      else e.out += ",";
      e.out += e.html ? f.nameHtml : f.nameRaw;
      f.enc(e, fv);
    }
    e.out += "}";
  };
}

/** Go's isEmptyValue for values of type `t` (the omitempty test). */
function isEmptyFn(t: GoType): ((v: any) => boolean) | null {
  switch (t.kind) {
    case "array":
      return t.len === 0 ? () => true : null;
    case "map":
      return (v) =>
        v === null || v === undefined || (v instanceof Map ? v.size === 0 : Object.keys(v).length === 0);
    case "slice":
      return (v) => v === null || v === undefined || v.length === 0;
    case "string":
      if (t.known === "json.Number") return (v) => v === null || v === undefined || String(v) === "";
      return (v) => v === "";
    case "bool":
      return (v) => v === false;
    case "int":
    case "int64":
    case "uint":
    case "uint64":
    case "uintptr":
    case "int8":
    case "int16":
    case "int32":
    case "uint8":
    case "uint16":
    case "uint32":
      // biome-ignore lint/suspicious/noDoubleEquals: 0 and 0n are both empty
      return (v) => v == 0;
    case "float32":
    case "float64":
      // reflect.Value.IsZero reports -0 as zero.
      return (v) => v === 0;
    case "interface":
    case "pointer":
      return (v) => v === null || v === undefined;
    case "struct":
      return null;
  }
}

/** The omitzero test for a field of type `t`: its IsZero method if it has one, else reflect's IsZero. */
function isZeroFieldFn(t: GoType): (v: any) => boolean {
  if (
    t.kind === "pointer" &&
    t.name === undefined &&
    t.elem.kind !== "pointer" &&
    t.elem.kind !== "interface"
  ) {
    const m = findMethod(t.elem, "IsZero");
    if (m !== null) return (v) => v === null || v === undefined || callIsZero(m, v);
  }
  if (t.kind !== "pointer" && t.kind !== "interface") {
    const m = findMethod(t, "IsZero");
    if (m !== null) return (v) => callIsZero(m, v);
  }
  return isZeroFn(t);
}

function callIsZero(m: FoundMethod, v: any): boolean {
  const recv = walkHops(v, m.hops);
  if (recv === undefined) throw new GoError("panic", NIL_DEREFERENCE);
  return Boolean(m.fn(recv));
}

const zeroCache = new PlanCache<(v: any) => boolean>();

/** reflect.Value.IsZero for values of type `t`. */
export function isZeroFn(t: GoType): (v: any) => boolean {
  let f = zeroCache.get(t);
  if (f !== undefined) return f;
  let built: ((v: any) => boolean) | undefined;
  zeroCache.set(t, (v) => (built as (v: any) => boolean)(v));
  switch (t.kind) {
    case "bool":
      built = (v) => v === false;
      break;
    case "string":
      built =
        t.known === "json.Number"
          ? (v) => v === null || v === undefined || String(v) === ""
          : (v) => v === "";
      break;
    case "float32":
    case "float64":
      built = (v) => v === 0;
      break;
    case "slice":
    case "map":
    case "pointer":
    case "interface":
      built = (v) => v === null || v === undefined;
      break;
    case "array": {
      const ez = isZeroFn(t.elem);
      built = (v) => {
        for (let i = 0; i < v.length; i++) if (!ez(v[i])) return false;
        return true;
      };
      break;
    }
    case "struct": {
      if (t.known === "time.Time") {
        built = (v) => GoTime.isInstance(v) && v.unix === new GoTime().unix && v.nsec === 0 && v.offset === 0;
        break;
      }
      const fs = t.fields.map((f) => [f.name, isZeroFn(f.type)] as const);
      built = (v) => {
        for (const [name, z] of fs) if (!z(v[name])) return false;
        return true;
      };
      break;
    }
    default:
      // biome-ignore lint/suspicious/noDoubleEquals: 0 and 0n are both zero
      built = (v) => v == 0;
  }
  zeroCache.set(t, built);
  f = built;
  return f;
}

interface AnyFrame {
  readonly items: readonly unknown[];
  readonly keys: readonly string[] | null;
  readonly container: unknown;
  readonly check: boolean;
  i: number;
}

/** Writes a scalar held in an `any`; returns false when `v` is a container. */
function anyScalar(e: EncodeState, v: any): boolean {
  switch (typeof v) {
    case "string":
      e.out += quoteString(v, e.html);
      return true;
    case "number":
      if (!Number.isFinite(v)) throw new UnsupportedValueError(nonFiniteText(v));
      e.out += formatFloat64(v);
      return true;
    case "boolean":
      e.out += v ? "true" : "false";
      return true;
    case "bigint":
      e.out += String(v);
      return true;
    case "undefined":
      e.out += "null";
      return true;
    case "object":
      break;
    default:
      throw new UnsupportedTypeError(typeof v === "function" ? "func()" : typeof v);
  }
  if (v === null) {
    e.out += "null";
    return true;
  }
  if (Array.isArray(v)) return false;
  if (v instanceof Uint8Array) {
    e.out += `"${base64Encode(v)}"`;
    return true;
  }
  if (JsonNumber.isInstance(v)) {
    anyNumber(e, v.text);
    return true;
  }
  if (GoTime.isInstance(v)) {
    let s: string;
    try {
      s = v.marshalJSON();
    } catch (err) {
      throw new MarshalerError("time.Time", errorText(err), "MarshalJSON", err);
    }
    e.out += s;
    return true;
  }
  return false;
}

function openAny(e: EncodeState, v: any): AnyFrame {
  const check = ++e.ptrLevel > START_DETECTING_CYCLES_AFTER;
  if (Array.isArray(v)) {
    if (check) enterCycleCheck(e, v, "[]interface {}");
    e.out += "[";
    return { items: v, keys: null, container: v, check, i: 0 };
  }
  if (check) enterCycleCheck(e, v, "map[string]interface {}");
  const entries: [string, unknown][] = [];
  if (v instanceof Map) for (const [k, x] of v) entries.push([String(k), x]);
  else for (const k of Object.keys(v)) entries.push([k, v[k]]);
  entries.sort((a, b) => compareUtf8(a[0], b[0]));
  e.out += "{";
  return { items: entries.map((x) => x[1]), keys: entries.map((x) => x[0]), container: v, check, i: 0 };
}

/**
 * Encodes a dynamic value held in an `any` (interface{}) by its TypeScript
 * form: string, number (float64), boolean, bigint (int64), null, arrays
 * ([]any), Uint8Array ([]byte), JsonNumber, GoTime, Map or plain object
 * (map[string]any, keys sorted). Iterative, so deep values cannot exhaust
 * the JavaScript stack.
 */
function encodeAny(e: EncodeState, v: any): void {
  if (anyScalar(e, v)) return;
  const stack: AnyFrame[] = [openAny(e, v)];
  while (stack.length > 0) {
    const f = stack[stack.length - 1] as AnyFrame;
    if (f.i === f.items.length) {
      e.out += f.keys === null ? "]" : "}";
      if (f.check) e.ptrSeen?.delete(f.container);
      e.ptrLevel--;
      stack.pop();
      continue;
    }
    if (f.i > 0) e.out += ",";
    if (f.keys !== null) {
      e.out += quoteString(f.keys[f.i] as string, e.html);
      e.out += ":";
    }
    const x = f.items[f.i++];
    if (!anyScalar(e, x)) stack.push(openAny(e, x));
  }
}

function anyNumber(e: EncodeState, text: string): void {
  const s = text === "" ? "0" : text;
  if (!isValidNumber(s))
    throw new GoError("number-literal", `json: invalid number literal ${JSON.stringify(s)}`);
  e.out += s;
}

/**
 * Unrolls a struct's field list into one generated function (constant
 * property names, scalar fields inlined). Field names are Go identifiers and
 * JSON names, embedded with JSON.stringify. Returns null where code
 * generation is not allowed (CSP); the closure loop is used then.
 */
function compileStructEncoder(fields: readonly FieldEnc[]): Encoder | null {
  let body = 'let sep = "{";\nlet fv;\n';
  fields.forEach((f, i) => {
    body +=
      f.get === null ? `fv = v[${JSON.stringify(f.key)}];\n` : `fv = F[${i}].get(v);\nif (fv !== SKIP) `;
    body += "{\n";
    if (f.omit !== null) body += `if (!F[${i}].omit(fv)) {\n`;
    body += `e.out += sep + (e.html ? ${JSON.stringify(f.nameHtml)} : ${JSON.stringify(f.nameRaw)});\nsep = ",";\n`;
    switch (f.inline) {
      case "string":
        body += "e.out += Q(fv, e.html);\n";
        break;
      case "bool":
        body += 'e.out += fv ? "true" : "false";\n';
        break;
      case "int":
        body += "e.out += String(fv);\n";
        break;
      default:
        body += `F[${i}].enc(e, fv);\n`;
    }
    if (f.omit !== null) body += "}\n";
    body += "}\n";
  });
  body += 'e.out += sep === "{" ? "{}" : "}";\n';
  try {
    return new Function("F", "Q", "SKIP", `"use strict"; return function encodeStruct(e, v) {\n${body}};`)(
      fields,
      quoteString,
      SKIP,
    ) as Encoder;
  } catch {
    return null;
  }
}
