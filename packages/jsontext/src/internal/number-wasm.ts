/**
 * The float64 writer of the byte paths as a small WebAssembly module: a double's shortest decimal
 * (the digits that read back as it, the nearest of them, ties to even: what String(x) and Go's
 * strconv.FormatFloat(x, 'g'-like, -1, 64) produce) found with 64-bit integer arithmetic, and its
 * text as json/v2 (and v1) writes a float64: fixed notation for 1e-6 <= |x| < 1e21, else the
 * exponent form of String(x) (`1e+21`, `1.5e-7`), `-` for negatives and -0.
 *
 * The digits come from unrounded scaling (Russ Cox, "Floating-Point Printing and Parsing Can Be
 * Simple And Fast", https://research.swtch.com/fp, the method of Go's strconv since Go 1.26): the
 * ends of x's rounding interval are scaled by the power of ten 10^p that makes the interval 1 to
 * 10 units wide, each scaled with a 128-bit mantissa of 10^p, as an "unrounded" number (its floor,
 * a half bit and a sticky bit); a multiple of ten inside gives the shortest digits, else the
 * rounded scaled x. The 64×128-bit products are made of 32-bit halves (WebAssembly has no 128-bit
 * multiply). The module is built here, instruction by instruction (wasm-asm.ts), and its table of
 * powers of ten computed with BigInt when it is made: the package ships no binary.
 *
 * Memory: the powers of ten (TABLE), 10^i as u64 (SMALL), the 17 digits of the value in hand
 * (DIGITS), and the doubles of a call (LIST_IN) and their text (LIST_OUT).
 *
 * Where WebAssembly is unavailable or refused (`--jitless`, `--disallow-code-generation-from-strings`,
 * a Content-Security-Policy without 'wasm-unsafe-eval'), numberWasmOrNull() returns null and the
 * writers in write-number.ts format in JavaScript.
 *
 * Not semver-stable: part of `@gojson/jsontext/internal`.
 */
import {
  BLOCK,
  BR,
  BR_IF,
  ELSE,
  END,
  F64,
  F64_ABS,
  F64_EQ,
  F64_LOAD,
  F64_LT,
  F64_TRUNC,
  f64c,
  GET,
  I32,
  I32_ADD,
  I32_AND,
  I32_DIV_U,
  I32_EQ,
  I32_EQZ,
  I32_GE_S,
  I32_GT_S,
  I32_LE_S,
  I32_LOAD8_U,
  I32_LT_S,
  I32_LT_U,
  I32_MUL,
  I32_REM_U,
  I32_SHR_S,
  I32_STORE8,
  I32_SUB,
  I32_WRAP_I64,
  I64,
  I64_ADD,
  I64_AND,
  I64_CLZ,
  I64_DIV_U,
  I64_EQZ,
  I64_EXTEND_I32_S,
  I64_EXTEND_I32_U,
  I64_GE_U,
  I64_GT_U,
  I64_LOAD,
  I64_LT_S,
  I64_LT_U,
  I64_MUL,
  I64_NE,
  I64_OR,
  I64_REINTERPRET_F64,
  I64_SHL,
  I64_SHR_U,
  I64_STORE,
  I64_SUB,
  I64_TRUNC_F64_U,
  IF,
  i32c,
  i64c,
  LOOP,
  mem,
  moduleBytes,
  SELECT,
  SET,
  TEE,
  VOID,
} from "./wasm-asm.js";

/** The least and greatest power of ten the digit search scales by (10^-292 for the largest doubles, 10^324 for the least). */
const P_MIN = -292;
const P_MAX = 324;
/** Byte offsets in the module's memory. */
const TABLE = 0;
const SMALL = TABLE + (P_MAX - P_MIN + 1) * 16;
/** The 17 digits of the value in hand, zero-padded (read up to 24 bytes past their start). */
const DIGITS = SMALL + 20 * 8;
/** Doubles a list call formats at most. */
export const LIST_MAX = 1024;
/** The doubles of a list call, 8 bytes each. */
export const LIST_IN = 16384;
/** The text of a list call (25 bytes a value and a comma, words stored up to 48 bytes past the end). */
export const LIST_OUT = LIST_IN + LIST_MAX * 8;
const PAGES = Math.ceil((LIST_OUT + LIST_MAX * 26 + 64) / 65536);

const M32 = 0xffffffffn;
/** "00000000" and "0.000000" as little-endian words. */
const ZEROS = 0x3030303030303030n;
const ZERO_POINT = 0x303030303030_2e30n;

/** Code as nested lists of bytes (no spreads while it is made: cold, they cost more than the module's compile), flattened once. */
type Code = number | readonly Code[];

/** The bytes of nested code, in order. */
const flatten = (code: readonly Code[]): number[] =>
  (code as unknown[]).flat(Number.POSITIVE_INFINITY) as number[];

/** The locals of a function (indexes); `x` the value to write, `o` the output address. */
type Locals = Record<
  | "x"
  | "a"
  | "bits"
  | "mant"
  | "m"
  | "mn"
  | "mx"
  | "d"
  | "b0"
  | "b1"
  | "l0"
  | "l1"
  | "hi"
  | "c"
  | "p00"
  | "a0"
  | "a1"
  | "p01"
  | "p10"
  | "mid"
  | "mid2"
  | "u"
  | "umin"
  | "umax"
  | "sh"
  | "mask"
  | "va"
  | "vb"
  | "o"
  | "e"
  | "e2"
  | "s"
  | "p"
  | "odd"
  | "nd"
  | "q"
  | "dp"
  | "k"
  | "ds"
  | "h"
  | "t"
  | "i"
  | "iend"
  | "lop"
  | "bh"
  | "hm"
  | "lm"
  | "hx"
  | "lx"
  | "hn"
  | "ln"
  | "dh"
  | "dl",
  number
>;
const F64_LOCALS = ["x", "a"] as const;
const I64_LOCALS = [
  "bits",
  "mant",
  "m",
  "mn",
  "mx",
  "d",
  "b0",
  "b1",
  "l0",
  "l1",
  "hi",
  "c",
  "p00",
  "a0",
  "a1",
  "p01",
  "p10",
  "mid",
  "mid2",
  "u",
  "umin",
  "umax",
  "sh",
  "mask",
  "va",
  "vb",
  "t",
  "bh",
  "hm",
  "lm",
  "hx",
  "lx",
  "hn",
  "ln",
  "dh",
  "dl",
] as const;
const I32_LOCALS = [
  "o",
  "e",
  "e2",
  "s",
  "p",
  "odd",
  "nd",
  "q",
  "dp",
  "k",
  "ds",
  "h",
  "i",
  "iend",
  "lop",
] as const;

/** Locals laid out after `first` parameters, with their declarations (types in order). */
function layout(first: number): { L: Locals; types: number[] } {
  const L = {} as Locals;
  const types: number[] = [];
  let i = first;
  for (const n of F64_LOCALS) {
    L[n] = i++;
    types.push(F64);
  }
  for (const n of I64_LOCALS) {
    L[n] = i++;
    types.push(I64);
  }
  for (const n of I32_LOCALS) {
    L[n] = i++;
    types.push(I32);
  }
  return { L, types };
}

/**
 * Code for the high 64 bits of the product of locals `a` and (b1·2^32 + b0) into L.hi, with the
 * middle sum (L.c) and low partial product (L.p00) from which the low 64 bits are made.
 */
// biome-ignore format: WebAssembly instructions, a step a line
function mul(L: Locals, a: number, b0: number, b1: number): Code {
  return [
    GET, a, i64c(M32), I64_AND, SET, L.a0,
    GET, a, i64c(32n), I64_SHR_U, SET, L.a1,
    GET, L.a0, GET, b0, I64_MUL, SET, L.p00,
    GET, L.a0, GET, b1, I64_MUL, SET, L.p01,
    GET, L.a1, GET, b0, I64_MUL, SET, L.p10,
    // c = p00 >> 32 + low(p01) + low(p10) (below 3·2^32)
    GET, L.p00, i64c(32n), I64_SHR_U,
    GET, L.p01, i64c(M32), I64_AND, I64_ADD,
    GET, L.p10, i64c(M32), I64_AND, I64_ADD, SET, L.c,
    // hi = a1·b1 + p01 >> 32 + p10 >> 32 + c >> 32
    GET, L.a1, GET, b1, I64_MUL,
    GET, L.p01, i64c(32n), I64_SHR_U, I64_ADD,
    GET, L.p10, i64c(32n), I64_SHR_U, I64_ADD,
    GET, L.c, i64c(32n), I64_SHR_U, I64_ADD, SET, L.hi,
  ];
}

/**
 * Code for unrounded(v · 10^p · 2^(e+2)) into `out`, v·2^e the value scaled, given the 128-bit
 * product of v and the high word of 10^p's mantissa in locals `hi`, `mid`: the top of the
 * 192-bit product of v and the mantissa (hi·2^64 - lo, rounded up) shifted right by L.sh, with
 * bit 0 set when a bit shifted out, or anything below, is nonzero. The product v · lo is needed
 * only when the bits of `hi` shifted out are zero.
 */
// biome-ignore format: WebAssembly instructions, a step a line
function uscale(L: Locals, v: number, hi: number, mid: number, out: number): Code {
  return [
    GET, hi, GET, L.mask, I64_AND, i64c(0n), I64_NE,
    IF, VOID,
    GET, hi, GET, L.sh, I64_SHR_U, i64c(1n), I64_OR, SET, out,
    ELSE,
    mul(L, v, L.l0, L.l1),
    // (hi - borrow) >> sh | sticky, mid2 = L.hi
    GET, hi, GET, mid, GET, L.hi, I64_LT_U, I64_EXTEND_I32_U, I64_SUB,
    GET, L.sh, I64_SHR_U,
    GET, mid, GET, L.hi, I64_SUB, i64c(1n), I64_GT_U, I64_EXTEND_I32_U, I64_OR, SET, out,
    END,
  ];
}

/**
 * Code for the digit values of int32 0 <= n < 1e8 (the i32 on the stack) as a little-endian
 * word, the first digit in the low byte: 4-digit halves in 32-bit lanes, split to 2-digit
 * halves in 16-bit lanes (÷100 as ×10486 >> 20), then to digits in bytes (÷10 as ×103 >> 10).
 */
// biome-ignore format: WebAssembly instructions, a step a line
function chunk8(L: Locals, out: number): Code {
  return [
    SET, L.h,
    GET, L.h, i32c(10000), I32_DIV_U, SET, L.e,
    // v = e | (h - e·10000) << 32
    GET, L.e, I64_EXTEND_I32_U,
    GET, L.h, GET, L.e, i32c(10000), I32_MUL, I32_SUB, I64_EXTEND_I32_U, i64c(32n), I64_SHL,
    I64_OR, SET, out,
    // t = (v·10486 >> 20) & 0x7f in each 32-bit lane; v = t | (v - 100t) << 16
    GET, out, i64c(10486n), I64_MUL, i64c(20n), I64_SHR_U, i64c(0x0000007f0000007fn), I64_AND,
    SET, L.t,
    GET, L.t,
    GET, out, GET, L.t, i64c(100n), I64_MUL, I64_SUB, i64c(16n), I64_SHL,
    I64_OR, SET, out,
    // t = (v·103 >> 10) & 0xf in each 16-bit lane; v = t | (v - 10t) << 8
    GET, out, i64c(103n), I64_MUL, i64c(10n), I64_SHR_U, i64c(0x000f000f000f000fn), I64_AND,
    SET, L.t,
    GET, L.t,
    GET, out, GET, L.t, i64c(10n), I64_MUL, I64_SUB, i64c(8n), I64_SHL,
    I64_OR, SET, out,
  ];
}

/**
 * Code writing the digits of the uint64 in L.d at L.o (L.o to their end): 24 digits,
 * zero-padded, at DIGITS (three words of eight), then the last nd of them copied.
 */
// biome-ignore format: WebAssembly instructions, a step a line
function intDigits(L: Locals): Code {
  return [
    // nd = floor(log10(2^bits)) + (d >= 10^that), 1 for 0
    i32c(64), GET, L.d, I64_CLZ, I32_WRAP_I64, I32_SUB, i32c(78913), I32_MUL, i32c(18), I32_SHR_S,
    TEE, L.nd,
    GET, L.d, GET, L.nd, i32c(8), I32_MUL, mem(I64_LOAD, 3, SMALL), I64_GE_U, I32_ADD,
    GET, L.d, I64_EQZ, I32_ADD, SET, L.nd,
    // d = (q·10^8 + h8)·10^8 + lo8
    GET, L.d, i64c(100000000n), I64_DIV_U, SET, L.u,
    GET, L.d, GET, L.u, i64c(100000000n), I64_MUL, I64_SUB, I32_WRAP_I64,
    chunk8(L, L.vb),
    i32c(DIGITS), GET, L.vb, i64c(ZEROS), I64_ADD, mem(I64_STORE, 0, 16),
    GET, L.u, i64c(100000000n), I64_DIV_U, TEE, L.d,
    GET, L.u, GET, L.d, i64c(100000000n), I64_MUL, I64_SUB, I32_WRAP_I64,
    chunk8(L, L.va),
    i32c(DIGITS), GET, L.va, i64c(ZEROS), I64_ADD, mem(I64_STORE, 0, 8),
    // q < 1845: its digits only when there are more than 16
    GET, L.nd, i32c(16), I32_GT_S,
    IF, VOID,
    GET, L.d, I32_WRAP_I64,
    chunk8(L, L.va),
    i32c(DIGITS), GET, L.va, i64c(ZEROS), I64_ADD, mem(I64_STORE, 0, 0),
    END,
    i32c(DIGITS + 24), GET, L.nd, I32_SUB, SET, L.ds,
    copy(L.ds, 0, L.o, 0, 3),
    GET, L.o, GET, L.nd, I32_ADD, SET, L.o,
  ];
}

/** Copies 8·words bytes from the address in local `from` (+ fromAdd) to local `to` (+ toAdd). */
function copy(from: number, fromAdd: number, to: number, toAdd: number, words: number): Code {
  const code: Code[] = [];
  for (let i = 0; i < words; i++)
    code.push(GET, to, GET, from, mem(I64_LOAD, 0, fromAdd + 8 * i), mem(I64_STORE, 0, toAdd + 8 * i));
  return code;
}

/**
 * Code writing the text of L.x at the address in L.o, leaving L.o at its end. Branches leave
 * through the enclosing block: the code is a `block`.
 */
function format(L: Locals): Code {
  // biome-ignore format: WebAssembly instructions, a step a line
  const code = [
    BLOCK, VOID,
    // The sign (of -0 too).
    GET, L.x, I64_REINTERPRET_F64, TEE, L.bits, i64c(63n), I64_SHR_U, I32_WRAP_I64,
    IF, VOID,
    GET, L.o, i32c(0x2d), mem(I32_STORE8, 0),
    GET, L.o, i32c(1), I32_ADD, SET, L.o,
    END,
    GET, L.x, F64_ABS, TEE, L.a, f64c(0), F64_EQ,
    IF, VOID,
    GET, L.o, i32c(0x30), mem(I32_STORE8, 0),
    GET, L.o, i32c(1), I32_ADD, SET, L.o,
    BR, 1,
    END,
    // An integer below 2^53: its digits (k = -1: no trailing zeros dropped).
    GET, L.a, f64c(2 ** 53), F64_LT, GET, L.a, F64_TRUNC, GET, L.a, F64_EQ, I32_AND,
    IF, VOID,
    GET, L.a, I64_TRUNC_F64_U, SET, L.d,
    i32c(0), SET, L.q,
    i32c(-1), SET, L.k,
    ELSE,
    search(L),
    END,
    digits(L),
    layoutText(L),
    END,
  ];
  return code;
}

/** Code for the shortest digits of L.a (finite, nonzero) as L.d · 10^L.q; L.k = 0. */
function search(L: Locals): Code {
  // biome-ignore format: WebAssembly instructions, a step a line
  return [
    i32c(0), SET, L.k,
    // e: the biased exponent; mant: the significand with its leading bit, e2: the exponent of its ulp
    GET, L.bits, i64c(52n), I64_SHR_U, I32_WRAP_I64, i32c(0x7ff), I32_AND, SET, L.e,
    GET, L.bits, i64c((1n << 52n) - 1n), I64_AND, SET, L.mant,
    GET, L.e, I32_EQZ,
    IF, VOID,
    i32c(-1074), SET, L.e2,
    ELSE,
    GET, L.mant, i64c(1n << 52n), I64_OR, SET, L.mant,
    GET, L.e, i32c(-1075), I32_ADD, SET, L.e2,
    END,
    // m: mant shifted left until bit 63 is set (by s); the value is m · 2^(e2 - s)
    GET, L.mant, I64_CLZ, I32_WRAP_I64, SET, L.s,
    GET, L.mant, GET, L.s, I64_EXTEND_I32_U, I64_SHL, SET, L.m,
    GET, L.mant, i64c(1n), I64_AND, I32_WRAP_I64, SET, L.odd,
    // The interval's ends: m ± half an ulp (2^(s-1)); below a power of two (its fraction zero,
    // and not the least normal exponent) the gap below is half: m - 2^(s-2).
    GET, L.m, i64c(1n), GET, L.s, i32c(1), I32_SUB, I64_EXTEND_I32_U, I64_SHL, I64_ADD,
    SET, L.mx,
    GET, L.bits, i64c((1n << 52n) - 1n), I64_AND, I64_EQZ, GET, L.e, i32c(1), I32_GT_S, I32_AND,
    TEE, L.lop,
    IF, VOID,
    GET, L.m, i64c(1n), GET, L.s, i32c(2), I32_SUB, I64_EXTEND_I32_U, I64_SHL, I64_SUB,
    SET, L.mn,
    // p = -floor(log10(3/4 · 2^e2))
    i32c(0), GET, L.e2, i32c(631305), I32_MUL, i32c(261663), I32_SUB, i32c(21), I32_SHR_S,
    I32_SUB, SET, L.p,
    ELSE,
    GET, L.m, i64c(1n), GET, L.s, i32c(1), I32_SUB, I64_EXTEND_I32_U, I64_SHL, I64_SUB,
    SET, L.mn,
    // p = -floor(log10(2^e2))
    i32c(0), GET, L.e2, i32c(78913), I32_MUL, i32c(18), I32_SHR_S, I32_SUB, SET, L.p,
    END,
    // sh = -(e2 - s + floor(log2(10^p)) + 3); mask: its low bits
    i32c(0),
    GET, L.e2, GET, L.s, I32_SUB,
    GET, L.p, i32c(108853), I32_MUL, i32c(15), I32_SHR_S, I32_ADD,
    i32c(3), I32_ADD, I32_SUB, I64_EXTEND_I32_S, SET, L.sh,
    i64c(1n), GET, L.sh, I64_SHL, i64c(1n), I64_SUB, SET, L.mask,
    // The mantissa of 10^p: hi in 32-bit halves b1, b0; lo in l1, l0.
    // (the address of 10^p's entry in e: a load's address is unsigned, its offset too)
    GET, L.p, i32c(P_MIN), I32_SUB, i32c(16), I32_MUL, TEE, L.e, mem(I64_LOAD, 3, TABLE),
    TEE, L.bh, TEE, L.b1,
    i64c(M32), I64_AND, SET, L.b0,
    GET, L.b1, i64c(32n), I64_SHR_U, SET, L.b1,
    GET, L.e, mem(I64_LOAD, 3, TABLE + 8), TEE, L.l1,
    i64c(M32), I64_AND, SET, L.l0,
    GET, L.l1, i64c(32n), I64_SHR_U, SET, L.l1,
    // m · hi as 128 bits (hm, lm); mx · hi and mn · hi from it: m ± 2^j times hi is m · hi ± hi << j.
    mul(L, L.m, L.b0, L.b1),
    GET, L.hi, SET, L.hm,
    GET, L.c, i64c(32n), I64_SHL, GET, L.p00, i64c(M32), I64_AND, I64_OR, SET, L.lm,
    // hi << (s - 1) = (dh, dl): mx's product
    GET, L.bh, GET, L.s, i32c(1), I32_SUB, I64_EXTEND_I32_U, TEE, L.t, I64_SHL, SET, L.dl,
    GET, L.bh, i64c(64n), GET, L.t, I64_SUB, I64_SHR_U, SET, L.dh,
    GET, L.lm, GET, L.dl, I64_ADD, TEE, L.lx,
    GET, L.lm, I64_LT_U, I64_EXTEND_I32_U, GET, L.hm, I64_ADD, GET, L.dh, I64_ADD, SET, L.hx,
    // mn's: less the same, or half of it below a power of two (hi << (s - 2))
    GET, L.lop,
    IF, VOID,
    GET, L.bh, GET, L.t, i64c(1n), I64_SUB, TEE, L.t, I64_SHL, SET, L.dl,
    GET, L.bh, i64c(64n), GET, L.t, I64_SUB, I64_SHR_U, SET, L.dh,
    END,
    GET, L.lm, GET, L.dl, I64_SUB, SET, L.ln,
    GET, L.hm, GET, L.dh, I64_SUB, GET, L.lm, GET, L.dl, I64_LT_U, I64_EXTEND_I32_U, I64_SUB,
    SET, L.hn,
    uscale(L, L.mn, L.hn, L.ln, L.umin),
    uscale(L, L.mx, L.hx, L.lx, L.umax),
    // dmin = ceil(umin, nudged up when the ends are excluded (odd)); dmax = floor(umax, nudged down)
    GET, L.umin, GET, L.odd, I64_EXTEND_I32_U, I64_ADD, i64c(3n), I64_ADD, i64c(2n), I64_SHR_U,
    SET, L.umin,
    GET, L.umax, GET, L.odd, I64_EXTEND_I32_U, I64_SUB, i64c(2n), I64_SHR_U, SET, L.umax,
    // A multiple of ten in [dmin, dmax]: one digit fewer (there is at most one).
    GET, L.umax, i64c(10n), I64_DIV_U, TEE, L.d, i64c(10n), I64_MUL, GET, L.umin, I64_GE_U,
    IF, VOID,
    i32c(1), GET, L.p, I32_SUB, SET, L.q,
    ELSE,
    i32c(0), GET, L.p, I32_SUB, SET, L.q,
    GET, L.umin, SET, L.d,
    GET, L.umin, GET, L.umax, I64_LT_U,
    IF, VOID,
    // The nearest: m scaled, rounded half to even.
    uscale(L, L.m, L.hm, L.lm, L.u),
    GET, L.u, i64c(1n), I64_ADD, GET, L.u, i64c(2n), I64_SHR_U, i64c(1n), I64_AND, I64_ADD,
    i64c(2n), I64_SHR_U, SET, L.d,
    END,
    END,
  ];
}

/**
 * Code for the 17 digits of L.d (< 10^17, zero-padded) at DIGITS, its number of digits L.nd,
 * and, when L.k is 0, the digits less trailing zeros in L.k (else L.k = L.nd).
 */
function digits(L: Locals): Code {
  // biome-ignore format: WebAssembly instructions, a step a line
  return [
    // nd = floor(log10(2^bits)) + (d >= 10^that)
    i32c(64), GET, L.d, I64_CLZ, I32_WRAP_I64, I32_SUB, i32c(78913), I32_MUL, i32c(18), I32_SHR_S,
    TEE, L.nd,
    GET, L.d, GET, L.nd, i32c(8), I32_MUL, mem(I64_LOAD, 3, SMALL), I64_GE_U, I32_ADD, SET, L.nd,
    // d = h·10^8 + lo (u = h), h = h1·10^8 + h8
    GET, L.d, i64c(100000000n), I64_DIV_U, SET, L.u,
    GET, L.d, GET, L.u, i64c(100000000n), I64_MUL, I64_SUB, I32_WRAP_I64,
    chunk8(L, L.vb),
    GET, L.u, I32_WRAP_I64, TEE, L.dp, i32c(100000000), I32_DIV_U, SET, L.ds,
    i32c(DIGITS), GET, L.ds, i32c(0x30), I32_ADD, mem(I32_STORE8, 0),
    GET, L.dp, GET, L.ds, i32c(100000000), I32_MUL, I32_SUB,
    chunk8(L, L.va),
    i32c(DIGITS), GET, L.va, i64c(ZEROS), I64_ADD, mem(I64_STORE, 0, 1),
    i32c(DIGITS), GET, L.vb, i64c(ZEROS), I64_ADD, mem(I64_STORE, 0, 9),
    // k: nd less the trailing zeros (a zero digit is a zero byte of va, vb)
    GET, L.k, I32_EQZ,
    IF, VOID,
    GET, L.vb, I64_CLZ, I32_WRAP_I64, i32c(3), I32_SHR_S, TEE, L.k,
    i32c(8), I32_EQ,
    IF, VOID,
    GET, L.va, I64_CLZ, I32_WRAP_I64, i32c(3), I32_SHR_S, GET, L.k, I32_ADD, SET, L.k,
    END,
    GET, L.nd, GET, L.k, I32_SUB, SET, L.k,
    ELSE,
    GET, L.nd, SET, L.k,
    END,
    // ds: the first digit's address; dp: the point's place after it (value = 0.digits · 10^dp)
    i32c(DIGITS + 17), GET, L.nd, I32_SUB, SET, L.ds,
    GET, L.nd, GET, L.q, I32_ADD, SET, L.dp,
  ];
}

/** Code writing the k digits at L.ds with the point at L.dp as String(x) does, at L.o; L.o to the end. */
function layoutText(L: Locals): Code {
  // biome-ignore format: WebAssembly instructions, a step a line
  return [
    // k <= dp <= 21: the digits, then dp - k zeros.
    GET, L.dp, GET, L.k, I32_GE_S, GET, L.dp, i32c(21), I32_LE_S, I32_AND,
    IF, VOID,
    copy(L.ds, 0, L.o, 0, 3),
    GET, L.o, GET, L.k, I32_ADD, SET, L.e,
    GET, L.e, i64c(ZEROS), mem(I64_STORE, 0, 0),
    GET, L.e, i64c(ZEROS), mem(I64_STORE, 0, 8),
    GET, L.e, i64c(ZEROS), mem(I64_STORE, 0, 16),
    GET, L.o, GET, L.dp, I32_ADD, SET, L.o,
    BR, 1,
    END,
    // 0 < dp < k: the integer digits, the point, the rest.
    GET, L.dp, i32c(0), I32_GT_S, GET, L.dp, i32c(21), I32_LE_S, I32_AND,
    IF, VOID,
    copy(L.ds, 0, L.o, 0, 3),
    GET, L.o, GET, L.dp, I32_ADD, SET, L.e,
    GET, L.ds, GET, L.dp, I32_ADD, SET, L.s,
    copy(L.s, 0, L.e, 1, 3),
    GET, L.e, i32c(0x2e), mem(I32_STORE8, 0),
    GET, L.o, GET, L.k, I32_ADD, i32c(1), I32_ADD, SET, L.o,
    BR, 1,
    END,
    // -6 < dp <= 0: `0.`, -dp zeros, the digits.
    GET, L.dp, i32c(5), I32_ADD, i32c(6), I32_LT_U,
    IF, VOID,
    GET, L.o, i64c(ZERO_POINT), mem(I64_STORE, 0, 0),
    GET, L.o, i32c(2), I32_ADD, GET, L.dp, I32_SUB, SET, L.e,
    copy(L.ds, 0, L.e, 0, 3),
    GET, L.e, GET, L.k, I32_ADD, SET, L.o,
    BR, 1,
    END,
    // The exponent form: d[.ddd]e±x.
    GET, L.o, GET, L.ds, mem(I32_LOAD8_U, 0), mem(I32_STORE8, 0),
    GET, L.o, i32c(0x2e), mem(I32_STORE8, 0, 1),
    copy(L.ds, 1, L.o, 2, 2),
    // o += 1 for one digit, else k + 1 (the point)
    GET, L.o, i32c(1), GET, L.k, i32c(1), I32_ADD,
    GET, L.k, i32c(1), I32_EQ, SELECT, I32_ADD, SET, L.o,
    GET, L.o, i32c(0x65), mem(I32_STORE8, 0),
    // e = dp - 1, its sign, |e|
    GET, L.dp, i32c(1), I32_SUB, SET, L.e,
    GET, L.o, i32c(0x2b), i32c(0x2d), GET, L.e, i32c(0), I32_GE_S, SELECT,
    mem(I32_STORE8, 0, 1),
    GET, L.e, i32c(0), I32_LT_S,
    IF, VOID,
    i32c(0), GET, L.e, I32_SUB, SET, L.e,
    END,
    GET, L.o, i32c(2), I32_ADD, SET, L.o,
    GET, L.e, i32c(100), I32_GE_S,
    IF, VOID,
    GET, L.o, GET, L.e, i32c(100), I32_DIV_U, i32c(0x30), I32_ADD, mem(I32_STORE8, 0),
    GET, L.o, i32c(1), I32_ADD, SET, L.o,
    GET, L.e, i32c(100), I32_REM_U, SET, L.e,
    GET, L.o, GET, L.e, i32c(10), I32_DIV_U, i32c(0x30), I32_ADD, mem(I32_STORE8, 0),
    GET, L.o, i32c(1), I32_ADD, SET, L.o,
    ELSE,
    GET, L.e, i32c(10), I32_GE_S,
    IF, VOID,
    GET, L.o, GET, L.e, i32c(10), I32_DIV_U, i32c(0x30), I32_ADD, mem(I32_STORE8, 0),
    GET, L.o, i32c(1), I32_ADD, SET, L.o,
    END,
    END,
    GET, L.o, GET, L.e, i32c(10), I32_REM_U, i32c(0x30), I32_ADD, mem(I32_STORE8, 0),
    GET, L.o, i32c(1), I32_ADD, SET, L.o,
  ];
}

/**
 * A list function's body: for each of the n 8-byte elements at LIST_IN, `load` (it leaves the
 * element in a local) and `elem` (its text at L.o), a comma between two; returns the length
 * written at LIST_OUT.
 */
function listBody(L: Locals, load: Code, elem: Code): Code[] {
  const N = 0;
  // biome-ignore format: WebAssembly instructions, a step a line
  return [
    i32c(LIST_OUT), SET, L.o,
    i32c(LIST_IN), SET, L.i,
    GET, N, i32c(8), I32_MUL, i32c(LIST_IN), I32_ADD, SET, L.iend,
    BLOCK, VOID,
    GET, L.i, GET, L.iend, I32_GE_S, BR_IF, 0,
    LOOP, VOID,
    load,
    elem,
    GET, L.i, i32c(8), I32_ADD, TEE, L.i, GET, L.iend, I32_GE_S, BR_IF, 1,
    GET, L.o, i32c(0x2c), mem(I32_STORE8, 0),
    GET, L.o, i32c(1), I32_ADD, SET, L.o,
    BR, 0,
    END,
    END,
    GET, L.o, i32c(LIST_OUT), I32_SUB,
  ];
}

/** The module: memory "m"; "l"(n) writes the n doubles at LIST_IN, comma-separated, at LIST_OUT and returns the length. */
export function numberModule(): Uint8Array<ArrayBuffer> {
  const list = layout(1);
  const L = list.L;
  const listCode = listBody(L, [GET, L.i, mem(F64_LOAD, 3), SET, L.x], format(L));
  const ints = layout(2);
  const I = ints.L;
  const UNSIGNED = 1;
  // biome-ignore format: WebAssembly instructions, a step a line
  const intCode = listBody(I, [GET, I.i, mem(I64_LOAD, 3), SET, I.d], [
    // A negative int64: its sign, then its magnitude (as a uint64: 2^63 too).
    GET, UNSIGNED, I32_EQZ, GET, I.d, i64c(0n), I64_LT_S, I32_AND,
    IF, VOID,
    GET, I.o, i32c(0x2d), mem(I32_STORE8, 0),
    GET, I.o, i32c(1), I32_ADD, SET, I.o,
    i64c(0n), GET, I.d, I64_SUB, SET, I.d,
    END,
    intDigits(I),
  ]);
  return moduleBytes({
    functions: [
      { params: [I32], results: [I32], locals: list.types, code: flatten(listCode), export: "l" },
      { params: [I32, I32], results: [I32], locals: ints.types, code: flatten(intCode), export: "i" },
    ],
    memoryPages: PAGES,
    memoryExport: "m",
  });
}

/** A double's shortest decimal as a power of ten: 10^p for p in [P_MIN, P_MAX], as 128-bit mantissas, scaled so the top bit is set and rounded up, each stored as (hi, lo) with the mantissa hi·2^64 - lo (lo = 0 when the low half is zero). */
export function powerTable(): BigUint64Array {
  const out = new BigUint64Array((P_MAX - P_MIN + 1) * 2);
  const put = (p: number, pm: bigint): void => {
    let hi = pm >> 64n;
    let lo = pm & 0xffffffffffffffffn;
    if (lo !== 0n) {
      hi += 1n;
      lo = (1n << 64n) - lo;
    }
    out[(p - P_MIN) * 2] = hi;
    out[(p - P_MIN) * 2 + 1] = lo;
  };
  // lp = floor(log2(10^p)); the mantissa is 10^p · 2^(127 - lp), rounded up.
  let pow = 1n;
  for (let p = 0; p <= P_MAX; p++, pow *= 10n) {
    const sh = 127 - ((p * 108853) >> 15);
    if (sh >= 0) put(p, pow << BigInt(sh));
    else {
      const low = (1n << BigInt(-sh)) - 1n;
      put(p, (pow >> BigInt(-sh)) + ((pow & low) === 0n ? 0n : 1n));
    }
  }
  pow = 10n;
  for (let p = -1; p >= P_MIN; p--, pow *= 10n) {
    const num = 1n << BigInt(127 - ((p * 108853) >> 15));
    const pm = num / pow;
    put(p, pm * pow === num ? pm : pm + 1n);
  }
  return out;
}

/**
 * The compiled writer: its memory's bytes, the doubles of a list call (at LIST_IN), and
 * `list(n)`, which writes the first n of them as a list body at LIST_OUT and returns its length.
 */
export interface NumberWasm {
  bytes: Uint8Array;
  doubles: Float64Array;
  list: (n: number) => number;
  /** The int64s of an int list call (at LIST_IN, over the doubles). */
  ints: BigInt64Array;
  /** Writes the first n of `ints` (as uint64s when `unsigned` is 1) as a list body at LIST_OUT; returns its length. */
  intList: (n: number, unsigned: number) => number;
}

/** The writer once made: undefined before the first call of numberWasmOrNull. */
let made: NumberWasm | null | undefined;

/** numberWasmOrNull returns the WebAssembly number writer, made at the first call; null where WebAssembly is unavailable or refused. */
export function numberWasmOrNull(): NumberWasm | null {
  if (made === undefined) made = make();
  return made;
}

function make(): NumberWasm | null {
  if (typeof WebAssembly !== "object") return null;
  try {
    const inst = new WebAssembly.Instance(new WebAssembly.Module(numberModule()), {});
    const e = inst.exports as unknown as {
      m: WebAssembly.Memory;
      l: NumberWasm["list"];
      i: NumberWasm["intList"];
    };
    const buf = e.m.buffer;
    // Little-endian words, as WebAssembly reads them on any host.
    const view = new DataView(buf);
    const table = powerTable();
    for (let i = 0; i < table.length; i++) view.setBigUint64(TABLE + 8 * i, table[i] as bigint, true);
    for (let i = 0; i < 20; i++) view.setBigUint64(SMALL + 8 * i, 10n ** BigInt(i), true);
    return {
      bytes: new Uint8Array(buf),
      doubles: new Float64Array(buf, LIST_IN, LIST_MAX),
      list: e.l,
      ints: new BigInt64Array(buf, LIST_IN, LIST_MAX),
      intList: e.i,
    };
  } catch {
    return null;
  }
}
