/**
 * marshal: Go v1's encoder, compiled once per (type, addressability, `,string`)
 * into a tree of closures cached on the type object (encoding/json encode.go).
 */
import { assertResolved, GoMethodMissingError, GoTime, type GoType, JsonNumber, typeString } from "./deps.js";
import { floatTreeCheck, intArrayCheck } from "./encode-numeric.js";
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
import { type GoVersion, quoteFor } from "./go-version.js";
import {
  type FoundMethod,
  findMethod,
  NIL_DEREFERENCE,
  NIL_PANIC,
  NIL_RECEIVER,
  ptrHas,
  walkHops,
} from "./methods.js";
import { NEGATIVE_ZERO_KEY } from "./negative-zero-key.js";
import { PlanCache } from "./plan-cache.js";
import { lossyText, rawText } from "./raw-bytes.js";
import { type FieldV1, structFieldsV1 } from "./struct-fields.js";
import { compactBytes } from "./syntax.js";
import {
  findAnyMismatch,
  intCheck,
  keyMismatch,
  keySegment,
  Mismatch,
  mismatch,
  missingField,
  withSegment,
} from "./value-check.js";

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
  /** The Go release reproduced (quoting in error texts). */
  readonly goVersion: GoVersion;
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
export function isRecursive(t: GoType): boolean {
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
  const found = walkHops(v, m);
  const recv = found === NIL_RECEIVER ? null : found;
  if (recv === NIL_PANIC) {
    // Go panics here (the promoted method dereferences a nil embedded pointer).
    throw new GoError("panic", NIL_DEREFERENCE);
  }
  try {
    return m.fn(recv);
  } catch (err) {
    // A method declared in Go source without a TypeScript twin: a usage error, not Go's output.
    if (GoMethodMissingError.isInstance(err)) throw err;
    throw new MarshalerError(typeString(t), errorText(err), which, err);
  }
}

const utf8 = new TextEncoder();

function build(t: GoType, addr: boolean, quoted: boolean): Encoder {
  const m = methodEncoder(t, addr);
  if (m !== null) return m;
  switch (t.kind) {
    case "bool":
      return boolEncoder(t, quoted);
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
      return intEncoder(t, quoted);
    case "float32":
    case "float64":
      return floatEncoder(t, quoted);
    case "string":
      return stringEncoder(t, quoted);
    case "interface":
      return interfaceEncoder(t);
    case "pointer":
      return pointerEncoder(t, quoted);
    case "array":
      return arrayEncoder(t, addr);
    case "slice":
      return sliceEncoder(t);
    case "map":
      return buildMap(t);
    case "struct":
      return buildStruct(t, addr);
  }
}

/** A type's MarshalJSON or MarshalText (Go's addressability rules), or null when it has neither. */
function methodEncoder(t: GoType, addr: boolean): Encoder | null {
  const mj = methodOf(t, "MarshalJSON", addr);
  if (mj !== null) {
    const { m, ptr } = mj;
    const ts = typeString(t);
    const fits = knownFits(t);
    return (e, v) => {
      if (ptr && v === null) {
        e.out += "null";
        return;
      }
      if (fits !== null && !fits(v)) throw mismatch(t, v);
      const r = callMarshal(m, t, v, "MarshalJSON");
      const b = typeof r === "string" ? utf8.encode(r) : r;
      try {
        // Byte for byte, invalid UTF-8 included (surrogate escapes: ./raw-bytes.ts).
        e.out += rawText(compactBytes(b, e.html));
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
  return null;
}

/** bool: true/false (quoted under `,string`). */
function boolEncoder(t: GoType, quoted: boolean): Encoder {
  const [yes, no] = quoted ? ['"true"', '"false"'] : ["true", "false"];
  return (e, v) => {
    if (v === true) e.out += yes;
    else if (v === false) e.out += no;
    else throw mismatch(t, v);
  };
}

/** Integer kinds: decimal digits (quoted under `,string`); the value's type and range checked. */
function intEncoder(t: GoType, quoted: boolean): Encoder {
  const fits = intCheck(t.kind);
  return quoted
    ? (e, v) => {
        if (!fits(v)) throw mismatch(t, v);
        e.out += `"${String(v)}"`;
      }
    : (e, v) => {
        if (!fits(v)) throw mismatch(t, v);
        e.out += String(v);
      };
}

/** float32/float64: Go's formatting (strconv 'f' or 'e' by magnitude); NaN and ±Inf unsupported. */
function floatEncoder(t: GoType, quoted: boolean): Encoder {
  const fmt = t.kind === "float32" ? formatFloat32 : formatFloat64;
  return (e, v) => {
    if (typeof v !== "number") throw mismatch(t, v);
    if (!Number.isFinite(v)) throw new UnsupportedValueError(nonFiniteText(v));
    e.out += quoted ? `"${fmt(v)}"` : fmt(v);
  };
}

/** string (v1's escaping) and json.Number (checked literal). */
function stringEncoder(t: GoType, quoted: boolean): Encoder {
  if (t.known === "json.Number") {
    return (e, v) => {
      let s: string;
      if (typeof v === "string") s = v;
      else if (JsonNumber.isInstance(v)) s = v.text;
      else throw mismatch(t, v);
      if (s === "") s = "0";
      if (!isValidNumber(s))
        throw new GoError("number-literal", `json: invalid number literal ${quoteFor(e.goVersion, s)}`);
      e.out += quoted ? `"${s}"` : s;
    };
  }
  if (quoted)
    return (e, v) => {
      if (typeof v !== "string") throw mismatch(t, v);
      e.out += quoteString(quoteString(v, e.html), false);
    };
  return (e, v) => {
    if (typeof v !== "string") throw mismatch(t, v);
    e.out += quoteString(v, e.html);
  };
}

/** Interfaces: `any` by the dynamic value; opaque types (func, chan, ...) are unsupported. */
function interfaceEncoder(t: GoType & { kind: "interface" }): Encoder {
  if (t.opaque !== undefined) {
    // func, chan, complex, unsafe.Pointer: Go's UnsupportedTypeError, nil included.
    if (t.opaque.kind === "unresolved")
      return () => {
        assertResolved(t);
      };
    const unsupported = typeString(t);
    return () => {
      throw new UnsupportedTypeError(unsupported);
    };
  }
  return encodeAny;
}

/** Pointers: null for nil, else the pointee (addressable), with Go's cycle check past 1000 levels. */
function pointerEncoder(t: GoType & { kind: "pointer" }, quoted: boolean): Encoder {
  const elem = encoderFor(t.elem, true, quoted);
  const ts = typeString(t);
  const deep = isRecursive(t) ? DEEP_ENCODE_DEPTH : Number.POSITIVE_INFINITY;
  const self: Encoder = (e, v) => {
    if (v === null) {
      e.out += "null";
      return;
    }
    if (v === undefined) throw mismatch(t, v);
    if (++e.depth > deep) return deferDeep(e, self, v);
    if (++e.ptrLevel > START_DETECTING_CYCLES_AFTER && (typeof v === "object" || deep !== Infinity)) {
      // A recursive pointer type cannot hold a primitive (ill-typed, e.g. 1n for `type P *P`):
      // it would dereference to itself forever; report it as the cycle it is.
      if (typeof v !== "object") throw new UnsupportedValueError(`encountered a cycle via ${ts}`);
      const key = pointerKey(v, ts);
      enterCycleCheck(e, key, ts);
      elem(e, v);
      e.ptrSeen?.delete(key);
    } else elem(e, v);
    e.ptrLevel--;
    e.depth--;
  };
  return self;
}

/** Arrays: every element (a byte kind may come as a Uint8Array). */
function arrayEncoder(t: GoType & { kind: "array" }, addr: boolean): Encoder {
  const elem = encoderFor(t.elem, addr, false);
  const len = t.len;
  const bytesOk = t.elem.kind === "uint8";
  return withNumericFastPath(t, (e, v) => {
    // A list of a byte kind may also be a Uint8Array (how a Go []B / [N]B of a named byte type looks).
    if (!(Array.isArray(v) || (bytesOk && v instanceof Uint8Array)) || v.length !== len) throw mismatch(t, v);
    e.out += "[";
    elems(e, v, elem);
    e.out += "]";
  });
}

/** Slices: null for nil, []byte as base64, else the elements (addressable), with the cycle check. */
function sliceEncoder(t: GoType & { kind: "slice" }): Encoder {
  if (t.elem.kind === "uint8" && !ptrHas(t.elem, "MarshalJSON") && !ptrHas(t.elem, "MarshalText")) {
    return (e, v) => {
      if (v === null) e.out += "null";
      else if (v instanceof Uint8Array) e.out += `"${base64Encode(v)}"`;
      else throw mismatch(t, v);
    };
  }
  const elem = encoderFor(t.elem, true, false);
  const ts = typeString(t);
  const deep = isRecursive(t) ? DEEP_ENCODE_DEPTH : Number.POSITIVE_INFINITY;
  const bytesOk = t.elem.kind === "uint8";
  const self: Encoder = (e, v) => {
    if (v === null) {
      e.out += "null";
      return;
    }
    if (!(Array.isArray(v) || (bytesOk && v instanceof Uint8Array))) throw mismatch(t, v);
    if (++e.depth > deep) return deferDeep(e, self, v);
    const check = ++e.ptrLevel > START_DETECTING_CYCLES_AFTER;
    if (check) enterCycleCheck(e, v, ts);
    e.out += "[";
    elems(e, v, elem);
    e.out += "]";
    if (check) e.ptrSeen?.delete(v);
    e.ptrLevel--;
    e.depth--;
  };
  return withNumericFastPath(t, self);
}

/** Writes the elements of list `v`, comma-separated; a Mismatch below gets the element's index. */
function elems(e: EncodeState, v: ArrayLike<unknown>, elem: Encoder): void {
  const n = v.length;
  let i = 0;
  try {
    for (; i < n; i++) {
      if (i > 0) e.out += ",";
      elem(e, v[i]);
    }
  } catch (x) {
    throw withSegment(x, `[${i}]`);
  }
}

/** For the known types whose MarshalJSON the codec supplies: the check that a value is theirs, or null. */
function knownFits(t: GoType): ((v: unknown) => boolean) | null {
  switch (t.known) {
    case "time.Time":
      return (v) => GoTime.isInstance(v);
    case "json.RawMessage":
    case "jsontext.Value":
      return (v) => v === null || v instanceof Uint8Array;
    default:
      return null;
  }
}

/**
 * `generic`, behind a native fast path for numeric slices and arrays
 * (./encode-numeric.ts): the generic encoder still writes the values the
 * check refuses (NaN, ±Inf, -0, non-numbers), with Go's errors.
 */
function withNumericFastPath(t: GoType, generic: Encoder): Encoder {
  const floats = floatTreeCheck(t);
  if (floats !== null) return (e, v) => (floats(v) ? (e.out += JSON.stringify(v)) : generic(e, v));
  const ints = intArrayCheck(t);
  if (ints !== null) return (e, v) => (ints(v) ? (e.out += `[${v.join(",")}]`) : generic(e, v));
  return generic;
}

function lossy(b: Uint8Array): string {
  return lossyText(b);
}

const pointerKeys = new WeakMap<object, Map<string, object>>();

/**
 * The cycle-detection key of a pointer of type `ts` to `v`. In TypeScript a
 * pointer is the value it points to, so a `*M` to a map (or a `*[]T` to a
 * slice) is the same object as the map; Go keys pointers by (type, address)
 * and maps and slices by their own data pointers, so a pointer must not find
 * its map or slice in the seen set (Go reports `type MN map[string]*MN`'s cycle
 * via `main.MN`, not `*main.MN`). One stable token per (object, pointer type).
 */
function pointerKey(v: object, ts: string): object {
  let byType = pointerKeys.get(v);
  if (byType === undefined) pointerKeys.set(v, (byType = new Map()));
  let key = byType.get(ts);
  if (key === undefined) byType.set(ts, (key = {}));
  return key;
}

function enterCycleCheck(e: EncodeState, v: unknown, ts: string): void {
  if (e.ptrSeen === null) e.ptrSeen = new Set();
  if (e.ptrSeen.has(v)) throw new UnsupportedValueError(`encountered a cycle via ${ts}`);
  e.ptrSeen.add(v);
}

function buildMap(t: GoType & { kind: "map" }): Encoder {
  const kt = t.key;
  const ts = typeString(t);
  let keyText: (k: any, e: EncodeState) => string;
  const tm = kt.kind === "string" ? null : methodOf(kt, "MarshalText", false);
  if (kt.kind === "string")
    keyText = (k) => {
      if (typeof k !== "string") throw keyMismatch(kt, k);
      return k;
    };
  else if (tm !== null) {
    const floatKey = kt.kind === "float32" || kt.kind === "float64";
    keyText = (k, e) => {
      if (tm.ptr && k === null) return "";
      // The key -0 of a float-kind map (a Map cannot hold -0 apart from 0: see NEGATIVE_ZERO_KEY).
      if (floatKey && k === NEGATIVE_ZERO_KEY) k = -0;
      const found = walkHops(k, tm.m);
      const recv = found === NIL_RECEIVER ? null : found;
      if (recv === NIL_PANIC) throw new GoError("panic", NIL_DEREFERENCE);
      try {
        const r = tm.m.fn(recv);
        return typeof r === "string" ? r : lossy(r);
      } catch (err) {
        throw new GoError(
          "map-key",
          `json: encoding error for type ${quoteFor(e.goVersion, ts)}: ${quoteFor(e.goVersion, errorText(err))}`,
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
      case "uintptr": {
        const fits = intCheck(kt.kind);
        keyText = (k) => {
          if (!fits(k)) throw keyMismatch(kt, k);
          return String(k);
        };
        break;
      }
      default:
        return () => {
          throw new UnsupportedTypeError(ts);
        };
    }
  }
  const elem = encoderFor(t.elem, false, false);
  const deep = isRecursive(t) ? DEEP_ENCODE_DEPTH : Number.POSITIVE_INFINITY;
  const self: Encoder = (e, v) => {
    if (v === null) {
      e.out += "null";
      return;
    }
    if (!(v instanceof Map)) throw mismatch(t, v);
    if (++e.depth > deep) return deferDeep(e, self, v);
    const check = ++e.ptrLevel > START_DETECTING_CYCLES_AFTER;
    if (check) enterCycleCheck(e, v, ts);
    const entries: [string, unknown, unknown][] = [];
    for (const [k, x] of v) {
      try {
        entries.push([keyText(k, e), x, k]);
      } catch (err) {
        throw withSegment(err, keySegment(k));
      }
    }
    entries.sort((a, b) => compareUtf8(a[0], b[0]));
    e.out += "{";
    let i = 0;
    try {
      for (; i < entries.length; i++) {
        const [k, x] = entries[i] as [string, unknown, unknown];
        if (i > 0) e.out += ",";
        e.out += quoteString(k, e.html);
        e.out += ":";
        elem(e, x);
      }
    } catch (err) {
      throw withSegment(err, keySegment((entries[i] as [string, unknown, unknown])[2]));
    }
    e.out += "}";
    if (check) e.ptrSeen?.delete(v);
    e.ptrLevel--;
    e.depth--;
  };
  return self;
}

interface FieldEnc {
  /**
   * The field's text as one JavaScript expression over `fv` (`HTML` stands
   * for the escapeHTML constant, `IDX` for the field's index), for plain scalar
   * kinds and pointers to them, checking the value's type as it writes it;
   * "any" for an interface (null written inline); null: call `enc`.
   */
  readonly inline: string | null;
  readonly key: string;
  readonly nameHtml: string;
  readonly nameRaw: string;
  readonly get: ((v: any) => any) | null;
  readonly enc: Encoder;
  readonly omit: ((v: any) => boolean) | null;
  /** The field's type. */
  readonly type: GoType;
  /** The path segment of the field (`.Name`, `.Embedded.Name` for a promoted field). */
  readonly segment: string;
}

const SKIP = Symbol("skip");

/** The inline expression of a plain scalar of type `t` held in `fv` (see FieldEnc.inline), or null. */
function inlineScalar(t: GoType): string | null {
  if (t.methods !== undefined || t.known !== undefined) return null;
  switch (t.kind) {
    case "string":
      return '(typeof fv === "string" ? Q(fv, HTML) : MM(IDX, fv))';
    case "bool":
      return '(fv === true ? "true" : fv === false ? "false" : MM(IDX, fv))';
    case "float64":
      // finite and non-zero: Number::toString is Go's text; else the general path (-0, errors)
      return '(typeof fv === "number" && fv - fv === 0 && fv !== 0 ? "" + fv : F64(fv, IDX))';
    case "int8":
      return '(typeof fv === "number" && ((fv << 24) >> 24) === fv ? "" + fv : MM(IDX, fv))';
    case "int16":
      return '(typeof fv === "number" && ((fv << 16) >> 16) === fv ? "" + fv : MM(IDX, fv))';
    case "int32":
      return '(typeof fv === "number" && (fv | 0) === fv ? "" + fv : MM(IDX, fv))';
    case "uint8":
      return '(typeof fv === "number" && (fv & 255) === fv ? "" + fv : MM(IDX, fv))';
    case "uint16":
      return '(typeof fv === "number" && (fv & 65535) === fv ? "" + fv : MM(IDX, fv))';
    case "uint32":
      return '(typeof fv === "number" && fv >>> 0 === fv ? "" + fv : MM(IDX, fv))';
    case "int":
    case "int64":
      return '(typeof fv === "bigint" && fv >= -9223372036854775808n && fv <= 9223372036854775807n ? "" + fv : MM(IDX, fv))';
    case "uint":
    case "uint64":
    case "uintptr":
      return '(typeof fv === "bigint" && fv >= 0n && fv <= 18446744073709551615n ? "" + fv : MM(IDX, fv))';
    default:
      return null;
  }
}

/**
 * The inline expression of a field of type `t` (not `,string`): a plain
 * scalar, or an unnamed pointer to one (a pointer to a scalar can close no
 * cycle and nests no deeper, so Go's cycle and depth counters need no step),
 * or "any" for an interface.
 */
function inlineField(t: GoType, quoted: boolean): string | null {
  if (quoted) return null;
  if (t.kind === "interface" && t.methods === undefined && t.known === undefined && t.opaque === undefined)
    return "any";
  if (t.kind === "pointer" && t.name === undefined) {
    const inner = inlineScalar(t.elem);
    return inner === null ? null : `(fv === null ? "null" : ${inner})`;
  }
  return inlineScalar(t);
}

/** A Mismatch whose path is complete up to the struct holding it (an embedded struct that is missing). */
const PATH_SET = new WeakSet<Mismatch>();

/**
 * A Mismatch for field `f` holding `fv`: a missing field says so; a value of an
 * inlined pointer field is reported against the pointed-to type.
 */
function fieldMismatch(f: FieldEnc, fv: unknown): Mismatch {
  if (fv === undefined) return missingField(f.type);
  return mismatch(f.type.kind === "pointer" ? f.type.elem : f.type, fv);
}

/** Adds field `f`'s path segment to a Mismatch thrown while writing it (holding `fv`). */
function fieldFailed(x: unknown, f: FieldEnc | undefined, fv: unknown): unknown {
  if (!(x instanceof Mismatch) || f === undefined) return x;
  if (PATH_SET.has(x)) {
    PATH_SET.delete(x);
    return x;
  }
  if (x.segments.length === 0 && fv === undefined) x.got = "undefined (missing field)";
  x.segments.push(f.segment);
  return x;
}

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
            const x = v[h.name];
            if (x === null && h.type.kind === "pointer") return SKIP;
            if (typeof x !== "object" || x === null || Array.isArray(x)) {
              // A missing or ill-typed embedded struct: the error names it, not the promoted field.
              const m =
                x === undefined
                  ? missingField(h.type)
                  : mismatch(h.type.kind === "pointer" ? h.type.elem : h.type, x);
              for (let j = i; j >= 0; j--) m.segments.push(`.${(hops[j] as FieldV1["hops"][number]).name}`);
              PATH_SET.add(m);
              throw m;
            }
            v = x;
          }
          return v[(hops[hops.length - 1] as FieldV1["hops"][number]).name];
        };
      }
      const empty = f.omitEmpty ? isEmptyFn(f.type) : null;
      const zero = f.omitZero ? isZeroFieldFn(f.type) : null;
      const omit = empty && zero ? (v: any) => empty(v) || zero(v) : (empty ?? zero);
      return {
        inline: inlineField(f.type, f.quoted),
        key: (hops[hops.length - 1] as FieldV1["hops"][number]).name,
        nameHtml,
        nameRaw,
        get,
        enc: encoderFor(f.type, fieldAddr, f.quoted),
        omit,
        type: f.type,
        segment: hops.map((h) => `.${h.name}`).join(""),
      };
    });
  // One generated function per escapeHTML setting (index 1: escaping on).
  let compiled: (Encoder | null)[] | undefined;
  return (e, v) => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) throw mismatch(t, v);
    if (fields === null) fields = prepare();
    if (compiled === undefined)
      compiled = [compileStructEncoder(fields, false), compileStructEncoder(fields, true)];
    const c = compiled[e.html ? 1 : 0];
    if (c !== null && c !== undefined) {
      c(e, v);
      return;
    }
    let first = true;
    e.out += "{";
    let i = 0;
    let fv: unknown;
    try {
      for (; i < fields.length; i++) {
        const f = fields[i] as FieldEnc;
        fv = f.get === null ? v[f.key] : f.get(v);
        if (fv === SKIP) continue;
        if (f.omit?.(fv)) continue;
        if (first) first = false;
        else e.out += ",";
        e.out += e.html ? f.nameHtml : f.nameRaw;
        f.enc(e, fv);
      }
    } catch (x) {
      throw fieldFailed(x, fields[i], fv);
    }
    e.out += "}";
  };
}

/** Go's isEmptyValue for values of type `t` (the omitempty test). */
export function isEmptyFn(t: GoType): ((v: any) => boolean) | null {
  switch (t.kind) {
    case "array":
      return t.len === 0 ? () => true : null;
    // A value of the wrong type is never empty: the encoder then reports it.
    case "map":
      return (v) => v === null || (v instanceof Map && v.size === 0);
    case "slice":
      return (v) => v === null || ((Array.isArray(v) || v instanceof Uint8Array) && v.length === 0);
    case "string":
      if (t.known === "json.Number") return (v) => v === "" || (JsonNumber.isInstance(v) && v.text === "");
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
      return (v) => v === 0 || v === 0n;
    case "float32":
    case "float64":
      // reflect.Value.IsZero reports -0 as zero.
      return (v) => v === 0;
    case "interface":
    case "pointer":
      return (v) => v === null;
    case "struct":
      return null;
  }
}

/** The omitzero test for a field of type `t`: its IsZero method if it has one, else reflect's IsZero. */
export function isZeroFieldFn(t: GoType): (v: any) => boolean {
  if (
    t.kind === "pointer" &&
    t.name === undefined &&
    t.elem.kind !== "pointer" &&
    t.elem.kind !== "interface"
  ) {
    const m = findMethod(t.elem, "IsZero");
    if (m !== null) return (v) => v === null || (v !== undefined && callIsZero(m, v));
  }
  if (t.kind !== "pointer" && t.kind !== "interface") {
    const m = findMethod(t, "IsZero");
    if (m !== null) return (v) => callIsZero(m, v);
  }
  return isZeroFn(t);
}

function callIsZero(m: FoundMethod, v: any): boolean {
  const found = walkHops(v, m);
  const recv = found === NIL_RECEIVER ? null : found;
  if (recv === NIL_PANIC) throw new GoError("panic", NIL_DEREFERENCE);
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
          ? (v) => v === "" || (JsonNumber.isInstance(v) && v.text === "")
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
      built = (v) => v === null;
      break;
    case "array": {
      const ez = isZeroFn(t.elem);
      built = (v) => {
        if (!Array.isArray(v)) return false;
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
        if (typeof v !== "object" || v === null) return false;
        for (const [name, z] of fs) if (name !== "_" && !z(v[name])) return false;
        return true;
      };
      break;
    }
    default:
      built = (v) => v === 0 || v === 0n;
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
    case "object":
      break;
    case "function":
      throw new UnsupportedTypeError("func()");
    default:
      throw anyMismatch(v); // undefined, symbol
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
  if (v instanceof Map) return false;
  const proto = Object.getPrototypeOf(v);
  if (proto !== Object.prototype && proto !== null) throw anyMismatch(v); // a class instance: no Go value
  return false;
}

/** Mismatches met inside an `any` value, whose path encodeAny finds (findAnyMismatch). */
const ANY_PENDING = new WeakSet<Mismatch>();

/** A Mismatch for a value an `any` cannot hold; encodeAny fills in its path. */
function anyMismatch(v: unknown): Mismatch {
  const m = mismatch(ANY, v);
  ANY_PENDING.add(m);
  return m;
}

/** The type of the values an `any` holds. */
const ANY: GoType = { kind: "interface" };

function openAny(e: EncodeState, v: any): AnyFrame {
  const check = ++e.ptrLevel > START_DETECTING_CYCLES_AFTER;
  if (Array.isArray(v)) {
    if (check) enterCycleCheck(e, v, "[]interface {}");
    e.out += "[";
    return { items: v, keys: null, container: v, check, i: 0 };
  }
  if (check) enterCycleCheck(e, v, "map[string]interface {}");
  const entries: [string, unknown][] = [];
  if (v instanceof Map)
    for (const [k, x] of v) {
      if (typeof k !== "string") {
        const m = keyMismatch(ANY_KEY, k);
        ANY_PENDING.add(m);
        throw m;
      }
      entries.push([k, x]);
    }
  else for (const k of Object.keys(v)) entries.push([k, v[k]]);
  entries.sort((a, b) => compareUtf8(a[0], b[0]));
  e.out += "{";
  return { items: entries.map((x) => x[1]), keys: entries.map((x) => x[0]), container: v, check, i: 0 };
}

/**
 * Encodes a dynamic value held in an `any` (interface{}) by its TypeScript
 * form: string, number (float64), boolean, bigint (int64), null, arrays
 * ([]any), Uint8Array ([]byte), JsonNumber, GoTime, Map or plain object
 * (map[string]any, keys sorted). Recursive while shallow (ANY_FAST_DEPTH
 * levels, and far from Go's cycle-detection depth); past that iterative
 * (encodeAnyDeep), so deep values cannot exhaust the JavaScript stack.
 */
function encodeAny(e: EncodeState, v: any): void {
  try {
    if (e.ptrLevel + ANY_FAST_DEPTH >= START_DETECTING_CYCLES_AFTER) encodeAnyDeep(e, v);
    else anyFast(e, v, 0);
  } catch (x) {
    if (x instanceof Mismatch && ANY_PENDING.has(x)) {
      // The error path: find where in `v` the value sits (the encoder keeps no path while it writes).
      ANY_PENDING.delete(x);
      throw findAnyMismatch(v, ANY) ?? x;
    }
    throw x;
  }
}

/** The key type of a map held in an `any` (map[string]interface {}). */
const ANY_KEY: GoType = { kind: "string" };

/** Container nesting the recursive `any` encoder handles before it hands a value to the iterative one. */
const ANY_FAST_DEPTH = 64;

function anyFast(e: EncodeState, v: any, depth: number): void {
  switch (typeof v) {
    case "string":
      e.out += quoteString(v, e.html);
      return;
    case "number":
      if (v - v === 0 && v !== 0) e.out += String(v);
      else {
        if (!Number.isFinite(v)) throw new UnsupportedValueError(nonFiniteText(v));
        e.out += formatFloat64(v);
      }
      return;
    case "boolean":
      e.out += v ? "true" : "false";
      return;
    case "object":
      if (v === null) {
        e.out += "null";
        return;
      }
      break;
    default:
      anyScalar(e, v);
      return;
  }
  if (depth === ANY_FAST_DEPTH) {
    encodeAnyDeep(e, v);
    return;
  }
  if (Array.isArray(v)) {
    e.ptrLevel++;
    const n = v.length;
    if (n === 0) e.out += "[]";
    else {
      e.out += "[";
      anyFast(e, v[0], depth + 1);
      for (let i = 1; i < n; i++) {
        e.out += ",";
        anyFast(e, v[i], depth + 1);
      }
      e.out += "]";
    }
    e.ptrLevel--;
    return;
  }
  const proto = Object.getPrototypeOf(v);
  if ((proto !== Object.prototype && proto !== null) || v instanceof Map) {
    // Uint8Array, JsonNumber, GoTime; Maps and other objects through the general path.
    if (!anyScalar(e, v)) encodeAnyDeep(e, v);
    return;
  }
  e.ptrLevel++;
  const keys = sortedKeys(Object.keys(v));
  const html = e.html;
  const n = keys.length;
  if (n === 0) e.out += "{}";
  else {
    for (let i = 0; i < n; i++) {
      const k = keys[i] as string;
      e.out += `${i === 0 ? "{" : ","}${quoteString(k, html)}:`;
      anyFast(e, v[k], depth + 1);
    }
    e.out += "}";
  }
  e.ptrLevel--;
}

/** Key lists (object shapes) whose sorted order sortedKeys remembers, at most. */
const SHAPE_CACHE_SIZE = 256;
/** Objects with more keys than this are sorted each time (not remembered). */
const SHAPE_MAX_KEYS = 64;
const shapes = new Map<string, { readonly keys: readonly string[]; readonly sorted: string[] }[]>();
let shapeCount = 0;

/**
 * `keys` in Go's map order (bytewise by UTF-8); the caller must not change
 * the result. Objects of one shape (the same keys in the same order) are
 * common in `any` values, so the sorted order of recent shapes is kept.
 */
export function sortedKeys(keys: string[]): string[] {
  const n = keys.length;
  if (n < 2) return keys;
  if (n > SHAPE_MAX_KEYS) return sortKeys(keys); // large maps seldom repeat their keys
  const first = keys[0] as string;
  const bucket = shapes.get(first);
  if (bucket !== undefined) {
    for (const s of bucket) {
      if (s.keys.length !== n) continue;
      let i = 1;
      while (i < n && s.keys[i] === keys[i]) i++;
      if (i === n) return s.sorted;
    }
  }
  const sorted = sortKeys(keys.slice());
  if (shapeCount >= SHAPE_CACHE_SIZE) {
    shapes.clear();
    shapeCount = 0;
  }
  shapeCount++;
  if (bucket === undefined || shapes.get(first) === undefined) shapes.set(first, [{ keys, sorted }]);
  else bucket.push({ keys, sorted });
  return sorted;
}

/** Sorts `keys` in place bytewise by UTF-8 (a no-op when they are in order already). */
function sortKeys(keys: string[]): string[] {
  const n = keys.length;
  let i = 1;
  while (i < n && compareUtf8(keys[i - 1] as string, keys[i] as string) < 0) i++;
  if (i >= n) return keys;
  // UTF-16 order (the native sort) is UTF-8 order unless surrogates meet U+E000..U+FFFF: check, then fall back.
  keys.sort();
  for (i = 1; i < n; i++) if (compareUtf8(keys[i - 1] as string, keys[i] as string) > 0) break;
  if (i < n) keys.sort(compareUtf8);
  return keys;
}

/** The iterative `any` encoder (any depth; Go's cycle detection past START_DETECTING_CYCLES_AFTER). */
function encodeAnyDeep(e: EncodeState, v: any): void {
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
    throw new GoError("number-literal", `json: invalid number literal ${quoteFor(e.goVersion, s)}`);
  e.out += s;
}

/**
 * Unrolls a struct's field list into one generated function for one
 * escapeHTML setting: constant property names, names pre-quoted with the
 * separators folded in where the fields before always appear, scalar fields
 * and pointers to them inlined. Field names are Go identifiers and JSON
 * names, embedded with JSON.stringify. Returns null where code generation is
 * not allowed (CSP); the closure loop is used then.
 */
function compileStructEncoder(fields: readonly FieldEnc[], html: boolean): Encoder | null {
  // Whether a member was written before this point: "no", "yes", or "?" (known at run time from `sep`).
  let written: "no" | "yes" | "?" = "no";
  let body = "";
  let usesSep = false;
  fields.forEach((f, i) => {
    const name = html ? f.nameHtml : f.nameRaw;
    const conditional = f.get !== null || f.omit !== null;
    let key: string;
    if (written === "no") key = JSON.stringify(`{${name}`);
    else if (written === "yes") key = JSON.stringify(`,${name}`);
    else {
      key = `sep + ${JSON.stringify(name)}`;
      usesSep = true;
    }
    body += `at = ${i};\n`;
    body +=
      f.get === null ? `fv = v[${JSON.stringify(f.key)}];\n` : `fv = F[${i}].get(v);\nif (fv !== SKIP) `;
    body += "{\n";
    if (f.omit !== null) body += `if (!F[${i}].omit(fv)) {\n`;
    if (f.inline === "any")
      body += `if (fv === null) e.out += ${key} + "null";\nelse {\ne.out += ${key};\nF[${i}].enc(e, fv);\n}\n`;
    else if (f.inline !== null)
      body += `e.out += ${key} + ${f.inline.replaceAll("HTML", String(html)).replaceAll("IDX", String(i))};\n`;
    else body += `e.out += ${key};\nF[${i}].enc(e, fv);\n`;
    if (conditional && written !== "yes") body += 'sep = ",";\n';
    if (f.omit !== null) body += "}\n";
    body += "}\n";
    if (!conditional) written = "yes";
    else if (written === "no") written = "?";
  });
  if (written === "no") body += 'e.out += "{}";\n';
  else if (written === "yes") body += 'e.out += "}";\n';
  else {
    body += 'e.out += sep === "{" ? "{}" : "}";\n';
    usesSep = true;
  }
  // A Mismatch below a field gets the field's path segment (`at`: the field being written).
  body = `let fv, at = -1;\ntry {\n${body}} catch (x) {\nthrow FAILED(x, F[at], fv);\n}\n`;
  if (usesSep || body.includes("sep =")) body = `let sep = "{";\n${body}`;
  const mm = (i: number, fv: unknown): never => {
    throw fieldMismatch(fields[i] as FieldEnc, fv);
  };
  const f64 = (fv: unknown, i: number): string => {
    if (typeof fv !== "number") return mm(i, fv);
    if (!Number.isFinite(fv)) throw new UnsupportedValueError(nonFiniteText(fv));
    return formatFloat64(fv);
  };
  try {
    return new Function(
      "F",
      "Q",
      "F64",
      "SKIP",
      "MM",
      "FAILED",
      `"use strict"; return function encodeStruct(e, v) {\n${body}};`,
    )(fields, quoteString, f64, SKIP, mm, fieldFailed) as Encoder;
  } catch {
    return null;
  }
}
