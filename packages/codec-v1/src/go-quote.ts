/**
 * Go's strconv.Quote for error texts (`json: unknown field "role"`), written
 * for the v1 messages that embed `%q` of a key or of raw input bytes.
 */

const PRINTABLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S}]$/u;

/** Whether `r` is printable as Go's strconv.IsPrint decides (letters, marks, numbers, punctuation, symbols, ASCII space). */
export function isGoPrint(r: number): boolean {
  if (r < 0x80) return r >= 0x20 && r < 0x7f;
  if (r >= 0xd800 && r <= 0xdfff) return false;
  return PRINTABLE.test(String.fromCodePoint(r));
}

function hex(n: number, width: number): string {
  return n.toString(16).padStart(width, "0");
}

function escapeRune(r: number, quote: number): string {
  if (r === quote || r === 0x5c) return `\\${String.fromCharCode(r)}`;
  if (isGoPrint(r)) return String.fromCodePoint(r);
  switch (r) {
    case 7:
      return "\\a";
    case 8:
      return "\\b";
    case 12:
      return "\\f";
    case 10:
      return "\\n";
    case 13:
      return "\\r";
    case 9:
      return "\\t";
    case 11:
      return "\\v";
  }
  if (r < 0x20 || r === 0x7f) return `\\x${hex(r, 2)}`;
  if (r < 0x10000) return `\\u${hex(r, 4)}`;
  return `\\U${hex(r, 8)}`;
}

/** Go's strconv.Quote of a (well-formed) JavaScript string. */
export function goQuote(s: string): string {
  let out = '"';
  for (const ch of s) out += escapeRune(ch.codePointAt(0) as number, 0x22);
  return `${out}"`;
}

/**
 * Go's strconv.Quote of raw bytes: invalid UTF-8 bytes print as `\xNN`,
 * as `%q` of a []byte does.
 */
export function goQuoteBytes(b: Uint8Array): string {
  let out = '"';
  let i = 0;
  while (i < b.length) {
    const [r, n] = decodeRune(b, i);
    if (r === -1) out += `\\x${hex(b[i] as number, 2)}`;
    else out += escapeRune(r, 0x22);
    i += n;
  }
  return `${out}"`;
}

/** Go's scanner quoteChar: a byte shown as a rune between single quotes. */
export function quoteChar(c: number): string {
  if (c === 0x27) return "'\\''";
  if (c === 0x22) return "'\"'";
  return `'${escapeRune(c, 0x27)}'`;
}

/**
 * utf8.DecodeRune: returns [rune, size]; rune -1 with size 1 for an invalid
 * byte (Go's RuneError with width 1).
 */
export function decodeRune(b: Uint8Array, i: number): [number, number] {
  const c0 = b[i] as number;
  if (c0 < 0x80) return [c0, 1];
  const n = b.length - i;
  if (c0 < 0xc2 || c0 > 0xf4) return [-1, 1];
  const c1 = n > 1 ? (b[i + 1] as number) : -1;
  if (c0 < 0xe0) {
    if (c1 < 0x80 || c1 > 0xbf) return [-1, 1];
    return [((c0 & 0x1f) << 6) | (c1 & 0x3f), 2];
  }
  let lo = 0x80;
  let hi = 0xbf;
  if (c0 === 0xe0) lo = 0xa0;
  else if (c0 === 0xed) hi = 0x9f;
  else if (c0 === 0xf0) lo = 0x90;
  else if (c0 === 0xf4) hi = 0x8f;
  if (c1 < lo || c1 > hi) return [-1, 1];
  const c2 = n > 2 ? (b[i + 2] as number) : -1;
  if (c2 < 0x80 || c2 > 0xbf) return [-1, 1];
  if (c0 < 0xf0) return [((c0 & 0x0f) << 12) | ((c1 & 0x3f) << 6) | (c2 & 0x3f), 3];
  const c3 = n > 3 ? (b[i + 3] as number) : -1;
  if (c3 < 0x80 || c3 > 0xbf) return [-1, 1];
  return [((c0 & 0x07) << 18) | ((c1 & 0x3f) << 12) | ((c2 & 0x3f) << 6) | (c3 & 0x3f), 4];
}

/**
 * Decodes UTF-8 as Go converts bytes to runes: every invalid byte becomes one
 * U+FFFD (unlike TextDecoder, which replaces maximal subparts).
 */
export function decodeUtf8Lossy(b: Uint8Array, start = 0, end = b.length): string {
  let out = "";
  let i = start;
  let run = start;
  while (i < end) {
    const c = b[i] as number;
    if (c < 0x80) {
      i++;
      continue;
    }
    const [r, n] = decodeRune(b.subarray(0, end), i);
    if (r === -1) {
      out += utf8.decode(b.subarray(run, i));
      out += "\ufffd";
      i += 1;
      run = i;
    } else i += n;
  }
  return out + utf8.decode(b.subarray(run, end));
}

const utf8 = new TextDecoder();
