/**
 * The byte encoders of lists (slices and arrays): bytes as base64, lists of float64s and of
 * integers written in one loop with one room check, lists of float lists (coordinates) with
 * their inner lists in the same loop, and other lists by a generated loop over the element's
 * encoder.
 */
import type { GoType } from "@gojson/gotype";
import {
  type FastWriter,
  FLOAT64_MAX_BYTES,
  INT53_MAX_BYTES,
  INT64_MAX_BYTES,
  tieredOver,
  writeFloat64List,
  writeInt64List,
} from "@gojson/jsontext/internal";
import { isByteSlice } from "./arshal-slices.js";
import { encodeBytes } from "./bytes-format.js";
import { isSmallIntKind, isUnsignedKind, smallIntCode } from "./marshal-fast-checks.js";
import { INT_WRITERS, writeF64, writeNull } from "./marshal-fast-scalars.js";
import { bail, FAST_MAX_DEPTH } from "./marshal-fast-shadow.js";
import type { ByteEncoder } from "./marshal-fast-table.js";
import { type Ctx, elemCode, generate, isIntKind } from "./marshal-fast-write-gen.js";

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

/** The name the generated list writers of 64-bit kinds use besides generate's (IL: the int64 list writer). */
const INT64_EXTRA = { IL: writeInt64List };
/** The name the generated float list writers use besides generate's (FL: the list writer). */
const FLOAT_EXTRA = { FL: writeFloat64List };

export function buildList(t: Extract<GoType, { kind: "slice" | "array" }>, c: Ctx): ByteEncoder | null {
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
    const gen = generate(src, writeF64, c.ws, FLOAT_EXTRA);
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
    const gen = generate(src, writeF64, c.ws, FLOAT_EXTRA);
    if (gen !== null) return gen;
  }
  if (isIntKind(e.kind)) {
    // String(x) of each, as the element encoder writes. Each element is checked against the kind:
    // int8 … uint32 a number in range, written digit by digit below 2^53; the 64-bit kinds a
    // bigint in range, written by jsontext's int64 list writer (IL: a block at a time where
    // WebAssembly runs), which checks them.
    const small = isSmallIntKind(e.kind);
    const unsigned = isUnsignedKind(e.kind);
    // A list of uint8s ([]B, or [N]byte under formatByteArrayAsArray) may be held in a Uint8Array too.
    const list = e.kind === "uint8" ? "(Array.isArray(v) || v instanceof Uint8Array)" : "Array.isArray(v)";
    const body = small
      ? `const n = v.length;
w.room(n * ${INT53_MAX_BYTES + 1} + 2);
const b = w.buf;
let p = w.pos;
b[p++] = 0x5b;
for (let i = 0; i < n; i++) {
const x = v[i];
if (!${smallIntCode(e.kind, "x")}) BAILF();
if (i > 0) b[p++] = 0x2c;
p = I53(b, p, x);
}`
      : `w.room(v.length * ${INT64_MAX_BYTES + 1} + 2);
const b = w.buf;
let p = w.pos;
b[p++] = 0x5b;
p = IL(b, p, v, ${unsigned});
if (p < 0) BAILF();`;
    const src = `return function writeInts(w, v) {
if (v === null) {\n${nil}\nreturn;\n}
if (!${list}${lenCheck} || ++w.depth > MAX) BAILF();
${body}
b[p++] = 0x5d;
w.pos = p;
w.depth--;
};`;
    const gen = generate(src, INT_WRITERS[e.kind] as ByteEncoder, c.ws, small ? {} : INT64_EXTRA);
    if (gen !== null) return gen;
  }
  const elem = c.compile(e, c);
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
  // Over a struct (tiered: generated from its second write), the list is tiered with it.
  return tieredOver(
    elem,
    (w, v) => {
      if (open(w, v)) listLoop(w, v, elem);
    },
    (e) => generate(src, e, c.ws),
  );
}

/**
 * Code writing array u (checked) of float64s: room for every number made once, then the list
 * written by jsontext's list writer (FL: a block of numbers at a time where WebAssembly runs),
 * which checks each element; with a comma first when i > 0.
 */
function floatListCode(u: string, comma: boolean): string {
  return `const m = ${u}.length;
w.room(m * ${FLOAT64_MAX_BYTES + 1} + 3);
const b = w.buf;
let p = w.pos;
${comma ? "if (i > 0) b[p++] = 0x2c;\n" : ""}b[p++] = 0x5b;
p = FL(b, p, ${u});
if (p < 0) BAILF();
b[p++] = 0x5d;
w.pos = p;`;
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
