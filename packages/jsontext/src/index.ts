/**
 * @gojson/jsontext — Go's encoding/json/jsontext for TypeScript: the syntax layer
 * (tokens, values, pull Decoder, encoding helpers, Go's exact syntax errors).
 */
export { ByteWriter } from "./byte-writer.js";
export { Decoder, type DecoderOptions, escapePointerToken } from "./decoder.js";
export { LARGE_INPUT } from "./decoder-bytes.js";
export { ENCODER_FLUSH_THRESHOLD, Encoder, type EncoderSink } from "./encoder.js";
export { type EncoderOptions, resolveEncoderOptions } from "./encoder-options.js";
export {
  decodeRuneGo,
  ERR_DUPLICATE_NAME,
  type ErrorFlavour,
  goQuote,
  goQuoteRune,
  JsonError,
  quoteCharV1,
  SyntacticError,
  truncatePointer,
} from "./errors.js";
export { formatFloat } from "./format-float.js";
export { isGoPrint } from "./go-print.js";
export { MAX_NESTING_DEPTH } from "./limits.js";
export { type JsonPlain, type ParseValueOptions, parseValue } from "./parse-value.js";
export {
  appendQuotedBytes,
  appendQuotedString,
  InvalidUTF8Error,
  QUOTE_V1,
  QUOTE_V1_NO_HTML,
  QUOTE_V2,
  type QuotePolicy,
  quotePolicy,
  quoteString,
} from "./quote.js";
export { canonicalNumber, type ResolvedFormat } from "./reformat.js";
export { checkValidV1, ScannerV1, ScanOp, validV1 } from "./scanner-v1.js";
export { STREAM_INITIAL_BUFFER, StreamDecoder } from "./stream-decoder.js";
export { type ByteSink, SinkWriter } from "./stream-sink.js";
export {
  type ByteSource,
  type ChunkReader,
  type ChunkResult,
  chunkReader,
  isByteSource,
  readAll,
} from "./stream-source.js";
export {
  classifySyntax,
  SYNTAX_ERROR_CODES,
  type SyntacticErrorReason,
  type SyntaxKind,
  WHERE_TRAILING,
} from "./syntax-reason.js";
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
export { decodeStringBytes, decodeUtf8Go, utf8Length } from "./utf8.js";
export { canonicalize, checkValid, compact, formatValue, indent, valid } from "./value.js";
export { compactV1, htmlEscapeV1, indentV1 } from "./value-v1.js";
export {
  FLOAT64_MAX_BYTES,
  INT53_MAX_BYTES,
  NUM_IN,
  safeBigint,
  safeBigintIn,
  writeFloat64,
  writeFloat64In,
  writeInt53,
  writeInt53In,
} from "./write-number.js";
