/**
 * Unescaping a validated string token (RFC 8259 §7) into a JS string: escape
 * sequences decoded, invalid UTF-8 and lone surrogates as U+FFFD (Go's rules).
 *
 * Time and memory are linear in the token: one pass decodes it into UTF-16
 * code units and one native call makes the string. A long token is first
 * counted (its code units, and whether all are below U+0100), then decoded
 * into a buffer of exactly that size — one byte per unit when they all fit,
 * so the string is a one-byte string — and the buffer is dropped after the
 * call. Peak memory for a token of n bytes that decodes to k units: the
 * buffer (k or 2k bytes) and the string (k or 2k bytes), never more than 4n.
 */
import { decodeValidUtf8, hex4, utf8Size } from "./decoder-bytes.js";
import { F_ESC, F_INVALID } from "./scan-string.js";
import { decodeStringBytes } from "./utf8.js";

const C_BSLASH = 0x5c;

/**
 * stringTokenText returns the value of the validated string token [a, b) (quotes
 * included) whose scan flags are given.
 */
export function stringTokenText(s: Uint8Array, a: number, b: number, flags: number): string {
  if ((flags & F_ESC) === 0) {
    if ((flags & F_INVALID) === 0) return decodeValidUtf8(s, a + 1, b - 1);
    return decodeStringBytes(s, a + 1, b - 1);
  }
  return unescapeString(s, a, b);
}

/** Strings up to this many bytes are unescaped into a shared buffer of UTF-16 code units (longer ones: see unescapeLong). */
const UNESCAPE_BUFFER = 512;
const units = new Uint16Array(UNESCAPE_BUFFER);

/** Units made into one string by String.fromCharCode at a time (where Buffer's decoders are missing). */
const CHUNK = 4096;

type BufferLike = { latin1Slice(a: number, b: number): string; ucs2Slice(a: number, b: number): string };
const NodeBuffer = (
  globalThis as unknown as { Buffer?: { from(b: ArrayBufferLike, o: number, n: number): BufferLike } }
).Buffer;
/** Whether a Uint16Array lays its units out as UTF-16LE (then Buffer#ucs2Slice reads it). */
const LE = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/**
 * decodeUnits decodes the validated string body s[i:end] into out from index 0 and returns
 * the number of units written (out has room: at most one unit a byte, two for a 4-byte sequence).
 */
function decodeUnits(s: Uint8Array, i: number, end: number, out: Uint16Array | Uint8Array): number {
  let k = 0;
  while (i < end) {
    const c = s[i]!;
    if (c === C_BSLASH) {
      const e = s[i + 1]!;
      if (e !== 0x75) {
        out[k++] = e === 0x62 ? 8 : e === 0x66 ? 12 : e === 0x6e ? 10 : e === 0x72 ? 13 : e === 0x74 ? 9 : e;
        i += 2;
        continue;
      }
      const v1 = hex4(s, i + 2);
      i += 6;
      if (v1 < 0xd800 || v1 > 0xdfff) {
        out[k++] = v1;
        continue;
      }
      if (v1 < 0xdc00 && i + 6 <= end && s[i] === C_BSLASH && s[i + 1] === 0x75) {
        const v2 = hex4(s, i + 2);
        if (v2 >= 0xdc00 && v2 <= 0xdfff) {
          out[k++] = v1;
          out[k++] = v2;
          i += 6;
          continue;
        }
      }
      out[k++] = 0xfffd;
      continue;
    }
    if (c < 0x80) {
      out[k++] = c;
      i++;
      continue;
    }
    const size = utf8Size(s, i);
    if (size === 0) {
      out[k++] = 0xfffd;
      i++;
    } else if (size === 2) {
      out[k++] = ((c & 0x1f) << 6) | (s[i + 1]! & 0x3f);
      i += 2;
    } else if (size === 3) {
      out[k++] = ((c & 0x0f) << 12) | ((s[i + 1]! & 0x3f) << 6) | (s[i + 2]! & 0x3f);
      i += 3;
    } else {
      const r =
        (((c & 0x07) << 18) | ((s[i + 1]! & 0x3f) << 12) | ((s[i + 2]! & 0x3f) << 6) | (s[i + 3]! & 0x3f)) -
        0x10000;
      out[k++] = 0xd800 | (r >> 10);
      out[k++] = 0xdc00 | (r & 0x3ff);
      i += 4;
    }
  }
  return k;
}

/**
 * unescapeString decodes a validated string token [a, b) (quotes included). Lone
 * surrogates become U+FFFD, and so does each byte of invalid UTF-8 (Go's rule).
 */
export function unescapeString(s: Uint8Array, a: number, b: number): string {
  if (b - a - 2 > UNESCAPE_BUFFER) return unescapeLong(s, a, b);
  // every byte gives at most one code unit (a 4-byte sequence two), so the buffer is large enough
  const k = decodeUnits(s, a + 1, b - 1, units);
  return String.fromCharCode.apply(null, units.subarray(0, k) as unknown as number[]);
}

/** Counts of {@link countUnits}: [0] the code units, [1] 1 when one is U+0100 or above. */
const COUNT = new Int32Array(2);

/** countUnits counts the code units the validated body s[i:end] decodes to (into COUNT). */
function countUnits(s: Uint8Array, i: number, end: number): void {
  let k = 0;
  let wide = 0;
  while (i < end) {
    const c = s[i]!;
    if (c < 0x80) {
      if (c !== C_BSLASH) {
        k++;
        i++;
        continue;
      }
      if (s[i + 1] !== 0x75) {
        k++;
        i += 2;
        continue;
      }
      const v1 = hex4(s, i + 2);
      i += 6;
      k++;
      if (v1 > 0xff) wide = 1;
      if (v1 >= 0xd800 && v1 < 0xdc00 && i + 6 <= end && s[i] === C_BSLASH && s[i + 1] === 0x75) {
        const v2 = hex4(s, i + 2);
        if (v2 >= 0xdc00 && v2 <= 0xdfff) {
          k++;
          i += 6;
        }
      }
      continue;
    }
    const size = utf8Size(s, i);
    // U+0080..U+00FF are the two-byte sequences led by C2 and C3; anything else is wider.
    if (size !== 2 || c > 0xc3) wide = 1;
    k += size === 4 ? 2 : 1;
    i += size === 0 ? 1 : size;
  }
  COUNT[0] = k;
  COUNT[1] = wide;
}

/**
 * unescapeLong is unescapeString for long tokens: counted, then decoded into a buffer of
 * exactly the size the string needs (see the file comment), made a string by one call.
 */
export function unescapeLong(s: Uint8Array, a: number, b: number): string {
  const end = b - 1;
  countUnits(s, a + 1, end);
  const k = COUNT[0]!;
  const wide = COUNT[1] === 1;
  const out = wide ? new Uint16Array(k) : new Uint8Array(k);
  decodeUnits(s, a + 1, end, out);
  if (NodeBuffer !== undefined && (!wide || LE)) {
    const buf = NodeBuffer.from(out.buffer, 0, out.byteLength);
    return wide ? buf.ucs2Slice(0, out.byteLength) : buf.latin1Slice(0, k);
  }
  let str = "";
  for (let j = 0; j < k; j += CHUNK)
    str += String.fromCharCode.apply(null, out.subarray(j, Math.min(k, j + CHUNK)) as unknown as number[]);
  return str;
}
