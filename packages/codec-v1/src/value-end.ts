/**
 * Framing a JSON value on bytes without parsing it: where the value that starts at a given byte
 * ends. The Decoder frames a value whole in its buffer this way before the fast path decodes it,
 * and a document past the longest string is cut into its elements (large-document.ts).
 */

/** isSpace reports whether c is JSON whitespace. */
export function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0d || c === 0x0a;
}

/**
 * valueEnd returns the end of the JSON value that starts at b[p], or -1 when b ends first
 * (jsontext's framing, shared with codec-v2; see its doc).
 */
export { valueEnd } from "@gojson/jsontext";
