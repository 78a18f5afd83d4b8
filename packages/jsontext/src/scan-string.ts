/**
 * The string token grammar (RFC 8259 §7 with Go's UTF-8 rules): a fast scan that
 * only says "valid, ends here" or "not valid", and the slow walk that finds Go's
 * exact error (offset and text) when the fast scan says no.
 */
import { HEX_VALUE, hasEscapedUTF16Prefix, hex4, STRING_STOP, utf8Size } from "./decoder-bytes.js";
import { invalidEscapeText, quoteRuneV2 } from "./errors.js";
import { isIncompleteUTF8 } from "./utf8.js";
import type { Utf8Watermark } from "./utf8-validate.js";

/** String token flag: the string has an escape sequence. */
export const F_ESC = 1;
/** String token flag: the string has a byte >= 0x80. */
export const F_NONASCII = 2;
/** String token flag: the string has invalid UTF-8 (only under allowInvalidUTF8). */
export const F_INVALID = 4;

const C_QUOTE = 0x22;
const C_BSLASH = 0x5c;

/** The flags (F_ESC | F_NONASCII | F_INVALID) of the string the last successful scanString read. */
export let scannedStringFlags = 0;

/**
 * scanString validates the string token whose opening quote is at p and returns the
 * index after its closing quote (its flags in scannedStringFlags), or -1 when the
 * string is not valid under the policy; stringError then says why, as Go does.
 */
export function scanString(
  s: Uint8Array,
  view: DataView,
  p: number,
  allowInvalid: boolean,
  utf8: Utf8Watermark,
): number {
  const n = s.length;
  let i = p + 1;
  let flags = 0;
  for (;;) {
    // four bytes at a time while none is a control, '"', '\\' or >= 0x80 (SWAR: each test sets a byte's top bit)
    while (i + 4 <= n) {
      const w = view.getInt32(i, true);
      const q = w ^ 0x22222222;
      const e = w ^ 0x5c5c5c5c;
      if (
        ((((w - 0x20202020) & ~w) | w | ((q - 0x01010101) & ~q) | ((e - 0x01010101) & ~e)) & 0x80808080) !==
        0
      )
        break;
      i += 4;
    }
    let c = 0;
    while (i < n && STRING_STOP[(c = s[i]!)] === 0) i++;
    if (i >= n) return -1;
    if (c === C_QUOTE) {
      scannedStringFlags = flags;
      return i + 1;
    }
    if (c === C_BSLASH) {
      flags |= F_ESC;
      do {
        if (i + 6 <= n && s[i + 1] === 0x75) {
          // \uXXXX outside the surrogates (most escapes): four hex digits, no value needed
          const h1 = HEX_VALUE[s[i + 3]!]!;
          if ((HEX_VALUE[s[i + 2]!]! | h1 | HEX_VALUE[s[i + 4]!]! | HEX_VALUE[s[i + 5]!]!) < 0) return -1;
          if ((s[i + 2]! | 0x20) !== 0x64 || h1 < 8) {
            i += 6;
            continue;
          }
        }
        i = skipEscape(s, i, allowInvalid);
        if (i < 0) return -1;
      } while (i < n && s[i] === C_BSLASH);
      continue;
    }
    if (c >= 0x80) {
      flags |= F_NONASCII;
      if (i < utf8.validEnd || (i >= utf8.checkedEnd && utf8.extend(s, i))) {
        // known valid UTF-8: skip the whole run of non-ASCII bytes
        const v = utf8.validEnd;
        const run = i;
        i++;
        while (i + 4 <= v) {
          const m = ~view.getInt32(i, true) & 0x80808080; // the ASCII bytes of the word
          if (m !== 0) {
            i += (31 - Math.clz32(m & -m)) >> 3; // to the first ASCII byte
            break;
          }
          i += 4;
        }
        while (i < v && s[i]! >= 0x80) i++;
        if (utf8.runs !== null) utf8.record(run, i);
        continue;
      }
      const size = utf8Size(s, i);
      if (size > 0) {
        if (utf8.runs !== null) utf8.record(i, i + size);
        i += size;
        continue;
      }
      if (!allowInvalid || isIncompleteUTF8(s, i)) return -1;
      flags |= F_INVALID;
      i++;
      continue;
    }
    return -1; // a control character
  }
}

/** skipEscape returns the index after the valid escape sequence at i (a backslash), or -1. */
function skipEscape(s: Uint8Array, i: number, allowInvalid: boolean): number {
  const n = s.length;
  if (i + 2 > n) return -1;
  switch (s[i + 1]!) {
    case 0x22:
    case 0x5c:
    case 0x2f:
    case 0x62:
    case 0x66:
    case 0x6e:
    case 0x72:
    case 0x74:
      return i + 2;
    case 0x75: {
      if (i + 6 > n) return -1;
      const v1 = hex4(s, i + 2);
      if (v1 < 0) return -1;
      i += 6;
      if (!allowInvalid && v1 >= 0xd800 && v1 <= 0xdfff) {
        if (i + 6 > n) return -1;
        const v2 = s[i]! === C_BSLASH && s[i + 1]! === 0x75 ? hex4(s, i + 2) : -1;
        if (v2 < 0 || v1 >= 0xdc00 || v2 < 0xdc00 || v2 > 0xdfff) return -1;
        i += 6;
      }
      return i;
    }
    default:
      return -1;
  }
}

/** ScanError is where a token is invalid and Go's text for it (without prefix, pointer or offset). */
export interface ScanError {
  pos: number;
  detail: string;
}

/**
 * stringError walks the string token at p byte by byte and returns Go's error for
 * its first problem (call it only when scanString returned -1).
 */
export function stringError(s: Uint8Array, p: number, allowInvalid: boolean): ScanError {
  const n = s.length;
  let i = p + 1;
  for (;;) {
    let c = 0;
    while (i < n && STRING_STOP[(c = s[i]!)] === 0) i++;
    if (i >= n) return { pos: n, detail: "unexpected EOF" };
    if (c === C_QUOTE) throw new Error("jsontext: stringError on a valid string");
    if (c === C_BSLASH) {
      const e = escapeError(s, i, allowInvalid);
      if (e !== null) return e;
      i = skipEscape(s, i, allowInvalid);
      continue;
    }
    if (c >= 0x80) {
      const size = utf8Size(s, i);
      if (size > 0) {
        i += size;
        continue;
      }
      if (isIncompleteUTF8(s, i)) return { pos: i, detail: "unexpected EOF" };
      if (!allowInvalid) return { pos: i, detail: "invalid UTF-8" };
      i++;
      continue;
    }
    return {
      pos: i,
      detail: `invalid character ${quoteRuneV2(s, i)} in string (expecting non-control character)`,
    };
  }
}

/** escapeError returns Go's error for the escape sequence at i (a backslash), or null when it is valid. */
function escapeError(s: Uint8Array, i: number, allowInvalid: boolean): ScanError | null {
  const n = s.length;
  if (i + 2 > n) return { pos: i, detail: "unexpected EOF" };
  const e = s[i + 1]!;
  if (e !== 0x75) return skipEscape(s, i, allowInvalid) < 0 ? escText(s, i, 2) : null;
  if (i + 6 > n) {
    if (hasEscapedUTF16Prefix(s, i, false)) return { pos: i, detail: "unexpected EOF" };
    return escText(s, i, -1);
  }
  const v1 = hex4(s, i + 2);
  if (v1 < 0) return escText(s, i, 6);
  if (allowInvalid || v1 < 0xd800 || v1 > 0xdfff) return null;
  const j = i + 6;
  if (j + 6 > n) {
    if (hasEscapedUTF16Prefix(s, j, true)) return { pos: i, detail: "unexpected EOF" };
    return escText(s, i, -1);
  }
  const v2 = s[j]! === C_BSLASH && s[j + 1]! === 0x75 ? hex4(s, j + 2) : -1;
  if (v2 < 0 || v1 >= 0xdc00 || v2 < 0xdc00 || v2 > 0xdfff) return escText(s, i, 12);
  return null;
}

/** escText is the invalid-escape error for the `len` bytes at i (-1: to the end of input). */
function escText(s: Uint8Array, i: number, len: number): ScanError {
  return { pos: i, detail: invalidEscapeText(s.subarray(i, len < 0 ? s.length : i + len)) };
}
