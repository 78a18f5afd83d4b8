import { JsonError } from "@gojson/jsontext";
import { StrictBodyCode as C, StrictBodyError } from "./errors.js";
import { standardIssuesOf, toIssues, validationMessage } from "./issues.js";

function numberField(v: unknown): number | undefined {
  return typeof v === "number" ? v : typeof v === "bigint" ? Number(v) : undefined;
}

/** The code codec-v2 gives an error returned (or thrown) by a user's method twin. */
const METHOD_ERROR_CODE = "GOJSON_ERR_METHOD";

/**
 * isProgramBug reports whether a JsonError only wraps a programming error: a
 * method twin (UnmarshalJSON, UnmarshalText) that threw a TypeError or a
 * ReferenceError, which in Go would have been a panic, not a returned error.
 */
function isProgramBug(e: JsonError): boolean {
  if (e.code !== METHOD_ERROR_CODE) return false;
  const cause = (e as { cause?: unknown }).cause;
  return cause instanceof TypeError || cause instanceof ReferenceError;
}

/**
 * toDecodeError maps an error thrown by a decoder to a StrictBodyError.
 * - A StrictBodyError stays as it is.
 * - A gojson JsonError (a syntax or codec error: Go's text) is a 400
 *   GOJSON_ERR_DECODE keeping its message, offset and pointer: `offset`/`pointer`
 *   (jsontext's SyntacticError, codec-v1's UnmarshalTypeError) or
 *   `byteOffset`/`jsonPointer` (codec-v2's SemanticError, as Go names them).
 * - A Standard Schema failure (an error carrying `issues`) is a 400
 *   GOJSON_ERR_VALIDATION with each issue and its pointer.
 * - Anything else (a TypeError from a bug, a database error, a method twin that
 *   threw a TypeError) is the server's fault: a 500 GOJSON_ERR_INTERNAL whose
 *   message says nothing about it; the error itself is `cause`.
 */
export function toDecodeError(e: unknown): StrictBodyError {
  if (StrictBodyError.isInstance(e)) return e;
  if (JsonError.isInstance(e) && !isProgramBug(e)) {
    const r = e as JsonError & {
      offset?: unknown;
      pointer?: unknown;
      byteOffset?: unknown;
      jsonPointer?: unknown;
    };
    const offset = numberField(r.offset) ?? numberField(r.byteOffset);
    const pointer =
      typeof r.pointer === "string"
        ? r.pointer
        : typeof r.jsonPointer === "string"
          ? r.jsonPointer
          : undefined;
    return new StrictBodyError({
      code: C.DECODE,
      statusCode: 400,
      message: r.message !== "" ? r.message : "invalid request body",
      ...(offset !== undefined ? { offset } : {}),
      ...(pointer !== undefined ? { pointer } : {}),
      cause: e,
    });
  }
  const standard = standardIssuesOf(e);
  if (standard !== undefined) {
    const issues = toIssues(standard);
    return new StrictBodyError({
      code: C.VALIDATION,
      statusCode: 400,
      message: validationMessage(issues.length),
      pointer: (issues[0] as { pointer: string }).pointer,
      issues,
      cause: e,
    });
  }
  return internalError(e);
}

/** internalError is the 500 for a failure that is the server's, not the body's: no detail, the error as `cause`. */
export function internalError(cause: unknown): StrictBodyError {
  return new StrictBodyError({
    code: C.INTERNAL,
    statusCode: 500,
    message: "internal server error",
    cause,
  });
}
