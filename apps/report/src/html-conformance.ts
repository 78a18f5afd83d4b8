/** The conformance section of the page: per-engine counts, the kinds of disagreement, a few counterexamples. */
import { conformanceSpec, renderChart } from "./charts.js";
import {
  type ConformanceExample,
  type ConformanceInput,
  engineLabel,
  engineNames,
  kindsByCount,
  kindWords,
  pickExamples,
} from "./conformance.js";
import { escapeHtml as e, fixed } from "./format.js";
import { figure, tableHtml } from "./html-parts.js";

/** Percentage of agreeing cases with two decimals, `—` without cases. */
export function agreementPct(cases: number, agreements: number): string {
  return cases ? `${fixed((100 * agreements) / cases, 2)}%` : "—";
}

/** A counterexample's text with Go's and gojson's answer lines marked, as preformatted HTML. */
export function exampleText(text: string): string {
  return text
    .split("\n")
    .map((line) => {
      const cls = line.startsWith("go:") ? "ans-go" : line.startsWith("gojson:") ? "ans-ts" : "";
      return cls ? `<span class="${cls}">${e(line)}</span>` : e(line);
    })
    .join("\n");
}

function exampleHtml(x: ConformanceExample): string {
  const tags = [x.engine, x.kind, x.shrunk ? "shrunk" : "not shrunk", `seed ${x.seed}`].filter(Boolean);
  return [
    `<details class="example"><summary><strong>${e(x.title)}</strong> <span class="tags">${e(tags.join(" · "))}</span></summary>`,
    `<p class="kind-words">${e(kindWords(x.kind))}.</p>`,
    `<pre class="counterexample" tabindex="0">${exampleText(x.text)}</pre>`,
    "</details>",
  ].join("\n");
}

/** The whole conformance section (without the enclosing <section>). */
export async function conformanceHtml(c: ConformanceInput | undefined): Promise<string> {
  if (!c) return '<p class="absent">Not reported: <code>results/conformance.json</code> is absent.</p>';
  const s = c.summary;
  const names = engineNames(s);
  const out: string[] = [];
  out.push(
    `<p>Differential test against real Go: ${e(fixed(s.runs, 0))} generated cases (Go type, value or input, options) per engine, run through gojson and through Go, answers compared byte for byte. From <code>${e(
      c.source,
    )}</code>${s.generatedAt ? `, generated ${e(s.generatedAt)}` : ""}${s.seed ? `, seed ${e(String(s.seed))}` : ""}${
      s.goVersion ? `, ${e(s.goVersion)}` : ""
    }.</p>`,
  );
  if (s.unavailable.length)
    out.push(
      `<p class="note">Not run: ${e(s.unavailable.join(", "))} (codec not available to the campaign).</p>`,
    );
  const spec = conformanceSpec(
    names.map((n) => ({ engine: n, ...s.engines[n]! })),
    "conformance-chart",
  );
  const chart = spec && (await renderChart(spec));
  if (chart)
    out.push(
      figure(
        chart,
        "conformance-table",
        "Cases per engine whose answer differed from Go's, split by kind of disagreement.",
      ),
    );
  out.push(
    tableHtml(
      "conformance-table",
      "Generated cases per engine",
      ["Engine", "What is compared", "Cases", "Agree", "Disagree", "Skipped", "Agreement"],
      names.map((n) => {
        const x = s.engines[n]!;
        return [
          n,
          { html: e(engineLabel(n).replace(/^[^—]*— /, "")), cls: "words" },
          fixed(x.cases, 0),
          fixed(x.agreements, 0),
          fixed(x.disagreements, 0),
          fixed(x.skipped, 0),
          agreementPct(x.cases, x.agreements),
        ];
      }),
      2,
    ),
  );
  const kinds: string[] = [];
  for (const n of names) for (const [k] of kindsByCount(s.engines[n]!)) if (!kinds.includes(k)) kinds.push(k);
  if (kinds.length) {
    out.push(
      tableHtml(
        "conformance-kinds",
        "Disagreements by kind",
        ["Kind", "Meaning", ...names],
        kinds.map((k) => [
          k,
          { html: e(kindWords(k)), cls: "words" },
          ...names.map((n) => {
            const v = s.engines[n]!.byKind[k];
            return v ? fixed(v, 0) : "·";
          }),
        ]),
        2,
      ),
    );
  }
  const picked = pickExamples(s);
  if (picked.length) {
    out.push(
      `<h3 id="conformance-examples">Counterexamples</h3><p>${e(
        String(picked.length),
      )} of the ${e(String(s.examples.length))} distinct counterexamples in the file: per engine one of each of its most frequent kinds, shrunk ones first. Each shows the Go declarations, the input, Go's answer (<span class="ans-go">go:</span>) and gojson's (<span class="ans-ts">gojson:</span>).</p>`,
    );
    out.push(`<div class="examples">${picked.map(exampleHtml).join("\n")}</div>`);
  }
  return out.join("\n");
}
