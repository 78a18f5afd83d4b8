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

/**
 * A comparison as a sentence that names both sides: `codec-v1 unmarshal is 1.55× slower than JSON.parse`,
 * or `no clear difference in time between codec-v1 unmarshal and JSON.parse`.
 */
export function comparisonWords(r: BenchResult, c: Comparison): string {
  const cand = candidateLabel(r, c.candidate);
  const base = candidateLabel(r, c.baseline);
  if (!intervalExcludesOne(c))
    return `no clear difference in ${MORE[c.metric][2]} between ${cand} and ${base}`;
  return `${cand} is ${comparative(c)} than ${base}`;
}

/** The ratio with its interval: `1.548× [1.282×, 1.869×]`. */
export function ratioWithInterval(c: Comparison): string {
  return `${ratio(c.geomean)} [${ratio(c.ci.low)}, ${ratio(c.ci.high)}]`;
}

function wherePhrase(r: BenchResult, c: Comparison): string {
  return `${metricUnit(c.metric)}, ${payloadPhrase(r, c.payload)}`;
}

/** Capitalises a sentence that starts with our own words ("no clear …"), never a name (`codec-v1`, `new Encoder`). */
function sentenceStart(s: string): string {
  return s.startsWith("no clear") ? `N${s.slice(1)}` : s;
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
    // Scale results (streams, big documents, bounds) have their own section of bounds and figures.
    if (r.scale) continue;
    const quick = r.settings.quick;
    if (r.hypotheses.length === 0) {
      const c = mainComparison(r);
      const more = Math.max(0, comparisonGroups(r, "nsPerOp").length - 1);
      out.push({
        result: i,
        benchmark: r.title,
        short: r.title,
        question: c
          ? `(no question registered) ${candidateLabel(r, c.candidate)} vs ${candidateLabel(r, c.baseline)}, ${metricUnit(c.metric)}`
          : "No question registered before the run, and no paired comparison.",
        comparison: c ? wherePhrase(r, c) : "",
        ...(c ? { main: c } : {}),
        ratio: c ? ratioWithInterval(c) : "—",
        status: "descriptive",
        words: c
          ? `${sentenceStart(comparisonWords(r, c))}${
              more ? `; ${more} more comparison${more > 1 ? "s" : ""} in the details` : ""
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
      const head = c ? sentenceStart(comparisonWords(r, c)) : "No observation";
      out.push({
        result: i,
        benchmark: r.title,
        short: r.hypotheses.length > 1 ? `${o.hypothesis.id} · ${r.title}` : r.title,
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

/** Load average above this many times the logical CPUs makes timings untrustworthy. */
export const HIGH_LOAD_PER_CPU = 1;

/** The machine the benchmarks ran on, and the highest 1-minute load average seen during any run. */
export function machine(
  input: ReportInput,
): { text: string; maxLoad: number; cpus: number; high: boolean } | undefined {
  const envs = input.results.map((r) => r.environment);
  const e = envs[0];
  if (!e) return undefined;
  const loads = envs.flatMap((x) => [x.loadAverage?.start?.[0], x.loadAverage?.end?.[0]]);
  const maxLoad = Math.max(0, ...loads.filter((x): x is number => typeof x === "number"));
  const cpus = e.logicalCpus || 1;
  const mem = e.totalMemoryBytes ? `, ${fixed(e.totalMemoryBytes / 2 ** 30, 0)} GiB` : "";
  const text = `${e.cpuModel} × ${cpus} logical CPUs${mem}, ${e.os.type} ${e.os.arch}, Node ${e.node}; load average up to ${fixed(
    maxLoad,
    2,
  )} during the runs`;
  return { text, maxLoad, cpus, high: maxLoad > HIGH_LOAD_PER_CPU * cpus };
}

/** One line on agreement with Go, or why there is none. */
export function conformanceLine(input: ReportInput): string {
  const c = input.conformance?.summary;
  if (!c) return "Conformance against Go: not run (results/conformance.json is absent).";
  const names = engineNames(c);
  return `Conformance against Go: ${fixed(c.runs, 0)} generated cases — ${names
    .map((n) => {
      const e = c.engines[n]!;
      return `${n} ${e.cases ? `${fixed((100 * e.agreements) / e.cases, 2)}% agree` : "not run"}`;
    })
    .join(", ")}.`;
}
