/**
 * Framing a JSON value on bytes without parsing it: where the value that starts at a given byte
 * ends. The Decoder frames a value whole in its buffer this way before the fast path decodes it,
 * and a document past the longest string is cut into its elements (large-document.ts).
 */

/** isSpace reports whether c is JSON whitespace. */
export function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0d || c === 0x0a;
}

function isDelimiter(c: number): boolean {
  return (
    isSpace(c) ||
    c === 0x7b ||
    c === 0x7d ||
    c === 0x5b ||
    c === 0x5d ||
    c === 0x2c ||
    c === 0x3a ||
    c === 0x22
  );
}

/**
 * valueEnd returns the end of the JSON value that starts at p: after its closing delimiter or
 * quote, or at the delimiter after a scalar; -1 when b ends first (a scalar at the very end of b
 * included: more of it may follow). Framing only: the grammar is checked by whoever decodes it.
 */
export function valueEnd(b: Uint8Array, p: number): number {
  const n = b.length;
  const c = b[p] as number;
  if (c === 0x7b || c === 0x5b) {
    let depth = 0;
    for (let i = p; i < n; i++) {
      const x = b[i] as number;
      if (x === 0x22) {
        for (i++; i < n; i++) {
          const y = b[i] as number;
          if (y === 0x5c) i++;
          else if (y === 0x22) break;
        }
      } else if (x === 0x7b || x === 0x5b) depth++;
      else if (x === 0x7d || x === 0x5d) {
        if (--depth === 0) return i + 1;
      }
    }
    return -1;
  }
  if (c === 0x22) {
    for (let i = p + 1; i < n; i++) {
      const y = b[i] as number;
      if (y === 0x5c) i++;
      else if (y === 0x22) return i + 1;
    }
    return -1;
  }
  for (let i = p + 1; i < n; i++) if (isDelimiter(b[i] as number)) return i;
  return -1;
}
