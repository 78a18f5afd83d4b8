import type { ServerResponse } from "node:http";
import { STATUS_CODES } from "node:http";
import { StrictBodyError, type StrictBodyIssue } from "./errors.js";

/** An RFC 9457 problem details object, with strict-http's extension members. */
export interface ProblemDetails {
  type: string;
  title: string;
  status: number;
  detail: string;
  code?: string;
  offset?: number;
  pointer?: string;
  errors?: readonly StrictBodyIssue[];
}

/** The media type of problem details (RFC 9457 §3). */
export const PROBLEM_CONTENT_TYPE = "application/problem+json";

/**
 * problemDetails renders an error as RFC 9457 problem details. A
 * StrictBodyError gives its status, code, offset and pointer; anything else
 * becomes a bare 500 that says nothing about the error.
 */
export function problemDetails(err: unknown): ProblemDetails {
  if (!StrictBodyError.isInstance(err)) {
    return {
      type: "about:blank",
      title: "Internal Server Error",
      status: 500,
      detail: "internal server error",
    };
  }
  const p: ProblemDetails = {
    type: "about:blank",
    title: STATUS_CODES[err.statusCode] ?? "Error",
    status: err.statusCode,
    detail: err.message,
    code: err.code,
  };
  if (err.offset !== undefined) p.offset = err.offset;
  if (err.pointer !== undefined) p.pointer = err.pointer;
  if (err.issues !== undefined) p.errors = err.issues;
  return p;
}

/** problemHeaders gives the headers of a problem answer: the media type, and `Connection: close` when the body was left unread. */
export function problemHeaders(err: unknown): Record<string, string> {
  const h: Record<string, string> = { "content-type": PROBLEM_CONTENT_TYPE, "cache-control": "no-store" };
  if (StrictBodyError.isInstance(err) && err.closeConnection) h.connection = "close";
  return h;
}

/**
 * sendProblem writes an error to a node:http response as
 * application/problem+json, closing the connection when the request body was
 * left unread (413, 408, aborted or mismatched bodies).
 */
export function sendProblem(res: ServerResponse, err: unknown): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const p = problemDetails(err);
  const body = JSON.stringify(p);
  const headers = problemHeaders(err);
  for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
  res.setHeader("content-length", Buffer.byteLength(body));
  if (headers.connection === "close") res.shouldKeepAlive = false;
  res.statusCode = p.status;
  res.end(body);
}
