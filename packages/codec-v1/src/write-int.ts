/**
 * The digits of the integers the generated struct encoders write most (int32 range, as most
 * int64 fields hold): four digits a store through the output's DataView, straight-line code
 * with no double arithmetic (jsontext's writeInt53In covers every integer below 2^53 and costs
 * about twice as many instructions on these).
 */

/**
 * The four ASCII digits of 0 <= n < 1e4 (zero-padded) as a little-endian word: the divisions
 * by 100 and 10 as multiplications and shifts (exact in these ranges).
 */
function digits4(n: number): number {
  const a = (n * 5243) >>> 19;
  const c = n - a * 100;
  const a1 = (a * 103) >>> 10;
  const c1 = (c * 103) >>> 10;
  return 0x30303030 + a1 + ((a - a1 * 10) << 8) + (c1 << 16) + ((c - c1 * 10) << 24);
}

/** Writes 0 <= x < 1e4 at p (four bytes may be stored); returns the end. */
function putUpTo4(b: Uint8Array, d: DataView, p: number, x: number): number {
  if (x < 10) {
    b[p] = 0x30 + x;
    return p + 1;
  }
  const w = digits4(x);
  if (x >= 1000) {
    d.setUint32(p, w, true);
    return p + 4;
  }
  if (x >= 100) {
    d.setUint32(p, w >>> 8, true);
    return p + 3;
  }
  d.setUint16(p, w >>> 16, true);
  return p + 2;
}

/**
 * Writes int32 0 <= x (below 2^31) in decimal into b at p through d, a DataView of b, and returns
 * the end. Up to 11 bytes from p may be stored (room for INT53_MAX_BYTES made by the caller).
 */
export function putUint31(b: Uint8Array, d: DataView, p: number, x: number): number {
  if (x < 10000) return putUpTo4(b, d, p, x);
  if (x < 100000000) {
    const h = (x / 10000) | 0;
    const q = putUpTo4(b, d, p, h);
    d.setUint32(q, digits4(x - h * 10000), true);
    return q + 4;
  }
  const h = (x / 100000000) | 0;
  const l = x - h * 100000000;
  const m = (l / 10000) | 0;
  const q = putUpTo4(b, d, p, h);
  d.setUint32(q, digits4(m), true);
  d.setUint32(q + 4, digits4(l - m * 10000), true);
  return q + 8;
}
