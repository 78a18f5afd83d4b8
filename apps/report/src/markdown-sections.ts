/** The Markdown of the conformance summary and of the v1/v2 difference table. */
import {
  type ConformanceInput,
  engineLabel,
  engineNames,
  kindsByCount,
  kindWords,
  pickExamples,
} from "./conformance.js";
import { type DifferenceTable, shownRows } from "./differences.js";
import { escapeCell, fixed } from "./format.js";

/** A Markdown table with escaped cells. */
export function mdTable(head: string[], rows: string[][]): string {
  const esc = (r: string[]) => `| ${r.map(escapeCell).join(" | ")} |`;
  return [esc(head), `|${head.map(() => "---").join("|")}|`, ...rows.map(esc)].join("\n");
}

/** Appends the conformance section's body. */
export function conformanceMarkdown(c: ConformanceInput | undefined, out: string[]): void {
  if (!c) {
    out.push("Not reported: results/conformance.json is absent.", "");
    return;
  }
  const s = c.summary;
  const names = engineNames(s);
  out.push(
    `Differential test against real Go: ${fixed(s.runs, 0)} generated cases per engine, answers compared byte for byte. From ${c.source}${
      s.generatedAt ? `, generated ${s.generatedAt}` : ""
    }${s.seed ? `, seed ${s.seed}` : ""}${s.goVersion ? `, ${s.goVersion}` : ""}.`,
    "",
  );
  if (s.unavailable.length) out.push(`Not run: ${s.unavailable.join(", ")}.`, "");
  out.push(
    mdTable(
      ["engine", "cases", "agree", "disagree", "skipped", "agreement"],
      names.map((n) => {
        const x = s.engines[n]!;
        return [
          engineLabel(n),
          fixed(x.cases, 0),
          fixed(x.agreements, 0),
          fixed(x.disagreements, 0),
          fixed(x.skipped, 0),
          x.cases ? `${fixed((100 * x.agreements) / x.cases, 2)}%` : "—",
        ];
      }),
    ),
    "",
  );
  const kinds: string[] = [];
  for (const n of names) for (const [k] of kindsByCount(s.engines[n]!)) if (!kinds.includes(k)) kinds.push(k);
  if (kinds.length) {
    out.push("Disagreements by kind:", "");
    out.push(
      mdTable(
        ["kind", "meaning", ...names],
        kinds.map((k) => [k, kindWords(k), ...names.map((n) => String(s.engines[n]!.byKind[k] ?? "·"))]),
      ),
      "",
    );
  }
  const picked = pickExamples(s);
  if (picked.length) {
    out.push(
      "### Counterexamples",
      "",
      `${picked.length} of the ${s.examples.length} distinct counterexamples in the file (per engine one of each of its most frequent kinds, shrunk first).`,
      "",
    );
    for (const x of picked) {
      const tags = [x.engine, x.kind, x.shrunk ? "shrunk" : "not shrunk", `seed ${x.seed}`].join(", ");
      out.push(
        `<details><summary>${x.title} (${tags})</summary>`,
        "",
        "```text",
        x.text.replaceAll("```", "` ` `"),
        "```",
        "",
        "</details>",
        "",
      );
    }
  }
}

const code = (s: string | undefined) => (s === undefined ? "—" : `\`${s.replaceAll("`", "'")}\``);

/** Appends the v1/v2 difference section's body. */
export function differencesMarkdown(d: DifferenceTable | undefined, out: string[]): void {
  if (!d) {
    out.push("Not reported: the golden vectors of @gojson/fixtures (group differences) were not found.", "");
    return;
  }
  out.push(
    `The ${d.groups.length} differences of Go's "Migrating to v2" list as real Go answered them: ${d.vectors} golden vectors from ${d.source}. Shown: the scenarios where v1 and v2 answer differently (every scenario of a difference whose answers agree). Values are in the fixtures' tagged form (integers as decimal strings, maps as [key, value] pairs).`,
    "",
  );
  const rows: string[][] = [];
  for (const g of d.groups)
    for (const r of shownRows(g))
      rows.push([
        `${g.number} ${g.title}: ${r.scenario}`,
        code(r.input),
        code(r.v1),
        code(r.v2),
        r.v1v2 === undefined ? "—" : r.v1v2 === r.v1 ? "same as v1" : code(r.v1v2),
      ]);
  out.push(
    mdTable(["difference", "input / value", "v1 answer (Go)", "v2 answer (Go)", "v1 on the v2 engine"], rows),
    "",
  );
}
