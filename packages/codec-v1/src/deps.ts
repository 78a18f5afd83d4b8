/**
 * The one place codec-v1 reaches its lower layers (@gojson/gotype, @gojson/jsontext and its
 * syntax kernel @gojson/jsontext/internal). Everything the codec needs from them is re-exported
 * here.
 */

export type { GoMethod, GoType, JsonField, MethodName, StructField, StructType } from "@gojson/gotype";
export {
  assertResolved,
  foldNameV1,
  GoMethodMissingError,
  GoTime,
  GoTimeError,
  JsonNumber,
  lookupMethod,
  methodsVersion,
  structFields,
  T,
  typeString,
} from "@gojson/gotype";
export type { SyntacticError } from "@gojson/jsontext";
export {
  compactV1,
  formatFloat,
  htmlEscapeV1,
  indentV1,
  JsonError,
  MAX_NESTING_DEPTH,
} from "@gojson/jsontext";
// The syntax kernel (not semver-stable; the exact version is a dependency): the fast cursor and
// its scanners, the `any` builders, the byte-path writer and v1's string writer, the number
// writers, Go's v1 scanner and quoting helpers.
export {
  anyValue,
  BAIL,
  bail,
  beginScan,
  C,
  checkValidV1,
  colon,
  decodeUtf8Go,
  endScan,
  enter,
  FastWriter,
  FLOAT64_MAX_BYTES,
  goQuote,
  INT53_MAX_BYTES,
  KEEP_BUFFER,
  leave,
  literal,
  NUM_IN,
  numberEnd,
  quoteCharV1,
  readFloat,
  readFloatList,
  readNull,
  readString,
  resetAny,
  ScannerV1,
  ScanOp,
  safeBigintIn,
  skipValue,
  validV1,
  writeFloat64,
  writeFloat64In,
  writeInt53,
  writeInt53In,
  writeStringV1,
  ws,
} from "@gojson/jsontext/internal";
