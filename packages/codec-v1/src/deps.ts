/**
 * The one place codec-v1 reaches its lower layers (@gojson/gotype and
 * @gojson/jsontext). Everything the codec needs from them is re-exported here.
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
  decodeUtf8Go,
  FLOAT64_MAX_BYTES,
  formatFloat,
  goQuote,
  INT53_MAX_BYTES,
  JsonError,
  NUM_IN,
  quoteCharV1,
  safeBigintIn,
  writeFloat64,
  writeFloat64In,
  writeInt53,
  writeInt53In,
} from "@gojson/jsontext";
