/**
 * The one place codec-v1 reaches its lower layers (@gojson/gotype and
 * @gojson/jsontext). Everything the codec needs from them is re-exported here.
 *
 * TEMPORARY: while those packages' public index is still empty, this file
 * reads their source modules directly; it switches to `@gojson/gotype` and
 * `@gojson/jsontext` imports as soon as they export these names.
 */
export { typeString } from "../../gotype/src/type-string.js";
export { GoTime } from "../../gotype/src/go-time.js";
export { JsonNumber } from "../../gotype/src/json-number.js";
export type { GoMethod, GoType, MethodName, StructField, StructType } from "../../gotype/src/types.js";
export { JsonError } from "../../jsontext/src/errors.js";
