/**
 * Key findings: the short table at the top of the report. One row per
 * registered question (a benchmark without one gets a single descriptive
 * row): the question, the main ratio with its interval, and the verdict in
 * plain words. Everything comes from the result documents.
 */
import type { BenchResult, Comparison, HypothesisOutcome, Metric } from "@gojson/harness";
import { engineNames } from "./conformance.js";
import { fixed, ratio } from "./format.js";
import type { ReportInput } from "./input.js";
import { candidateLabel, comparisonGroups, intervalExcludesOne, metricUnit, payloadPhrase } from "./model.js";

/** How a finding reads: a verdict of a registered question, or descriptive figures only. */
export type FindingStatus =
  | "supported"
  | "not supported"
  | "undecided"
  | "on hold"
  | "not tested"
  | "descriptive";

/** One row of the key-findings table. */
export interface Finding {
  /** Index of the result document (its section is `#r<index+1>`). */
  result: number;
  /** The benchmark's title. */
  benchmark: string;
  /** A short label: `codec-v1 marshal`, `harness seed-002-go · go-marshal`. */
  short: string;
  /** The criterion's threshold when a question was registered. */
  threshold?: number;
  /** The registered question, or what the main comparison shows when none was registered. */
  question: string;
  /** Hypothesis id when a question was registered. */
  id?: string;
  /** Metric and payload of the main comparison: `ns/op, pooled over all payloads`. */
  comparison: string;
  /** The main comparison (undefined when the document holds none). */
  main?: Comparison;
  /** `1.548× [1.282×, 1.869×]` */
  ratio: string;
  status: FindingStatus;
  /** The verdict in words: `1.55× slower than JSON.parse; the criterion (below 1) is not met`. */
  words: string;
  /** The figures come from a quick smoke run and are no evidence. */
  quick: boolean;
}

const STATUS: Record<HypothesisOutcome["verdict"], FindingStatus> = {
  supported: "supported",
  "not supported": "not supported",
  UNKNOWN: "undecided",
  HOLD: "on hold",
  NOT_TESTED: "not tested",
};

const MORE: Record<Metric, [less: string, more: string, noun: string]> = {
  nsPerOp: ["faster", "slower", "time"],
  cpuNsPerOp: ["less CPU", "more CPU", "CPU time"],
  instructionsPerOp: ["fewer instructions", "more instructions", "instructions"],
  bytesPerOp: ["fewer bytes", "more bytes", "bytes"],
};

/** A ratio as a comparative: 1.548 → `1.55× slower`, 0.635 → `1.57× faster`, interval over 1 → `no clear difference`. */
export function comparative(c: Comparison): string {
  const [less, more, noun] = MORE[c.metric];
  if (!intervalExcludesOne(c)) return `no clear difference in ${noun}`;
  return c.geomean < 1 ? `${fixed(1 / c.geomean, 2)}× ${less}` : `${fixed(c.geomean, 2)}× ${more}`;
}

/** The ratio with its interval: `1.548× [1.282×, 1.869×]`. */
export function ratioWithInterval(c: Comparison): string {
  return `${ratio(c.geomean)} [${ratio(c.ci.low)}, ${ratio(c.ci.high)}]`;
}

function wherePhrase(r: BenchResult, c: Comparison): string {
  return `${metricUnit(c.metric)}, ${payloadPhrase(r, c.payload)}`;
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** The comparison a document is summarised by when no question was registered: pooled ns/op first. */
export function mainComparison(r: BenchResult): Comparison | undefined {
  const groups = comparisonGroups(r, "nsPerOp");
  const pooled = groups.find((g) => g.pooled)?.pooled;
  return pooled ?? groups[0]?.rows[0] ?? r.comparisons[0];
}

function thresholdWords(o: HypothesisOutcome): string {
  const h = o.hypothesis;
  return `${h.direction === "less" ? "below" : "above"} ${fixed(h.threshold, 3).replace(/\.?0+$/, "")}`;
}

/** `@gojson/codec-v1` + `marshal` → `codec-v1 marshal`. */
export function shortName(r: BenchResult): string {
  return `${r.package.replace(/^@gojson\//, "")} ${r.bench}`;
}

/** The rows of the key-findings table, in the order of the result documents. */
export function findings(input: ReportInput): Finding[] {
  const out: Finding[] = [];
  for (const [i, r] of input.results.entries()) {
    const quick = r.settings.quick;
    if (r.hypotheses.length === 0) {
      const c = mainComparison(r);
      const more = Math.max(0, comparisonGroups(r, "nsPerOp").length - 1);
      out.push({
        result: i,
        benchmark: r.title,
        short: shortName(r),
        question: c
          ? `No question registered before the run. Main comparison: ${candidateLabel(r, c.candidate)} vs ${candidateLabel(r, c.baseline)} (${metricUnit(c.metric)}).`
          : "No question registered before the run, and no paired comparison.",
        comparison: c ? wherePhrase(r, c) : "",
        ...(c ? { main: c } : {}),
        ratio: c ? ratioWithInterval(c) : "—",
        status: "descriptive",
        words: c
          ? `${capitalise(comparative(c))} than ${candidateLabel(r, c.baseline)}${
              more ? `; ${more} more comparison${more > 1 ? "s" : ""} in the section` : ""
            }`
          : "no comparison",
        quick,
      });
      continue;
    }
    for (const o of r.hypotheses) {
      const c = r.comparisons.find((x) => x.id === o.comparison);
      const status = STATUS[o.verdict];
      const crit = `needed: whole interval ${thresholdWords(o)}`;
      const head = c
        ? `${capitalise(comparative(c))} than ${candidateLabel(r, c.baseline)}`
        : "No observation";
      out.push({
        result: i,
        benchmark: r.title,
        short: r.hypotheses.length > 1 ? `${shortName(r)} · ${o.hypothesis.id}` : shortName(r),
        threshold: o.hypothesis.threshold,
        question: o.hypothesis.statement,
        id: o.hypothesis.id,
        comparison: c ? wherePhrase(r, c) : "comparison missing from the document",
        ...(c ? { main: c } : {}),
        ratio: c
          ? ratioWithInterval(c)
          : o.observed
            ? `${ratio(o.observed.geomean)} [${ratio(o.observed.ciLow)}, ${ratio(o.observed.ciHigh)}]`
            : "—",
        status,
        words: `${head}; ${crit}`,
        quick,
      });
    }
  }
  return out;
}

/** Counts of findings by status, in a fixed order, leaving out zeros: `2 supported, 6 not supported, …`. */
export function statusCounts(fs: readonly Finding[]): string {
  const order: FindingStatus[] = [
    "supported",
    "not supported",
    "undecided",
    "on hold",
    "not tested",
    "descriptive",
  ];
  return order
    .map((s) => [s, fs.filter((f) => f.status === s).length] as const)
    .filter(([, n]) => n > 0)
    .map(([s, n]) => `${n} ${s}`)
    .join(", ");
}

/** The short headline of the whole report. */
export function headline(input: ReportInput): string {
  if (input.results.length === 0) return "gojson report: no benchmark results found";
  return "gojson: benchmarks and conformance against Go";
}

/** One or two sentences under the headline: what the report holds, in numbers. */
export function summaryLine(input: ReportInput): string {
  const fs = findings(input);
  const quick = input.results.filter((r) => r.settings.quick).length;
  const parts = [
    `${input.results.length} benchmark${input.results.length === 1 ? "" : "s"}${
      quick ? ` (${quick} quick smoke run${quick === 1 ? "" : "s"}, not evidence)` : ""
    }`,
  ];
  const registered = fs.filter((f) => f.status !== "descriptive");
  if (registered.length)
    parts.push(
      `${registered.length} question${registered.length === 1 ? "" : "s"} registered before the run: ${statusCounts(registered)}`,
    );
  const c = input.conformance?.summary;
  if (c) {
    const names = engineNames(c);
    if (names.length)
      parts.push(
        `agreement with Go over ${fixed(c.runs, 0)} generated cases: ${names
          .map((n) => {
            const e = c.engines[n]!;
            return `${n} ${e.cases ? `${fixed((100 * e.agreements) / e.cases, 1)}%` : "—"}`;
          })
          .join(", ")}`,
      );
  }
  return `${parts.join("; ")}.`;
}
