/**
 * @gojson/jsontext/internal — the syntax kernel under both codecs, as Go's
 * internal/jsonwire sits under jsontext and the arshalers: the fast byte
 * cursor and its scanners (whitespace, literals, numbers, strings decoded in
 * one pass, names matched on bytes), the `any` builders, the byte-path output
 * buffer with v1's and v2's string writers, the number writers, and the
 * byte-level helpers the codecs share with jsontext (quoting policies, Go's
 * quoting of error texts, the v1 scanner).
 *
 * NOT SEMVER-STABLE: any release may change or remove what this entry exports.
 * It serves the @gojson packages, which depend on an exact version of it.
 */

// Byte-level helpers of the syntax layer the codecs share (not Go's jsontext API).
export { ByteWriter } from "../byte-writer.js";
export { LARGE_INPUT } from "../decoder-bytes.js";
export { ENCODER_FLUSH_THRESHOLD } from "../encoder.js";
export {
  decodeRuneGo,
  ERR_DUPLICATE_NAME,
  goQuote,
  goQuoteRune,
  quoteCharV1,
  truncatePointer,
} from "../errors.js";
export { isGoPrint } from "../go-print.js";
export {
  appendQuotedBytes,
  appendQuotedString,
  QUOTE_V1,
  QUOTE_V1_NO_HTML,
  QUOTE_V2,
  type QuotePolicy,
  quotePolicy,
  quoteString,
} from "../quote.js";
export { checkValidV1, ScannerV1, ScanOp, validV1 } from "../scanner-v1.js";
export { STREAM_INITIAL_BUFFER } from "../stream-decoder.js";
export { classifySyntax, type SyntaxKind, WHERE_TRAILING } from "../syntax-reason.js";
export { decodeStringBytes, decodeUtf8Go, utf8Length } from "../utf8.js";
export {
  FLOAT64_MAX_BYTES,
  HI_WORD,
  I64,
  I64_WORDS,
  INT53_MAX_BYTES,
  INT64_MAX_BYTES,
  LO_WORD,
  NUM_IN,
  putUint31,
  safeBigint,
  safeBigintIn,
  writeFloat64,
  writeFloat64In,
  writeFloat64List,
  writeFloat64ShortIn,
  writeInt53,
  writeInt53In,
  writeInt64List,
} from "../write-number.js";
// The fast cursor and its scanners.
export { anySafeNumber, anyValue, resetAny } from "./any.js";
// Per-struct code: table-driven first, generated from the second use.
export { direct, GENERATE_AFTER, tiered, tieredOver } from "./codegen-tier.js";
// Byte chunks joined.
export { concatBytes } from "./concat-bytes.js";
export {
  BAIL,
  bail,
  beginScan,
  C,
  type Cursor,
  endScan,
  enter,
  FAST_MAX_DEPTH,
  fastPathSwitch,
  leave,
  NO_FAST,
  PAD,
} from "./cursor.js";
export { atEnd, beginWindow, endWindow, scanAt } from "./cursor-window.js";
// The byte-path writers.
export {
  FastWriter,
  FIRST_BUFFER,
  HAS_NATIVE_WRITERS,
  KEEP_BUFFER,
  type NodeBuf,
} from "./fast-writer.js";
export { KERNEL } from "./gen-scope.js";
export {
  AFTER_CALL,
  type CodePiece,
  joinPieces,
  outView,
  REST,
  roomCode,
  storeBytesCode,
  viewOf,
} from "./gen-store.js";
export { longDecimal, nearestQuotient, POW10 } from "./long-decimal.js";
export { matchAt, quotedBytes } from "./names.js";
export { colon, listReader, literal, numberEnd, readList, readNull, skipValue, ws } from "./scan.js";
export { readFloat, readFloatList } from "./scan-float.js";
export { runScan } from "./scan-run.js";
export {
  beginArray,
  beginObject,
  COMMA,
  END,
  F_,
  LBRACE,
  LBRACKET,
  N,
  nextElement,
  nextMember,
  Q,
  RBRACE,
  RBRACKET,
  readBigIntLiteral,
  readIntLiteral,
  T_,
} from "./scan-steps.js";
export { readString, skipString } from "./scan-string.js";
export { ESCAPE, hex4 } from "./scan-string-tables.js";
export { ensure, unitsText } from "./units.js";
export { wellFormed } from "./well-formed.js";
export { ESCAPE_LETTER, HEX_DIGIT, putEscapeU } from "./write-escapes.js";
export {
  STRING_HTML,
  STRING_INVALID_BAIL,
  STRING_INVALID_RAW,
  STRING_JS,
  writeStringEscaped,
} from "./write-string-escaped.js";
export { writeStringV1 } from "./write-string-v1.js";
export { writeStringV2 } from "./write-string-v2.js";
