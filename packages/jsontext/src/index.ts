/**
 * @gojson/jsontext — Go's encoding/json/jsontext for TypeScript: the syntax layer
 * (tokens, values, the pull and streaming Decoders, the Encoder, value helpers,
 * options, Go's exact syntax errors, JSON pointers), plus the byte-level parts of
 * v1's encoding/json (Valid, Compact, Indent, HTMLEscape).
 *
 * Byte-level machinery the codecs share (the fast cursor, writers, quoting
 * policies, the v1 scanner) is in `@gojson/jsontext/internal`, which is not
 * semver-stable.
 */
export { Decoder, type DecoderOptions, escapePointerToken } from "./decoder.js";
export { LARGE_INPUT } from "./decoder-bytes.js";
export { Encoder, type EncoderSink } from "./encoder.js";
export { type EncoderOptions, resolveEncoderOptions } from "./encoder-options.js";
export { type ErrorFlavour, JsonError, SyntacticError } from "./errors.js";
export { formatFloat } from "./format-float.js";
export { MAX_NESTING_DEPTH } from "./limits.js";
export { type JsonPlain, type ParseValueOptions, parseValue } from "./parse-value.js";
export { InvalidUTF8Error } from "./quote.js";
export { canonicalNumber, type ResolvedFormat } from "./reformat.js";
export { checkValidV1, validV1 } from "./scanner-v1.js";
export { StreamDecoder } from "./stream-decoder.js";
export { type ByteSink, SINK_BACKLOG, SinkWriter } from "./stream-sink.js";
export {
  type ByteSource,
  type ChunkReader,
  type ChunkResult,
  chunkReader,
  isByteSource,
  type ReadableFile,
  readAll,
} from "./stream-source.js";
export { STREAM_WINDOW, StreamWindow, type StreamWindowOptions, valueEnd } from "./stream-window.js";
export { SYNTAX_ERROR_CODES, type SyntacticErrorReason, WHERE_TRAILING } from "./syntax-reason.js";
export {
  BeginArray,
  BeginObject,
  EndArray,
  EndObject,
  False,
  type Kind,
  Null,
  numberToken,
  stringToken,
  Token,
  True,
} from "./token.js";
export { canonicalize, checkValid, compact, formatValue, indent, valid } from "./value.js";
export { compactV1, htmlEscapeV1, indentV1 } from "./value-v1.js";
