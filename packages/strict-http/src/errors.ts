const MARKER = Symbol.for("gojson.error.StrictBodyError");

/** Stable error codes of strict-http, one per class of rejection. */
export const StrictBodyCode = Object.freeze({
  UNSUPPORTED_MEDIA_TYPE: "GOJSON_ERR_UNSUPPORTED_MEDIA_TYPE",
  UNSUPPORTED_CHARSET: "GOJSON_ERR_UNSUPPORTED_CHARSET",
  UNSUPPORTED_ENCODING: "GOJSON_ERR_UNSUPPORTED_ENCODING",
  BODY_TOO_LARGE: "GOJSON_ERR_BODY_TOO_LARGE",
  BODY_TIMEOUT: "GOJSON_ERR_BODY_TIMEOUT",
  BODY_ABORTED: "GOJSON_ERR_BODY_ABORTED",
  BODY_READ: "GOJSON_ERR_BODY_READ",
  BAD_CONTENT_LENGTH: "GOJSON_ERR_BAD_CONTENT_LENGTH",
  CONFLICTING_HEADERS: "GOJSON_ERR_CONFLICTING_HEADERS",
  UNSUPPORTED_TRANSFER_ENCODING: "GOJSON_ERR_UNSUPPORTED_TRANSFER_ENCODING",
  BODY_REQUIRED: "GOJSON_ERR_BODY_REQUIRED",
  LENGTH_MISMATCH: "GOJSON_ERR_LENGTH_MISMATCH",
  BAD_ENCODING_DATA: "GOJSON_ERR_BAD_ENCODING_DATA",
  EMPTY_BODY: "GOJSON_ERR_EMPTY_BODY",
  BOM: "GOJSON_ERR_BOM",
  INVALID_JSON: "GOJSON_ERR_INVALID_JSON",
  TRAILING_DATA: "GOJSON_ERR_TRAILING_DATA",
  DUPLICATE_NAME: "GOJSON_ERR_DUPLICATE_NAME",
  INVALID_UTF8: "GOJSON_ERR_INVALID_UTF8",
  LONE_SURROGATE: "GOJSON_ERR_LONE_SURROGATE",
  MAX_DEPTH: "GOJSON_ERR_MAX_DEPTH",
  FORBIDDEN_KEY: "GOJSON_ERR_FORBIDDEN_KEY",
  UNSAFE_INTEGER: "GOJSON_ERR_UNSAFE_INTEGER",
  NUMBER_OVERFLOW: "GOJSON_ERR_NUMBER_OVERFLOW",
  TOP_LEVEL_TYPE: "GOJSON_ERR_TOP_LEVEL_TYPE",
  DECODE: "GOJSON_ERR_DECODE",
  VALIDATION: "GOJSON_ERR_VALIDATION",
  INTERNAL: "GOJSON_ERR_INTERNAL",
} as const);

/** One of the stable `GOJSON_ERR_...` codes of {@link StrictBodyError}. */
export type StrictBodyErrorCode = (typeof StrictBodyCode)[keyof typeof StrictBodyCode];

/**
 * HTTP statuses a {@link StrictBodyError} can carry: 400, 408, 413, 415 for
 * the body; 501 for a Transfer-Encoding other than chunked (RFC 9112 §6.1, as
 * Go's server answers); 500 when the application's `decode` failed with
 * something other than a JSON or validation error (a bug, never echoed).
 */
export type StrictBodyStatus = 400 | 408 | 413 | 415 | 500 | 501;

/** One problem found by a validator: its message and where (RFC 6901 pointer). */
export interface StrictBodyIssue {
  readonly message: string;
  readonly pointer: string;
}

/** Fields of a {@link StrictBodyError}. */
export interface StrictBodyErrorInit {
  code: StrictBodyErrorCode;
  statusCode: StrictBodyStatus;
  message: string;
  offset?: number;
  pointer?: string;
  /** True when the body was not read to its end: the connection must close after the answer. */
  closeConnection?: boolean;
  /** Every problem a validator reported (Standard Schema adapter). */
  issues?: readonly StrictBodyIssue[];
  cause?: unknown;
}

/**
 * StrictBodyError is a request body rejected by strict-http: an HTTP status
 * (400, 408, 413, 415; 501 for an unsupported Transfer-Encoding; 500 when the
 * application's decoder failed), a stable code, and, for syntax errors, the
 * byte offset and the RFC 6901 pointer. The message never contains bytes of
 * the body, and a 500's message never the decoder's error (that is `cause`).
 */
export class StrictBodyError extends Error {
  override readonly name = "StrictBodyError" as const;
  readonly code: StrictBodyErrorCode;
  readonly statusCode: StrictBodyStatus;
  readonly offset?: number;
  readonly pointer?: string;
  /** True when the request body was left unread: answer with `Connection: close`. */
  readonly closeConnection: boolean;
  readonly issues?: readonly StrictBodyIssue[];

  constructor(init: StrictBodyErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.code = init.code;
    this.statusCode = init.statusCode;
    if (init.offset !== undefined) this.offset = init.offset;
    if (init.pointer !== undefined) this.pointer = init.pointer;
    this.closeConnection = init.closeConnection ?? false;
    if (init.issues !== undefined) this.issues = init.issues;
    Object.defineProperty(this, MARKER, { value: true });
  }

  /** isInstance reports whether e is a StrictBodyError, also from another installed copy. */
  static isInstance(e: unknown): e is StrictBodyError {
    return typeof e === "object" && e !== null && (e as Record<symbol, unknown>)[MARKER] === true;
  }
}

/** withCloseConnection returns err marked `closeConnection: true` (the same error when it already is). */
export function withCloseConnection(err: StrictBodyError): StrictBodyError {
  if (err.closeConnection) return err;
  return new StrictBodyError({
    code: err.code,
    statusCode: err.statusCode,
    message: err.message,
    ...(err.offset !== undefined ? { offset: err.offset } : {}),
    ...(err.pointer !== undefined ? { pointer: err.pointer } : {}),
    ...(err.issues !== undefined ? { issues: err.issues } : {}),
    ...(err.cause !== undefined ? { cause: err.cause } : {}),
    closeConnection: true,
  });
}

/** syntaxError builds the 400 error of the parse pass, with offset and pointer. */
export function syntaxError(
  code: StrictBodyErrorCode,
  what: string,
  offset: number,
  pointer: string,
): StrictBodyError {
  // The pointer holds member names from the body: it is a field, never part of the message.
  return new StrictBodyError({
    code,
    statusCode: 400,
    message: `invalid JSON body: ${what} at byte offset ${offset}`,
    offset,
    pointer,
  });
}
