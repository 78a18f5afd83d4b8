/**
 * @gojson/gotype: Go's type model as encoding/json sees it.
 */

export type { BuildContext } from "./build-constraints.js";
export { evalBuildConstraint, fileNameExclusion } from "./build-constraints.js";
export type { FieldSpec, NamedOptions, PredeclaredName, SliceValue } from "./constructors.js";
export {
  arrayOf,
  DEFAULT_PKG,
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
  T,
  typeName,
} from "./constructors.js";
export type { FlatFieldsV1 } from "./fields-v1.js";
export { flatFieldsV1 } from "./fields-v1.js";
export type { FlatFieldsV2 } from "./fields-v2.js";
export {
  FLAT_OMITEMPTY,
  FLAT_OMITZERO,
  FLAT_PLAIN,
  FLAT_STRING,
  FLAT_TAGGED,
  flatFieldsV2,
} from "./fields-v2.js";
export { foldNameV1, foldNameV2 } from "./fold.js";
export type { FormatDeclsOptions, FormatOptions } from "./format-go.js";
export { formatGo, formatGoDecl, formatGoDecls } from "./format-go.js";
export { goStringOf, goToLower, goToUpper } from "./go-case.js";
export { GoMethodMissingError } from "./go-method-missing-error.js";
export type { GoModule, GoModuleFiles, GoModuleOptions } from "./go-module.js";
export { parseGoMod, parseGoModule } from "./go-module.js";
export type { GoFile, GoImports, GoPackage, IgnoredFile, ParsePackageOptions } from "./go-package.js";
export { goPackageOf, isGoPackage, parseGoPackage } from "./go-package.js";
export { MAX_GO_NESTING } from "./go-parser.js";
export { goQuote, goQuoteRune, goUnquote } from "./go-quote.js";
export { MAX_INSTANTIATION_DEPTH } from "./go-resolve.js";
export { GoSyntaxError } from "./go-syntax-error.js";
export type { GoZone } from "./go-time.js";
export { GoTime, GoTimeError, ZERO_TIME_UNIX } from "./go-time.js";
export { JsonNumber } from "./json-number.js";
export {
  FLOAT_KINDS,
  GO_KINDS,
  INTEGER_KINDS,
  intBounds,
  isBigIntKind,
  isGoType,
  isIntegerKind,
  isNumericKind,
  NUMERIC_KINDS,
  SIGNED_INT_KINDS,
  UNSIGNED_INT_KINDS,
} from "./kinds.js";
export { jsonNumber, jsonRawMessage, jsontextValue, KNOWN_TYPES, timeDuration, timeTime } from "./known.js";
export type {
  EmbedStep,
  LookupOptions,
  MethodImpls,
  MethodLookup,
  MissingTwin,
  WithMethodsOptions,
} from "./methods.js";
export {
  hasMethod,
  lookupMethod,
  methodsVersion,
  missingTwins,
  withMethods,
  withPackageMethods,
} from "./methods.js";
export { assertResolved, isOpaque, unresolvedError } from "./opaque.js";
export type { ParseGoOptions } from "./parse-go.js";
export {
  clearParseCache,
  goType,
  MAX_ARRAY_LEN,
  PARSE_CACHE_MAX_CHARS,
  PARSE_CACHE_MAX_ENTRIES,
  parseGo,
} from "./parse-go.js";
export { isRecursiveType } from "./recursive.js";
export { STD_PACKAGE_PATHS, stdPackage } from "./std-packages.js";
export type {
  FieldStep,
  JsonField,
  JsonVersion,
  StructFields,
  StructFieldsError,
} from "./struct-fields.js";
export { structFields } from "./struct-fields.js";
export type { GoRelease, TagV2 } from "./tag-v2.js";
export { parseTagV2 } from "./tag-v2.js";
export type { TagV1 } from "./tags.js";
export { getTag, isValidTagNameV1, lookupTag, parseTagV1 } from "./tags.js";
export {
  kindString,
  typeString,
  typeStringV2Build,
  typeStringV2Error,
  V2_ERROR_TYPE_STRING_MAX,
} from "./type-string.js";
export { typed } from "./typed.js";
export type {
  AnyGoType,
  ArrayType,
  BoolType,
  FloatKind,
  FloatType,
  GoKind,
  GoMethod,
  GoMethodImpls,
  GoPos,
  GoType,
  GoTypeValue,
  GoValueOf,
  InterfaceMethod,
  InterfaceType,
  IntKind,
  IntType,
  KnownType,
  MapType,
  MethodName,
  OpaqueInfo,
  OpaqueKind,
  PointerType,
  Receiver,
  SliceType,
  StringType,
  StructField,
  StructType,
  UintKind,
  UintType,
} from "./types.js";
export { errorType } from "./universe.js";
export {
  assertValue,
  checkValue,
  GoValueError,
  isZero,
  reflectIsZero,
  setOwn,
} from "./values.js";
export type { ZeroMaker } from "./zero.js";
export { zero, zeroMaker } from "./zero.js";
