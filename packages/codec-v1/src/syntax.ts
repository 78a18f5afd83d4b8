/**
 * codec-v1's view of the syntax layer: Go v1's scanner and byte helpers come
 * from @gojson/jsontext (ScannerV1, checkValidV1, compactV1, indentV1,
 * htmlEscapeV1); this file only converts jsontext's SyntacticError (v1
 * flavour) into v1's own JsonSyntaxError class (Go's *json.SyntaxError, with
 * `value` for the destination), and exposes them under Go's names.
 */
import { SyntacticError } from "@gojson/jsontext";
import { checkValidV1, compactV1, htmlEscapeV1, indentV1, validV1 } from "./deps.js";
import { JsonSyntaxError } from "./errors.js";

export { MAX_NESTING_DEPTH, ScannerV1, ScanOp } from "./deps.js";

const utf8 = new TextEncoder();

/** v1's JsonSyntaxError for a syntax error of the v1 scanner (same text and offset). */
export function toV1SyntaxError(e: SyntacticError): JsonSyntaxError {
  return new JsonSyntaxError(e.detail, e.offset, { cause: e });
}

function rethrow(e: unknown): never {
  if (SyntacticError.isInstance(e)) throw toV1SyntaxError(e);
  throw e;
}

/** Go's checkValid: null when `data` is one valid JSON value, else Go's SyntaxError. */
export function checkValid(data: Uint8Array): JsonSyntaxError | null {
  const err = checkValidV1(data);
  return err === null ? null : toV1SyntaxError(err);
}

/** Go's json.Valid: whether `data` is one valid JSON value. */
export function valid(data: Uint8Array | string): boolean {
  return validV1(data);
}

/**
 * Go's appendCompact: `src` without insignificant space; with `escapeHTML`,
 * `<`, `>`, `&`, U+2028 and U+2029 are escaped (inside strings, the only
 * place valid JSON holds them). Throws Go's JsonSyntaxError.
 */
export function compactBytes(src: Uint8Array, escapeHTML: boolean): Uint8Array {
  let out: Uint8Array;
  try {
    out = compactV1(src);
  } catch (e) {
    rethrow(e);
  }
  return escapeHTML ? htmlEscapeV1(out) : out;
}

/** Go's json.Compact: `src` with insignificant space removed (throws Go's JsonSyntaxError). */
export function compact(src: Uint8Array | string): Uint8Array {
  return compactBytes(typeof src === "string" ? utf8.encode(src) : src, false);
}

/** Go's json.Indent: `src` re-indented with `prefix` and `indent` (throws Go's JsonSyntaxError). */
export function indent(src: Uint8Array | string, prefix: string, indentText: string): Uint8Array {
  try {
    return indentV1(src, prefix, indentText);
  } catch (e) {
    rethrow(e);
  }
}

/** Go's json.HTMLEscape: `<`, `>`, `&`, U+2028 and U+2029 escaped anywhere in `src`. */
export function htmlEscape(src: Uint8Array | string): Uint8Array {
  return htmlEscapeV1(src);
}
