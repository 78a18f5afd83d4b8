/**
 * The one place codec-v1 reaches its lower layers (@gojson/gotype and
 * @gojson/jsontext). Everything the codec needs from them is re-exported here.
 */

export type { GoMethod, GoType, JsonField, MethodName, StructField, StructType } from "@gojson/gotype";
export {
  foldNameV1,
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
export { decodeUtf8Go, formatFloat, goQuote, JsonError, quoteCharV1 } from "@gojson/jsontext";
