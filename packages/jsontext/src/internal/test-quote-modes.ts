/**
 * Test helper: every mode of the escaped string writer (write-string-escaped.ts) with the
 * quoting policy of quote.ts it must equal, and that quoting as a value (BAIL where it throws).
 */
import { QUOTE_V1, QUOTE_V1_NO_HTML, quotePolicy, quoteString } from "../quote.js";
import { BAIL } from "./cursor.js";
import { STRING_HTML, STRING_INVALID_BAIL, STRING_INVALID_RAW, STRING_JS } from "./write-string-escaped.js";

/** The writer's mode for v2's policy with these options. */
export function v2Mode(html: boolean, js: boolean, invalid: boolean): number {
  return (
    (html ? STRING_HTML : 0) | (js ? STRING_JS : 0) | (invalid ? STRING_INVALID_RAW : STRING_INVALID_BAIL)
  );
}

/** Every mode of the escaped writer with the quoting it must equal (v1's: JS, and HTML or not, lone surrogates as \ufffd). */
export const QUOTE_MODES = [
  ...[0, 1, 2, 3, 4, 5, 6, 7].map((i) => ({
    name: `v2(html=${(i & 1) !== 0}, js=${(i & 2) !== 0}, allowInvalidUTF8=${(i & 4) !== 0})`,
    mode: v2Mode((i & 1) !== 0, (i & 2) !== 0, (i & 4) !== 0),
    policy: quotePolicy("v2", {
      escapeHTML: (i & 1) !== 0,
      escapeForJS: (i & 2) !== 0,
      allowInvalidUTF8: (i & 4) !== 0,
    }),
  })),
  { name: "v1", mode: STRING_HTML | STRING_JS, policy: QUOTE_V1 },
  { name: "v1NoHTML", mode: STRING_JS, policy: QUOTE_V1_NO_HTML },
];

/** quoteString of s, or BAIL where it throws. */
export function quoted(s: string, policy: Parameters<typeof quoteString>[1]): string | typeof BAIL {
  try {
    return quoteString(s, policy);
  } catch {
    return BAIL;
  }
}
