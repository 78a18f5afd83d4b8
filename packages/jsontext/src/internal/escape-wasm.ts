/**
 * The long-string escaper of the byte paths' string writer (write-string-escaped.ts) as a small
 * WebAssembly function: a string's UTF-16 units, copied natively into its memory, encoded to
 * UTF-8 with the escapes in one pass, eight units at a time (one SIMD vector) while none of them
 * needs an escape or is a surrogate. A vector of ASCII is narrowed to bytes. Units of one or two
 * UTF-8 bytes (up to U+07FF) have their bytes made in their lanes, packed in order by a byte
 * shuffle read from a table indexed by the mask of the two-byte lanes (as simdutf does); a run of
 * units of three bytes (U+0800 to U+FFFF) has its bytes interleaved by two fixed shuffles. Units
 * that need an escape, and surrogates, go one by one. A JavaScript loop over typed arrays cannot be this tight: V8 checks each
 * access again at each iteration (escape-utf16.ts, the fallback, costs several times as many
 * instructions). The module is built here, instruction by instruction, so the package ships no
 * binary. Where WebAssembly or its SIMD is unavailable (`--jitless`, an x64 CPU without SSE4.1),
 * escaperOrNull() returns null and the writer escapes in JavaScript.
 *
 * Memory: the escape tables at 0 (per ASCII unit, without and with HTML escaping: ESCAPE_RAW,
 * ESCAPE_HTML), the SIMD lane constants at COMMON and MODES, the shuffle table at PACK2, the
 * output at OUTPUT, the units after it (see unitsAt; then a 0 unit, the end mark).
 *
 * Not semver-stable: part of `@gojson/jsontext/internal`.
 */

import {
  ELSE,
  END,
  GET,
  I32,
  I32_ADD,
  I32_AND,
  I32_CTZ,
  I32_EQ,
  I32_EQZ,
  I32_GE_U,
  I32_GT_U,
  I32_LOAD8_U,
  I32_LOAD16_U,
  I32_LT_U,
  I32_MUL,
  I32_NE,
  I32_OR,
  I32_SHL,
  I32_SHR_U,
  I32_STORE,
  I32_STORE8,
  I32_STORE16,
  I32_SUB,
  I32_XOR,
  i32c,
  mem,
  moduleBytes,
  RETURN,
  SELECT,
  SET,
  TEE,
  uleb,
  VOID,
} from "./wasm-asm.js";
import {
  ESCAPE_HTML,
  ESCAPE_RAW,
  STRING_HTML,
  STRING_INVALID_BAIL,
  STRING_INVALID_RAW,
  STRING_JS,
} from "./write-escapes.js";

/** Byte offset of the lane constants every mode uses (16 bytes each, see the K_ indexes). */
const COMMON = 256;
/** Byte offset of the lane constants of each mode (STRING_HTML | STRING_JS), MODE_SIZE bytes a mode. */
const MODES = 512;
const MODE_SIZE = 128;
/** Byte offset of the shuffles that pack eight units of one or two UTF-8 bytes (16 bytes each). */
const PACK2 = 1024;
/** Byte offset of the output in the module's memory (after the tables and the lane constants). */
export const OUTPUT = PACK2 + 256 * 16;
const PAGE = 1 << 16;
/**
 * Strings of up to this many units have room for their output rounded up to a power of two: the
 * writer copies an output out through a view of the memory made once per size (see unitsAt).
 */
export const VIEW_MAX_UNITS = 1 << 13;

/**
 * unitsAt returns the byte offset where the escaper reads the n units of a string: after room
 * for its output (six bytes a unit, as `\u00XX`, and the last vector's stores past its end),
 * a power of two for strings of up to VIEW_MAX_UNITS units.
 */
export function unitsAt(n: number): number {
  const room = n * 6 + 32;
  return OUTPUT + (n <= VIEW_MAX_UNITS ? 1 << (32 - Math.clz32(room - 1)) : (room + 15) & ~15);
}

/** memoryFor returns the bytes the memory must hold for n units: the units, the end mark and the vector read past it. */
export const memoryFor = (n: number): number => unitsAt(n) + n * 2 + 32;

/** The v128 value type and `i32.popcnt` (not in wasm-asm.ts: only this module uses them). */
const V128 = 0x7b;
const I32_POPCNT = 0x69;

/**
 * An instruction's bytes, or a mark of structured control: the opening of a block, loop or if
 * (a label, named so a branch can say where it goes), its end, a branch to a label. assemble()
 * turns the marks into bytes, counting each branch's depth.
 */
type Item = number | { open: number; label: string } | { end: true } | { branch: number; to: string };
const block = (label: string): Item => ({ open: 0x02, label });
const loop = (label: string): Item => ({ open: 0x03, label });
const if_ = (label = ""): Item => ({ open: 0x04, label });
const end: Item = { end: true };
const br = (to: string): Item => ({ branch: 0x0c, to });
const brIf = (to: string): Item => ({ branch: 0x0d, to });

function assemble(items: Item[]): number[] {
  const out: number[] = [];
  const labels: string[] = [];
  for (const it of items) {
    if (typeof it === "number") out.push(it);
    else if ("open" in it) {
      out.push(it.open, VOID);
      labels.push(it.label);
    } else if ("end" in it) {
      if (labels.pop() === undefined) throw new Error("escape-wasm: end without a block");
      out.push(END);
    } else {
      const at = labels.lastIndexOf(it.to);
      if (at < 0) throw new Error(`escape-wasm: no label ${it.to}`);
      out.push(it.branch, ...uleb(labels.length - 1 - at));
    }
  }
  if (labels.length !== 0) throw new Error("escape-wasm: unclosed block");
  return out;
}

// Locals: parameters n (units), i (the unit's byte offset), flags (the STRING_* mode); i32 o
// (the output's byte offset), end, c, d, k, mb (the offset of the mode's lane constants), h (128
// when escaping for HTML: the offset of its escape table), m2, m3 (the lanes of two UTF-8 bytes or
// more, of three); v128 v (the units), x (the lanes of two bytes or more, as their sign bit), p, q
// (the units' UTF-8 bytes).
const N = 0;
const I = 1;
const FLAGS = 2;
const O = 3;
const END_ = 4;
const C = 5;
const D = 6;
const K = 7;
const MB = 8;
const H = 9;
const M2 = 10;
const M3 = 11;
const V = 12;
const X = 13;
const P = 14;
const Q = 15;

/** SIMD instructions (prefix 0xfd, opcode as LEB128). */
const simd = (op: number): number[] => [0xfd, ...uleb(op)];
const V128_LOAD = 0;
const V128_STORE = 11;
const I8X16_SHUFFLE = 13;
const I8X16_SWIZZLE = 14;
const I16X8_EQ = 45;
const V128_AND = 78;
const V128_OR = 80;
const V128_BITSELECT = 82;
const V128_STORE64_LANE = 91;
const I8X16_NARROW_I16X8_U = 102;
const I16X8_BITMASK = 132;
const I16X8_SHL = 139;
const I16X8_SHR_S = 140;
const I16X8_SHR_U = 141;
const I16X8_ADD_SAT_U = 144;
const I16X8_SUB_SAT_U = 147;

/**
 * The common lane constants, in order from COMMON (each value in all eight 16-bit lanes): 0x7f80
 * and 0x7800 (added with unsigned saturation, they set the sign bit of units from 0x80, from
 * 0x800), 0x801f (less a unit, with saturation, its sign is set for control characters), then
 * the masks and marks of the UTF-8 bytes.
 */
const COMMON_LANES = [0x7f80, 0x7800, 0x801f, 0x1f00, 0x3f, 0xc080, 0x80, 0xe0, 0xf800, 0xd800];
const K_FROM_80 = 0;
const K_FROM_800 = 1;
const K_CONTROL = 2;
const K_1F00 = 3;
const K_3F = 4;
const K_C080 = 5;
const K_80 = 6;
const K_E0 = 7;
const K_F800 = 8;
const K_D800 = 9;

/**
 * The lane constants of a mode, in order from its offset: `"`, `\\`, and `<`, `>`, `&` for HTML
 * (else `"` again); a mask and a value the units that are escaped for JS equal once masked
 * (U+2028, U+2029; else those of a surrogate, already looked at).
 */
function modeLanes(mode: number): number[] {
  const html = (mode & STRING_HTML) !== 0 ? [0x3c, 0x3e, 0x26] : [0x22, 0x22, 0x22];
  const js = (mode & STRING_JS) !== 0 ? [0xfffe, 0x2028] : [0xf800, 0xd800];
  return [0x22, 0x5c, ...html, ...js];
}
const M_QUOTE = 0;
const M_JS_MASK = 5;
const M_JS_VALUE = 6;

/** Common lane constant j onto the stack. */
const common = (j: number): number[] => [...i32c(0), ...simd(V128_LOAD), ...[0, ...uleb(COMMON + 16 * j)]];
/** `v == the mode's lane constant j` (all ones where equal). */
// biome-ignore format: WebAssembly instructions, a step a line
const modeEq = (j: number): number[] => [
  GET, V, GET, MB, ...simd(V128_LOAD), 0, ...uleb(16 * j), ...simd(I16X8_EQ),
];
/** An i16x8 shift of the vector on the stack. */
const shift = (op: number, by: number): number[] => [...i32c(by), ...simd(op)];

/** The lanes of v that need an escape as ASCII (their sign bit set): control characters, `"`, `\`, and `<`, `>`, `&` for HTML. */
// biome-ignore format: WebAssembly instructions, a step a line
const asciiFlags = (html: boolean): number[] => [
  ...common(K_CONTROL), GET, V, ...simd(I16X8_SUB_SAT_U),
  ...modeEq(M_QUOTE), ...simd(V128_OR),
  ...modeEq(M_QUOTE + 1), ...simd(V128_OR),
  ...(html ? [
    ...modeEq(M_QUOTE + 2), ...simd(V128_OR),
    ...modeEq(M_QUOTE + 3), ...simd(V128_OR),
    ...modeEq(M_QUOTE + 4), ...simd(V128_OR),
  ] : []),
];

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

/**
 * The function body of a mode's escaper (its STRING_HTML and STRING_JS bits: the vector tests
 * only what the mode escapes): escape(n, i, flags) -> the output's end, or -1 (see Escaper).
 */
function body(mode: number): number[] {
  const html = (mode & STRING_HTML) !== 0;
  // biome-ignore format: WebAssembly instructions, a step a line
  const code: Item[] = [
    // end = i + 2n, and a 0 unit there (a control character: every vector stops at it); o = OUTPUT
    GET, N, ...i32c(1), I32_SHL, GET, I, I32_ADD, TEE, END_, ...i32c(0), ...mem(I32_STORE16, 1),
    ...i32c(OUTPUT), SET, O,
    GET, FLAGS, ...i32c(STRING_HTML | STRING_JS), I32_AND, ...i32c(MODE_SIZE), I32_MUL, ...i32c(MODES),
    I32_ADD, SET, MB,
    GET, FLAGS, ...i32c(STRING_HTML), I32_AND, ...i32c(7), I32_SHL, SET, H,
    loop("top"),
    block("one"),
    // The unit at i: one by one if it needs a look (an escape, a surrogate, or the end mark).
    GET, I, ...mem(I32_LOAD16_U, 1), TEE, C, ...i32c(0x80), I32_LT_U, if_(),
    GET, C, GET, H, I32_ADD, ...mem(I32_LOAD8_U, 0), brIf("one"),
    ELSE,
    GET, C, ...i32c(0xf800), I32_AND, ...i32c(0xd800), I32_EQ, brIf("one"),
    GET, C, ...i32c(-2), I32_AND, ...i32c(0x2028), I32_EQ, GET, FLAGS, ...i32c(1), I32_SHR_U, I32_AND,
    brIf("one"),
    end,
    loop("eight"),
    GET, I, ...simd(V128_LOAD), 0, 0, SET, V,
    // m2 = the lanes from 0x80 (x: their sign bit)
    GET, V, ...common(K_FROM_80), ...simd(I16X8_ADD_SAT_U), TEE, X, ...simd(I16X8_BITMASK), TEE, M2,
    I32_EQZ, if_(),
    // ASCII: the low bytes stored; o advances over those before the first that needs a look.
    GET, O, GET, V, GET, V, ...simd(I8X16_NARROW_I16X8_U), ...simd(V128_STORE64_LANE), 0, 0, 0,
    ...asciiFlags(html), ...simd(I16X8_BITMASK), TEE, K,
    I32_EQZ, if_(),
    ...advance(8),
    GET, I, ...i32c(16), I32_ADD, SET, I,
    br("eight"),
    end,
    GET, K, I32_CTZ, TEE, C, GET, O, I32_ADD, SET, O,
    GET, C, ...i32c(1), I32_SHL, GET, I, I32_ADD, SET, I,
    br("one"),
    end,
    // k = the first lane that needs a look (8 if none): ASCII to escape, a surrogate, U+2028 or
    // U+2029 for JS.
    ...asciiFlags(html),
    GET, V, ...common(K_F800), ...simd(V128_AND), ...common(K_D800), ...simd(I16X8_EQ), ...simd(V128_OR),
    ...((mode & STRING_JS) !== 0 ? [
      GET, V, GET, MB, ...simd(V128_LOAD), 0, ...uleb(16 * M_JS_MASK), ...simd(V128_AND),
      GET, MB, ...simd(V128_LOAD), 0, ...uleb(16 * M_JS_VALUE), ...simd(I16X8_EQ), ...simd(V128_OR),
    ] : []),
    ...simd(I16X8_BITMASK), ...i32c(0x100), I32_OR, I32_CTZ, SET, K,
    // m3 = the lanes from 0x800
    GET, V, ...common(K_FROM_800), ...simd(I16X8_ADD_SAT_U), ...simd(I16X8_BITMASK), TEE, M3,
    ...i32c(0x100), I32_OR, I32_CTZ, TEE, C,
    if_(),
    // Units of one or two bytes up to the first of three (c) or k: 110aaaaa 10bbbbbb as the
    // lane's high and low bytes (the unit itself if ASCII), packed by the shuffle of m2.
    GET, K, GET, C, GET, K, GET, C, I32_LT_U, SELECT, SET, C,
    GET, O,
    GET, V, ...shift(I16X8_SHL, 2), ...common(K_1F00), ...simd(V128_AND),
    GET, V, ...common(K_3F), ...simd(V128_AND), ...simd(V128_OR), ...common(K_C080), ...simd(V128_OR),
    GET, V,
    GET, X, ...shift(I16X8_SHR_S, 15),
    ...simd(V128_BITSELECT),
    GET, M2, ...i32c(4), I32_SHL, ...simd(V128_LOAD), 0, ...uleb(PACK2),
    ...simd(I8X16_SWIZZLE),
    ...simd(V128_STORE), 0, 0,
    GET, M2, ...i32c(1), GET, C, I32_SHL, ...i32c(1), I32_SUB, I32_AND, I32_POPCNT, GET, C, I32_ADD,
    GET, O, I32_ADD, SET, O,
    ELSE,
    // A run of units of three bytes, up to k: 1110aaaa 10bbbbbb 10cccccc, the first bytes (q),
    // the middle and last ones (p) interleaved by two shuffles.
    GET, K, GET, M3, ...i32c(-1), I32_XOR, I32_CTZ, TEE, C, GET, K, GET, C, I32_LT_U, SELECT, SET, C,
    GET, V, ...common(K_3F), ...simd(V128_AND), ...common(K_80), ...simd(V128_OR),
    GET, V, ...shift(I16X8_SHR_U, 6), ...common(K_3F), ...simd(V128_AND), ...common(K_80), ...simd(V128_OR),
    ...simd(I8X16_NARROW_I16X8_U), SET, P,
    GET, V, ...shift(I16X8_SHR_U, 12), ...common(K_E0), ...simd(V128_OR), TEE, Q, GET, Q,
    ...simd(I8X16_NARROW_I16X8_U), SET, Q,
    GET, O, GET, P, GET, Q,
    ...simd(I8X16_SHUFFLE), 16, 8, 0, 17, 9, 1, 18, 10, 2, 19, 11, 3, 20, 12, 4, 21,
    ...simd(V128_STORE), 0, 0,
    GET, O, GET, P, GET, Q,
    ...simd(I8X16_SHUFFLE), 13, 5, 22, 14, 6, 23, 15, 7, 0, 0, 0, 0, 0, 0, 0, 0,
    ...simd(V128_STORE), 0, 16,
    GET, C, ...i32c(3), I32_MUL, GET, O, I32_ADD, SET, O,
    end,
    GET, C, ...i32c(1), I32_SHL, GET, I, I32_ADD, SET, I,
    // On with the vectors unless stopped by a unit that needs a look.
    GET, C, GET, K, I32_NE, GET, C, ...i32c(8), I32_EQ, I32_OR, brIf("eight"),
    end, // loop (eight units)
    end, // block: one unit
    // One unit: i >= end -> return o
    GET, I, GET, END_, I32_GE_U, if_(), GET, O, RETURN, end,
    GET, I, ...mem(I32_LOAD16_U, 1), SET, C, GET, I, ...i32c(2), I32_ADD, SET, I,
    GET, C, ...i32c(0x80), I32_LT_U, if_(),
    // ASCII: k = its escape in the mode's table
    GET, C, GET, H, I32_ADD, ...mem(I32_LOAD8_U, 0), TEE, K,
    I32_EQZ, if_(),
    GET, O, GET, C, ...mem(I32_STORE8, 0),
    ...advance(1),
    ELSE,
    GET, K, ...i32c(1), I32_EQ, if_(),
    ...escapeU00(),
    ELSE,
    GET, O, GET, K, ...i32c(8), I32_SHL, ...i32c(0x5c), I32_OR, ...mem(I32_STORE16, 0),
    ...advance(2),
    end,
    end,
    br("top"),
    end,
    // Two bytes.
    GET, C, ...i32c(0x800), I32_LT_U, if_(),
    GET, O, GET, C, ...i32c(6), I32_SHR_U, GET, C, ...i32c(0x3f), I32_AND, ...i32c(8), I32_SHL,
    I32_OR, ...i32c(0x80c0), I32_OR, ...mem(I32_STORE16, 0),
    ...advance(2),
    br("top"),
    end,
    // Three bytes (not a surrogate): U+2028, U+2029 escaped by JS.
    GET, C, ...i32c(0xf800), I32_AND, ...i32c(0xd800), I32_NE, if_(),
    // c is U+2028 or U+2029, and flags & STRING_JS (bit 1)
    GET, C, ...i32c(-2), I32_AND, ...i32c(0x2028), I32_EQ, GET, FLAGS, ...i32c(1), I32_SHR_U, I32_AND,
    if_(),
    // \u20, then "28" or "29"
    ...escapeUHigh(0x3032755c, [
      GET, C, ...i32c(0x2028), I32_SUB, ...i32c(8), I32_SHL, ...i32c(0x3832), I32_ADD,
    ]),
    br("top"),
    end,
    GET, O, GET, C, ...i32c(12), I32_SHR_U, GET, C, ...i32c(6), I32_SHR_U, ...i32c(0x3f), I32_AND,
    ...i32c(8), I32_SHL, I32_OR, GET, C, ...i32c(0x3f), I32_AND, ...i32c(16), I32_SHL, I32_OR,
    ...i32c(0x8080e0), I32_OR, ...mem(I32_STORE, 0),
    ...advance(3),
    br("top"),
    end,
    // A surrogate: d = next unit (the end mark, 0, at the end); a pair when c is high and d low.
    GET, I, ...mem(I32_LOAD16_U, 1), SET, D,
    GET, C, ...i32c(0xdc00), I32_LT_U, GET, D, ...i32c(0xfc00), I32_AND, ...i32c(0xdc00), I32_EQ,
    I32_AND, if_(),
    // cp = 0x10000 + (c - 0xd800 << 10) + (d - 0xdc00), kept in k
    GET, C, ...i32c(0xd800), I32_SUB, ...i32c(10), I32_SHL, GET, D, ...i32c(0xdc00 - 0x10000),
    I32_SUB, I32_ADD, SET, K,
    GET, O, GET, K, ...i32c(18), I32_SHR_U, GET, K, ...i32c(12), I32_SHR_U, ...i32c(0x3f), I32_AND,
    ...i32c(8), I32_SHL, I32_OR, GET, K, ...i32c(6), I32_SHR_U, ...i32c(0x3f), I32_AND, ...i32c(16),
    I32_SHL, I32_OR, GET, K, ...i32c(0x3f), I32_AND, ...i32c(24), I32_SHL, I32_OR,
    ...i32c(0x808080f0), I32_OR, ...mem(I32_STORE, 0),
    ...advance(4),
    GET, I, ...i32c(2), I32_ADD, SET, I,
    br("top"),
    end,
    // A lone surrogate: by the flags.
    GET, FLAGS, ...i32c(STRING_INVALID_BAIL), I32_AND, if_(),
    ...i32c(-1), RETURN,
    end,
    GET, FLAGS, ...i32c(STRING_INVALID_RAW), I32_AND, if_(),
    GET, O, ...i32c(0xbdbfef), ...mem(I32_STORE, 0),
    ...advance(3),
    ELSE,
    ...escapeUHigh(0x6666755c, i32c(0x6466)), // \ufffd
    end,
    br("top"),
    end, // loop (top)
    // the function's value after the loop (not reached: the loop only exits by return)
    ...i32c(0),
  ];
  return assemble(code);
}

/**
 * The shuffle table PACK2, by the mask of the eight lanes of two bytes: each lane's bytes in
 * UTF-8 order (the high byte, then the low one; the low one alone for ASCII).
 */
function packTable(): Uint8Array {
  const t = new Uint8Array(256 * 16).fill(0x80);
  for (let m = 0; m < 256; m++) {
    const row: number[] = [];
    for (let j = 0; j < 8; j++) row.push(...((m >> j) & 1 ? [2 * j + 1, 2 * j] : [2 * j]));
    t.set(row, 16 * m);
  }
  return t;
}

/** The module: memory "m" and the functions "e0" to "e3" (see Escaper) exported, the tables and lane constants as data at 0. */
function escaperModule(): Uint8Array<ArrayBuffer> {
  const data = new Uint8Array(OUTPUT);
  data.set(ESCAPE_RAW);
  data.set(ESCAPE_HTML, 128);
  const lanes16 = new DataView(data.buffer);
  const splat = (at: number, values: number[]) =>
    values.forEach((v, j) => {
      for (let l = 0; l < 8; l++) lanes16.setUint16(at + 16 * j + 2 * l, v, true);
    });
  splat(COMMON, COMMON_LANES);
  for (let mode = 0; mode < 4; mode++) splat(MODES + MODE_SIZE * mode, modeLanes(mode));
  data.set(packTable(), PACK2);
  // o, end, c, d, k, mb, h, m2, m3; v, x, p, q
  const locals = [...Array<number>(9).fill(I32), ...Array<number>(4).fill(V128)];
  return moduleBytes({
    functions: [0, 1, 2, 3].map((mode) => ({
      params: [I32, I32, I32],
      results: [I32],
      locals,
      code: body(mode),
      export: `e${mode}`,
    })),
    memoryPages: 1,
    memoryExport: "m",
    data: [{ offset: 0, bytes: data }],
  });
}

/**
 * The compiled escaper: its memory, and per mode & (STRING_HTML | STRING_JS) the function
 * escape(n, at, mode), which escapes the n units at `at` (unitsAt(n)) into the memory from OUTPUT
 * and returns the output's end, or -1 (a lone surrogate with STRING_INVALID_BAIL).
 */
export interface Escaper {
  memory: WebAssembly.Memory;
  byMode: ((n: number, at: number, mode: number) => number)[];
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
    const inst = new WebAssembly.Instance(new WebAssembly.Module(escaperModule()), {});
    const e = inst.exports as unknown as Record<string, unknown>;
    return {
      memory: e.m as WebAssembly.Memory,
      byMode: [e.e0, e.e1, e.e2, e.e3] as Escaper["byMode"],
    };
  } catch {
    return null;
  }
}

/** growTo grows the escaper's memory to hold at least `bytes` (its buffer is then a new one). */
export function growTo(e: Escaper, bytes: number): void {
  const have = e.memory.buffer.byteLength;
  if (have < bytes) e.memory.grow(Math.ceil((bytes - have) / PAGE));
}
