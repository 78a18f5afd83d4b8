/**
 * The fast path for a large document that is a JSON array into a Go slice (the usual shape of a
 * big document: records): past LARGE_INPUT the whole input can no longer be one string, so each
 * element is framed on the bytes and decoded by the fast path on its own. Anything unusual (a
 * syntax error, an element the fast path gives up on) answers NO_FAST and the exact engine
 * decodes the whole input from the start (no user code has run: the fast path never calls any).
 */
import type { GoType } from "@gojson/gotype";
import { valueEnd } from "@gojson/jsontext";
import { LARGE_INPUT } from "@gojson/jsontext/internal";
import { isByteSlice } from "./arshal-slices.js";
import type { ResolvedOptions } from "./options.js";
import { NO_FAST, unmarshalFast } from "./unmarshal-fast.js";

function isWs(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

function skipWs(b: Uint8Array, p: number): number {
  const n = b.length;
  while (p < n && isWs(b[p] as number)) p++;
  return p;
}

/**
 * Elements are decoded in blocks of about this many bytes (one fast-path call a block): just under
 * the size from which Node makes a Latin-1 text an external string (0xFBEE9), so a block's text is
 * a heap string made in one copy. The blocks' values are kept together, and their texts with them
 * (strings are slices of it): external texts would start a full collection per 64 MB of input.
 */
export const LARGE_ARRAY_BLOCK = 0xf8000;

/**
 * unmarshalLargeArray decodes array b into slice type t with the fast path, a block of elements at
 * a time (each block is framed on the bytes and decoded as an array of its own), or answers NO_FAST.
 */
export function unmarshalLargeArray(t: GoType, b: Uint8Array, o: ResolvedOptions): unknown {
  if (t.kind !== "slice" || isByteSlice(t, o) || t.methods !== undefined) return NO_FAST;
  let p = skipWs(b, 0);
  if (b[p] !== 0x5b) return NO_FAST;
  p = skipWs(b, p + 1);
  const out: unknown[] = [];
  if (b[p] === 0x5d) return skipWs(b, p + 1) === b.length ? out : NO_FAST;
  // Blocks stay far below the size at which one string of them could not be made.
  const blockBytes = Math.max(1, Math.min(LARGE_ARRAY_BLOCK, LARGE_INPUT.bytes >> 2));
  let block = new Uint8Array(0);
  let start = p;
  for (;;) {
    const e = valueEnd(b, p);
    if (e <= p) return NO_FAST;
    p = skipWs(b, e);
    const c = b[p];
    const last = c === 0x5d;
    if (!last && c !== 0x2c) return NO_FAST;
    if (last || e - start >= blockBytes) {
      // Elements [start, e) with their separators, as an array of their own.
      const n = e - start;
      if (block.length < n + 2) block = new Uint8Array(Math.max(n + 2, blockBytes * 2));
      block[0] = 0x5b;
      block.set(b.subarray(start, e), 1);
      block[n + 1] = 0x5d;
      const vs = unmarshalFast(t, block.subarray(0, n + 2), o, false, true);
      if (vs === NO_FAST || !Array.isArray(vs)) return NO_FAST;
      for (let i = 0; i < vs.length; i++) out.push(vs[i]);
      if (last) return skipWs(b, p + 1) === b.length ? out : NO_FAST;
      start = skipWs(b, p + 1);
    }
    p = skipWs(b, p + 1);
  }
}
