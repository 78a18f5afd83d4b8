/**
 * The HTML report: one self-contained page (no external URL, no script),
 * inline SVG charts from charts.ts, tables as the text alternative of every
 * chart, and a print stylesheet.
 */
import type { BenchResult, ScaleCheck } from "@gojson/harness";
import { benchstatTable } from "./benchstat.js";
import { type Chart, type ChartSpec, costSpec, findingsSpec, forestSpec, renderChart } from "./charts.js";
import { conformanceLine, findings, headline, machine, summaryLine } from "./findings.js";
import { bytesSi, cost, escapeHtml as e, fixed, meanSd, pValue, ratio, slug } from "./format.js";
import { goRatioTables } from "./go-ratios.js";
import {
  GO_RATIO_HEAD,
  goRatioCells,
  goRatioLede,
  goRatioSpecs,
  goRatioTallyLines,
} from "./go-ratios-render.js";
import { conformanceHtml } from "./html-conformance.js";
import { differencesHtml } from "./html-differences.js";
import { findingsHtml } from "./html-findings.js";
import { figure, tableHtml, verdictBadge } from "./html-parts.js";
import { normaliseInput, type ReportInput } from "./input-normalise.js";
import {
  candidateLabel,
  comparisonGroups,
  directionSentence,
  directionWord,
  findMeasurement,
  intervalExcludesOne,
  measuredCandidates,
  measuredPayloads,
  metricSummary,
  metricUnit,
  payloadLabel,
} from "./model.js";
import { isScaleResult, type ScaleSection, scaleSections, scaleSummary, scaleVerdict } from "./scale.js";
import { caveats, conditions, criterion, notTested, preregistrationWords } from "./sections.js";
import { STYLE } from "./style.js";

async function renderAll(specs: Array<ChartSpec | undefined>): Promise<Map<string, Chart>> {
  const out = new Map<string, Chart>();
  // Sequential: charts in page order.
  for (const s of specs) if (s) out.set(s.id, await renderChart(s));
  return out;
}

async function resultSection(r: BenchResult, idx: number, summary: string): Promise<string> {
  const sid = `r${idx + 1}`;
  const forest = forestSpec(r, `${sid}-forest`);
  const ns = costSpec(r, `${sid}-ns`, "nsPerOp");
  const bytes = costSpec(r, `${sid}-bytes`, "bytesPerOp");
  const charts = await renderAll([forest, ns, bytes]);
  const parts: string[] = [];
  parts.push(
    `<section id="${sid}" aria-labelledby="${sid}-h"><details class="result"><summary><h4 id="${sid}-h">${e(r.title)}</h3> <span class="sum">${e(summary)}</span></summary>`,
  );
  parts.push(
    `<p class="meta">Package <code>${e(r.package)}</code>, bench <code>${e(r.bench)}</code>.${r.description ? ` ${e(r.description)}` : ""}</p>`,
  );

  parts.push(`<h4 id="${sid}-question">What we set out to check</h4>`);
  if (r.hypotheses.length === 0)
    parts.push(
      "<p>No hypothesis was registered before this run. The figures below are descriptive; they support no verdict (UNKNOWN).</p>",
    );
  for (const o of r.hypotheses) {
    parts.push(
      `<dl class="hypothesis"><dt>Question (${e(o.hypothesis.id)})</dt><dd>“${e(o.hypothesis.statement)}”</dd>` +
        `<dt>Criterion fixed before the run</dt><dd>${e(criterion(r, o))}, α = ${e(String(o.hypothesis.alpha))}.</dd>` +
        `<dt>Preregistration</dt><dd>${e(preregistrationWords(r, o))}</dd></dl>`,
    );
  }

  parts.push(`<h4 id="${sid}-conditions">How it ran</h4>`);
  parts.push(
    tableHtml(`${sid}-conditions-table`, "Conditions of the run", ["Item", "Condition"], conditions(r), 99),
  );

  parts.push(`<h4 id="${sid}-results">Results</h4>`);
  // Wall time per pair in tables; the CPU-time twins of the same pairs are in the benchstat table.
  const groups = comparisonGroups(r).filter((g) => g.metric !== "cpuNsPerOp");
  const forestChart = forest && charts.get(forest.id);
  const firstTable = `${sid}-cmp-1`;
  if (forestChart)
    parts.push(
      figure(
        forestChart,
        firstTable,
        "Paired geometric-mean ratio of each payload with its interval, on a log scale; the dashed line at 1 means equal cost.",
      ),
    );
  if (groups.length === 0) parts.push("<p>The document holds no paired comparison.</p>");
  for (const [gi, g] of groups.entries()) {
    const base = candidateLabel(r, g.baseline);
    const cand = candidateLabel(r, g.candidate);
    const unit = metricUnit(g.metric);
    parts.push(
      `<p>The ratio is ${e(cand)} ${e(unit)} ÷ ${e(base)} ${e(unit)}, one per ABBA pair; below 1 means ${e(
        cand,
      )} cost less. Means ± sample SD over each candidate's samples.</p>`,
    );
    const rows = g.rows.map((c) => {
      const bm = metricSummary(findMeasurement(r, c.payload, g.baseline), g.metric);
      const cm = metricSummary(findMeasurement(r, c.payload, g.candidate), g.metric);
      const dir = intervalExcludesOne(c) ? (c.geomean < 1 ? "better" : "worse") : "even";
      return [
        payloadLabel(r, c.payload),
        meanSd(bm?.mean, bm?.sd),
        meanSd(cm?.mean, cm?.sd),
        `${ratio(c.geomean)} (${fixed(c.gsd, 3)})`,
        `[${ratio(c.ci.low)}, ${ratio(c.ci.high)}]`,
        `${pValue(c.test.pValue)}, n=${c.test.n}${c.test.canReachAlpha ? "" : " †"}`,
        { html: `<span class="dir ${dir}">${e(directionWord(c))}</span>`, cls: "words" },
      ];
    });
    if (g.pooled) {
      const p = g.pooled;
      const dir = intervalExcludesOne(p) ? (p.geomean < 1 ? "better" : "worse") : "even";
      rows.push([
        "All payloads (pooled)",
        "",
        "",
        `${ratio(p.geomean)} (${fixed(p.gsd, 3)})`,
        `[${ratio(p.ci.low)}, ${ratio(p.ci.high)}]`,
        `${pValue(p.test.pValue)}, n=${p.test.n}${p.test.canReachAlpha ? "" : " †"}`,
        { html: `<span class="dir ${dir}">${e(directionWord(p))}</span>`, cls: "words" },
      ]);
    }
    const level = Math.round(r.settings.confidence * 100);
    parts.push(
      tableHtml(
        `${sid}-cmp-${gi + 1}`,
        `${cand} vs ${base}, ${unit}: per payload`,
        [
          "Payload",
          `${base}, mean ± SD`,
          `${cand}, mean ± SD`,
          "Paired geomean (GSD)",
          `${level}% interval`,
          "Paired test",
          "Direction",
        ],
        rows,
      ),
    );
    const sentences = [...g.rows, ...(g.pooled ? [g.pooled] : [])].map(
      (c) => `<li>${e(payloadLabel(r, c.payload))}: ${e(directionSentence(r, c))}.</li>`,
    );
    parts.push(`<ul class="in-words">${sentences.join("")}</ul>`);
    if ([...g.rows, ...(g.pooled ? [g.pooled] : [])].some((c) => !c.test.canReachAlpha))
      parts.push(
        `<p class="note">† With this n the exact paired test cannot reach α = ${e(String(r.settings.alpha))}; read the interval, not the p-value.</p>`,
      );
  }

  const nsChart = ns && charts.get(ns.id);
  const cands = measuredCandidates(r);
  const payloads = measuredPayloads(r);
  if (nsChart) {
    const tid = `${sid}-ns-table`;
    parts.push(`<h4>Time per operation</h4>`);
    parts.push(
      figure(
        nsChart,
        tid,
        "Mean time per operation of each candidate on each payload with ±1 SD whiskers; each payload has its own axis starting at 0.",
      ),
    );
    parts.push(
      tableHtml(
        tid,
        "ns/op: mean ± SD, median, ops/s and MB/s (median sample)",
        [
          "Payload",
          ...cands.flatMap((c) => [`${candidateLabel(r, c)} ns/op`, `${candidateLabel(r, c)} MB/s`]),
        ],
        payloads.map((p) => [
          payloadLabel(r, p),
          ...cands.flatMap((c) => {
            const m = findMeasurement(r, p, c);
            return [meanSd(m?.stats.nsPerOp.mean, m?.stats.nsPerOp.sd), fixed(m?.stats.mbPerSec, 1)];
          }),
        ]),
      ),
    );
  }
  const bytesChart = bytes && charts.get(bytes.id);
  if (bytesChart) {
    const tid = `${sid}-bytes-table`;
    const methods = [...new Set(r.measurements.flatMap((m) => (m.memory ? [m.memory.method] : [])))].join(
      ", ",
    );
    parts.push(`<h4>Memory per operation</h4>`);
    parts.push(
      figure(
        bytesChart,
        tid,
        `Bytes allocated per operation (${methods}) of each candidate; each payload has its own axis starting at 0.`,
      ),
    );
    parts.push(
      tableHtml(
        tid,
        `Bytes per operation (${methods}) and peak heap`,
        [
          "Payload",
          ...cands.flatMap((c) => [`${candidateLabel(r, c)} B/op`, `${candidateLabel(r, c)} peak heap`]),
        ],
        payloads.map((p) => [
          payloadLabel(r, p),
          ...cands.flatMap((c) => {
            const m = findMeasurement(r, p, c)?.memory;
            return [cost(m?.bytesPerOp), m?.peakHeapBytes !== undefined ? bytesSi(m.peakHeapBytes) : "—"];
          }),
        ]),
      ),
    );
  }

  for (const [ti, t] of r.tables.entries()) {
    parts.push(`<h4>${e(t.title)}</h4>`);
    parts.push(
      tableHtml(
        `${sid}-t${ti + 1}-${slug(t.id)}`,
        t.title,
        t.columns,
        t.rows.map((row) => row.map((v) => (v === null ? "—" : typeof v === "number" ? cost(v) : v))),
      ),
    );
    for (const n of t.notes ?? []) parts.push(`<p class="note">${e(n)}</p>`);
  }

  parts.push(`<h4 id="${sid}-verdict">Verdict</h4>`);
  if (r.hypotheses.length === 0)
    parts.push(`<p>${verdictBadge("UNKNOWN")} nothing was registered before the run to judge against.</p>`);
  for (const o of r.hypotheses) {
    const ob = o.observed;
    parts.push(
      `<p class="verdict-line"><strong>${e(o.hypothesis.id)}</strong> ${verdictBadge(o.verdict)} ${e(o.reason)}${
        ob
          ? ` Observed ${e(ratio(ob.geomean))}, interval [${e(ratio(ob.ciLow))}, ${e(ratio(ob.ciHigh))}], ${e(pValue(ob.pValue))}.`
          : ""
      }</p>`,
    );
  }

  const bsNs = benchstatTable(r, "nsPerOp");
  const bsMem = benchstatTable(r, "bytesPerOp");
  if (bsNs || bsMem) {
    parts.push(`<h4 id="${sid}-benchstat">benchstat-style table</h4>`);
    for (const t of [bsNs, bsMem]) if (t) parts.push(`<pre class="benchstat" tabindex="0">${e(t)}</pre>`);
  }
  parts.push("</details></section>");
  return parts.join("\n");
}

/** A scale section: the bounds with their verdicts, then the figures folded. */
function scaleHtml(sec: ScaleSection, i: number): string {
  const r = sec.result;
  const badge = (v: string) =>
    `<span class="verdict ${v === "pass" ? "ok" : v === "FAIL" ? "no" : "open"}">${e(v)}</span>`;
  const checks = tableHtml(
    `scale-checks-${i + 1}`,
    `${r.title} — each bound`,
    ["bound", "observed", "verdict"],
    sec.checks.map((c: ScaleCheck) => [c.statement, c.observed, { html: badge(scaleVerdict(c)), cls: "" }]),
    3,
  );
  // A matrix cell is "pass 60.0 MiB": the verdict as a badge, the figure beside it.
  const cell = (text: string) => {
    const m = /^(pass|FAIL|not run)\s*(.*)$/.exec(text);
    return m ? { html: `${badge(m[1] as string)} ${e(m[2] as string)}`, cls: "" } : text;
  };
  const matrices = sec.matrices.map((m, j) =>
    tableHtml(
      `scale-matrix-${i + 1}-${j + 1}`,
      j === 0 ? `${r.title} — ${scaleSummary(sec)}` : `${r.title} (continued)`,
      m.head,
      m.rows.map(([s, ...cells]) => [s as string, ...cells.map(cell)]),
    ),
  );
  const tables = sec.tables.map((t) => tableHtml(t.id, t.title, t.head, t.rows));
  const commands = sec.commands.length
    ? `<p>Reproduce with:</p><pre><code>${e(sec.commands.join("\n"))}</code></pre>`
    : "";
  const notes = sec.notes.length ? `<ul>${sec.notes.map((n) => `<li>${e(n)}</li>`).join("")}</ul>` : "";
  return [
    r.description ? `<p class="meta">${e(r.description)}</p>` : "",
    ...(matrices.length ? matrices : [checks]),
    `<details class="result"><summary><span class="sum">Each bound in words and the figures: one process per row (${e(r.startedAt)})</span></summary>`,
    ...(matrices.length ? [checks] : []),
    ...tables,
    commands,
    notes,
    "</details>",
  ].join("\n");
}

/** Renders the whole report as one offline HTML page (deterministic: a pure function of the input). */
export async function renderHtml(results: ReportInput | readonly BenchResult[]): Promise<string> {
  const input = normaliseInput(results);
  const title = headline(input);
  const body: string[] = [];
  const toc: string[] = [];
  body.push(`<header><h1>${e(title)}</h1>`);
  body.push(`<p class="lede">${e(summaryLine(input))}</p>`);
  const m = machine(input);
  if (m?.high)
    body.push(
      `<p class="warning" role="alert"><strong>Warning: the machine was busy.</strong> The load average reached ${e(
        fixed(m.maxLoad, 2),
      )} on ${e(String(m.cpus))} logical CPUs during the runs: other work shared the cores, so the timings are noisy and the verdicts are weaker than their intervals suggest. Re-run on a quiet machine before relying on them.</p>`,
    );
  body.push(`<p class="conformance-line">${e(conformanceLine(input))}</p>`);
  if (m) body.push(`<p class="machine">Machine: ${e(m.text)}.</p>`);
  body.push("</header>");
  const keyTable = findingsHtml(input);
  const fs = findings(input);
  if (keyTable) {
    toc.push('<li><a href="#key">Verdicts</a></li>');
    body.push('<section id="key" aria-labelledby="key-h"><h2 id="key-h">Verdicts</h2>');
    const spec = findingsSpec(fs, "key-chart");
    const chart = spec && (await renderChart(spec));
    if (chart)
      body.push(
        figure(
          chart,
          "key-findings",
          "Every main ratio with its interval, on a log scale; the dashed line at 1 means equal cost, left of it the candidate costs less.",
        ),
      );
    body.push(keyTable);
    body.push("</section>");
  }
  for (const [i, t] of goRatioTables(input.results).entries()) {
    const sid = `go-ratio-${i + 1}`;
    toc.push(`<li><a href="#${sid}">gojson ÷ Go (${e(t.goVersion)})</a></li>`);
    body.push(
      `<section id="${sid}" aria-labelledby="${sid}-h"><h2 id="${sid}-h">gojson ÷ Go (${e(t.goVersion)})</h2><p class="meta">${e(goRatioLede(t))}</p>`,
    );
    body.push(
      `<ul>${goRatioTallyLines(t)
        .map((l) => `<li>${e(l)}</li>`)
        .join("")}</ul>`,
    );
    for (const spec of goRatioSpecs(t, `${sid}-chart`)) {
      const chart = await renderChart(spec);
      body.push(
        figure(chart, `${sid}-table`, `${spec.title}: every ratio with its interval, on a log scale.`),
      );
    }
    const tbl = tableHtml(
      `${sid}-table`,
      `gojson ÷ Go (${t.goVersion})`,
      GO_RATIO_HEAD,
      t.rows.map(goRatioCells),
      3,
    );
    body.push(
      `<details class="result"><summary><span class="sum">The table: gojson and Go ns/op and B/op per payload</span></summary>${tbl}</details>`,
    );
    body.push("</section>");
  }
  const scale = scaleSections(input.results);
  if (scale.length) {
    toc.push('<li><a href="#scale">Streams, big documents and bounds</a></li>');
    body.push(
      '<section id="scale" aria-labelledby="scale-h"><h2 id="scale-h">Streams, big documents and bounds</h2>',
      ...scale.map(scaleHtml),
      "</section>",
    );
  }
  toc.push('<li><a href="#details">Details per benchmark</a></li>');
  body.push(
    '<section id="details" aria-labelledby="details-h"><h2 id="details-h">Details per benchmark</h2><p class="meta">Each benchmark opens on a click: the question and criterion fixed before the run, how it ran, every ratio, memory, the benchstat-style table.</p>',
  );
  for (const [i, r] of input.results.entries()) {
    if (isScaleResult(r)) continue;
    const summary =
      fs
        .filter((f) => f.result === i)
        .map((f) => f.status)
        .join(", ") || "no comparison";
    body.push(await resultSection(r, i, summary));
  }
  body.push("</section>");

  toc.push('<li><a href="#conformance">Conformance against Go</a></li>');
  body.push(
    '<section id="conformance" aria-labelledby="conformance-h"><h2 id="conformance-h">Conformance against Go</h2>',
  );
  body.push(
    `<details class="result"><summary><span class="sum">${e(conformanceLine(input))}</span></summary>${await conformanceHtml(input.conformance)}</details>`,
  );
  body.push("</section>");

  toc.push('<li><a href="#differences">v1/v2 differences</a></li>');
  body.push(
    '<section id="differences" aria-labelledby="differences-h"><h2 id="differences-h">v1/v2 differences</h2>',
  );
  body.push(
    `<details class="result"><summary><span class="sum">${e(
      input.differences ? "Each difference between Go's v1 and v2, as Go answers it" : "not available",
    )}</span></summary>${differencesHtml(input.differences)}</details>`,
  );
  body.push("</section>");

  toc.push('<li><a href="#not-tested">What was not tested</a></li>');
  body.push(
    `<section id="not-tested" aria-labelledby="not-tested-h"><h2 id="not-tested-h">What was not tested</h2><ul>${notTested(
      input,
    )
      .map((n) => `<li>${e(n)}</li>`)
      .join("")}</ul></section>`,
  );
  const cv = caveats(input);
  if (cv.length) {
    toc.push('<li><a href="#limits">Limits of what was measured</a></li>');
    body.push(
      `<section id="limits" aria-labelledby="limits-h"><h2 id="limits-h">Limits of what was measured</h2><ul>${cv
        .map((n) => `<li>${e(n)}</li>`)
        .join("")}</ul></section>`,
    );
  }

  const sources = input.results.map((r) => `${r.package} ${r.bench} (${r.startedAt})`).join("; ");
  return [
    "<!doctype html>",
    '<html lang="en">',
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${e(title)}</title>`,
    `<style>${STYLE}</style>`,
    "</head>",
    "<body>",
    '<a class="skip" href="#main">Skip to the report</a>',
    `<nav aria-label="Contents"><ol>${toc.join("")}</ol></nav>`,
    '<main id="main">',
    ...body,
    "</main>",
    `<footer><p>Rendered by @gojson/report from ${e(String(input.results.length))} result document(s)${
      sources ? `: ${e(sources)}` : ""
    }. Charts: inline SVG drawn by @gojson/report.</p></footer>`,
    "</body>",
    "</html>",
    "",
  ].join("\n");
}
