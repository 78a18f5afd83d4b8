/** The key-findings table at the top of the page. */
import { findings } from "./findings.js";
import { escapeHtml as e } from "./format.js";
import type { ReportInput } from "./input.js";

const STATUS_CLASS: Record<string, string> = {
  supported: "ok",
  "not supported": "no",
  descriptive: "info",
};

/** The key-findings table: one row per registered question, or per benchmark without one. */
export function findingsHtml(input: ReportInput): string {
  const fs = findings(input);
  if (fs.length === 0) return "";
  const level = Math.round((input.results[0]?.settings.confidence ?? 0.95) * 100);
  const rows: string[] = [];
  for (const [i, f] of fs.entries()) {
    const first = i === 0 || fs[i - 1]!.result !== f.result;
    const span = fs.filter((x) => x.result === f.result).length;
    const bench = first
      ? `<th scope="rowgroup"${span > 1 ? ` rowspan="${span}"` : ""}><a href="#r${f.result + 1}">${e(f.benchmark)}</a>${
          f.quick ? ' <span class="quick">quick run</span>' : ""
        }</th>`
      : "";
    rows.push(
      `<tr${first ? ' class="first"' : ""}>${bench}<td class="question">${e(f.question)}${f.id ? ` <span class="hid">${e(f.id)}</span>` : ""}</td><td class="num ratio"><span class="r">${e(
        f.ratio.replace(/ \[.*$/, ""),
      )}</span><span class="ci">${e(f.ratio.replace(/^[^[]*/, ""))}</span><span class="what">${e(f.comparison)}</span></td><td class="words"><span class="verdict ${
        STATUS_CLASS[f.status] ?? "open"
      }">${e(f.status)}</span> ${e(f.words)}${f.quick ? ". Quick smoke run: not evidence" : ""}.</td></tr>`,
    );
  }
  return [
    `<p class="key-note">One row per question registered before the run; a benchmark without one shows its main comparison. Ratio: candidate ÷ baseline, the paired geometric mean with its ${level}% interval; below 1 the candidate cost less. Details in each benchmark's section.</p>`,
    '<div class="table-wrap"><table id="key-findings" class="findings">',
    "<caption>Key findings</caption>",
    '<colgroup><col class="c-bench"><col class="c-q"><col class="c-ratio"><col class="c-verdict"></colgroup>',
    '<thead><tr><th scope="col">Benchmark</th><th scope="col">Question</th><th scope="col" class="num">Main ratio [interval]</th><th scope="col">Verdict</th></tr></thead>',
    "<tbody>",
    ...rows,
    "</tbody></table></div>",
  ].join("\n");
}
