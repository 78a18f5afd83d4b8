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
export { marshal, marshalIndent } from "./marshal.js";
export type { MarshalOptions, UnmarshalOptions } from "./options.js";
export {
  Decoder,
  type DecoderSource,
  Delim,
  Encoder,
  type EncoderSink,
  isEOF,
  type Token,
} from "./stream.js";
export { compact, htmlEscape, indent, MAX_NESTING_DEPTH, valid } from "./syntax.js";
export { unmarshal } from "./unmarshal.js";
export { fastUnmarshal } from "./unmarshal-fast.js";
