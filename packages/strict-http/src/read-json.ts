import type { IncomingMessage, ServerResponse } from "node:http";
import { CHUNKED, commonLength, NOT_COMMON } from "./common-headers.js";
import { closeAfterResponse, responseOf } from "./connection-guard.js";
import {
  DEFAULT_BODY_TIMEOUT_MS,
  DEFAULT_CONTENT_TYPES,
  DEFAULT_MAX_BYTES,
  DISCARD_MAX_BYTES,
  LINGER_MS,
} from "./constants.js";
import { checkContentEncoding, checkContentType } from "./content-type.js";
import { toDecodeError } from "./decode-error.js";
import { StrictBodyCode as C, StrictBodyError, withCloseConnection } from "./errors.js";
import { checkDeclaredLength, checkFraming, type Framing, hasBody } from "./framing.js";
import { readNodeBodyInto } from "./node-body.js";
import {
  type ParseStrictOptions,
  parseStrict,
  type ResolvedParseOptions,
  resolveParseOptions,
} from "./parse-strict.js";
import { type ReadLimits, readWebBody } from "./read-body.js";
import { type BodyHeaders, nodeBodyHeaders, webBodyHeaders } from "./request-headers.js";

export { toDecodeError } from "./decode-error.js";

/**
 * A body decoder: takes the raw UTF-8 bytes and returns the value (or a
 * promise of it). A JsonError, a StrictBodyError or a Standard Schema failure
 * it throws rejects the body (400); anything else is a server error (500).
 */
export type BodyDecoder = (body: Uint8Array) => unknown;

/** Options of {@link readJson}; see the README table for the order in which they apply. */
export interface ReadJsonOptions extends ParseStrictOptions {
  /** Largest body in bytes, counted after inflating (default {@link DEFAULT_MAX_BYTES}). */
  maxBytes?: number;
  /** Accepted media types, lower case; `type/*+suffix` matches structured suffixes (default `application/json`). */
  contentTypes?: readonly string[];
  /** Undo Content-Encoding gzip, deflate or br (default false: 415). */
  inflate?: boolean;
  /** Time allowed to receive the whole body, in ms; 0 disables (default {@link DEFAULT_BODY_TIMEOUT_MS}). */
  bodyTimeoutMs?: number;
  /**
   * Replaces the strict parse. A JSON error (any gojson JsonError: codec and
   * syntax errors, Go's text) or a StrictBodyError it throws is a 400 with that
   * error's message, offset and pointer; a Standard Schema failure (an error
   * with `issues`) a 400 GOJSON_ERR_VALIDATION; anything else a 500 that says
   * nothing about it (see `onServerError`).
   */
  decode?: BodyDecoder;
  /**
   * Called with the error when `decode` fails with something other than a JSON
   * or validation error (a bug): readJson then rejects with a 500
   * GOJSON_ERR_INTERNAL whose message never echoes it. Log it here (default:
   * nothing is called; the error is still the 500's `cause`).
   */
  onServerError?: (err: unknown) => void;
  /**
   * A request without a body (no Content-Length above 0, not chunked) and
   * without a Content-Type, such as a plain GET or HEAD, is a 400
   * GOJSON_ERR_BODY_REQUIRED (default true). With false, readJson resolves to
   * `undefined` for any request that carries no body bytes.
   */
  requireBody?: boolean;
}

/** Resolved, frozen form of {@link ReadJsonOptions}. */
export interface ResolvedReadJsonOptions {
  readonly maxBytes: number;
  readonly contentTypes: readonly string[];
  readonly inflate: boolean;
  readonly bodyTimeoutMs: number;
  readonly decode: BodyDecoder | undefined;
  readonly onServerError: ((err: unknown) => void) | undefined;
  readonly requireBody: boolean;
  readonly parse: ResolvedParseOptions;
}

const RESOLVED = Symbol("strict-http.resolved");

/** What an options object held when it was last resolved: its members, and its content types' items. */
interface Resolution {
  readonly members: Record<string, unknown>;
  /** How many members it held. */
  readonly count: number;
  readonly types: readonly string[] | undefined;
  readonly resolved: ResolvedReadJsonOptions;
}

/**
 * The last resolution of each plain options object: a server passes the same
 * object on every request, and checking that nothing in it changed costs less
 * than resolving it again.
 */
const lastResolved = new WeakMap<object, Resolution>();

function sameItems(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function unchanged(o: ReadJsonOptions, last: Resolution): boolean {
  let n = 0;
  for (const k in o) {
    if (!Object.hasOwn(last.members, k) || (o as Record<string, unknown>)[k] !== last.members[k])
      return false;
    n++;
  }
  return n === last.count && sameItems(o.contentTypes, last.types);
}

/** resolveReadJsonOptions checks and freezes options once; pass the result to readJson on hot paths. */
export function resolveReadJsonOptions(
  o: ReadJsonOptions | ResolvedReadJsonOptions = {},
): ResolvedReadJsonOptions {
  if ((o as Record<symbol, unknown>)[RESOLVED]) return o as ResolvedReadJsonOptions;
  const r = o as ReadJsonOptions;
  const last = lastResolved.get(r);
  if (last !== undefined && unchanged(r, last)) return last.resolved;
  const resolved = resolveFresh(r);
  const members = { ...r };
  lastResolved.set(r, {
    members,
    count: Object.keys(members).length,
    types: r.contentTypes && [...r.contentTypes],
    resolved,
  });
  return resolved;
}

function resolveFresh(r: ReadJsonOptions): ResolvedReadJsonOptions {
  const maxBytes = r.maxBytes ?? DEFAULT_MAX_BYTES;
  if (!Number.isSafeInteger(maxBytes) || maxBytes < 0)
    throw new RangeError("maxBytes must be a non-negative integer");
  const bodyTimeoutMs = r.bodyTimeoutMs ?? DEFAULT_BODY_TIMEOUT_MS;
  if (!(bodyTimeoutMs >= 0)) throw new RangeError("bodyTimeoutMs must be >= 0");
  if (r.onServerError !== undefined && typeof r.onServerError !== "function")
    throw new TypeError("onServerError must be a function");
  const out = {
    maxBytes,
    contentTypes: Object.freeze((r.contentTypes ?? DEFAULT_CONTENT_TYPES).map((t) => t.toLowerCase())),
    inflate: r.inflate ?? false,
    bodyTimeoutMs,
    decode: r.decode,
    onServerError: r.onServerError,
    requireBody: r.requireBody ?? true,
    parse: resolveParseOptions(r),
  };
  Object.defineProperty(out, RESOLVED, { value: true });
  return Object.freeze(out);
}

/** smallUnread reports whether an unread body is declared small enough for the server to discard it (Go's rule). */
function smallUnread(f: Framing): boolean {
  return !f.chunked && f.declaredLength !== undefined && f.declaredLength <= DISCARD_MAX_BYTES;
}

function isWebRequest(source: IncomingMessage | Request): source is Request {
  return typeof (source as Request).headers?.get === "function" && !("socket" in source);
}

/** What the headers allow: nothing to read (`undefined`), or the limits of the read. */
type HeaderVerdict = { readonly none: true } | { readonly none: false; readonly limits: ReadLimits };

/**
 * checkHeaders applies the header checks in order: framing (Transfer-Encoding
 * 501, Content-Length 400), a request without any body (400 BODY_REQUIRED, or
 * nothing to read), Content-Type (415, 400 when repeated lines disagree),
 * charset (415), Content-Encoding (415), declared length over the limit (413).
 */
function checkHeaders(h: BodyHeaders, framing: Framing, bodyPresent: boolean, o: ResolvedReadJsonOptions) {
  if (!bodyPresent && (!o.requireBody || h.contentType.length === 0)) {
    if (!o.requireBody) return { none: true } as HeaderVerdict;
    throw new StrictBodyError({
      code: C.BODY_REQUIRED,
      statusCode: 400,
      message: `request body required: send a JSON body with Content-Type: ${o.contentTypes[0] ?? "application/json"}`,
    });
  }
  checkContentType(h.contentType, o.contentTypes);
  const inflater = checkContentEncoding(h.contentEncoding, o.inflate);
  checkDeclaredLength(framing.declaredLength, o.maxBytes);
  const limits: ReadLimits = {
    maxBytes: o.maxBytes,
    timeoutMs: o.bodyTimeoutMs,
    declaredLength: framing.declaredLength,
    inflater,
  };
  return { none: false, limits } as HeaderVerdict;
}

/**
 * readJson reads and checks a JSON request body from node:http or a Fetch
 * Request, in a fixed order: framing (Transfer-Encoding other than chunked
 * 501, malformed or conflicting Content-Length 400), a request with no body at
 * all (400 BODY_REQUIRED unless `requireBody: false`), Content-Type (415;
 * repeated lines that disagree 400), charset (415), Content-Encoding (415
 * unless inflating), Content-Length over the limit (413 before reading), a
 * streaming count stopping at limit + 1 (413), the body timeout (408),
 * declared length against received (400), then one strict pass over the bytes
 * (400 with offset and pointer) or the `decode` given. It resolves to the
 * value or rejects with a {@link StrictBodyError}.
 *
 * On node:http a rejection that leaves the body unread also leaves the
 * connection safe, whatever the handler answers: nothing more is read, the
 * answer closes the connection, and the socket lingers briefly so that the
 * client reads the status (see the README, "Connections").
 */
export function readJson(
  source: IncomingMessage | Request,
  options?: ReadJsonOptions | ResolvedReadJsonOptions,
): Promise<unknown> {
  const o = resolveReadJsonOptions(options);
  if (isWebRequest(source)) return readWebJson(source, o);
  return readNodeJson(source, o, responseOf(source));
}

async function readWebJson(req: Request, o: ResolvedReadJsonOptions): Promise<unknown> {
  const h = webBodyHeaders(req);
  const framing = checkFraming(h);
  const bodyPresent = hasBody(framing) || (req.body !== null && framing.declaredLength === undefined);
  let verdict: HeaderVerdict;
  try {
    verdict = checkHeaders(h, framing, bodyPresent, o);
  } catch (e) {
    // A chunked or large body left unread: the answer should close the connection.
    throw StrictBodyError.isInstance(e) && bodyPresent && !smallUnread(framing) ? withCloseConnection(e) : e;
  }
  if (verdict.none) return undefined;
  const body = await readWebBody(req, verdict.limits);
  return decodeBody(body, o);
}

/**
 * readNodeJson is readJson for node:http with the response that answers req
 * (the adapters pass it; readJson finds it on the socket): every rejection
 * that leaves body bytes unread goes through closeAfterResponse.
 */
export function readNodeJson(
  req: IncomingMessage,
  options: ReadJsonOptions | ResolvedReadJsonOptions,
  res: ServerResponse | undefined,
): Promise<unknown> {
  let o: ResolvedReadJsonOptions;
  let framing: Framing | undefined;
  let limits: ReadLimits;
  try {
    o = resolveReadJsonOptions(options);
    const raw = req.rawHeaders;
    const common = Array.isArray(raw) ? commonLength(raw, o.contentTypes, o.maxBytes) : NOT_COMMON;
    if (common !== NOT_COMMON) {
      limits = {
        maxBytes: o.maxBytes,
        timeoutMs: o.bodyTimeoutMs,
        declaredLength: common === CHUNKED ? undefined : common,
        inflater: undefined,
      };
    } else {
      const h = nodeBodyHeaders(req);
      framing = checkFraming(h);
      const verdict = checkHeaders(h, framing, hasBody(framing), o);
      if (verdict.none) return Promise.resolve(undefined);
      limits = verdict.limits;
    }
  } catch (e) {
    return Promise.reject(headerRejection(e, framing, req, res));
  }
  // One promise from the first byte to the value: the parse runs as soon as the body is complete.
  return readNodeBodyInto(req, res, limits, finishBody, o);
}

/** finishBody turns a complete body into the value: the strict parse, or the decoder (see decodeBody). */
function finishBody(body: Uint8Array, o: ResolvedReadJsonOptions): unknown {
  return o.decode === undefined ? parseStrict(body, o.parse) : decodeNow(body, o);
}

/**
 * headerRejection is the error for a request refused on its headers; when
 * body bytes stay unread the connection closes after the answer.
 */
function headerRejection(
  e: unknown,
  framing: Framing | undefined,
  req: IncomingMessage,
  res: ServerResponse | undefined,
): unknown {
  if (!StrictBodyError.isInstance(e) || framing === undefined || !hasBody(framing)) {
    if (StrictBodyError.isInstance(e) && e.closeConnection) closeAfterResponse(req, res, LINGER_MS);
    return e;
  }
  // A small declared body is left for node:http to discard (the connection is kept, as in Go);
  // a chunked or larger one must not be read: the connection closes after the answer.
  if (!e.closeConnection && smallUnread(framing)) return e;
  closeAfterResponse(req, res, LINGER_MS);
  return withCloseConnection(e);
}

/**
 * decodeBody runs the last step on the bytes of a body: the strict parse, or
 * the caller's decoder with its errors mapped by {@link toDecodeError} (a
 * 500 is reported to `onServerError` first).
 */
export async function decodeBody(
  body: Uint8Array,
  options: ReadJsonOptions | ResolvedReadJsonOptions,
): Promise<unknown> {
  const o = resolveReadJsonOptions(options);
  if (o.decode === undefined) return parseStrict(body, o.parse);
  return decodeNow(body, o);
}

/**
 * decodeNow is decodeBody with a decoder, synchronous when the decoder is: its
 * value, or a promise when it returned one (whose rejection is mapped alike).
 */
function decodeNow(body: Uint8Array, o: ResolvedReadJsonOptions): unknown {
  // A blank body gets the strict parse's own EMPTY_BODY answer (offset: where the input ends).
  if (isBlank(body)) return parseStrict(body, o.parse);
  let v: unknown;
  try {
    v = (o.decode as BodyDecoder)(body);
  } catch (e) {
    throw decoderError(e, o);
  }
  if (v !== null && typeof (v as { then?: unknown }).then === "function")
    return (v as PromiseLike<unknown>).then(undefined, (e: unknown) => {
      throw decoderError(e, o);
    });
  return v;
}

/** decoderError maps what a decoder threw; a 500 is reported to onServerError first. */
function decoderError(e: unknown, o: ResolvedReadJsonOptions): StrictBodyError {
  const err = toDecodeError(e);
  if (err.statusCode === 500 && o.onServerError !== undefined) {
    try {
      o.onServerError(e);
    } catch {
      // a failing reporter must not turn the 500 into something else
    }
  }
  return err;
}

function isBlank(b: Uint8Array): boolean {
  for (const c of b) if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) return false;
  return true;
}
