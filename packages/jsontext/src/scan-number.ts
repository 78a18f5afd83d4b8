/**
 * The number token grammar (RFC 8259 §6): a tight scan and Go's error for a number
 * that does not parse.
 */
import { quoteRuneV2 } from "./errors.js";
import type { ScanError } from "./scan-string.js";

/**
 * scanNumber validates the number token at p (a '-' or a digit) and returns the index
 * after it, or `-1 - i` where i is the index of the byte that breaks the grammar
 * (numberError turns it into Go's error).
 */
export function scanNumber(s: Uint8Array, view: DataView, p: number): number {
  const n = s.length;
  let i = p;
  let c = s[i]!;
  if (c === 0x2d) {
    i++;
    if (i >= n) return -1 - i;
    c = s[i]!;
  }
  if (c === 0x30) {
    i++;
  } else if (c >= 0x31 && c <= 0x39) {
    i = skipDigits(s, view, i + 1);
  } else {
    return -1 - i;
  }
  if (i >= n) return i;
  c = s[i]!;
  if (c === 0x2e) {
    i++;
    if (i >= n || (c = s[i]!) < 0x30 || c > 0x39) return -1 - i;
    i = skipDigits(s, view, i + 1);
    if (i >= n) return i;
    c = s[i]!;
  }
  if (c === 0x65 || c === 0x45) {
    i++;
    if (i < n && ((c = s[i]!) === 0x2b || c === 0x2d)) i++;
    if (i >= n || (c = s[i]!) < 0x30 || c > 0x39) return -1 - i;
    i = skipDigits(s, view, i + 1);
  }
  return i;
}

/** skipDigits returns the index of the first non-digit at or after i (four digits at a time while it can). */
function skipDigits(s: Uint8Array, view: DataView, i: number): number {
  const n = s.length;
  while (i + 4 <= n) {
    // every byte 0x30..0x39: high nibble 3, and still 3 after adding 6
    const w = view.getInt32(i, true);
    if ((w & 0xf0f0f0f0) !== 0x30303030 || ((w + 0x06060606) & 0xf0f0f0f0) !== 0x30303030) break;
    i += 4;
  }
  let c = 0;
  while (i < n && (c = s[i]!) >= 0x30 && c <= 0x39) i++;
  return i;
}

/** numberError is Go's error for the number at start that scanNumber rejected at index i. */
export function numberError(s: Uint8Array, start: number, i: number): ScanError {
  // Go reports a truncated number at the number's start
  if (i >= s.length) return { pos: start, detail: "unexpected EOF" };
  return { pos: i, detail: `invalid character ${quoteRuneV2(s, i)} in number (expecting digit)` };
}
