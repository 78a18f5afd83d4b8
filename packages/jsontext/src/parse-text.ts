/**
 * The text parseValue hands JSON.parse for validated UTF-8 input, made without TextDecoder
 * (whose UTF-8 decoding was parseValue's largest cost after validation):
 * - mostly-ASCII input becomes an ASCII string with every non-ASCII character (which a valid
 *   JSON text has only inside strings) written as its \uXXXX escape — JSON.parse gives the
 *   same values, and a one-byte string is a byte copy;
 * - mostly non-ASCII input is decoded to UTF-16 code units in one loop and made a string
 *   from those (a copy).
 */
import { decodeValidUtf8, latin1Text } from "./decoder-bytes.js";

type IsAscii = (b: Uint8Array) => boolean;

/** Node's `buffer.isAscii` (simdutf) when the runtime offers it, else a plain loop. */
const isAscii: IsAscii = (() => {
  const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  const mod = proc?.getBuiltinModule?.("node:buffer") as { isAscii?: IsAscii } | undefined;
  if (typeof mod?.isAscii === "function") return mod.isAscii;
  return (b: Uint8Array) => {
    for (let i = 0; i < b.length; i++) if (b[i]! >= 0x80) return false;
    return true;
  };
})();

/** ASCII_TEXT_MAX_SHARE: the text is escaped when at most 1/this of its bytes are non-ASCII (else decoded). */
export const ASCII_TEXT_MAX_SHARE = 4;

/** Spans of ASCII shorter than this are copied byte by byte (a subarray costs more). */
const SHORT_COPY = 32;

const HEX = Uint8Array.from("0123456789abcdef", (c) => c.charCodeAt(0));

/**
 * asciiEscapedText returns the text of the valid UTF-8 bytes b as an ASCII string, every
 * non-ASCII character written as \uXXXX (a pair for characters above U+FFFF); runs holds
 * [start, end) pairs (count ints in use) covering every byte >= 0x80 of b, each run made
 * of whole UTF-8 sequences. Returns null if the runs missed a non-ASCII byte.
 */
export function asciiEscapedText(b: Uint8Array, runs: Int32Array, count: number): string | null {
  // each sequence grows to 6 bytes (12 for a pair): 2-byte +4, 3-byte +3, 4-byte +8
  let extra = 0;
  for (let k = 0; k < count; k += 2) {
    const end = runs[k + 1]!;
    for (let i = runs[k]!; i < end; ) {
      const c = b[i]!;
      if (c < 0xe0) {
        extra += 4;
        i += 2;
      } else if (c < 0xf0) {
        extra += 3;
        i += 3;
      } else {
        extra += 8;
        i += 4;
      }
    }
  }
  const out = new Uint8Array(b.length + extra);
  let o = 0;
  let prev = 0;
  for (let k = 0; k < count; k += 2) {
    const a = runs[k]!;
    const end = runs[k + 1]!;
    if (a - prev > SHORT_COPY) {
      out.set(b.subarray(prev, a), o);
      o += a - prev;
    } else for (let i = prev; i < a; i++) out[o++] = b[i]!;
    for (let i = a; i < end; ) {
      const c = b[i]!;
      let u: number;
      if (c < 0xe0) {
        u = ((c & 0x1f) << 6) | (b[i + 1]! & 0x3f);
        i += 2;
      } else if (c < 0xf0) {
        u = ((c & 0x0f) << 12) | ((b[i + 1]! & 0x3f) << 6) | (b[i + 2]! & 0x3f);
        i += 3;
      } else {
        const r =
          (((c & 0x07) << 18) | ((b[i + 1]! & 0x3f) << 12) | ((b[i + 2]! & 0x3f) << 6) | (b[i + 3]! & 0x3f)) -
          0x10000;
        o = putEscape(out, o, 0xd800 | (r >> 10));
        u = 0xdc00 | (r & 0x3ff);
        i += 4;
      }
      o = putEscape(out, o, u);
    }
    prev = end;
  }
  out.set(b.subarray(prev), o);
  o += b.length - prev;
  // the runs come from the scanner; if one was missed the text would be wrong: check
  if (o !== out.length || !isAscii(out)) return null;
  return latin1Text(out);
}

function putEscape(out: Uint8Array, o: number, u: number): number {
  out[o] = 0x5c;
  out[o + 1] = 0x75;
  out[o + 2] = HEX[u >> 12]!;
  out[o + 3] = HEX[(u >> 8) & 15]!;
  out[o + 4] = HEX[(u >> 4) & 15]!;
  out[o + 5] = HEX[u & 15]!;
  return o + 6;
}

type Ucs2 = { ucs2Slice(a: number, b: number): string };
const NodeBuffer = (
  globalThis as unknown as { Buffer?: { from(b: ArrayBufferLike, o: number, n: number): Ucs2 } }
).Buffer;
/** UTF-16 code units in a Uint16Array are little-endian here (ucs2Slice reads them so). */
const LITTLE_ENDIAN = new Uint8Array(Uint16Array.of(1).buffer)[0] === 1;
/** UNITS_KEEP: the code-unit buffer is kept between calls up to this many units. */
const UNITS_KEEP = 1 << 20;
let units = new Uint16Array(1024);

/**
 * utf16Text decodes valid UTF-8 bytes to a string: code units in one loop, then one copy into
 * a string (Node), else TextDecoder.
 */
export function utf16Text(b: Uint8Array): string {
  const n = b.length;
  if (NodeBuffer === undefined || !LITTLE_ENDIAN) return decodeValidUtf8(b, 0, n);
  let u = units;
  if (u.length < n) {
    u = new Uint16Array(n);
    if (n <= UNITS_KEEP) units = u;
  }
  let k = 0;
  let i = 0;
  while (i < n) {
    const c = b[i]!;
    if (c < 0x80) {
      u[k++] = c;
      i++;
    } else if (c < 0xe0) {
      u[k++] = ((c & 0x1f) << 6) | (b[i + 1]! & 0x3f);
      i += 2;
    } else if (c < 0xf0) {
      u[k++] = ((c & 0x0f) << 12) | ((b[i + 1]! & 0x3f) << 6) | (b[i + 2]! & 0x3f);
      i += 3;
    } else {
      const r =
        (((c & 0x07) << 18) | ((b[i + 1]! & 0x3f) << 12) | ((b[i + 2]! & 0x3f) << 6) | (b[i + 3]! & 0x3f)) -
        0x10000;
      u[k++] = 0xd800 | (r >> 10);
      u[k++] = 0xdc00 | (r & 0x3ff);
      i += 4;
    }
  }
  return NodeBuffer.from(u.buffer, 0, k * 2).ucs2Slice(0, k * 2);
}
