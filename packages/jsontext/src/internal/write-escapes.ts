/**
 * Tables of the string writers (write-string-escaped.ts, write-string-v2.ts):
 * the escape of each ASCII character (RFC 8259 section 7), the hex digits Go
 * writes (lower case), and the `\uXXXX` writer.
 *
 * Not semver-stable: part of `@gojson/jsontext/internal`.
 */

/** Per ASCII character: 0 written as is, 1 written `\u00XX`, else the letter written after a backslash. */
export const ESCAPE_LETTER = new Uint8Array(0x80);
for (let c = 0; c < 0x20; c++) ESCAPE_LETTER[c] = 1;
ESCAPE_LETTER[0x08] = 0x62; // \b
ESCAPE_LETTER[0x09] = 0x74; // \t
ESCAPE_LETTER[0x0a] = 0x6e; // \n
ESCAPE_LETTER[0x0c] = 0x66; // \f
ESCAPE_LETTER[0x0d] = 0x72; // \r
ESCAPE_LETTER[0x22] = 0x22;
ESCAPE_LETTER[0x5c] = 0x5c;

/** Mode bit of the escaped writers: `<`, `>`, `&` written `\u003c`, `\u003e`, `\u0026` (EscapeForHTML). */
export const STRING_HTML = 1;
/** Mode bit: U+2028 and U+2029 written `\u2028`, `\u2029` (EscapeForJS; v1 always). */
export const STRING_JS = 2;
/** Mode bit: a lone surrogate written as U+FFFD's UTF-8 (json/v2's AllowInvalidUTF8); else `\ufffd` (v1). */
export const STRING_INVALID_RAW = 4;
/** Mode bit: a lone surrogate bails (json/v2 without AllowInvalidUTF8: the exact encoder reports it). */
export const STRING_INVALID_BAIL = 8;

/** Per ASCII character: ESCAPE_LETTER, and `<`, `>`, `&` written `\u00XX` when escaping for HTML. */
function escapeTable(html: boolean): Uint8Array {
  const t = new Uint8Array(0x80);
  t.set(ESCAPE_LETTER);
  if (html) t[0x3c] = t[0x3e] = t[0x26] = 1;
  return t;
}
/** ESCAPE_LETTER with `<`, `>`, `&` written `\u00XX` (STRING_HTML). */
export const ESCAPE_HTML = escapeTable(true);
/** ESCAPE_LETTER (copy of it: the tables of both modes are built alike). */
export const ESCAPE_RAW = escapeTable(false);

/** The hex digits by value, lower case as Go writes them. */
export const HEX_DIGIT = Uint8Array.from("0123456789abcdef", (c) => c.charCodeAt(0));

/** Per byte value, its two hex digits (lower case, as Go writes them) as a little-endian 16-bit word. */
const HEX_PAIR = new Uint16Array(0x100);
for (let i = 0; i < 0x100; i++)
  HEX_PAIR[i] = (HEX_DIGIT[i >> 4] as number) | ((HEX_DIGIT[i & 15] as number) << 8);

/**
 * putEscapeU writes `\uXXXX` for UTF-16 unit c at p through `view`, a DataView of the output
 * (two stores, not six); returns the end.
 */
export function putEscapeU(view: DataView, p: number, c: number): number {
  view.setInt32(p, 0x755c | ((HEX_PAIR[c >> 8] as number) << 16), true);
  view.setUint16(p + 4, HEX_PAIR[c & 0xff] as number, true);
  return p + 6;
}

/**
 * The three UTF-8 bytes of c (U+0800 to U+FFFF, not a surrogate) as a little-endian word, its
 * fourth byte 0: writers store it whole and write over that byte next (room is six a unit).
 */
export function utf8Word3(c: number): number {
  return 0x8080e0 | (c >> 12) | (((c >> 6) & 0x3f) << 8) | ((c & 0x3f) << 16);
}

/** The four UTF-8 bytes of code point cp (U+10000 and up) as a little-endian word. */
export function utf8Word4(cp: number): number {
  return (
    0x808080f0 | (cp >> 18) | (((cp >> 12) & 0x3f) << 8) | (((cp >> 6) & 0x3f) << 16) | ((cp & 0x3f) << 24)
  );
}
