/**
 * Compiled unmarshal plans: one decoder per (Go type, relevant options,
 * field overrides), cached in a WeakMap keyed by the GoType, built once.
 * A decoder reads one value through the jsontext Decoder and returns the new
 * value of the destination (merging into `cur` where v2 merges: objects only).
 */

import {
  assertResolved,
  GoTime,
  GoTimeError,
  type GoType,
  JsonNumber,
  mapOf,
  methodsVersion,
  type StructType,
  sliceOf,
  T,
} from "@gojson/gotype";
import { Decoder, decodeStringBytes, goQuoteRune, JsonError, type Kind, quoteCharV1 } from "@gojson/jsontext";
import { type ByteFormat, decodeBytes, decodedLength, goWritesOf } from "./bytes-format.js";
import {
  DURATION_SCALES,
  parseDuration,
  parseDurationISO8601,
  parseDurationNumber,
  parseTimeUnix,
} from "./duration.js";
import {
  byteLength,
  ERR_AMBIGUOUS_NAME,
  ERR_DUPLICATE_NAME,
  ERR_INVALID_STRING_TAG,
  ERR_NIL_FIELD,
  ERR_RAW_INLINED_NOT_OBJECT,
  ERR_UNKNOWN_NAME,
  escapePointerToken,
  goQuote,
  hasPartial,
  type JsonKind,
  MethodError,
  partialOf,
  prefixPointer,
  SemanticError,
  SyntacticError,
  setPartial,
  syntacticError,
} from "./errors.js";
import { type FieldV2, foldName, foldNameLegacy, structFieldsV2 } from "./fields.js";
import { goTimeErrorText, isBigKind, lookupMethod, zero } from "./go-values.js";
import { legacySyntaxText } from "./legacy-errors.js";
import { floatMapKey, otherZero } from "./negative-zero-key.js";
import { isJsonNumber } from "./number-syntax.js";
import type { ResolvedOptions } from "./options.js";
import { type Reader, toBytes } from "./reader.js";
import { canLegacyStringify, stringTagPointerToPointer, stringTagUse } from "./string-tag.js";
import { parseTime, timeLayoutOf } from "./time-layout.js";
import { DEEP_AFTER, type Dec, decodeDeep, UFrame } from "./unmarshal-deep.js";

export type { Dec };

interface Mode {
  readonly str: boolean;
  readonly legacyStr: boolean;
  /**
   * Go 1.27's StringTag: the field's `string` option, for the field's own value only (resolved by
   * `compile` for the type at hand, forwarded through pointers, never into elements or members).
   */
  readonly tag: boolean;
  readonly format: string;
  readonly caseMode: "" | "ignore" | "strict";
}
const NO_MODE: Mode = { str: false, legacyStr: false, tag: false, format: "", caseMode: "" };

let cache = new WeakMap<GoType, Map<string, Dec>>();
/** gotype's methodsVersion when `cache` was started: withMethods on a type used before drops every plan. */
let cacheAt = methodsVersion();

/** decoderFor returns the decoder for t under options o. */
export function decoderFor(t: GoType, o: ResolvedOptions): Dec {
  return compile(t, o, { ...NO_MODE, str: o.flags.stringifyNumbers });
}

function compile(t: GoType, o: ResolvedOptions, m0: Mode): Dec {
  let m = m0;
  if (m.tag && t.kind !== "pointer") {
    // Go 1.27: what the `string` option means for this type (numbers only in v2, else an error).
    const use = stringTagUse(t, o, "unmarshal");
    if (use === "error") return invalidStringTag(t, o);
    m = { ...m, tag: false, str: m.str || use === "number", legacyStr: use === "legacy" };
  }
  const key = `${o.key}|${m.str ? 1 : 0}${m.legacyStr ? 1 : 0}${m.tag ? 1 : 0}|${m.format}`;
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
  let real: Dec | undefined;
  const fwd: Dec = (r, cur) => (real as Dec)(r, cur);
  // A recursive type's inner references reach the real decoder's deep-path `open` through the stub.
  fwd.open = (r, cur) => {
    const d = real as Dec;
    return d.open !== undefined ? d.open(r, cur) : d(r, cur);
  };
  per.set(key, fwd);
  real = build(t, o, m);
  if (real.open === undefined) fwd.open = undefined;
  per.set(key, real);
  return real;
}

/**
 * readName reads an object member name (the decoder reports a non-string name with Go's text).
 * Go reads a name as a whole value: an object or array cut off by the end of the input
 * is an unexpected EOF rather than a non-string name (not so for `any`, which reads tokens).
 */
/** A map key's type rejects the object member name at `start` (a string where Go wants the key's kind). */
function memberNameError(r: Reader, name: string, start: number, k: GoType, cause?: Error): SemanticError {
  return new SemanticError({
    action: "unmarshal",
    jsonKind: '"',
    goType: k,
    byteOffset: r.valueStart(start),
    jsonPointer: `/${escapePointerToken(name)}`,
    ...(cause ? { cause } : {}),
  });
}

function readName(r: Reader, k: Kind, asValue = true): string {
  const d = r.d;
  if (k !== '"') {
    if (asValue && (k === "{" || k === "[")) {
      // Go's ReadValue reads the name as a whole value first: a syntax error inside it is reported
      // as such (with its place), a complete object or array is then a name that is not a string.
      const base = r.valueStart(d.inputOffset);
      const probe = new Decoder(r.buf.subarray(base), { allowDuplicateNames: true, allowInvalidUTF8: true });
      try {
        probe.readValue();
      } catch (e) {
        if (SyntacticError.isInstance(e)) {
          if (e.detail === "unexpected EOF") throw d.unexpectedEOF();
          throw syntacticError(e.detail, base + e.offset, `${d.nextValuePointer()}${e.pointer}`);
        }
        throw e;
      }
    }
    d.readToken();
  }
  return d.readString();
}

/**
 * rawFallbackHead is what Go keeps of an inlined jsontext.Value before appending one more member:
 * `{` when it is empty; else, when it ends in `}` (trailing whitespace aside), everything before
 * that `}` (trailing whitespace trimmed) plus `,` unless it already ends in `,` or `{`. Undefined
 * when it does not end in `}` (Go: errRawInlinedNotObject).
 */
function rawFallbackHead(prev: Uint8Array | string | null | undefined): Uint8Array | undefined {
  if (prev === null || prev === undefined || prev.length === 0) return OPEN_BRACE;
  const b = typeof prev === "string" ? toBytes(prev) : prev;
  let n = trimWS(b, b.length);
  if (n === 0 || b[n - 1] !== 0x7d) return undefined;
  n = trimWS(b, n - 1);
  const last = b[n - 1];
  if (n > 0 && (last === 0x2c || last === 0x7b)) return b.slice(0, n);
  const out = new Uint8Array(n + 1);
  out.set(b.subarray(0, n), 0);
  out[n] = 0x2c;
  return out;
}
const OPEN_BRACE = new Uint8Array([0x7b]);
function trimWS(b: Uint8Array, n: number): number {
  let m = n;
  for (let c = b[m - 1]; m > 0 && (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09); c = b[--m - 1]);
  return m;
}

/** Errors returned verbatim by a method under legacy reporting (Go adds no position to them). */
const UNPOSITIONED = new WeakSet<SemanticError>();

/** A method's thrown value as the error Go's v1 returns unchanged: same text, kept as `cause`. */
function methodError(e: unknown): Error {
  return JsonError.isInstance(e) ? e : new MethodError(e);
}

/** Method errors that travel up a plan under legacy reporting (returned unchanged, not fatal). */
const LEGACY_METHOD_ERRORS = new WeakSet<Error>();

function legacyMethodError(e: unknown): Error {
  const err = methodError(e);
  LEGACY_METHOD_ERRORS.add(err);
  return err;
}

/** Whether legacy reporting records `e` and carries on (Go's !isFatalError): semantic or method errors. */
function isNonFatal(e: unknown): e is SemanticError | Error {
  return SemanticError.isInstance(e) || (e instanceof Error && LEGACY_METHOD_ERRORS.has(e));
}

/** How many errors legacy reporting recorded and carried on from (a decoder can tell whether its value failed). */
let legacyFailures = 0;

/** Legacy error reporting: remember the first semantic error and carry on (skipping the value). */
function fail(
  r: Reader,
  o: ResolvedOptions,
  err: SemanticError | Error,
  skip: boolean,
  cur: unknown,
): unknown {
  if (!o.flags.reportErrorsWithLegacySemantics) throw err;
  legacyFailures++;
  if (skip) r.d.readValue(); // error path: ReadValue reports a syntax error inside as Go does
  if (!r.deferred) {
    // The error does not travel up the plan: place it with the decoder's pointer now.
    if (SemanticError.isInstance(err) && !UNPOSITIONED.has(err)) {
      err.jsonPointer = r.d.stackPointer();
      err.render();
    }
    r.deferred = err;
  }
  return cur;
}

/**
 * A type mismatch at the start of a value of kind k. Go reads the whole value first
 * for strings and numbers (ReadValue), but only the first token for bools, structs,
 * maps, slices and arrays (ReadToken: the rest is not validated unless errors are
 * reported with legacy semantics, which skips the value).
 */
function mismatch(r: Reader, o: ResolvedOptions, t: GoType, cur: unknown, k: Kind, token = false): unknown {
  const start = r.d.inputOffset;
  if (k === "}" || k === "]") {
    // A closing delimiter where a value belongs: the arshalers that read a token first (Go's
    // ReadToken: "missing value after object name", ...) fail differently from ReadValue's.
    // A token read that succeeds (legacy reporting after Go 1.27's unsupported `format` left the
    // decoder inside an object: the `}` closes it) is the mismatch, with nothing left to skip.
    if (!token) r.d.skipValue();
    r.d.readToken();
    return fail(
      r,
      o,
      new SemanticError({ action: "unmarshal", jsonKind: k, goType: t, byteOffset: r.valueStart(start) }),
      false,
      cur,
    );
  }
  if (!o.flags.reportErrorsWithLegacySemantics) {
    // ReadValue (not skipValue): a syntax error inside is reported with Go's pointer.
    if (token) r.d.readToken();
    else r.d.readValue();
  }
  return fail(
    r,
    o,
    new SemanticError({ action: "unmarshal", jsonKind: k, goType: t, byteOffset: r.valueStart(start) }),
    true,
    cur,
  );
}

function afterErr(
  r: Reader,
  t: GoType,
  kind: JsonKind,
  start: number,
  value: string,
  cause: string | Error | undefined,
): SemanticError {
  return new SemanticError({
    action: "unmarshal",
    jsonKind: kind,
    jsonValue: value,
    goType: t,
    byteOffset: r.valueStart(start),
    cause,
  });
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

/** Go's math.MaxFloat32. */
const MAX_FLOAT32 = 3.4028234663852886e38;

const INT_RANGE: Record<string, [bigint, bigint]> = {
  int8: [-128n, 127n],
  int16: [-32768n, 32767n],
  int32: [-2147483648n, 2147483647n],
  int: [-(1n << 63n), (1n << 63n) - 1n],
  int64: [-(1n << 63n), (1n << 63n) - 1n],
  uint8: [0n, 255n],
  uint16: [0n, 65535n],
  uint32: [0n, 4294967295n],
  uint: [0n, (1n << 64n) - 1n],
  uint64: [0n, (1n << 64n) - 1n],
  uintptr: [0n, (1n << 64n) - 1n],
};

/** Parse an integer literal for kind k; returns the value or the Go error text. */
function parseGoInt(lit: string, k: string, big: boolean): number | bigint | string {
  const unsigned = k[0] === "u";
  if (!/^-?(0|[1-9][0-9]*)$/.test(lit) || (unsigned && lit[0] === "-")) return "invalid syntax";
  const [lo, hi] = INT_RANGE[k] as [bigint, bigint];
  if (lit.length <= 15 && !big) {
    const n = Number(lit);
    if (n < Number(lo) || n > Number(hi)) return "value out of range";
    return n === 0 ? 0 : n;
  }
  const b = BigInt(lit);
  if (b < lo || b > hi) return "value out of range";
  return big ? b : Number(b);
}

/**
 * unquoteInner unquotes the JSON string held inside a `string`-tagged string field
 * (Go's jsontext.AppendUnquote); errors are v1 texts (this path is legacy only).
 */
function unquoteInner(s: string, o: ResolvedOptions): string | { err: string } {
  // Go's jsonwire texts; only legacy error reporting turns them into v1's words.
  const text = (detail: string) =>
    o.flags.reportErrorsWithLegacySemantics ? legacySyntaxText(detail) : detail;
  // jsonwire.QuoteRune: strconv.QuoteRune escapes what is not printable ('\u2028').
  const quote = (c: number) => (c < 0x80 ? quoteCharV1(c) : goQuoteRune(c));
  if (s[0] !== '"') {
    if (s.length === 0) return { err: text("unexpected EOF") };
    const c = s.codePointAt(0) as number;
    return { err: text(`invalid character ${quote(c)} at start of string (expecting '"')`) };
  }
  const b = new TextEncoder().encode(s);
  // Go's AppendUnquote reports invalid UTF-8 and lone surrogate escapes whatever the options say.
  const d = new Decoder(b, { allowInvalidUTF8: false, allowDuplicateNames: true });
  let v: string;
  try {
    v = d.readString();
  } catch (e) {
    if (SyntacticError.isInstance(e)) return { err: text(e.detail) };
    throw e;
  }
  // inputOffset counts UTF-8 bytes: what follows the string, as text.
  const rest = new TextDecoder().decode(b.subarray(d.inputOffset));
  if (rest.length > 0) {
    const c = rest.codePointAt(0) as number;
    return { err: text(`invalid character ${quote(c)} after string value`) };
  }
  return v;
}

function textAt(b: Uint8Array, start: number, n: number): string {
  let out = "";
  for (let i = start; i < start + n; i++) out += String.fromCharCode(b[i] as number);
  return out;
}

/** rawText is the JSON text of the value read since byte offset `start` (Go shows values as they are written). */
function rawText(r: Reader, start: number): string {
  const from = r.valueStart(start);
  // Invalid UTF-8: one U+FFFD per bad byte, as Go's utf8 decoding (not TextDecoder's maximal subparts).
  return decodeStringBytes(r.buf, from, r.d.inputOffset);
}

/** A type mismatch for a value already read in full (Go's newUnmarshalErrorAfter without a value). */
function mismatchAfter(
  r: Reader,
  o: ResolvedOptions,
  t: GoType,
  cur: unknown,
  k: Kind,
  start: number,
): unknown {
  return fail(r, o, afterErr(r, t, k, start, "", undefined), false, cur);
}

/** strconv.ParseInt/ParseUint base 10 (Go syntax: optional sign, leading zeros allowed). */
function parseGoIntSyntax(s: string, k: string, big: boolean): number | bigint | string {
  const unsigned = k[0] === "u";
  if (!(unsigned ? /^\+?[0-9]+$/ : /^[+-]?[0-9]+$/).test(s)) return "invalid syntax";
  const b = BigInt(s.replace(/^\+/, ""));
  const [lo, hi] = INT_RANGE[k] as [bigint, bigint];
  if (b < lo || b > hi) return "value out of range";
  return big ? b : Number(b);
}

const GO_FLOAT_RE =
  /^[+-]?(?:(?:[0-9]+(?:_[0-9]+)*\.?(?:[0-9]+(?:_[0-9]+)*)?|\.[0-9]+(?:_[0-9]+)*)(?:[eE][+-]?[0-9]+(?:_[0-9]+)*)?|inf|infinity|nan)$/i;

/**
 * strconv.ParseFloat for decimal text (Go syntax: sign, `.5`, `5.`, inf, nan, and underscores
 * between digits, `1_0`); hex floats (`0x1p-2`, which Go takes) are not supported.
 */
function parseGoFloatSyntax(s: string, is32: boolean): number | string {
  if (!GO_FLOAT_RE.test(s)) return "invalid syntax";
  const low = s.toLowerCase().replace(/^\+/, "").replaceAll("_", "");
  let v: number;
  if (low === "nan") v = Number.NaN;
  else if (/^-?inf(inity)?$/.test(low))
    v = low[0] === "-" ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
  else {
    v = Number(low);
    if (is32) v = Math.fround(v);
    if (!Number.isFinite(v)) return "value out of range";
  }
  return v;
}

function build(t: GoType, o: ResolvedOptions, m: Mode): Dec {
  switch (t.known) {
    case "time.Time":
      return timeDecoder(t, o, m);
    case "time.Duration":
      return durationDecoder(t, o, m);
    case "json.Number":
      return jsonNumberDecoder(t, o, m);
    case "json.RawMessage":
    case "jsontext.Value":
      return (r) => r.d.readValue();
  }
  // A pointer's methods are its element's: null clears the pointer before any method is called.
  if (t.kind === "pointer") return pointerDecoder(t, o, m);
  const uj = lookupMethod(t, "UnmarshalJSON");
  if (uj) return unmarshalJSONDecoder(t, o, uj);
  const ut = lookupMethod(t, "UnmarshalText");
  if (ut) return unmarshalTextDecoder(t, o, ut);
  // Kinds that take no `format` option (floats take "nonfinite" only): Go reports it before
  // reading the value (Go 1.26; Go 1.27 rejects every `format` option up front).
  if (
    m.format !== "" &&
    (FORMATLESS_KINDS.has(t.kind) ||
      ((t.kind === "float32" || t.kind === "float64") && m.format !== "nonfinite"))
  )
    return invalidFormat(t, m.format, o);
  switch (t.kind) {
    case "bool":
      return boolDecoder(t, o, m);
    case "string":
      return stringDecoder(t, o, m);
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
      return intDecoder(t, o, m);
    case "float32":
    case "float64":
      return floatDecoder(t, o, m);
    case "slice":
      return sliceDecoder(t, o, m);
    case "array":
      return arrayDecoder(t, o, m);
    case "map":
      return mapDecoder(t, o, m);
    case "interface":
      if (t.opaque !== undefined || (t.interfaceMethods?.length ?? 0) > 0) return opaqueDecoder(t, o);
      return anyDecoder(o, m.str, t.name !== undefined);
    case "struct":
      return structDecoder(t, o, m);
  }
}

/** The decoder of json.Number (Go's Number.UnmarshalJSONFrom). */
function jsonNumberDecoder(t: GoType, o: ResolvedOptions, m: Mode): Dec {
  const f = o.flags;
  // Go's Number.UnmarshalJSONFrom: reads the whole value; under legacy error reporting
  // its SemanticError is returned verbatim (no pointer or offset).
  const legacy = f.reportErrorsWithLegacySemantics;
  const numErr = (r: Reader, cur: unknown, k: Kind, start: number, value: string, cause?: string) => {
    const e = afterErr(r, t, k, start, value, cause);
    if (legacy) {
      e.byteOffset = 0;
      UNPOSITIONED.add(e);
    }
    return fail(r, o, e, false, cur);
  };
  return (r, cur) => {
    const d = r.d;
    const k = d.peekKind();
    const start = d.inputOffset;
    if (k === "n") {
      d.readNull();
      return f.mergeWithLegacySemantics ? cur : new JsonNumber("");
    }
    if (k === "0") {
      const lit = d.readNumberLiteral();
      if (m.str || m.legacyStr) return numErr(r, cur, "0", start, "");
      return new JsonNumber(lit);
    }
    if (k === '"') {
      // A JSON string holding a number is accepted for json.Number (Go 1.26), without `string`.
      const s = d.readString();
      if (!isJsonNumber(s)) return numErr(r, cur, '"', start, rawText(r, start), "invalid syntax");
      return new JsonNumber(s);
    }
    if (k === "}" || k === "]" || k === "") d.readToken(); // throws the decoder's error
    // Number.UnmarshalJSONFrom reads the whole value (ReadValue's texts for a syntax error inside).
    d.readValue();
    return numErr(r, cur, k, start, "");
  };
}

/** The decoder of a pointer: null clears it, anything else decodes into its (allocated) element. */
function pointerDecoder(t: Extract<GoType, { kind: "pointer" }>, o: ResolvedOptions, m: Mode): Dec {
  const f = o.flags;
  // Go 1.27: `string` with v1 semantics does not reach through a pointer to a pointer.
  if (m.tag) {
    const pp = stringTagPointerToPointer(t, o);
    if (pp === "error") return invalidStringTag(t, o);
    if (pp === "drop") return compile(t, o, { ...m, tag: false });
  }
  const elem = compile(t.elem, o, m);
  const et = t.elem;
  // v1's `string` option: a quoted null sets the pointer itself to nil.
  const quotedNull = m.legacyStr || (m.tag && f.stringifyWithLegacySemantics);
  const standIn = allocatedStandIn(et, o);
  const dec: Dec = (r, cur) => {
    // Go's PeekKind defers a syntax error: the pointer is allocated and the element's
    // decoder reports it (with the element's own partial value: nested pointers too).
    const k = peekSoft(r.d);
    if (k === "n") {
      r.d.readNull();
      return null;
    }
    const base = cur === null || cur === undefined ? zero(et) : cur;
    const start = r.valueStart(r.d.inputOffset);
    try {
      const failed = legacyFailures;
      const v = elem(r, base);
      // Go allocated the pointer before its element failed (legacy reporting carries on).
      if (v === null && standIn !== undefined && legacyFailures !== failed) return standIn();
      // v1's `string` option: a quoted null takes effect on the pointer itself (unless the
      // element failed: Go returns its error first, the pointer stays allocated).
      if (
        quotedNull &&
        legacyFailures === failed &&
        r.d.inputOffset - start === 6 &&
        textAt(r.buf, start, 6) === '"null"'
      )
        return null;
      return v;
    } catch (e) {
      const held = partialOf(e, base);
      setPartial(e, held === null && standIn !== undefined ? standIn() : held);
      throw e;
    }
  };
  // Deep path: a pointer to a container is a frame around its element (scalars decode directly).
  dec.open = (r, cur) => {
    if (elem.open === undefined) return dec(r, cur);
    const k = peekSoft(r.d);
    if (k === "") return dec(r, cur); // a deferred syntax error: the element reports it
    if (k === "n") {
      r.d.readNull();
      return null;
    }
    return new PointerFrame(elem, cur === null || cur === undefined ? zero(et) : cur, standIn);
  };
  return dec;
}

/** The decoder of a type with an UnmarshalJSON method: the method gets the whole raw value. */
function unmarshalJSONDecoder(
  t: GoType,
  o: ResolvedOptions,
  uj: NonNullable<ReturnType<typeof lookupMethod>>,
): Dec {
  const f = o.flags;
  const fn = uj.call;
  return (r, cur) => {
    const d = r.d;
    const start = d.inputOffset;
    const k = d.peekKind();
    const raw = d.readValue();
    try {
      return fn(raw, cur);
    } catch (e0) {
      // time.Time's method (promoted): Go quotes the raw bytes of the text in its message.
      const text = GoTimeError.isInstance(e0) ? goTimeErrorText(raw, true) : undefined;
      const e = text === undefined ? e0 : new GoTimeError(text);
      // Go's v1 returns a method's error unchanged (never wrapped) and carries on.
      if (f.reportErrorsWithLegacySemantics) return fail(r, o, methodError(e), false, cur);
      if (SemanticError.isInstance(e) || SyntacticError.isInstance(e)) throw e;
      throw afterErr(r, t, k, start, "", e instanceof Error ? e : String(e));
    }
  };
}

/** The decoder of a type with an UnmarshalText method: a JSON string (or null) only. */
function unmarshalTextDecoder(
  t: GoType,
  o: ResolvedOptions,
  ut: NonNullable<ReturnType<typeof lookupMethod>>,
): Dec {
  const f = o.flags;
  const fn = ut.call;
  return (r, cur) => {
    const d = r.d;
    const k = d.peekKind();
    if (k === "n") {
      d.readNull();
      return f.mergeWithLegacySemantics ? cur : zero(t);
    }
    if (k !== '"') {
      if (k === "}" || k === "]") return mismatch(r, o, t, cur, k);
      // Go reads the whole value (ReadValue: its texts for a syntax error inside), then reports
      // it with errNonStringValue.
      const start = d.inputOffset;
      d.readValue();
      return fail(r, o, afterErr(r, t, k, start, "", "JSON value must be string type"), false, cur);
    }
    const start = d.inputOffset;
    const s = d.readString();
    try {
      return fn(toBytes(s), cur);
    } catch (e) {
      if (f.reportErrorsWithLegacySemantics) return fail(r, o, methodError(e), false, cur);
      throw afterErr(r, t, '"', start, "", e instanceof Error ? e : String(e));
    }
  };
}

/** The decoder of a bool (v1's `string` option: a quoted one). */
function boolDecoder(t: GoType, o: ResolvedOptions, m: Mode): Dec {
  const f = o.flags;
  return (r, cur) => {
    const d = r.d;
    const k = d.peekKind();
    if (k === "t" || k === "f") {
      if (!m.legacyStr) return d.readBool();
      // StringifyBoolsAndStrings: a bare boolean is a mismatch.
      const start = d.inputOffset;
      d.readBool();
      return mismatchAfter(r, o, t, cur, k, start);
    }
    if (k === "n") {
      d.readNull();
      return f.mergeWithLegacySemantics ? cur : false;
    }
    if (k === '"' && m.legacyStr) {
      const start = d.inputOffset;
      const s = d.readString();
      if (s === "true") return true;
      if (s === "false") return false;
      if (s === "null") return f.mergeWithLegacySemantics ? cur : false;
      return fail(r, o, afterErr(r, t, '"', start, rawText(r, start), "invalid syntax"), false, cur);
    }
    return mismatch(r, o, t, cur, k, true);
  };
}

/** The decoder of a string (v1's `string` option: a quoted one). */
function stringDecoder(t: GoType, o: ResolvedOptions, m: Mode): Dec {
  const f = o.flags;
  return (r, cur) => {
    const d = r.d;
    const k = d.peekKind();
    if (k === '"') {
      if (!m.legacyStr) return d.readString();
      const start = d.inputOffset;
      const s = d.readString();
      // Go 1.27 takes the JSON string "null" as null before unquoting its content.
      if (o.rules.legacyQuotedNullFirst && s === "null") return f.mergeWithLegacySemantics ? cur : "";
      const v = unquoteInner(s, o);
      if (typeof v === "string")
        return v === "null" && !o.rules.legacyQuotedNullFirst ? (f.mergeWithLegacySemantics ? cur : "") : v;
      return fail(r, o, afterErr(r, t, '"', start, "", v.err), false, cur);
    }
    if (k === "n") {
      d.readNull();
      return f.mergeWithLegacySemantics ? cur : "";
    }
    return mismatch(r, o, t, cur, k);
  };
}

/** The decoder of float32 and float64 (quoted under `string`; NaN and infinities under format:nonfinite). */
function floatDecoder(t: GoType, o: ResolvedOptions, m: Mode): Dec {
  const f = o.flags;
  const is32 = t.kind === "float32";
  const allowStr = m.str || m.legacyStr;
  const nonfinite = m.format === "nonfinite";
  return (r, cur) => {
    const d = r.d;
    const k = d.peekKind();
    const start = d.inputOffset;
    let lit: string;
    if (k === "0") {
      lit = d.readNumberLiteral();
      if (allowStr) return fail(r, o, afterErr(r, t, "0", start, "", undefined), false, cur);
    } else if (k === '"' && (allowStr || nonfinite)) {
      lit = d.readString();
      if (nonfinite) {
        if (lit === "NaN") return Number.NaN;
        if (lit === "Infinity") return Number.POSITIVE_INFINITY;
        if (lit === "-Infinity") return Number.NEGATIVE_INFINITY;
        if (!allowStr) return mismatchAfter(r, o, t, cur, '"', start);
      }
      // Legacy semantics parse a quoted number with strconv.ParseFloat (Go's syntax), for
      // `string` fields and under StringifyNumbers alike (json/v2's float arshaler).
      if (m.legacyStr || (m.str && f.stringifyWithLegacySemantics)) {
        if (lit === "null") return f.mergeWithLegacySemantics ? cur : 0;
        const v = parseGoFloatSyntax(lit, is32);
        if (typeof v === "string")
          return fail(r, o, afterErr(r, t, k, start, rawText(r, start), v), false, cur);
        return v;
      }
      if (!isJsonNumber(lit))
        return fail(r, o, afterErr(r, t, k, start, rawText(r, start), "invalid syntax"), false, cur);
    } else if (k === "n") {
      d.readNull();
      return f.mergeWithLegacySemantics ? cur : 0;
    } else return mismatch(r, o, t, cur, k);
    let v = Number(lit);
    if (is32) v = Math.fround(v);
    if (!Number.isFinite(v)) {
      // Go 1.26 stores the largest finite value of the sign (jsonwire.ParseFloat), then reports the
      // range error; Go 1.27 leaves the destination as it was.
      if (o.rules.floatRangeSaturates)
        v = v > 0 ? (is32 ? MAX_FLOAT32 : Number.MAX_VALUE) : is32 ? -MAX_FLOAT32 : -Number.MAX_VALUE;
      else v = cur as number;
      const shown = k === '"' ? rawText(r, start) : lit;
      const err = afterErr(r, t, k, start, shown, "value out of range");
      setPartial(err, v);
      return fail(r, o, err, false, v);
    }
    return v;
  };
}

/**
 * The decoder of a type JSON cannot hold: func, chan, complex, unsafe.Pointer (Go's unsupported
 * kinds) and non-empty interfaces (no concrete type to allocate). v2 fails on any value (null too
 * for the unsupported kinds: `cannot unmarshal into Go func()`); legacy error reporting (v1) takes
 * null (a non-empty interface becomes nil) and reports any other value as a type mismatch, going
 * on. A type gotype could not resolve is gotype's error when a value reaches it.
 */
function opaqueDecoder(t: GoType & { kind: "interface" }, o: ResolvedOptions): Dec {
  if (t.opaque?.kind === "unresolved")
    return () => {
      assertResolved(t);
      throw new Error("gojson codec-v2: unresolved type");
    };
  const iface = t.opaque === undefined;
  const legacy = o.flags.reportErrorsWithLegacySemantics;
  return (r, cur) => {
    const d = r.d;
    const k = d.peekKind();
    if (k === "n" && (legacy || iface)) {
      d.readNull();
      return iface ? null : cur;
    }
    if (legacy || k === "}" || k === "]" || k === "") return mismatch(r, o, t, cur, k);
    const start = d.inputOffset;
    const cause = iface ? "cannot derive concrete type for nil interface with finite type set" : undefined;
    throw new SemanticError({ action: "unmarshal", goType: t, byteOffset: r.valueStart(start), cause });
  };
}

/** The decoder of an integer kind (also time.Duration under formatDurationAsNano: Go's int64 arshaler). */
function intDecoder(t: GoType, o: ResolvedOptions, m: Mode): Dec {
  const f = o.flags;
  const kd = t.kind;
  const big = isBigKind(t);
  const allowStr = m.str || m.legacyStr;
  return (r, cur) => {
    const d = r.d;
    const k = d.peekKind();
    const start = d.inputOffset;
    let lit: string;
    if (k === "0") {
      lit = d.readNumberLiteral();
      // Under `string` (StringifyNumbers) a bare number is a type mismatch.
      if (allowStr) return fail(r, o, afterErr(r, t, "0", start, "", undefined), false, cur);
    } else if (k === '"' && allowStr) {
      lit = d.readString();
      if (m.legacyStr || (m.str && f.stringifyWithLegacySemantics)) {
        // v1 parsed a quoted number with Go's syntax and allowed a quoted null (go.dev/issue/75619);
        // legacy semantics do so under StringifyNumbers too.
        if (lit === "null") return f.mergeWithLegacySemantics ? cur : big ? 0n : 0;
        const v = parseGoIntSyntax(lit, kd, big);
        if (typeof v === "string")
          return fail(r, o, afterErr(r, t, k, start, rawText(r, start), v), false, cur);
        return v;
      }
    } else if (k === "n") {
      d.readNull();
      return f.mergeWithLegacySemantics ? cur : big ? 0n : 0;
    } else return mismatch(r, o, t, cur, k);
    const v = parseGoInt(lit, kd, big);
    if (typeof v === "string") {
      const shown = k === '"' ? rawText(r, start) : lit;
      return fail(r, o, afterErr(r, t, k, start, shown, v), false, cur);
    }
    return v;
  };
}

/**
 * peekSoft is PeekKind as Go's array loops use it: a syntax error is deferred, so the element is
 * allocated (and its decoder called, which reports the error) before the loop fails. Returns "" then.
 */
function peekSoft(d: Decoder): Kind {
  try {
    return d.peekKind();
  } catch {
    return "";
  }
}

/**
 * overwritten is the destination after a failed byte decode: Go appends into the destination's
 * own backing array (`appendDecode(va.Bytes()[:0], …)`) when it is long enough for the decoded
 * length, so what the decoder wrote before the error replaces its first bytes (recorded on `err`
 * as the partial value); otherwise it is left as it was.
 */
function overwritten(
  r: Reader,
  err: SemanticError,
  e: unknown,
  cur: unknown,
  bf: ByteFormat,
  s: string,
): unknown {
  const writes = goWritesOf(e);
  if (writes === undefined || cur === null || cur === undefined) return cur;
  const n = (cur as ArrayLike<number>).length;
  const need = decodedLength(bf, byteLength(s), s);
  // Go decodes in place when the capacity (length and spare) holds the window.
  const backing = withSpare(r, cur) as number[];
  if (need < 0 || backing.length < need) return cur;
  const bytes = Uint8Array.from(backing);
  writes(bytes.subarray(0, need));
  const held = cur instanceof Uint8Array ? bytes.slice(0, n) : Array.from(bytes.subarray(0, n));
  if (bytes.length > n) keepSpare(r, held, Array.from(bytes.subarray(n)));
  setPartial(err, held);
  return held;
}

/**
 * Whether Go's bytes arshaler serves t: []~byte or [N]~byte, and for a named byte type
 * (`type B byte`, methods or not) only under v1's legacy semantics: json/v2 treats []B and [N]B
 * as []T and [N]T (arrays of numbers, byte formats invalid).
 */
function isByteSlice(t: GoType, o: ResolvedOptions): boolean {
  // Go's makeBytesArshaler: a named byte (methods or not) is []T or [N]T unless legacy semantics.
  return (
    (t.kind === "slice" || t.kind === "array") &&
    t.elem.kind === "uint8" &&
    (t.elem.name === undefined || o.flags.formatBytesWithLegacySemantics)
  );
}
const BYTE_FORMATS = new Set(["base64", "base64url", "base32", "base32hex", "hex"]);

/**
 * invalidFormat reports a `format:` the type does not take, before the value is read (Go's
 * newUnmarshalErrorBeforeWithSkipping: legacy reporting records the value's kind, skips it and carries on).
 */
function invalidFormat(t: GoType, format: string, o: ResolvedOptions): Dec {
  const legacy = o.flags.reportErrorsWithLegacySemantics;
  return (r, cur) => {
    const start = r.d.inputOffset;
    // v2 reports it before the value is looked at (even at the end of the input or a syntax error).
    const k = legacy ? r.d.peekKind() : "";
    const e = new SemanticError({
      action: "unmarshal",
      jsonKind: k,
      goType: t,
      byteOffset: r.valueStart(start),
      cause: `invalid format flag ${JSON.stringify(format)}`,
    });
    return fail(r, o, e, true, cur);
  };
}

/**
 * Go's slice capacity under mergeWithLegacySemantics, within one unmarshal: the elements a shorter
 * JSON array cut off a slice stay in Go's backing array, and a later longer array (a duplicate
 * member) decodes into them instead of zero values. Kept per Reader, by the slice value returned.
 */
const spares = new WeakMap<Reader, WeakMap<object, unknown[]>>();

/** withSpare returns cur's elements followed by those its backing array still holds past its length. */
/** The capacity Go's growslice gives a byte slice of `cap` bytes that must hold `need` (nextslicecap). */
function goNextSliceCap(need: number, cap: number): number {
  if (need > cap + cap) return need;
  if (cap < 256) return cap + cap;
  let c = cap;
  while (c < need) c += (c + 768) >> 2;
  return c;
}

/** The runtime's size classes (Go 1.26 internal/runtime/gc): small allocations are rounded up to one. */
const SIZE_CLASSES = [
  8, 16, 24, 32, 48, 64, 80, 96, 112, 128, 144, 160, 176, 192, 208, 224, 240, 256, 288, 320, 352, 384, 416,
  448, 480, 512, 576, 640, 704, 768, 896, 1024, 1152, 1280, 1408, 1536, 1792, 2048, 2304, 2688, 3072, 3200,
  3456, 4096, 4864, 5376, 6144, 6528, 6784, 6912, 8192, 9472, 9728, 10240, 10880, 12288, 13568, 14336, 16384,
  18432, 19072, 20480, 21760, 24576, 27264, 28672, 32768,
];

/** Go's roundupsize for a pointer-free allocation of `n` bytes (larger ones: whole 8 KiB pages). */
function goAllocCap(n: number): number {
  if (n <= 32768) {
    for (const c of SIZE_CLASSES) if (c >= n) return c;
  }
  return Math.ceil(n / 8192) * 8192;
}

function withSpare(r: Reader, cur: unknown): unknown[] {
  const els = Array.from(cur as ArrayLike<unknown>);
  const sp = spares.get(r)?.get(cur as object);
  return sp === undefined ? els : els.concat(sp);
}

/** keepSpare records the elements past the length of slice value `res` that its backing array holds. */
function keepSpare(r: Reader, res: object, items: unknown[]): void {
  let m = spares.get(r);
  if (m === undefined) {
    m = new WeakMap();
    spares.set(r, m);
  }
  m.set(res, items);
}

function sliceDecoder(t: Extract<GoType, { kind: "slice" }>, o: ResolvedOptions, m: Mode): Dec {
  const f = o.flags;
  let format = m.format;
  // emitnull/emitempty are slice formats (marshal only); a byte slice takes byte formats only.
  if ((format === "emitnull" || format === "emitempty") && !isByteSlice(t, o)) format = "";
  const elem = compile(t.elem, o, { ...m, format: "", caseMode: "", legacyStr: false });
  const et = t.elem;
  const merge = f.mergeWithLegacySemantics;
  let bytes: Dec | undefined;
  if (isByteSlice(t, o) && format !== "array") {
    const bf = (format === "" ? "base64" : format === "base16" ? "hex" : format) as ByteFormat;
    if (!BYTE_FORMATS.has(bf)) return invalidFormat(t, format, o);
    bytes = (r, cur) => {
      const start = r.d.inputOffset;
      const s = r.d.readString();
      try {
        const out = decodeBytes(s, bf, f.parseBytesWithLooseRFC4648);
        // Go decodes into the existing backing array when it has room (AppendDecode on b[:0]),
        // else into a new one of the runtime's size: what lies past the new length is spare
        // capacity, which a later in-place decode writes and a later array value under
        // mergeWithLegacySemantics (which does not zero it) grows over.
        const backing = cur === null || cur === undefined ? [] : withSpare(r, cur);
        const need = decodedLength(bf, byteLength(s), s);
        if (need < 0 || backing.length >= need) {
          if (backing.length > out.length) keepSpare(r, out, backing.slice(out.length));
        } else {
          const cap = goAllocCap(goNextSliceCap(need, backing.length));
          if (cap > out.length) keepSpare(r, out, new Array<number>(cap - out.length).fill(0));
        }
        return out;
      } catch (e) {
        // A semantic error: legacy reporting records it and carries on.
        const err = afterErr(r, t, '"', start, "", (e as Error).message);
        return fail(r, o, err, false, overwritten(r, err, e, cur, bf, s));
      }
    };
  } else if (format !== "" && !(format === "array" && isByteSlice(t, o))) return invalidFormat(t, format, o);
  const byteElem = isByteSlice(t, o);
  // v2 reads []byte only from a string (base64) unless the format is "array" or bytes use legacy
  // semantics without an explicit format.
  const arrayOk = !bytes || (format === "" && f.formatBytesWithLegacySemantics);
  const dec: Dec = (r, cur) => {
    const d = r.d;
    const k = d.peekKind();
    if (k === "[" && arrayOk) {
      if (d.stackDepth >= DEEP_AFTER) return decodeDeep(r, dec, cur);
      d.readBeginArray();
      const old: unknown[] | null = merge && cur ? withSpare(r, cur) : null;
      const out: unknown[] = [];
      let i = 0;
      let base: unknown;
      try {
        while (peekSoft(d) !== "]") {
          base = old && i < old.length ? old[i] : zero(et);
          out.push(elem(r, base));
          base = undefined;
          i++;
        }
      } catch (e) {
        // Go grows the slice before decoding element i: it holds the partial element.
        if (out.length === i)
          out.push(partialOf(e, base !== undefined ? base : old && i < old.length ? old[i] : zero(et)));
        setPartial(e, byteElem ? Uint8Array.from(out as number[]) : out);
        prefixPointer(e, String(i));
        throw e;
      }
      d.readEndArray();
      const res = byteElem ? Uint8Array.from(out as number[]) : out;
      if (old && i > 0 && i < old.length) keepSpare(r, res, old.slice(i));
      return res;
    }
    if (k === "n") {
      d.readNull();
      return null;
    }
    if (k === '"' && bytes) return bytes(r, cur);
    return mismatch(r, o, t, cur, k, !bytes);
  };
  dec.open = (r, cur) => {
    const d = r.d;
    if (d.peekKind() !== "[" || !arrayOk) return dec(r, cur);
    d.readBeginArray();
    const old: unknown[] | null = merge && cur ? withSpare(r, cur) : null;
    return new SliceFrame(elem, et, old, byteElem);
  };
  return dec;
}

/** Objects under `any` that Go decodes with its typed map arshaler (names read as whole values). */
const TYPED_OBJECTS = new WeakSet<object>();

/** The deep-path frame of a pointer to a container: its element, with the pointer's partial value. */
class PointerFrame extends UFrame {
  private v: unknown;
  private done = false;
  constructor(
    elem: Dec,
    base: unknown,
    private readonly standIn: (() => unknown) | undefined,
  ) {
    super();
    this.cd = elem;
    this.cb = base;
  }
  next(): boolean {
    if (this.done) return false;
    this.done = true;
    return true;
  }
  put(v: unknown): void {
    this.v = v;
  }
  finish(): unknown {
    return this.v;
  }
  fail(e: unknown): string | undefined {
    const held = partialOf(e, this.cb);
    setPartial(e, held === null && this.standIn !== undefined ? this.standIn() : held);
    return undefined;
  }
}

/**
 * allocatedStandIn gives what a pointer holds when Go allocated it and its element (a slice or
 * map) failed before it was made: Go's pointer is not nil but points to a nil slice or map, which
 * the contract's values cannot tell from a nil pointer (both null); codec-v2 gives the empty slice
 * or map, which Go's json/v2 writes alike (`""`, `[]`, `{}`). Undefined for other element types.
 */
function allocatedStandIn(et: GoType, o: ResolvedOptions): (() => unknown) | undefined {
  if (et.known === "json.RawMessage" || et.known === "jsontext.Value") return () => new Uint8Array(0);
  if (et.known !== undefined || lookupMethod(et, "UnmarshalJSON") || lookupMethod(et, "UnmarshalText"))
    return undefined;
  if (et.kind === "map") return () => new Map();
  if (et.kind === "slice") return isByteSlice(et, o) ? () => new Uint8Array(0) : () => [];
  return undefined;
}

/** The deep-path frame of a slice (Go grows the slice before it decodes an element). */
class SliceFrame extends UFrame {
  private readonly out: unknown[] = [];
  constructor(
    private readonly elem: Dec,
    private readonly et: GoType,
    private readonly old: unknown[] | null,
    private readonly byteElem: boolean,
  ) {
    super();
  }
  private res: unknown;
  next(r: Reader): boolean {
    const d = r.d;
    if (peekSoft(d) === "]") {
      d.readEndArray();
      const out = this.out;
      this.res = this.byteElem ? Uint8Array.from(out as number[]) : out;
      const old = this.old;
      if (old && out.length > 0 && out.length < old.length)
        keepSpare(r, this.res as object, old.slice(out.length));
      return false;
    }
    const i = this.out.length;
    const old = this.old;
    this.cd = this.elem;
    this.cb = old && i < old.length ? old[i] : zero(this.et);
    return true;
  }
  put(v: unknown): void {
    this.out.push(v);
  }
  finish(): unknown {
    if (this.res !== undefined) return this.res;
    return this.byteElem ? Uint8Array.from(this.out as number[]) : this.out;
  }
  fail(e: unknown): string | undefined {
    const out = this.out;
    const i = out.length;
    const old = this.old;
    out.push(partialOf(e, this.inChild ? this.cb : old && i < old.length ? old[i] : zero(this.et)));
    setPartial(e, this.byteElem ? Uint8Array.from(out as number[]) : out);
    return String(i);
  }
}

function arrayDecoder(t: Extract<GoType, { kind: "array" }>, o: ResolvedOptions, m: Mode): Dec {
  const f = o.flags;
  const format = m.format;
  const asArray = format === "array" || (format === "" && f.formatByteArrayAsArray);
  const elem = compile(t.elem, o, { ...m, format: "", caseMode: "", legacyStr: false });
  const et = t.elem;
  const n = t.len;
  const merge = f.mergeWithLegacySemantics;
  const anyLen = f.unmarshalArrayFromAnyLength;
  let bytes: Dec | undefined;
  if (isByteSlice(t, o) && !asArray) {
    const bf = (format === "" ? "base64" : format === "base16" ? "hex" : format) as ByteFormat;
    if (!BYTE_FORMATS.has(bf)) return invalidFormat(t, format, o);
    bytes = (r, cur) => {
      const start = r.d.inputOffset;
      const s = r.d.readString();
      let b: Uint8Array;
      try {
        b = decodeBytes(s, bf, f.parseBytesWithLooseRFC4648);
      } catch (e) {
        const err = afterErr(r, t, '"', start, "", (e as Error).message);
        return fail(r, o, err, false, overwritten(r, err, e, cur, bf, s));
      }
      // Go copies what was decoded into the array and clears the rest, then checks the length
      // (unmarshalArrayFromAnyLength: any length is fine).
      const out: number[] = new Array<number>(n).fill(0);
      for (let i = 0; i < n && i < b.length; i++) out[i] = b[i] as number;
      if (b.length !== n && !f.unmarshalArrayFromAnyLength) {
        const err = afterErr(
          r,
          t,
          '"',
          start,
          "",
          `decoded length of ${b.length} mismatches array length of ${n}`,
        );
        setPartial(err, out);
        return fail(r, o, err, false, out);
      }
      return out;
    };
  } else if (format !== "" && !(format === "array" && isByteSlice(t, o))) return invalidFormat(t, format, o);
  const arrayOk = !bytes || f.formatBytesWithLegacySemantics;
  return (r, cur) => {
    const d = r.d;
    const k = d.peekKind();
    if (k === "[" && arrayOk) {
      d.readBeginArray();
      const out: unknown[] = new Array(n);
      let i = 0;
      // This array's own overflow error (about the array itself: no element index in its pointer).
      let overflow: SemanticError | undefined;
      // Legacy reporting: Go skips the extra elements and reports the overflow after the array (not fatal).
      let over = false;
      const deferredBefore = r.deferred;
      try {
        while (peekSoft(d) !== "]") {
          if (i < n) {
            const base = merge && cur ? (cur as unknown[])[i] : zero(et);
            out[i] = base;
            out[i] = elem(r, base);
          } else if (anyLen) d.skipValue();
          else if (f.reportErrorsWithLegacySemantics) {
            d.skipValue();
            over = true;
          } else {
            d.skipValueRemainder();
            overflow = new SemanticError({
              action: "unmarshal",
              jsonKind: "[",
              goType: t,
              byteOffset: d.inputOffset - 1,
              cause: "too many array elements",
            });
            throw overflow;
          }
          i++;
        }
      } catch (e) {
        if (e !== overflow) {
          if (i < n) out[i] = partialOf(e, out[i] ?? (merge && cur ? (cur as unknown[])[i] : zero(et)));
          prefixPointer(e, String(i));
        }
        // Go decodes in place: elements not reached keep the destination's values.
        const prev = cur as unknown[] | null;
        for (let j = 0; j < n; j++) if (!(j in out)) out[j] = prev && j < prev.length ? prev[j] : zero(et);
        setPartial(e, out);
        throw e;
      }
      d.readEndArray();
      let lenErr: string | undefined = over ? "too many array elements" : undefined;
      if (i < n) {
        // Go zeroes the elements not given before it reports the underflow.
        for (; i < n; i++) out[i] = zero(et);
        if (!anyLen) lenErr = "too few array elements";
      }
      if (lenErr !== undefined) {
        const err = new SemanticError({
          action: "unmarshal",
          jsonKind: "[",
          goType: t,
          byteOffset: d.inputOffset - 1,
          cause: lenErr,
        });
        setPartial(err, out);
        // Under legacy reporting the length error is recorded and decoding goes on (Go's !isFatalError);
        // Go returns it instead of the first error of an element of this array.
        if (f.reportErrorsWithLegacySemantics && r.deferred !== deferredBefore) r.deferred = undefined;
        return fail(r, o, err, false, out);
      }
      return out;
    }
    if (k === "n") {
      d.readNull();
      return merge ? cur : zero(t);
    }
    if (k === '"' && bytes) return bytes(r, cur);
    return mismatch(r, o, t, cur, k, !bytes);
  };
}

function keyDecoder(k: GoType, o: ResolvedOptions): (r: Reader, name: string, start: number) => unknown {
  const f = o.flags;
  if (k.known === "time.Duration" && !f.formatDurationAsNano) {
    // Go's Duration arshaler has no default representation, for a key as for a value:
    // reported at the map, before the name is read.
    return (r, _name, start) => {
      throw new SemanticError({
        action: "unmarshal",
        goType: k,
        byteOffset: r.valueStart(start),
        cause: o.rules.durationNoDefault,
      });
    };
  }
  if (k.known === "time.Time" && !f.parseTimeWithLooseRFC3339) {
    // Go's time arshaler (not UnmarshalText) decodes a time key: json/v2's strict RFC 3339 checks apply.
    const loose = keyDecoderLooseTime(k, o);
    return (r, name, start) => {
      const v = loose(r, name, start);
      const strict = strictRFC3339Error(name);
      if (strict !== undefined) throw memberNameError(r, name, start, k, new GoTimeError(strict));
      return v;
    };
  }
  return keyDecoderLooseTime(k, o);
}

/** keyDecoderLooseTime decodes map keys through methods or by kind (time keys without json/v2's strict checks). */
function keyDecoderLooseTime(
  k: GoType,
  o: ResolvedOptions,
): (r: Reader, name: string, start: number) => unknown {
  const f = o.flags;
  /** A key method's own error, placed at the key (Go: the name's JSON kind, no value shown). */
  const methodErr = (r: Reader, name: string, start: number, e: unknown): unknown =>
    SemanticError.isInstance(e) || SyntacticError.isInstance(e)
      ? e
      : f.reportErrorsWithLegacySemantics
        ? legacyMethodError(e)
        : new SemanticError({
            action: "unmarshal",
            jsonKind: '"',
            goType: k,
            byteOffset: r.valueStart(start),
            jsonPointer: `/${escapePointerToken(name)}`,
            cause: e instanceof Error ? e : String(e),
          });
  const uj = lookupMethod(k, "UnmarshalJSON");
  if (uj && !f.callMethodsWithLegacySemantics) {
    const fn = uj.call;
    return (r, name, start) => {
      try {
        return fn(toBytes(JSON.stringify(name)), zero(k));
      } catch (e) {
        throw methodErr(r, name, start, e);
      }
    };
  }
  const ut = lookupMethod(k, "UnmarshalText");
  if (ut) {
    const fn = ut.call;
    return (r, name, start) => {
      try {
        return fn(toBytes(name), zero(k));
      } catch (e) {
        throw methodErr(r, name, start, e);
      }
    };
  }
  const keyErr = (r: Reader, name: string, start: number, cause: string) =>
    new SemanticError({
      action: "unmarshal",
      jsonKind: '"',
      jsonValue: rawText(r, start),
      goType: k,
      byteOffset: r.valueStart(start),
      jsonPointer: `/${escapePointerToken(name)}`,
      cause,
    });
  switch (k.kind) {
    case "float32":
    case "float64":
      if (f.stringifyWithLegacySemantics)
        // A map key is a quoted number: legacy semantics parse it with strconv.ParseFloat
        // (Go's syntax: "+Inf", ".5", "1_0") and take "null" as the zero key.
        return (r, name, start) => {
          if (name === "null") return 0;
          const v = parseGoFloatSyntax(name, k.kind === "float32");
          if (typeof v === "string") throw keyErr(r, name, start, v);
          return floatMapKey(v);
        };
      return (r, name, start) => {
        if (!isJsonNumber(name)) throw keyErr(r, name, start, "invalid syntax");
        let v = Number(name);
        if (k.kind === "float32") v = Math.fround(v);
        // A key beyond the float's range is an error as for a value (no entry is stored).
        if (!Number.isFinite(v)) throw keyErr(r, name, start, "value out of range");
        return floatMapKey(v);
      };
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
      const big = isBigKind(k);
      if (f.stringifyWithLegacySemantics)
        // A map key is a quoted number: under legacy semantics Go parses it with strconv
        // (Go's syntax: "010", "+5") and takes "null" as the zero key (go.dev/issue/75619).
        return (r, name, start) => {
          if (name === "null") return big ? 0n : 0;
          const v = parseGoIntSyntax(name, k.kind, big);
          if (typeof v === "string") throw keyErr(r, name, start, v);
          return v;
        };
      return (r, name, start) => {
        const v = parseGoInt(name, k.kind, big);
        if (typeof v === "string") throw keyErr(r, name, start, v);
        return v;
      };
    }
    case "bool":
      // Go's bool arshaler takes no JSON string (not even under StringifyNumbers), so no
      // object member name can be a bool key: every member is a type mismatch at its name.
      return (r, name, start) => {
        throw memberNameError(r, name, start, k);
      };
    default:
      return (_r, name) => name;
  }
}

function mapDecoder(t: Extract<GoType, { kind: "map" }>, o: ResolvedOptions, m: Mode): Dec {
  const f = o.flags;
  const kdec = keyDecoder(t.key, o);
  const vdec = compile(t.elem, o, { ...m, format: "", caseMode: "", legacyStr: false });
  const et = t.elem;
  const merge = !f.mergeWithLegacySemantics;
  const dups = !f.allowDuplicateNames;
  if (m.format !== "" && m.format !== "emitnull" && m.format !== "emitempty")
    return invalidFormat(t, m.format, o);
  const dec: Dec = (r, cur) => {
    const d = r.d;
    const k0 = d.peekKind();
    if (k0 === "{") {
      if (d.stackDepth >= DEEP_AFTER) return decodeDeep(r, dec, cur);
      d.readBeginObject();
      const out: Map<unknown, unknown> = cur instanceof Map ? cur : new Map();
      const seen = dups && out.size > 0 ? new Set<unknown>() : undefined;
      let k: Kind;
      try {
        while ((k = d.peekKind()) !== "}") {
          const start = d.inputOffset;
          const name = readName(r, k);
          let key: unknown;
          try {
            key = kdec(r, name, start);
          } catch (e) {
            if (!isNonFatal(e) || !o.flags.reportErrorsWithLegacySemantics) throw e;
            fail(r, o, e, true, out);
            continue;
          }
          checkDuplicateKey(r, out, seen, key, start, dups);
          const have = presentKey(out, key);
          const base = merge && have !== undefined ? out.get(have) : zero(et);
          // Go updates a float key's spelling (-0 / 0) when it assigns the entry.
          if (have !== undefined && have !== key) out.delete(have);
          try {
            out.set(key, vdec(r, base));
          } catch (e) {
            // Go stores the (partial) entry value before it looks at the error.
            out.set(key, partialOf(e, base));
            setPartial(e, out);
            prefixPointer(e, name);
            throw e;
          }
        }
      } catch (e) {
        if (!hasPartial(e)) setPartial(e, out);
        throw e;
      }
      d.readEndObject();
      return out;
    }
    if (k0 === "n") {
      d.readNull();
      return null;
    }
    return mismatch(r, o, t, cur, k0, true);
  };
  dec.open = (r, cur) => {
    const d = r.d;
    if (d.peekKind() !== "{") return dec(r, cur);
    d.readBeginObject();
    const out: Map<unknown, unknown> = cur instanceof Map ? cur : new Map();
    return new MapFrame(o, kdec, vdec, et, merge, out, dups && out.size > 0 ? new Set() : undefined);
  };
  return dec;
}

/** The key of `out` that is `key` as a Go map key (0 and -0 are one key), or undefined. */
function presentKey(out: Map<unknown, unknown>, key: unknown): unknown {
  if (out.has(key)) return key;
  const z = otherZero(key);
  return z !== undefined && out.has(z) ? z : undefined;
}

/**
 * checkDuplicateKey is Go's semantic duplicate check of map keys: a key already in the map (put
 * there by this object when the map was not empty to begin with: `seen`) is a duplicate name,
 * even when the names differ ("0" and "-0", or names an UnmarshalText method maps together).
 */
function checkDuplicateKey(
  r: Reader,
  out: Map<unknown, unknown>,
  seen: Set<unknown> | undefined,
  key: unknown,
  start: number,
  dups: boolean,
): void {
  if (!dups) return;
  const have = presentKey(out, key);
  if (have !== undefined && (seen === undefined || seen.has(have)))
    throw syntacticError(ERR_DUPLICATE_NAME, r.valueStart(start), r.d.stackPointer());
  seen?.add(key);
  const z = otherZero(key);
  if (z !== undefined) seen?.add(z);
}

/** The deep-path frame of a map (Go stores the partial entry value before it looks at the error). */
class MapFrame extends UFrame {
  private key: unknown;
  private name = "";
  constructor(
    private readonly o: ResolvedOptions,
    private readonly kdec: (r: Reader, name: string, start: number) => unknown,
    vdec: Dec,
    private readonly et: GoType,
    private readonly merge: boolean,
    private readonly out: Map<unknown, unknown>,
    private readonly seen: Set<unknown> | undefined,
  ) {
    super();
    this.cd = vdec;
  }
  next(r: Reader): boolean {
    const d = r.d;
    const out = this.out;
    let k: Kind;
    while ((k = d.peekKind()) !== "}") {
      const start = d.inputOffset;
      const name = readName(r, k);
      let key: unknown;
      try {
        key = this.kdec(r, name, start);
      } catch (e) {
        if (!isNonFatal(e) || !this.o.flags.reportErrorsWithLegacySemantics) throw e;
        fail(r, this.o, e, true, out);
        continue;
      }
      checkDuplicateKey(r, out, this.seen, key, start, !this.o.flags.allowDuplicateNames);
      this.key = key;
      this.name = name;
      const have = presentKey(out, key);
      this.cb = this.merge && have !== undefined ? out.get(have) : zero(this.et);
      if (have !== undefined && have !== key) out.delete(have);
      return true;
    }
    d.readEndObject();
    return false;
  }
  put(v: unknown): void {
    this.out.set(this.key, v);
  }
  finish(): unknown {
    return this.out;
  }
  fail(e: unknown): string | undefined {
    if (this.inChild) {
      this.out.set(this.key, partialOf(e, this.cb));
      setPartial(e, this.out);
      return this.name;
    }
    if (!hasPartial(e)) setPartial(e, this.out);
    return undefined;
  }
}

function setOwn(obj: Record<string, unknown>, k: string, v: unknown): void {
  if (k === "__proto__")
    Object.defineProperty(obj, k, { value: v, writable: true, enumerable: true, configurable: true });
  else obj[k] = v;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return (
    v !== null && typeof v === "object" && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype
  );
}

const FLOAT64: GoType = T.float64;
/** The Go types of the dynamic values an `any` holds (named in type-mismatch errors when merging). */
const ANY_MAP: GoType = mapOf(T.string, T.any);
const ANY_SLICE: GoType = sliceOf(T.any);

/**
 * dynamicType returns the Go type of a non-nil value held by `any` (what Go's interface
 * arshaler decodes into when the interface is not nil), or undefined when a fresh value is made.
 */
function dynamicType(v: unknown): GoType | undefined {
  switch (typeof v) {
    case "boolean":
      return T.bool;
    case "string":
      return T.string;
    case "number":
      return FLOAT64;
    default:
      if (Array.isArray(v)) return ANY_SLICE;
      if (isPlainObject(v)) return ANY_MAP;
      return undefined;
  }
}

/** Whether a JSON value of kind k fits the dynamic Go type dt (otherwise Go reports a mismatch). */
function fitsDynamic(dt: GoType, k: Kind): boolean {
  switch (dt) {
    case ANY_MAP:
      return k === "{";
    case ANY_SLICE:
      return k === "[";
    case T.bool:
      return k === "t" || k === "f";
    case T.string:
      return k === '"';
    default:
      return k === "0";
  }
}

/**
 * anyDecoder decodes into `any` (Go's interface{}): objects → plain objects,
 * arrays → arrays, numbers → float64 (or JsonNumber). Iterative: nesting is an
 * explicit stack, so depth is bounded only by jsontext's MAX_NESTING_DEPTH.
 *
 * As Go's interface arshaler: null makes nil; a nil interface gets a fresh value; a non-nil one
 * is decoded into with its dynamic type's rules (v2): a map merges its members (recursively, each
 * member's value again by its own dynamic type), anything else is replaced, and a JSON kind that does
 * not fit the dynamic type is a mismatch (`cannot unmarshal JSON array into Go map[string]interface {}`).
 * Legacy merge semantics (v1) always start from nil. A failed value leaves what Go holds: a fresh
 * container keeps what was decoded, a fresh scalar or array element that failed is nil.
 */
/**
 * `str`: StringifyNumbers is in effect (the option, or a `string` field holding the value).
 * `named`: a named empty interface (`type NA any`), which Go never decodes through its fast
 * path for `any`: a fresh scalar that fails holds its kind's zero value (`""`, false), as
 * with allowDuplicateNames.
 */
function anyDecoder(o: ResolvedOptions, str: boolean, named: boolean): Dec {
  const f = o.flags;
  const rawNum = f.unmarshalAnyWithRawNumber;
  const merge = !f.mergeWithLegacySemantics;
  /** A scalar (not `{` or `[`) of kind k. */
  const scalar = (r: Reader, k: Kind, cur: unknown): unknown => {
    const d = r.d;
    switch (k) {
      case '"':
        return d.readString();
      case "t":
      case "f":
        return d.readBool();
      case "n":
        d.readNull();
        return null;
      case "0": {
        const start = d.inputOffset;
        const lit = d.readNumberLiteral();
        if (rawNum) return new JsonNumber(lit);
        const v = Number(lit);
        if (!Number.isFinite(v)) {
          // Go 1.26 keeps the largest finite value of the sign (jsonwire.ParseFloat) with the error,
          // Go 1.27 a zero.
          const held = o.rules.floatRangeSaturates ? (v > 0 ? Number.MAX_VALUE : -Number.MAX_VALUE) : 0;
          const err = afterErr(r, FLOAT64, "0", start, lit, "value out of range");
          setPartial(err, held);
          return fail(r, o, err, false, held);
        }
        return v;
      }
      default:
        d.skipValue(); // throws the decoder's error for `}` or `]`
        return cur;
    }
  };
  /**
   * value decodes a value of kind k into the existing non-nil `prev` (its dynamic type decides)
   * or a fresh one; for `{`/`[` it returns the container to descend into (also left for takeOpened).
   */
  // Go's fast path for a nil `any` (unmarshalValueAny) is taken only without AllowDuplicateNames;
  // otherwise (and always for an existing float64) numbers go through the float64 arshaler,
  // where StringifyNumbers wants them quoted.
  // A named interface takes the typed path for itself only: its elements and members are plain `any`.
  const typedFresh = f.allowDuplicateNames && !rawNum;
  const typedTop = (f.allowDuplicateNames || named) && !rawNum;
  const floatDec = compile(FLOAT64, o, { ...NO_MODE, str });
  const typedFloat = (r: Reader, base: number): unknown => {
    try {
      return floatDec(r, base);
    } catch (e) {
      if (!hasPartial(e)) setPartial(e, base);
      throw e;
    }
  };
  let opened: Record<string, unknown> | unknown[] | undefined;
  /** The container the last `value` call opened (to descend into), once. */
  const takeOpened = (): Record<string, unknown> | unknown[] | undefined => {
    const c = opened;
    opened = undefined;
    return c;
  };
  const value = (r: Reader, k: Kind, prev: unknown, top = false): unknown => {
    const d = r.d;
    opened = undefined;
    const typed = top ? typedTop : typedFresh;
    if (k === "n") {
      d.readNull();
      return null;
    }
    const dt = merge && prev !== null && prev !== undefined ? dynamicType(prev) : undefined;
    if (
      dt === FLOAT64 ? k === "0" || (k === '"' && f.stringifyNumbers) : dt === undefined && typed && k === "0"
    )
      return typedFloat(r, dt === FLOAT64 ? (prev as number) : 0);
    if (dt !== undefined && !fitsDynamic(dt, k)) {
      // Go reads only the first token for maps, slices and bools, the whole value otherwise.
      return mismatch(r, o, dt, prev, k, dt !== T.string && dt !== FLOAT64);
    }
    if (k === "{") {
      d.readBeginObject();
      opened = dt === ANY_MAP ? (prev as Record<string, unknown>) : {};
      // Go's typed path (a map arshaler) reads each member name as a whole value.
      if (dt === ANY_MAP || typed) TYPED_OBJECTS.add(opened);
      return opened;
    }
    if (k === "[") {
      d.readBeginArray();
      opened = [];
      return opened;
    }
    if (dt === undefined && typed && (k === '"' || k === "t" || k === "f")) {
      // Go's typed path decodes into a new string or bool: a failure leaves its zero value.
      try {
        return scalar(r, k, prev);
      } catch (e) {
        if (!hasPartial(e)) setPartial(e, k === '"' ? "" : false);
        throw e;
      }
    }
    return scalar(r, k, prev);
  };
  const dec: Dec = (r, cur) => {
    const d = r.d;
    let k = d.peekKind();
    if (k !== "{" && k !== "[") return value(r, k, cur, true);
    // Explicit stack: containers, and for objects the member name being filled.
    const conts: (Record<string, unknown> | unknown[])[] = [];
    const names: (string | number)[] = [];
    const root = value(r, k, cur, true);
    const first = takeOpened();
    if (first === undefined) return root; // a mismatch recorded under legacy reporting
    conts.push(first);
    names.push("");
    // The member (or element) whose value is being read: Go stores what it holds on failure.
    // (Three variables rather than an object per value: no allocation on the happy path.)
    let pTop: Record<string, unknown> | unknown[] | undefined;
    let pName = "";
    let pPrev: unknown = null;
    try {
      while (conts.length > 0) {
        const top = conts[conts.length - 1] as Record<string, unknown> | unknown[];
        if (Array.isArray(top)) {
          // Go's PeekKind defers a syntax error: the element is appended (nil) before it is reported.
          pTop = top;
          pPrev = null;
          k = d.peekKind();
          if (k === "]") {
            pTop = undefined;
            d.readEndArray();
            conts.pop();
            names.pop();
            continue;
          }
          names[names.length - 1] = top.length;
          const v = value(r, k, null);
          pTop = undefined;
          top.push(v);
          const c = takeOpened();
          if (c !== undefined) {
            conts.push(c);
            names.push("");
          }
          continue;
        }
        k = d.peekKind();
        if (k === "}") {
          d.readEndObject();
          conts.pop();
          names.pop();
          continue;
        }
        const name = readName(r, k, k !== '"' && TYPED_OBJECTS.has(top));
        names[names.length - 1] = name;
        const prev = Object.hasOwn(top, name) ? top[name] : null;
        pTop = top;
        pName = name;
        pPrev = prev;
        k = d.peekKind();
        const v = value(r, k, prev);
        pTop = undefined;
        setOwn(top, name, v);
        const c = takeOpened();
        if (c !== undefined) {
          conts.push(c);
          names.push("");
        }
      }
    } catch (e) {
      if (pTop !== undefined) {
        // A fresh value that failed is nil (Go's unmarshalValueAny); an existing one is kept.
        const held = partialOf(e, pPrev);
        if (Array.isArray(pTop)) pTop.push(held);
        else setOwn(pTop, pName, held);
      }
      if (SemanticError.isInstance(e)) {
        for (let i = names.length - 1; i >= 0; i--) prefixPointer(e, String(names[i]));
      }
      setPartial(e, root);
      throw e;
    }
    return root;
  };
  if (merge) return dec;
  // Legacy merge semantics: Go first sets a non-nil interface to nil, so a failure leaves nil.
  return (r, cur) => {
    try {
      return dec(r, cur);
    } catch (e) {
      if (!hasPartial(e)) setPartial(e, null);
      throw e;
    }
  };
}

function structDecoder(t: StructType, o: ResolvedOptions, m: Mode): Dec {
  const f = o.flags;
  const sf = structFieldsV2(t, o.goVersion);
  // Go reports a structural error only for a JSON object (null zeroes, other kinds mismatch);
  // Go 1.27's unsupported `format` option even under legacy reporting.
  const structErr =
    (sf.error && !f.reportErrorsWithLegacySemantics ? sf.error : undefined) ?? sf.unsupportedFormat;
  interface P {
    fd: FieldV2;
    dec: Dec;
    ci: boolean;
    /** Position in `all`. */
    idx: number;
    /** Whether plans.get(fd.name) is this plan (the member-order guess may use it). */
    unique: boolean;
  }
  const plans = new Map<string, P>();
  const all: P[] = [];
  for (const fd of sf.fields) {
    // Go's canLegacyStringify: bool, numbers and strings, or a pointer to one.
    const p: P = {
      fd,
      dec: compile(fd.type, o, fieldMode(fd, o, m)),
      ci: fd.caseMode === "ignore" || (f.matchCaseInsensitiveNames && fd.caseMode !== "strict"),
      idx: all.length,
      unique: false,
    };
    plans.set(fd.name, p);
    all.push(p);
  }
  for (const p of all) p.unique = plans.get(p.fd.name) === p;
  // Members usually come in field order: the field after the last one matched is tried first.
  let guess = 0;
  const fold = f.matchCaseSensitiveDelimiter ? foldNameLegacy : foldName;
  const folded = new Map<string, P[]>();
  for (const p of all) {
    if (!p.ci) continue;
    const k = fold(p.fd.name);
    const l = folded.get(k);
    if (l) l.push(p);
    else folded.set(k, [p]);
  }
  // Go's precedence among names that fold alike is breadth-first (the field id), not declaration order.
  for (const l of folded.values()) if (l.length > 1) l.sort((a, b) => a.fd.id - b.fd.id);
  const anyFold = folded.size > 0;
  const ambiguous = o.rules.ambiguousNames && !f.reportErrorsWithLegacySemantics;
  const nf = all.length;
  const dups = !f.allowDuplicateNames;
  const reject = f.rejectUnknownMembers;
  const fallback = sf.fallback;
  // Go also accepts a pointer to the map (*map[string]T, allocated on the first unknown member);
  // in TypeScript *T is T | null. The values are decoded under the struct's flags (Go passes its
  // options on: StringifyNumbers, from the option or an enclosing `string` field, applies to them).
  const fbMap =
    fallback && fallback.type.kind === "pointer" && fallback.type.name === undefined
      ? fallback.type.elem
      : fallback?.type;
  const fbType = fbMap && fbMap.kind === "map" ? fbMap.elem : undefined;
  const fbDec = fbType ? compile(fbType, o, { ...NO_MODE, str: m.str }) : undefined;
  /**
   * getHolder returns the struct that holds the last field of `path`, allocating nil embedded
   * pointers on the way, or undefined where Go cannot allocate one (`blocked`: unexported).
   */
  const getHolder = (
    obj: any,
    path: readonly string[],
    hops: readonly GoType[],
    blocked?: readonly boolean[],
  ): any => {
    let h = obj;
    for (let i = 0; i < path.length - 1; i++) {
      const k = path[i] as string;
      let nx = h[k];
      if (nx === null || nx === undefined) {
        if (blocked?.[i]) return undefined;
        const ht = hops[i] as GoType;
        nx = zero(ht.kind === "pointer" ? ht.elem : ht);
        h[k] = nx;
      }
      h = nx;
    }
    return h;
  };
  /** lookupField returns the plan of member `name` (read at `start`), reporting a duplicate folded name. */
  const lookupField = (
    r: Reader,
    name: string,
    start: number,
    seen: Uint8Array | undefined,
  ): P | undefined => {
    const g = all[guess];
    let p = g?.unique && g.fd.name === name ? g : plans.get(name);
    if (p !== undefined) guess = p.idx + 1;
    if (p === undefined && anyFold) {
      const l = folded.get(fold(name));
      if (l) {
        // Go 1.27: several fields match without an exact one (v1 semantics take the first).
        if (l.length > 1 && ambiguous)
          throw new SemanticError({
            action: "unmarshal",
            jsonKind: '"',
            goType: t,
            byteOffset: r.valueStart(start),
            jsonPointer: `/${escapePointerToken(name)}`,
            cause: ERR_AMBIGUOUS_NAME,
          });
        p = l[0];
      }
    }
    if (p !== undefined && seen) {
      const id = p.fd.id;
      if (seen[id] === 1) throw syntacticError(ERR_DUPLICATE_NAME, r.valueStart(start), r.d.stackPointer());
      seen[id] = 1;
    }
    return p;
  };
  /**
   * nilField reports a member whose field sits behind a nil embedded pointer Go cannot allocate
   * (an unexported struct type): Go's errNilField, placed before the value (newUnmarshalErrorBefore;
   * only legacy reporting records the value's kind), then the value is skipped under legacy reporting.
   */
  const nilField = (r: Reader, obj: any, name: string): void => {
    const d = r.d;
    const e = new SemanticError({
      action: "unmarshal",
      jsonKind: f.reportErrorsWithLegacySemantics ? d.peekKind() : "",
      goType: t,
      byteOffset: r.valueStart(d.inputOffset),
      jsonPointer: `/${escapePointerToken(name)}`,
      cause: ERR_NIL_FIELD,
    });
    fail(r, o, e, true, obj);
  };
  /** unknownMember handles the value of a member that names no field (reject, fallback, or skip). */
  const unknownMember = (r: Reader, obj: any, name: string, start: number): void => {
    const d = r.d;
    // Go rejects unknown names unless an `inline` fallback takes them; legacy reporting records
    // the error and still stores (or skips) the value.
    if (reject && (!fallback || fallback.unknown)) {
      const e = new SemanticError({
        action: "unmarshal",
        jsonKind: '"',
        goType: t,
        byteOffset: r.valueStart(start),
        jsonPointer: `/${escapePointerToken(name)}`,
        cause: ERR_UNKNOWN_NAME,
      });
      fail(r, o, e, false, obj);
    }
    try {
      if (fallback) {
        const h = getHolder(obj, fallback.path, fallback.hopTypes);
        const fk = fallback.path[fallback.path.length - 1] as string;
        if (fbDec) {
          let mp: Map<string, unknown> | null = h[fk];
          if (!(mp instanceof Map)) {
            mp = new Map();
            h[fk] = mp;
          }
          const base = mp.has(name) ? mp.get(name) : zero(fbType as GoType);
          try {
            mp.set(name, fbDec(r, base));
          } catch (e) {
            // Go stores the entry (what the value holds so far) before it returns the error.
            mp.set(name, partialOf(e, base));
            throw e;
          }
        } else {
          const prev: Uint8Array | string | null = h[fk];
          const head = rawFallbackHead(prev);
          if (head === undefined) {
            // Go: newUnmarshalErrorAfterWithSkipping at the member name (its legacy "skipping"
            // skips nothing here and desynchronizes Go's reader; skipping the value is its intent).
            const e = new SemanticError({
              action: "unmarshal",
              jsonKind: '"',
              goType: fallback.type.kind === "pointer" ? fallback.type.elem : fallback.type,
              byteOffset: r.valueStart(start),
              cause: ERR_RAW_INLINED_NOT_OBJECT,
            });
            fail(r, o, e, true, obj);
            return;
          }
          // The member as written: the name's quoted bytes, ':', then the value's exact bytes.
          const qname = r.buf.subarray(r.valueStart(start), d.inputOffset);
          let val: Uint8Array;
          try {
            val = d.readValue();
          } catch (e) {
            // Go appended the name and ':' before it read the value: the fallback keeps them.
            const part = new Uint8Array(head.length + qname.length + 1);
            part.set(head, 0);
            part.set(qname, head.length);
            part[part.length - 1] = 0x3a;
            h[fk] = part;
            throw e;
          }
          const out = new Uint8Array(head.length + qname.length + 1 + val.length + 1);
          out.set(head, 0);
          out.set(qname, head.length);
          out[head.length + qname.length] = 0x3a;
          out.set(val, head.length + qname.length + 1);
          out[out.length - 1] = 0x7d;
          h[fk] = out;
        }
      } else d.skipValue();
    } catch (e) {
      prefixPointer(e, name);
      throw e;
    }
  };
  /** begin reads `{` and returns the destination object (Go reports a structural error here). */
  const begin = (r: Reader, cur: any): any => {
    const d = r.d;
    const start0 = d.inputOffset;
    d.readBeginObject();
    if (structErr)
      throw new SemanticError({
        action: "unmarshal",
        jsonKind: "{",
        goType: structErr.type,
        byteOffset: r.valueStart(start0),
        cause: structErr.text,
      });
    return cur !== null && typeof cur === "object" ? cur : (zero(t) as Record<string, unknown>);
  };
  // Names that fold to an already-seen field are duplicates too (exact repeats are the decoder's).
  const trackSeen = dups && anyFold && nf > 0;
  const dec: Dec = (r, cur) => {
    const d = r.d;
    const k0 = d.peekKind();
    if (k0 === "{" && structErr && f.reportErrorsWithLegacySemantics) {
      // Go 1.27 (unsupported `format` under v1 semantics): the error is recorded after `{` and the
      // caller carries on from inside this object, as Go's does (its members are read as the caller's).
      const start0 = d.inputOffset;
      d.readBeginObject();
      const e = new SemanticError({
        action: "unmarshal",
        jsonKind: "{",
        goType: structErr.type,
        byteOffset: r.valueStart(start0),
        cause: structErr.text,
      });
      return fail(r, o, e, false, cur);
    }
    if (k0 === "{") {
      if (d.stackDepth >= DEEP_AFTER) return decodeDeep(r, dec, cur);
      const obj = begin(r, cur);
      const seen = trackSeen ? new Uint8Array(nf) : undefined;
      let k: Kind;
      try {
        while ((k = d.peekKind()) !== "}") {
          const start = d.inputOffset;
          const name = readName(r, k);
          const p = lookupField(r, name, start, seen);
          if (p !== undefined) {
            const fd = p.fd;
            const h = fd.path.length === 1 ? obj : getHolder(obj, fd.path, fd.hopTypes, fd.hopBlocked);
            if (h === undefined) {
              nilField(r, obj, name);
              continue;
            }
            try {
              h[fd.goName] = p.dec(r, h[fd.goName]);
            } catch (e) {
              h[fd.goName] = partialOf(e, h[fd.goName]);
              prefixPointer(e, name);
              throw e;
            }
            continue;
          }
          unknownMember(r, obj, name, start);
        }
      } catch (e) {
        setPartial(e, obj);
        throw e;
      }
      d.readEndObject();
      return obj;
    }
    if (k0 === "n") {
      d.readNull();
      return f.mergeWithLegacySemantics ? cur : zero(t);
    }
    return mismatch(r, o, t, cur, k0, true);
  };
  dec.open = (r, cur) => {
    if (r.d.peekKind() !== "{" || (structErr && f.reportErrorsWithLegacySemantics)) return dec(r, cur);
    const obj = begin(r, cur);
    const seen = trackSeen ? new Uint8Array(nf) : undefined;
    return new StructFrame(obj, seen, lookupField, unknownMember, getHolder, nilField);
  };
  return dec;
}

/** A compiled struct field for the deep path. */
interface FieldDec {
  fd: FieldV2;
  dec: Dec;
}

/** The deep-path frame of a struct (fields are decoded in place). */
class StructFrame extends UFrame {
  private h: any;
  private name = "";
  private goName = "";
  constructor(
    private readonly obj: any,
    private readonly seen: Uint8Array | undefined,
    private readonly lookupField: (
      r: Reader,
      name: string,
      start: number,
      seen: Uint8Array | undefined,
    ) => FieldDec | undefined,
    private readonly unknownMember: (r: Reader, obj: any, name: string, start: number) => void,
    private readonly getHolder: (
      obj: any,
      path: readonly string[],
      hops: readonly GoType[],
      blocked?: readonly boolean[],
    ) => any,
    private readonly nilField: (r: Reader, obj: any, name: string) => void,
  ) {
    super();
  }
  next(r: Reader): boolean {
    const d = r.d;
    const obj = this.obj;
    let k: Kind;
    while ((k = d.peekKind()) !== "}") {
      const start = d.inputOffset;
      const name = readName(r, k);
      const p = this.lookupField(r, name, start, this.seen);
      if (p !== undefined) {
        const fd = p.fd;
        const h = fd.path.length === 1 ? obj : this.getHolder(obj, fd.path, fd.hopTypes, fd.hopBlocked);
        if (h === undefined) {
          this.nilField(r, obj, name);
          continue;
        }
        this.h = h;
        this.name = name;
        this.goName = fd.goName;
        this.cd = p.dec;
        this.cb = h[fd.goName];
        return true;
      }
      this.unknownMember(r, obj, name, start);
    }
    d.readEndObject();
    return false;
  }
  put(v: unknown): void {
    this.h[this.goName] = v;
  }
  finish(): unknown {
    return this.obj;
  }
  fail(e: unknown): string | undefined {
    if (this.inChild) this.h[this.goName] = partialOf(e, this.cb);
    setPartial(e, this.obj);
    return this.inChild ? this.name : undefined;
  }
}

const MAX_SAFE_SEC = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * strictRFC3339Error is json/v2's check of a timestamp time.Parse(RFC3339) accepted (unless
 * parseTimeWithLooseRFC3339): a two-digit hour, a `.` before the fraction, a zone hour below 24
 * and minute below 60. It returns Go's time.ParseError text, or undefined.
 */
function strictRFC3339Error(s: string): string | undefined {
  const layout = '"2006-01-02T15:04:05Z07:00"';
  const n = s.length;
  const dec2 = (i: number) => (10 * (s.charCodeAt(i) - 48) + (s.charCodeAt(i + 1) - 48)) & 0xff;
  if (s[12] === ":") return `parsing time "${s}" as ${layout}: cannot parse "${s[11]}" as "15"`;
  if (s[19] === ",") return `parsing time "${s}" as ${layout}: cannot parse "," as "."`;
  if (s[n - 1] !== "Z") {
    if (dec2(n - 5) >= 24) return `parsing time "${s}": timezone hour out of range`;
    if (dec2(n - 2) >= 60) return `parsing time "${s}": timezone minute out of range`;
  }
  return undefined;
}

function timeDecoder(t: GoType, o: ResolvedOptions, m: Mode): Dec {
  const f = o.flags;
  const fmt = m.format;
  if (fmt === "" || fmt === "RFC3339" || fmt === "RFC3339Nano") {
    return (r, cur) => {
      const d = r.d;
      const k = d.peekKind();
      if (k === "n") {
        d.readNull();
        return f.mergeWithLegacySemantics ? cur : zero(t);
      }
      if (k !== '"') return mismatch(r, o, t, cur, k);
      const start = d.inputOffset;
      const s = d.readString();
      try {
        const v = GoTime.parse(s);
        // Loose parsing applies to the default format only (an explicit RFC 3339 format stays strict).
        if (!(f.parseTimeWithLooseRFC3339 && fmt === "")) {
          const strict = strictRFC3339Error(s);
          if (strict !== undefined) throw new GoTimeError(strict);
        }
        return v;
      } catch (e0) {
        // Go quotes the UTF-8 bytes of the unquoted text in its message.
        const text = goTimeErrorText(toBytes(s), false);
        const e = text === undefined ? e0 : new GoTimeError(text);
        // Go's v1 returns the parse error unchanged (`parsing time …`).
        if (f.reportErrorsWithLegacySemantics) return fail(r, o, methodError(e), false, cur);
        return fail(r, o, afterErr(r, t, '"', start, "", (e as Error).message), false, cur);
      }
    };
  }
  const scales: Record<string, bigint> = {
    unix: 1_000_000_000n,
    unixmilli: 1_000_000n,
    unixmicro: 1000n,
    unixnano: 1n,
  };
  const scale = scales[fmt];
  if (scale === undefined) {
    const layout = timeLayoutOf(fmt);
    if (layout === undefined) return invalidFormat(t, fmt, o);
    // A layout (`format:RFC1123`, `format:'2006-01-02'`): Go's time.Parse on the unquoted string.
    return (r, cur) => {
      const d = r.d;
      const k = d.peekKind();
      if (k === "n") {
        d.readNull();
        return f.mergeWithLegacySemantics ? cur : zero(t);
      }
      if (k !== '"') return mismatch(r, o, t, cur, k);
      const start = d.inputOffset;
      const v = parseTime(layout, d.readString());
      if (v instanceof GoTime) return v;
      const e = new GoTimeError(v.err);
      if (f.reportErrorsWithLegacySemantics) return fail(r, o, methodError(e), false, cur);
      return fail(r, o, afterErr(r, t, '"', start, "", e.message), false, cur);
    };
  }
  return (r, cur) => {
    const d = r.d;
    const k = d.peekKind();
    if (k === "n") {
      d.readNull();
      return f.mergeWithLegacySemantics ? cur : zero(t);
    }
    // Under StringifyNumbers (`string`) Go wants the number quoted, else bare.
    if (k !== (m.str ? '"' : "0")) return mismatch(r, o, t, cur, k);
    const start = d.inputOffset;
    const lit = m.str ? d.readString() : d.readNumberLiteral();
    let u = parseTimeUnix(lit, scale);
    // GoTime holds Unix seconds as a safe integer: times past about ±285 million years (which
    // Go holds, wrapping as int64 does) are reported out of range rather than held.
    if (typeof u !== "string" && (u.sec > MAX_SAFE_SEC || u.sec < -MAX_SAFE_SEC)) u = "range";
    if (typeof u === "string") {
      const text = `invalid time ${JSON.stringify(lit)}: ${u === "syntax" ? "invalid syntax" : "value out of range"}`;
      // v1 semantics return the time arshaler's error as it is (as a method's).
      if (f.reportErrorsWithLegacySemantics) return fail(r, o, methodError(new Error(text)), false, cur);
      return fail(r, o, afterErr(r, t, k, start, "", text), false, cur);
    }
    return new GoTime(Number(u.sec), Number(u.nsec), 0);
  };
}

function durationDecoder(t: GoType, o: ResolvedOptions, m: Mode): Dec {
  const f = o.flags;
  const fmt = m.format;
  // v1: a Duration without a format is an int64 of nanoseconds, with int64's rules (`string` too).
  if (fmt === "" && f.formatDurationAsNano) return intDecoder(t, o, m);
  if (fmt === "") {
    return (r) => {
      // Reported before the next value is read: ahead of EOF or a syntax error (newUnmarshalErrorBefore).
      const start = r.d.inputOffset;
      throw new SemanticError({
        action: "unmarshal",
        goType: t,
        byteOffset: r.valueStart(start),
        cause: o.rules.durationNoDefault,
      });
    };
  }
  if (fmt === "iso8601") {
    return (r, cur) => {
      const d = r.d;
      const k = d.peekKind();
      if (k === "n") {
        d.readNull();
        return f.mergeWithLegacySemantics ? cur : 0n;
      }
      if (k !== '"') return mismatch(r, o, t, cur, k);
      const start = d.inputOffset;
      const v = parseDurationISO8601(d.readString(), goQuote);
      if (typeof v !== "bigint") return fail(r, o, afterErr(r, t, '"', start, "", v.err), false, cur);
      return v;
    };
  }
  if (fmt === "units") {
    return (r, cur) => {
      const d = r.d;
      const k = d.peekKind();
      if (k === "n") {
        d.readNull();
        return f.mergeWithLegacySemantics ? cur : 0n;
      }
      if (k !== '"') return mismatch(r, o, t, cur, k);
      const start = d.inputOffset;
      const s = d.readString();
      const v = parseDuration(s);
      if (typeof v === "string") return fail(r, o, afterErr(r, t, '"', start, "", v), false, cur);
      return v;
    };
  }
  const scale = DURATION_SCALES[fmt];
  if (scale === undefined) return invalidFormat(t, fmt, o);
  const allowStr = m.str || m.legacyStr;
  return (r, cur) => {
    const d = r.d;
    const k = d.peekKind();
    if (k === "n") {
      d.readNull();
      return f.mergeWithLegacySemantics ? cur : 0n;
    }
    const start = d.inputOffset;
    let lit: string;
    // Under StringifyNumbers (`string`) Go wants the number quoted, else bare.
    if (k === "0" && !allowStr) lit = d.readNumberLiteral();
    else if (k === '"' && allowStr) lit = d.readString();
    else return mismatch(r, o, t, cur, k);
    const v = parseDurationNumber(lit, scale);
    if (typeof v !== "bigint") {
      const cause =
        v === "range"
          ? `invalid duration ${JSON.stringify(lit)}: value out of range`
          : `invalid duration ${JSON.stringify(lit)}: invalid syntax`;
      return fail(r, o, afterErr(r, t, k, start, "", cause), false, cur);
    }
    return v;
  };
}

/** The mode of a struct field's value: its `string`, `format` and `case` options applied. */
function fieldMode(fd: FieldV2, o: ResolvedOptions, m: Mode): Mode {
  const f = o.flags;
  if (o.rules.stringTagTopLevel)
    // Go 1.27: the option travels as StringTag, resolved by the type it reaches (compile).
    return { str: m.str, legacyStr: false, tag: fd.string, format: fd.format, caseMode: fd.caseMode };
  // Go 1.26: StringifyNumbers for the whole value, or v1's quoting of a bool, string or number.
  return {
    str: m.str || (fd.string && !f.stringifyWithLegacySemantics),
    legacyStr: f.stringifyWithLegacySemantics && fd.string && canLegacyStringify(fd.type),
    tag: false,
    format: fd.format,
    caseMode: fd.caseMode,
  };
}

/** Go 1.27's errInvalidStringTag, reported before the value is read (newUnmarshalErrorBeforeWithSkipping). */
function invalidStringTag(t: GoType, o: ResolvedOptions): Dec {
  return (r, cur) => {
    const start = r.d.inputOffset;
    const e = new SemanticError({
      action: "unmarshal",
      jsonKind: o.flags.reportErrorsWithLegacySemantics ? r.d.peekKind() : "",
      goType: t,
      byteOffset: r.valueStart(start),
      cause: ERR_INVALID_STRING_TAG,
    });
    return fail(r, o, e, true, cur);
  };
}
