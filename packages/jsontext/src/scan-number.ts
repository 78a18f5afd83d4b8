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
export function scanNumber(s: Uint8Array, p: number): number {
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
    i++;
    while (i < n && (c = s[i]!) >= 0x30 && c <= 0x39) i++;
  } else {
    return -1 - i;
  }
  if (i >= n) return i;
  c = s[i]!;
  if (c === 0x2e) {
    i++;
    if (i >= n || (c = s[i]!) < 0x30 || c > 0x39) return -1 - i;
    i++;
    while (i < n && (c = s[i]!) >= 0x30 && c <= 0x39) i++;
    if (i >= n) return i;
    c = s[i]!;
  }
  if (c === 0x65 || c === 0x45) {
    i++;
    if (i < n && ((c = s[i]!) === 0x2b || c === 0x2d)) i++;
    if (i >= n || (c = s[i]!) < 0x30 || c > 0x39) return -1 - i;
    i++;
    while (i < n && (c = s[i]!) >= 0x30 && c <= 0x39) i++;
  }
  return i;
}

/** numberError is Go's error for the number at start that scanNumber rejected at index i. */
export function numberError(s: Uint8Array, start: number, i: number): ScanError {
  // Go reports a truncated number at the number's start
  if (i >= s.length) return { pos: start, detail: "unexpected EOF" };
  return { pos: i, detail: `invalid character ${quoteRuneV2(s, i)} in number (expecting digit)` };
}
