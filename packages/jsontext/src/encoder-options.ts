/**
 * EncoderOptions: Go's jsontext encoding options in camelCase, resolved once into a
 * frozen ResolvedFormat at the API boundary.
 */
import { quotePolicy } from "./quote.js";
import type { ResolvedFormat } from "./reformat.js";

/** EncoderOptions configure an Encoder and the value helpers (Go's jsontext options). */
export interface EncoderOptions {
  /** Go's Multiline: one element per line, indented (defaults: indent "\t", spaceAfterColon true). Encoding only. */
  multiline?: boolean;
  /** Go's WithIndent: the indent (spaces and tabs only); implies multiline. Encoding only. */
  withIndent?: string;
  /** Go's WithIndentPrefix: the line prefix (spaces and tabs only); implies multiline. Encoding only. */
  withIndentPrefix?: string;
  /** Go's SpaceAfterColon: `"name": value`. Default false (true with multiline). Encoding only. */
  spaceAfterColon?: boolean;
  /** Go's SpaceAfterComma: `, ` between elements. Default false. Encoding only. */
  spaceAfterComma?: boolean;
  /** Go's EscapeForHTML: escape `<`, `>`, `&` in strings. Encoding only. */
  escapeForHTML?: boolean;
  /** Go's EscapeForJS: escape U+2028 and U+2029 in strings. Encoding only. */
  escapeForJS?: boolean;
  /** Go's AllowInvalidUTF8: write invalid UTF-8 as U+FFFD instead of failing. */
  allowInvalidUTF8?: boolean;
  /** Go's AllowDuplicateNames: do not check object member names for duplicates. */
  allowDuplicateNames?: boolean;
  /** Go's PreserveRawStrings: copy the strings of written raw values verbatim (escapes kept). */
  preserveRawStrings?: boolean;
  /** Go's CanonicalizeRawInts: integers of written raw values in canonical (ES6) form when ≥ 2^53. */
  canonicalizeRawInts?: boolean;
  /** Go's CanonicalizeRawFloats: fractions and exponents of written raw values in canonical (ES6) form. */
  canonicalizeRawFloats?: boolean;
  /** Go's ReorderRawObjects: sort the members of written raw objects by name (RFC 8785 order). */
  reorderRawObjects?: boolean;
  /** Go's OmitTopLevelNewline: no newline after each top-level value. Encoder only. */
  omitTopLevelNewline?: boolean;
}

function checkIndent(s: string, what: string): string {
  const t = s.replace(/^[ \t]+|[ \t]+$/g, "");
  if (t.length > 0) {
    const r = String.fromCodePoint(t.codePointAt(0)!);
    throw new TypeError(`json: invalid character '${r}' in ${what}`);
  }
  return s;
}

/** resolveEncoderOptions merges option objects (later win) into a frozen ResolvedFormat. */
export function resolveEncoderOptions(...list: (EncoderOptions | undefined)[]): ResolvedFormat {
  const o: EncoderOptions = {};
  for (const x of list)
    if (x) for (const [k, v] of Object.entries(x)) if (v !== undefined) (o as Record<string, unknown>)[k] = v;
  const multiline = o.multiline ?? (o.withIndent !== undefined || o.withIndentPrefix !== undefined);
  const escapeForHTML = o.escapeForHTML ?? false;
  const escapeForJS = o.escapeForJS ?? false;
  const allowInvalidUTF8 = o.allowInvalidUTF8 ?? false;
  return Object.freeze({
    multiline,
    indent: checkIndent(o.withIndent ?? "\t", "indent"),
    indentPrefix: checkIndent(o.withIndentPrefix ?? "", "indent prefix"),
    spaceAfterColon: o.spaceAfterColon ?? multiline,
    spaceAfterComma: o.spaceAfterComma ?? false,
    escapeForHTML,
    escapeForJS,
    allowInvalidUTF8,
    allowDuplicateNames: o.allowDuplicateNames ?? false,
    preserveRawStrings: o.preserveRawStrings ?? false,
    canonicalizeRawInts: o.canonicalizeRawInts ?? false,
    canonicalizeRawFloats: o.canonicalizeRawFloats ?? false,
    reorderRawObjects: o.reorderRawObjects ?? false,
    omitTopLevelNewline: o.omitTopLevelNewline ?? false,
    quote: quotePolicy("v2", { escapeHTML: escapeForHTML, escapeForJS, allowInvalidUTF8 }),
  });
}
