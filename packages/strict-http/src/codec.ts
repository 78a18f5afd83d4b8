import { passesAfterCodec } from "./after-codec.js";
import {
  checkBeforeCodec,
  checkStrict,
  type ParseStrictOptions,
  type ResolvedParseOptions,
  resolveParseOptions,
} from "./parse-strict.js";
import type { BodyDecoder } from "./read-json.js";

/**
 * The part of a gojson codec the adapter calls (`@gojson/codec-v1` or
 * `@gojson/codec-v2`): passed in by the caller, never imported, so the codecs
 * stay optional.
 */
export interface GoCodec<T = unknown, O = Record<string, unknown>> {
  unmarshal(type: T, data: Uint8Array, options?: O): unknown;
}

/** Options of {@link goDecoder}. */
export interface GoDecoderOptions {
  /**
   * Run strict-http's own checks before the codec (default true; `checkStrict`,
   * which builds no value), so that duplicate names, BOMs, lone surrogates,
   * deep nesting and `__proto__` keys are rejected even by codec-v1, which
   * accepts duplicates as Go v1 does.
   * Its options are the strict parse's (bigint and allowOverflow default to
   * true here: the codec decides what a large integer or `1e400` means for
   * the Go type, as Go does). With {@link goDecoderV2} under v2's defaults
   * the codec runs first and the nesting limit of a body it accepts is
   * codec-v2's (Go's 10 000) unless `maxDepth` is given here.
   */
  precheck?: boolean | ParseStrictOptions;
}

/**
 * goDecoder makes a `decode` for readJson that unmarshals into a Go type
 * with the given codec and options. Codec errors become 400s with the codec's
 * message (Go's text), offset and pointer — an unknown field under
 * `disallowUnknownFields` (v1) or `rejectUnknownMembers` (v2) names its pointer.
 */
export function goDecoder<T, O>(
  codec: GoCodec<T, O>,
  type: T,
  options?: O,
  adapter: GoDecoderOptions = {},
): BodyDecoder {
  return makeDecoder(codec, type, options, adapter, false);
}

function makeDecoder<T, O>(
  codec: GoCodec<T, O>,
  type: T,
  options: O | undefined,
  adapter: GoDecoderOptions,
  codecChecksText: boolean,
): BodyDecoder {
  const pre = adapter.precheck ?? true;
  if (pre === false) return (body) => codec.unmarshal(type, body, options);
  const parseOpts: ResolvedParseOptions = resolveParseOptions({
    bigint: true,
    allowOverflow: true,
    ...(pre === true ? {} : pre),
  });
  if (codecChecksText && parseOpts.bigint && parseOpts.allowOverflow) {
    // One pass: the codec checks the text itself; the precheck only decides when it might differ.
    const checkDepth = pre !== true && pre.maxDepth !== undefined;
    return (body) => {
      let v: unknown;
      try {
        v = codec.unmarshal(type, body, options);
      } catch (e) {
        // The precheck's error comes first, as when it ran before the codec.
        checkBeforeCodec(body, parseOpts);
        throw e;
      }
      if (!passesAfterCodec(body, parseOpts, checkDepth)) checkBeforeCodec(body, parseOpts);
      return v;
    };
  }
  const check = codecChecksText ? checkBeforeCodec : checkStrict;
  return (body) => {
    check(body, parseOpts);
    return codec.unmarshal(type, body, options);
  };
}

/** goDecoderV1 is goDecoder for codec-v1 with `disallowUnknownFields: true` unless said otherwise (Go's strict.go pattern). */
export function goDecoderV1<T, O extends object>(
  codec: GoCodec<T, O>,
  type: T,
  options?: O,
  adapter?: GoDecoderOptions,
): BodyDecoder {
  return goDecoder(codec, type, { disallowUnknownFields: true, ...options } as O, adapter);
}

/**
 * goDecoderV2 is goDecoder for codec-v2 with `rejectUnknownMembers: true`
 * unless said otherwise. Under v2's defaults codec-v2 itself rejects duplicate
 * names and invalid UTF-8 (in Go's words), so the precheck leaves those two to
 * it and costs less than half; with `allowDuplicateNames` or `allowInvalidUTF8`
 * in the codec options (as in `defaultOptionsV1()`) the precheck keeps them.
 */
export function goDecoderV2<T, O extends object>(
  codec: GoCodec<T, O>,
  type: T,
  options?: O,
  adapter: GoDecoderOptions = {},
): BodyDecoder {
  const o = { rejectUnknownMembers: true, ...options } as unknown as O & Record<string, unknown>;
  const codecChecksText = o.allowDuplicateNames !== true && o.allowInvalidUTF8 !== true;
  return makeDecoder(codec, type, o as O, adapter, codecChecksText);
}
