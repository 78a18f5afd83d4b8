/**
 * mangle occasionally breaks a JSON text the way inputs break: truncated, trailing data, a BOM,
 * invalid UTF-8, bytes that matter to a scanner, a lone surrogate in a JS string, an extra level.
 */
import fc from "fast-check";
import type { Gen } from "./json-text.js";

/**
 * Bytes a scanner branches on: controls, quote, backslash, `u`, hex digits, UTF-8 continuation and
 * lead bytes, an encoded surrogate's lead (0xed), the last 4-byte lead (0xf4).
 */
const SCANNER_BYTES = [
  0x00, 0x09, 0x0a, 0x1f, 0x22, 0x5c, 0x75, 0x30, 0x66, 0x80, 0xbf, 0xc3, 0xe2, 0xed, 0xf0, 0xf4,
];

/** The text as UTF-8 bytes (mostly), or a JS string, often broken (see the module doc). */
export function mangle(g: Gen, text: string): Uint8Array | string {
  const bytes = new TextEncoder().encode(text);
  switch (g(fc.nat, 26)) {
    case 0:
      return bytes.subarray(0, g(fc.nat, bytes.length));
    case 1:
      return `${text} x`;
    case 2:
      return new Uint8Array([0xef, 0xbb, 0xbf, ...bytes]);
    case 3: {
      const b = Uint8Array.from(bytes);
      if (b.length > 0) b[g(fc.nat, b.length - 1)] = 0xff;
      return b;
    }
    case 4:
      return ` \n${text}\t `;
    case 5:
      return text;
    case 6: {
      const i = text.indexOf('"');
      return i < 0 ? text : `${text.slice(0, i + 1)}\ud800${text.slice(i + 1)}`;
    }
    case 7:
      return `[${text}]`;
    case 8:
    case 9: {
      const b = Uint8Array.from(bytes);
      for (let k = g(fc.integer, { min: 1, max: 3 }); k > 0 && b.length > 0; k--)
        b[g(fc.nat, b.length - 1)] = g(fc.constantFrom, ...SCANNER_BYTES);
      return b;
    }
    default:
      return bytes;
  }
}
