/**
 * unmarshal: Go's json.Unmarshal. Valid input is decoded in one pass by the
 * compiled decoders (after the fast path of unmarshal-fast.ts, which handles
 * fresh destinations and gives up on anything unusual); any syntax problem reruns Go's scanner to report Go's
 * exact JsonSyntaxError. When decoding into an existing value (or through user
 * methods), the whole input is validated first, as Go does.
 */

import { checkData, checkType } from "./arguments.js";
import { decodeDeep } from "./decode-deep.js";
import { Abort, DecodeState, partialOf, SYNTAX_BAIL } from "./decode-state.js";
import { callsUserMethods } from "./decode-user-methods.js";
import { decodeUtf8Go, type GoType, typeString } from "./deps.js";
import { GoError, InvalidUnmarshalError, type JsonV1Error } from "./errors.js";
import { DEFAULT_GO_VERSION } from "./go-version.js";
import { checkUnmarshal, type UnmarshalOptions } from "./options.js";
import { syncPlans } from "./plan-cache.js";
import { checkValid } from "./syntax.js";
import { NO_FAST, unmarshalFast } from "./unmarshal-fast.js";
import { topDecoderFor } from "./unmarshal-plan.js";
import { wellFormed } from "./well-formed.js";
import { zeroValue } from "./zero.js";

const utf8d = new TextDecoder("utf-8", { ignoreBOM: true });
/** The options of a call that gives none (one frozen object, not one per call). */
const NO_OPTIONS: UnmarshalOptions<never> = Object.freeze({});
const utf8 = new TextEncoder();

/** Input text plus what error reporting needs from the original bytes. */
export interface PreparedInput {
  readonly text: string;
  readonly bytes: Uint8Array | null;
  readonly ascii: boolean;
  /** Text indexes of the U+FFFD that stand for invalid input bytes (one each), or null when there are none. */
  readonly invalid: Int32Array | null;
}

/** Decodes the input once: fatal UTF-8 first, Go's per-byte U+FFFD replacement if that fails. */
export function prepareInput(data: Uint8Array | string): PreparedInput {
  if (typeof data === "string") {
    return { text: wellFormed(data), bytes: null, ascii: false, invalid: null };
  }
  const text = utf8d.decode(data);
  // TextDecoder replaces invalid sequences differently from Go (one U+FFFD per
  // maximal subpart, Go one per byte): redo the rare inputs that contain U+FFFD.
  if (text.indexOf("\ufffd") >= 0) {
    const r = decodeUtf8Go(data);
    return { text: r.text, bytes: data, ascii: false, invalid: r.invalid.length > 0 ? r.invalid : null };
  }
  return { text, bytes: data, ascii: text.length === data.length, invalid: null };
}

function bytesOf(p: PreparedInput): Uint8Array {
  return p.bytes ?? utf8.encode(p.text);
}

function checkInto(t: GoType, into: unknown): void {
  const bad =
    (t.kind === "struct" &&
      t.known === undefined &&
      (typeof into !== "object" || into === null || Array.isArray(into))) ||
    (t.kind === "array" && !Array.isArray(into));
  if (bad) throw new InvalidUnmarshalError(typeString(t), into === null, { value: into });
}

/** Decodes with an explicit state (shared by unmarshal and the stream Decoder). */
export function runDecode(
  type: GoType,
  input: PreparedInput,
  options: UnmarshalOptions,
  validated: boolean,
): unknown {
  syncPlans();
  const hasInto = options.into !== undefined;
  if (hasInto) checkInto(type, options.into);
  const initial = (): unknown => (hasInto ? options.into : zeroValue(type));
  if (!validated && (hasInto || callsUserMethods(type))) {
    const err = checkValid(bytesOf(input));
    if (err !== null) {
      err.value = initial();
      throw err;
    }
  }
  const d = new DecodeState(
    input.text,
    input.bytes,
    input.ascii,
    input.invalid,
    options.useNumber === true,
    options.disallowUnknownFields === true,
    options.goVersion ?? DEFAULT_GO_VERSION,
  );
  d.deep = decodeDeep;
  let cur: unknown = initial();
  const start = cur;
  try {
    d.ws();
    cur = topDecoderFor(type)(d, cur);
    d.ws();
    if (d.pos !== input.text.length) throw SYNTAX_BAIL;
  } catch (e) {
    if (e === SYNTAX_BAIL) {
      const err = checkValid(bytesOf(input));
      if (err === null) throw new Error("gojson codec-v1: internal decoder disagreement with Go's scanner");
      err.value = hasInto ? options.into : zeroValue(type);
      throw err;
    }
    if (e instanceof Abort) {
      // Go validates the whole input before decoding: a syntax error anywhere wins.
      const syntax = validated ? null : checkValid(bytesOf(input));
      if (syntax !== null) {
        syntax.value = hasInto ? options.into : zeroValue(type);
        throw syntax;
      }
      e.err.value = partialOf(e, start);
      throw e.err;
    }
    if (e instanceof RangeError) {
      // Go validates first: a syntax error (such as nesting past 10000) wins.
      const err = validated ? null : checkValid(bytesOf(input));
      if (err !== null) {
        err.value = hasInto ? options.into : zeroValue(type);
        throw err;
      }
      throw stackError(e, start);
    }
    throw e;
  }
  if (d.saved !== null) {
    const err: JsonV1Error = d.saved;
    err.value = cur;
    throw err;
  }
  return cur;
}

/**
 * Unmarshals JSON into a value of Go type `type`, returning what Go's
 * destination holds afterwards (json.Unmarshal). With `into`, decodes into
 * that value with Go's merge rules. Throws Go's error; `err.value` is the
 * destination's state then.
 */
export function unmarshal<T>(
  type: GoType<T>,
  data: Uint8Array | string,
  options: UnmarshalOptions<NoInfer<T>> = NO_OPTIONS,
): T {
  checkType("unmarshal", type);
  checkData("unmarshal", data);
  checkUnmarshal(options, "unmarshal");
  if (typeof data !== "string" && data.length > MAX_INPUT_BYTES) throw tooLargeError(data.length);
  // The optimistic fast path (a fresh destination); it gives up on anything the exact engine must decide.
  // An input that is one long JSON string without escapes goes to the exact engine, which reads it
  // once: the fast path would hold two more copies of the input (its padded bytes and their one-byte
  // text). With escapes the fast path stays (its unescaping is several times quicker).
  if (!longPlainString(data)) {
    const fast = unmarshalFast(type, data, options);
    if (fast !== NO_FAST) return fast as T;
  }
  return runDecode(type, prepareInput(data), options, false) as T;
}

/** Inputs from this many bytes up that are one JSON string without escapes skip the fast path (see unmarshal). */
export const LONG_STRING_INPUT = 1024 * 1024;

/**
 * longPlainString reports whether data is a long input whose first non-space byte starts a JSON
 * string and which holds no backslash (a native search: no copy, no byte loop in JavaScript).
 */
function longPlainString(data: Uint8Array | string): boolean {
  if (data.length < LONG_STRING_INPUT) return false;
  const str = typeof data === "string";
  let i = 0;
  for (; i < data.length; i++) {
    const c = str ? data.charCodeAt(i) : (data[i] as number);
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) break;
  }
  if ((str ? data.charCodeAt(i) : data[i]) !== 0x22) return false;
  if (str) return data.indexOf("\\", i) < 0;
  return data.indexOf(0x5c, i) < 0;
}

/**
 * The largest input unmarshal reads: both of its engines hold the input as one
 * JavaScript string, and V8's strings stop at 2^29 − 24 characters. Larger
 * documents decode with @gojson/codec-v2 (which reads them in windows) or as a
 * stream of values with this package's Decoder.
 */
export const MAX_INPUT_BYTES = 0x1fffffe8;

/** tooLargeError is the typed answer for an input past {@link MAX_INPUT_BYTES} (instead of V8's RangeError). */
export function tooLargeError(bytes: number): GoError {
  return new GoError(
    "too-large",
    `gojson: codec-v1 unmarshals inputs of at most ${MAX_INPUT_BYTES} bytes (the longest JavaScript string); this one has ${bytes}: decode it with @gojson/codec-v2 or as a stream of values with a Decoder`,
  );
}

/**
 * A JavaScript stack overflow (recursive Go types nested thousands deep) as a
 * JsonError instead of a RangeError. Go itself has no such limit below its
 * 10000-level nesting check; this is a limit of this implementation.
 */
export function stackError(e: RangeError, value?: unknown): GoError {
  return new GoError("stack", "gojson: value nests too deeply for the JavaScript stack", { cause: e, value });
}
