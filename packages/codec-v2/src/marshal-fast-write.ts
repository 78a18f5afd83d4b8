/**
 * The byte path of the fast marshal: per (Go type, options) a compiled *byte
 * encoder* writes json/v2's UTF-8 output straight into one reused buffer,
 * with no shadow value and no JSON.stringify pass over the whole value.
 * Member names are pre-encoded with their separators, integers and short
 * strings are written by hand, long strings by Buffer's native UTF-8 writer
 * (after one native check that they need no escape), and numbers (float64s
 * as their shortest round-trip digits, see jsontext's write-number.ts) as digits
 * by hand, with no string per number. Struct, list, map and pointer encoders
 * are generated code, one function per Go type, so that each call site sees
 * one encoder.
 *
 * It serves json/v2's defaults and the option sets that only change what it
 * writes in ways it writes too (see {@link writeEligible}): v1's
 * (defaultOptionsV1) among them, with strings escaped for HTML and JS by
 * jsontext's escaping writer (marshal-fast-strings.ts). Like the shadow
 * path, it never reports an error: on anything unusual (a value of the wrong
 * JS type, NaN, a lone surrogate, a Map or class instance in an `any`, a
 * nesting deeper than FAST_MAX_DEPTH) it throws BAIL, and the shadow path,
 * then the exact encoder, run from the start. No user code runs here (types
 * with methods never reach this path), so running again is safe.
 */
import type { GoType, StructType } from "@gojson/gotype";
import {
  FastWriter,
  FIRST_BUFFER,
  FLOAT64_MAX_BYTES,
  HAS_NATIVE_WRITERS,
  INT53_MAX_BYTES,
  KEEP_BUFFER,
  type NodeBuf,
  safeBigint,
  writeFloat64,
  writeInt53,
} from "@gojson/jsontext/internal";
import { compareUTF8 } from "./arshal-maps.js";
import { isByteSlice } from "./arshal-slices.js";
import { encodeBytes } from "./bytes-format.js";
import { structFieldsV2 } from "./fields.js";
import { isZero } from "./go-values.js";
import {
  bigIntFits,
  isSmallIntKind,
  isUnsignedKind,
  legacyEmpty,
  smallIntCode,
} from "./marshal-fast-checks.js";
import {
  INT_WRITERS,
  writeBool,
  writeF32,
  writeF64,
  writeF64Lone,
  writeNull,
} from "./marshal-fast-scalars.js";
import { bail, FAST_MAX_DEPTH, isWellFormed } from "./marshal-fast-shadow.js";
import { type StringWriter, stringEncoderFor, stringWriterFor } from "./marshal-fast-strings.js";
import {
  type ByteEncoder,
  CODEGEN_MAX_FIELDS,
  isEmptyText,
  tableWriter,
  type WriterField,
} from "./marshal-fast-table.js";
import type { BooleanOption, ResolvedOptions } from "./options.js";
import { quotePolicyFor, quoteWith } from "./quote.js";

export type { ByteEncoder };

/**
 * The options (besides the all-false defaults) the byte path serves, each for one of three
 * reasons. Not served: stringifyNumbers, and the whitespace options (multiline, withIndent,
 * spaceAfterColon, spaceAfterComma).
 */
const SERVED: ReadonlySet<BooleanOption> = new Set<BooleanOption>([
  // Written here as the exact encoder writes them.
  "deterministic",
  "formatNilSliceAsNull",
  "formatNilMapAsNull",
  "omitZeroStructFields",
  "escapeForHTML",
  "escapeForJS",
  // A lone surrogate is written as U+FFFD (with an escaping writer) or bails (writeStringV2).
  "allowInvalidUTF8",
  // Decided per type when it is compiled: [N]byte as numbers, []B (a named byte) as bytes,
  // v1's omitempty test on the Go value.
  "formatByteArrayAsArray",
  "formatBytesWithLegacySemantics",
  "omitEmptyWithLegacySemantics",
  // No effect on the types compiled here: they have no methods (callMethods…), no known
  // types (time.Duration, jsontext.Value: formatDurationAsNano, preserveRawStrings, the raw
  // canonicalisations), no `string` field option (stringifyWith…), no inlined fallback
  // (discardUnknownMembers; matchCaseInsensitiveNames' duplicate check), no struct error
  // (reportErrorsWith…: every other error bails, and the exact encoder reports it), and no
  // two map keys or names the same (allowDuplicateNames).
  "callMethodsWithLegacySemantics",
  "formatDurationAsNano",
  "preserveRawStrings",
  "canonicalizeRawInts",
  "canonicalizeRawFloats",
  "reorderRawObjects",
  "stringifyWithLegacySemantics",
  "discardUnknownMembers",
  "reportErrorsWithLegacySemantics",
  "allowDuplicateNames",
  "matchCaseInsensitiveNames",
  // Unmarshal-only options.
  "rejectUnknownMembers",
  "mergeWithLegacySemantics",
  "parseBytesWithLooseRFC4648",
  "parseTimeWithLooseRFC3339",
  "unmarshalAnyWithRawNumber",
  "unmarshalArrayFromAnyLength",
  "matchCaseSensitiveDelimiter",
]);

/** Whether the byte path serves options o (every flag it does not know is off). */
export function writeEligible(o: ResolvedOptions): boolean {
  if (!HAS_NATIVE_WRITERS) return false;
  const f = o.flags as Record<string, boolean>;
  for (const k in f) if (f[k] && !SERVED.has(k as BooleanOption)) return false;
  return true;
}

let spare: FastWriter | null = null;

/** writeBytes runs byte encoder enc on v: the output bytes, or undefined when it bailed. */
export function writeBytes(enc: ByteEncoder, v: unknown): Uint8Array | undefined {
  // A getter of an `any` value may marshal again: a nested call takes a writer of its own.
  const w = spare ?? new FastWriter(FIRST_BUFFER);
  spare = null;
  w.pos = 0;
  w.depth = 0;
  try {
    enc(w, v);
    return w.result();
  } catch {
    return undefined;
  } finally {
    if (w.buf.length <= KEEP_BUFFER) spare = w;
  }
}

/** writeInto's answer when the byte path did not answer (the value bailed): nothing written. */
export const INTO_BAIL = -1;
/** writeInto's answer when the output did not fit between the offset and the buffer's end: nothing kept. */
export const INTO_FULL = -2;

/**
 * writeInto runs byte encoder enc on v straight into buf from offset off: the end of the bytes
 * written, or INTO_BAIL / INTO_FULL. Bytes past the end (past off for a mark) may have been
 * written and left (an omitted empty member is written, then taken back).
 */
export function writeInto(enc: ByteEncoder, v: unknown, buf: NodeBuf, off: number): number {
  const w = spare ?? new FastWriter(FIRST_BUFFER);
  spare = null;
  const own = w.buf;
  w.buf = buf;
  w.pos = off;
  w.depth = 0;
  try {
    enc(w, v);
    if (w.buf === buf) return w.pos;
    // The writers make room for the longest text a value may take: a grown copy holds the output.
    const end = w.pos;
    if (end > buf.length) return INTO_FULL;
    buf.set(w.buf.subarray(off, end), off);
    return end;
  } catch {
    return INTO_BAIL;
  } finally {
    w.buf = own;
    w.pos = 0;
    spare = w;
  }
}

interface Ctx {
  readonly o: ResolvedOptions;
  /** The string writer of the options. */
  readonly ws: StringWriter;
  readonly cache: Map<GoType, ByteEncoder | null>;
  /** Composite types being built above this one, and struct fields still compiled eagerly. */
  depth: number;
  budget: number;
}

/**
 * Compiled eagerly below a root: composite types this many levels down, and structs until this
 * many fields were compiled; past either, a type compiles when a value first reaches it (see
 * {@link deferred}), so a chain of a thousand declared types costs one type on the first call and
 * the recursion stays this shallow.
 */
const EAGER_DEPTH = 8;
const EAGER_FIELDS = 512;

/** Whether t is compiled lazily past the eager limits (scalars and `any` never recurse). */
function deferrable(t: GoType): boolean {
  switch (t.kind) {
    case "struct":
    case "slice":
    case "array":
    case "map":
    case "pointer":
      return true;
    default:
      return false;
  }
}

/** Compiled byte encoders per options key, then per root type. */
const byKey = new Map<string, WeakMap<GoType, ByteEncoder | null>>();

/** Drops every compiled byte encoder (methods were attached to some type since they were built). */
export function resetByteEncoders(): void {
  byKey.clear();
}

/** byteEncoderFor returns the byte encoder of eligible type t under options o (which writeEligible accepts), or null. */
export function byteEncoderFor(t: GoType, o: ResolvedOptions): ByteEncoder | null {
  let m = byKey.get(o.key);
  if (m === undefined) {
    m = new WeakMap();
    byKey.set(o.key, m);
  }
  const hit = m.get(t);
  if (hit !== undefined) return hit;
  const cache = new Map<GoType, ByteEncoder | null>();
  const enc = compile(t, { o, ws: stringWriterFor(o), cache, depth: 0, budget: EAGER_FIELDS });
  // Types built while compiling t are kept only with t: a failed part would fail every root that has it.
  m.set(t, enc);
  return enc;
}

function compile(t: GoType, c: Ctx): ByteEncoder | null {
  const hit = c.cache.get(t);
  if (hit !== undefined) return hit;
  if ((c.depth >= EAGER_DEPTH || c.budget <= 0) && deferrable(t)) return deferred(t, c);
  let real: ByteEncoder | null = null;
  // A recursive type reaches itself through this stub while it is being built.
  const stub: ByteEncoder = (w, v) => (real as ByteEncoder)(w, v);
  c.cache.set(t, stub);
  c.depth++;
  try {
    real = build(t, c);
  } catch (e) {
    // A build that failed must not leave its stub cached.
    if (c.cache.get(t) === stub) c.cache.delete(t);
    throw e;
  } finally {
    c.depth--;
  }
  c.cache.set(t, real);
  return real;
}

/** An encoder that compiles t when a value first reaches it; a type the byte path cannot serve then bails. */
function deferred(t: GoType, c: Ctx): ByteEncoder {
  let real: ByteEncoder | undefined;
  const stub: ByteEncoder = (w, v) => {
    if (real === undefined) {
      c.cache.delete(t);
      const depth = c.depth;
      const budget = c.budget;
      c.depth = 0;
      c.budget = EAGER_FIELDS;
      try {
        real = compile(t, c) ?? bail;
      } finally {
        c.depth = depth;
        c.budget = budget;
      }
    }
    real(w, v);
  };
  c.cache.set(t, stub);
  return stub;
}

function isIntKind(k: string): boolean {
  switch (k) {
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
      return true;
    default:
      return false;
  }
}

function build(t: GoType, c: Ctx): ByteEncoder | null {
  switch (t.kind) {
    case "bool":
      return writeBool;
    case "string":
      return stringEncoderFor(c.ws);
    case "float64":
      return writeF64;
    case "float32":
      return writeF32;
    case "pointer": {
      const elem = compile(t.elem, c);
      if (elem === null) return null;
      // Generated per type: a shared closure's call site would see every pointee's encoder.
      return (
        generate(
          "E",
          `return function writePointer(w, v) {\nif (v === null) WN(w);\nelse if (v === undefined) BAILF();\nelse E(w, v);\n};`,
          elem,
          c.ws,
        ) ??
        ((w, v) => {
          if (v === null) writeNull(w);
          else if (v === undefined) bail();
          else elem(w, v);
        })
      );
    }
    case "slice":
    case "array":
      return buildList(t, c);
    case "map":
      return buildMap(t, c);
    case "interface":
      // func, chan, complex and unknown types are errors: the exact engine reports them.
      if (t.opaque !== undefined) return null;
      return anyWriter(c.o.flags.deterministic, c.ws);
    case "struct":
      return buildStruct(t, c);
    default:
      return INT_WRITERS[t.kind] ?? null;
  }
}

/** The bytes of a [n]byte value (a Uint8Array, or an array of byte numbers, of length n); else BAIL. */
export function byteArrayValue(v: unknown, n: number): Uint8Array {
  if (v instanceof Uint8Array) {
    if (v.length !== n) bail();
    return v;
  }
  if (!Array.isArray(v) || v.length !== n) bail();
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const x = v[i];
    if (typeof x !== "number" || (x & 255) !== x) bail();
    out[i] = x;
  }
  return out;
}

function buildList(t: Extract<GoType, { kind: "slice" | "array" }>, c: Ctx): ByteEncoder | null {
  const slice = t.kind === "slice";
  const len = slice ? -1 : t.len;
  const nilNull = c.o.flags.formatNilSliceAsNull;
  // Bytes of []byte or [N]byte, and of []B and [N]B (a named byte) under v1's legacy semantics;
  // an array of bytes is a list of numbers under formatByteArrayAsArray.
  if (isByteSlice(t, c.o) && (slice || !c.o.flags.formatByteArrayAsArray)) {
    if (slice)
      return (w, v) => {
        if (v === null) {
          if (nilNull) writeNull(w);
          else w.ascii('""');
        } else if (v instanceof Uint8Array) {
          w.byte(0x22);
          w.ascii(encodeBytes(v, "base64"));
          w.byte(0x22);
        } else bail();
      };
    // A Uint8Array, or an array of byte numbers (unmarshal's form of [N]byte), of the array's length.
    return (w, v) => {
      w.byte(0x22);
      w.ascii(encodeBytes(byteArrayValue(v, len), "base64"));
      w.byte(0x22);
    };
  }
  const open = (w: FastWriter, v: any): boolean => {
    if (v === null) {
      if (!slice) bail();
      if (nilNull) writeNull(w);
      else w.ascii("[]");
      return false;
    }
    if (!Array.isArray(v) || (len >= 0 && v.length !== len)) bail();
    return true;
  };
  const e = t.elem;
  const nil = slice ? (nilNull ? "WN(w);" : 'w.ascii("[]");') : "BAILF();";
  const lenCheck = len >= 0 ? ` || v.length !== ${len}` : "";
  if (e.kind === "float64") {
    const src = `return function writeFloats(w, v) {
if (v === null) {\n${nil}\nreturn;\n}
if (!Array.isArray(v)${lenCheck} || ++w.depth > MAX) BAILF();
${floatListCode("v", false)}
w.depth--;
};`;
    const gen = generate("E", src, writeF64, c.ws);
    if (gen !== null) return gen;
  }
  if ((e.kind === "slice" || e.kind === "array") && e.elem.kind === "float64") {
    // Lists of float lists (coordinates, pairs): the inner lists written in this loop, not by calls.
    const innerNil =
      e.kind === "array" ? "BAILF();" : `if (i > 0) w.byte(0x2c);\n${nilNull ? "WN(w);" : 'w.ascii("[]");'}`;
    const src = `return function writeFloatLists(w, v) {
if (v === null) {\n${nil}\nreturn;\n}
// Both levels counted at once (more strictly than one at a time: a bail is always safe).
if (!Array.isArray(v)${lenCheck} || (w.depth += 2) > MAX) BAILF();
const n = v.length;
w.byte(0x5b);
for (let i = 0; i < n; i++) {
const u = v[i];
if (u === null) {
${innerNil}
continue;
}
if (!Array.isArray(u)${e.kind === "array" ? ` || u.length !== ${e.len}` : ""}) BAILF();
${floatListCode("u", true)}
}
w.byte(0x5d);
w.depth -= 2;
};`;
    const gen = generate("E", src, writeF64, c.ws);
    if (gen !== null) return gen;
  }
  if (isIntKind(e.kind)) {
    // String(x) of each, as the element encoder writes: digits by hand below 2^53. Each element is
    // checked against the kind: int8 … uint32 a number in range, the 64-bit kinds a bigint in range.
    const small = isSmallIntKind(e.kind);
    const unsigned = isUnsignedKind(e.kind);
    const elemCheck = small
      ? `if (!${smallIntCode(e.kind, "x")}) BAILF();\nconst d = x;`
      : `if (typeof x !== "bigint") BAILF();\nconst d = BIG(x);`;
    // A bigint beyond 2^53 (BIG gives NaN) as its decimal text, once its range is checked.
    const write = small
      ? "p = I53(b, p, d);"
      : `if (d === d${unsigned ? " && d >= 0" : ""}) p = I53(b, p, d);
else {
if (!FITS(x, ${unsigned})) BAILF();
w.pos = p;
w.ascii(String(x));
w.room((n - i) * ${INT53_MAX_BYTES + 1} + 2);
b = w.buf;
p = w.pos;
}`;
    // A list of uint8s ([]B, or [N]byte under formatByteArrayAsArray) may be held in a Uint8Array too.
    const list = e.kind === "uint8" ? "(Array.isArray(v) || v instanceof Uint8Array)" : "Array.isArray(v)";
    const src = `return function writeInts(w, v) {
if (v === null) {\n${nil}\nreturn;\n}
if (!${list}${lenCheck} || ++w.depth > MAX) BAILF();
const n = v.length;
w.room(n * ${INT53_MAX_BYTES + 1} + 2);
let b = w.buf;
let p = w.pos;
b[p++] = 0x5b;
for (let i = 0; i < n; i++) {
const x = v[i];
${elemCheck}
if (i > 0) b[p++] = 0x2c;
${write}
}
b[p++] = 0x5d;
w.pos = p;
w.depth--;
};`;
    const gen = generate("E", src, INT_WRITERS[e.kind] as ByteEncoder, c.ws);
    if (gen !== null) return gen;
  }
  const elem = compile(e, c);
  if (elem === null) return null;
  // Generated per type, so that the element call site sees one encoder (a shared loop's
  // call site sees every list type's, and V8 then inlines none of them).
  const src = `return function writeList(w, v) {
if (v === null) {\n${nil}\nreturn;\n}
if (!Array.isArray(v)${lenCheck} || ++w.depth > MAX) BAILF();
const n = v.length;
w.byte(0x5b);
for (let i = 0; i < n; i++) {
if (i > 0) w.byte(0x2c);
${elemCode(e.kind, "v[i]")}}
w.byte(0x5d);
w.depth--;
};`;
  return (
    generate("E", src, elem, c.ws) ??
    ((w, v) => {
      if (open(w, v)) listLoop(w, v, elem);
    })
  );
}

/**
 * Code writing array u (checked) of float64s: room for every number made once, then each
 * written as digits with no further check; with a comma first when i > 0. Small integers
 * (other than 0, which may be -0) go to the integer writer: fed Smis too (an `any` of
 * small numbers), the float writer was reoptimised for tagged values and ran about half
 * as fast on float lists afterwards.
 */
function floatListCode(u: string, comma: boolean): string {
  return `const m = ${u}.length;
w.room(m * ${FLOAT64_MAX_BYTES + 1} + 3);
const b = w.buf;
let p = w.pos;
${comma ? "if (i > 0) b[p++] = 0x2c;\n" : ""}b[p++] = 0x5b;
for (let j = 0; j < m; j++) {
const x = ${u}[j];
if (typeof x !== "number" || x - x !== 0) BAILF();
if (j > 0) b[p++] = 0x2c;
p = x !== 0 && (x | 0) === x ? I53(b, p, x) : F64(b, p, x);
}
b[p++] = 0x5d;
w.pos = p;`;
}

/** Code writing value expression x of a type of kind k: inline for the common leaves, else by encoder E. */
function elemCode(k: string, x: string): string {
  if (k === "string") return `const s = ${x};\nif (typeof s !== "string") BAILF();\nWS(w, s);\n`;
  if (k === "bool") return `WB(w, ${x});\n`;
  if (k === "float64") return `WF(w, ${x});\n`;
  return `E(w, ${x});\n`;
}

/**
 * Compiles generated encoder source (a function body returning the encoder) that may use
 * encoder `name`, MAX, BAILF, WN, WB, WF, SM, F64, I53, BIG, FITS and string writer WS; null
 * when code generation is refused.
 */
function generate(name: string, src: string, enc: ByteEncoder, ws: StringWriter): ByteEncoder | null {
  try {
    return new Function(
      name,
      "MAX",
      "BAILF",
      "WN",
      "WB",
      "WF",
      "SM",
      "F64",
      "I53",
      "BIG",
      "FITS",
      "WS",
      `"use strict";\n${src}`,
    )(
      enc,
      FAST_MAX_DEPTH,
      bail,
      writeNull,
      writeBool,
      writeF64,
      writeSortedMap,
      writeFloat64,
      writeInt53,
      safeBigint,
      bigIntFits,
      ws,
    ) as ByteEncoder;
  } catch {
    // A Content-Security-Policy: the closure serves.
    return null;
  }
}

function listLoop(w: FastWriter, v: unknown[], elem: ByteEncoder): void {
  if (++w.depth > FAST_MAX_DEPTH) bail();
  const n = v.length;
  w.byte(0x5b);
  for (let i = 0; i < n; i++) {
    if (i > 0) w.byte(0x2c);
    elem(w, v[i]);
  }
  w.byte(0x5d);
  w.depth--;
}

function buildMap(t: Extract<GoType, { kind: "map" }>, c: Ctx): ByteEncoder | null {
  if (t.key.kind !== "string") return null;
  const elem = compile(t.elem, c);
  if (elem === null) return null;
  const nilNull = c.o.flags.formatNilMapAsNull;
  const det = c.o.flags.deterministic;
  const ws = c.ws;
  // Generated per type, as lists are (one element encoder a call site).
  const src = `return function writeMap(w, v) {
if (v === null) {\n${nilNull ? "WN(w);" : 'w.ascii("{}");'}\nreturn;\n}
if (!(v instanceof Map) || ++w.depth > MAX) BAILF();
w.byte(0x7b);
${det ? "if (v.size > 1) SM(w, v, E, WS);\nelse " : ""}{
let first = true;
for (const [k, x] of v) {
if (typeof k !== "string") BAILF();
if (first) first = false;
else w.byte(0x2c);
WS(w, k);
w.byte(0x3a);
${elemCode(t.elem.kind, "x")}}
}
w.byte(0x7d);
w.depth--;
};`;
  const gen = generate("E", src, elem, ws);
  if (gen !== null) return gen;
  return (w, v) => {
    if (v === null) {
      if (nilNull) writeNull(w);
      else w.ascii("{}");
      return;
    }
    if (!(v instanceof Map)) bail();
    if (++w.depth > FAST_MAX_DEPTH) bail();
    w.byte(0x7b);
    if (det && v.size > 1) writeSortedMap(w, v, elem, ws);
    else {
      let first = true;
      for (const [k, x] of v) {
        if (typeof k !== "string") bail();
        if (first) first = false;
        else w.byte(0x2c);
        ws(w, k);
        w.byte(0x3a);
        elem(w, x);
      }
    }
    w.byte(0x7d);
    w.depth--;
  };
}

/** Writes the members of map v (more than one) sorted by name (the deterministic option), without the braces. */
function writeSortedMap(w: FastWriter, v: Map<unknown, unknown>, elem: ByteEncoder, ws: StringWriter): void {
  const entries: [string, unknown][] = [];
  for (const e of v) {
    if (typeof e[0] !== "string") bail();
    entries.push(e as [string, unknown]);
  }
  entries.sort((a, b) => compareUTF8(a[0], b[0]));
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i] as [string, unknown];
    if (i > 0) w.byte(0x2c);
    ws(w, e[0]);
    w.byte(0x3a);
    elem(w, e[1]);
  }
}

/** The `any` writers per string writer, sorted (deterministic) or not. */
const anyWriters = new Map<StringWriter, [ByteEncoder, ByteEncoder]>();

/** An `any` value: null, booleans, finite numbers, strings, bigints, arrays and plain objects; else BAIL. */
function anyWriter(det: boolean, ws: StringWriter): ByteEncoder {
  let pair = anyWriters.get(ws);
  if (pair === undefined) {
    pair = [(w, v) => anyValue(w, v, false, ws), (w, v) => anyValue(w, v, true, ws)];
    anyWriters.set(ws, pair);
  }
  return pair[det ? 1 : 0];
}

function anyValue(w: FastWriter, v: any, det: boolean, ws: StringWriter): void {
  switch (typeof v) {
    case "string":
      ws(w, v);
      return;
    case "number":
      writeF64Lone(w, v);
      return;
    case "boolean":
      w.ascii(v ? "true" : "false");
      return;
    case "bigint":
      w.ascii(String(v));
      return;
    case "undefined":
      writeNull(w);
      return;
    case "object":
      break;
    default:
      bail();
  }
  if (v === null) {
    writeNull(w);
    return;
  }
  if (++w.depth > FAST_MAX_DEPTH) bail();
  if (Array.isArray(v)) {
    if ((v as { toJSON?: unknown }).toJSON !== undefined) bail();
    const n = v.length;
    w.byte(0x5b);
    for (let i = 0; i < n; i++) {
      if (i > 0) w.byte(0x2c);
      anyValue(w, v[i], det, ws);
    }
    w.byte(0x5d);
  } else {
    // Map, Uint8Array, JsonNumber, GoTime, class instances: the shadow path.
    if (Object.getPrototypeOf(v) !== Object.prototype) bail();
    const keys = Object.keys(v);
    if (det && keys.length > 1) {
      let sorted = true;
      for (let i = 1; i < keys.length; i++)
        if (compareUTF8(keys[i - 1] as string, keys[i] as string) > 0) sorted = false;
      if (!sorted) keys.sort(compareUTF8);
    }
    w.byte(0x7b);
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i] as string;
      if (i > 0) w.byte(0x2c);
      ws(w, k);
      w.byte(0x3a);
      anyValue(w, v[k], det, ws);
    }
    w.byte(0x7d);
  }
  w.depth--;
}

/** One field of a struct's byte encoder. */
interface WField {
  readonly enc: ByteEncoder;
  readonly isZero: ((v: unknown) => boolean) | undefined;
  readonly legacyOmit: ((v: unknown) => boolean) | undefined;
}

const textEncoder = new TextEncoder();

/** `,"name":` in UTF-8, the name quoted as the options quote it (escaped for HTML and JS under v1's). */
function memberKey(name: string, o: ResolvedOptions): Uint8Array {
  return textEncoder.encode(`,${quoteWith(name, quotePolicyFor(o))}:`);
}

/** The field's omitempty tests under options f: json/v2's (the written value is empty) or v1's legacy one (the Go value is). */
function omitEmptyTests(
  fd: { readonly omitempty: boolean; readonly type: GoType },
  f: ResolvedOptions["flags"],
): { omitempty: boolean; legacyOmit: ((v: unknown) => boolean) | undefined } {
  const legacy = fd.omitempty && f.omitEmptyWithLegacySemantics;
  const ft = fd.type;
  return {
    omitempty: fd.omitempty && !legacy,
    legacyOmit: legacy ? (v) => legacyEmpty(ft, v) : undefined,
  };
}

function buildStruct(t: StructType, c: Ctx): ByteEncoder | null {
  const f = c.o.flags;
  const sf = structFieldsV2(t, c.o.goVersion);
  if (sf.error || sf.fallback) return null;
  c.budget -= sf.fields.length;
  if (sf.fields.length > CODEGEN_MAX_FIELDS) return tableStruct(sf.fields, c);
  const fields: WField[] = [];
  const keys: Uint8Array[] = [];
  let body = "";
  for (let i = 0; i < sf.fields.length; i++) {
    const fd = sf.fields[i] as (typeof sf.fields)[number];
    if (fd.string || fd.format !== "" || !isWellFormed(fd.name)) return null;
    const enc = compile(fd.type, c);
    if (enc === null) return null;
    const omitzero = fd.omitzero || f.omitZeroStructFields;
    const ft = fd.type;
    const { omitempty, legacyOmit } = omitEmptyTests(fd, f);
    fields.push({ enc, isZero: omitzero ? (v) => isZero(ft, v) : undefined, legacyOmit });
    keys.push(memberKey(fd.name, c.o));
    const path = fd.path;
    let get = "v";
    let cond = "";
    let hops = "";
    for (let j = 0; j < path.length - 1; j++) {
      get += `[${JSON.stringify(path[j])}]`;
      // A nil embedded pointer leaves its fields out; a missing (or null non-pointer) embedded struct bails.
      if ((fd.hopTypes[j] as GoType).kind === "pointer") {
        hops += `${cond === "" ? "" : `if (${cond}) `}if (${get} === undefined) BAILF();\n`;
        cond += `${cond === "" ? "" : " && "}${get} !== null`;
      } else hops += `${cond === "" ? "" : `if (${cond}) `}if (${get} == null) BAILF();\n`;
    }
    body += hops;
    get += `[${JSON.stringify(path.length === 1 ? fd.goName : path[path.length - 1])}]`;
    const k = ft.kind;
    let write: string;
    if (k === "string") write = 'if (typeof x !== "string") BAILF();\nWS(w, x);\n';
    else if (k === "bool") write = "WB(w, x);\n";
    else if (k === "float64") write = "WF(w, x);\n";
    else write = `E${i}(w, x);\n`;
    // A missing field (undefined) must not pass as nil or zero where an `any` writer or an omit test would take it.
    let stmt = `x = ${get};\n${k === "interface" || omitzero || legacyOmit ? "if (x === undefined) BAILF();\n" : ""}`;
    const put = `${omitempty ? "s = w.pos;\n" : ""}${keyCode(keys[i] as Uint8Array, i)}${omitempty ? "e = w.pos;\n" : ""}${write}${omitempty ? "if (EMPTY(w.buf, e, w.pos)) w.pos = s;\n" : ""}`;
    let test = omitzero ? `!Z${i}(x)` : "";
    if (legacyOmit) test += `${test === "" ? "" : " && "}!L${i}(x)`;
    stmt += test === "" ? put : `if (${test}) {\n${put}}\n`;
    body += cond === "" ? stmt : `if (${cond}) {\n${stmt}}\n`;
  }
  let head = "";
  fields.forEach((x, i) => {
    head += `const E${i} = F[${i}].enc;\nconst K${i} = K[${i}];\n`;
    if (x.isZero) head += `const Z${i} = F[${i}].isZero;\n`;
    if (x.legacyOmit) head += `const L${i} = F[${i}].legacyOmit;\n`;
  });
  // Every member is written `,"name":value`; the first comma is then turned into the `{`.
  const src = `"use strict";\n${head}return function writeStruct(w, v) {\nif (v === null || typeof v !== "object" || Array.isArray(v) || ++w.depth > MAX) BAILF();\nconst o = w.pos;\nlet x, s, e, b, p;\n${body}if (w.pos === o) { w.byte(0x7b); w.byte(0x7d); } else { w.buf[o] = 0x7b; w.byte(0x7d); }\nw.depth--;\n};`;
  try {
    return new Function("F", "K", "MAX", "BAILF", "EMPTY", "WB", "WF", "WS", src)(
      fields,
      keys,
      FAST_MAX_DEPTH,
      bail,
      isEmptyText,
      writeBool,
      writeF64Lone,
      c.ws,
    ) as ByteEncoder;
  } catch {
    // Code generation refused (a Content-Security-Policy): the shadow path serves this type.
    return null;
  }
}

/** The table-driven writer of a wide struct (the same checks as buildStruct's generated one). */
function tableStruct(fds: ReturnType<typeof structFieldsV2>["fields"], c: Ctx): ByteEncoder | null {
  const table: WriterField[] = [];
  for (const fd of fds) {
    if (fd.string || fd.format !== "" || !isWellFormed(fd.name)) return null;
    const enc = compile(fd.type, c);
    if (enc === null) return null;
    const ft = fd.type;
    const omitzero = fd.omitzero || c.o.flags.omitZeroStructFields;
    const { omitempty, legacyOmit } = omitEmptyTests(fd, c.o.flags);
    table.push({
      f: fd,
      enc,
      key: memberKey(fd.name, c.o),
      isZero: omitzero ? (v) => isZero(ft, v) : undefined,
      omitempty,
      legacyOmit,
    });
  }
  return tableWriter(table);
}

/** Inline names up to this many bytes are written by constant stores in the generated code. */
const INLINE_NAME = 48;

/** Code writing member name k (with its separators): constant stores, or a copy of K{i}. */
function keyCode(k: Uint8Array, i: number): string {
  const n = k.length;
  if (n > INLINE_NAME) return `w.raw(K${i});\n`;
  let code = `w.room(${n});\nb = w.buf;\np = w.pos;\n`;
  for (let j = 0; j < n; j++) code += `b[p${j === 0 ? "" : ` + ${j}`}] = ${k[j]};\n`;
  return `${code}w.pos = p + ${n};\n`;
}
