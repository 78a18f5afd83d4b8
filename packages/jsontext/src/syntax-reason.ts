/**
 * Structured kinds of syntax errors: a stable reason, where it happened, and the
 * `GOJSON_ERR_...` code, derived from Go's error text (v1 and v2) so that callers can
 * render messages holding no bytes of the input.
 */

/** SyntacticErrorReason is the kind of a SyntacticError, independent of Go's text. */
export type SyntacticErrorReason =
  | "invalid-character"
  | "unexpected-eof"
  | "duplicate-name"
  | "invalid-utf8"
  | "invalid-escape"
  | "lone-surrogate"
  | "max-depth"
  | "name-not-string"
  | "missing-value"
  | "mismatched-delimiter"
  | "other";

/** SYNTAX_ERROR_CODES maps each SyntacticErrorReason to its stable code (trailing data has its own, see syntaxErrorCode). */
export const SYNTAX_ERROR_CODES: Readonly<Record<SyntacticErrorReason, string>> = Object.freeze({
  "invalid-character": "GOJSON_ERR_INVALID_CHARACTER",
  "unexpected-eof": "GOJSON_ERR_UNEXPECTED_EOF",
  "duplicate-name": "GOJSON_ERR_DUPLICATE_NAME",
  "invalid-utf8": "GOJSON_ERR_INVALID_UTF8",
  "invalid-escape": "GOJSON_ERR_INVALID_ESCAPE",
  "lone-surrogate": "GOJSON_ERR_LONE_SURROGATE",
  "max-depth": "GOJSON_ERR_MAX_DEPTH",
  "name-not-string": "GOJSON_ERR_NAME_NOT_STRING",
  "missing-value": "GOJSON_ERR_MISSING_VALUE",
  "mismatched-delimiter": "GOJSON_ERR_MISMATCHED_DELIMITER",
  other: "GOJSON_ERR_SYNTAX",
});

/** WHERE_TRAILING is the `where` of data after the top-level value (code GOJSON_ERR_TRAILING_DATA). */
export const WHERE_TRAILING = "after top-level value";

/** SyntaxKind is the structured form of a syntax error text. */
export interface SyntaxKind {
  readonly reason: SyntacticErrorReason;
  /** Where in the grammar, when Go's text says (e.g. `after top-level value`, `in string (expecting non-control character)`). */
  readonly where: string | undefined;
  readonly code: string;
}

const INVALID_CHAR = "invalid character '";
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F][0-9a-fA-F]{2}/;

/** classifySyntax derives the reason, where and code from Go's error text (v1 or v2 detail). */
export function classifySyntax(detail: string): SyntaxKind {
  if (detail.startsWith(INVALID_CHAR)) {
    // the quoted rune holds at least one char; its closing quote is the first "' " after it
    const close = detail.indexOf("' ", INVALID_CHAR.length + 1);
    const where = close < 0 ? undefined : detail.slice(close + 2);
    return {
      reason: "invalid-character",
      where,
      code: where === WHERE_TRAILING ? "GOJSON_ERR_TRAILING_DATA" : SYNTAX_ERROR_CODES["invalid-character"],
    };
  }
  switch (detail) {
    case "unexpected EOF":
    case "unexpected end of JSON input":
      return kind("unexpected-eof", undefined);
    case "duplicate object member name":
      return kind("duplicate-name", "in object");
    case "invalid UTF-8":
      return kind("invalid-utf8", "in string");
    case "exceeded max depth":
      return kind("max-depth", undefined);
    case "object member name must be a string":
      return kind("name-not-string", "in object");
    case "missing value after object name":
      return kind("missing-value", "after object name");
    case "mismatching structural token for object or array":
      return kind("mismatched-delimiter", undefined);
  }
  if (detail.startsWith("invalid surrogate pair")) return kind("lone-surrogate", "in string");
  if (detail.startsWith("invalid escape sequence")) {
    return kind(SURROGATE_ESCAPE.test(detail) ? "lone-surrogate" : "invalid-escape", "in string");
  }
  return kind("other", undefined);
}

function kind(reason: SyntacticErrorReason, where: string | undefined): SyntaxKind {
  return { reason, where, code: SYNTAX_ERROR_CODES[reason] };
}
