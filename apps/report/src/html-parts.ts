/** Small HTML building blocks shared by the page's sections. */
import type { Chart } from "./charts.js";
import { escapeHtml as e } from "./format.js";

/** A table cell: text (escaped) or ready HTML with an optional class. */
export type Cell = string | { html: string; cls?: string };

/** A captioned table; the first column holds row headers, columns from `numericFrom` are right-aligned. */
export function tableHtml(
  id: string,
  caption: string,
  head: string[],
  rows: Cell[][],
  numericFrom = 1,
): string {
  const cell = (c: Cell, j: number, tag: "td" | "th") => {
    const cls = typeof c === "object" && c.cls ? c.cls : j >= numericFrom ? "num" : "";
    const inner = typeof c === "string" ? e(c) : c.html;
    return `<${tag}${cls ? ` class="${cls}"` : ""}${tag === "th" ? ' scope="row"' : ""}>${inner}</${tag}>`;
  };
  return [
    `<div class="table-wrap"><table id="${id}">`,
    `<caption>${e(caption)}</caption>`,
    `<thead><tr>${head.map((h, j) => `<th scope="col"${j >= numericFrom ? ' class="num"' : ""}>${e(h)}</th>`).join("")}</tr></thead>`,
    "<tbody>",
    ...rows.map((r) => `<tr>${r.map((c, j) => cell(c, j, j === 0 ? "th" : "td")).join("")}</tr>`),
    "</tbody></table></div>",
  ].join("\n");
}

/** A chart in a figure whose caption points at its table alternative. */
export function figure(chart: Chart, tableId: string, caption: string): string {
  return [
    `<figure class="chart" aria-labelledby="${chart.id}-cap">`,
    chart.svg,
    `<figcaption id="${chart.id}-cap">${e(caption)} The same figures are in <a href="#${tableId}">the table below</a>.</figcaption>`,
    "</figure>",
  ].join("\n");
}

/** A verdict (or finding status) as a badge. */
export function verdictBadge(v: string): string {
  const cls = v === "supported" ? "ok" : v === "not supported" ? "no" : "open";
  return `<span class="verdict ${cls}">${e(v)}</span>`;
}
