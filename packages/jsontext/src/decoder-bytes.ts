/**
 * Byte-level helpers of the Decoder's scanner: hex digits, literals, Go's UTF-8
 * sequence rules, the string fast-scan table, and the one-byte (latin1) view of input.
 */
export function hexVal(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x61 && c <= 0x66) return c - 0x57;
  if (c >= 0x41 && c <= 0x46) return c - 0x37;
  return -1;
}

/** WS marks JSON whitespace bytes (RFC 8259: space, tab, line feed, carriage return). */
export const WS = (() => {
  const t = new Uint8Array(256);
  for (const c of [0x20, 0x09, 0x0a, 0x0d]) t[c] = 1;
  return t;
})();

/** STRING_STOP marks the bytes that end the fast scan of a string: controls, '"', '\\', and non-ASCII. */
export const STRING_STOP = (() => {
  const t = new Uint8Array(256);
  for (let c = 0; c < 0x20; c++) t[c] = 1;
  for (let c = 0x80; c < 0x100; c++) t[c] = 1;
  t[0x22] = 1;
  t[0x5c] = 1;
  return t;
})();

/** HEX_VALUE maps a byte to its hex digit value, or -1. */
export const HEX_VALUE = (() => {
  const t = new Int8Array(256).fill(-1);
  for (let c = 0; c < 256; c++) t[c] = hexVal(c);
  return t;
})();

/** hex4 returns the value of the four hex digits at i, or -1 (also past the end of s). */
export function hex4(s: Uint8Array, i: number): number {
  if (i + 4 > s.length) return -1;
  const a = HEX_VALUE[s[i]!]!;
  const b = HEX_VALUE[s[i + 1]!]!;
  const c = HEX_VALUE[s[i + 2]!]!;
  const d = HEX_VALUE[s[i + 3]!]!;
  if ((a | b | c | d) < 0) return -1;
  return (a << 12) | (b << 8) | (c << 4) | d;
}

export function hasEscapedUTF16Prefix(s: Uint8Array, from: number, lowerSurrogateHalf: boolean): boolean {
  for (let k = 0; from + k < s.length; k++) {
    const c = s[from + k]!;
    if (k === 0 && c !== 0x5c) return false;
    if (k === 1 && c !== 0x75) return false;
    if (k === 2 && lowerSurrogateHalf && c !== 0x64 && c !== 0x44) return false;
    if (k === 3 && lowerSurrogateHalf && !((c >= 0x63 && c <= 0x66) || (c >= 0x43 && c <= 0x46)))
      return false;
    if (k >= 2 && k < 6 && hexVal(c) < 0) return false;
  }
  return true;
}

export function hasLiteral(s: Uint8Array, p: number, lit: string): boolean {
  if (p + lit.length > s.length) return false;
  for (let i = 1; i < lit.length; i++) if (s[p + i] !== lit.charCodeAt(i)) return false;
  return true;
}

/** utf8Size returns the length of the valid UTF-8 sequence at i (a byte >= 0x80), or 0 if invalid (Go's rules). */
export function utf8Size(s: Uint8Array, i: number): number {
  const c0 = s[i]!;
  if (c0 < 0xc2 || c0 > 0xf4) return 0;
  const c1 = s[i + 1];
  if (c1 === undefined) return 0;
  if (c0 < 0xe0) return (c1 & 0xc0) === 0x80 ? 2 : 0;
  if (
    c0 === 0xe0
      ? c1 < 0xa0 || c1 > 0xbf
      : c0 === 0xed
        ? c1 < 0x80 || c1 > 0x9f
        : c0 === 0xf0
          ? c1 < 0x90 || c1 > 0xbf
          : c0 === 0xf4
            ? c1 < 0x80 || c1 > 0x8f
            : (c1 & 0xc0) !== 0x80
  )
    return 0;
  const c2 = s[i + 2];
  if (c2 === undefined || (c2 & 0xc0) !== 0x80) return 0;
  if (c0 < 0xf0) return 3;
  const c3 = s[i + 3];
  if (c3 === undefined || (c3 & 0xc0) !== 0x80) return 0;
  return 4;
}

type BufferLike = { latin1Slice(a: number, b: number): string; utf8Slice(a: number, b: number): string };
const NodeBuffer = (
  globalThis as unknown as { Buffer?: { from(b: ArrayBufferLike, o: number, n: number): BufferLike } }
).Buffer;
const latin1Decoder = new TextDecoder("latin1");

/**
 * LARGE_INPUT: inputs of more than `bytes` bytes are read without ever making one string of the
 * whole input (V8's strings stop at 2^29 - 24 characters): the Decoder slices each token on its
 * own, and the codecs leave their whole-input fast paths. Smaller inputs are mapped to one latin1
 * string whose slices give ASCII tokens (faster). Tests lower it to check the large-input path.
 */
export const LARGE_INPUT: { bytes: number } = { bytes: 256 * 1024 * 1024 };

/** latin1Text maps every byte to one char (bytes >= 0x80 are never sliced from it). */
export function latin1Text(b: Uint8Array): string {
  if (NodeBuffer) return NodeBuffer.from(b.buffer, b.byteOffset, b.length).latin1Slice(0, b.length);
  return latin1Decoder.decode(b);
}

const utf8Decoder = new TextDecoder("utf-8", { ignoreBOM: true });
/** Strings up to this many bytes are decoded by hand; longer ones by TextDecoder. */
const HAND_DECODE_MAX = 256;
const units = new Uint16Array(HAND_DECODE_MAX);

/**
 * decodeValidUtf8 decodes bytes [a, b), known to be valid UTF-8 (validated by the
 * scanner), to a JS string; short strings by hand into UTF-16 code units.
 */
export function decodeValidUtf8(s: Uint8Array, a: number, b: number): string {
  if (b - a > HAND_DECODE_MAX) {
    if (NodeBuffer) return NodeBuffer.from(s.buffer, s.byteOffset + a, b - a).utf8Slice(0, b - a);
    return utf8Decoder.decode(s.subarray(a, b));
  }
  let k = 0;
  let i = a;
  while (i < b) {
    const c = s[i]!;
    if (c < 0x80) {
      units[k++] = c;
      i++;
    } else if (c < 0xe0) {
      units[k++] = ((c & 0x1f) << 6) | (s[i + 1]! & 0x3f);
      i += 2;
    } else if (c < 0xf0) {
      units[k++] = ((c & 0x0f) << 12) | ((s[i + 1]! & 0x3f) << 6) | (s[i + 2]! & 0x3f);
      i += 3;
    } else {
      const r =
        (((c & 0x07) << 18) | ((s[i + 1]! & 0x3f) << 12) | ((s[i + 2]! & 0x3f) << 6) | (s[i + 3]! & 0x3f)) -
        0x10000;
      units[k++] = 0xd800 | (r >> 10);
      units[k++] = 0xdc00 | (r & 0x3ff);
      i += 4;
    }
  }
  return String.fromCharCode.apply(null, units.subarray(0, k) as unknown as number[]);
}

/** Four spaces as one little-endian 32-bit word. */
const SPACES4 = 0x20202020;

/**
 * skipWsRun returns the index of the first non-whitespace byte at or after p (or s.length),
 * reading runs of spaces four bytes at a time (indented JSON: a newline, then many spaces).
 * Call it once a whitespace byte was seen; the common compact case never enters it.
 */
export function skipWsRun(s: Uint8Array, view: DataView, p: number): number {
  const n = s.length;
  for (;;) {
    while (p + 4 <= n && view.getInt32(p, true) === SPACES4) p += 4;
    if (p >= n || WS[s[p]!] !== 1) return p;
    p++;
  }
}
