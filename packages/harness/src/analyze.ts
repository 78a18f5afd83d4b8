/**
 * Turns raw samples into the statistics of a result: per-candidate summaries
 * and paired per-round ratios with geometric mean, GSD, CI and a paired test.
 */
import type { CandidateStats, CiMethod, Comparison, Measurement, Metric, Sample } from "./result.js";
import { geomean, geoSd, pairedTest, ratioInterval, summarize } from "./stats.js";

/** Per-candidate statistics from samples; `bytes` (payload size) gives MB/s. */
export function candidateStats(samples: readonly Sample[], bytes?: number): CandidateStats {
  const ns = summarize(samples.map((s) => s.nsPerOp));
  const cpu = samples.filter((s) => s.cpuNsPerOp !== undefined).map((s) => s.cpuNsPerOp as number);
  const ins = samples
    .filter((s) => s.instructionsPerOp !== undefined)
    .map((s) => s.instructionsPerOp as number);
  const st: CandidateStats = {
    nsPerOp: ns,
    opsPerSec: 1e9 / ns.median,
    bestOpsPerSec: 1e9 / ns.min,
  };
  if (cpu.length) st.cpuNsPerOp = summarize(cpu);
  if (ins.length) st.instructionsPerOp = summarize(ins);
  if (bytes && bytes > 0) {
    st.mbPerSec = (bytes * 1e3) / ns.median;
    st.bestMbPerSec = (bytes * 1e3) / ns.min;
  }
  return st;
}

function metricOf(s: Sample, metric: Metric): number | undefined {
  return s[metric];
}

/** Per-pair ratios candidate/baseline of a metric; pairs present in both only, in pair order. */
export function pairedRatios(base: Measurement, cand: Measurement, metric: Metric): number[] {
  const b = new Map<number, number>();
  for (const s of base.samples) {
    const v = metricOf(s, metric);
    if (v !== undefined && v > 0) b.set(s.pair, v);
  }
  const out: Array<[number, number]> = [];
  for (const s of cand.samples) {
    const v = metricOf(s, metric);
    const bv = b.get(s.pair);
    if (v !== undefined && v > 0 && bv !== undefined) out.push([s.pair, v / bv]);
  }
  return out.sort((x, y) => x[0] - y[0]).map((x) => x[1]);
}

export interface CompareOptions {
  metric: Metric;
  confidence: number;
  alpha: number;
  ciMethod: CiMethod;
  test: "wilcoxon" | "sign-flip";
  seed?: number;
}

/** A Comparison from ratios (already paired). */
export function compareRatios(
  id: string,
  payload: string,
  baseline: string,
  candidate: string,
  ratios: number[],
  o: CompareOptions,
): Comparison {
  const g = geomean(ratios);
  return {
    id,
    payload,
    baseline,
    candidate,
    metric: o.metric,
    ratios,
    geomean: g,
    gsd: geoSd(ratios),
    ci: ratioInterval(ratios, o.ciMethod, o.confidence, o.seed),
    test: pairedTest(ratios.map(Math.log), o.test, o.alpha, o.seed),
    speedup: 1 / g,
  };
}

/**
 * Comparisons for each payload and, when several payloads were measured,
 * the pooled one ("*": all per-pair ratios concatenated in payload order, as
 * seed 002's 25-ratio geometric mean).
 */
export function buildComparisons(
  measurements: readonly Measurement[],
  payloadIds: readonly string[],
  pairs: ReadonlyArray<{ baseline: string; candidate: string }>,
  o: CompareOptions,
): Comparison[] {
  const out: Comparison[] = [];
  for (const { baseline, candidate } of pairs) {
    const pooled: number[] = [];
    let used = 0;
    for (const p of payloadIds) {
      const b = measurements.find((m) => m.payload === p && m.candidate === baseline);
      const c = measurements.find((m) => m.payload === p && m.candidate === candidate);
      if (!b || !c) continue;
      const r = pairedRatios(b, c, o.metric);
      if (r.length === 0) continue;
      out.push(compareRatios(`${candidate}/${baseline}@${p}`, p, baseline, candidate, r, o));
      pooled.push(...r);
      used++;
    }
    if (used > 1) out.push(compareRatios(`${candidate}/${baseline}@*`, "*", baseline, candidate, pooled, o));
  }
  return out;
}
