/**
 * Numbers written as bytes (the codecs' byte paths): float64 as the shortest decimal that reads back as x
 * (what String(x), JSON.stringify and Go's strconv.FormatFloat(x, 'f', -1, 64)
 * all write for 1e-6 <= |x| < 1e21), with no string per number. Where WebAssembly runs, the
 * digits and the text are made by number-wasm.ts (one value a call, or a block of a list) and
 * copied into the output buffer; elsewhere by the JavaScript writer below (writeFloat64InJs),
 * which finds the digits with double arithmetic and writes them straight into the buffer.
 *
 * The JavaScript digit search:
 * For |x| in [1e-5, 1e15) with e integer digits, the decimals of k fraction
 * digits that read back as x are those within half an ulp of x. If one of 15
 * significant digits does, the nearest of them is the shortest decimal padded
 * with zeros (the shortest is within half an ulp, under half a unit of the
 * 15th digit), and the writer drops the zeros; else 16 digits, else 17 (which
 * always do). Each test is exact:
 * - while x*10^k < 2^52, at most one integer m is in reach, it is round(fl(x*10^k))
 *   or a neighbour, and m reads back iff m / 10^k === x (m and 10^k exact doubles,
 *   and the division is correctly rounded as parsing is);
 * - above, fl(x*10^k) is an integer and the exact product is fl(x*10^k) + err
 *   (Dekker's two-product), so the nearest integer and its distance are exact.
 * Anything undecided by these (a tie, a power of two whose interval is lopsided)
 * and anything out of range goes to String(x).
 */

import { LIST_MAX, LIST_OUT, numberWasmOrNull } from "./internal/number-wasm.js";

/**
 * The number argument of the writers' inner functions (writeFloat64In, writeInt53In,
 * and the digit search in writeFloat64In). A double passed to a call V8 does not inline is boxed: a heap number
 * per call, and in a list of floats that is garbage per element (measured: ~470 KB per
 * marshal of canada, a young-generation collection every few calls). Through this slot
 * it stays unboxed whatever the inliner decides. Callers in a loop set NUM_IN[0] and call
 * the *In writer; nothing in between can run other code, so the slot cannot be overwritten.
 */
export const NUM_IN = new Float64Array(1);

/**
 * The WebAssembly writer (number-wasm.ts), made at load, or null where WebAssembly is
 * unavailable (the writers below then run in JavaScript). Its memory's bytes and doubles and
 * its list function are module constants: V8 then calls the function directly, inlined into
 * its callers (through a property or a `let`, each call went through a generic wrapper).
 */
const WASM = numberWasmOrNull();
const WASM_BYTES = WASM === null ? new Uint8Array(0) : WASM.bytes;
const WASM_DOUBLES = WASM === null ? new Float64Array(0) : WASM.doubles;
const WASM_LIST = WASM === null ? null : WASM.list;

const WASM_INTS = WASM === null ? new BigInt64Array(0) : WASM.ints;
const WASM_INT_LIST = WASM === null ? null : WASM.intList;

/** Whether the float writers run in WebAssembly. */
export function wasmReady(): boolean {
  return WASM_LIST !== null;
}

/** 10^k for k in [0, 22] (all exact doubles). */
const P10 = new Float64Array(23);
for (let i = 0; i < 23; i++) P10[i] = Number(`1e${i}`);
/** Veltkamp's splitter for doubles (2^27 + 1). */
const SPLIT = 134217729;
/** The words of NUM_IN[0] (its exponent and mantissa bits, read with no store). */
const U32 = new Uint32Array(NUM_IN.buffer);
const LITTLE = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
/** Indexes of a double's (or an int64's) high and low 32-bit words in an Int32Array over it. */
export const HI_WORD = LITTLE ? 1 : 0;
export const LO_WORD = LITTLE ? 0 : 1;
/** HALF_ULP[e - 1] = 2^(e - 1076): half the ulp of a normal double of biased exponent e. */
const HALF_ULP = new Float64Array(2047);
for (let i = 0; i < 2047; i++) HALF_ULP[i] = 2 ** (i - 1075);

// The fast range is |x| in [FAST_MIN, FAST_MAX) = [1e-5, 1e15): the output is fixed notation with
// at most 17 digits. The hot code below writes these bounds, TWO52 (2^52) and SPLIT as literals
// named in comments: V8 reads a module-level const from the module's context at each use, with a
// map check (about ten instructions a read).

/** 10^k split in halves of 26 bits (Veltkamp), for Dekker's exact product. */
const P10_HI = new Float64Array(23);
const P10_LO = new Float64Array(23);
for (let i = 0; i < 23; i++) {
  const b = P10[i] as number;
  const c = SPLIT * b;
  P10_HI[i] = c - (c - b);
  P10_LO[i] = b - (P10_HI[i] as number);
}

/**
 * The decimal exponent e of a in the fast range: 10^(e-1) <= a < 10^e, or one more when a is the
 * double nearest 10^(e-1) and below it. Compared with literals (no table, no loop).
 */
function decimalExponent(a: number): number {
  if (a >= 1) {
    if (a < 1e8) {
      if (a < 1e4) return a < 100 ? (a < 10 ? 1 : 2) : a < 1000 ? 3 : 4;
      return a < 1e6 ? (a < 1e5 ? 5 : 6) : a < 1e7 ? 7 : 8;
    }
    if (a < 1e12) return a < 1e10 ? (a < 1e9 ? 9 : 10) : a < 1e11 ? 11 : 12;
    return a < 1e14 ? (a < 1e13 ? 13 : 14) : 15;
  }
  if (a >= 1e-2) return a >= 1e-1 ? 0 : -1;
  return a >= 1e-3 ? -2 : a >= 1e-4 ? -3 : -4;
}

/** Number of decimal digits of n (0 <= n < 1e9). */
function digitCount(n: number): number {
  if (n < 1e4) return n < 100 ? (n < 10 ? 1 : 2) : n < 1000 ? 3 : 4;
  if (n < 1e6) return n < 1e5 ? 5 : 6;
  return n < 1e8 ? (n < 1e7 ? 7 : 8) : 9;
}

/**
 * The DataView of the buffer the digits were last written to (digits go four a store). Only
 * the view is kept: a buffer handed out as a result is never written through it again, as
 * every write compares the buffer first.
 */
let viewBuf: Uint8Array = new Uint8Array(0);
let view = new DataView(viewBuf.buffer);

/** The DataView of b (made when b is not the last buffer written to). */
function viewOf(b: Uint8Array): DataView {
  if (b !== viewBuf) {
    view = new DataView(b.buffer, b.byteOffset, b.byteLength);
    viewBuf = b;
  }
  return view;
}

/**
 * The four ASCII digits of int32 0 <= n < 1e4 (zero-padded) as a little-endian word: the
 * divisions by 100 and 10 as multiplications and shifts (exact in these ranges).
 */
function digits4(n: number): number {
  const a = (n * 5243) >>> 19;
  const c = n - a * 100;
  const a1 = (a * 103) >>> 10;
  const c1 = (c * 103) >>> 10;
  return 0x30303030 + a1 + ((a - a1 * 10) << 8) + (c1 << 16) + ((c - c1 * 10) << 24);
}

/*
 * putUint31: the integers generated struct encoders write most (int32 range, as most int64
 * fields hold), four digits a store through the output's DataView, straight-line code with no
 * double arithmetic (writeInt53In covers every integer below 2^53 and costs about twice as many
 * instructions on these).
 */

/** Writes 0 <= x < 1e4 at p (four bytes may be stored); returns the end. */
function putUpTo4(b: Uint8Array, d: DataView, p: number, x: number): number {
  if (x < 10) {
    b[p] = 0x30 + x;
    return p + 1;
  }
  const w = digits4(x);
  if (x >= 1000) {
    d.setUint32(p, w, true);
    return p + 4;
  }
  if (x >= 100) {
    d.setUint32(p, w >>> 8, true);
    return p + 3;
  }
  d.setUint16(p, w >>> 16, true);
  return p + 2;
}

/**
 * Writes int32 0 <= x (below 2^31) in decimal into b at p through d, a DataView of b, and returns
 * the end. Up to 11 bytes from p may be stored (room for INT53_MAX_BYTES made by the caller).
 */
export function putUint31(b: Uint8Array, d: DataView, p: number, x: number): number {
  if (x < 10000) return putUpTo4(b, d, p, x);
  if (x < 100000000) {
    const h = (x / 10000) | 0;
    const q = putUpTo4(b, d, p, h);
    d.setUint32(q, digits4(x - h * 10000), true);
    return q + 4;
  }
  const h = (x / 100000000) | 0;
  const l = x - h * 100000000;
  const m = (l / 10000) | 0;
  const q = putUpTo4(b, d, p, h);
  d.setUint32(q, digits4(m), true);
  d.setUint32(q + 4, digits4(l - m * 10000), true);
  return q + 8;
}

/** Writes the 8 digits of int32 0 <= n < 1e8 (zero-padded) into b at p: two words. */
function put8(b: Uint8Array, p: number, n: number): void {
  const x = n | 0;
  const h = (x / 10000) | 0;
  const d = viewOf(b);
  d.setUint32(p, digits4(h), true);
  d.setUint32(p + 4, digits4(x - h * 10000), true);
}

/** Writes exactly `count` (<= 9) digits of int32 n >= 0 (zero-padded) into b, ending before `end`. */
function putDigits(b: Uint8Array, end: number, n: number, count: number): void {
  let x = n | 0;
  let q = end;
  let c = count;
  if (c >= 8) {
    const t = (x / 100000000) | 0;
    put8(b, q - 8, x - t * 100000000);
    if (c === 9) b[q - 9] = 0x30 + t;
    return;
  }
  if (c >= 4) {
    const t = (x / 10000) | 0;
    viewOf(b).setUint32(q - 4, digits4(x - t * 10000), true);
    x = t;
    q -= 4;
    c -= 4;
  }
  while (c > 0) {
    const t = (x * 205) >>> 11;
    b[--q] = 0x30 + x - t * 10;
    x = t;
    c--;
  }
}

export const I64 = new BigInt64Array(1);
/** I64's two 32-bit words (HI_WORD, LO_WORD): a bigint's value read with no conversion call. */
export const I64_WORDS = new Int32Array(I64.buffer);
const SAFE = 2n ** 53n;
const NEG_SAFE = -SAFE;

/**
 * Number(x) for a bigint with |x| < 2^53 (through an int64 store, cheaper than Number(x)
 * in V8), else NaN.
 */
export function safeBigint(x: bigint): number {
  return safeBigintIn(x) ? (NUM_IN[0] as number) : Number.NaN;
}

/** {@link safeBigint} into NUM_IN[0] (no boxed return value): whether |x| < 2^53. */
export function safeBigintIn(x: bigint): boolean {
  if (!(x < SAFE && x > NEG_SAFE)) return false;
  I64[0] = x;
  NUM_IN[0] = (I64_WORDS[HI_WORD] as number) * 4294967296 + ((I64_WORDS[LO_WORD] as number) >>> 0);
  return true;
}

/** Writes the digits hi * 1e8 + lo (nh digits of hi, nl of lo: 8 when hi > 0) ending before `end`. */
function putLoHi(b: Uint8Array, end: number, lo: number, nl: number, hi: number, nh: number): void {
  if (nh === 0) {
    putDigits(b, end, lo, nl);
    return;
  }
  // lo's eight digits as two words written here: a put8 call in this place was not inlined
  // (V8's inlining budget), a call per float.
  const x = lo | 0;
  const h = (x / 10000) | 0;
  const d = viewOf(b);
  d.setUint32(end - 8, digits4(h), true);
  d.setUint32(end - 4, digits4(x - h * 10000), true);
  putDigits(b, end - 8, hi, nh);
}

/** The end of a decimal with a fraction ending before `end`, less its trailing zeros (and a bare point). */
function dropZeros(b: Uint8Array, end: number): number {
  let e = end;
  while (b[e - 1] === 0x30) e--;
  return b[e - 1] === 0x2e ? e - 1 : e;
}

/** Bytes {@link writeInt53} may write for one number. */
export const INT53_MAX_BYTES = 17;

/**
 * Writes integer n (|n| < 2^53, -0 as `0`) as String(n) does into b at p (room for
 * INT53_MAX_BYTES made by the caller); returns the end.
 */
export function writeInt53(b: Uint8Array, p: number, n: number): number {
  NUM_IN[0] = n;
  return writeInt53In(b, p);
}

/** {@link writeInt53} of the number in NUM_IN[0]. */
export function writeInt53In(b: Uint8Array, p: number): number {
  let a = NUM_IN[0] as number;
  if (a < 0) {
    b[p++] = 0x2d;
    a = -a;
  }
  if (a < 1e8) {
    const x = a | 0;
    const d = digitCount(x);
    putDigits(b, p + d, x, d);
    return p + d;
  }
  const h = Math.floor(a / 1e8);
  const d = digitCount(h);
  const end = p + d + 8;
  put8(b, end - 8, a - h * 1e8);
  putDigits(b, end - 8, h, d);
  return end;
}

/** Bytes {@link writeInt64List} may write for one element: String(x) of an int64 or a uint64. */
export const INT64_MAX_BYTES = 20;

/**
 * Writes the bigints of `v` (each in int64's range, or uint64's when `unsigned`) as String(x)
 * writes them into b at p, comma-separated (room for v.length * (INT64_MAX_BYTES + 1) made by
 * the caller); returns the end, or -1 when an element is not a bigint in range (then the bytes
 * written are garbage).
 */
export const writeInt64List: (b: Uint8Array, p: number, v: readonly unknown[], unsigned: boolean) => number =
  WASM_INT_LIST === null ? writeInt64ListJs : writeInt64ListWasm;

/**
 * {@link writeInt64List} by the WebAssembly writer: up to LIST_MAX int64s stored into its memory
 * (a BigInt64Array store, no conversion), formatted there in one call, and copied out.
 */
function writeInt64ListWasm(b: Uint8Array, p0: number, v: readonly unknown[], unsigned: boolean): number {
  const n = v.length;
  const d = WASM_INTS;
  const list = WASM_INT_LIST as (n: number, unsigned: number) => number;
  const m = WASM_BYTES;
  const u = unsigned ? 1 : 0;
  let p = p0;
  for (let i = 0; i < n; ) {
    const k = Math.min(n - i, LIST_MAX);
    for (let j = 0; j < k; j++) {
      const x = v[i + j];
      // In range: BigInt.asIntN/asUintN (cheaper than two bigint comparisons).
      if (typeof x !== "bigint" || (unsigned ? BigInt.asUintN(64, x) : BigInt.asIntN(64, x)) !== x) return -1;
      d[j] = x;
    }
    if (i > 0) b[p++] = 0x2c;
    const len = list(k, u);
    if (len <= 64) for (let j = 0; j < len; j++) b[p + j] = m[LIST_OUT + j] as number;
    else b.set(m.subarray(LIST_OUT, LIST_OUT + len), p);
    p += len;
    i += k;
  }
  return p;
}

/** {@link writeInt64List} in JavaScript: below 2^53 digit by digit from the int64 words, else String(x). */
export function writeInt64ListJs(
  b: Uint8Array,
  p0: number,
  v: readonly unknown[],
  unsigned: boolean,
): number {
  const n = v.length;
  let p = p0;
  for (let i = 0; i < n; i++) {
    const x = v[i];
    if (typeof x !== "bigint" || (unsigned ? BigInt.asUintN(64, x) : BigInt.asIntN(64, x)) !== x) return -1;
    if (i > 0) b[p++] = 0x2c;
    I64[0] = x;
    const hi = I64_WORDS[HI_WORD] as number;
    if ((unsigned ? hi >= 0 : hi > -2097152) && hi < 2097152) {
      NUM_IN[0] = hi * 4294967296 + ((I64_WORDS[LO_WORD] as number) >>> 0);
      p = writeInt53In(b, p);
    } else {
      const s = String(x);
      for (let j = 0; j < s.length; j++) b[p++] = s.charCodeAt(j);
    }
  }
  return p;
}

/** Bytes {@link writeFloat64} may write for one number (with a sign, or String's exponent form). */
export const FLOAT64_MAX_BYTES = 25;

/**
 * Writes finite x (any sign, -0 as `-0`) as json/v2 writes a float64 into b at p (room for
 * FLOAT64_MAX_BYTES made by the caller); returns the end.
 */
export function writeFloat64(b: Uint8Array, p: number, x: number): number {
  NUM_IN[0] = x;
  return writeFloat64In(b, p);
}

/** {@link writeFloat64} of the number in NUM_IN[0]. */
export const writeFloat64In: (b: Uint8Array, p: number) => number =
  WASM_LIST === null ? writeFloat64InJs : writeFloat64InWasm;

/** {@link writeFloat64In} by the WebAssembly writer: the text made in its memory (a list of one), then copied. */
function writeFloat64InWasm(b: Uint8Array, p: number): number {
  WASM_DOUBLES[0] = NUM_IN[0] as number;
  const n = (WASM_LIST as (n: number) => number)(1);
  const m = WASM_BYTES;
  for (let i = 0; i < n; i++) b[p + i] = m[LIST_OUT + i] as number;
  return p + n;
}

/**
 * Writes the numbers of `v` (finite float64s, each as {@link writeFloat64} writes it) into b at
 * p, comma-separated (room for v.length * (FLOAT64_MAX_BYTES + 1) made by the caller); returns
 * the end, or -1 when an element is not a finite number (then the bytes written are garbage).
 */
export const writeFloat64List: (b: Uint8Array, p: number, v: readonly unknown[]) => number =
  WASM_LIST === null ? writeFloat64ListJs : writeFloat64ListWasm;

/**
 * {@link writeFloat64List} by the WebAssembly writer: up to LIST_MAX doubles stored into its
 * memory, formatted there in one call, and copied out.
 */
function writeFloat64ListWasm(b: Uint8Array, p0: number, v: readonly unknown[]): number {
  const n = v.length;
  const d = WASM_DOUBLES;
  const list = WASM_LIST as (n: number) => number;
  const m = WASM_BYTES;
  let p = p0;
  for (let i = 0; i < n; ) {
    const k = Math.min(n - i, LIST_MAX);
    for (let j = 0; j < k; j++) {
      const x = v[i + j];
      if (typeof x !== "number" || x - x !== 0) return -1;
      d[j] = x;
    }
    if (i > 0) b[p++] = 0x2c;
    const len = list(k);
    // A short text byte by byte (a subarray and a set cost more), a long one in one set.
    if (len <= 64) for (let j = 0; j < len; j++) b[p + j] = m[LIST_OUT + j] as number;
    else b.set(m.subarray(LIST_OUT, LIST_OUT + len), p);
    p += len;
    i += k;
  }
  return p;
}

/**
 * {@link writeFloat64List} in JavaScript. Small integers other than 0 (which may be -0) go to
 * the integer writer: fed those too, the float writer is reoptimised for tagged values and runs
 * about half as fast on doubles afterwards.
 */
export function writeFloat64ListJs(b: Uint8Array, p0: number, v: readonly unknown[]): number {
  const n = v.length;
  let p = p0;
  for (let i = 0; i < n; i++) {
    const x = v[i];
    if (typeof x !== "number" || x - x !== 0) return -1;
    if (i > 0) b[p++] = 0x2c;
    NUM_IN[0] = x;
    p = x !== 0 && (x | 0) === x ? writeInt53In(b, p) : writeFloat64InJs(b, p);
  }
  return p;
}

/** {@link writeFloat64In} in JavaScript (where WebAssembly is unavailable). */
export function writeFloat64InJs(b: Uint8Array, p: number): number {
  const x = NUM_IN[0] as number;
  if (x === 0) {
    if (1 / x < 0) b[p++] = 0x2d;
    b[p] = 0x30;
    return p + 1;
  }
  let a = x;
  if (x < 0) {
    a = -x;
    b[p++] = 0x2d;
  }
  // An integer: its digits, no fraction.
  if (a < 1e15 /* FAST_MAX */ && a === Math.floor(a)) {
    NUM_IN[0] = a;
    return writeInt53In(b, p);
  }
  // The shortest decimal of a as its number of fraction digits k and its digits hi * 1e8 + lo;
  // k = -1 when a is out of the fast range or undecided (then String(a) is written). Written
  // here, not in a function of its own: V8 left such a call uninlined (its inlining budget),
  // and the call and the results passed through a typed array cost about 60 instructions a float.
  let k = -1;
  let hi = 0;
  let lo = 0;
  // The fast range [FAST_MIN, FAST_MAX); w: the high word of a (x's, less the sign).
  const w = (U32[HI_WORD] as number) & 0x7fffffff;
  // A power of two (the gap below is half the gap above) is left to String.
  if (a >= 1e-5 && a < 1e15 && ((w & 0xfffff) !== 0 || U32[LO_WORD] !== 0)) {
    const hu = HALF_ULP[(w >>> 20) - 1] as number;
    const t = 134217729 /* SPLIT */ * a;
    const ah = t - (t - a);
    const al = a - ah;
    // e: the decimal exponent (10^(e-1) <= a < 10^e, or one more); 17 significant digits always do.
    const e = decimalExponent(a);
    // Up to 15 digits, the decimal with 15 - e fraction digits nearest a is the shortest
    // decimal (which is within a's half ulp, under half a unit of the 15th digit) followed by
    // zeros: the writer drops them (a is no integer, so they are fraction digits). Else 16
    // digits (then the last is not 0), else 17.
    const top = 17 - e;
    // r: whether the decimal of kk fraction digits reads back as a: NO (100), undecided (TIE,
    // 101: a tie), or yes as the offset of its digits from round(a*10^kk) (below 2^52: -1, 0
    // or 1) or from the integer a*10^kk (above: Dekker's correction, |offset| <= 8). One loop
    // over the three lengths, not a function called three times: V8's inlining budget.
    let kk = top - 2;
    let r = 100; /* NO */
    for (;;) {
      const P = P10[kk] as number;
      const pr = a * P;
      if (pr < 4503599627370496 /* TWO52 */) {
        // Below 2^52 at most one integer is within half an ulp of a (scaled), and fl(a*10^kk)
        // is within a quarter of the exact product.
        const m = Math.round(pr);
        if (m / P === a) r = 0;
        else {
          const d = pr - m;
          if (d >= 0.25 || d <= -0.25) {
            const o = d > 0 ? 1 : -1;
            if ((m + o) / P === a) r = o;
          }
        }
      } else {
        // pr is an integer: the exact product is pr + err (Dekker), its nearest integer pr + round(err).
        const err =
          ah * (P10_HI[kk] as number) -
          pr +
          ah * (P10_LO[kk] as number) +
          al * (P10_HI[kk] as number) +
          al * (P10_LO[kk] as number);
        const m = Math.round(err);
        let d = err - m;
        if (d < 0) d = -d;
        const h = hu * P;
        if (d === 0.5 || d === h) r = 101 /* TIE */;
        else if (d <= h) r = m;
      }
      if (r !== 100 /* NO */ || kk === top) break;
      kk++;
    }
    // No fit at 17 digits (only when e was one more), or a tie: r >= 100.
    if (r < 100) {
      // The digits are c + r: c as fits found it.
      const pr = a * (P10[kk] as number);
      const c = pr < 4503599627370496 /* TWO52 */ ? Math.round(pr) : pr;
      // A product, not a division (faster); off by one at most, which the loops below mend.
      let h = Math.floor(c * 1e-8);
      let l = c - h * 1e8 + r;
      while (l < 0) {
        l += 1e8;
        h--;
      }
      while (l >= 1e8) {
        l -= 1e8;
        h++;
      }
      // Never past 17 digits (the search allows no more); a guard for the digit writer.
      if (h < 1e9) {
        k = kk;
        hi = h;
        lo = l;
      }
    }
  }
  if (k < 0) {
    const s = String(a);
    const n = s.length;
    for (let i = 0; i < n; i++) b[p++] = s.charCodeAt(i);
    return p;
  }
  if (lo === 0 && hi < 1e8) {
    // Up to 7 digits then zeros (prices, scores): the zeros dropped here, in int32 steps.
    lo = hi;
    hi = 0;
    k -= 8;
    if (k >= 4 && lo % 10000 === 0) {
      lo = (lo / 10000) | 0;
      k -= 4;
    }
    if (k >= 2 && lo % 100 === 0) {
      lo = (lo / 100) | 0;
      k -= 2;
    }
    if (k >= 1 && lo % 10 === 0) {
      lo = (lo / 10) | 0;
      k -= 1;
    }
  }
  const nl = hi > 0 ? 8 : digitCount(lo);
  const nh = hi > 0 ? digitCount(hi) : 0;
  const nd = nl + nh;
  if (nd <= k) {
    // `0.`, zeros, the digits.
    b[p++] = 0x30;
    b[p++] = 0x2e;
    for (let i = nd; i < k; i++) b[p++] = 0x30;
    p += nd;
    putLoHi(b, p, lo, nl, hi, nh);
    return dropZeros(b, p);
  }
  if (k === 0) {
    p += nd;
    putLoHi(b, p, lo, nl, hi, nh);
    return p;
  }
  // The digits one byte right of p, then the integer part moved left over the point's place.
  const end = p + 1 + nd;
  putLoHi(b, end, lo, nl, hi, nh);
  const dot = end - 1 - k;
  for (let i = p; i < dot; i++) b[i] = b[i + 1] as number;
  b[dot] = 0x2e;
  return dropZeros(b, end);
}

/**
 * {@link writeFloat64In} for a lone float64 (a struct field, an `any` number): a nonzero
 * integer of 32 bits goes to the integer writer, a multiple of 0.001 below 2^42 in magnitude
 * (prices, scores, measures) is written as its integer part, a point and up to three digits,
 * any other value by writeFloat64In. Not for lists: there the extra test costs more than it
 * saves on values that are not short decimals.
 *
 * The decimal form is the shortest: when k / 1000 === x (k = round(1000 x)), x is the double
 * nearest to k/1000, and below 2^42 doubles are at most 2^-11 apart (less than half of 0.001),
 * so no other decimal with three or fewer digits after the point rounds to x; one with more is
 * longer. x is at least 0.001 in magnitude then: the fixed form, in Go's v1 and v2 alike.
 */
export function writeFloat64ShortIn(b: Uint8Array, p: number): number {
  const x = NUM_IN[0] as number;
  if (x !== 0 && (x | 0) === x) return writeInt53In(b, p);
  let k = Math.round(x * 1000);
  // |k| < 2^42 * 1000 (as a literal: V8 reads a module-level const at each use)
  if (k === 0 || k / 1000 !== x || !(k < 4398046511104000 && k > -4398046511104000))
    return writeFloat64In(b, p);
  if (k < 0) {
    b[p++] = 0x2d;
    k = -k;
  }
  const q = Math.floor(k / 1000);
  let r = k - q * 1000;
  NUM_IN[0] = q;
  p = writeInt53In(b, p);
  if (r === 0) return p;
  b[p++] = 0x2e;
  const d0 = (r / 100) | 0;
  b[p++] = 0x30 + d0;
  r -= d0 * 100;
  if (r === 0) return p;
  const d1 = (r / 10) | 0;
  b[p++] = 0x30 + d1;
  r -= d1 * 10;
  if (r !== 0) b[p++] = 0x30 + r;
  return p;
}
