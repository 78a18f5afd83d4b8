/**
 * @gojson/codec-v1: Go's classic encoding/json for TypeScript, byte for byte.
 */
export { marshal, marshalIndent } from "./marshal.js";
export { unmarshal } from "./unmarshal.js";
export type { MarshalOptions, UnmarshalOptions } from "./options.js";
export { compact, htmlEscape, indent, valid } from "./indent.js";
export { Decoder, type DecoderSource, Delim, Encoder, type EncoderSink, isEOF, type Token } from "./stream.js";
export { MAX_NESTING_DEPTH } from "./scanner.js";
export { START_DETECTING_CYCLES_AFTER } from "./encode.js";
export {
  GoError,
  type GoErrorKind,
  InvalidUnmarshalError,
  JsonV1Error,
  MarshalerError,
  SyntaxError,
  UnmarshalTypeError,
  UnsupportedTypeError,
  UnsupportedValueError,
} from "./errors.js";
