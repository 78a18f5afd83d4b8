/**
 * Correctly rounded float64 for decimals of 16 to 19 significant digits
 * without an exponent (the bulk of GeoJSON-like coordinates such as
 * 43.508331000000055), proved by exact arithmetic instead of the native
 * string-to-number conversion (which needs a substring and costs several
 * times more). When the proof does not go through (a near tie, a power of
 * two) it answers NaN and the caller converts the text natively.
 *
 * The value is M / 10^f with M = hi·10^L + lo < 10^19 and f ≤ 22 (10^f is
 * an exact double). A candidate x is accepted when |M − x·10^f| is strictly
 * below half the gap to x's neighbours, times 10^f; M and x·10^f are held as
 * unevaluated sums of doubles (Dekker's exact product), so the difference is
 * computed with a single final rounding, which cannot flip a strict test.
 *
 * Not semver-stable: part of `@gojson/jsontext/internal`.
 */

/** 2^27 + 1: Veltkamp's splitter for binary64. */
const SPLIT = 134217729;

/** productError returns a·b − p exactly, where p = fl(a·b) (Dekker's TwoProduct). */
function productError(a: number, b: number, p: number): number {
  let c = SPLIT * a;
  const ah = c - (c - a);
  const al = a - ah;
  c = SPLIT * b;
  const bh = c - (c - b);
  const bl = b - bh;
  return ah * bh - p + ah * bl + al * bh + al * bl;
}

const f64 = new Float64Array(1);
const u32 = new Uint32Array(f64.buffer);
/** The word order of a float64 in memory (the high word holds the exponent). */
const HI = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? 1 : 0;
const LO = 1 - HI;

/** ULP[e] = 2^(e − 1075): the spacing of float64 values with biased exponent e (normal numbers). */
const ULP = new Float64Array(2048);
{
  let v = 1;
  for (let e = 1075; e < 2047; e++) {
    ULP[e] = v;
    v *= 2;
  }
  v = 1;
  for (let e = 1075; e > 0; e--) {
    ULP[e] = v;
    v /= 2;
  }
}

/** Exact powers of ten (10^0 … 10^22 are exact doubles). */
export const POW10: readonly number[] = Array.from({ length: 23 }, (_, i) => 10 ** i);

/** The candidates nearestQuotient tries before it gives up. */
const TRIES = 4;

/**
 * nearestQuotient returns the float64 nearest to (hi·tenL + lo) / p, where
 * hi < 10^15, tenL = 10^L with L ≤ 4, 0 ≤ lo < tenL and p = 10^f with f ≤ 22;
 * NaN when it cannot prove the answer (the caller then converts natively).
 */
export function nearestQuotient(hi: number, tenL: number, lo: number, p: number): number {
  // M = ph + pl + lo exactly.
  const ph = hi * tenL;
  const pl = productError(hi, tenL, ph);
  let x = (ph + lo) / p;
  for (let k = 0; k < TRIES; k++) {
    const qh = x * p;
    const ql = productError(x, p, qh);
    // ph − qh is exact (Sterbenz: both are within a few units of M); the integers pl and lo
    // are small, so the sum is exact too; subtracting ql is the one rounding (monotonic).
    const d = ph - qh + pl + lo - ql;
    f64[0] = x;
    const hw = u32[HI] as number;
    const e = (hw >>> 20) & 0x7ff;
    if (e === 0 || e === 0x7ff) return Number.NaN;
    const u = ULP[e] as number;
    const half = 0.5 * u * p;
    if (d >= 0) {
      if (d < half) return x;
      if (d === half) return Number.NaN;
      x += u;
    } else {
      // Below a power of two the gap to the lower neighbour is half as wide.
      const pow2 = (hw & 0xfffff) === 0 && u32[LO] === 0;
      const lower = pow2 ? 0.5 * half : half;
      if (-d < lower) return x;
      if (-d === lower) return Number.NaN;
      x -= pow2 ? 0.5 * u : u;
    }
  }
  return Number.NaN;
}

/**
 * longDecimal converts the JSON number b[a:e] (no exponent; `frac` digits after the point, at
 * most 22) of 16 to 19 significant digits; NaN when it does not apply (more digits) or cannot
 * prove its answer. The sign is the caller's.
 */
export function longDecimal(b: Uint8Array, a: number, e: number, frac: number): number {
  let i = a;
  if (b[i] === 0x2d) i++;
  let hi = 0;
  let n = 0;
  let lo = 0;
  let l = 0;
  for (; i < e; i++) {
    const c = b[i] as number;
    if (c === 0x2e) continue;
    const d = c - 0x30;
    if (n < 15) {
      hi = hi * 10 + d;
      // Leading zeros are not significant.
      if (hi !== 0) n++;
    } else {
      if (++l > 4) return Number.NaN;
      lo = lo * 10 + d;
    }
  }
  if (l === 0) return Number.NaN;
  return nearestQuotient(hi, POW10[l] as number, lo, POW10[frac] as number);
}
