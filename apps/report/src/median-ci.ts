/**
 * Distribution-free confidence interval of a median from order statistics,
 * as benchstat reports its `± x%` column (golang.org/x/perf/benchmath).
 */

/** The median and its interval; `low`/`high` are undefined when n is too small for the level. */
export interface MedianInterval {
  n: number;
  median: number;
  low?: number;
  high?: number;
  /** Smallest n that can reach the requested level (an interval needs n ≥ this). */
  minN: number;
}

function binomCdfHalf(k: number, n: number): number {
  // P(Binom(n, 1/2) ≤ k), exact in doubles for the n met here.
  let term = 0.5 ** n;
  let sum = term;
  for (let i = 1; i <= k; i++) {
    term = (term * (n - i + 1)) / i;
    sum += term;
  }
  return sum;
}

/** Smallest sample size whose widest order-statistic interval reaches `level`. */
export function minSamplesForLevel(level: number): number {
  let n = 1;
  while (1 - 2 * 0.5 ** n < level) n++;
  return n;
}

/** Median of `xs` and the order-statistic interval at `level` (e.g. 0.95). */
export function medianInterval(xs: readonly number[], level: number): MedianInterval {
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  const minN = minSamplesForLevel(level);
  if (n === 0) return { n, median: Number.NaN, minN };
  const median = n % 2 === 1 ? s[(n - 1) / 2]! : (s[n / 2 - 1]! + s[n / 2]!) / 2;
  // Largest k (1-based) with coverage 1 − 2·P(B ≤ k−1) ≥ level.
  let k = 0;
  for (let j = 1; j <= Math.floor(n / 2); j++) {
    if (1 - 2 * binomCdfHalf(j - 1, n) >= level) k = j;
    else break;
  }
  if (k === 0) return { n, median, minN };
  return { n, median, low: s[k - 1]!, high: s[n - k]!, minN };
}
