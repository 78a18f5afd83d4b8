/**
 * Compiled marshal plans: one encoder per (Go type, relevant options, field
 * overrides), cached in a WeakMap keyed by the GoType, built once.
 */

import {
  assertResolved,
  GoTime,
  type GoType,
  JsonNumber,
  jsonNumber,
  mapOf,
  methodsVersion,
  typeString as reflectTypeString,
  type StructType,
  sliceOf,
  T,
} from "@gojson/gotype";
import type { QuotePolicy } from "@gojson/jsontext";
import { Decoder, formatFloat, MAX_NESTING_DEPTH, SyntacticError, utf8Length } from "@gojson/jsontext";
import { type ByteFormat, encodeBytes } from "./bytes-format.js";
import { DURATION_SCALES, durationString, formatDurationISO8601, formatDurationNumber } from "./duration.js";
import {
  ERR_INVALID_STRING_TAG,
  ERR_RAW_INLINED_NOT_OBJECT,
  escapePointerToken,
  goQuote,
  indentMarshalError,
  noteWrittenInside,
  positionedMarshalError,
  prefixMarshalPointer,
  readCauseMarshalError,
  SemanticError,
  syntacticError,
} from "./errors.js";
import { type FieldV2, foldName, foldNameLegacy, type StructFieldsV2, structFieldsV2 } from "./fields.js";
import { isZero, lookupMethod } from "./go-values.js";
import {
  checkInt,
  describeValue,
  InvalidValueError,
  invalidValue,
  isBigInt,
  isFloat32,
  isSmallInt,
  missingField,
  wantText,
} from "./invalid-value.js";
import { legacySyntaxText, MarshalerError } from "./legacy-errors.js";
import {
  CYCLE_DETECTION_DEPTH,
  DEEP_AFTER,
  type Enc,
  encodeDeep,
  leave,
  type MFrame,
  ms,
  openContainer,
  visit,
} from "./marshal-deep.js";
import { NEGATIVE_ZERO_KEY } from "./negative-zero-key.js";
import { isJsonNumber } from "./number-syntax.js";
import type { ResolvedOptions } from "./options.js";
import { quotePolicyFor, quoteWith } from "./quote.js";
import { indentCompact, reformatRaw, startsWithClose } from "./raw.js";
import { canLegacyStringify, stringTagPointerToPointer, stringTagUse } from "./string-tag.js";
import { formatTime, timeLayoutOf } from "./time-layout.js";

export type { Enc };

/** Per-field overrides that change a type's representation. */
interface Mode {
  readonly addr: boolean;
  /** `string` tag (v2: numbers, recursively; legacy: also bools and strings, not recursive). */
  readonly str: boolean;
  readonly format: string;
  /** Set for a `string`-tagged field under legacy semantics (quote bool/string/number once). */
  readonly legacyStr: boolean;
  /** Go 1.27's StringTag: the field's `string` option, resolved by `compile` (string-tag.ts). */
  readonly tag: boolean;
}

const NO_MODE: Mode = { addr: false, str: false, format: "", legacyStr: false, tag: false };

let cache = new WeakMap<GoType, Map<string, Enc>>();
/** gotype's methodsVersion when `cache` was started: withMethods on a type used before drops every plan. */
let cacheAt = methodsVersion();

function marshalErr(t: GoType | undefined, cause: string | Error): SemanticError {
  return new SemanticError({ action: "marshal", goType: t, cause });
}

/** The encoder for t under options o (top-level values are not addressable). */
export function encoderFor(t: GoType, o: ResolvedOptions): Enc {
  const enc = compile(t, o, { ...NO_MODE, str: o.flags.stringifyNumbers });
  const f = o.flags;
  if (!(f.multiline || f.spaceAfterColon || f.spaceAfterComma)) return enc;
  // Indented output: error offsets count the whitespace Go writes before the failing value.
  return (v) => {
    try {
      return enc(v);
    } catch (e) {
      throw indentMarshalError(e, (s) =>
        indentCompact(s, o.indentPrefix, o.indent, f.spaceAfterColon, f.spaceAfterComma, f.multiline),
      );
    }
  };
}

function compile(t: GoType, o: ResolvedOptions, m0: Mode): Enc {
  let m = m0;
  if (m.tag && t.kind !== "pointer") {
    // Go 1.27: what the `string` option means for this type (numbers only in v2, else an error).
    const use = stringTagUse(t, o, "marshal", !o.flags.callMethodsWithLegacySemantics || m.addr);
    if (use === "error") return invalidStringTag(t);
    m = { ...m, tag: false, str: m.str || use === "number", legacyStr: use === "legacy" };
  }
  const key = `${o.key}|${m.addr ? 1 : 0}${m.str ? 1 : 0}${m.legacyStr ? 1 : 0}${m.tag ? 1 : 0}|${m.format}`;
  const mv = methodsVersion();
  if (mv !== cacheAt) {
    cache = new WeakMap();
    cacheAt = mv;
  }
  let per = cache.get(t);
  if (!per) {
    per = new Map();
    cache.set(t, per);
  }
  const hit = per.get(key);
  if (hit) return hit;
  let real: Enc | undefined;
  const fwd: Enc = (v) => (real as Enc)(v);
  // A recursive type's inner references reach the real encoder's deep-path frame through the stub.
  fwd.frame = (v) => {
    const r = real as Enc;
    return r.frame !== undefined ? r.frame(v) : r(v);
  };
  per.set(key, fwd);
  real = build(t, o, m);
  if (real.frame === undefined) fwd.frame = undefined;
  per.set(key, real);
  return real;
}

function q(o: ResolvedOptions, s: string): string {
  return quoteWith(s, quotePolicyFor(o));
}

function build(t: GoType, o: ResolvedOptions, m: Mode): Enc {
  switch (t.known) {
    case "time.Time":
      return checked(t, timeEncoder(t, o, m), (v) => GoTime.isInstance(v));
    case "time.Duration":
      return checked(t, durationEncoder(t, o, m), (v) => isBigInt("int64", v));
    case "json.Number":
      return jsonNumberEncoder(t, o, m);
    case "json.RawMessage":
    case "jsontext.Value":
      return rawValueEncoder(t, o);
  }
  // A pointer's methods are its element's (Go has no methods on named pointer types): nil is null first.
  if (t.kind === "pointer") return pointerEncoder(t, o, m);
  // Methods first (v2: callable regardless of addressability; legacy: pointer receivers need an addressable value).
  const me = methodEncoder(t, o, m);
  if (me !== undefined) return me;
  // Kinds that take no `format` option: Go reports it before writing the value (Go 1.26; Go 1.27
  // rejects every `format` option up front).
  if (m.format !== "" && FORMATLESS_KINDS.has(t.kind)) return invalidFormat(t, m.format);
  switch (t.kind) {
    case "bool":
      return boolEncoder(t, o, m);
    case "string":
      return stringEncoder(t, o, m);
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
      return intEncoder(t, m);
    case "float32":
    case "float64":
      return floatEncoder(t, m);
    case "slice":
      return sliceEncoder(t, o, m);
    case "array":
      return arrayEncoder(t, o, m);
    case "map":
      return mapEncoder(t, o, m);
    case "interface":
      if (t.opaque !== undefined) return opaqueEncoder(t);
      return anyEncoder(o, m);
    case "struct":
      return structEncoder(t, o, m);
  }
}

/** The encoder of json.Number (Number.MarshalJSONTo). */
function jsonNumberEncoder(t: GoType, o: ResolvedOptions, m: Mode): Enc {
  const f = o.flags;
  // Number.MarshalJSONTo quotes under StringifyNumbers (the `string` option too).
  const quote = m.str || m.legacyStr;
  return (v) => {
    let s: string;
    if (typeof v === "string") s = v;
    else if (JsonNumber.isInstance(v)) s = v.text;
    else throw invalidValue(t, v);
    return numberText(t, s, quote, f.reportErrorsWithLegacySemantics);
  };
}

/** The encoder of json.RawMessage and jsontext.Value: the raw bytes, checked and reformatted. */
function rawValueEncoder(t: GoType, o: ResolvedOptions): Enc {
  const f = o.flags;
  return (v) => {
    // Go: a nil Value is null; an empty one is given to the encoder (unexpected EOF).
    if (v === null) return "null";
    if (typeof v !== "string" && !(v instanceof Uint8Array)) throw invalidValue(t, v);
    try {
      // The bytes themselves: invalid UTF-8 is the decoder's to judge (not replaced first).
      return reformatRaw(v, o);
    } catch (e) {
      // Go 1.26: Value has a MarshalJSON method; legacy reporting wraps its write error in a
      // MarshalerError on `*jsontext.Value` (json.RawMessage is an alias of it).
      if (f.reportErrorsWithLegacySemantics) {
        const detail = SyntacticError.isInstance(e) ? legacySyntaxText(e.detail) : (e as Error).message;
        throw new MarshalerError("*jsontext.Value", "MarshalJSON", detail);
      }
      throw rawErr(marshalErr(t, e as Error), v);
    }
  };
}

/** The encoder of a pointer: nil is null, else its element (Go's cycle check on the deep path). */
function pointerEncoder(t: Extract<GoType, { kind: "pointer" }>, o: ResolvedOptions, m: Mode): Enc {
  // Go 1.27: `string` with v1 semantics does not reach through a pointer to a pointer.
  const pp = m.tag ? stringTagPointerToPointer(t, o) : "keep";
  if (pp === "error") return invalidStringTag(t);
  const elem = compile(t.elem, o, { ...m, addr: true, tag: m.tag && pp === "keep" });
  const enc: Enc = (v) => {
    if (v === null) return "null";
    if (v === undefined) throw invalidValue(t, v);
    if (ms.depth >= DEEP_AFTER) return encodeDeep(enc, v);
    return elem(v);
  };
  enc.frame = (v) => {
    if (v === null) return "null";
    if (v === undefined) throw invalidValue(t, v);
    return new PointerFrame(t, elem, v);
  };
  return enc;
}

/**
 * The encoder of a type with a MarshalJSON or MarshalText method, or undefined. v2 calls them
 * regardless of addressability; legacy semantics call pointer-receiver methods on addressable values only.
 */
function methodEncoder(t: GoType, o: ResolvedOptions, m: Mode): Enc | undefined {
  const f = o.flags;
  const addr = !f.callMethodsWithLegacySemantics || m.addr;
  const mj = lookupMethod(t, "MarshalJSON", addr);
  const mt = lookupMethod(t, "MarshalText", addr);
  const legacyErr = f.reportErrorsWithLegacySemantics;
  /** Under legacy error reporting a method's error is always wrapped in v1's MarshalerError (receiver `*T`). */
  const methodErr = (e: unknown, func: string): unknown => {
    if (!legacyErr) return marshalErr(t, e instanceof Error ? e : String(e));
    const detail = SyntacticError.isInstance(e)
      ? legacySyntaxText(e.detail)
      : e instanceof Error
        ? e.message
        : String(e);
    return new MarshalerError(`*${reflectTypeString(t)}`, func, detail);
  };
  if (mj) {
    const fn = mj.call;
    return (v) => {
      let out: Uint8Array | string;
      try {
        out = fn(v);
      } catch (e) {
        throw methodErr(e, "MarshalJSON");
      }
      try {
        return reformatRaw(out, o);
      } catch (e) {
        if (legacyErr) throw methodErr(e, "MarshalJSON");
        throw rawErr(marshalErr(t, e as Error), out);
      }
    };
  }
  if (mt) {
    const fn = mt.call;
    return (v) => {
      let out: Uint8Array | string;
      try {
        out = fn(v);
      } catch (e) {
        throw methodErr(e, "MarshalText");
      }
      // Go's encoder checks the text as a string value: invalid UTF-8 (unless allowed) is its error,
      // wrapped as this type's (v2), or replaced by U+FFFD (allowInvalidUTF8).
      try {
        return q(o, typeof out === "string" ? out : methodText(out, f.allowInvalidUTF8));
      } catch (e) {
        if (SyntacticError.isInstance(e)) throw marshalErr(t, e);
        throw e;
      }
    };
  }
  return undefined;
}

/** The encoder of a bool (v1's `string` option: quoted). */
function boolEncoder(t: GoType, o: ResolvedOptions, m: Mode): Enc {
  const enc: Enc = (v) => {
    if (typeof v !== "boolean") throw invalidValue(t, v);
    return v ? "true" : "false";
  };
  return m.legacyStr ? (v) => q(o, enc(v)) : enc;
}

/** The encoder of a string (v1's `string` option: quoted twice). */
function stringEncoder(t: GoType, o: ResolvedOptions, m: Mode): Enc {
  const pol = quotePolicyFor(o);
  if (m.legacyStr)
    return (v) => {
      if (typeof v !== "string") throw invalidValue(t, v);
      return q(o, q(o, v));
    };
  return (v) => {
    if (typeof v !== "string") throw invalidValue(t, v);
    return quoteWith(v, pol);
  };
}

/** The encoder of the integer kinds (quoted under `string`). */
function intEncoder(t: GoType, m: Mode): Enc {
  return m.str || m.legacyStr
    ? (v) => {
        checkInt(t, v);
        return `"${v}"`;
      }
    : (v) => {
        checkInt(t, v);
        return String(v);
      };
}

/** The encoder of float32 and float64 (NaN and infinities are errors unless format:nonfinite). */
function floatEncoder(t: GoType, m: Mode): Enc {
  const bits = t.kind === "float32" ? 32 : 64;
  const nonfinite = m.format === "nonfinite";
  if (m.format !== "" && !nonfinite) return invalidFormat(t, m.format);
  return (v: number) => {
    if (typeof v !== "number" || (bits === 32 && !isFloat32(v))) throw invalidValue(t, v);
    if (!Number.isFinite(v)) {
      if (nonfinite) return Number.isNaN(v) ? '"NaN"' : v > 0 ? '"Infinity"' : '"-Infinity"';
      throw marshalErr(t, `unsupported value: ${Number.isNaN(v) ? "NaN" : v > 0 ? "+Inf" : "-Inf"}`);
    }
    const s = formatFloat(v, bits);
    return m.str || m.legacyStr ? `"${s}"` : s;
  };
}

/**
 * The encoder of func, chan, complex and unsafe.Pointer (Go's unsupported kinds): an error for
 * every value, nil included (`cannot marshal from Go func()`; v1's `unsupported type: func()`).
 * A type gotype could not resolve is gotype's error when a value reaches it.
 */
function opaqueEncoder(t: GoType & { kind: "interface" }): Enc {
  if (t.opaque?.kind === "unresolved")
    return () => {
      assertResolved(t);
      throw new Error("gojson codec-v2: unresolved type");
    };
  return () => {
    throw new SemanticError({ action: "marshal", goType: t });
  };
}

/** checked returns enc behind a check that its value fits Go type t (else an InvalidValueError). */
function checked(t: GoType, enc: Enc, ok: (v: unknown) => boolean): Enc {
  return (v) => {
    if (!ok(v)) throw invalidValue(t, v);
    return enc(v);
  };
}

function invalidFormat(t: GoType, format: string): Enc {
  return () => {
    throw marshalErr(t, `invalid format flag ${JSON.stringify(format)}`);
  };
}

const strictUTF8 = new TextDecoder("utf-8", { fatal: true });

/** methodText decodes a MarshalText result: invalid UTF-8 is Go's error unless allowed (then U+FFFD). */
function methodText(b: Uint8Array, allowInvalid: boolean): string {
  if (allowInvalid) return new TextDecoder().decode(b);
  try {
    return strictUTF8.decode(b);
  } catch {
    throw syntacticError("invalid UTF-8", 0);
  }
}

/** The kinds whose arshalers take no `format` option (Go's newInvalidFormatError). */
const FORMATLESS_KINDS: ReadonlySet<string> = new Set([
  "bool",
  "string",
  "int",
  "int8",
  "int16",
  "int32",
  "int64",
  "uint",
  "uint8",
  "uint16",
  "uint32",
  "uint64",
  "uintptr",
  "struct",
  "interface",
]);

/** Go 1.27's errInvalidStringTag: the `string` option on a type whose value is not a JSON number. */
function invalidStringTag(t: GoType): Enc {
  return () => {
    throw marshalErr(t, ERR_INVALID_STRING_TAG);
  };
}

/**
 * Whether Go's bytes arshaler serves t: []~byte or [N]~byte whose element has no methods, and
 * for a named byte type (`type B byte`) only under v1's legacy semantics: json/v2 treats []B
 * and [N]B as []T and [N]T (arrays of numbers, byte formats invalid).
 */
export function isByteSlice(t: GoType, o: ResolvedOptions): boolean {
  // Go's makeBytesArshaler: []T or [N]T (json/v2) for a named byte; under legacy semantics bytes,
  // unless the element has a marshal method (hasMarshaler: the elements are written one by one).
  return (
    (t.kind === "slice" || t.kind === "array") &&
    t.elem.kind === "uint8" &&
    (t.elem.name === undefined ||
      (o.flags.formatBytesWithLegacySemantics &&
        !lookupMethod(t.elem, "MarshalJSON") &&
        !lookupMethod(t.elem, "MarshalText")))
  );
}

const BYTE_FORMATS = new Set(["base64", "base64url", "base32", "base32hex", "hex"]);

function sliceEncoder(t: Extract<GoType, { kind: "slice" }>, o: ResolvedOptions, m: Mode): Enc {
  const f = o.flags;
  let nilNull = f.formatNilSliceAsNull;
  let format = m.format;
  // Go: emitnull/emitempty are not byte formats (a []byte with one is an invalid format error).
  const bytes = isByteSlice(t, o);
  if (!bytes && format === "emitnull") {
    nilNull = true;
    format = "";
  } else if (!bytes && format === "emitempty") {
    nilNull = false;
    format = "";
  }
  if (isByteSlice(t, o) && format !== "array") {
    const bf = (format === "" ? "base64" : format === "base16" ? "hex" : format) as ByteFormat;
    if (!BYTE_FORMATS.has(bf)) return invalidFormat(t, format);
    return (v: Uint8Array | null) => {
      if (v === null) return nilNull ? "null" : '""';
      if (!(v instanceof Uint8Array)) throw invalidValue(t, v);
      return `"${encodeBytes(v, bf)}"`;
    };
  }
  // "array" is a byte-slice format only (Go's makeBytesArshaler); other slices take no format.
  if (format !== "" && !(format === "array" && isByteSlice(t, o))) return invalidFormat(t, format);
  const elem = compile(t.elem, o, { ...m, format: "", addr: true });
  // A list of a named byte type ([]B, numbers in json/v2) may be held in a Uint8Array too.
  const u8 = t.elem.kind === "uint8";
  const enc: Enc = (v: unknown) => {
    if (v === null) return nilNull ? "null" : "[]";
    if (!Array.isArray(v) && !(u8 && v instanceof Uint8Array)) throw invalidValue(t, v);
    if (ms.depth >= DEEP_AFTER) return encodeDeep(enc, v);
    return encodeElems(v as ArrayLike<unknown>, elem);
  };
  enc.frame = (v: unknown) => {
    if (v === null) return nilNull ? "null" : "[]";
    if (!Array.isArray(v) && !(u8 && v instanceof Uint8Array)) throw invalidValue(t, v);
    return new ElemsFrame(elem, v as ArrayLike<unknown>, t);
  };
  return enc;
}

function encodeElems(v: ArrayLike<unknown>, elem: Enc): string {
  const n = v.length;
  if (n === 0) return "[]";
  ms.depth++;
  let out = "[";
  let i = 0;
  try {
    for (; i < n; i++) {
      if (i > 0) out += ",";
      out += elem(v[i]);
    }
  } catch (e) {
    if (i > 0 && typeof e === "object" && e !== null && BEFORE_DELIM.has(e) && SemanticError.isInstance(e)) {
      // A raw element that starts with `}` or `]` fails before Go writes its comma, where its
      // encoder would close the array (counted as `]` one byte back, so indentation counts too).
      const err = prefixMarshalPointer(e, String(i), `${out.slice(0, -1)}]`) as SemanticError;
      const c = err.cause;
      if (SyntacticError.isInstance(c)) {
        err.cause = syntacticError(c.detail, c.offset - 1, c.pointer);
        err.render();
      }
      throw err;
    }
    throw prefixMarshalPointer(e, String(i), out);
  }
  ms.depth--;
  return `${out}]`;
}

/** Raw-value errors whose value starts with `}` or `]` (Go writes no comma before it). */
const BEFORE_DELIM = new WeakSet<object>();

/** rawErr marks a raw value's error for its enclosing array (see BEFORE_DELIM) and returns it. */
function rawErr<E>(e: E, raw: string | Uint8Array): E {
  if (typeof e === "object" && e !== null && startsWithClose(raw)) BEFORE_DELIM.add(e);
  return e;
}

/** The deep-path frame of a pointer: Go's cycle check, then its element (no pointer segment). */
class PointerFrame implements MFrame {
  ce: Enc;
  cv: unknown;
  private done = false;
  private text = "";
  private readonly visited: boolean;
  constructor(
    private readonly t: GoType,
    elem: Enc,
    v: unknown,
  ) {
    this.visited = visit(t, v);
    this.ce = elem;
    this.cv = v;
  }
  next(): boolean {
    if (this.done) return false;
    this.done = true;
    return true;
  }
  put(s: string): void {
    this.text = s;
  }
  finish(): string {
    if (this.visited) leave(this.t, this.cv);
    return this.text;
  }
  seg(): string | undefined {
    return undefined;
  }
  offset(): number {
    return 0;
  }
}

/** The deep-path frame of a slice or array (a slice is remembered for cycles; an array is not a reference). */
class ElemsFrame implements MFrame {
  ce: Enc;
  cv: unknown;
  private out = "[";
  private i = 0;
  private readonly visited: boolean;
  constructor(
    elem: Enc,
    private readonly v: ArrayLike<unknown>,
    private readonly t: GoType | undefined,
  ) {
    this.visited = t !== undefined && v.length > 0 && visit(t, v);
    openContainer();
    this.ce = elem;
  }
  next(): boolean {
    const i = this.i;
    if (i >= this.v.length) return false;
    if (i > 0) this.out += ",";
    this.cv = this.v[i];
    this.i = i + 1;
    return true;
  }
  put(s: string): void {
    this.out += s;
  }
  finish(): string {
    ms.depth--;
    if (this.visited) leave(this.t as GoType, this.v);
    return `${this.out}]`;
  }
  seg(): string | undefined {
    return String(this.i - 1);
  }
  offset(): number {
    return utf8Length(this.out);
  }
}

function arrayEncoder(t: Extract<GoType, { kind: "array" }>, o: ResolvedOptions, m: Mode): Enc {
  const format = m.format;
  const asArray = format === "array" || (format === "" && o.flags.formatByteArrayAsArray);
  if (isByteSlice(t, o) && !asArray) {
    const bf = (format === "" ? "base64" : format === "base16" ? "hex" : format) as ByteFormat;
    if (!BYTE_FORMATS.has(bf)) return invalidFormat(t, format);
    return (v: ArrayLike<number>) => {
      if (!isByteArray(v, t.len)) throw invalidValue(t, v);
      return `"${encodeBytes(v instanceof Uint8Array ? v : Uint8Array.from(v), bf)}"`;
    };
  }
  if (format !== "" && !(format === "array" && isByteSlice(t, o))) return invalidFormat(t, format);
  const elem = compile(t.elem, o, { ...m, format: "" });
  const u8 = t.elem.kind === "uint8";
  const check = (v: ArrayLike<unknown>): void => {
    if (!((Array.isArray(v) || (u8 && v instanceof Uint8Array)) && v.length === t.len))
      throw invalidValue(t, v);
  };
  const enc: Enc = (v: ArrayLike<unknown>) => {
    check(v);
    if (ms.depth >= DEEP_AFTER) return encodeDeep(enc, v);
    return encodeElems(v, elem);
  };
  enc.frame = (v: ArrayLike<unknown>) => {
    check(v);
    return new ElemsFrame(elem, v, undefined);
  };
  return enc;
}

/** Whether v is the value of a [n]byte: a Uint8Array, or an array of byte numbers, of length n. */
function isByteArray(v: unknown, n: number): boolean {
  if (v instanceof Uint8Array) return v.length === n;
  if (!Array.isArray(v) || v.length !== n) return false;
  for (let i = 0; i < n; i++) if (!isSmallInt("uint8", v[i])) return false;
  return true;
}

/** Compare strings by UTF-8 byte order (code point order), as Go sorts names. */
export function compareUTF8(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) {
      const xs = x >= 0xd800 && x <= 0xdfff;
      const ys = y >= 0xd800 && y <= 0xdfff;
      if (xs !== ys) return xs ? 1 : -1;
      return x - y;
    }
  }
  return a.length - b.length;
}

function keyEncoder(k: GoType, o: ResolvedOptions): (key: unknown) => string {
  const f = o.flags;
  if (k.known === "time.Duration" && !f.formatDurationAsNano) {
    // Go's Duration arshaler has no default representation, for a key as for a value.
    return () => {
      throw marshalErr(k, o.rules.durationNoDefault);
    };
  }
  // v2 calls MarshalJSON and MarshalText on keys; v1 only MarshalText.
  const mj = lookupMethod(k, "MarshalJSON");
  if (mj && !f.callMethodsWithLegacySemantics) {
    const fn = mj.call;
    return (key) => {
      const out = fn(key);
      let r: string;
      try {
        r = reformatRaw(out, o);
      } catch (e) {
        // Invalid output of the method: Go wraps the encoder's error (newMarshalErrorBefore).
        throw SyntacticError.isInstance(e) ? marshalErr(k, e) : e;
      }
      if (r[0] !== '"') throw marshalErr(k, "JSON value must be string type");
      return JSON.parse(r) as string;
    };
  }
  const mt = lookupMethod(k, "MarshalText", !f.callMethodsWithLegacySemantics);
  // Go 1.27 (v1 semantics): MarshalText is not called on a key of string kind (classic v1's rule).
  if (mt && !(f.callMethodsWithLegacySemantics && o.rules.legacyStringKeysSkipText && k.kind === "string")) {
    const fn = mt.call;
    return (key) => {
      let out: Uint8Array | string;
      try {
        out = fn(key);
      } catch (e) {
        // The method's error: v1's MarshalerError (legacy), else Go's SemanticError at the key.
        if (f.reportErrorsWithLegacySemantics) {
          const detail = e instanceof Error ? e.message : String(e);
          throw new MarshalerError(`*${reflectTypeString(k)}`, "MarshalText", detail);
        }
        throw positionedMarshalError(marshalErr(k, e instanceof Error ? e : String(e)));
      }
      if (typeof out === "string") return out;
      try {
        return methodText(out, f.allowInvalidUTF8);
      } catch (e) {
        throw SyntacticError.isInstance(e) ? marshalErr(k, e) : e;
      }
    };
  }
  switch (k.kind) {
    case "string":
      return (key) => {
        if (typeof key !== "string") throw invalidKey(k, key);
        return key;
      };
    case "float32":
    case "float64": {
      const bits = k.kind === "float32" ? 32 : 64;
      return (key) => {
        // The key -0 (a JS Map cannot hold it as a number): Go writes "-0".
        if (key === NEGATIVE_ZERO_KEY) return "-0";
        if (typeof key !== "number" || (bits === 32 && !isFloat32(key))) throw invalidKey(k, key);
        const x = key;
        // A non-finite key is unsupported, as a value is (Go's float arshaler).
        if (!Number.isFinite(x))
          throw positionedMarshalError(
            marshalErr(k, `unsupported value: ${Number.isNaN(x) ? "NaN" : x > 0 ? "+Inf" : "-Inf"}`),
          );
        return formatFloat(x, bits);
      };
    }
    case "bool":
    case "array":
    case "struct":
      // Go writes the key with the bool arshaler, a literal where a member name belongs (an array or
      // struct key: `[` or `{`): the encoder refuses it (jsontext.ErrNonStringName) and no such map
      // encodes, empty ones aside.
      return () => {
        throw marshalErr(k, syntacticError("object member name must be a string", 0));
      };
    default:
      return (key) => {
        if (isBigKindOf(k) ? !isBigInt(k.kind, key) : !isSmallInt(k.kind, key)) throw invalidKey(k, key);
        return String(key);
      };
  }
}

function isBigKindOf(t: GoType): boolean {
  const k = t.kind;
  return k === "int" || k === "int64" || k === "uint" || k === "uint64" || k === "uintptr";
}

/** invalidKey makes the error for a map key that does not fit the key type k. */
function invalidKey(k: GoType, key: unknown): InvalidValueError {
  return new InvalidValueError(k, `${wantText(k)} as map key`, describeValue(key));
}

function mapEncoder(t: Extract<GoType, { kind: "map" }>, o: ResolvedOptions, m: Mode): Enc {
  const f = o.flags;
  let nilNull = f.formatNilMapAsNull;
  if (m.format === "emitnull") nilNull = true;
  else if (m.format === "emitempty") nilNull = false;
  else if (m.format !== "") return invalidFormat(t, m.format);
  const kenc = keyEncoder(t.key, o);
  const venc = compile(t.elem, o, { ...m, format: "", addr: false });
  const det = f.deterministic;
  const pol = quotePolicyFor(o);
  const entriesOf = (v: Map<unknown, unknown>): [string, unknown][] => {
    let entries: [string, unknown][] = [];
    try {
      for (const [k, val] of v) entries.push([kenc(k), val]);
    } catch (e) {
      // Go writes each name right after `{` (sorting; the first name otherwise) before it fails.
      throw prefixMarshalPointer(e, undefined, "{");
    }
    if (det) entries = entries.sort((a, b) => compareUTF8(a[0], b[0]));
    if (!f.allowDuplicateNames && entries.length > 1) {
      const seen = new Set<string>();
      for (const [k] of entries) {
        if (seen.has(k)) throw syntacticError("duplicate object member name", 0, `/${escapePointerToken(k)}`);
        seen.add(k);
      }
    }
    return entries;
  };
  const enc: Enc = (v: Map<unknown, unknown> | null) => {
    if (v === null) return nilNull ? "null" : "{}";
    if (!(v instanceof Map)) throw invalidValue(t, v);
    if (v.size === 0) return "{}";
    if (ms.depth >= DEEP_AFTER) return encodeDeep(enc, v);
    const entries = entriesOf(v);
    ms.depth++;
    let out = "{";
    let first = true;
    for (const [k, val] of entries) {
      if (!first) out += ",";
      first = false;
      out += quoteWith(k, pol);
      out += ":";
      try {
        out += venc(val);
      } catch (e) {
        throw prefixMarshalPointer(e, k, out);
      }
    }
    ms.depth--;
    return `${out}}`;
  };
  enc.frame = (v: Map<unknown, unknown> | null) => {
    if (v === null) return nilNull ? "null" : "{}";
    if (!(v instanceof Map)) throw invalidValue(t, v);
    const visited = visit(t, v);
    if (v.size === 0) {
      openContainer();
      ms.depth--;
      if (visited) leave(t, v);
      return "{}";
    }
    return new MapFrame(t, v, entriesOf(v), venc, pol, visited);
  };
  return enc;
}

/** The deep-path frame of a map (remembered for cycles). */
class MapFrame implements MFrame {
  cv: unknown;
  private out = "{";
  private i = 0;
  constructor(
    private readonly t: GoType,
    private readonly ref: unknown,
    private readonly entries: [string, unknown][],
    readonly ce: Enc,
    private readonly pol: QuotePolicy,
    private readonly visited: boolean,
  ) {
    openContainer();
  }
  next(): boolean {
    const i = this.i;
    if (i >= this.entries.length) return false;
    const [k, val] = this.entries[i] as [string, unknown];
    this.out += `${i > 0 ? "," : ""}${quoteWith(k, this.pol)}:`;
    this.cv = val;
    this.i = i + 1;
    return true;
  }
  put(s: string): void {
    this.out += s;
  }
  finish(): string {
    ms.depth--;
    if (this.visited) leave(this.t, this.ref);
    return `${this.out}}`;
  }
  seg(): string | undefined {
    return (this.entries[this.i - 1] as [string, unknown])[0];
  }
  offset(): number {
    return utf8Length(this.out);
  }
}

/**
 * numberText is Go's json.Number.MarshalJSONTo: "" is 0, quoted under StringifyNumbers, and a
 * text that is not a JSON number is an error (legacy reporting: v1's MarshalerError).
 */
function numberText(t: GoType, s: string, quote: boolean, legacy: boolean): string {
  const n = s === "" ? "0" : s;
  const val = quote ? `"${n}"` : n;
  if (isJsonNumber(n)) return val;
  const detail = `cannot parse ${goQuote(val)} as JSON number: invalid syntax`;
  if (legacy) throw new MarshalerError("*json.Number", "MarshalJSONTo", detail);
  throw marshalErr(t, detail);
}

function unsupportedNumber(v: number): SemanticError {
  return marshalErr(undefined, `unsupported value: ${Number.isNaN(v) ? "NaN" : v > 0 ? "+Inf" : "-Inf"}`);
}

/** A container being written by the iterative any encoder. */
interface AnyFrame {
  readonly ref: object;
  readonly isObj: boolean;
  readonly keys: string[] | null;
  readonly vals: unknown[];
  i: number;
}

/**
 * anyEncoder encodes `any` (Go's interface{}) values: JS arrays as []any, plain
 * objects and Maps as map[string]any. Iterative (an explicit stack), with
 * jsontext's MAX_NESTING_DEPTH (`exceeded max depth`) and Go's cycle detection
 * past depth 1000 (`encountered a cycle`), so deep or cyclic values cannot
 * overflow the JS stack.
 */
function anyEncoder(o: ResolvedOptions, m: Mode): Enc {
  const f = o.flags;
  const pol = quotePolicyFor(o);
  const det = f.deterministic;
  const str = m.str;
  /** The text of a non-container value, or undefined for a container. */
  const scalar = (v: unknown): string | undefined => {
    if (v === null || v === undefined) return "null";
    switch (typeof v) {
      case "boolean":
        return v ? "true" : "false";
      case "string":
        return quoteWith(v, pol);
      case "number":
        if (!Number.isFinite(v)) throw unsupportedNumber(v);
        return str ? `"${formatFloat(v, 64)}"` : formatFloat(v, 64);
      case "bigint":
        return str ? `"${v}"` : String(v);
      case "object":
        if (Array.isArray(v)) return undefined;
        if (v instanceof Uint8Array) return `"${encodeBytes(v, "base64")}"`;
        if (GoTime.isInstance(v)) return `"${v.format()}"`;
        if (JsonNumber.isInstance(v))
          return numberText(jsonNumber, v.text, str, f.reportErrorsWithLegacySemantics);
        return undefined;
      default:
        throw marshalErr(undefined, `unsupported value: ${typeof v}`);
    }
  };
  const frameOf = (v: object): AnyFrame => {
    if (Array.isArray(v)) return { ref: v, isObj: false, keys: null, vals: v, i: 0 };
    const entries: [string, unknown][] = v instanceof Map ? mapEntries(v) : Object.entries(v);
    if (det) entries.sort((a, b) => compareUTF8(a[0], b[0]));
    return { ref: v, isObj: true, keys: entries.map((e) => e[0]), vals: entries.map((e) => e[1]), i: 0 };
  };
  return (v0) => {
    const s0 = scalar(v0);
    if (s0 !== undefined) return s0;
    const stack: AnyFrame[] = [];
    const seen = new Set<object>();
    // Nesting of the enclosing typed value (an `any` inside a deep struct counts from there).
    const base = ms.depth;
    let out = "";
    const pointerOf = (n: number): string => {
      let p = "";
      for (let j = 0; j < n; j++) {
        const fr = stack[j] as AnyFrame;
        p += `/${fr.isObj ? escapePointerToken((fr.keys as string[])[fr.i - 1] as string) : fr.i - 1}`;
      }
      return p;
    };
    const enter = (v: object): void => {
      const n = base + stack.length;
      if (n >= CYCLE_DETECTION_DEPTH) {
        if (seen.has(v))
          throw new SemanticError({
            action: "marshal",
            goType: Array.isArray(v) ? SLICE_OF_ANY : MAP_OF_ANY,
            jsonPointer: pointerOf(stack.length),
            byteOffset: utf8Length(out),
            cause: "encountered a cycle",
          });
        seen.add(v);
      }
      if (n >= MAX_NESTING_DEPTH)
        throw syntacticError("exceeded max depth", utf8Length(out), pointerOf(stack.length));
      const fr = frameOf(v);
      stack.push(fr);
      out += fr.isObj ? "{" : "[";
    };
    try {
      enter(v0 as object);
      while (stack.length > 0) {
        const fr = stack[stack.length - 1] as AnyFrame;
        if (fr.i >= fr.vals.length) {
          out += fr.isObj ? "}" : "]";
          stack.pop();
          if (base + stack.length >= CYCLE_DETECTION_DEPTH) seen.delete(fr.ref);
          continue;
        }
        const i = fr.i++;
        if (i > 0) out += ",";
        if (fr.isObj) out += `${quoteWith((fr.keys as string[])[i] as string, pol)}:`;
        const v = fr.vals[i];
        const s = scalar(v);
        if (s !== undefined) out += s;
        else enter(v as object);
      }
    } catch (e) {
      let err = e;
      if (!(SemanticError.isInstance(e) && e.cause === "encountered a cycle") && !isDepthError(e)) {
        for (let j = stack.length - 1; j >= 0; j--) {
          const fr = stack[j] as AnyFrame;
          const seg = fr.isObj ? ((fr.keys as string[])[fr.i - 1] as string) : String(fr.i - 1);
          err = prefixMarshalPointer(err, seg);
        }
        // What Go had written (returned with the error by json/v2's Marshal).
        noteWrittenInside(err, out);
      }
      throw err;
    }
    return out;
  };
}

/** The members of a Map under `any`; keys that are not strings must not write the same name twice. */
function mapEntries(v: Map<unknown, unknown>): [string, unknown][] {
  const entries: [string, unknown][] = [];
  let plain = true;
  for (const [k, x] of v) {
    if (typeof k !== "string") plain = false;
    entries.push([anyKey(k), x]);
  }
  if (!plain) {
    const seen = new Set<string>();
    for (const [k] of entries) {
      if (seen.has(k))
        throw new InvalidValueError(
          T.any,
          "map keys whose texts differ",
          `two keys written ${JSON.stringify(k)}`,
        );
      seen.add(k);
    }
  }
  return entries;
}

/** The member name of a Map key under `any` (Go's map keys: strings, integers, finite floats). */
function anyKey(k: unknown): string {
  if (typeof k === "string") return k;
  if (typeof k === "bigint" || (typeof k === "number" && Number.isFinite(k))) return String(k);
  throw new InvalidValueError(T.any, "string, integer or finite number as map key", describeValue(k));
}

function isDepthError(e: unknown): boolean {
  return SyntacticError.isInstance(e) && e.detail === "exceeded max depth";
}

const SLICE_OF_ANY: GoType = sliceOf(T.any);
const MAP_OF_ANY: GoType = mapOf(T.string, T.any);

/** Whether a marshaled text is an empty JSON value (null, "", {}, []). */
function isEmptyJSON(s: string): boolean {
  return s === "null" || s === '""' || s === "{}" || s === "[]";
}

function legacyEmpty(t: GoType, v: unknown): boolean {
  // Exact on the value's JS type: a value of the wrong type is never empty (it is encoded, and fails).
  switch (t.kind) {
    case "bool":
      return v === false;
    case "string":
      // json.Number is a string kind: its empty literal is empty.
      return v === "" || (t.known === "json.Number" && (v as { text?: unknown } | null)?.text === "");
    case "slice":
      return v === null || ((Array.isArray(v) || v instanceof Uint8Array) && v.length === 0);
    case "map":
      return v === null || (v instanceof Map && v.size === 0);
    case "array":
      return t.len === 0;
    case "pointer":
    case "interface":
      return v === null;
    case "struct":
      return false;
    case "int":
    case "int64":
    case "uint":
    case "uint64":
    case "uintptr":
      return v === 0n;
    default:
      return v === 0;
  }
}

function getPath(obj: any, path: readonly string[]): { ok: boolean; v: any } {
  let cur = obj;
  for (let i = 0; i < path.length - 1; i++) {
    cur = cur[path[i] as string];
    if (cur === null || cur === undefined) return { ok: false, v: undefined };
  }
  return { ok: true, v: cur[path[path.length - 1] as string] };
}

/** Returned by fieldValue for a field behind a nil embedded pointer (left out, as Go does). */
const SKIP: unique symbol = Symbol("skip");

/**
 * fieldValue returns the value of field fd of struct value v, or SKIP when a nil embedded pointer
 * on its path leaves it out. A missing value (undefined), or a null embedded struct that is not a
 * pointer, is an InvalidValueError (a missing field's carries no pointer segment yet: the caller adds it).
 */
function fieldValue(v: any, fd: FieldV2): unknown {
  const path = fd.path;
  let cur = v;
  for (let i = 0; i < path.length - 1; i++) {
    const next = cur[path[i] as string];
    if (next === null || next === undefined) {
      const ht = fd.hopTypes[i] as GoType;
      if (next === null && ht.kind === "pointer") return SKIP;
      const e = next === undefined ? missingField(ht) : invalidValue(ht, next);
      e.goSuffix = `.${path.slice(0, i + 1).join(".")}`;
      throw e;
    }
    cur = next;
  }
  const x = cur[path[path.length - 1] as string];
  if (x === undefined) throw missingField(fd.type);
  return x;
}

/** Whether v can be the value of a struct (a non-null object, not an array). */
function isStructValue(v: unknown): boolean {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function structEncoder(t: StructType, o: ResolvedOptions, m: Mode): Enc {
  const f = o.flags;
  const sf = structFieldsV2(t, o.goVersion);
  // Go 1.27's unsupported `format` option is reported even under legacy error reporting.
  const structErr =
    (sf.error && !f.reportErrorsWithLegacySemantics ? sf.error : undefined) ?? sf.unsupportedFormat;
  if (structErr) {
    const err = structErr;
    return () => {
      throw marshalErr(err.type, err.text);
    };
  }
  const plan: FieldPlan[] = sf.fields.map((fd) => {
    // A field reached through an embedded pointer is addressable (Go dereferences the pointer).
    const addr = m.addr || fd.hopTypes.some((h) => h.kind === "pointer");
    const enc = compile(
      fd.type,
      o,
      o.rules.stringTagTopLevel
        ? // Go 1.27: the option travels as StringTag, resolved by the type it reaches (compile).
          { addr, str: m.str, legacyStr: false, tag: fd.string, format: fd.format }
        : {
            addr,
            str: m.str || (fd.string && !f.stringifyWithLegacySemantics),
            legacyStr: f.stringifyWithLegacySemantics && fd.string && canLegacyStringify(fd.type),
            tag: false,
            format: fd.format,
          },
    );
    const omitzero = fd.omitzero || f.omitZeroStructFields;
    let isZ: ((v: unknown) => boolean) | undefined;
    if (omitzero) {
      const iz =
        fd.type.known === "time.Time"
          ? undefined
          : // Go's field isZero takes the value's address (copying it when it has none), v1 semantics too.
            lookupMethod(fd.type, "IsZero", true);
      if (iz) {
        const fn = iz.call;
        isZ =
          fd.type.kind === "pointer" || fd.type.kind === "interface"
            ? (v) => v === null || v === undefined || !!fn(v)
            : (v) => !!fn(v);
      } else isZ = (v) => isZero(fd.type, v);
    }
    return {
      f: fd,
      nameText: `${q(o, fd.name)}:`,
      enc,
      isZero: isZ,
      emptyUpFront: fd.omitempty && !f.omitEmptyWithLegacySemantics ? emptyUpFront(fd.type) : undefined,
      omitempty: fd.omitempty && !f.omitEmptyWithLegacySemantics,
      legacyOmit: fd.omitempty && f.omitEmptyWithLegacySemantics,
      direct: fd.path.length === 1,
    };
  });
  const fallback = sf.fallback;
  const fbEnc = fallback && !f.discardUnknownMembers ? fallbackEncoder(fallback.type, o, m) : undefined;
  // Go checks each name from the fallback against the fields written and the names before it
  // (unless allowDuplicateNames): the ids of the fields written are collected while encoding.
  const dupCheck = fbEnc !== undefined && !f.allowDuplicateNames;
  const finishFallback = (v: any, out: string, first: boolean, seen?: Set<number>): string => {
    if (fallback && fbEnc) {
      const r = getPath(v, fallback.path);
      if (r.ok && r.v !== null && r.v !== undefined) {
        let inner: string;
        try {
          inner = fbEnc(r.v, seen ? fallbackNameCheck(sf, o, seen) : undefined);
        } catch (e) {
          // Go's newMarshalErrorBefore: the offset counts the delimiter that would come next.
          throw prefixMarshalPointer(e, undefined, first ? out : `${out},`);
        }
        if (inner !== "") return first ? out + inner : `${out},${inner}`;
      }
    }
    return out;
  };
  const enc: Enc = (v) => {
    if (!isStructValue(v)) throw invalidValue(t, v);
    if (ms.depth >= DEEP_AFTER) return encodeDeep(enc, v);
    ms.depth++;
    let out = "{";
    let first = true;
    const seen = dupCheck ? new Set<number>() : undefined;
    for (const p of plan) {
      let fv: unknown;
      if (p.direct) {
        fv = v[p.f.goName];
        if (fv === undefined) throw prefixMarshalPointer(missingField(p.f.type), p.f.name);
      } else {
        try {
          fv = fieldValue(v, p.f);
        } catch (e) {
          throw (e as InvalidValueError).goSuffix === "" ? prefixMarshalPointer(e, p.f.name) : e;
        }
        if (fv === SKIP) continue;
      }
      if (p.isZero?.(fv)) continue;
      if (p.legacyOmit && legacyEmpty(p.f.type, fv)) continue;
      if (p.emptyUpFront?.(fv)) continue;
      let s: string;
      try {
        s = p.enc(fv);
      } catch (e) {
        throw prefixMarshalPointer(e, p.f.name, out + (first ? "" : ",") + p.nameText);
      }
      if (p.omitempty && isEmptyJSON(s)) continue;
      out += first ? p.nameText : `,${p.nameText}`;
      first = false;
      out += s;
      seen?.add(p.f.id);
    }
    if (fallback) out = finishFallback(v, out, first, seen);
    ms.depth--;
    return `${out}}`;
  };
  enc.frame = (v) => {
    if (!isStructValue(v)) throw invalidValue(t, v);
    return new StructFrame(plan, v, fallback ? finishFallback : undefined, dupCheck);
  };
  return enc;
}

/** One field of a compiled struct encoder. */
interface FieldPlan {
  f: FieldV2;
  nameText: string;
  enc: Enc;
  isZero: ((v: unknown) => boolean) | undefined;
  /** omitempty known without encoding (Go's isEmpty fast path: the value is never encoded). */
  emptyUpFront: ((v: unknown) => boolean) | undefined;
  omitempty: boolean;
  legacyOmit: boolean;
  direct: boolean;
}

/**
 * emptyUpFront is Go's isEmpty shortcut for omitempty (fields.go): a string, map, slice or array
 * of length 0, or a nil pointer or interface, is left out without being encoded (so without the
 * errors encoding would raise, such as an invalid format), unless the type has its own marshaler
 * (methods, or the known types' arshalers: time, json.Number, raw values). Undefined: encode, then
 * check the output.
 */
function emptyUpFront(t: GoType): ((v: unknown) => boolean) | undefined {
  const base = t.kind === "pointer" && t.name === undefined ? t.elem : t;
  if (t.known !== undefined || (t.kind === "pointer" && base.known !== undefined)) return undefined;
  if (lookupMethod(t, "MarshalJSON", true) || lookupMethod(t, "MarshalText", true)) return undefined;
  switch (t.kind) {
    case "string":
      return (v) => v === "";
    // Exact on the value's JS type: a value of the wrong type is encoded (and fails).
    case "map":
      return (v) => v === null || (v instanceof Map && v.size === 0);
    case "slice":
      return (v) => v === null || ((Array.isArray(v) || v instanceof Uint8Array) && v.length === 0);
    case "array":
      return t.len === 0 ? () => true : undefined;
    case "pointer":
    case "interface":
      return (v) => v === null;
    default:
      return undefined;
  }
}

/** The deep-path frame of a struct. */
class StructFrame implements MFrame {
  ce!: Enc;
  cv: unknown;
  private out = "{";
  private first = true;
  private i = 0;
  private p: FieldPlan | undefined;
  private readonly seen: Set<number> | undefined;
  constructor(
    private readonly plan: FieldPlan[],
    private readonly v: any,
    private readonly fb: ((v: any, out: string, first: boolean, seen?: Set<number>) => string) | undefined,
    dupCheck: boolean,
  ) {
    openContainer();
    this.seen = dupCheck ? new Set<number>() : undefined;
  }
  next(): boolean {
    const plan = this.plan;
    const v = this.v;
    while (this.i < plan.length) {
      const p = plan[this.i++] as FieldPlan;
      let fv: unknown;
      if (p.direct) {
        fv = v[p.f.goName];
        if (fv === undefined) {
          // The deep path prefixes the field's pointer segment (seg()) as the error unwinds.
          this.p = p;
          throw missingField(p.f.type);
        }
      } else {
        try {
          fv = fieldValue(v, p.f);
        } catch (e) {
          // A missing embedded struct is reported at the struct itself (no field segment).
          this.p = (e as InvalidValueError).goSuffix === "" ? p : undefined;
          throw e;
        }
        if (fv === SKIP) continue;
      }
      if (p.isZero?.(fv)) continue;
      if (p.legacyOmit && legacyEmpty(p.f.type, fv)) continue;
      if (p.emptyUpFront?.(fv)) continue;
      this.p = p;
      this.ce = p.enc;
      this.cv = fv;
      return true;
    }
    return false;
  }
  put(s: string): void {
    const p = this.p as FieldPlan;
    if (p.omitempty && isEmptyJSON(s)) return;
    this.out += this.first ? p.nameText : `,${p.nameText}`;
    this.first = false;
    this.out += s;
    this.seen?.add(p.f.id);
  }
  finish(): string {
    let out = this.out;
    if (this.fb) out = this.fb(this.v, out, this.first, this.seen);
    ms.depth--;
    return `${out}}`;
  }
  seg(): string | undefined {
    return this.p?.f.name;
  }
  offset(): number {
    const p = this.p;
    if (p === undefined) return utf8Length(this.out);
    return utf8Length(this.out) + (this.first ? 0 : 1) + utf8Length(p.nameText);
  }
}

/** Checks one name from an inlined fallback (false: a duplicate); see fallbackNameCheck. */
type NameCheck = (name: string) => boolean;

/**
 * fallbackNameCheck is Go's insertUnquotedName for one struct value: a name from the inlined
 * fallback that names a field (exactly, or folded where that field matches case-insensitively)
 * is a duplicate when that field was written (or an earlier fallback name took it); any other
 * name is a duplicate of an earlier fallback name with the same exact text.
 */
function fallbackNameCheck(sf: StructFieldsV2, o: ResolvedOptions, seen: Set<number>): NameCheck {
  const f = o.flags;
  const names = new Set<string>();
  const take = (id: number): boolean => {
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  };
  return (name) => {
    const folded = sf.byFolded.get(foldName(name));
    if (folded !== undefined && folded.length > 0) {
      const exact = sf.byName.get(name);
      if (exact !== undefined) return take(exact.id);
      for (const fd of folded) {
        const ci = fd.caseMode === "ignore" || (f.matchCaseInsensitiveNames && fd.caseMode !== "strict");
        if (ci && (!f.matchCaseSensitiveDelimiter || foldNameLegacy(name) === foldNameLegacy(fd.name)))
          return take(fd.id);
      }
    }
    if (names.has(name)) return false;
    names.add(name);
    return true;
  };
}

function duplicateNameError(name: string, out: string): SyntacticError {
  return syntacticError("duplicate object member name", utf8Length(out), `/${escapePointerToken(name)}`);
}

/**
 * Encoder for the members of an inlined fallback (map or jsontext.Value), without braces; the
 * offsets and pointers of its errors are relative to the members' text (the struct adds its own).
 */
function fallbackEncoder(t: GoType, o: ResolvedOptions, m: Mode): (v: any, check?: NameCheck) => string {
  // Go also accepts a pointer to the map (*map[string]T); in TypeScript *T is T | null.
  const mt = t.kind === "pointer" && t.elem.kind === "map" ? t.elem : t;
  if (mt.kind === "map") {
    // The values are encoded under the struct's flags: StringifyNumbers (the option, or an
    // enclosing `string` field) applies to them as Go passes its options on.
    const venc = compile(mt.elem, o, { ...NO_MODE, str: m.str });
    const pol = quotePolicyFor(o);
    const det = o.flags.deterministic;
    return (v: Map<string, unknown>, check) => {
      if (!(v instanceof Map)) throw invalidValue(t, v);
      if (v.size === 0) return "";
      let keys = [...v.keys()];
      if (det) keys = keys.sort(compareUTF8);
      let out = "";
      for (const k of keys) {
        if (check && !check(k)) throw duplicateNameError(k, out);
        if (out !== "") out += ",";
        out += quoteWith(k, pol);
        out += ":";
        try {
          out += venc(v.get(k));
        } catch (e) {
          throw prefixMarshalPointer(e, k, out);
        }
      }
      return out;
    };
  }
  const rawType = t.kind === "pointer" ? t.elem : t;
  const enc = new TextEncoder();
  return (v: Uint8Array | string, check) => {
    if (v === null || v === undefined || v.length === 0) return "";
    const b = typeof v === "string" ? enc.encode(v) : v;
    // Go reads the value with a decoder of its own (duplicate names and invalid UTF-8 allowed
    // there) and writes each name and value through the encoder, which checks them as usual.
    const d = new Decoder(b, { allowDuplicateNames: true, allowInvalidUTF8: true, flavour: "v2" });
    let out = "";
    // A read error: Go's newMarshalErrorBefore wrapping the decoder's error as it is.
    const readErr = (cause: unknown, ptr: string, comma: boolean): unknown => {
      if (!SyntacticError.isInstance(cause) && typeof cause !== "string") return cause;
      const e = new SemanticError({
        action: "marshal",
        goType: rawType,
        cause: cause as SyntacticError | string,
      });
      e.jsonPointer = ptr;
      // The text before it (not just its length): indented output counts Go's whitespace there too.
      return prefixMarshalPointer(readCauseMarshalError(e), undefined, comma ? `${out},` : out);
    };
    const read = <R>(fn: () => R, ptr: string, comma: boolean): R => {
      try {
        return fn();
      } catch (e) {
        throw readErr(e, ptr, comma);
      }
    };
    if (read(() => d.peekKind(), "", false) === "") throw readErr("unexpected EOF", "", false);
    const tok = read(() => d.readToken(), "", false);
    if (tok.kind !== "{") throw positionedMarshalError(marshalErr(rawType, ERR_RAW_INLINED_NOT_OBJECT));
    while (read(() => d.peekKind(), "", out !== "") !== "}") {
      const comma = out !== "";
      const nameBytes = read(() => d.readValue(), "", comma);
      const name = new Decoder(nameBytes, { allowInvalidUTF8: true, flavour: "v2" }).readString();
      if (check && !check(name)) throw duplicateNameError(name, out);
      let nameText: string;
      try {
        nameText = reformatRaw(nameBytes, o);
      } catch (e) {
        throw prefixMarshalPointer(e, undefined, comma ? `${out},` : out);
      }
      if (comma) out += ",";
      out += `${nameText}:`;
      const seg = `/${escapePointerToken(name)}`;
      const val = read(() => d.readValue(), seg, false);
      try {
        out += reformatRaw(val, o);
      } catch (e) {
        throw prefixMarshalPointer(e, name, out);
      }
    }
    // After a member Go's encoder would write a comma next (its offset counts it).
    read(() => d.readToken(), "", out !== "");
    read(() => d.checkEOF(), "", out !== "");
    return out;
  };
}

function timeEncoder(t: GoType, _o: ResolvedOptions, m: Mode): Enc {
  const fmt = m.format;
  const str = m.str;
  switch (fmt) {
    case "":
    case "RFC3339":
    case "RFC3339Nano": {
      // time.RFC3339 has no fractional seconds (the default is RFC3339Nano).
      const whole = fmt === "RFC3339";
      // Go's time arshaler; under legacy error reporting its error is v1's MarshalerError
      // (`json: error calling MarshalJSON for type *time.Time: ...`).
      const fail = (text: string) =>
        _o.flags.reportErrorsWithLegacySemantics
          ? new MarshalerError("*time.Time", "MarshalJSON", text)
          : marshalErr(t, text);
      return (v: GoTime) => {
        const y = v.civil().year;
        if (y < 0 || y > 9999) throw fail("year outside of range [0,9999]");
        const s = v.format();
        if (s[s.length - 1] !== "Z") {
          // Go: not every offset is an RFC 3339 zone (a seconds part, an hour past 23).
          const c = s.charCodeAt(s.length - 6);
          const hh = 10 * (s.charCodeAt(s.length - 5) - 48) + (s.charCodeAt(s.length - 4) - 48);
          if ((c >= 48 && c <= 57) || hh >= 24) throw fail("timezone hour outside of range [0,23]");
        }
        return `"${whole ? s.replace(/\.[0-9]+/, "") : s}"`;
      };
    }
    case "unix":
    case "unixmilli":
    case "unixmicro":
    case "unixnano": {
      const scale = { unix: 1_000_000_000n, unixmilli: 1_000_000n, unixmicro: 1000n, unixnano: 1n }[fmt];
      return (v: GoTime) => {
        const ns = v.unixNano();
        const s = formatDurationNumber(ns, scale);
        return str ? `"${s}"` : s;
      };
    }
    default: {
      // A layout (`format:RFC1123`, `format:'2006-01-02'`): Go's Time.AppendFormat, quoted.
      const layout = timeLayoutOf(fmt);
      if (layout === undefined) return invalidFormat(t, fmt);
      return (v: GoTime) => q(_o, formatTime(v, layout));
    }
  }
}

function durationEncoder(t: GoType, o: ResolvedOptions, m: Mode): Enc {
  let fmt = m.format;
  if (fmt === "" && o.flags.formatDurationAsNano) fmt = "nano";
  if (fmt === "") {
    return () => {
      throw marshalErr(t, o.rules.durationNoDefault);
    };
  }
  if (fmt === "units") return (v: bigint) => `"${durationString(v)}"`;
  if (fmt === "iso8601") return (v: bigint) => `"${formatDurationISO8601(v)}"`;
  const scale = DURATION_SCALES[fmt];
  if (scale === undefined) return invalidFormat(t, fmt);
  const str = m.str || m.legacyStr;
  return (v: bigint) => {
    const s = formatDurationNumber(BigInt(v), scale);
    return str ? `"${s}"` : s;
  };
}
