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
