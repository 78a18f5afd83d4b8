/**
 * Long strings at the cursor (more code units than the shared buffer keeps):
 * the rest of the string is counted first (its code units, and whether all
 * are below U+0100), then decoded into a buffer of exactly that size — one
 * byte a unit when they all fit, so that the result is a one-byte string —
 * made a string by one native call and dropped. Peak memory for a string
 * that decodes to k units: the buffer (k or 2k bytes) and the string (k or
 * 2k bytes), with no doubling and no copy on growth; time is two linear
 * passes. Validation is the same as readString's (the count pass bails).
 *
 * Not semver-stable: part of `@gojson/jsontext/internal`.
 */
import { Buffer } from "node:buffer";
import { bail, C } from "./cursor.js";
import { ESCAPE, hex4 } from "./scan-string-tables.js";

/** Results of countRest: [0] the code units, [1] 1 when one is U+0100 or above. */
const COUNT = new Int32Array(2);

/**
 * countRest validates the string from index i to its closing quote and counts the code
 * units it decodes to (into COUNT); returns the index of the closing quote.
 */
function countRest(i: number): number {
  const b = C.b;
  const lenient = C.allowInvalidUTF8;
  let k = 0;
  let wide = 0;
  for (;;) {
    const c = b[i] as number;
    if (c >= 0x20 && c < 0x80 && c !== 0x22 && c !== 0x5c) {
      k++;
      i++;
      continue;
    }
    if (c === 0x22) break;
    if (c === 0x5c) {
      const e = b[i + 1] as number;
      if (e !== 0x75) {
        if ((ESCAPE[e] as number) < 0) bail();
        k++;
        i += 2;
        continue;
      }
      const r = hex4(b, i + 2);
      if (r < 0) bail();
      i += 6;
      k++;
      if (r > 0xff) wide = 1;
      if (r >= 0xd800 && r < 0xe000) {
        const r2 = r < 0xdc00 && b[i] === 0x5c && b[i + 1] === 0x75 ? hex4(b, i + 2) : -1;
        if (r2 >= 0xdc00 && r2 < 0xe000) {
          k++;
          i += 6;
        } else if (!lenient) bail();
      }
      continue;
    }
    if (c < 0x80) bail();
    // Well-formed UTF-8 (beginScan checked it): U+0080..U+00FF are led by C2 and C3.
    if (c > 0xc3) wide = 1;
    if (c < 0xe0) i += 2;
    else if (c < 0xf0) i += 3;
    else {
      i += 4;
      k++;
    }
    k++;
  }
  COUNT[0] = k;
  COUNT[1] = wide;
  return i;
}

/** decodeRange decodes the validated string bytes b[i:end] into out from index n. */
function decodeRange(i: number, end: number, out: Uint8Array | Uint16Array, n: number): void {
  const b = C.b;
  while (i < end) {
    const c = b[i] as number;
    if (c < 0x80) {
      if (c !== 0x5c) {
        out[n++] = c;
        i++;
        continue;
      }
      const e = b[i + 1] as number;
      if (e !== 0x75) {
        out[n++] = ESCAPE[e] as number;
        i += 2;
        continue;
      }
      const r = hex4(b, i + 2);
      i += 6;
      if (r >= 0xd800 && r < 0xe000) {
        const r2 = r < 0xdc00 && b[i] === 0x5c && b[i + 1] === 0x75 ? hex4(b, i + 2) : -1;
        if (r2 >= 0xdc00 && r2 < 0xe000) {
          out[n++] = r;
          out[n++] = r2;
          i += 6;
        } else out[n++] = 0xfffd;
      } else out[n++] = r;
    } else if (c < 0xe0) {
      out[n++] = ((c & 0x1f) << 6) | ((b[i + 1] as number) & 0x3f);
      i += 2;
    } else if (c < 0xf0) {
      out[n++] = ((c & 0x0f) << 12) | (((b[i + 1] as number) & 0x3f) << 6) | ((b[i + 2] as number) & 0x3f);
      i += 3;
    } else {
      const cp =
        ((c & 0x07) << 18) |
        (((b[i + 1] as number) & 0x3f) << 12) |
        (((b[i + 2] as number) & 0x3f) << 6) |
        ((b[i + 3] as number) & 0x3f);
      out[n++] = 0xd7c0 + (cp >> 10);
      out[n++] = 0xdc00 | (cp & 0x3ff);
      i += 4;
    }
  }
}

/** Whether a Uint16Array lays its units out as UTF-16LE (then Buffer's utf16le decoder reads it). */
const LE = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
/** Units made into one string by String.fromCharCode at a time (big-endian hosts only). */
const CHUNK = 4096;

/**
 * readLongRest finishes a string whose first n units are head[h:h+n] (decoded so far, or the
 * plain ASCII bytes before its first escape) and whose rest starts at index i; moves the
 * cursor past its closing quote and returns it.
 */
export function readLongRest(head: Uint16Array | Uint8Array, h: number, n: number, i: number): string {
  const end = countRest(i);
  const k = n + (COUNT[0] as number);
  let wide = COUNT[1] === 1;
  for (let j = 0; j < n && !wide; j++) if ((head[h + j] as number) > 0xff) wide = true;
  const out = wide ? new Uint16Array(k) : new Uint8Array(k);
  for (let j = 0; j < n; j++) out[j] = head[h + j] as number;
  decodeRange(i, end, out, n);
  C.p = end + 1;
  if (!wide) return Buffer.from(out.buffer, 0, k).toString("latin1");
  if (LE) return Buffer.from(out.buffer, 0, 2 * k).toString("utf16le");
  let s = "";
  for (let j = 0; j < k; j += CHUNK)
    s += String.fromCharCode.apply(null, out.subarray(j, Math.min(k, j + CHUNK)) as never);
  return s;
}
