/**
 * The view model shared by the Markdown and HTML renderers: comparisons
 * grouped by (baseline, candidate, metric), rows in the payload order of the
 * result document, and the words that say which way a ratio points.
 */
import type { BenchResult, Comparison, Measurement, Metric, Summary } from "@gojson/harness";
import { ratio } from "./format.js";

/** Label of a candidate id (the id itself when the document does not list it). */
export function candidateLabel(r: BenchResult, id: string): string {
  return r.candidates.find((c) => c.id === id)?.label ?? id;
}

/** Label of a payload id; `*` is the pooled comparison over all payloads. */
export function payloadLabel(r: BenchResult, id: string): string {
  if (id === "*") return "All payloads (pooled)";
  return r.payloads.find((p) => p.id === id)?.label ?? id;
}

/** A payload as a phrase inside a sentence: `on nested orders`, `pooled over all payloads`. */
export function payloadPhrase(r: BenchResult, id: string): string {
  return id === "*" ? "pooled over all payloads" : `on ${payloadLabel(r, id).toLowerCase()}`;
}

/** The measurement of one (payload, candidate), if any. */
export function findMeasurement(r: BenchResult, payload: string, candidate: string): Measurement | undefined {
  return r.measurements.find((m) => m.payload === payload && m.candidate === candidate);
}

/** Mean and SD of one metric of one measurement (from the harness's summaries, or from raw samples for bytes). */
export function metricSummary(
  m: Measurement | undefined,
  metric: Metric,
): Pick<Summary, "mean" | "sd" | "n"> | undefined {
  if (!m) return undefined;
  if (metric === "nsPerOp") return m.stats.nsPerOp;
  if (metric === "cpuNsPerOp") return m.stats.cpuNsPerOp;
  if (metric === "instructionsPerOp") return m.stats.instructionsPerOp;
  const xs = m.samples.map((s) => s.bytesPerOp).filter((x): x is number => typeof x === "number");
  if (xs.length === 0) return m.memory ? { mean: m.memory.bytesPerOp, sd: Number.NaN, n: 1 } : undefined;
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  const sd =
    xs.length > 1 ? Math.sqrt(xs.reduce((a, b) => a + (b - mean) ** 2, 0) / (xs.length - 1)) : Number.NaN;
  return { mean, sd, n: xs.length };
}

/** Unit of a metric as a column header suffix. */
export function metricUnit(metric: Metric): string {
  switch (metric) {
    case "nsPerOp":
      return "ns/op";
    case "cpuNsPerOp":
      return "CPU ns/op";
    case "instructionsPerOp":
      return "instructions/op";
    case "bytesPerOp":
      return "B/op";
  }
}

const NOUN: Record<Metric, string> = {
  nsPerOp: "the time",
  cpuNsPerOp: "the CPU time",
  instructionsPerOp: "the instructions",
  bytesPerOp: "the bytes",
};

const CHEAPER: Record<Metric, [string, string]> = {
  nsPerOp: ["faster", "slower"],
  cpuNsPerOp: ["less CPU", "more CPU"],
  instructionsPerOp: ["fewer instructions", "more instructions"],
  bytesPerOp: ["fewer bytes", "more bytes"],
};

/** True when the comparison's interval lies wholly on one side of 1. */
export function intervalExcludesOne(c: Comparison): boolean {
  return c.ci.high < 1 || c.ci.low > 1;
}

/** One word (or two) for the direction: "faster", "slower", "no clear difference". */
export function directionWord(c: Comparison): string {
  const [less, more] = CHEAPER[c.metric];
  if (!intervalExcludesOne(c))
    return `no clear difference (interval includes 1; point estimate ${c.geomean < 1 ? less : c.geomean > 1 ? more : "equal"})`;
  return c.geomean < 1 ? less : more;
}

/** The ratio in words: `codec-v2 took 0.810× the time of codec-v1: faster`. */
export function directionSentence(r: BenchResult, c: Comparison): string {
  const cand = candidateLabel(r, c.candidate);
  const base = candidateLabel(r, c.baseline);
  return `${cand} took ${ratio(c.geomean)} ${NOUN[c.metric]} of ${base}: ${directionWord(c)}`;
}

/** A group of comparisons that share baseline, candidate and metric. */
export interface ComparisonGroup {
  key: string;
  baseline: string;
  candidate: string;
  metric: Metric;
  /** Per-payload comparisons in the document's payload order. */
  rows: Comparison[];
  /** The pooled comparison (payload "*"), if the harness computed one. */
  pooled?: Comparison;
}

/** Groups a result's comparisons; groups keep the order of their first comparison in the document. */
export function comparisonGroups(r: BenchResult, metric?: Metric): ComparisonGroup[] {
  const groups = new Map<string, ComparisonGroup>();
  const payloadIndex = new Map(r.payloads.map((p, i) => [p.id, i]));
  for (const c of r.comparisons) {
    if (metric && c.metric !== metric) continue;
    const key = `${c.baseline}\u0000${c.candidate}\u0000${c.metric}`;
    let g = groups.get(key);
    if (!g) {
      g = { key, baseline: c.baseline, candidate: c.candidate, metric: c.metric, rows: [] };
      groups.set(key, g);
    }
    if (c.payload === "*") g.pooled = c;
    else g.rows.push(c);
  }
  for (const g of groups.values()) {
    g.rows.sort(
      (a, b) =>
        (payloadIndex.get(a.payload) ?? 1e9) - (payloadIndex.get(b.payload) ?? 1e9) || (a.id < b.id ? -1 : 1),
    );
  }
  return [...groups.values()];
}

/** Candidates that appear in measurements, in the document's candidate order. */
export function measuredCandidates(r: BenchResult): string[] {
  const seen = new Set(r.measurements.map((m) => m.candidate));
  const ordered = r.candidates.map((c) => c.id).filter((id) => seen.has(id));
  for (const m of r.measurements) if (!ordered.includes(m.candidate)) ordered.push(m.candidate);
  return ordered;
}

/** Payloads that appear in measurements, in the document's payload order. */
export function measuredPayloads(r: BenchResult): string[] {
  const seen = new Set(r.measurements.map((m) => m.payload));
  const ordered = r.payloads.map((p) => p.id).filter((id) => seen.has(id));
  for (const m of r.measurements) if (!ordered.includes(m.payload)) ordered.push(m.payload);
  return ordered;
}

/** A Go-benchmark-style name from a label: `Nested orders` → `NestedOrders`. */
export function benchName(label: string): string {
  const parts = label.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return parts.map((p) => p[0]!.toUpperCase() + p.slice(1)).join("") || "Bench";
}
