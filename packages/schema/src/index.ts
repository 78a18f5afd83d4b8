/**
 * @gojson/schema: typed TypeScript modules generated from Go types, and
 * JSON Schema (2020-12) and Standard Schema (v1) validators that accept what
 * Go's encoding/json (v1) and encoding/json/v2 accept.
 */

export { errorPointer, pointerAtOffset, pointerPath } from "./error-path.js";
export {
  type GenerateOptions,
  type GoSourceFile,
  type GoSourcePackage,
  generateTypeScript,
  tsDeclarationName,
} from "./generate-typescript.js";
export {
  JSON_SCHEMA_DIALECT,
  orNull,
  toJsonSchema,
  toJsonSchemaDefs,
  V1_TUPLE_LIMIT,
} from "./json-schema.js";
export type {
  JsonSchema,
  JsonSchemaObject,
  JsonSchemaOptions,
  ResolvedJsonSchemaOptions,
  SchemaDirection,
  SchemaGoVersion,
  SchemaVersion,
} from "./json-schema-options.js";
export { DEFAULT_SCHEMA_GO_VERSION, resolveJsonSchemaOptions } from "./json-schema-options.js";
export {
  type GoStandardSchema,
  type SchemaCodec,
  type StandardSchemaIssue,
  type StandardSchemaOptions,
  type StandardSchemaResult,
  type StandardSchemaV1,
  toStandardSchema,
} from "./standard-schema.js";
export { GO_ANY_DECLARATION, GO_ANY_NAME, jsDoc, type TsTypeContext, tsTypeOf } from "./ts-type.js";
