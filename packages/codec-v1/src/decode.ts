/**
 * unmarshal: Go v1's decoder compiled once per type into closures (cached on
 * the type object) that read the input text directly, with Go's merge rules,
 * `null` rules, type errors (saved, decoding continues) and method calls.
 */

import {
  Abort,
  DEEP_DEPTH,
  type DecodeState,
  partialOf,
  SYNTAX_BAIL,
  stringTagError,
} from "./decode-state.js";
import {
  assertResolved,
  foldNameV1,
  GoMethodMissingError,
  GoTime,
  GoTimeError,
  type GoType,
  JsonNumber,
  typeString,
} from "./deps.js";
import { errorText, GoError, JsonV1Error, UnmarshalTypeError } from "./errors.js";
import { base64Decode, isValidNumber } from "./format.js";
import { foldNameFor, hasFoldChange, quoteFor } from "./go-version.js";
import {
  type FoundMethod,
  findMethod,
  type MethodHop,
  NIL_DEREFERENCE,
  NIL_PANIC,
  NIL_RECEIVER,
  walkHops,
} from "./methods.js";
import { PlanCache } from "./plan-cache.js";
import { type FieldV1, structFieldsV1 } from "./struct-fields.js";
import { wellFormed } from "./well-formed.js";
import { zeroFn, zeroValue } from "./zero.js";

/** A compiled decoder: reads the value at `d.pos` and returns the destination's new value. */
export type Decoder = (d: DecodeState, cur: any) => any;

const cache = new PlanCache<Decoder>();

/** Longest chain of pointers to pointers followed without reading input (guards `type P *P`). */
export const MAX_POINTER_CHAIN = 1000;

/** The compiled decoder for `t`. */
export function decoderFor(t: GoType): Decoder {
  let dec = cache.get(t);
  if (dec === undefined) {
    let built: Decoder | undefined;
    cache.set(t, (d, v) => (built as Decoder)(d, v));
    built = build(t, undefined);
    cache.set(t, built);
    dec = built;
  }
  return dec;
}

const bareCache = new PlanCache<Decoder>();

/**
 * The decoder for `t` without its own UnmarshalJSON/UnmarshalText: the value a
 * named pointer type points at (`type PT *time.Time`). Go's indirect looks for
 * methods only on the pointers it walks, and a named pointer type has none (it
 * does not inherit those of `*time.Time`), so the pointed-to value is decoded
 * by its kind: a time string is `cannot unmarshal string into Go value of type
 * time.Time`, a json.RawMessage takes base64.
 */
function bareDecoderFor(t: GoType): Decoder {
  let dec = bareCache.get(t);
  if (dec === undefined) {
    dec = build(t, undefined, false);
    bareCache.set(t, dec);
  }
  return dec;
}

const topCache = new PlanCache<Decoder>();

/**
 * The decoder for the destination of Unmarshal itself. Go reports the type of
 * the pointer it was given when a TextUnmarshaler meets a non-string
 * (`json: cannot unmarshal object into Go value of type *main.T`), so types
 * that reach UnmarshalText through pointers get one more `*` at the top.
 */
export function topDecoderFor(t: GoType): Decoder {
  let u = t;
  // (bounded: `type P *P` points at itself forever)
  for (let i = 0; u.kind === "pointer" && i < MAX_POINTER_CHAIN; i++) u = u.elem;
  if (!(hasMethods(u) && findMethod(u, "UnmarshalJSON") === null && findMethod(u, "UnmarshalText") !== null))
    return decoderFor(t);
  let dec = topCache.get(t);
  if (dec === undefined) {
    dec = build(t, `*${typeString(t)}`);
    topCache.set(t, dec);
  }
  return dec;
}

const C_QUOTE = 0x22;
const C_LBRACE = 0x7b;
const C_LBRACKET = 0x5b;
const C_N = 0x6e;
const C_T = 0x74;
const C_F = 0x66;

function valueKindAt(d: DecodeState): "string" | "object" | "array" | "null" | "bool" | "number" {
  const c = d.text.charCodeAt(d.pos);
  if (c === C_QUOTE) return "string";
  if (c === C_LBRACE) return "object";
  if (c === C_LBRACKET) return "array";
  if (c === C_N) return "null";
  if (c === C_T || c === C_F) return "bool";
  if (c === 0x2d || (c >= 0x30 && c <= 0x39)) return "number";
  throw SYNTAX_BAIL;
}

/** Skips the value at pos after saving Go's UnmarshalTypeError for it. */
function mismatch(d: DecodeState, t: GoType | string, cur: any): any {
  const k = valueKindAt(d);
  if (k === "object" || k === "array") {
    d.typeError(k, t, d.pos + 1);
    d.skip();
    return cur;
  }
  if (k === "null") {
    d.readLiteral();
    return cur;
  }
  d.skip();
  d.typeError(k, t, d.pos);
  return cur;
}

/**
 * An interface type that is not `any`: an opaque type (func, chan, complex, unsafe.Pointer: Go
 * leaves it as it is for null and reports any other value as `cannot unmarshal <kind> into Go
 * value of type func()`; an unresolved type is gotype's error) or a non-empty interface (`error`:
 * null sets it to nil, any other value is the same type error).
 */
function opaqueDecoder(t: GoType & { kind: "interface" }): Decoder {
  if (t.opaque?.kind === "unresolved")
    return () => {
      assertResolved(t);
      throw new Error("gojson codec-v1: unresolved type");
    };
  const nonEmpty = t.opaque === undefined;
  return (d, cur) => {
    if (d.text.charCodeAt(d.pos) === C_N) {
      d.readLiteral();
      return nonEmpty ? null : cur;
    }
    return mismatch(d, t, cur);
  };
}

function wrapMethodError(d: DecodeState, err: unknown): Abort {
  if (err instanceof Abort) return err;
  // A method declared in Go source without a TypeScript twin: a usage error, not Go's output.
  if (GoMethodMissingError.isInstance(err)) throw err;
  if (UnmarshalTypeError.isInstance(err) && (d.ctxStruct !== null || d.fsLen > 0)) {
    return new Abort(d.makeTypeError(err.jsonValue, err.type, 0, err.field));
  }
  if (JsonV1Error.isInstance(err) || err === SYNTAX_BAIL) {
    if (err === SYNTAX_BAIL) throw err;
    return new Abort(err as JsonV1Error);
  }
  const text =
    err instanceof TimeBytesError
      ? timeErrorText(err.message, true)
      : GoTimeError.isInstance(err)
        ? timeErrorText(err.message, false)
        : errorText(err);
  return new Abort(new GoError("method", text, { cause: err instanceof TimeBytesError ? err.cause : err }));
}

const utf8e = new TextEncoder();

/**
 * Go's time.quote writes every byte of a non-ASCII rune as `\xNN` and DEL
 * (0x7f) as is; gotype's GoTimeError text (as of this writing) keeps
 * non-ASCII runes raw and writes DEL as `\x7f`. Every non-ASCII character
 * of a time error comes from the quoted input, so escaping them here gives
 * Go's text: as their UTF-8 bytes, or (`bytes`: the text was parsed from
 * bytes read as Latin-1) as the byte each character stands for.
 */
function timeErrorText(msg: string, bytes: boolean): string {
  // `\x7f` written by the quoting (after an even run of backslashes) is DEL in Go's text.
  let out = msg.includes("\\x7f") ? msg.replace(/(?<!\\)((?:\\\\)*)\\x7f/g, "$1\x7f") : msg;
  if (!/[^\x00-\x7f]/.test(out)) return out;
  const src = out;
  out = "";
  for (const ch of src) {
    const c = ch.charCodeAt(0);
    if (c < 0x80) out += ch;
    else if (bytes) out += `\\x${c.toString(16).padStart(2, "0")}`;
    else for (const b of utf8e.encode(ch)) out += `\\x${b.toString(16).padStart(2, "0")}`;
  }
  return out;
}

function setAtHops(cur: any, m: FoundMethod, recv: any): any {
  if (m.hops.length === 0) return recv;
  // A nil embedded pointer receiver: the method could not store anything (Go would panic).
  if (nilReceiverAt(cur, m)) return cur;
  let o = cur;
  for (let i = 0; i < m.hops.length - 1; i++) o = o[(m.hops[i] as MethodHop).name];
  const last = m.hops[m.hops.length - 1] as MethodHop;
  o[last.name] = recv;
  return cur;
}

function getAtHops(cur: any, m: FoundMethod): any {
  const o = walkHops(cur, m);
  // A pointer-receiver method promoted through a nil embedded pointer runs with a nil receiver.
  if (o === NIL_RECEIVER) return null;
  // Go panics: the promoted method dereferences a nil embedded pointer.
  if (o === NIL_PANIC) throw new Abort(new GoError("panic", NIL_DEREFERENCE));
  return o;
}

function nilReceiverAt(cur: any, m: FoundMethod): boolean {
  return m.pointerReceiver && m.hops.length > 0 && walkHops(cur, m) === NIL_RECEIVER;
}

/** Calls UnmarshalJSON with the raw bytes of the value at pos. */
function callUnmarshalJSON(d: DecodeState, m: FoundMethod, cur: any): any {
  const start = d.pos;
  d.skip();
  return callUnmarshalJSONRaw(d, m, cur, d.raw(start, d.pos));
}

/** Calls UnmarshalJSON with `raw` (a value, or a map key with its quotes as Go's literalStore passes it). */
function callUnmarshalJSONRaw(d: DecodeState, m: FoundMethod, cur: any, raw: Uint8Array): any {
  try {
    return setAtHops(cur, m, m.fn(raw, getAtHops(cur, m)));
  } catch (err) {
    throw methodAbort(d, err, m, cur, raw);
  }
}

function callUnmarshalText(d: DecodeState, m: FoundMethod, cur: any, s: string): any {
  try {
    return setAtHops(cur, m, m.fn(new TextEncoder().encode(s), getAtHops(cur, m)));
  } catch (err) {
    throw methodAbort(d, err, m, cur);
  }
}

/**
 * The Abort for an error thrown by an unmarshal method. time.Time's
 * UnmarshalJSON/UnmarshalText assign the parse result before returning its
 * error (`*t, err = parseStrictRFC3339(data)`), so a parse error leaves the
 * zero time in the destination; other methods leave it as it was.
 */
function methodAbort(d: DecodeState, err: unknown, m: FoundMethod, cur: any, raw?: Uint8Array): Abort {
  const a = wrapMethodError(d, raw === undefined ? err : timeErrorOnBytes(err, m, cur, raw));
  if (
    m.recvType.known === "time.Time" &&
    GoTimeError.isInstance(err) &&
    err.message.startsWith("parsing time ")
  )
    a.partial = setAtHops(cur, m, new GoTime());
  return a;
}

/**
 * time.Time's UnmarshalJSON parses the raw bytes and its errors quote them
 * byte by byte (time.quote: `\xNN` for every byte of a non-ASCII rune, and
 * for each byte of invalid UTF-8). gotype's method reads the bytes as UTF-8
 * text, where invalid bytes have become U+FFFD; when the bytes are not all
 * ASCII, the error is taken again from a parse of the bytes as Latin-1 text
 * (one character a byte), which timeErrorText then writes as Go does.
 */
function timeErrorOnBytes(err: unknown, m: FoundMethod, cur: any, raw: Uint8Array): unknown {
  if (m.recvType.known !== "time.Time" || !GoTimeError.isInstance(err)) return err;
  let ascii = true;
  for (let i = 0; i < raw.length; i++) if ((raw[i] as number) >= 0x80) ascii = false;
  if (ascii) return err;
  try {
    m.fn(latin1(raw), getAtHops(cur, m));
  } catch (again) {
    if (GoTimeError.isInstance(again)) return new TimeBytesError(again.message, err);
  }
  return err;
}

/** `b` read as Latin-1 (ISO 8859-1: character code = byte; TextDecoder's "latin1" is windows-1252). */
function latin1(b: Uint8Array): string {
  let s = "";
  for (let i = 0; i < b.length; i++) s += String.fromCharCode(b[i] as number);
  return s;
}

/** A time error whose text was taken over bytes read as Latin-1 (see timeErrorOnBytes). */
class TimeBytesError {
  constructor(
    readonly message: string,
    readonly cause: unknown,
  ) {}
}

/** Whether `t` can have methods of its own (not a pointer or interface). */
export function hasMethods(t: GoType): boolean {
  return t.kind !== "pointer" && t.kind !== "interface";
}

function build(t: GoType, outerTs: string | undefined, methods = true): Decoder {
  if (methods && hasMethods(t)) {
    const mj = findMethod(t, "UnmarshalJSON");
    if (mj !== null) return (d, cur) => callUnmarshalJSON(d, mj, cur);
    const mt = findMethod(t, "UnmarshalText");
    if (mt !== null) {
      const ts = outerTs ?? typeString(t);
      // Go's indirect does not return a TextUnmarshaler for null: null is stored by kind
      // (a map or slice becomes nil, other kinds are left alone).
      const nilOnNull = t.kind === "map" || t.kind === "slice";
      return (d, cur) => {
        const c = d.text.charCodeAt(d.pos);
        if (c === C_QUOTE) return callUnmarshalText(d, mt, cur, d.readString());
        if (c === C_N && nilOnNull) {
          d.readLiteral();
          return null;
        }
        return mismatch(d, ts, cur);
      };
    }
  }
  switch (t.kind) {
    case "bool":
      return boolDecoder(t);
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
      return intDecoder(t);
    case "float32":
    case "float64":
      return floatDecoder(t);
    case "string":
      return stringDecoder(t);
    case "interface":
      return interfaceDecoder(t);
    case "pointer":
      return pointerDecoder(t, outerTs);
    case "slice":
      return buildSlice(t);
    case "array":
      return buildArray(t);
    case "map":
      return buildMap(t);
    case "struct":
      return buildStruct(t);
  }
}

/** bool: true or false. */
function boolDecoder(t: GoType): Decoder {
  return (d, cur) => {
    const c = d.text.charCodeAt(d.pos);
    if (c === C_T || c === C_F) {
      d.readLiteral();
      return c === C_T;
    }
    return mismatch(d, t, cur);
  };
}

/** Integer kinds: Go's strconv parse and range check; -0 is 0. */
function intDecoder(t: GoType): Decoder {
  const parse = intParser(t.kind);
  const big =
    t.kind === "int" ||
    t.kind === "int64" ||
    t.kind === "uint" ||
    t.kind === "uint64" ||
    t.kind === "uintptr";
  const unsigned = t.kind.startsWith("u");
  const [lo, hi] = SMALL_INT_RANGE[t.kind] ?? [0, -1];
  return (d, cur) => {
    const c = d.text.charCodeAt(d.pos);
    if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      const lit = d.readNumber();
      if (d.numInt && (!unsigned || c !== 0x2d)) {
        // Fast paths: up to 15 digits a literal is exact as a double (below 2^53).
        if (big) {
          if (lit.length <= 15) return BigInt(Number(lit));
        } else if (lit.length <= 15) {
          const n = Number(lit);
          if (n >= lo && n <= hi) return n + 0; // + 0: -0 is 0
        }
      }
      const v = parse(lit);
      if (v === undefined) {
        d.typeError(`number ${lit}`, t, d.pos);
        return cur;
      }
      return v;
    }
    return mismatch(d, t, cur);
  };
}

/** float32/float64: Go's ParseFloat, float32 rounded. */
function floatDecoder(t: GoType): Decoder {
  const f32 = t.kind === "float32";
  return (d, cur) => {
    const c = d.text.charCodeAt(d.pos);
    if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      const lit = d.readNumber();
      const v = parseFloatLiteral(lit, f32);
      if (v === undefined) {
        d.typeError(`number ${lit}`, t, d.pos);
        return cur;
      }
      return v;
    }
    return mismatch(d, t, cur);
  };
}

/** string, and json.Number (a number, or a string holding a valid number literal). */
function stringDecoder(t: GoType): Decoder {
  if (t.known === "json.Number") {
    return (d, cur) => {
      const c = d.text.charCodeAt(d.pos);
      if (c === 0x2d || (c >= 0x30 && c <= 0x39)) return new JsonNumber(d.readNumber());
      if (c === C_QUOTE) {
        const start = d.pos;
        const s = d.readString();
        if (!isValidNumber(s)) {
          throw new Abort(
            new GoError(
              "number-literal",
              `json: invalid number literal, trying to unmarshal ${d.quoteRaw(start, d.pos)} into Number`,
            ),
          );
        }
        return new JsonNumber(s);
      }
      return mismatch(d, t, cur);
    };
  }
  return (d, cur) => {
    if (d.text.charCodeAt(d.pos) === C_QUOTE) return d.readString();
    return mismatch(d, t, cur);
  };
}

/** Interfaces: `any` takes every value; opaque and non-empty interfaces only null. */
function interfaceDecoder(t: GoType & { kind: "interface" }): Decoder {
  if (t.opaque !== undefined || (t.interfaceMethods?.length ?? 0) > 0) return opaqueDecoder(t);
  return (d, cur) => {
    const c = d.text.charCodeAt(d.pos);
    if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      // Go's literalStore: a number that overflows float64 leaves the interface as it was.
      const lit = d.readNumber();
      if (d.useNumber) return new JsonNumber(lit);
      const v = Number(lit);
      if (Number.isFinite(v)) return v;
      // Go's convertNumber reports d.off: one byte past the end of the literal.
      d.typeError(`number ${lit}`, "float64", d.pos + 1);
      return cur;
    }
    return decodeAny(d);
  };
}

/** Pointers: null sets nil; anything else allocates (Go's indirect) and decodes into the pointee. */
function pointerDecoder(t: GoType & { kind: "pointer" }, outerTs: string | undefined): Decoder {
  const elemT = t.elem;
  // Go names the type where the value sits (`**main.T`), not the pointer UnmarshalText is on,
  // when a TextUnmarshaler reached through any number of pointers meets a non-string.
  let u = elemT;
  // (bounded: `type P *P` points at itself forever)
  for (let i = 0; u.kind === "pointer" && i < MAX_POINTER_CHAIN; i++) u = u.elem;
  // A named pointer type hides the methods of what it points at (see bareDecoderFor).
  const hidden = t.name !== undefined && elemT.kind !== "pointer";
  const needsOuter =
    !hidden &&
    hasMethods(u) &&
    findMethod(u, "UnmarshalJSON") === null &&
    findMethod(u, "UnmarshalText") !== null;
  const elem = hidden
    ? bareDecoderFor(elemT)
    : needsOuter
      ? build(elemT, outerTs ?? typeString(t))
      : decoderFor(elemT);
  // Go allocates the pointer, then refuses a map whose key kind it cannot decode and leaves
  // the map nil. A non-nil pointer to such a nil map cannot be told from a nil pointer in
  // TypeScript (both null), but Go's Marshal of the two differs (`unsupported type` against
  // `null`): an empty Map stands for it, so marshal of the result says what Go's says.
  const ez =
    elemT.kind === "map" &&
    findMethod(elemT, "UnmarshalJSON") === null &&
    findMethod(elemT, "UnmarshalText") === null &&
    mapKeyConv(elemT.key) === null
      ? () => new Map()
      : zeroFn(elemT);
  const selfRef = elemT.kind === "pointer";
  return (d, cur) => {
    const c = d.text.charCodeAt(d.pos);
    if (c === C_N) {
      // A pointer to a pointer to a type with UnmarshalJSON still ends as nil: Go stops at the settable pointer.
      d.readLiteral();
      return null;
    }
    const inner = cur === null || cur === undefined ? ez() : cur;
    if (!selfRef) {
      try {
        return elem(d, inner);
      } catch (e) {
        // Go allocated the pointer before the error: the destination points at what was filled.
        if (e instanceof Abort) e.partial = partialOf(e, inner);
        throw e;
      }
    }
    // Pointer-to-pointer chains allocate without consuming input: check the value start first,
    // and stop a chain that never ends (type P *P), where Go would allocate forever.
    if (
      !(
        c === C_QUOTE ||
        c === C_LBRACE ||
        c === C_LBRACKET ||
        c === C_T ||
        c === C_F ||
        c === 0x2d ||
        (c >= 0x30 && c <= 0x39)
      )
    ) {
      throw SYNTAX_BAIL;
    }
    if (++d.ptrChain > MAX_POINTER_CHAIN)
      throw new Abort(new GoError("panic", "json: endless pointer type cycle"));
    let r: any;
    try {
      r = elem(d, inner);
    } catch (e) {
      if (e instanceof Abort) e.partial = partialOf(e, inner);
      throw e;
    }
    d.ptrChain--;
    return r;
  };
}

/** Parses an integer literal as strconv.ParseInt/ParseUint(s, 10, 64) plus the kind's range check. */
function intParser(kind: GoType["kind"]): (s: string) => number | bigint | undefined {
  const big =
    kind === "int" || kind === "int64" || kind === "uint" || kind === "uint64" || kind === "uintptr";
  const unsigned = kind.startsWith("u");
  let min: bigint;
  let max: bigint;
  switch (kind) {
    case "int8":
      [min, max] = [-128n, 127n];
      break;
    case "int16":
      [min, max] = [-32768n, 32767n];
      break;
    case "int32":
      [min, max] = [-2147483648n, 2147483647n];
      break;
    case "uint8":
      [min, max] = [0n, 255n];
      break;
    case "uint16":
      [min, max] = [0n, 65535n];
      break;
    case "uint32":
      [min, max] = [0n, 4294967295n];
      break;
    default:
      [min, max] = unsigned ? [0n, 18446744073709551615n] : [-9223372036854775808n, 9223372036854775807n];
  }
  const minN = Number(min);
  const maxN = Number(max);
  // strconv.ParseUint takes no sign at all; ParseInt takes "+" or "-".
  const re = unsigned ? /^[0-9]+$/ : /^[+-]?[0-9]+$/;
  return (s) => {
    if (!big && s.length <= 15) {
      // Fast path for small kinds: a plain integer literal.
      const n = Number(s);
      if (Number.isInteger(n) && re.test(s)) return n >= minN && n <= maxN ? n + 0 : undefined;
    }
    if (!re.test(s)) return undefined;
    const digits = s.replace(/^[+-]?0*/, "");
    if (digits.length > 20) return undefined;
    const v = BigInt(s[0] === "+" ? s.slice(1) : s);
    if (v < min || v > max) return undefined;
    return big ? v : Number(v);
  };
}

const JSON_NUMBER = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/** A JSON number literal (already validated) as float64/float32; undefined when out of range, as Go reports. */
function parseFloatLiteral(s: string, f32: boolean): number | undefined {
  const v = Number(s);
  if (!Number.isFinite(v)) return undefined;
  if (!f32) return v;
  const r = Math.fround(v);
  return Number.isFinite(r) ? r : undefined;
}

/** strconv.ParseFloat(s, 32|64) for decimal literals; undefined when Go reports an error (out of range). */
export function parseFloatGo(s: string, f32: boolean): number | undefined {
  let v = Number(s);
  if (Number.isFinite(v) && JSON_NUMBER.test(s)) {
    if (!f32) return v;
    const r = Math.fround(v);
    return Number.isFinite(r) ? r : undefined;
  }
  if (Number.isNaN(v)) {
    const m = /^([+-]?)(inf|infinity|nan)$/i.exec(s);
    if (m === null) return undefined;
    v = (m[2] as string).toLowerCase() === "nan" ? Number.NaN : m[1] === "-" ? -Infinity : Infinity;
    return v;
  }
  if (s.trim() !== s || s === "" || /^[+-]?0[xXbBoO]/.test(s) || s.includes("_")) {
    if (s.trim() !== s || s === "") return undefined;
  }
  if (!Number.isFinite(v)) return undefined;
  if (f32) {
    const r = Math.fround(v);
    if (!Number.isFinite(r)) return undefined;
    return r;
  }
  return v;
}

/**
 * The destination of element `i` when a slice grows to it: the element Go's
 * backing array still holds there (cut off earlier in this decode by a
 * shorter value), or a zero value.
 */
function spareElement(d: DecodeState, arr: object | null, i: number, ez: () => unknown): unknown {
  const tail = arr === null ? undefined : d.tails?.get(arr);
  if (tail !== undefined) {
    const k = i - tail.base;
    if (k >= 0 && k < tail.items.length) return tail.items[k];
  }
  return ez();
}

/**
 * Records the elements from `i` on (and what lay beyond them) before `arr` is cut to length `i`.
 * `from` holds the tail so far and `to` gets the new one (both `arr`, but a []byte decoded from
 * an array is a new Uint8Array each time: the tail moves from the old one to the new one).
 */
function keepTail(d: DecodeState, arr: unknown[], i: number, from: object = arr, to: object = arr): void {
  if (d.tails === null) d.tails = new WeakMap();
  const old = d.tails.get(from);
  const items = arr.slice(i);
  if (old !== undefined && arr.length >= old.base) items.push(...old.items.slice(arr.length - old.base));
  if (items.length > 0 || to === from) d.tails.set(to, { base: i, items });
}

function buildSlice(t: GoType & { kind: "slice" }): Decoder {
  const elemT = t.elem;
  const elem = decoderFor(elemT);
  const ez = zeroFn(elemT);
  const bytes = elemT.kind === "uint8";
  return (d, cur) => {
    const c = d.text.charCodeAt(d.pos);
    if (c === C_LBRACKET) {
      if (d.depth >= DEEP_DEPTH && !bytes) return d.deep(d, t, cur);
      d.enter();
      d.pos++;
      d.ws();
      let arr: any[] = cur === null || cur === undefined ? [] : bytes ? Array.from(cur as Uint8Array) : cur;
      let i = 0;
      if (d.text.charCodeAt(d.pos) !== 0x5d) {
        try {
          for (;;) {
            if (i < arr.length) arr[i] = elem(d, arr[i]);
            else
              arr.push(elem(d, spareElement(d, bytes ? ((cur as Uint8Array | null) ?? null) : arr, i, ez)));
            i++;
            d.ws();
            const e = d.text.charCodeAt(d.pos);
            if (e === 0x2c) {
              d.pos++;
              d.ws();
              continue;
            }
            if (e === 0x5d) break;
            throw SYNTAX_BAIL;
          }
        } catch (e) {
          // Go grew the slice to i+1 before decoding element i, and truncates only at `]`.
          if (e instanceof Abort) {
            // (a leaf that failed leaves its destination as it was: the element, or a fresh zero)
            arr[i] = partialOf(e, i < arr.length ? arr[i] : ez());
            e.partial = bytes ? Uint8Array.from(arr) : arr;
          }
          throw e;
        }
      }
      d.pos++;
      d.depth--;
      if (bytes) {
        // Go's []byte keeps its backing array too: bytes past a shorter array value are still
        // there when a later (duplicate) member grows it, and an element that fails keeps them.
        const out = Uint8Array.from(i === 0 ? [] : arr.slice(0, i));
        if (i > 0 && cur !== null && cur !== undefined) keepTail(d, arr, i, cur as Uint8Array, out);
        return out;
      }
      if (i < arr.length) {
        if (i > 0) keepTail(d, arr, i);
        arr.length = i;
      }
      if (i === 0) arr = [];
      return arr;
    }
    if (c === C_N) {
      d.readLiteral();
      return null;
    }
    if (c === C_QUOTE && bytes) {
      const s = d.readString();
      const r = base64Decode(s);
      if (typeof r === "number") {
        d.save(new GoError("base64", `illegal base64 data at input byte ${r}`));
        return cur;
      }
      return r;
    }
    return mismatch(d, t, cur);
  };
}

function buildArray(t: GoType & { kind: "array" }): Decoder {
  const elemT = t.elem;
  const elem = decoderFor(elemT);
  const ez = zeroFn(elemT);
  const n = t.len;
  return (d, cur) => {
    const c = d.text.charCodeAt(d.pos);
    if (c === C_LBRACKET) {
      if (d.depth >= DEEP_DEPTH) return d.deep(d, t, cur);
      d.enter();
      d.pos++;
      d.ws();
      const arr: any[] = Array.isArray(cur) && cur.length === n ? cur : zeroValue(t);
      let i = 0;
      if (d.text.charCodeAt(d.pos) !== 0x5d) {
        try {
          for (;;) {
            if (i < n) arr[i] = elem(d, arr[i]);
            else d.skip();
            i++;
            d.ws();
            const e = d.text.charCodeAt(d.pos);
            if (e === 0x2c) {
              d.pos++;
              d.ws();
              continue;
            }
            if (e === 0x5d) break;
            throw SYNTAX_BAIL;
          }
        } catch (e) {
          if (e instanceof Abort) {
            if (i < n) arr[i] = partialOf(e, arr[i]);
            e.partial = arr;
          }
          throw e;
        }
      }
      d.pos++;
      d.depth--;
      for (; i < n; i++) arr[i] = ez();
      return arr;
    }
    return mismatch(d, t, cur);
  };
}

/** Ranges of the integer kinds held as numbers (the others are bigints). */
const SMALL_INT_RANGE: Readonly<Record<string, readonly [number, number]>> = {
  int8: [-128, 127],
  int16: [-32768, 32767],
  int32: [-2147483648, 2147483647],
  uint8: [0, 255],
  uint16: [0, 65535],
  uint32: [0, 4294967295],
};

/** Converts a map key text to the key value (ok false: Go saved an error and drops the member). */
export type KeyConv = (
  d: DecodeState,
  key: string,
  keyStart: number,
  keyEnd: number,
) => { ok: boolean; v?: unknown };

/**
 * Go's map key conversion for key type `kt` (UnmarshalText, string, or
 * integer kinds); null when unsupported. A key type with UnmarshalText goes
 * through Go's literalStore, which prefers UnmarshalJSON when the type has
 * it too and hands it the raw key, quotes and escapes included.
 */
export function mapKeyConv(kt: GoType): KeyConv | null {
  const tu = hasMethods(kt) ? findMethod(kt, "UnmarshalText") : null;
  if (tu !== null) {
    const uj = findMethod(kt, "UnmarshalJSON");
    if (uj !== null)
      return (d, _key, at, end) => ({
        ok: true,
        v: callUnmarshalJSONRaw(d, uj, zeroValue(kt), d.raw(at, end)),
      });
    return (d, key) => ({ ok: true, v: callUnmarshalText(d, tu, zeroValue(kt), key) });
  }
  if (kt.kind === "string") return (_d, key) => ({ ok: true, v: key });
  if (/^u?int(\d+|ptr)?$/.test(kt.kind)) {
    const parse = intParser(kt.kind);
    return (d, key, at) => {
      const v = parse(key);
      if (v === undefined) {
        d.typeError(`number ${key}`, kt, at + 1);
        return { ok: false };
      }
      return { ok: true, v };
    };
  }
  return null;
}

/** Whether map keys of type `kt` are stored as the decoded string itself. */
export function plainStringKeys(kt: GoType): boolean {
  return kt.kind === "string" && !(hasMethods(kt) && findMethod(kt, "UnmarshalText") !== null);
}

function buildMap(t: GoType & { kind: "map" }): Decoder {
  const kt = t.key;
  const elemT = t.elem;
  const elem = decoderFor(elemT);
  const ez = zeroFn(elemT);
  const conv = mapKeyConv(kt);
  const ts = typeString(t);
  const stringKeys = plainStringKeys(kt);
  return (d, cur) => {
    const c = d.text.charCodeAt(d.pos);
    if (c === C_LBRACE) {
      if (conv === null) return mismatch(d, ts, cur);
      if (d.depth >= DEEP_DEPTH) return d.deep(d, t, cur);
      d.enter();
      d.pos++;
      d.ws();
      const m: Map<unknown, unknown> = cur instanceof Map ? cur : new Map();
      if (d.text.charCodeAt(d.pos) !== 0x7d) {
        try {
          decodeMapMembers(d, m, elem, ez, conv, stringKeys);
        } catch (e) {
          // Go made the map first and stores an element only after it decoded.
          if (e instanceof Abort) e.partial = m;
          throw e;
        }
      }
      d.pos++;
      d.depth--;
      return m;
    }
    if (c === C_N) {
      d.readLiteral();
      return null;
    }
    return mismatch(d, t, cur);
  };
}

function decodeMapMembers(
  d: DecodeState,
  m: Map<unknown, unknown>,
  elem: Decoder,
  ez: () => unknown,
  conv: KeyConv,
  stringKeys: boolean,
): void {
  for (;;) {
    if (d.text.charCodeAt(d.pos) !== C_QUOTE) throw SYNTAX_BAIL;
    const keyStart = d.pos;
    const key = d.readString();
    const keyEnd = d.pos;
    d.ws();
    if (d.text.charCodeAt(d.pos) !== 0x3a) throw SYNTAX_BAIL;
    d.pos++;
    d.ws();
    const v = elem(d, ez());
    if (stringKeys) m.set(key, v);
    else {
      const k = conv(d, key, keyStart, keyEnd);
      if (k.ok) m.set(k.v, v);
    }
    d.ws();
    const e = d.text.charCodeAt(d.pos);
    if (e === 0x2c) {
      d.pos++;
      d.ws();
      continue;
    }
    if (e === 0x7d) break;
    throw SYNTAX_BAIL;
  }
}

/** A struct field as the decoder uses it. */
export interface FieldDec {
  readonly f: FieldV1;
  /** Position in field order (for predicting the next key). */
  readonly idx: number;
  /** `"name"` as it appears in input without escapes. */
  readonly quotedKey: string;
  readonly dec: Decoder;
  readonly last: string;
  readonly quoted: boolean;
}

/** A struct's decoding plan: fields by exact and folded name, in field order, and a generated assigner. */
export interface StructPlan {
  readonly exact: Map<string, FieldDec>;
  readonly folded: Map<string, FieldDec>;
  /** Fields by name folded as Go 1.27 folds (Unicode 17), when that differs from `folded`; else null. */
  readonly folded127: Map<string, FieldDec> | null;
  readonly order: readonly FieldDec[];
  readonly assign: ((d: DecodeState, o: any, idx: number) => void) | null;
}

const structPlans = new PlanCache<StructPlan>();

/** The (cached) decoding plan of struct type `t`. */
export function structPlan(t: GoType & { kind: "struct" }): StructPlan {
  let plan = structPlans.get(t);
  if (plan !== undefined) return plan;
  const sf = structFieldsV1(t);
  const byField = new Map<FieldV1, FieldDec>();
  for (const f of sf.list) {
    byField.set(f, {
      f,
      idx: byField.size,
      quotedKey: `"${f.name}"`,
      dec: f.quoted ? quotedDecoder(f.type) : decoderFor(f.type),
      last: (f.hops[f.hops.length - 1] as FieldV1["hops"][number]).name,
      quoted: f.quoted,
    });
  }
  const exact = new Map<string, FieldDec>();
  const folded = new Map<string, FieldDec>();
  for (const [k, f] of sf.byExactName) exact.set(k, byField.get(f) as FieldDec);
  for (const [k, f] of sf.byFoldedName) folded.set(k, byField.get(f) as FieldDec);
  const order = [...byField.values()];
  let folded127: Map<string, FieldDec> | null = null;
  if (order.some((fd) => hasFoldChange(fd.f.name))) {
    // Go's typeFields keeps the first field for a folded name (dominance already applied).
    folded127 = new Map();
    for (const fd of order) {
      const k = foldNameFor("1.27", fd.f.name);
      if (!folded127.has(k)) folded127.set(k, fd);
    }
  }
  plan = { exact, folded, folded127, order, assign: compileAssign(order) };
  structPlans.set(t, plan);
  return plan;
}

/** The field whose name equals `key` under Go's case folding (of the release `d` reproduces), if any. */
function foldedField(d: DecodeState, plan: StructPlan, key: string): FieldDec | undefined {
  if (d.goVersion === "1.26") return plan.folded.get(foldNameV1(key));
  return (plan.folded127 ?? plan.folded).get(foldNameFor("1.27", key));
}

/**
 * Reads an object key at pos (which is at `"`) and returns its field, trying
 * the field after the previous one first (keys usually come in field order)
 * without building a string. An unmatched key is left in `d.key`.
 */
export function readFieldKey(d: DecodeState, plan: StructPlan, next: number): FieldDec | undefined {
  const fd = plan.order[next];
  if (fd !== undefined && d.text.startsWith(fd.quotedKey, d.pos)) {
    d.pos += fd.quotedKey.length;
    return fd;
  }
  const key = d.readString();
  d.key = key;
  return plan.exact.get(key) ?? foldedField(d, plan, key);
}

/**
 * The object holding field `fd` inside `cur`: walks embedded structs,
 * allocating nil embedded pointers as Go does, and pushes their names on the
 * field stack. Undefined when Go saves an error instead (nil embedded pointer
 * to an unexported struct); the field stack is then back at `stackLen`.
 */
export function fieldHolder(d: DecodeState, cur: any, fd: FieldDec, stackLen: number): any {
  const hops = fd.f.hops;
  let o = cur;
  for (let i = 0; i < hops.length - 1; i++) {
    const h = hops[i] as FieldV1["hops"][number];
    d.fieldStack[d.fsLen++] = h.name;
    if (h.type.kind === "pointer" && (o[h.name] === null || o[h.name] === undefined)) {
      if (!h.exported) {
        d.fsLen = stackLen;
        d.save(
          new GoError(
            "embedded-pointer",
            `json: cannot set embedded pointer to unexported struct: ${typeString(h.type.elem)}`,
          ),
        );
        return undefined;
      }
      o[h.name] = zeroValue(h.type.elem);
    }
    o = o[h.name];
  }
  return o;
}

/** An object member that matches no field: Go's unknown-field error (under disallowUnknownFields), then skipped. */
export function skipUnknownMember(d: DecodeState): void {
  if (d.disallowUnknownFields)
    d.save(new GoError("unknown-field", `json: unknown field ${quoteFor(d.goVersion, d.key)}`));
  d.skip();
}

function buildStruct(t: GoType & { kind: "struct" }): Decoder {
  // Built on first use (not at compile time: recursive types reach themselves).
  let plan: StructPlan | null = null;
  return (d, cur) => {
    const c = d.text.charCodeAt(d.pos);
    if (c !== C_LBRACE) {
      if (c === C_N) {
        d.readLiteral();
        return cur;
      }
      return mismatch(d, t, cur);
    }
    if (d.depth >= DEEP_DEPTH) return d.deep(d, t, cur);
    if (plan === null) plan = structPlan(t);
    const { order, exact, assign } = plan;
    d.enter();
    d.pos++;
    d.ws();
    const text = d.text;
    if (text.charCodeAt(d.pos) !== 0x7d) {
      const stackLen = d.fsLen;
      const prevStruct = d.ctxStruct;
      let next = 0;
      // The field being decoded and its holder, for the partial value when an Abort passes.
      let fd: FieldDec | undefined;
      let o: any;
      try {
        for (;;) {
          if (text.charCodeAt(d.pos) !== C_QUOTE) throw SYNTAX_BAIL;
          // Keys usually come in field order: try the next field's exact name without building a string.
          fd = order[next];
          if (fd !== undefined && text.startsWith(fd.quotedKey, d.pos)) d.pos += fd.quotedKey.length;
          else {
            const key = d.readString();
            d.key = key;
            fd = exact.get(key) ?? foldedField(d, plan, key);
          }
          d.ws();
          if (text.charCodeAt(d.pos) !== 0x3a) throw SYNTAX_BAIL;
          d.pos++;
          d.ws();
          if (fd !== undefined) {
            next = fd.idx + 1;
            o = fd.f.hops.length === 1 ? cur : fieldHolder(d, cur, fd, stackLen);
            if (o !== undefined) {
              d.ctxStruct = t;
              d.fieldStack[d.fsLen++] = fd.f.name;
              if (o === cur && assign !== null) assign(d, o, fd.idx);
              else o[fd.last] = fd.dec(d, o[fd.last]);
              o = undefined;
            } else d.skip();
          } else skipUnknownMember(d);
          d.fsLen = stackLen;
          d.ctxStruct = prevStruct;
          d.ws();
          const e = text.charCodeAt(d.pos);
          if (e === 0x2c) {
            d.pos++;
            d.ws();
            continue;
          }
          if (e === 0x7d) break;
          throw SYNTAX_BAIL;
        }
      } catch (e) {
        // Go decodes into the field in place: what the field holds at the error stays.
        if (e instanceof Abort) {
          if (o !== undefined && fd !== undefined) o[fd.last] = partialOf(e, o[fd.last]);
          e.partial = cur;
        }
        throw e;
      }
    }
    d.pos++;
    d.depth--;
    return cur;
  };
}

const quotedCache = new PlanCache<Decoder>();

/** The decoder for a field with the `,string` option (Go's valueQuoted + literalStore(fromQuoted)). */
function quotedDecoder(t: GoType): Decoder {
  let dec = quotedCache.get(t);
  if (dec !== undefined) return dec;
  const ts = typeString(t);
  const plain = decoderFor(t);
  dec = (d, cur) => {
    const c = d.text.charCodeAt(d.pos);
    if (c === C_N) return plain(d, cur);
    if (c === C_QUOTE) return storeQuoted(d, d.readString(), t, ts, cur);
    if (c === C_LBRACE || c === C_LBRACKET) d.skip();
    else if (c === C_T || c === C_F) d.readLiteral();
    else {
      const lit = d.readNumber();
      // Go's valueQuoted → convertNumber: offset d.off, one byte past the literal.
      if (!d.useNumber && !Number.isFinite(Number(lit))) d.typeError(`number ${lit}`, "float64", d.pos + 1);
    }
    d.save(
      new GoError(
        "string-tag",
        `json: invalid use of ,string struct tag, trying to unmarshal unquoted value into ${ts}`,
      ),
    );
    return cur;
  };
  quotedCache.set(t, dec);
  return dec;
}

/**
 * Go's literalStore(item, v, fromQuoted=true) for the inside of a `,string` value. `ts0` is the
 * field's own type: Go names it (not the type behind its pointers) in the errors of the
 * UnmarshalText branch, which come before it steps to the pointed-to value.
 */
function storeQuoted(d: DecodeState, item: string, t: GoType, ts: string, cur: any, ts0: string = ts): any {
  if (item === "") {
    d.save(stringTagError(d, item, ts));
    return cur;
  }
  const c = item.charCodeAt(0);
  const isNull = c === C_N;
  // indirect: walk pointers (allocating unless decoding null into a settable pointer).
  if (t.kind === "pointer") {
    if (isNull) {
      if (item !== "null") {
        d.save(stringTagError(d, item, ts));
        return cur;
      }
      return null;
    }
    const inner = cur === null || cur === undefined ? zeroValue(t.elem) : cur;
    try {
      return storeQuoted(d, item, t.elem, typeString(t.elem), inner, ts0);
    } catch (e) {
      // Go's indirect allocated the pointer before the error.
      if (e instanceof Abort) e.partial = partialOf(e, inner);
      throw e;
    }
  }
  const mj = findMethod(t, "UnmarshalJSON");
  if (mj !== null) {
    try {
      return setAtHops(cur, mj, mj.fn(new TextEncoder().encode(item), getAtHops(cur, mj)));
    } catch (err) {
      throw wrapMethodError(d, err);
    }
  }
  if (!isNull) {
    const mt = findMethod(t, "UnmarshalText");
    if (mt !== null) {
      if (c !== C_QUOTE) {
        d.save(stringTagError(d, item, ts0));
        return cur;
      }
      const s = unquoteStrict(item);
      if (s === undefined) throw new Abort(stringTagError(d, item, ts0));
      return callUnmarshalText(d, mt, cur, s);
    }
  }
  switch (c) {
    case C_N:
      if (item !== "null") d.save(stringTagError(d, item, ts));
      return cur;
    case C_T:
    case C_F:
      if (item !== "true" && item !== "false") {
        d.save(stringTagError(d, item, ts));
        return cur;
      }
      if (t.kind === "bool") return item === "true";
      d.save(stringTagError(d, item, ts));
      return cur;
    case C_QUOTE: {
      const s = unquoteStrict(item);
      if (s === undefined) throw new Abort(stringTagError(d, item, ts));
      if (t.kind === "string") {
        if (t.known === "json.Number") {
          if (!isValidNumber(s)) {
            throw new Abort(
              new GoError(
                "number-literal",
                `json: invalid number literal, trying to unmarshal ${quoteFor(d.goVersion, item)} into Number`,
              ),
            );
          }
          return new JsonNumber(s);
        }
        return s;
      }
      d.typeError("string", t, d.pos);
      return cur;
    }
  }
  if (c !== 0x2d && !(c >= 0x30 && c <= 0x39)) throw new Abort(stringTagError(d, item, ts));
  switch (t.kind) {
    case "string":
      if (t.known === "json.Number") return new JsonNumber(item);
      throw new Abort(stringTagError(d, item, ts));
    case "float32":
    case "float64": {
      const v = parseFloatGo(item, t.kind === "float32");
      if (v === undefined) {
        d.typeError(`number ${item}`, t, d.pos);
        return cur;
      }
      return v;
    }
    case "bool":
      throw new Abort(stringTagError(d, item, ts));
    default: {
      const v = intParser(t.kind)(item);
      if (v === undefined) {
        d.typeError(`number ${item}`, t, d.pos);
        return cur;
      }
      return v;
    }
  }
}

/** Go's unquote of a complete JSON string literal given as text (undefined when malformed). */
function unquoteStrict(s: string): string | undefined {
  if (s.length < 2 || s[0] !== '"' || s[s.length - 1] !== '"') return undefined;
  try {
    const v = JSON.parse(s) as string;
    // JSON.parse keeps lone surrogates from \u escapes; Go replaces them.
    return wellFormed(v);
  } catch {
    return undefined;
  }
}

function setKey(o: Record<string, unknown>, key: string, v: unknown): void {
  if (key === "__proto__")
    Object.defineProperty(o, key, { value: v, writable: true, enumerable: true, configurable: true });
  else o[key] = v;
}

/** Reads a scalar (string, number, literal) for `any` (Go's literalInterface). */
function anyScalar(d: DecodeState, c: number): unknown {
  switch (c) {
    case C_QUOTE:
      return d.readString();
    case C_T:
    case C_F:
      d.readLiteral();
      return c === C_T;
    case C_N:
      d.readLiteral();
      return null;
  }
  const lit = d.readNumber();
  if (d.useNumber) return new JsonNumber(lit);
  const v = Number(lit);
  if (!Number.isFinite(v)) {
    // Go's convertNumber reports d.off: one byte past the end of the literal.
    d.typeError(`number ${lit}`, "float64", d.pos + 1);
    return null;
  }
  return v;
}

interface AnyFrame {
  readonly arr: unknown[] | null;
  readonly obj: Record<string, unknown> | null;
  key: string;
}

/**
 * Decodes any JSON value into `any` (Go's valueInterface): objects become
 * plain objects (a `__proto__` member is an own property), arrays become
 * arrays, numbers float64 (or JsonNumber under useNumber). Iterative, so
 * nesting up to Go's depth limit never exhausts the JavaScript stack.
 */
export function decodeAny(d: DecodeState): unknown {
  const text = d.text;
  let c = text.charCodeAt(d.pos);
  if (c !== C_LBRACE && c !== C_LBRACKET) return anyScalar(d, c);
  const stack: AnyFrame[] = [];
  let value: unknown;
  for (;;) {
    // Start a value at pos (c is its first char).
    if (c === C_LBRACE || c === C_LBRACKET) {
      d.enter();
      d.pos++;
      d.ws();
      const isObj = c === C_LBRACE;
      const frame: AnyFrame = isObj ? { arr: null, obj: {}, key: "" } : { arr: [], obj: null, key: "" };
      const close = isObj ? 0x7d : 0x5d;
      if (text.charCodeAt(d.pos) === close) {
        d.pos++;
        d.depth--;
        value = isObj ? frame.obj : frame.arr;
      } else {
        if (isObj) {
          if (text.charCodeAt(d.pos) !== C_QUOTE) throw SYNTAX_BAIL;
          frame.key = d.readString();
          d.ws();
          if (text.charCodeAt(d.pos) !== 0x3a) throw SYNTAX_BAIL;
          d.pos++;
          d.ws();
        }
        stack.push(frame);
        c = text.charCodeAt(d.pos);
        continue;
      }
    } else value = anyScalar(d, c);
    // A value is complete: store it and continue with the parent.
    for (;;) {
      const top = stack[stack.length - 1];
      if (top === undefined) return value;
      if (top.arr !== null) top.arr.push(value);
      else setKey(top.obj as Record<string, unknown>, top.key, value);
      d.ws();
      const e = text.charCodeAt(d.pos);
      if (e === 0x2c) {
        d.pos++;
        d.ws();
        if (top.obj !== null) {
          if (text.charCodeAt(d.pos) !== C_QUOTE) throw SYNTAX_BAIL;
          top.key = d.readString();
          d.ws();
          if (text.charCodeAt(d.pos) !== 0x3a) throw SYNTAX_BAIL;
          d.pos++;
          d.ws();
        }
        c = text.charCodeAt(d.pos);
        break;
      }
      if ((top.arr !== null && e === 0x5d) || (top.obj !== null && e === 0x7d)) {
        d.pos++;
        d.depth--;
        stack.pop();
        value = top.arr ?? top.obj;
        continue;
      }
      throw SYNTAX_BAIL;
    }
  }
}

/**
 * One generated function per struct that stores a decoded field under a
 * constant property name (Go field names, embedded with JSON.stringify).
 * Returns null where code generation is not allowed (CSP).
 */
function compileAssign(order: readonly FieldDec[]): ((d: DecodeState, o: any, idx: number) => void) | null {
  let body = "switch (i) {\n";
  order.forEach((fd, i) => {
    if (fd.f.hops.length !== 1) return;
    const k = JSON.stringify(fd.last);
    body += `case ${i}: o[${k}] = F[${i}].dec(d, o[${k}]); return;\n`;
  });
  body += "default: { const f = F[i]; o[f.last] = f.dec(d, o[f.last]); }\n}\n";
  try {
    return new Function("F", `"use strict"; return function assign(d, o, i) {\n${body}};`)(order) as (
      d: DecodeState,
      o: any,
      idx: number,
    ) => void;
  } catch {
    return null;
  }
}
