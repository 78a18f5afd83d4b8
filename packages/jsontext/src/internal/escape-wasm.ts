/**
 * The long-string escaper of the byte paths' string writer (write-string-escaped.ts) as a small
 * WebAssembly function: a string's UTF-16 units, copied natively into its memory, encoded to
 * UTF-8 with the escapes in one pass, eight units at a time (one SIMD vector) while they are
 * ASCII that needs no escape. A JavaScript loop over typed arrays cannot be this tight: V8
 * checks each access again at each iteration (escape-utf16.ts, the fallback, costs about twice
 * as many instructions). The module is built here, instruction by instruction, so the package
 * ships no binary. Where WebAssembly or its SIMD is unavailable (`--jitless`, an x64 CPU
 * without SSE4.1), escaperOrNull() returns null and the writer escapes in JavaScript.
 *
 * Memory: the escape tables at 0 (per ASCII unit, without and with HTML escaping: ESCAPE_RAW,
 * ESCAPE_HTML), the SIMD lane constants at CONSTS, the units at UNITS, the output after them.
 *
 * Not semver-stable: part of `@gojson/jsontext/internal`.
 */
import {
  ESCAPE_HTML,
  ESCAPE_RAW,
  STRING_HTML,
  STRING_INVALID_BAIL,
  STRING_INVALID_RAW,
} from "./write-escapes.js";

/** Byte offset of the units in the module's memory (after the escape tables and the lane constants). */
export const UNITS = 512;
const PAGE = 1 << 16;

// Opcodes (WebAssembly core specification, section 5.4).
const BLOCK = 0x02;
const LOOP = 0x03;
const IF = 0x04;
const ELSE = 0x05;
const END = 0x0b;
const BR = 0x0c;
const BR_IF = 0x0d;
const RETURN = 0x0f;
const VOID = 0x40;
const GET = 0x20;
const SET = 0x21;
const TEE = 0x22;
const I32_LOAD8_U = 0x2d;
const I32_LOAD16_U = 0x2f;
const I32_STORE = 0x36;
const I32_STORE8 = 0x3a;
const I32_STORE16 = 0x3b;
const I32_CONST = 0x41;
const I32_EQZ = 0x45;
const I32_EQ = 0x46;
const I32_NE = 0x47;
const I32_LT_U = 0x49;
const I32_GT_U = 0x4b;
const I32_GE_U = 0x4f;
const I32_ADD = 0x6a;
const I32_SUB = 0x6b;
const I32_AND = 0x71;
const I32_OR = 0x72;
const I32_SHL = 0x74;
const I32_SHR_U = 0x76;
const I32_MUL = 0x6c;
const I32 = 0x7f;

/** Unsigned LEB128. */
function uleb(n: number): number[] {
  const out: number[] = [];
  do {
    let b = n & 0x7f;
    n >>>= 7;
    if (n !== 0) b |= 0x80;
    out.push(b);
  } while (n !== 0);
  return out;
}

/** Signed LEB128 of a 32-bit value. */
function sleb(v: number): number[] {
  const out: number[] = [];
  for (;;) {
    const b = v & 0x7f;
    v >>= 7;
    if ((v === 0 && (b & 0x40) === 0) || (v === -1 && (b & 0x40) !== 0)) {
      out.push(b);
      return out;
    }
    out.push(b | 0x80);
  }
}

const i32c = (v: number): number[] => [I32_CONST, ...sleb(v | 0)];
/** A memory access with its alignment (log2) and offset. */
const mem = (op: number, align: number, offset = 0): number[] => [op, align, offset];

/** A section: id, size, contents. */
const section = (id: number, body: number[]): number[] => [id, ...uleb(body.length), ...body];
/** A vector: count, items. */
const vec = (items: number[][]): number[] => [...uleb(items.length), ...items.flat()];

// Locals: parameters n (units), o (output offset), flags (the STRING_* mode); i32 i (the unit's byte
// offset), end, c, d, k, cb; v128 v.
const N = 0;
const O = 1;
const FLAGS = 2;
const I = 3;
const END_ = 4;
const C = 5;
const D = 6;
const K = 7;
/** Offset of the lane constants of the mode: CONSTS, or CONSTS + CONSTS_SIZE for HTML. */
const CB = 8;
const V = 9;

/**
 * Offset of the lane constants in memory, 16 bytes each: 0x20 (units below are control
 * characters), 0x60 (`v - 0x20 >= 0x60` unsigned: below 0x20 or from 0x80), `"`, `\\`, and `<`,
 * `>`, `&` for HTML (else `"` again). Read from memory in the loop: as locals, V8 makes them
 * again (a broadcast each) every time the loop is entered.
 */
const CONSTS = 256;
const CONST_LANES = [0x20, 0x60, 0x22, 0x5c];
const CONSTS_SIZE = 16 * 7;

/** SIMD instructions (prefix 0xfd, opcode as LEB128). */
const simd = (op: number): number[] => [0xfd, ...uleb(op)];
const V128_LOAD = 0;
const V128_OR = 80;
const V128_STORE64_LANE = 91;
const I8X16_NARROW_I16X8_U = 102;
const I16X8_EQ = 45;
const I16X8_GE_U = 54;
const I16X8_BITMASK = 132;
const I16X8_SUB = 145;
const I32_CTZ = 0x68;
const V128 = 0x7b;

/** The lane constant j of the mode, onto the stack. */
const lanesOf = (j: number): number[] => [GET, CB, ...simd(V128_LOAD), 0, 16 * j];
/** `v == lane constant j` (all ones where equal), onto the stack. */
const laneEq = (j: number): number[] => [GET, V, ...lanesOf(j), ...simd(I16X8_EQ)];

/** Writes `\u00XX` for the value on local C at o; o += 6. */
// biome-ignore format: WebAssembly instructions, a step a line
const escapeU00 = (): number[] => [
  GET, O, ...i32c(0x3030755c), // \u00
  ...mem(I32_STORE, 0),
  GET, O,
  // hex digit of c >> 4 (0…7), and of c & 15: v + '0' + (v > 9) * 39
  GET, C, ...i32c(4), I32_SHR_U, ...i32c(0x30), I32_ADD, GET, C, ...i32c(15), I32_AND, TEE, K,
  ...i32c(0x30), I32_ADD, GET, K, ...i32c(9), I32_GT_U, ...i32c(39), I32_MUL, I32_ADD, ...i32c(8),
  I32_SHL, I32_OR, ...mem(I32_STORE16, 0, 4),
  GET, O, ...i32c(6), I32_ADD, SET, O,
];

/** Writes six bytes at o: the word hi (`\u` and two hex digits), then the two digits lo computes; o += 6. */
// biome-ignore format: WebAssembly instructions, a step a line
const escapeUHigh = (hi: number, lo: number[]): number[] => [
  GET, O, ...i32c(hi), ...mem(I32_STORE, 0),
  GET, O, ...lo, ...mem(I32_STORE16, 0, 4),
  GET, O, ...i32c(6), I32_ADD, SET, O,
];

/** o += n. */
const advance = (n: number): number[] => [GET, O, ...i32c(n), I32_ADD, SET, O];

/** The function body: escape(n, o, flags) -> the output's end, or -1 (see Escaper). */
function body(): number[] {
  // biome-ignore format: WebAssembly instructions, a step a line
  const code = [
    // end = UNITS + 2n; i = UNITS; the lane constants
    GET, N, ...i32c(1), I32_SHL, ...i32c(UNITS), I32_ADD, SET, END_,
    ...i32c(UNITS), SET, I,
    ...i32c(CONSTS), GET, FLAGS, ...i32c(STRING_HTML), I32_AND, ...i32c(CONSTS_SIZE), I32_MUL,
    I32_ADD, SET, CB,
    LOOP, VOID,
    BLOCK, VOID,
    // The unit at i, if any: to the one-by-one path unless it is ASCII that needs no escape.
    GET, I, GET, END_, I32_GE_U, BR_IF, 0,
    GET, I, ...mem(I32_LOAD16_U, 1), TEE, C,
    ...i32c(0x80), I32_GE_U, BR_IF, 0,
    GET, C, GET, FLAGS, ...i32c(STRING_HTML), I32_AND, ...i32c(7), I32_SHL, I32_ADD,
    ...mem(I32_LOAD8_U, 0), BR_IF, 0,
    LOOP, VOID,
    // Eight units at a time while they are ASCII that needs no escape: if i + 16 > end, one by one.
    GET, I, ...i32c(16), I32_ADD, GET, END_, I32_GT_U, BR_IF, 1,
    GET, I, ...simd(V128_LOAD), 0, 0, SET, V,
    // Their low bytes stored first (o advances only over the clean ones; the rest is written over).
    GET, O, GET, V, GET, V, ...simd(I8X16_NARROW_I16X8_U), ...simd(V128_STORE64_LANE), 0, 0, 0,
    // k = bitmask of the lanes that need a look: below 0x20 or from 0x80, ", \, and <, >, & for HTML
    GET, V, ...lanesOf(0), ...simd(I16X8_SUB), ...lanesOf(1), ...simd(I16X8_GE_U), ...laneEq(2),
    ...simd(V128_OR), ...laneEq(3), ...simd(V128_OR), ...laneEq(4), ...simd(V128_OR), ...laneEq(5),
    ...simd(V128_OR), ...laneEq(6), ...simd(V128_OR), ...simd(I16X8_BITMASK), TEE, K,
    I32_EQZ, IF, VOID,
    ...advance(8),
    GET, I, ...i32c(16), I32_ADD, SET, I,
    BR, 1,
    END,
    // The first flagged lane: o += k, i += 2k.
    GET, K, I32_CTZ, TEE, K,
    GET, O, I32_ADD, SET, O,
    GET, K, ...i32c(1), I32_SHL, GET, I, I32_ADD, SET, I,
    BR, 1,
    END, // loop (eight units)
    END, // block
  ];
  // One unit: i >= end -> return o
  code.push(GET, I, GET, END_, I32_GE_U, IF, VOID, GET, O, RETURN, END);
  code.push(GET, I, ...mem(I32_LOAD16_U, 1), SET, C, GET, I, ...i32c(2), I32_ADD, SET, I);
  // biome-ignore format: WebAssembly instructions, a step a line
  code.push(
    GET, C, ...i32c(0x80), I32_LT_U, IF, VOID,
    // ASCII: k = table[c + (html ? 128 : 0)]
    GET, C, GET, FLAGS, ...i32c(STRING_HTML), I32_AND, ...i32c(7), I32_SHL, I32_ADD,
    ...mem(I32_LOAD8_U, 0), TEE, K,
    I32_EQZ, IF, VOID,
    GET, O, GET, C, ...mem(I32_STORE8, 0),
    ...advance(1),
    ELSE,
    GET, K, ...i32c(1), I32_EQ, IF, VOID,
    ...escapeU00(),
    ELSE,
    GET, O, GET, K, ...i32c(8), I32_SHL, ...i32c(0x5c), I32_OR, ...mem(I32_STORE16, 0),
    ...advance(2),
    END,
    END,
    BR, 1, // to the loop
    END,
  );
  // Two bytes.
  // biome-ignore format: WebAssembly instructions, a step a line
  code.push(
    GET, C, ...i32c(0x800), I32_LT_U, IF, VOID,
    GET, O, GET, C, ...i32c(6), I32_SHR_U, GET, C, ...i32c(0x3f), I32_AND, ...i32c(8), I32_SHL,
    I32_OR, ...i32c(0x80c0), I32_OR, ...mem(I32_STORE16, 0),
    ...advance(2),
    BR, 1,
    END,
  );
  // Three bytes (not a surrogate): U+2028, U+2029 escaped by JS.
  // biome-ignore format: WebAssembly instructions, a step a line
  code.push(
    GET, C, ...i32c(0xf800), I32_AND, ...i32c(0xd800), I32_NE, IF, VOID,
    // c is U+2028 or U+2029, and flags & STRING_JS (bit 1)
    GET, C, ...i32c(-2), I32_AND, ...i32c(0x2028), I32_EQ, GET, FLAGS, ...i32c(1), I32_SHR_U, I32_AND,
    IF, VOID,
    // \u20, then "28" or "29"
    ...escapeUHigh(0x3032755c, [
      GET, C, ...i32c(0x2028), I32_SUB, ...i32c(8), I32_SHL, ...i32c(0x3832), I32_ADD,
    ]),
    BR, 2,
    END,
    GET, O, GET, C, ...i32c(12), I32_SHR_U, GET, C, ...i32c(6), I32_SHR_U, ...i32c(0x3f), I32_AND,
    ...i32c(8), I32_SHL, I32_OR, GET, C, ...i32c(0x3f), I32_AND, ...i32c(16), I32_SHL, I32_OR,
    ...i32c(0x8080e0), I32_OR, ...mem(I32_STORE, 0),
    ...advance(3),
    BR, 1,
    END,
  );
  // A surrogate: d = next unit (0 at the end); a pair when c is high and d low.
  // biome-ignore format: WebAssembly instructions, a step a line
  code.push(
    ...i32c(0), SET, D,
    GET, I, GET, END_, I32_LT_U, IF, VOID,
    GET, I, ...mem(I32_LOAD16_U, 1), SET, D,
    END,
    GET, C, ...i32c(0xdc00), I32_LT_U, GET, D, ...i32c(0xfc00), I32_AND, ...i32c(0xdc00), I32_EQ,
    I32_AND, IF, VOID,
    // cp = 0x10000 + (c - 0xd800 << 10) + (d - 0xdc00), kept in k
    GET, C, ...i32c(0xd800), I32_SUB, ...i32c(10), I32_SHL, GET, D, ...i32c(0xdc00 - 0x10000),
    I32_SUB, I32_ADD, SET, K,
    GET, O, GET, K, ...i32c(18), I32_SHR_U, GET, K, ...i32c(12), I32_SHR_U, ...i32c(0x3f), I32_AND,
    ...i32c(8), I32_SHL, I32_OR, GET, K, ...i32c(6), I32_SHR_U, ...i32c(0x3f), I32_AND, ...i32c(16),
    I32_SHL, I32_OR, GET, K, ...i32c(0x3f), I32_AND, ...i32c(24), I32_SHL, I32_OR,
    ...i32c(0x808080f0), I32_OR, ...mem(I32_STORE, 0),
    ...advance(4),
    GET, I, ...i32c(2), I32_ADD, SET, I,
    BR, 1,
    END,
    // A lone surrogate: by the flags.
    GET, FLAGS, ...i32c(STRING_INVALID_BAIL), I32_AND, IF, VOID,
    ...i32c(-1), RETURN,
    END,
    GET, FLAGS, ...i32c(STRING_INVALID_RAW), I32_AND, IF, VOID,
    GET, O, ...i32c(0xbdbfef), ...mem(I32_STORE, 0),
    ...advance(3),
    ELSE,
    ...escapeUHigh(0x6666755c, i32c(0x6466)), // \ufffd
    END,
    BR, 0,
    END, // loop (top)
    // the function's value after the loop (not reached: the loop only exits by return)
    ...i32c(0),
  );
  code.push(END);
  return code;
}

/** The module: memory "m" and function "e" (escape) exported, the tables and lane constants as data at 0. */
function moduleBytes(): Uint8Array<ArrayBuffer> {
  const table = new Uint8Array(CONSTS + 2 * CONSTS_SIZE);
  table.set(ESCAPE_RAW);
  table.set(ESCAPE_HTML, 128);
  const lanes16 = new DataView(table.buffer);
  for (const [at, html] of [
    [CONSTS, false],
    [CONSTS + CONSTS_SIZE, true],
  ] as const) {
    const values = [...CONST_LANES, ...(html ? [0x3c, 0x3e, 0x26] : [0x22, 0x22, 0x22])];
    values.forEach((v, j) => {
      for (let l = 0; l < 8; l++) lanes16.setUint16(at + 16 * j + 2 * l, v, true);
    });
  }
  const locals = vec([
    [5, I32], // i, end, c, d, k
    [1, I32], // cb
    [1, V128], // v
  ]);
  const fn = [...locals, ...body()];
  const bytes = [
    ...[0x00, 0x61, 0x73, 0x6d], // "\0asm"
    ...[0x01, 0x00, 0x00, 0x00], // version 1
    ...section(1, vec([[0x60, ...vec([[I32], [I32], [I32]]), ...vec([[I32]])]])),
    ...section(3, vec([[0]])),
    ...section(5, vec([[0x00, 1]])), // memory: 1 page, no maximum
    ...section(
      7,
      vec([
        [...vec([[0x6d]]), 0x02, 0],
        [...vec([[0x65]]), 0x00, 0],
      ]),
    ), // exports "m", "e"
    ...section(10, vec([[...uleb(fn.length), ...fn]])),
    ...section(11, vec([[0x00, ...i32c(0), END, ...uleb(table.length), ...table]])),
  ];
  return Uint8Array.from(bytes);
}

/**
 * The compiled escaper: its memory, and escape(n, o, mode) -> the output's end, or -1 (a lone
 * surrogate with STRING_INVALID_BAIL).
 */
export interface Escaper {
  memory: WebAssembly.Memory;
  escape: (n: number, o: number, mode: number) => number;
}

/**
 * Strings longer than this (UTF-16 units) are escaped in JavaScript: the escaper's memory holds
 * eight bytes a unit (the units, the output) and never shrinks.
 */
export const ESCAPER_MAX_UNITS = 1 << 20;

/** The escaper once made: undefined before the first call of escaperOrNull. */
let made: Escaper | null | undefined;

/**
 * escaperOrNull returns the escaper, made at the first call; null where WebAssembly (or its SIMD)
 * is unavailable or refused.
 */
export function escaperOrNull(): Escaper | null {
  if (made === undefined) made = make();
  return made;
}

function make(): Escaper | null {
  if (typeof WebAssembly !== "object") return null;
  try {
    const inst = new WebAssembly.Instance(new WebAssembly.Module(moduleBytes()), {});
    const e = inst.exports as unknown as { m: WebAssembly.Memory; e: Escaper["escape"] };
    return { memory: e.m, escape: e.e };
  } catch {
    return null;
  }
}

/** growTo grows the escaper's memory to hold at least `bytes` (its buffer is then a new one). */
export function growTo(e: Escaper, bytes: number): void {
  const have = e.memory.buffer.byteLength;
  if (have < bytes) e.memory.grow(Math.ceil((bytes - have) / PAGE));
}
