/**
 * The json/v2 entry points: marshal and unmarshal (their stream forms are in stream-read.ts and
 * stream-write.ts). A `GoType<T>` gives its values' TypeScript type: `unmarshal` returns `T`,
 * `marshal` takes `T`; an untyped `GoType` works with `unknown`.
 */
import type { GoType } from "@gojson/gotype";
import { Decoder } from "@gojson/jsontext";
import { LARGE_INPUT } from "@gojson/jsontext/internal";
import { checkGoType, checkInput } from "./argument-errors.js";
import {
  JsonError,
  marshalWritten,
  partialOf,
  SemanticError,
  SyntacticError,
  setErrorValue,
  setMarshalPartial,
  syntacticError,
} from "./errors.js";
import { zero } from "./go-values.js";
import { finishInvalidValue, InvalidValueError } from "./invalid-value.js";
import { unmarshalLargeArray } from "./large-array.js";
import { legacySyntaxError, transformMarshalError, transformUnmarshalError } from "./legacy-errors.js";
import { resetState, restoreState } from "./marshal-deep.js";
import { fastEncoderFor, fastMarshal } from "./marshal-fast.js";
import { utf8Bytes } from "./marshal-fast-bytes.js";
import { encoderFor } from "./marshal-plan.js";
import { type Options, type OptionsInput, type ResolvedOptions, resolveOptions } from "./options.js";
import { indentCompact } from "./raw.js";
import { encodeKeepingInvalid, rawBytesUse, withoutEscapes } from "./raw-bytes.js";
import { Reader } from "./reader.js";
import { NO_FAST, unmarshalFast } from "./unmarshal-fast.js";
import { decoderFor } from "./unmarshal-plan.js";

/** Options of unmarshal: codec-v2's options, with `into` (the existing value to decode into) typed as the destination. */
export type UnmarshalOptions<T = unknown> = Options & { into?: T };

/** What unmarshal takes as options: one object, or several joined in order (later ones win). */
export type UnmarshalOptionsInput<T = unknown> =
  | UnmarshalOptions<T>
  | readonly (UnmarshalOptions<T> | undefined)[]
  | undefined;

/** @internal splitInto takes `into` out of unmarshal's options: the destination and the other options. */
export function splitInto(options: UnmarshalOptionsInput): {
  into: unknown;
  hasInto: boolean;
  rest: OptionsInput;
} {
  let into: unknown;
  let hasInto = false;
  const list = (Array.isArray(options) ? options : [options]) as (UnmarshalOptions | undefined)[];
  for (const x of list) {
    if (x && Object.hasOwn(x, "into")) {
      into = x.into;
      hasInto = true;
    }
  }
  if (!hasInto) return { into, hasInto, rest: options as OptionsInput };
  const rest = list.map((x) => {
    if (!x || !Object.hasOwn(x, "into")) return x;
    const { into: _, ...r } = x;
    return r;
  });
  return { into, hasInto, rest };
}

/** @internal joinInput takes `into` out of unmarshal's options and resolves the rest. */
export function joinInput(options: UnmarshalOptionsInput): {
  o: ResolvedOptions;
  into: unknown;
  hasInto: boolean;
} {
  const { into, hasInto, rest } = splitInto(options);
  return { o: resolveOptions(rest), into, hasInto };
}

/**
 * toDepthError turns a JS stack overflow (a deeply recursive *typed* value; `any` values are
 * encoded iteratively) into jsontext's depth error.
 */
function toDepthError(e: unknown): unknown {
  if (e instanceof RangeError && /call stack/i.test(e.message))
    return syntacticError("exceeded max depth", 0);
  return e;
}

/**
 * marshalToString returns the JSON encoding of value as a string (Go's json/v2 Marshal). A value
 * that does not fit its Go type is an InvalidValueError.
 */
export function marshalToString<T>(type: GoType<T>, value: NoInfer<T>, options?: OptionsInput): string {
  checkGoType("marshalToString", type);
  const o = resolveOptions(options);
  // The fast path (no user methods) gives the text, or undefined: the exact encoder then gives it or Go's error.
  let s = fastMarshal.enabled ? fastEncoderFor(type, o)?.text(value) : undefined;
  if (s === undefined) {
    const c0 = rawBytesUse.count;
    s = marshalExact(type, value, o);
    // A string holds no invalid UTF-8: raw bytes Go writes as they are become U+FFFD here.
    if (rawBytesUse.count !== c0) s = withoutEscapes(s);
  }
  return reformat(s, o);
}

/** reformat applies the multiline and space options to compact output. */
function reformat(s: string, o: ResolvedOptions): string {
  const f = o.flags;
  if (f.multiline || f.spaceAfterColon || f.spaceAfterComma)
    return indentCompact(s, o.indentPrefix, o.indent, f.spaceAfterColon, f.spaceAfterComma, f.multiline);
  return s;
}

function marshalExact(type: GoType, value: unknown, o: ResolvedOptions): string {
  let s: string;
  const saved = resetState();
  try {
    s = encoderFor(type, o)(value);
  } catch (e) {
    // A value that does not fit its Go type is ours, not Go's: the same error under every option.
    if (InvalidValueError.isInstance(e)) throw finishInvalidValue(e, type, o.goVersion);
    // Go's v1 API on the v2 engine converts errors to v1's types and texts.
    if (o.flags.reportErrorsWithLegacySemantics) throw transformMarshalError(toDepthError(e), o.rules);
    const err = toDepthError(e);
    // json/v2's Marshal returns the bytes written before the error with it: `err.partial`.
    const written = marshalWritten(err);
    // Go writes whitespace with the token after it: its output never ends in indentation.
    if (written !== undefined)
      setMarshalPartial(err, utf8Bytes(reformat(written, o).replace(/[ \t\n]+$/, "")));
    throw err;
  } finally {
    restoreState(saved);
  }
  return s;
}

/**
 * marshal returns the JSON encoding of value as Go's json/v2 Marshal does for the same Go type.
 * Throws SemanticError or SyntacticError with Go's text; a value that does not fit its Go type
 * (a string for an int64, a missing field, a plain object for a map) is an InvalidValueError
 * naming its Go path, thrown before any output is returned.
 */
export function marshal<T>(type: GoType<T>, value: NoInfer<T>, options?: OptionsInput): Uint8Array {
  checkGoType("marshal", type);
  const o = resolveOptions(options);
  const f = o.flags;
  const fast = fastMarshal.enabled ? fastEncoderFor(type, o) : undefined;
  if (fast !== undefined) {
    if (!(f.multiline || f.spaceAfterColon || f.spaceAfterComma)) {
      const b = fast.bytes(value);
      if (b !== undefined) return b;
    } else {
      const s = fast.text(value);
      if (s !== undefined) return utf8Bytes(reformat(s, o));
    }
  }
  const c0 = rawBytesUse.count;
  const s = reformat(marshalExact(type, value, o), o);
  // Raw values holding invalid UTF-8 (written byte for byte under v1 semantics) carry escaped bytes.
  return rawBytesUse.count === c0 ? utf8Bytes(s) : encodeKeepingInvalid(s);
}

/**
 * unmarshal decodes data into a value of `type` as Go's json/v2 Unmarshal does and returns it.
 * With `into`, decodes into that existing value with v2's merge rules (objects merge, everything else is replaced).
 * On error the thrown error's `value` holds what the destination holds.
 */
export function unmarshal<T>(
  type: GoType<T>,
  data: Uint8Array | string,
  options?: UnmarshalOptionsInput<NoInfer<T>>,
): T {
  checkGoType("unmarshal", type);
  checkInput("unmarshal", data);
  const { o, into, hasInto } = joinInput(options as OptionsInput);
  // Inputs past jsontext's LARGE_INPUT go to the exact engine, which never makes one string of the
  // whole input (the fast path maps it to a one-byte string; V8's strings stop at 2^29 - 24 chars).
  if (!hasInto && !longTopLevelString(data)) {
    // The optimistic path; it gives up on anything unusual and the exact engine below decides. A
    // large array into a slice is decoded element by element by the same path (large-array.ts).
    const v =
      typeof data === "string" || data.length <= LARGE_INPUT.bytes
        ? unmarshalFast(type, data, o)
        : unmarshalLargeArray(type, data, o);
    if (v !== NO_FAST) return v as T;
  }
  const r = new Reader(data, o.flags.allowDuplicateNames, o.flags.allowInvalidUTF8);
  try {
    return run(type, o, r, hasInto ? into : zero(type), true) as T;
  } catch (e) {
    throw stringLimitError(e);
  }
}

/**
 * Inputs of at least this many bytes (or characters) whose value is one JSON string skip the fast
 * path: with no structure to speed up, its set-up (a padded copy and a one-byte text of the
 * whole input) would only add two passes and twice the input's memory before the exact engine,
 * which reads the string once (validating, unescaping, or rejecting it for a non-string type).
 * Below it the fast path's unescaping is quicker than the set-up costs.
 */
export const LONG_STRING_INPUT = 1024 * 1024;

/** longTopLevelString reports whether data is a long input whose first non-space byte starts a JSON string. */
function longTopLevelString(data: Uint8Array | string): boolean {
  if (data.length < LONG_STRING_INPUT) return false;
  const str = typeof data === "string";
  for (let i = 0; i < data.length; i++) {
    const c = str ? data.charCodeAt(i) : (data[i] as number);
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) return c === 0x22;
  }
  return false;
}

/**
 * stringLimitError turns V8's RangeError for a string past its length limit (a JSON string value
 * of more than 2^29 - 24 characters) into a JsonError; other errors are returned as they are.
 */
export function stringLimitError(e: unknown): unknown {
  if (e instanceof RangeError && /string longer than|Invalid string length/i.test(e.message))
    return new JsonError(
      "gojson: a JSON string in the input is longer than a JavaScript string can be (0x1fffffe8 characters)",
      { code: "GOJSON_ERR_STRING_TOO_LONG", cause: e },
    );
  return e;
}

/** @internal run decodes one value into `start` through Reader r (checkEnd: only whitespace may follow). */
export function run(type: GoType, o: ResolvedOptions, r: Reader, start: unknown, checkEnd: boolean): unknown {
  let cur = start;
  const d = r.d;
  const legacy = o.flags.reportErrorsWithLegacySemantics;
  if (legacy && checkEnd) {
    // v1 validates the whole input before it touches the destination.
    const bad = checkWhole(r.buf, o);
    if (bad) {
      const err = legacySyntaxError(bad, o.rules);
      setErrorValue(err, cur);
      throw err;
    }
  }
  try {
    cur = decoderFor(type, o)(r, cur);
    // A recorded legacy error is returned as it is (Go validated the whole input up front; a struct
    // with Go 1.27's unsupported `format` option even leaves the decoder inside its object).
    if (checkEnd && !r.deferred) d.checkEOF();
  } catch (e) {
    let err = e;
    if (e instanceof RangeError && /call stack/i.test(e.message))
      err = syntacticError("exceeded max depth", d.inputOffset, d.stackPointer());
    const held = partialOf(e, cur);
    if (legacy) err = transformUnmarshalError(type, err, o.rules);
    if (JsonError.isInstance(err)) setErrorValue(err, held);
    throw err;
  }
  if (r.deferred) {
    const err = legacy ? transformUnmarshalError(type, r.deferred, o.rules) : r.deferred;
    setErrorValue(err, cur);
    throw err;
  }
  return cur;
}

/** checkWhole validates the whole input as one value with ReadValue's texts (Go's CheckNextValue), or returns the error. */
/** @internal */
export function checkWhole(buf: Uint8Array, o: ResolvedOptions): SyntacticError | undefined {
  const d = new Decoder(buf, {
    allowDuplicateNames: o.flags.allowDuplicateNames,
    allowInvalidUTF8: o.flags.allowInvalidUTF8,
    flavour: "v2",
  });
  try {
    if (d.peekKind() === "") return d.unexpectedEOF();
    d.readValue();
    d.checkEOF();
  } catch (e) {
    if (SyntacticError.isInstance(e)) return e;
    throw e;
  }
  return undefined;
}

export { SemanticError, SyntacticError };
