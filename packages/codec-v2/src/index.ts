/**
 * @gojson/codec-v2: Go's encoding/json/v2 (Go 1.26, GOEXPERIMENT=jsonv2) for TypeScript.
 */

export { GoTime, JsonNumber } from "@gojson/gotype";
export type { ByteSink, ByteSource } from "@gojson/jsontext";
export {
  marshal,
  marshalToString,
  type UnmarshalOptions,
  type UnmarshalOptionsInput,
  unmarshal,
} from "./api.js";
export { InvalidArgumentError } from "./argument-errors.js";
export { DecoderV1, DelimV1, type TokenV1 } from "./decoder-v1.js";
export {
  EOFError,
  ERR_UNKNOWN_NAME,
  JsonError,
  type JsonKind,
  MethodError,
  type SemanticAction,
  SemanticError,
  SyntacticError,
} from "./errors.js";
export { type FieldV2, type StructFieldsV2, structFieldsV2 } from "./fields.js";
export { InvalidValueError } from "./invalid-value.js";
export {
  MarshalerError,
  UnknownFieldError,
  UnmarshalTypeError,
  UnsupportedTypeError,
  UnsupportedValueError,
} from "./legacy-errors.js";
export type { MethodDecoder, MethodEncoder } from "./method-coders.js";
export { NEGATIVE_ZERO_KEY } from "./negative-zero-key.js";
export {
  BOOLEAN_OPTIONS,
  type BooleanOption,
  type CodecOptions,
  DEFAULT_GO_VERSION,
  DEFAULT_V1_FLAGS,
  defaultOptionsV1,
  defaultOptionsV2,
  GO_VERSIONS,
  type GoRules,
  type GoVersion,
  MAX_NESTING_DEPTH,
  type Options,
  type OptionsInput,
  type ResolvedOptions,
  resolveOptions,
} from "./options.js";
export { decodeValues, unmarshalDecode, unmarshalRead } from "./stream-read.js";
export {
  ENCODE_FLUSH_THRESHOLD,
  encodeValues,
  marshalEncode,
  marshalWrite,
  ValueSink,
} from "./stream-write.js";
export { AsyncValueStream, STREAM_WINDOW, type StreamOptions, ValueStream } from "./value-stream.js";
