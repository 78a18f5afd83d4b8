import { StrictBodyCode as C, StrictBodyError, type StrictBodyIssue } from "./errors.js";
import { type ParseStrictOptions, parseStrict, resolveParseOptions } from "./parse-strict.js";
import type { BodyDecoder } from "./read-json.js";

type PathSegment = PropertyKey | { readonly key: PropertyKey };

/** One issue of a Standard Schema v1 result. */
export interface StandardIssue {
  readonly message: string;
  readonly path?: ReadonlyArray<PathSegment>;
}

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

function pointerOf(path: ReadonlyArray<PathSegment> | undefined): string {
  if (!path) return "";
  let p = "";
  for (const seg of path) {
    const k = typeof seg === "object" && seg !== null ? seg.key : seg;
    p += `/${String(k).replace(/~/g, "~0").replace(/\//g, "~1")}`;
  }
  return p;
}

/**
 * standardSchema makes a `decode` for readJson: the strict parse, then any
 * Standard Schema v1 validator (zod, valibot, arktype, ...) through its
 * `~standard` interface. Failed validation is a 400 GOJSON_ERR_VALIDATION
 * whose `issues` carry each message with an RFC 6901 pointer.
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
    const issues: StrictBodyIssue[] = r.issues.map((i) => ({
      message: i.message,
      pointer: pointerOf(i.path),
    }));
    const first = issues[0];
    throw new StrictBodyError({
      code: C.VALIDATION,
      statusCode: 400,
      message: `request body failed validation: ${issues.length} issue${issues.length === 1 ? "" : "s"}`,
      ...(first ? { pointer: first.pointer } : {}),
      issues,
    });
  };
  return decode satisfies BodyDecoder;
}
