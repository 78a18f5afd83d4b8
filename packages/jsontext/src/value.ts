/**
 * Value helpers over whole JSON texts (Go's jsontext.Value methods).
 */

import { ByteWriter } from "./byte-writer.js";
import { Decoder, type DecoderOptions } from "./decoder.js";
import { type EncoderOptions, resolveEncoderOptions } from "./encoder-options.js";
import { quoteRuneV2, SyntacticError } from "./errors.js";
import { compactValid, layoutValid, type ValidLayout } from "./layout-valid.js";
import { MAX_NESTING_DEPTH } from "./limits.js";
import { ReformatFailure, Reformatter, type ResolvedFormat, skipWs } from "./reformat.js";
import { reorderObjects } from "./reorder.js";
import { validateDocument } from "./validate-value.js";

/**
 * checkValid validates that data holds exactly one JSON value (surrounding whitespace
 * allowed) under Go's jsontext rules, returning the SyntacticError Go reports or null:
 * the value is read whole, as Go's Value.IsValid and Unmarshal into a jsontext.Value do
 * (ReadValue's texts, offsets and pointers, not SkipValue's token-by-token ones), then
 * anything after it is `invalid character 'x' after top-level value`.
 */
export function checkValid(data: Uint8Array | string, options?: DecoderOptions): SyntacticError | null {
  const bytes = typeof data === "string" ? textEncoder.encode(data) : data;
  const legacy = options?.flavour === "v1";
  const ok = validateDocument(
    bytes,
    options?.allowInvalidUTF8 ?? legacy,
    options?.allowDuplicateNames ?? legacy,
    options?.maxDepth ?? MAX_NESTING_DEPTH,
  );
  if (ok >= 0) return null;
  try {
    const d = new Decoder(bytes, options);
    if (d.peekKind() === "") return d.unexpectedEOF();
    d.readValue(); // on the error path only: the copy it makes does not matter
    d.checkEOF();
    return null;
  } catch (e) {
    if (SyntacticError.isInstance(e)) return e;
    throw e;
  }
}

/** valid reports whether data is exactly one valid JSON value (Go's jsontext.Value.IsValid; duplicate names and invalid UTF-8 rejected unless allowed). */
export function valid(data: Uint8Array | string, options?: DecoderOptions): boolean {
  return checkValid(data, options) === null;
}

const textEncoder = new TextEncoder();
const textDecoder = new TextDecoder();

/**
 * formatValue rewrites exactly one JSON value (surrounding whitespace allowed) under
 * resolved encoder options, as Go's jsontext.AppendFormat does with OmitTopLevelNewline.
 * Throws the SyntacticError Go's Encoder.WriteValue reports.
 */
export function formatValue(src: Uint8Array, fmt: ResolvedFormat): Uint8Array {
  // Options that keep strings and numbers as written only move whitespace: valid input is laid
  // out in one loop over its bytes; the Reformatter serves the rest and reports the errors.
  const fast = layoutOf(fmt);
  if (
    fast !== null &&
    validateDocument(src, fmt.allowInvalidUTF8, fmt.allowDuplicateNames, MAX_NESTING_DEPTH) >= 0
  )
    return fast === COMPACT ? compactValid(src) : layoutValid(src, fast);
  return reformatAll(src, fmt);
}

/** formatValue by the Reformatter, for any input and options (Go's errors for invalid input). */
export function reformatAll(src: Uint8Array, fmt: ResolvedFormat): Uint8Array {
  const out = new ByteWriter(src.length + 16);
  const r = new Reformatter(fmt, out);
  let n = skipWs(src, 0);
  try {
    n = r.value(src, n, 1);
  } catch (e) {
    if (e instanceof ReformatFailure) {
      throw new SyntacticError({ detail: e.detail, offset: e.pos, pointer: e.suffix(), code: e.code });
    }
    throw e;
  }
  n = skipWs(src, n);
  if (n < src.length) {
    throw new SyntacticError({
      detail: `invalid character ${quoteRuneV2(src, n)} after top-level value`,
      offset: n,
    });
  }
  const b = out.bytes();
  if (fmt.reorderRawObjects) reorderObjects(b);
  return b;
}

/** The layout that stands for "no whitespace at all" (compactValid). */
const COMPACT: ValidLayout = Object.freeze({
  multiline: false,
  prefix: new Uint8Array(0),
  indent: new Uint8Array(0),
  spaceAfterColon: false,
  spaceAfterComma: false,
  keepTrailingSpace: false,
});

/**
 * The layout of fmt when it keeps strings and numbers as written (no escaping added, nothing
 * canonicalized or reordered), so that valid input needs only its whitespace rewritten; else null.
 */
function layoutOf(fmt: ResolvedFormat): ValidLayout | null {
  if (
    !fmt.preserveRawStrings ||
    fmt.escapeForHTML ||
    fmt.escapeForJS ||
    fmt.canonicalizeRawInts ||
    fmt.canonicalizeRawFloats ||
    fmt.reorderRawObjects
  )
    return null;
  if (!fmt.multiline && !fmt.spaceAfterColon && !fmt.spaceAfterComma) return COMPACT;
  return {
    multiline: fmt.multiline,
    prefix: textEncoder.encode(fmt.indentPrefix),
    indent: textEncoder.encode(fmt.indent),
    spaceAfterColon: fmt.spaceAfterColon,
    spaceAfterComma: fmt.spaceAfterComma,
    keepTrailingSpace: false,
  };
}

function formatWith<T extends Uint8Array | string>(
  data: T,
  base: EncoderOptions,
  options?: EncoderOptions,
): T {
  const src = typeof data === "string" ? textEncoder.encode(data) : (data as Uint8Array);
  const out = formatValue(src, resolveEncoderOptions(base, options));
  return (typeof data === "string" ? textDecoder.decode(out) : out) as T;
}

const COMPACT_BASE: EncoderOptions = Object.freeze({
  allowDuplicateNames: true,
  allowInvalidUTF8: true,
  preserveRawStrings: true,
});
const INDENT_BASE: EncoderOptions = Object.freeze({ ...COMPACT_BASE, multiline: true });
const CANONICAL_BASE: EncoderOptions = Object.freeze({
  canonicalizeRawInts: true,
  canonicalizeRawFloats: true,
  reorderRawObjects: true,
});

/**
 * compact removes insignificant whitespace from one JSON value (Go's jsontext.Value.Compact:
 * strings and numbers are kept as written, duplicate names and invalid UTF-8 allowed).
 * options (e.g. escapeForHTML) are applied after those defaults. String in, string out.
 * Throws Go's SyntacticError. For v1's json.Compact use compactV1.
 */
export function compact<T extends Uint8Array | string>(data: T, options?: EncoderOptions): T {
  return formatWith(data, COMPACT_BASE, options);
}

/**
 * indent writes one JSON value with one element per line (Go's jsontext.Value.Indent:
 * indent "\t" and `": "` unless withIndent/withIndentPrefix/spaceAfterColon say otherwise;
 * empty objects and arrays stay `{}`/`[]`). For v1's json.Indent use indentV1.
 */
export function indent<T extends Uint8Array | string>(data: T, options?: EncoderOptions): T {
  return formatWith(data, INDENT_BASE, options);
}

/**
 * canonicalize writes one JSON value in the JSON Canonicalization Scheme (RFC 8785; Go's
 * jsontext.Value.Canonicalize): no whitespace, minimal string escaping, numbers as ES6
 * Number::toString of their float64 value, object members sorted by UTF-16 code units.
 * Duplicate names and invalid UTF-8 are errors.
 */
export function canonicalize<T extends Uint8Array | string>(data: T, options?: EncoderOptions): T {
  return formatWith(data, CANONICAL_BASE, options);
}
