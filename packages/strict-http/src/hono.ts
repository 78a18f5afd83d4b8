import type { Context, MiddlewareHandler } from "hono";
import { StrictBodyError } from "./errors.js";
import { problemDetails, problemHeaders } from "./problem-details.js";
import { type ReadJsonOptions, readJson, resolveReadJsonOptions } from "./read-json.js";

/** The context variable the Hono middleware fills. */
export type StrictJsonVariables = { body: unknown };

/**
 * strictJson is a Hono middleware that reads the request with readJson and
 * stores the value as `c.get("body")`; a StrictBodyError is answered as
 * RFC 9457 problem details.
 */
export function strictJson(
  options: ReadJsonOptions = {},
): MiddlewareHandler<{ Variables: StrictJsonVariables }> {
  const o = resolveReadJsonOptions(options);
  return async (c: Context<{ Variables: StrictJsonVariables }>, next) => {
    let v: unknown;
    try {
      v = await readJson(c.req.raw, o);
    } catch (err) {
      if (!StrictBodyError.isInstance(err)) throw err;
      return c.body(JSON.stringify(problemDetails(err)), err.statusCode, problemHeaders(err));
    }
    c.set("body", v);
    await next();
  };
}
