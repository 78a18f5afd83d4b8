/**
 * Tables of the string writers (write-string-v1.ts, write-string-v2.ts): the
 * escape of each ASCII character (RFC 8259 section 7) and the hex digits Go
 * writes (lower case).
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

/** The hex digits by value, lower case as Go writes them. */
export const HEX_DIGIT = Uint8Array.from("0123456789abcdef", (c) => c.charCodeAt(0));

/** putEscapeU writes `\uXXXX` for UTF-16 unit c into b at p; returns the end. */
export function putEscapeU(b: Uint8Array, p: number, c: number): number {
  b[p] = 0x5c;
  b[p + 1] = 0x75;
  b[p + 2] = HEX_DIGIT[c >> 12] as number;
  b[p + 3] = HEX_DIGIT[(c >> 8) & 15] as number;
  b[p + 4] = HEX_DIGIT[(c >> 4) & 15] as number;
  b[p + 5] = HEX_DIGIT[c & 15] as number;
  return p + 6;
}
