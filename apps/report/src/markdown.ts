/**
 * The Markdown report. The first screen is all a reader needs: the machine and
 * its load (with a warning when it was too busy to trust the timings), the
 * conformance line, and one table of verdicts. Each benchmark's details (the
 * question and the criterion fixed before the run, the conditions, per-payload
 * ratios said in words, memory, the benchstat-style table) follow folded in
 * `<details>`, then the conformance and v1/v2 sections, what was not tested
 * and the limits of what was measured.
 */
import type { BenchResult } from "@gojson/harness";
import { benchstatTable } from "./benchstat.js";
import { conformanceLine, findings, headline, machine, summaryLine } from "./findings.js";
import { bytesSi, cost, escapeCell, fixed, meanSd, pValue, ratio } from "./format.js";
import { goRatioTables } from "./go-ratios.js";
import { GO_RATIO_HEAD, goRatioCells, goRatioLede, goRatioTallyLines } from "./go-ratios-render.js";
import { normaliseInput, type ReportInput } from "./input-normalise.js";
import { conformanceMarkdown, differencesMarkdown } from "./markdown-sections.js";
import {
  candidateLabel,
  comparisonGroups,
  directionSentence,
  findMeasurement,
  measuredCandidates,
  measuredPayloads,
  metricSummary,
  metricUnit,
  payloadLabel,
} from "./model.js";
import { isScaleResult, type ScaleSection, scaleSections, scaleSummary, scaleVerdict } from "./scale.js";
import { caveats, conditions, criterion, notTested, preregistrationWords, verdictLine } from "./sections.js";

function table(head: string[], rows: string[][]): string {
  const esc = (r: string[]) => `| ${r.map(escapeCell).join(" | ")} |`;
  return [esc(head), `|${head.map(() => "---").join("|")}|`, ...rows.map(esc)].join("\n");
}

function testCell(c: BenchResult["comparisons"][number]): string {
  const t = c.test;
  return `${pValue(t.pValue)}, n=${t.n}${t.canReachAlpha ? "" : ` (cannot reach α=${t.alpha})`}`;
}

function resultSection(r: BenchResult, summary: string, out: string[]): void {
  out.push(
    "<details>",
    `<summary><b>${escapeHtmlText(r.title)}</b> — ${escapeHtmlText(summary)}</summary>`,
    "",
  );
  out.push(`Package ${r.package}, bench ${r.bench}.${r.description ? ` ${r.description}` : ""}`, "");

  out.push("### What we set out to check", "");
  if (r.hypotheses.length === 0) {
    out.push(
      "No hypothesis was registered before this run. The figures below are descriptive; they support no verdict (UNKNOWN).",
      "",
    );
  }
  for (const o of r.hypotheses) {
    out.push(`Question (${o.hypothesis.id}): “${o.hypothesis.statement}”`, "");
    out.push(`Criterion fixed before the run: ${criterion(r, o)}, α = ${o.hypothesis.alpha}.`, "");
    out.push(`Preregistration: ${preregistrationWords(r, o)}`, "");
  }

  out.push("### How it ran", "");
  out.push(table(["Item", "Condition"], conditions(r)), "");

  out.push("### Results", "");
  // Wall time in the tables; CPU time (the same pairs) in one line each, and in the benchstat table.
  const groups = comparisonGroups(r).filter((g) => g.metric !== "cpuNsPerOp");
  const cpu = comparisonGroups(r, "cpuNsPerOp").filter((g) => g.pooled);
  if (groups.length === 0) out.push("The document holds no paired comparison.", "");
  for (const g of groups) {
    const base = candidateLabel(r, g.baseline);
    const cand = candidateLabel(r, g.candidate);
    const unit = metricUnit(g.metric);
    out.push(`#### ${cand} vs ${base} — ${unit}`, "");
    out.push(
      `The ratio is ${cand} ${unit} ÷ ${base} ${unit}, one per ABBA pair; below 1 means ${cand} cost less. Means ± sample SD over each candidate's samples.`,
      "",
    );
    const rows = g.rows.map((c) => {
      const bm = metricSummary(findMeasurement(r, c.payload, g.baseline), g.metric);
      const cm = metricSummary(findMeasurement(r, c.payload, g.candidate), g.metric);
      return [
        payloadLabel(r, c.payload),
        meanSd(bm?.mean, bm?.sd),
        meanSd(cm?.mean, cm?.sd),
        `${ratio(c.geomean)} (${fixed(c.gsd, 3)})`,
        `[${ratio(c.ci.low)}, ${ratio(c.ci.high)}]`,
        testCell(c),
        directionSentence(r, c),
      ];
    });
    out.push(
      table(
        [
          "payload",
          `${base} ${unit}, mean ± SD`,
          `${cand} ${unit}, mean ± SD`,
          "paired geomean (GSD)",
          `${Math.round(r.settings.confidence * 100)}% interval`,
          "paired test",
          "in words",
        ],
        rows,
      ),
      "",
    );
    if (g.pooled) {
      const p = g.pooled;
      out.push(
        `All payloads pooled: ${p.ratios.length} paired ratios, geometric mean ${ratio(p.geomean)}, geometric SD ${fixed(
          p.gsd,
          3,
        )}, interval [${ratio(p.ci.low)}, ${ratio(p.ci.high)}] (${p.ci.method}), ${testCell(p)}. ${directionSentence(r, p)}.`,
        "",
      );
    }
  }

  if (cpu.length) {
    out.push(
      `CPU time (process.cpuUsage), same pairs, pooled: ${cpu
        .map(
          (g) =>
            `${candidateLabel(r, g.candidate)} ÷ ${candidateLabel(r, g.baseline)} ${ratio(g.pooled!.geomean)} [${ratio(g.pooled!.ci.low)}, ${ratio(g.pooled!.ci.high)}]`,
        )
        .join("; ")}.`,
      "",
    );
  }

  const withMem = r.measurements.filter((m) => m.memory);
  if (withMem.length) {
    out.push("#### Memory per operation", "");
    const cands = measuredCandidates(r);
    const rows = measuredPayloads(r).map((p) => [
      payloadLabel(r, p),
      ...cands.map((c) => {
        const m = findMeasurement(r, p, c)?.memory;
        if (!m) return "—";
        return `${cost(m.bytesPerOp)}${m.allocsPerOp !== undefined ? ` (${fixed(m.allocsPerOp, 0)} allocs)` : ""}${
          m.peakHeapBytes !== undefined ? `, peak heap ${bytesSi(m.peakHeapBytes)}` : ""
        }`;
      }),
    ]);
    const methods = [...new Set(withMem.map((m) => m.memory!.method))].join(", ");
    out.push(table(["payload", ...cands.map((c) => `${candidateLabel(r, c)} B/op`)], rows), "");
    out.push(`Bytes per op measured by ${methods}.`, "");
  }

  for (const t of r.tables) {
    out.push(`#### ${t.title}`, "");
    out.push(
      table(
        t.columns,
        t.rows.map((row) => row.map((v) => (v === null ? "—" : typeof v === "number" ? cost(v) : v))),
      ),
      "",
    );
    for (const n of t.notes ?? []) out.push(`${n}`, "");
  }

  out.push("### Verdict", "");
  if (r.hypotheses.length === 0)
    out.push("UNKNOWN: nothing was registered before the run to judge against.", "");
  for (const o of r.hypotheses) out.push(`- ${o.hypothesis.id}: ${verdictLine(o)}`);
  if (r.hypotheses.length) out.push("");

  const ns = benchstatTable(r, "nsPerOp");
  const mem = benchstatTable(r, "bytesPerOp");
  if (ns || mem) {
    out.push("### benchstat-style table", "");
    for (const t of [ns, mem]) if (t) out.push("```", t, "```", "");
  }
  out.push("</details>", "");
}

/** A scale section: the bounds with their verdicts, then the figures folded. */
function scaleMarkdown(sec: ScaleSection, out: string[]): void {
  const r = sec.result;
  out.push(`**${r.title}** — ${scaleSummary(sec)}.`, "");
  if (r.description) out.push(r.description, "");
  const checks = table(
    ["bound", "observed", "verdict"],
    sec.checks.map((c) => [c.statement, c.observed, `**${scaleVerdict(c)}**`]),
  );
  // First page: the compact verdict tables (or the list of bounds when the checks have no short form).
  if (sec.matrices.length) for (const m of sec.matrices) out.push(table(m.head, m.rows), "");
  else out.push(checks, "");
  out.push(
    "<details>",
    `<summary>Each bound in words and the figures: ${sec.tables.length} group(s), one process per row (${escapeHtmlText(r.startedAt)})</summary>`,
    "",
  );
  if (sec.matrices.length) out.push(checks, "");
  for (const t of sec.tables) out.push(`#### ${t.title}`, "", table(t.head, t.rows), "");
  if (sec.commands.length) out.push("Reproduce with:", "", "```sh", ...sec.commands, "```", "");
  for (const n of sec.notes) out.push(`- ${n}`);
  if (sec.notes.length) out.push("");
  out.push(
    table(
      ["Item", "Condition"],
      conditions(r).filter(([k]) => !/Repetitions|Statistics|Candidates|Payloads/.test(k)),
    ),
    "",
  );
  out.push("</details>", "");
}

function escapeHtmlText(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** Options of the Markdown report. */
export interface MarkdownOptions {
  /** File name of the chart of every main ratio (SVG beside the Markdown), shown under the verdicts. */
  ratiosChart?: string;
}

/** Renders the whole report as Markdown (deterministic: a pure function of the input). */
export function renderMarkdown(
  results: ReportInput | readonly BenchResult[],
  options: MarkdownOptions = {},
): string {
  const input = normaliseInput(results);
  const out: string[] = [`# ${headline(input)}`, "", summaryLine(input), ""];
  const m = machine(input);
  if (m?.high)
    out.push(
      `> **Warning: the machine was busy.** The load average reached ${fixed(m.maxLoad, 2)} on ${m.cpus} logical CPUs during the runs: other work shared the cores, so the timings are noisy and the verdicts below are weaker than their intervals suggest. Re-run on a quiet machine before relying on them.`,
      "",
    );
  if (m) out.push(`Machine: ${m.text}.`, "");
  out.push(conformanceLine(input), "");
  const fs = findings(input);
  if (fs.length) {
    out.push("## Verdicts", "");
    out.push(
      table(
        ["question", "ratio [95% interval]", "verdict"],
        fs.map((f) => [
          f.status === "descriptive" ? `${f.benchmark}` : `${f.question}`,
          f.ratio,
          `**${f.status}**: ${f.words}${f.quick ? " (quick smoke run: not evidence)" : ""}`,
        ]),
      ),
      "",
    );
    out.push(
      `Ratio: candidate ÷ baseline, ${fs[0]?.comparison ? "time per op, " : ""}paired geometric mean with its ${Math.round(
        (input.results[0]?.settings.confidence ?? 0.95) * 100,
      )}% interval; below 1 the candidate costs less. Each benchmark's details are folded below.`,
      "",
    );
    if (options.ratiosChart)
      out.push(`![Every main ratio with its interval, log scale](${options.ratiosChart})`, "");
  }
  for (const t of goRatioTables(input.results)) {
    out.push(`## gojson ÷ Go (${t.goVersion})`, "");
    out.push(goRatioLede(t), "");
    out.push(...goRatioTallyLines(t).map((l) => `- ${l}`), "");
    out.push(table(GO_RATIO_HEAD, t.rows.map(goRatioCells)), "");
  }
  const scale = scaleSections(input.results);
  if (scale.length) {
    out.push("## Streams, big documents and bounds", "");
    for (const sec of scale) scaleMarkdown(sec, out);
  }
  out.push("## Details", "");
  for (const [i, r] of input.results.entries()) {
    if (isScaleResult(r)) continue;
    const own = fs.filter((f) => f.result === i);
    const summary = own.map((f) => f.status).join(", ") || "no comparison";
    resultSection(r, summary, out);
  }

  out.push("## Conformance against Go", "");
  conformanceMarkdown(input.conformance, out);

  out.push("## v1/v2 differences", "");
  differencesMarkdown(input.differences, out);

  out.push("## What was not tested", "");
  const nt = notTested(input);
  if (nt.length === 0) out.push("Everything listed in the benchmarks ran and was measured.");
  for (const n of nt) out.push(`- ${n}`);
  out.push("");
  const cv = caveats(input);
  if (cv.length) {
    out.push("## Limits of what was measured", "");
    for (const n of cv) out.push(`- ${n}`);
    out.push("");
  }
  return `${out.join("\n").trimEnd()}\n`;
}
