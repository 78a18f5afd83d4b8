/**
 * Marshal of slices and arrays ([]byte as base64, numeric lists through the
 * native writers after a check): the general encoder's, then the byte path's.
 */

import type { FastWriter } from "./deps.js";
import {
  FLOAT64_MAX_BYTES,
  type GoType,
  INT53_MAX_BYTES,
  INT64_MAX_BYTES,
  NUM_IN,
  tieredOver,
  typeString,
  writeFloat64List,
  writeInt53In,
  writeInt64List,
  writeStringV1,
} from "./deps.js";
import { floatChain, floatTreeCheck, intArrayCheck, listLen } from "./encode-numeric.js";
import { base64Encode } from "./format.js";
import {
  BAIL,
  BYTES_MAX_DEPTH,
  type ByteEncoder,
  byteEncoderFor,
  DEEP_ENCODE_DEPTH,
  deferDeep,
  type Encoder,
  type EncodeState,
  encoderFor,
  enterCycleCheck,
  hasMarshalMethods,
  isRecursive,
  START_DETECTING_CYCLES_AFTER,
} from "./marshal-common.js";
import { ptrHas } from "./methods.js";
import { isBigKind, mismatch, numberBounds, withSegment } from "./value-check.js";

/** Arrays: every element (a byte kind may come as a Uint8Array). */
export function arrayEncoder(t: GoType & { kind: "array" }, addr: boolean): Encoder {
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
export function sliceEncoder(t: GoType & { kind: "slice" }): Encoder {
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

export function buildList(t: GoType & { kind: "slice" | "array" }): ByteEncoder | null {
  const nullable = t.kind === "slice";
  if (nullable && t.elem.kind === "uint8") {
    if (hasMarshalMethods(t.elem)) return null;
    return (w, v) => {
      if (v === null) w.ascii("null");
      else if (v instanceof Uint8Array) w.ascii(`"${base64Encode(v)}"`);
      else throw BAIL;
    };
  }
  const len = listLen(t);
  const chain = floatChain(t);
  if (chain !== null && chain.length > 0) return floatTreeWriter(chain);
  if (intArrayCheck(t) !== null) {
    const kind = t.elem.kind;
    if (isBigKind(kind)) {
      const unsigned = kind !== "int" && kind !== "int64";
      return (w, v) => {
        if (v === null && nullable) w.ascii("null");
        else putBigs(w, v, len, unsigned);
      };
    }
    const [lo, hi] = numberBounds(kind);
    return (w, v) => {
      if (v === null && nullable) w.ascii("null");
      else putInts(w, v, len, lo, hi);
    };
  }
  const elem = byteEncoderFor(t.elem);
  if (elem === null) return null;
  // Strings (the byte path took the element type, so it is a plain string): a loop of their own.
  if (t.elem.kind === "string")
    return (w, v) => {
      if (v === null && nullable) {
        w.ascii("null");
        return;
      }
      if (!Array.isArray(v) || (!nullable && v.length !== len) || ++w.depth > BYTES_MAX_DEPTH) throw BAIL;
      w.byte(0x5b);
      stringElems(w, v);
      w.byte(0x5d);
      w.depth--;
    };
  const loop: ByteEncoder = nullable
    ? (w, v) => {
        if (v === null) {
          w.ascii("null");
          return;
        }
        if (!Array.isArray(v) || ++w.depth > BYTES_MAX_DEPTH) throw BAIL;
        w.byte(0x5b);
        listElems(w, v, elem);
        w.byte(0x5d);
        w.depth--;
      }
    : (w, v) => {
        if (!Array.isArray(v) || v.length !== len || ++w.depth > BYTES_MAX_DEPTH) throw BAIL;
        w.byte(0x5b);
        listElems(w, v, elem);
        w.byte(0x5d);
        w.depth--;
      };
  // Over a struct (tiered: generated from its second write), the list is tiered with it.
  return tieredOver(elem, loop, (e) => generateList(e, nullable, len));
}

/**
 * The generated writer of a list type over element encoder `elem` (null where code generation
 * is not allowed: the closure loop serves then). One function per list type, so that its element
 * call site sees one encoder: listElems' call site, shared by every list type, sees all of them,
 * and V8 then inlines none. The loop ends a function of its own (see {@link listElems}).
 */
function generateList(elem: ByteEncoder, nullable: boolean, len: number): ByteEncoder | null {
  const src = `"use strict";
function elems(w, v, n) {
for (let i = 0; i < n; i++) {
if (i > 0) w.byte(0x2c);
E(w, v[i]);
}
}
return function writeList(w, v) {
${nullable ? "if (v === null) {\nw.nul();\nreturn;\n}\n" : ""}if (!Array.isArray(v)${nullable ? "" : ` || v.length !== ${len}`} || ++w.depth > ${BYTES_MAX_DEPTH}) throw BAIL;
w.byte(0x5b);
elems(w, v, v.length);
w.byte(0x5d);
w.depth--;
};`;
  try {
    return new Function("E", "BAIL", src)(elem, BAIL) as ByteEncoder;
  } catch {
    return null;
  }
}

/**
 * Writes the elements of list `v`, comma-separated. Every loop over a whole value sits in a
 * function that ends with it: V8 compiles a long first loop on-stack before the code after it
 * has ever run, and that code then deoptimises on every call that enters the loop again from
 * the interpreter (a deopt loop, seen on float lists: up to 2× the time per marshal).
 */
function listElems(w: FastWriter, v: readonly unknown[], elem: ByteEncoder): void {
  const n = v.length;
  for (let i = 0; i < n; i++) {
    if (i > 0) w.byte(0x2c);
    elem(w, v[i]);
  }
}

/** Writes the elements of list `v` of strings, comma-separated (a non-string bails); a loop that ends its function (see {@link listElems}). */
function stringElems(w: FastWriter, v: readonly unknown[]): void {
  const n = v.length;
  for (let i = 0; i < n; i++) {
    const x = v[i];
    if (typeof x !== "string") throw BAIL;
    if (i > 0) w.byte(0x2c);
    writeStringV1(w, x);
  }
}

/**
 * Writes a tree of lists over float64 (chain: the list levels, outermost first) number by number
 * (Go's shortest digits, -0 as `-0`); a nil slice is `null`; NaN, ±Inf, a non-number or a
 * non-list bails (the general encoder reports Go's error).
 */
function floatTreeWriter(chain: readonly GoType[]): ByteEncoder {
  const leafLen = listLen(chain[chain.length - 1] as GoType);
  let write: ByteEncoder = (w, v) => {
    if (v === null) {
      if (leafLen >= 0) throw BAIL;
      w.nul();
    } else putFloats(w, v, leafLen);
  };
  for (let d = chain.length - 2; d >= 0; d--) {
    const inner = write;
    const len = listLen(chain[d] as GoType);
    write = (w, v) => {
      if (v === null) {
        if (len >= 0) throw BAIL;
        w.nul();
        return;
      }
      if (!Array.isArray(v) || (len >= 0 && v.length !== len)) throw BAIL;
      w.byte(0x5b);
      floatLevel(w, v, inner);
      w.byte(0x5d);
    };
  }
  return write;
}

/**
 * Writes `v` (a list of finite float64s, else it bails) as a JSON array: room made once, then the
 * digits straight in (String(x) is cheaper only for values V8 has cached: lone scalars keep it;
 * a list's many distinct values do not repeat). Small integers other than 0 (which may be -0)
 * go to the integer writer: fed those too, the float writer is reoptimised for tagged values and
 * runs about half as fast on doubles afterwards.
 */
function putFloats(w: FastWriter, v: unknown, len: number): void {
  if (!Array.isArray(v) || (len >= 0 && v.length !== len)) throw BAIL;
  w.room(v.length * (FLOAT64_MAX_BYTES + 1) + 2);
  const b = w.buf;
  b[w.pos] = 0x5b;
  const p = floatsInto(b, w.pos + 1, v);
  b[p] = 0x5d;
  w.pos = p + 1;
}

/**
 * A level of a float tree: listElems' loop over `inner` (a level below, or the float list
 * writer). Each kind of list has a loop of its own, so that its element call site sees only
 * the encoders of that kind (a loop shared by every list sees so many that V8 inlines none).
 */
function floatLevel(w: FastWriter, v: readonly unknown[], inner: ByteEncoder): void {
  const n = v.length;
  for (let i = 0; i < n; i++) {
    if (i > 0) w.byte(0x2c);
    inner(w, v[i]);
  }
}

/**
 * putFloats' loop (a function that ends with it: see {@link listElems}); returns the end. The
 * list is written by jsontext's list writer (a block of numbers at a time where WebAssembly runs).
 */
function floatsInto(b: Buffer, p0: number, v: readonly unknown[]): number {
  const p = writeFloat64List(b, p0, v);
  if (p < 0) throw BAIL;
  return p;
}

/**
 * Writes `v` (a list of integer numbers in [lo, hi], the bounds of a kind of at most 32 bits,
 * of length `len` unless negative, else it bails) as a JSON array: room made once, each
 * digit by digit.
 */
function putInts(w: FastWriter, v: unknown, len: number, lo: number, hi: number): void {
  if (!Array.isArray(v) || (len >= 0 && v.length !== len)) throw BAIL;
  w.room(v.length * (INT53_MAX_BYTES + 1) + 2);
  const b = w.buf;
  b[w.pos] = 0x5b;
  const p = intsInto(b, w.pos + 1, v, lo, hi);
  b[p] = 0x5d;
  w.pos = p + 1;
}

/** putInts' loop (a function that ends with it: see {@link listElems}); returns the end. */
function intsInto(b: Buffer, p0: number, v: readonly unknown[], lo: number, hi: number): number {
  const n = v.length;
  let p = p0;
  for (let i = 0; i < n; i++) {
    const x = v[i];
    if (typeof x !== "number" || !(x >= lo && x <= hi) || Math.floor(x) !== x) throw BAIL;
    if (i > 0) b[p++] = 0x2c;
    NUM_IN[0] = x;
    p = writeInt53In(b, p);
  }
  return p;
}

/**
 * Writes `v` (a list of bigints of a 64-bit kind, of length `len` unless negative, else it
 * bails) as a JSON array: room made once, then the list by jsontext's int64 list writer (a block
 * of numbers at a time where WebAssembly runs), which checks each element against the kind.
 */
function putBigs(w: FastWriter, v: unknown, len: number, unsigned: boolean): void {
  if (!Array.isArray(v) || (len >= 0 && v.length !== len)) throw BAIL;
  w.room(v.length * (INT64_MAX_BYTES + 1) + 2);
  const b = w.buf;
  b[w.pos] = 0x5b;
  const p = writeInt64List(b, w.pos + 1, v, unsigned);
  if (p < 0) throw BAIL;
  b[p] = 0x5d;
  w.pos = p + 1;
}
