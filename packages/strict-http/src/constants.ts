/** Default body limit in bytes (1 MiB), counted after inflating when `inflate` is on. */
export const DEFAULT_MAX_BYTES = 1024 * 1024;

/**
 * Default nesting limit for arrays and objects. `JSON.stringify` overflows the
 * stack of Node 20 at a depth of about 4500 (measured: 4000 passes, 5000 throws),
 * and less when called deep inside a framework: 1000 leaves a wide margin.
 */
export const DEFAULT_MAX_DEPTH = 1000;

/** Default time in milliseconds allowed to receive the whole body (408 past it). */
export const DEFAULT_BODY_TIMEOUT_MS = 10_000;

/** Media types accepted by default (RFC 8259 §11). */
export const DEFAULT_CONTENT_TYPES: readonly string[] = Object.freeze(["application/json"]);

/** Largest integer magnitude kept as a `number` (2^53 − 1); beyond it, 400 or a bigint. */
export const MAX_SAFE_INTEGER = Number.MAX_SAFE_INTEGER;

/** Content-Encoding values that `inflate: true` accepts (RFC 9110 §8.4.1). */
export const INFLATE_ENCODINGS: readonly string[] = Object.freeze(["gzip", "x-gzip", "deflate", "br"]);

/**
 * Largest unread body (declared by Content-Length) left for node:http to read
 * and discard after an early rejection so that the connection can be kept
 * (256 KiB, Go's `maxPostHandlerReadBytes`). A larger or chunked unread body
 * closes the connection instead.
 */
export const DISCARD_MAX_BYTES = 256 * 1024;

/**
 * Time in ms a connection closed after an early rejection stays half open
 * (the answer and FIN sent, nothing more read) before it is destroyed, so that a
 * client still sending reads the status instead of a TCP reset (500 ms, Go's
 * `rstAvoidanceDelay`).
 */
export const LINGER_MS = 500;
