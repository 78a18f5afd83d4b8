/**
 * Pieces of text both renderers use: conditions, criterion and verdict lines
 * and the "not tested" list, all computed from the result documents (the
 * headline and key findings are in findings.ts).
 */
import type { BenchResult, HypothesisOutcome } from "@gojson/harness";
import { bytesSi, fixed, pValue, ratio } from "./format.js";
import type { ReportInput } from "./input.js";
import { candidateLabel, measuredPayloads, metricUnit, payloadPhrase } from "./model.js";

/** One row of a conditions table. */
export type Condition = [item: string, value: string];

/** The conditions of a run (seed 002's "how it ran" table). */
export function conditions(r: BenchResult): Condition[] {
  const e = r.environment;
  const s = r.settings;
  const rows: Condition[] = [];
  rows.push([
    "Hardware",
    `${e.cpuModel}, ${e.logicalCpus} logical CPUs${e.cpuMHz ? ` at ${e.cpuMHz} MHz` : ""}, ${bytesSi(e.totalMemoryBytes)} memory`,
  ]);
  rows.push(["Operating system", `${e.os.type} ${e.os.release} (${e.os.platform}/${e.os.arch})`]);
  rows.push([
    "Node / V8",
    `Node ${e.node}, V8 ${e.v8}${e.nodeFlags.length ? `, flags ${e.nodeFlags.join(" ")}` : ", no flags"}`,
  ]);
  rows.push([
    "Go",
    e.go
      ? `${e.go.version}${e.go.goexperiment ? `, GOEXPERIMENT=${e.go.goexperiment}` : ""}`
      : "not used in this run",
  ]);
  rows.push([
    "Parallelism",
    `available parallelism ${e.availableParallelism}; candidates isolated: ${s.isolation}; ${e.ci ? "CI machine" : "not CI"}`,
  ]);
  rows.push([
    "Candidates",
    r.candidates
      .map(
        (c) => `${c.label}${c.library ? ` (${c.library})` : ""}${c.description ? ` — ${c.description}` : ""}`,
      )
      .join("; "),
  ]);
  const measured = measuredPayloads(r);
  rows.push([
    "Payloads",
    measured.length === 0
      ? `${r.payloads.map((p) => `${p.label} (${bytesSi(p.bytes)})`).join("; ") || "none"} — none measured`
      : measured
          .map((id) => {
            const p = r.payloads.find((x) => x.id === id);
            return p ? `${p.label} (${bytesSi(p.bytes)})` : id;
          })
          .join("; "),
  ]);
  rows.push([
    "Repetitions",
    `each candidate warmed up until its time per op settles (10–40 sample times), then ${s.warmupRounds} warm-up round(s) excluded; ${s.pairs} measured pairs per payload in ${s.order} order; ~${s.sampleTimeMs} ms per sample`,
  ]);
  rows.push([
    "Statistics",
    `${pct(s.confidence)} interval by ${s.ciMethod}; paired test ${s.testMethod}, α = ${s.alpha}${
      s.seed !== undefined ? `; seed ${s.seed}` : ""
    }`,
  ]);
  rows.push([
    "Load average",
    `${e.loadAverage.start.map((x) => x.toFixed(2)).join(" / ")} at start${
      e.loadAverage.end ? `, ${e.loadAverage.end.map((x) => x.toFixed(2)).join(" / ")} at end` : ""
    } (1 / 5 / 15 min)`,
  ]);
  rows.push(["Run", `${r.startedAt} → ${r.finishedAt} (${fixed(r.durationMs / 1000, 1)} s)`]);
  if (s.quick)
    rows.push(["Mode", "QUICK smoke run (GOJSON_BENCH_QUICK=1): the numbers are not meant to be read"]);
  return rows;
}

function pct(x: number): string {
  return `${Math.round(x * 1000) / 10}%`;
}

/** The criterion of a hypothesis in words. */
export function criterion(r: BenchResult, o: HypothesisOutcome): string {
  const h = o.hypothesis;
  const side = h.direction === "less" ? "below" : "above";
  return `supported when the whole ${pct(r.settings.confidence)} interval of the geometric-mean ratio ${candidateLabel(
    r,
    h.candidate,
  )} ÷ ${candidateLabel(r, h.baseline)} (${metricUnit(h.metric)}) ${payloadPhrase(r, h.payload)} lies ${side} ${h.threshold}`;
}

/** How the preregistration record was checked, in words. */
export function preregistrationWords(r: BenchResult, o: HypothesisOutcome): string {
  const h = o.hypothesis;
  const at = `registered at ${h.registeredAt}${h.registeredFile ? ` in ${h.registeredFile}` : ""}; run started ${r.startedAt}`;
  switch (o.preregistration) {
    case "verified":
      return `${at}. Order and hash verified.`;
    case "unverifiable":
      return `${at}. The order cannot be proven independently of this file: HOLD on the preregistration claim.`;
    case "mismatch":
      return `${at}. The record does not match (time after the run or hash differs): the criterion may have been written after the fact.`;
  }
}

/** One verdict line: verdict, reason, observed figures. */
export function verdictLine(o: HypothesisOutcome): string {
  const ob = o.observed;
  const figures = ob
    ? ` Observed ${ratio(ob.geomean)}, interval [${ratio(ob.ciLow)}, ${ratio(ob.ciHigh)}], ${pValue(ob.pValue)}.`
    : "";
  return `${o.verdict}: ${o.reason}${figures}`;
}

/** Everything the run did not cover, derived from the documents and from missing inputs. */
export function notTested(input: ReportInput): string[] {
  const out: string[] = [];
  if (input.results.length === 0)
    out.push(`No benchmark result documents were found in ${input.resultsDir ?? "the results directory"}.`);
  for (const r of input.results) {
    const tag = r.title;
    for (const e of r.errors)
      out.push(`${tag}: ${e.candidate}${e.payload ? ` on ${e.payload}` : ""} did not run — ${e.message}.`);
    for (const o of r.hypotheses)
      if (o.verdict === "NOT_TESTED")
        out.push(`${tag}: question ${o.hypothesis.id} was not tested — ${o.reason}`);
    // A scale document has rows, not paired samples: its bounds say what did not run.
    if (r.scale) continue;
    const hasCpu = r.measurements.some((m) => m.stats.cpuNsPerOp);
    const hasInstr = r.measurements.some((m) => m.stats.instructionsPerOp);
    const hasMem = r.measurements.some((m) => m.memory);
    const missing = [
      ...(hasCpu ? [] : ["CPU time per op"]),
      ...(hasInstr ? [] : ["instruction counts (callgrind)"]),
      ...(hasMem ? [] : ["bytes allocated per op"]),
    ];
    if (missing.length) out.push(`${tag}: ${missing.join(", ")} not measured.`);
    const unmeasured = r.payloads.filter((p) => !r.measurements.some((m) => m.payload === p.id));
    for (const p of unmeasured) out.push(`${tag}: payload ${p.label} listed but not measured.`);
  }
  const c = input.conformance?.summary;
  if (!c)
    out.push(
      "Conformance against Go: results/conformance.json is absent, so agreement with the Go oracle is not reported here.",
    );
  else {
    for (const e of c.unavailable)
      out.push(
        `Conformance against Go: engine ${e} was not run (its codec was not available to the campaign).`,
      );
    for (const [name, e] of Object.entries(c.engines))
      if (e.skipped > 0)
        out.push(
          `Conformance against Go: ${e.skipped} generated case(s) of engine ${name} were skipped because Go could not run them.`,
        );
  }
  if (!input.differences)
    out.push(
      "v1/v2 differences: the golden vectors of @gojson/fixtures (group differences) were not found, so the difference table is absent.",
    );
  for (const s of input.skipped ?? []) out.push(`File ${s.file} was not used: ${s.reason}.`);
  return out;
}

/** Limits of what was measured: undecided questions, smoke runs, tests too small to reach α, the benches' own notes. */
export function caveats(input: ReportInput): string[] {
  const out: string[] = [];
  for (const r of input.results) {
    const tag = r.title;
    for (const o of r.hypotheses)
      if (o.verdict === "HOLD" || o.verdict === "UNKNOWN")
        out.push(`${tag}: question ${o.hypothesis.id} is undecided — ${o.reason}`);
    if (r.hypotheses.length === 0 && !r.scale)
      out.push(`${tag}: no question registered before the run, so no verdict.`);
    if (r.settings.quick) out.push(`${tag}: quick smoke run; its figures are not evidence.`);
    const lowPower = r.comparisons.filter((c) => !c.test.canReachAlpha);
    if (lowPower.length)
      out.push(
        `${tag}: with n = ${lowPower[0]!.test.n} pairs the ${lowPower[0]!.test.method} test cannot reach α = ${
          lowPower[0]!.test.alpha
        } (smallest p ${fixed(lowPower[0]!.test.minAchievableP, 4)}) in ${lowPower.length} comparison(s): read the intervals, not the p-values.`,
      );
    if (!r.scale) for (const n of r.notes) out.push(`${tag}: ${n}`);
  }
  return out;
}
