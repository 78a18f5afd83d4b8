/**
 * Member names matched on the input bytes (the fast paths' struct decoders and
 * `any` objects): a name known in advance is compared byte by byte with its
 * quoted UTF-8 form at the cursor, with no string made.
 *
 * Not semver-stable: part of `@gojson/jsontext/internal`.
 */
import { Buffer } from "node:buffer";
import { C } from "./cursor.js";
import { wellFormed } from "./well-formed.js";

/**
 * quotedBytes returns the UTF-8 bytes of name quoted as JSON writes it plainly (`"name"`), or
 * null when the name needs an escape or is not well formed (then only a decoded name can match it).
 */
export function quotedBytes(name: string): Uint8Array | null {
  const q = JSON.stringify(name);
  return q.length === name.length + 2 && wellFormed(name) ? new Uint8Array(Buffer.from(q, "utf8")) : null;
}

/** matchAt reports whether the bytes at C.p are q, and if so moves past them. */
export function matchAt(q: Uint8Array): boolean {
  const b = C.b;
  const p = C.p;
  const n = q.length;
  for (let k = 0; k < n; k++) if (b[p + k] !== q[k]) return false;
  C.p = p + n;
  return true;
}
