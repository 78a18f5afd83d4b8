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
  const n = name.length;
  const q = new Uint8Array(n + 2);
  q[0] = 0x22;
  q[n + 1] = 0x22;
  for (let i = 0; i < n; i++) {
    const c = name.charCodeAt(i);
    // Printable ASCII but `"` and `\` is written as it is, one byte a character (a wide struct's
    // first decode makes one per field: no string and Buffer each).
    if (c < 0x20 || c > 0x7e || c === 0x22 || c === 0x5c) return quotedOther(name);
    q[i + 1] = c;
  }
  return q;
}

function quotedOther(name: string): Uint8Array | null {
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
