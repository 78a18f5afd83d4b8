import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { StrictBodyError } from "./errors.js";
import { problemDetails, problemHeaders } from "./problem-details.js";
import { type ReadJsonOptions, readJson, resolveReadJsonOptions } from "./read-json.js";

/** Options of the Fastify plugin. */
export interface FastifyStrictJsonOptions extends ReadJsonOptions {
  /** Answer StrictBodyErrors as RFC 9457 problem details (default true); false leaves them to Fastify's error handler. */
  problemDetails?: boolean;
  /** Remove every other content-type parser (text/plain included) so that other media types get 415 (default true). */
  exclusive?: boolean;
}

/**
 * strictJson is a Fastify plugin (Fastify 4 and 5) that replaces the
 * application/json content-type parser with readJson. Register it at the
 * root: it is marked to skip encapsulation, like fastify-plugin.
 */
export function strictJson(
  fastify: FastifyInstance,
  options: FastifyStrictJsonOptions,
  done: (err?: Error) => void,
): void {
  const { problemDetails: asProblem = true, exclusive = true, ...rest } = options;
  const o = resolveReadJsonOptions(rest);
  const types = o.contentTypes;
  if (exclusive) fastify.removeAllContentTypeParsers();
  else {
    for (const t of types) {
      if (fastify.hasContentTypeParser(t)) fastify.removeContentTypeParser(t);
    }
  }
  const parser = (
    request: FastifyRequest,
    _payload: unknown,
    next: (err: Error | null, body?: unknown) => void,
  ) => {
    readJson(request.raw, o).then(
      (v) => next(null, v),
      (err) => next(err as Error),
    );
  };
  fastify.addContentTypeParser(types as string[], parser);
  // Exclusive: every other media type (and a malformed one such as
  // "application/json;") goes through readJson too, whose Content-Type check
  // answers 415 as problem details with GOJSON_ERR_UNSUPPORTED_MEDIA_TYPE,
  // instead of Fastify's own FST_ERR_CTP_INVALID_MEDIA_TYPE body.
  if (exclusive) fastify.addContentTypeParser("*", parser);
  if (asProblem) {
    fastify.addHook("onError", async (_req: FastifyRequest, reply: FastifyReply, err: unknown) => {
      if (StrictBodyError.isInstance(err) && err.closeConnection) reply.header("connection", "close");
    });
    const previous = fastify.errorHandler;
    fastify.setErrorHandler((err: unknown, request: FastifyRequest, reply: FastifyReply) => {
      if (!StrictBodyError.isInstance(err)) return previous.call(fastify, err as never, request, reply);
      reply
        .headers(problemHeaders(err))
        .code(err.statusCode)
        .send(JSON.stringify(problemDetails(err)));
    });
  }
  done();
}
(strictJson as unknown as Record<symbol, unknown>)[Symbol.for("skip-override")] = true;
(strictJson as unknown as Record<symbol, unknown>)[Symbol.for("fastify.display-name")] =
  "@gojson/strict-http";
