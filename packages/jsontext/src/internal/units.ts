/**
 * Strings built by the fast scanners: a string holding escapes or non-ASCII
 * text is gathered as UTF-16 code units in one shared buffer (UTF-8 decoded in
 * JavaScript, escapes resolved) and made a string by one native call. Node 20's
 * UTF-8 decoders (Buffer#toString, TextDecoder) cost about 5 ns a byte on text
 * that is not pure ASCII, plus a per-call overhead; decoding in the scan and
 * handing UTF-16 over costs a fraction of that.
 *
 * Not semver-stable: part of `@gojson/jsontext/internal`.
 */
import { Buffer } from "node:buffer";

/** Whether a Uint16Array lays its units out as UTF-16LE (then the buffer is read as utf16le text). */
const LE = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** Buffer#ucs2Slice (what toString("utf16le") calls, without its argument handling) when present. */
const ucs2 = (Buffer.prototype as { ucs2Slice?: (start: number, end: number) => string }).ucs2Slice;

/** Strings of at most this many units are concatenated char by char (cheaper than a native call). */
const SHORT = 8;
/** The shared buffer is dropped after a string longer than this (its memory goes back). */
export const MAX_KEPT = 1 << 16;
/** Units made into one string by String.fromCharCode at a time (big-endian hosts only). */
const CHUNK = 4096;

/** The shared code-unit buffer (and a Buffer over the same memory). */
let units = new Uint16Array(1024);
let unitBytes = Buffer.from(units.buffer);

/** ensure returns the shared buffer with room for n units (keeping its first `keep`). */
export function ensure(n: number, keep: number): Uint16Array {
  if (n <= units.length) return units;
  let size = units.length * 2;
  while (size < n) size *= 2;
  const grown = new Uint16Array(size);
  grown.set(units.subarray(0, keep));
  units = grown;
  unitBytes = Buffer.from(units.buffer);
  return units;
}

/** unitsText returns the string of the first n units of the shared buffer. */
export function unitsText(n: number): string {
  const u = units;
  let s: string;
  if (n <= SHORT) {
    s = "";
    for (let k = 0; k < n; k++) s += String.fromCharCode(u[k] as number);
    return s;
  }
  if (LE) s = ucs2 !== undefined ? ucs2.call(unitBytes, 0, n * 2) : unitBytes.toString("utf16le", 0, n * 2);
  else {
    s = "";
    for (let k = 0; k < n; k += CHUNK)
      s += String.fromCharCode.apply(null, u.subarray(k, Math.min(n, k + CHUNK)) as never);
  }
  if (units.length > MAX_KEPT) {
    units = new Uint16Array(1024);
    unitBytes = Buffer.from(units.buffer);
  }
  return s;
}
