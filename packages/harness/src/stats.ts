/**
 * Statistics for paired benchmark samples: descriptive summaries, geometric
 * means of per-pair ratios, confidence intervals on log ratios, and exact
 * paired tests (Wilcoxon signed-rank, sign-flip permutation).
 *
 * Every function is pure and checked in stats.test.ts against answers
 * recorded from SciPy and R on known data.
 */
import { normalCdf, studentTQuantile as tQuantile } from "./distributions.js";
import type { CiMethod, ConfidenceInterval, PairedTest, Summary, TestMethod } from "./result.js";

/** Largest n for which the Wilcoxon null distribution is enumerated exactly. */
export const WILCOXON_EXACT_MAX_N = 50;
/** Largest n for which all 2^n sign vectors are enumerated by the sign-flip test. */
export const SIGN_FLIP_EXACT_MAX_N = 20;
/** Monte-Carlo draws of the sign-flip test beyond SIGN_FLIP_EXACT_MAX_N. */
export const SIGN_FLIP_DRAWS = 200_000;
/** Bootstrap resamples for the percentile interval. */
export const BOOTSTRAP_RESAMPLES = 10_000;

/** Arithmetic mean (NaN for an empty sample). */
export function mean(xs: readonly number[]): number {
  if (xs.length === 0) return Number.NaN;
  let s = 0;
  for (const x of xs) s += x;
  return s / xs.length;
}

/** Sample variance with the n − 1 denominator (two-pass). */
export function variance(xs: readonly number[]): number {
  const n = xs.length;
  if (n < 2) return n === 1 ? 0 : Number.NaN;
  const m = mean(xs);
  let s = 0;
  let c = 0;
  for (const x of xs) {
    s += (x - m) * (x - m);
    c += x - m;
  }
  return (s - (c * c) / n) / (n - 1);
}

/** Sample standard deviation (n − 1). */
export function sd(xs: readonly number[]): number {
  return Math.sqrt(variance(xs));
}

/** Median (mean of the two middle values for an even n). */
export function median(xs: readonly number[]): number {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  const h = s.length >> 1;
  return s.length % 2 === 1 ? (s[h] as number) : ((s[h - 1] as number) + (s[h] as number)) / 2;
}

/** Descriptive summary: n, mean, SD, median, best (min), max, coefficient of variation. */
export function summarize(xs: readonly number[]): Summary {
  const m = mean(xs);
  const s = sd(xs);
  return {
    n: xs.length,
    mean: m,
    sd: s,
    median: median(xs),
    min: xs.length ? Math.min(...xs) : Number.NaN,
    max: xs.length ? Math.max(...xs) : Number.NaN,
    cv: s / m,
  };
}

/** Geometric mean of positive values. */
export function geomean(xs: readonly number[]): number {
  return Math.exp(mean(xs.map(Math.log)));
}

/** Geometric standard deviation: exp(sd(log x)). */
export function geoSd(xs: readonly number[]): number {
  return Math.exp(sd(xs.map(Math.log)));
}

/**
 * Confidence interval of the geometric mean of ratios: a Student-t interval on
 * the log ratios, exponentiated ("t-log").
 */
export function tIntervalLog(ratios: readonly number[], level = 0.95): ConfidenceInterval {
  const logs = ratios.map(Math.log);
  const n = logs.length;
  const m = mean(logs);
  if (n < 2) return { level, low: Number.NaN, high: Number.NaN, method: "t-log" };
  const half = tQuantile(1 - (1 - level) / 2, n - 1) * (sd(logs) / Math.sqrt(n));
  return { level, low: Math.exp(m - half), high: Math.exp(m + half), method: "t-log" };
}

/** mulberry32: small seeded PRNG for reproducible resampling. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Quantile with linear interpolation between order statistics (R type 7). */
export function quantile(sorted: readonly number[], p: number): number {
  const h = (sorted.length - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.ceil(h);
  const a = sorted[lo] as number;
  return a + (h - lo) * ((sorted[hi] as number) - a);
}

/** Percentile bootstrap interval of the geometric mean of ratios (seeded). */
export function bootstrapIntervalLog(
  ratios: readonly number[],
  level = 0.95,
  seed = 1,
  resamples = BOOTSTRAP_RESAMPLES,
): ConfidenceInterval {
  const logs = ratios.map(Math.log);
  const n = logs.length;
  const rnd = prng(seed);
  const means: number[] = new Array(resamples);
  for (let r = 0; r < resamples; r++) {
    let s = 0;
    for (let i = 0; i < n; i++) s += logs[Math.floor(rnd() * n)] as number;
    means[r] = s / n;
  }
  means.sort((a, b) => a - b);
  const a = (1 - level) / 2;
  return {
    level,
    low: Math.exp(quantile(means, a)),
    high: Math.exp(quantile(means, 1 - a)),
    method: "bootstrap-percentile",
  };
}

/** Interval by method name. */
export function ratioInterval(
  ratios: readonly number[],
  method: CiMethod,
  level: number,
  seed = 1,
): ConfidenceInterval {
  return method === "t-log" ? tIntervalLog(ratios, level) : bootstrapIntervalLog(ratios, level, seed);
}

/** Ranks of |x| with mid-ranks for ties (1-based). */
export function midRanks(xs: readonly number[]): number[] {
  const idx = xs.map((_, i) => i).sort((a, b) => (xs[a] as number) - (xs[b] as number));
  const r = new Array<number>(xs.length);
  let i = 0;
  while (i < idx.length) {
    let j = i;
    while (j + 1 < idx.length && xs[idx[j + 1] as number] === xs[idx[i] as number]) j++;
    const avg = (i + j + 2) / 2;
    for (let k = i; k <= j; k++) r[idx[k] as number] = avg;
    i = j + 1;
  }
  return r;
}

/** Smallest two-sided p-value an exact paired test on n non-zero differences can give: 2 / 2^n. */
export function minAchievableP(n: number): number {
  return Math.min(1, 2 / 2 ** n);
}

/** Smallest n whose exact two-sided paired test can reach `alpha`. */
export function minPairsForAlpha(alpha: number): number {
  let n = 1;
  while (minAchievableP(n) > alpha) n++;
  return n;
}

/**
 * Wilcoxon signed-rank test, two-sided, H0: the differences are symmetric
 * about 0. Zeros are dropped ("wilcox" zero method). Exact (enumerated null
 * distribution, correct with tied mid-ranks) up to WILCOXON_EXACT_MAX_N,
 * normal approximation with tie and continuity corrections above.
 * The statistic is W+ (sum of ranks of positive differences).
 */
export function wilcoxonSignedRank(diffs: readonly number[], alpha = 0.05, forceNormal = false): PairedTest {
  const d = diffs.filter((x) => x !== 0);
  const n = d.length;
  const ranks = midRanks(d.map(Math.abs));
  let wPlus = 0;
  for (let i = 0; i < n; i++) if ((d[i] as number) > 0) wPlus += ranks[i] as number;
  const total = (n * (n + 1)) / 2;
  let p: number;
  let method: TestMethod;
  if (n === 0) {
    p = 1;
    method = "wilcoxon-exact";
  } else if (n <= WILCOXON_EXACT_MAX_N && !forceNormal) {
    method = "wilcoxon-exact";
    // Doubled ranks are integers even with mid-ranks; count sign vectors by sum.
    const r2 = ranks.map((r) => Math.round(r * 2));
    const max = r2.reduce((a, b) => a + b, 0);
    let dist = new Float64Array(max + 1);
    dist[0] = 1;
    let reach = 0;
    for (const r of r2) {
      const next = new Float64Array(max + 1);
      for (let s = 0; s <= reach; s++) {
        const c = dist[s] as number;
        if (c === 0) continue;
        next[s] = (next[s] as number) + c;
        next[s + r] = (next[s + r] as number) + c;
      }
      reach += r;
      dist = next;
    }
    const w2 = Math.round(wPlus * 2);
    const center = max / 2;
    const dev = Math.abs(w2 - center);
    let tail = 0;
    for (let s = 0; s <= max; s++) if (Math.abs(s - center) >= dev - 1e-9) tail += dist[s] as number;
    p = Math.min(1, tail / 2 ** n);
  } else {
    method = "wilcoxon-normal";
    const mu = total / 2;
    // Tie correction: subtract sum(t^3 - t)/48 for each tie group.
    const counts = new Map<number, number>();
    for (const r of ranks) counts.set(r, (counts.get(r) ?? 0) + 1);
    let tieAdj = 0;
    for (const t of counts.values()) tieAdj += (t * t * t - t) / 48;
    const sigma = Math.sqrt((n * (n + 1) * (2 * n + 1)) / 24 - tieAdj);
    const z = (Math.abs(wPlus - mu) - 0.5) / sigma;
    p = Math.min(1, 2 * normalCdf(-Math.max(z, 0), 0, 1)); // upper tail without cancellation
  }
  const minP = method === "wilcoxon-exact" ? minAchievableP(n) : 0;
  return {
    method,
    alternative: "two-sided",
    n,
    statistic: wPlus,
    pValue: p,
    alpha,
    minAchievableP: minP,
    canReachAlpha: minP <= alpha,
    significant: p < alpha,
  };
}

/**
 * Sign-flip permutation test, two-sided, on the mean of the differences
 * (H0: each difference is equally likely to carry either sign). Exact over all
 * 2^n sign vectors up to SIGN_FLIP_EXACT_MAX_N, Monte-Carlo (seeded, with the
 * +1 correction) above. Zeros are kept (they do not change the statistic).
 */
export function signFlipTest(diffs: readonly number[], alpha = 0.05, seed = 1): PairedTest {
  const d = diffs.filter((x) => x !== 0);
  const n = d.length;
  const obs = Math.abs(d.reduce((a, b) => a + b, 0));
  const eps = 1e-12 * (d.reduce((a, b) => a + Math.abs(b), 0) || 1);
  let p: number;
  let method: TestMethod;
  if (n <= SIGN_FLIP_EXACT_MAX_N) {
    method = "sign-flip-exact";
    const total = 2 ** n;
    let hits = 0;
    for (let mask = 0; mask < total; mask++) {
      let s = 0;
      for (let i = 0; i < n; i++) s += mask & (1 << i) ? -(d[i] as number) : (d[i] as number);
      if (Math.abs(s) >= obs - eps) hits++;
    }
    p = n === 0 ? 1 : hits / total;
  } else {
    method = "sign-flip-monte-carlo";
    const rnd = prng(seed);
    let hits = 0;
    for (let k = 0; k < SIGN_FLIP_DRAWS; k++) {
      let s = 0;
      for (let i = 0; i < n; i++) s += rnd() < 0.5 ? -(d[i] as number) : (d[i] as number);
      if (Math.abs(s) >= obs - eps) hits++;
    }
    p = (hits + 1) / (SIGN_FLIP_DRAWS + 1);
  }
  const minP = method === "sign-flip-exact" ? minAchievableP(n) : 0;
  return {
    method,
    alternative: "two-sided",
    n,
    statistic: n ? d.reduce((a, b) => a + b, 0) / n : 0,
    pValue: p,
    alpha,
    minAchievableP: minP,
    canReachAlpha: minP <= alpha,
    significant: p < alpha,
  };
}

/** Paired test by method family on log ratios. */
export function pairedTest(
  logRatios: readonly number[],
  method: "wilcoxon" | "sign-flip",
  alpha: number,
  seed = 1,
): PairedTest {
  return method === "wilcoxon" ? wilcoxonSignedRank(logRatios, alpha) : signFlipTest(logRatios, alpha, seed);
}
