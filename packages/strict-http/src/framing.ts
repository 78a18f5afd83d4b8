import { StrictBodyCode as C, StrictBodyError } from "./errors.js";
import type { BodyHeaders } from "./request-headers.js";

/** How the body is delimited (RFC 9112 §6): a declared length, chunked, or no body at all. */
export interface Framing {
  /** The declared Content-Length, when one was sent. */
  readonly declaredLength: number | undefined;
  /** Transfer-Encoding: chunked. */
  readonly chunked: boolean;
}

const LENGTH = /^[0-9]{1,16}$/;

/**
 * checkFraming reads Transfer-Encoding and Content-Length as Go's net/http
 * does (transfer.go): a Transfer-Encoding other than exactly `chunked` is 501
 * (Go: "Unsupported transfer encoding"); a malformed Content-Length is 400;
 * repeated Content-Length values must agree (Go keeps one of identical lines and
 * rejects different ones with 400); both headers at once is 400 (request
 * smuggling; node:http refuses it before the handler runs).
 */
export function checkFraming(h: BodyHeaders): Framing {
  const te = h.transferEncoding;
  const chunked = te.length > 0;
  if (chunked && (te.length !== 1 || (te[0] as string).toLowerCase() !== "chunked")) {
    throw new StrictBodyError({
      code: C.UNSUPPORTED_TRANSFER_ENCODING,
      statusCode: 501,
      message: "unsupported Transfer-Encoding: only chunked is accepted",
      closeConnection: true,
    });
  }
  let declaredLength: number | undefined;
  for (const v of h.contentLength) {
    if (!LENGTH.test(v)) {
      throw new StrictBodyError({
        code: C.BAD_CONTENT_LENGTH,
        statusCode: 400,
        message: "malformed Content-Length",
        closeConnection: true,
      });
    }
    const n = Number(v);
    if (declaredLength !== undefined && n !== declaredLength) {
      throw new StrictBodyError({
        code: C.CONFLICTING_HEADERS,
        statusCode: 400,
        message: "conflicting Content-Length headers",
        closeConnection: true,
      });
    }
    declaredLength = n;
  }
  if (chunked && declaredLength !== undefined) {
    throw new StrictBodyError({
      code: C.CONFLICTING_HEADERS,
      statusCode: 400,
      message: "Content-Length and Transfer-Encoding together: a body is framed one way",
      closeConnection: true,
    });
  }
  return { declaredLength, chunked };
}

/** hasBody reports whether the framing announces body bytes (chunked, or a length above 0). */
export function hasBody(f: Framing): boolean {
  return f.chunked || (f.declaredLength !== undefined && f.declaredLength > 0);
}

/** checkDeclaredLength applies check 4: a declared length over the limit is 413 at once, before any read. */
export function checkDeclaredLength(declaredLength: number | undefined, maxBytes: number): void {
  if (declaredLength !== undefined && declaredLength > maxBytes) {
    throw new StrictBodyError({
      code: C.BODY_TOO_LARGE,
      statusCode: 413,
      message: `request body too large: Content-Length ${declaredLength} exceeds the limit of ${maxBytes} bytes`,
      closeConnection: true,
    });
  }
}
