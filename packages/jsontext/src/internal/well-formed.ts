/**
 * Well-formed UTF-16: a string without lone surrogates, the strings whose UTF-8
 * form is valid (what Go's v2 requires of text it writes or reads).
 *
 * Not semver-stable: part of `@gojson/jsontext/internal`.
 */

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** wellFormed reports whether s is well-formed UTF-16 (no lone surrogate), as String#isWellFormed. */
export function wellFormed(s: string): boolean {
  const f = (s as { isWellFormed?: () => boolean }).isWellFormed;
  return f !== undefined ? f.call(s) : !LONE_SURROGATE.test(s);
}
