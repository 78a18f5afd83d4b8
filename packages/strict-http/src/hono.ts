import type { IncomingMessage, ServerResponse } from "node:http";
import type { Context, MiddlewareHandler } from "hono";
import { StrictBodyError } from "./errors.js";
import { problemDetails, problemHeaders } from "./problem-details.js";
import { type ReadJsonOptions, readJson, readNodeJson, resolveReadJsonOptions } from "./read-json.js";

/** The context variable the Hono middleware fills. */
export type StrictJsonVariables = { body: unknown };

/**
 * nodeBindings returns @hono/node-server's `{ incoming, outgoing }` when the
 * app runs on it and the body is still unread: reading the node:http request
 * itself gives the raw header lines and a connection closed safely after a
 * rejection, as for the other adapters.
 */
function nodeBindings(env: unknown): { incoming: IncomingMessage; outgoing: ServerResponse } | undefined {
  const e = env as { incoming?: unknown; outgoing?: unknown } | undefined;
  const incoming = e?.incoming as IncomingMessage | undefined;
  const outgoing = e?.outgoing as ServerResponse | undefined;
  if (!incoming || !outgoing || !Array.isArray(incoming.rawHeaders) || typeof incoming.on !== "function")
    return undefined;
  if (typeof outgoing.setHeader !== "function" || incoming.readableDidRead || incoming.readableEnded)
    return undefined;
  return { incoming, outgoing };
}

/**
 * strictJson is a Hono middleware that reads the request with readJson and
 * stores the value as `c.get("body")`; a StrictBodyError is answered as
 * RFC 9457 problem details. On @hono/node-server it reads the node:http
 * request underneath (see nodeBindings); elsewhere the Fetch Request.
 */
export function strictJson(
  options: ReadJsonOptions = {},
): MiddlewareHandler<{ Variables: StrictJsonVariables }> {
  const o = resolveReadJsonOptions(options);
  return async (c: Context<{ Variables: StrictJsonVariables }>, next) => {
    let v: unknown;
    try {
      const node = nodeBindings(c.env);
      v = node ? await readNodeJson(node.incoming, o, node.outgoing) : await readJson(c.req.raw, o);
    } catch (err) {
      if (!StrictBodyError.isInstance(err)) throw err;
      return c.body(JSON.stringify(problemDetails(err)), err.statusCode, problemHeaders(err));
    }
    c.set("body", v);
    await next();
  };
}
