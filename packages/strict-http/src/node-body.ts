/**
 * Reading a node:http body into a value with as little work per request as
 * the common case allows. node:http calls the handler while it parses the
 * request's head, and a small body usually came in the same packet: by the
 * next tick the parser has pushed all of it.
 * Then the body is taken in one `read()` and finished at once: no listeners,
 * no body timer, no copy. Otherwise (a body still arriving, inflating, an
 * aborted request) the streaming read of read-body.ts takes over, with its
 * limits, timer and listeners.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { closeAfterResponse } from "./connection-guard.js";
import { LINGER_MS } from "./constants.js";
import type { StrictBodyError } from "./errors.js";
import { type ReadLimits, streamNodeBody } from "./read-body.js";

/** Turns a complete body into the value (the strict parse or the decoder); may throw or return a promise. */
export type FinishBody<O> = (body: Uint8Array, options: O) => unknown;

const EMPTY = new Uint8Array(0);

/** One body being read: what the read needs, and the settlement of its promise. */
class NodeBodyRead<O> {
  resolve: (v: unknown) => void = noop;
  reject: (e: unknown) => void = noop;

  constructor(
    readonly req: IncomingMessage,
    readonly res: ServerResponse | undefined,
    readonly limits: ReadLimits,
    readonly finish: FinishBody<O>,
    readonly options: O,
  ) {}

  /** done finishes the body; a throw rejects (a parse error is not the connection's business). */
  done(body: Uint8Array): void {
    let v: unknown;
    try {
      v = this.finish(body, this.options);
    } catch (e) {
      this.reject(e);
      return;
    }
    this.resolve(v);
  }

  /** fail rejects with a transport error; one that leaves bytes unread closes the connection after the answer. */
  fail(e: StrictBodyError): void {
    if (e.closeConnection) closeAfterResponse(this.req, this.res, LINGER_MS);
    this.reject(e);
  }
}

function noop(): void {}

/** The read whose promise is being made (the executor runs synchronously: no closure per request). */
let opening: NodeBodyRead<unknown> | undefined;

function capture(resolve: (v: unknown) => void, reject: (e: unknown) => void): void {
  const r = opening as NodeBodyRead<unknown>;
  r.resolve = resolve;
  r.reject = reject;
}

/**
 * readNodeBodyInto reads the body of req under the limits and resolves to
 * `finish(body, options)`. Transport errors that leave bytes unread go
 * through closeAfterResponse (the answer closes the connection).
 */
export function readNodeBodyInto<O>(
  req: IncomingMessage,
  res: ServerResponse | undefined,
  limits: ReadLimits,
  finish: FinishBody<O>,
  options: O,
): Promise<unknown> {
  if (req.readableEnded || req.destroyed || (req as { _consuming?: boolean })._consuming)
    return Promise.reject(new TypeError("strict-http: the request body was already read"));
  const r = new NodeBodyRead(req, res, limits, finish, options);
  opening = r as NodeBodyRead<unknown>;
  const p = new Promise(capture);
  opening = undefined;
  process.nextTick(firstLook, r);
  return p;
}

/**
 * firstLook takes a body the parser has already pushed whole: as many bytes as
 * declared (node:http never pushes more than Content-Length; it may mark the
 * request complete only later), or a complete request's buffered bytes.
 * Anything else is streamed.
 */
function firstLook<O>(r: NodeBodyRead<O>): void {
  const { req, limits } = r;
  if (!req.destroyed && limits.inflater === undefined) {
    const n = req.readableLength;
    const declared = limits.declaredLength;
    if (declared === undefined ? req.complete && n <= limits.maxBytes : n === declared) {
      // Paused mode: one read returns every buffered byte (the chunk itself when there is one).
      const chunk = req.read() as Buffer | null;
      r.done(chunk ?? EMPTY);
      return;
    }
  }
  streamNodeBody(req, limits, (err, body) => {
    if (err) r.fail(err);
    else r.done(body as Uint8Array);
  });
}
