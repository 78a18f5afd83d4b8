/**
 * @gojson/codec-v1: Go's classic encoding/json for TypeScript, byte for byte.
 */

export { START_DETECTING_CYCLES_AFTER } from "./encode.js";
export {
  GoError,
  type GoErrorKind,
  InvalidUnmarshalError,
  JsonSyntaxError,
  JsonSyntaxError as SyntaxError,
  JsonV1Error,
  MarshalerError,
  UnmarshalTypeError,
  UnsupportedTypeError,
  UnsupportedValueError,
} from "./errors.js";
export { compact, htmlEscape, indent, valid } from "./indent.js";
export { marshal, marshalIndent } from "./marshal.js";
export type { MarshalOptions, UnmarshalOptions } from "./options.js";
export { MAX_NESTING_DEPTH } from "./scanner.js";
export {
  Decoder,
  type DecoderSource,
  Delim,
  Encoder,
  type EncoderSink,
  isEOF,
  type Token,
} from "./stream.js";
export { unmarshal } from "./unmarshal.js";
