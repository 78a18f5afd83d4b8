/**
 * The one place codec-v1 reaches its lower layers (@gojson/gotype and
 * @gojson/jsontext). Everything the codec needs from them is re-exported here.
 */

export type { GoMethod, GoType, JsonField, MethodName, StructField, StructType } from "@gojson/gotype";
export { foldNameV1, GoTime, JsonNumber, lookupMethod, structFields, T, typeString } from "@gojson/gotype";
export { JsonError } from "@gojson/jsontext";
