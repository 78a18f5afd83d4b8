/**
 * Strings written by the byte paths as Go's v1 writes them (encoding/json's
 * appendString): `\b \f \n \r \t \" \\` short, other control characters as
 * `\u00XX`, `<`, `>`, `&` as `\u003c`… when the writer escapes for HTML,
 * U+2028 and U+2029 always escaped, and a lone surrogate (invalid UTF-8 once
 * encoded) as `\ufffd`: write-string-escaped.ts's writer in those modes.
 *
 * Not semver-stable: part of `@gojson/jsontext/internal`.
 */
import type { FastWriter } from "./fast-writer.js";
import { STRING_HTML, STRING_JS, writeStringEscaped } from "./write-string-escaped.js";

const V1_HTML = STRING_HTML | STRING_JS;
const V1 = STRING_JS;

/** writeStringV1 writes s as a JSON string with v1's escaping (`w.html`: `<`, `>`, `&` too). */
export function writeStringV1(w: FastWriter, s: string): void {
  writeStringEscaped(w, s, w.html ? V1_HTML : V1);
}
