import { StrictBodyCode as C, StrictBodyError } from "./errors.js";
import { type StandardIssue, toIssues, validationMessage } from "./issues.js";
import { type ParseStrictOptions, parseStrict, resolveParseOptions } from "./parse-strict.js";
import type { BodyDecoder } from "./read-json.js";

export type { StandardIssue } from "./issues.js";

/** The result of a Standard Schema v1 `validate`. */
export type StandardResult<Output> =
  | { readonly value: Output; readonly issues?: undefined }
  | { readonly issues: ReadonlyArray<StandardIssue> };

/** The Standard Schema v1 interface (standardschema.dev), written out so that no package is needed. */
export interface StandardSchemaV1<Output = unknown> {
  readonly "~standard": {
    readonly version: 1;
    readonly vendor: string;
    validate(value: unknown): StandardResult<Output> | Promise<StandardResult<Output>>;
  };
}

/**
 * standardSchema makes a `decode` for readJson: the strict parse, then any
 * Standard Schema v1 validator (zod, valibot, arktype, ...) through its
 * `~standard` interface. Failed validation is a 400 GOJSON_ERR_VALIDATION
 * whose `issues` carry each message with an RFC 6901 pointer; a validator
 * that throws (a bug in a refinement) is a 500 through readJson, its message
 * never echoed.
 */
export function standardSchema<Output>(
  schema: StandardSchemaV1<Output>,
  parseOptions?: ParseStrictOptions,
): (body: Uint8Array) => Promise<Output> {
  const po = resolveParseOptions(parseOptions);
  const decode = async (body: Uint8Array): Promise<Output> => {
    const value = parseStrict(body, po);
    const r = await schema["~standard"].validate(value);
    if (r.issues === undefined) return r.value;
    const issues = toIssues(r.issues);
    const first = issues[0];
    throw new StrictBodyError({
      code: C.VALIDATION,
      statusCode: 400,
      message: validationMessage(issues.length),
      ...(first ? { pointer: first.pointer } : {}),
      issues,
    });
  };
  return decode satisfies BodyDecoder;
}
