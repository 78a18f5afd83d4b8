/**
 * The two distributions the statistics need — the standard normal (upper
 * tail of the Wilcoxon normal approximation) and Student's t (interval of a
 * geometric mean) — written out instead of installed: a few special
 * functions, each accurate to about 1e-14, checked in distributions.test.ts
 * against values recorded from SciPy.
 */

/** Relative accuracy the series and continued fractions stop at. */
const EPS = 1e-16;
/** Smallest positive double that keeps a continued fraction's denominators away from zero (Lentz). */
const TINY = 1e-300;
/** Iteration cap of the series and continued fractions (they converge in well under a hundred steps). */
const MAX_ITER = 10_000;

// Lanczos approximation (g = 7, n = 9), good to ~1e-15 relative for x > 0.
const LANCZOS_G = 7;
const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
  12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];
const HALF_LOG_2PI = 0.5 * Math.log(2 * Math.PI);

/** Natural logarithm of the gamma function, for x > 0. */
export function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - logGamma(1 - x);
  const z = x - 1;
  let a = LANCZOS[0] as number;
  const t = z + LANCZOS_G + 0.5;
  for (let i = 1; i < LANCZOS.length; i++) a += (LANCZOS[i] as number) / (z + i);
  return HALF_LOG_2PI + (z + 0.5) * Math.log(t) - t + Math.log(a);
}

/**
 * Regularised incomplete gamma functions P(a, x) and Q(a, x) = 1 − P(a, x):
 * a power series below x = a + 1, a continued fraction above, each returning
 * the small side directly so the tail keeps its relative accuracy.
 */
function incompleteGamma(a: number, x: number): { p: number; q: number } {
  if (x <= 0) return { p: 0, q: 1 };
  const logPrefix = a * Math.log(x) - x - logGamma(a);
  if (x < a + 1) {
    let term = 1 / a;
    let sum = term;
    for (let n = 1; n < MAX_ITER; n++) {
      term *= x / (a + n);
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * EPS) break;
    }
    const p = sum * Math.exp(logPrefix);
    return { p, q: 1 - p };
  }
  // Modified Lentz for the continued fraction of Q.
  let b = x + 1 - a;
  let c = 1 / TINY;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < MAX_ITER; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < TINY) d = TINY;
    c = b + an / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < EPS) break;
  }
  const q = Math.exp(logPrefix) * h;
  return { p: 1 - q, q };
}

/** Complementary error function erfc(x) = 1 − erf(x), accurate in both tails. */
export function erfc(x: number): number {
  if (Number.isNaN(x)) return Number.NaN;
  const { p, q } = incompleteGamma(0.5, x * x);
  return x >= 0 ? q : 1 + p;
}

/** Cumulative distribution function of the normal distribution N(mu, sigma²). */
export function normalCdf(x: number, mu = 0, sigma = 1): number {
  if (Number.isNaN(x) || !(sigma > 0)) return Number.NaN;
  return 0.5 * erfc(-(x - mu) / (sigma * Math.SQRT2));
}

/** Continued fraction of the incomplete beta function (modified Lentz). */
function betaFraction(a: number, b: number, x: number): number {
  const qab = a + b;
  const qap = a + 1;
  const qam = a - 1;
  let c = 1;
  let d = 1 - (qab * x) / qap;
  if (Math.abs(d) < TINY) d = TINY;
  d = 1 / d;
  let h = d;
  for (let m = 1; m < MAX_ITER; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((qam + m2) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + aa / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (qab + m) * x) / ((a + m2) * (qap + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + aa / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < EPS) break;
  }
  return h;
}

/** Regularised incomplete beta function I_x(a, b), for a, b > 0 and 0 ≤ x ≤ 1. */
export function incompleteBeta(x: number, a: number, b: number): number {
  return incompleteBetaXY(x, 1 - x, a, b);
}

/** I_x(a, b) with y = 1 − x given separately, so that an x close to 1 loses no digits. */
function incompleteBetaXY(x: number, y: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (y <= 0) return 1;
  const logFront = logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(y);
  const front = Math.exp(logFront);
  // The fraction converges fast for x < (a + 1) / (a + b + 2); use the symmetry otherwise.
  if (x < (a + 1) / (a + b + 2)) return (front * betaFraction(a, b, x)) / a;
  return 1 - (front * betaFraction(b, a, y)) / b;
}

/** P(T > t) for t ≥ 0: the upper tail of Student's t, without a subtraction from 1 in the tail. */
function studentTUpper(t: number, df: number): number {
  const t2 = t * t;
  const x = df / (df + t2);
  const y = t2 / (df + t2);
  // P(|T| > t) = I_x(df/2, 1/2) = 1 − I_y(1/2, df/2); take the side that is not a difference.
  return x < 0.5
    ? 0.5 * incompleteBetaXY(x, y, df / 2, 0.5)
    : 0.5 * (1 - incompleteBetaXY(y, x, 0.5, df / 2));
}

/** Cumulative distribution function of Student's t distribution with `df` degrees of freedom. */
export function studentTCdf(t: number, df: number): number {
  if (Number.isNaN(t) || !(df > 0)) return Number.NaN;
  if (t === Number.POSITIVE_INFINITY) return 1;
  if (t === Number.NEGATIVE_INFINITY) return 0;
  const tail = studentTUpper(Math.abs(t), df);
  return t > 0 ? 1 - tail : tail;
}

/** Density of Student's t distribution with `df` degrees of freedom. */
export function studentTPdf(t: number, df: number): number {
  const logC = logGamma((df + 1) / 2) - logGamma(df / 2) - 0.5 * Math.log(df * Math.PI);
  return Math.exp(logC - ((df + 1) / 2) * Math.log1p((t * t) / df));
}

/** Quantile of the standard normal distribution (Acklam's rational approximation, then one Halley step). */
export function normalQuantile(p: number): number {
  if (Number.isNaN(p) || p < 0 || p > 1) return Number.NaN;
  if (p === 0) return Number.NEGATIVE_INFINITY;
  if (p === 1) return Number.POSITIVE_INFINITY;
  // 1 − p is exact for p ≥ 0.5: work in the lower tail, where the CDF keeps its relative accuracy.
  if (p > 0.5) return -normalQuantile(1 - p);
  const a = [
    -39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716,
    2.506628277459239,
  ];
  const b = [
    -54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572,
  ];
  const c = [
    -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968,
    2.938163982698783,
  ];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const [a0, a1, a2, a3, a4, a5] = a as [number, number, number, number, number, number];
  const [b0, b1, b2, b3, b4] = b as [number, number, number, number, number];
  const [c0, c1, c2, c3, c4, c5] = c as [number, number, number, number, number, number];
  const [d0, d1, d2, d3] = d as [number, number, number, number];
  const low = 0.02425;
  let x: number;
  if (p < low) {
    const q = Math.sqrt(-2 * Math.log(p));
    x =
      (((((c0 * q + c1) * q + c2) * q + c3) * q + c4) * q + c5) /
      ((((d0 * q + d1) * q + d2) * q + d3) * q + 1);
  } else if (p <= 1 - low) {
    const q = p - 0.5;
    const r = q * q;
    x =
      ((((((a0 * r + a1) * r + a2) * r + a3) * r + a4) * r + a5) * q) /
      (((((b0 * r + b1) * r + b2) * r + b3) * r + b4) * r + 1);
  } else {
    const q = Math.sqrt(-2 * Math.log1p(-p));
    x =
      -(((((c0 * q + c1) * q + c2) * q + c3) * q + c4) * q + c5) /
      ((((d0 * q + d1) * q + d2) * q + d3) * q + 1);
  }
  // One Halley refinement on the exact CDF brings it to full double precision.
  const e = normalCdf(x) - p;
  const u = e * Math.sqrt(2 * Math.PI) * Math.exp((x * x) / 2);
  return x - u / (1 + (x * u) / 2);
}

/**
 * Quantile (inverse CDF) of Student's t distribution with `df` degrees of
 * freedom: a Cornish–Fisher start, then safeguarded Newton steps on the upper
 * tail inside a shrinking bracket.
 */
export function studentTQuantile(p: number, df: number): number {
  if (Number.isNaN(p) || p < 0 || p > 1 || !(df > 0)) return Number.NaN;
  if (p === 0) return Number.NEGATIVE_INFINITY;
  if (p === 1) return Number.POSITIVE_INFINITY;
  if (p === 0.5) return 0;
  if (p < 0.5) return -studentTQuantile(1 - p, df);
  const q = 1 - p; // exact for p ≥ 0.5: the root solves P(T > x) = q
  const z = -normalQuantile(q);
  const g1 = (z ** 3 + z) / 4;
  const g2 = (5 * z ** 5 + 16 * z ** 3 + 3 * z) / 96;
  let x = z + g1 / df + g2 / (df * df);
  let lo = 0;
  let hi = Math.max(1, x);
  while (studentTUpper(hi, df) > q) {
    lo = hi;
    hi *= 2;
  }
  if (!(x > lo && x < hi)) x = (lo + hi) / 2;
  for (let i = 0; i < 200; i++) {
    const f = q - studentTUpper(x, df); // increasing in x
    if (f === 0) return x;
    if (f < 0) lo = x;
    else hi = x;
    let next = x - f / studentTPdf(x, df);
    if (!(next > lo && next < hi)) next = (lo + hi) / 2;
    if (Math.abs(next - x) <= 1e-15 * Math.abs(x) || hi - lo <= 1e-15 * hi) return next;
    x = next;
  }
  return x;
}
