/**
 * A benchstat-style text table (golang.org/x/perf/cmd/benchstat): per payload
 * the median of each candidate with the distribution-free interval of the
 * median as `± x%`, and the change against the baseline. The change column
 * uses the harness's paired ratio and paired test, not benchstat's
 * Mann–Whitney U test, and says so in a footnote.
 */
import type { BenchResult, Metric } from "@gojson/harness";
import { bytesSi, durationNs, percentChange, pValue } from "./format.js";
import { medianInterval } from "./median-ci.js";
import {
  benchName,
  candidateLabel,
  comparisonGroups,
  measuredCandidates,
  measuredPayloads,
  payloadLabel,
} from "./model.js";

const UNIT: Partial<Record<Metric, string>> = { nsPerOp: "sec/op", bytesPerOp: "B/op" };

function sampleValue(metric: Metric, s: { nsPerOp: number; bytesPerOp?: number }): number | undefined {
  return metric === "nsPerOp" ? s.nsPerOp : s.bytesPerOp;
}

function fmt(metric: Metric, x: number): string {
  return metric === "nsPerOp" ? durationNs(x) : bytesSi(x).replace(" ", "");
}

/** Renders one metric's benchstat-style table for a result; `undefined` when nothing was measured. */
export function benchstatTable(r: BenchResult, metric: "nsPerOp" | "bytesPerOp"): string | undefined {
  const cands = measuredCandidates(r);
  const payloads = measuredPayloads(r);
  if (cands.length === 0 || payloads.length === 0) return undefined;
  const base = comparisonGroups(r, "nsPerOp")[0]?.baseline ?? cands[0]!;
  const ordered = [base, ...cands.filter((c) => c !== base)];
  const level = r.settings.confidence;
  const notes: string[] = [];
  let tooFew = false;
  let noPair = false;
  const header1 = [""];
  const header2 = [""];
  for (const [i, c] of ordered.entries()) {
    header1.push(candidateLabel(r, c));
    header2.push(i === 0 ? UNIT[metric]! : `${UNIT[metric]!}  vs base`);
  }
  const body: string[][] = [];
  const medians = new Map<string, number[]>();
  let any = false;
  for (const p of payloads) {
    const row = [benchName(payloadLabel(r, p))];
    for (const [i, c] of ordered.entries()) {
      const m = r.measurements.find((x) => x.payload === p && x.candidate === c);
      const xs = (m?.samples ?? [])
        .map((s) => sampleValue(metric, s))
        .filter((x): x is number => x !== undefined);
      if (xs.length === 0) {
        row.push("—");
        continue;
      }
      any = true;
      const mi = medianInterval(xs, level);
      medians.set(c, [...(medians.get(c) ?? []), mi.median]);
      let cell = fmt(metric, mi.median);
      if (mi.low === undefined || mi.high === undefined) {
        cell += " ± ∞ ¹";
        tooFew = true;
      } else {
        const spread = Math.max(mi.median - mi.low, mi.high - mi.median) / mi.median;
        cell += ` ± ${Math.round(spread * 100)}%`;
      }
      if (i > 0) {
        const cmp = r.comparisons.find(
          (x) => x.payload === p && x.baseline === base && x.candidate === c && x.metric === metric,
        );
        if (cmp) {
          const change = cmp.test.significant ? percentChange(cmp.geomean) : "~";
          cell += `  ${change} (${pValue(cmp.test.pValue)} n=${cmp.test.n})${cmp.test.canReachAlpha ? "" : " ²"}`;
        } else {
          const bm = medians.get(base);
          const bmed = bm?.[bm.length - 1];
          if (bmed !== undefined && bm!.length === medians.get(c)!.length) {
            cell += `  ${percentChange(mi.median / bmed)} ³`;
            noPair = true;
          }
        }
      }
      row.push(cell);
    }
    body.push(row);
  }
  if (!any) return undefined;
  const geo = ["geomean"];
  for (const [i, c] of ordered.entries()) {
    const ms = medians.get(c) ?? [];
    if (ms.length === 0) {
      geo.push("—");
      continue;
    }
    const g = Math.exp(ms.reduce((a, b) => a + Math.log(b), 0) / ms.length);
    let cell = fmt(metric, g);
    if (i > 0) {
      const bm = medians.get(base) ?? [];
      if (bm.length === ms.length) {
        const gb = Math.exp(bm.reduce((a, b) => a + Math.log(b), 0) / bm.length);
        cell += `  ${percentChange(g / gb)}`;
      }
    }
    geo.push(cell);
  }
  body.push(geo);
  if (tooFew)
    notes.push(
      `¹ need >= ${medianInterval([], level).minN} samples for confidence interval at level ${level}`,
    );
  if (body.some((row) => row.some((c) => c.endsWith("²"))))
    notes.push(`² this n cannot reach α = ${r.settings.alpha} with the exact paired test`);
  if (noPair) notes.push("³ ratio of medians: the harness made no paired comparison of this metric");
  notes.push(
    "vs base: the harness's paired geometric-mean ratio and paired test",
    "(benchstat itself uses Mann–Whitney U on unpaired samples); ~ means not significant.",
  );
  const rows = [header1, header2, ...body];
  const widths = rows[0]!.map((_, j) => Math.max(...rows.map((row) => [...(row[j] ?? "")].length)));
  const line = (row: string[], sep: string) =>
    row
      .map((cell, j) => cell + " ".repeat(widths[j]! - [...cell].length))
      .join(sep)
      .trimEnd();
  const env = r.environment;
  const out = [
    `goos: ${env.os.platform}`,
    `goarch: ${env.os.arch}`,
    `pkg: ${r.package} (${r.bench})`,
    `cpu: ${env.cpuModel}`,
    line(header1, " │ "),
    line(header2, " │ "),
    ...body.map((row) => line(row, "   ")),
    ...notes,
  ];
  return out.join("\n");
}
