import type { IncomingMessage } from "node:http";
import { DEFAULT_BODY_TIMEOUT_MS, DEFAULT_CONTENT_TYPES, DEFAULT_MAX_BYTES } from "./constants.js";
import { checkContentEncoding, checkContentLength, checkContentType } from "./content-type.js";
import { StrictBodyCode as C, StrictBodyError } from "./errors.js";
import {
  type ParseStrictOptions,
  parseStrict,
  type ResolvedParseOptions,
  resolveParseOptions,
} from "./parse-strict.js";
import { type ReadLimits, readNodeBody, readWebBody } from "./read-body.js";

/** A body decoder: takes the raw UTF-8 bytes, returns the value (or a promise of it), throws to reject with 400. */
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
  /** Replaces the strict parse; an error it throws becomes a 400 with that error's message. */
  decode?: BodyDecoder;
}

/** Resolved, frozen form of {@link ReadJsonOptions}. */
export interface ResolvedReadJsonOptions {
  readonly maxBytes: number;
  readonly contentTypes: readonly string[];
  readonly inflate: boolean;
  readonly bodyTimeoutMs: number;
  readonly decode: BodyDecoder | undefined;
  readonly parse: ResolvedParseOptions;
}

const RESOLVED = Symbol("strict-http.resolved");

/** resolveReadJsonOptions checks and freezes options once; pass the result to readJson on hot paths. */
export function resolveReadJsonOptions(
  o: ReadJsonOptions | ResolvedReadJsonOptions = {},
): ResolvedReadJsonOptions {
  if ((o as Record<symbol, unknown>)[RESOLVED]) return o as ResolvedReadJsonOptions;
  const r = o as ReadJsonOptions;
  const maxBytes = r.maxBytes ?? DEFAULT_MAX_BYTES;
  if (!Number.isSafeInteger(maxBytes) || maxBytes < 0)
    throw new RangeError("maxBytes must be a non-negative integer");
  const bodyTimeoutMs = r.bodyTimeoutMs ?? DEFAULT_BODY_TIMEOUT_MS;
  if (!(bodyTimeoutMs >= 0)) throw new RangeError("bodyTimeoutMs must be >= 0");
  const out = {
    maxBytes,
    contentTypes: Object.freeze((r.contentTypes ?? DEFAULT_CONTENT_TYPES).map((t) => t.toLowerCase())),
    inflate: r.inflate ?? false,
    bodyTimeoutMs,
    decode: r.decode,
    parse: resolveParseOptions(r),
  };
  Object.defineProperty(out, RESOLVED, { value: true });
  return Object.freeze(out);
}

function isWebRequest(source: IncomingMessage | Request): source is Request {
  return typeof (source as Request).headers?.get === "function" && !("socket" in source);
}

function header(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v.join(", ") : v;
}

/**
 * readJson reads and checks a JSON request body from node:http or a Fetch
 * Request, in a fixed order: Content-Type (415), charset (415),
 * Content-Encoding (415 unless inflating), Content-Length over the limit (413
 * before reading), a streaming count stopping at limit + 1 (413), the body
 * timeout (408), declared length against received (400), then one strict
 * pass over the bytes (400 with offset and pointer). It resolves to the value
 * or rejects with a {@link StrictBodyError}.
 */
export async function readJson(
  source: IncomingMessage | Request,
  options?: ReadJsonOptions | ResolvedReadJsonOptions,
): Promise<unknown> {
  const o = resolveReadJsonOptions(options);
  let ct: string | undefined;
  let ce: string | undefined;
  let cl: string | undefined;
  const web = isWebRequest(source);
  if (web) {
    ct = source.headers.get("content-type") ?? undefined;
    ce = source.headers.get("content-encoding") ?? undefined;
    cl = source.headers.get("content-length") ?? undefined;
  } else {
    const h = source.headers;
    ct = h["content-type"];
    ce = header(h["content-encoding"]);
    cl = h["content-length"];
  }
  checkContentType(ct, o.contentTypes);
  const inflater = checkContentEncoding(ce, o.inflate);
  const declaredLength = checkContentLength(cl, o.maxBytes);
  const limits: ReadLimits = { maxBytes: o.maxBytes, timeoutMs: o.bodyTimeoutMs, declaredLength, inflater };
  const body = web ? await readWebBody(source, limits) : await readNodeBody(source, limits);
  return decodeBody(body, o);
}

/** decodeBody runs the last step: the strict parse, or the caller's decoder with its errors mapped to 400. */
export async function decodeBody(body: Uint8Array, o: ResolvedReadJsonOptions): Promise<unknown> {
  if (o.decode === undefined) return parseStrict(body, o.parse);
  // A blank body gets the strict parse's own EMPTY_BODY answer (offset: where the input ends).
  if (isBlank(body)) return parseStrict(body, o.parse);
  try {
    return await o.decode(body);
  } catch (e) {
    throw toDecodeError(e);
  }
}

function isBlank(b: Uint8Array): boolean {
  for (const c of b) if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) return false;
  return true;
}

function numberField(v: unknown): number | undefined {
  return typeof v === "number" ? v : typeof v === "bigint" ? Number(v) : undefined;
}

/**
 * toDecodeError maps an error thrown by a decoder to a 400, keeping its
 * message, offset and pointer: `offset`/`pointer` (jsontext's SyntacticError,
 * codec-v1's UnmarshalTypeError) or `byteOffset`/`jsonPointer` (codec-v2's
 * SemanticError, as Go's json.SemanticError names them).
 */
export function toDecodeError(e: unknown): StrictBodyError {
  if (StrictBodyError.isInstance(e)) return e;
  const r = (typeof e === "object" && e !== null ? e : {}) as {
    message?: unknown;
    offset?: unknown;
    pointer?: unknown;
    byteOffset?: unknown;
    jsonPointer?: unknown;
  };
  const offset = numberField(r.offset) ?? numberField(r.byteOffset);
  const pointer =
    typeof r.pointer === "string" ? r.pointer : typeof r.jsonPointer === "string" ? r.jsonPointer : undefined;
  return new StrictBodyError({
    code: C.DECODE,
    statusCode: 400,
    message: typeof r.message === "string" && r.message !== "" ? r.message : "invalid request body",
    ...(offset !== undefined ? { offset } : {}),
    ...(pointer !== undefined ? { pointer } : {}),
    cause: e,
  });
}
