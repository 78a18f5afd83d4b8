/**
 * @gojson/gotype: Go's type model as encoding/json sees it.
 */
export type {
  ArrayType,
  BoolType,
  FloatKind,
  FloatType,
  GoKind,
  GoMethod,
  GoMethodImpls,
  GoType,
  IntKind,
  IntType,
  InterfaceType,
  KnownType,
  MapType,
  MethodName,
  PointerType,
  Receiver,
  SliceType,
  StringType,
  StructField,
  StructType,
  UintKind,
  UintType,
} from "./types.js";
export {
  DEFAULT_PKG,
  T,
  arrayOf,
  declare,
  define,
  embeddedFieldName,
  isExportedName,
  isNamed,
  isPredeclared,
  isUndefinedDecl,
  mapOf,
  named,
  pointerTo,
  sliceOf,
  structOf,
  typeName,
} from "./constructors.js";
export type { FieldSpec, NamedOptions, PredeclaredName } from "./constructors.js";
export { KNOWN_TYPES, jsonNumber, jsonRawMessage, jsontextValue, timeDuration, timeTime } from "./known.js";
export { V2_ERROR_TYPE_STRING_MAX, kindString, typeString, typeStringV2Error } from "./type-string.js";
export { goQuote } from "./go-quote.js";
export { hasMethod, lookupMethod, withMethods } from "./methods.js";
export type { EmbedStep, LookupOptions, MethodImpls, MethodLookup, WithMethodsOptions } from "./methods.js";
export { GoValueError, assertValue, checkValue, isBigIntKind, isZero, reflectIsZero, setOwn, zero } from "./values.js";
export { GoTime, GoTimeError, ZERO_TIME_UNIX } from "./go-time.js";
export type { GoZone } from "./go-time.js";
export { JsonNumber } from "./json-number.js";
