import type { IncomingMessage, ServerResponse } from "node:http";
import { StrictBodyError } from "./errors.js";
import { sendProblem } from "./problem-details.js";
import { type ReadJsonOptions, readNodeJson, resolveReadJsonOptions } from "./read-json.js";

/** Options of the Express middleware. */
export interface ExpressStrictJsonOptions extends ReadJsonOptions {
  /** "send" answers problem details itself (default); "next" passes the StrictBodyError to Express's error handlers. */
  onError?: "send" | "next";
}

type Req = IncomingMessage & { body?: unknown };
type Next = (err?: unknown) => void;

function hasBody(req: IncomingMessage): boolean {
  return req.headers["transfer-encoding"] !== undefined || req.headers["content-length"] !== undefined;
}

/**
 * strictJson is an Express middleware (Express 4 and 5) that sets `req.body`
 * from readJson. Requests without a body (no Content-Length, no
 * Transfer-Encoding) pass untouched, as with express.json(). A rejection that
 * leaves the body unread closes the connection after whatever answer follows
 * (also with `onError: "next"`).
 */
export function strictJson(options: ExpressStrictJsonOptions = {}) {
  const { onError = "send", ...rest } = options;
  const o = resolveReadJsonOptions(rest);
  return function strictJsonMiddleware(req: Req, res: ServerResponse, next: Next): void {
    if (!hasBody(req)) {
      next();
      return;
    }
    readNodeJson(req, o, res).then(
      (v) => {
        req.body = v;
        next();
      },
      (err) => {
        if (StrictBodyError.isInstance(err) && onError === "send") sendProblem(res, err);
        else next(err);
      },
    );
  };
}
