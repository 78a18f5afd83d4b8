/**
 * The Markdown report, in the shape of seed 002: headline and lede, the
 * question and the criterion fixed before the run, the conditions, the
 * results with ratios said in words, the verdict, what was not tested, and a
 * benchstat-style table.
 */
import type { BenchResult } from "@gojson/harness";
import { benchstatTable } from "./benchstat.js";
import { findings, headline, summaryLine } from "./findings.js";
import { bytesSi, cost, escapeCell, fixed, meanSd, pValue, ratio } from "./format.js";
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
import { conditions, criterion, notTested, preregistrationWords, verdictLine } from "./sections.js";

function table(head: string[], rows: string[][]): string {
  const esc = (r: string[]) => `| ${r.map(escapeCell).join(" | ")} |`;
  return [esc(head), `|${head.map(() => "---").join("|")}|`, ...rows.map(esc)].join("\n");
}

function testCell(c: BenchResult["comparisons"][number]): string {
  const t = c.test;
  return `${pValue(t.pValue)}, n=${t.n}${t.canReachAlpha ? "" : ` (cannot reach α=${t.alpha})`}`;
}

function resultSection(r: BenchResult, out: string[]): void {
  out.push(`## ${r.title}`, "");
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
  const groups = comparisonGroups(r);
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
}

/** Renders the whole report as Markdown (deterministic: a pure function of the input). */
export function renderMarkdown(results: ReportInput | readonly BenchResult[]): string {
  const input = normaliseInput(results);
  const out: string[] = [`# ${headline(input)}`, "", summaryLine(input), ""];
  const fs = findings(input);
  if (fs.length) {
    out.push("## Key findings", "");
    out.push(
      table(
        ["benchmark", "question", "main ratio [interval]", "verdict"],
        fs.map((f) => [
          f.short,
          f.question,
          `${f.ratio} — ${f.comparison}`,
          `**${f.status}**: ${f.words}${f.quick ? ". Quick smoke run: not evidence" : ""}`,
        ]),
      ),
      "",
    );
    out.push(
      `Ratio: candidate ÷ baseline, paired geometric mean with its ${Math.round(
        (input.results[0]?.settings.confidence ?? 0.95) * 100,
      )}% interval; below 1 the candidate cost less. Details per benchmark follow.`,
      "",
    );
  }
  for (const r of input.results) resultSection(r, out);

  out.push("## Conformance against Go", "");
  conformanceMarkdown(input.conformance, out);

  out.push("## v1/v2 differences", "");
  differencesMarkdown(input.differences, out);

  out.push("## What was not tested", "");
  for (const n of notTested(input)) out.push(`- ${n}`);
  out.push("");
  return `${out.join("\n").trimEnd()}\n`;
}
