/**
 * @gojson/codec-v2: Go's encoding/json/v2 (Go 1.26, GOEXPERIMENT=jsonv2) for TypeScript.
 */

export { GoTime, JsonNumber } from "@gojson/gotype";
export {
  type ByteWriter,
  marshal,
  marshalEncode,
  marshalToString,
  marshalWrite,
  unmarshal,
  unmarshalDecode,
  unmarshalRead,
  ValueSink,
  ValueStream,
} from "./api.js";
export {
  EOFError,
  ERR_UNKNOWN_NAME,
  JsonError,
  type JsonKind,
  MethodError,
  type SemanticAction,
  SemanticError,
  SyntacticError,
} from "./errors.js";
export { type FieldV2, type StructFieldsV2, structFieldsV2 } from "./fields.js";
export {
  MarshalerError,
  UnknownFieldError,
  UnmarshalTypeError,
  UnsupportedTypeError,
  UnsupportedValueError,
} from "./legacy-errors.js";
export {
  BOOLEAN_OPTIONS,
  type BooleanOption,
  DEFAULT_V1_FLAGS,
  defaultOptionsV1,
  defaultOptionsV2,
  MAX_NESTING_DEPTH,
  type Options,
  type OptionsInput,
  type ResolvedOptions,
  resolveOptions,
} from "./options.js";
