/**
 * @gojson/codec-v1: Go's classic encoding/json for TypeScript, byte for byte.
 * The public surface: what README.md documents, and nothing else.
 */

export { type DecodeIntoOptions, Decoder, SyncDecoder } from "./decoder.js";
export { Delim, isEOF, MIN_READ, type Token } from "./decoder-core.js";
export { encodeValues } from "./encode-values.js";
export { Encoder, type EncoderSink } from "./encoder.js";
export {
  GoError,
  type GoErrorKind,
  InvalidArgumentError,
  InvalidUnmarshalError,
  InvalidValueError,
  JsonSyntaxError,
  JsonV1Error,
  MarshalerError,
  UnmarshalTypeError,
  UnsupportedTypeError,
  UnsupportedValueError,
} from "./errors.js";
export { DEFAULT_GO_VERSION, GO_VERSIONS, type GoVersion } from "./go-version.js";
export { marshal, marshalIndent } from "./marshal.js";
export { START_DETECTING_CYCLES_AFTER } from "./marshal-common.js";
export { NEGATIVE_ZERO_KEY } from "./negative-zero-key.js";
export type { DecodeOptions, EncoderOptions, MarshalOptions, UnmarshalOptions } from "./options.js";
export { decodeValues, unmarshalRead } from "./read-values.js";
export type { DecoderSource, SyncDecoderSource } from "./stream-source.js";
export { compact, htmlEscape, indent, MAX_NESTING_DEPTH, valid } from "./syntax.js";
export { unmarshal } from "./unmarshal.js";
