/** The v1/v2 difference table of the page, from the golden vectors. */
import { type DifferenceTable, shownRows } from "./differences.js";
import { escapeHtml as e } from "./format.js";

const code = (s: string | undefined) =>
  s === undefined ? '<span class="none">not recorded</span>' : `<code>${e(s)}</code>`;

/** The whole differences section (without the enclosing <section>). */
export function differencesHtml(d: DifferenceTable | undefined): string {
  if (!d)
    return '<p class="absent">Not reported: the golden vectors of <code>@gojson/fixtures</code> (group <code>differences</code>) were not found.</p>';
  const shown = d.groups.reduce((n, g) => n + shownRows(g).length, 0);
  const total = d.groups.reduce((n, g) => n + g.rows.length, 0);
  const out: string[] = [];
  out.push(
    `<p>The ${e(String(d.groups.length))} differences of Go's “Migrating to v2” list, as real Go answered them: ${e(
      String(d.vectors),
    )} golden vectors from <code>${e(d.source)}</code> (v1 plain; v1 on the v2 engine and v2 under <code>GOEXPERIMENT=jsonv2</code>). ${e(
      String(shown),
    )} of ${e(String(total))} scenarios are shown: those where v1 and v2 answer differently, or every scenario of a difference whose recorded answers agree. Values after <code>unmarshal</code> and values to <code>marshal</code> are in the fixtures' tagged form: integers as decimal strings, maps as <code>[key, value]</code> pairs, interfaces as <code>{"t": type, "v": value}</code>.</p>`,
  );
  out.push('<div class="table-wrap"><table id="differences-table" class="differences">');
  out.push("<caption>What Go's encoding/json (v1) and encoding/json/v2 answer for the same input</caption>");
  out.push(
    '<colgroup><col class="c-d"><col class="c-in"><col class="c-a"><col class="c-a"><col class="c-a"></colgroup>',
  );
  out.push(
    '<thead><tr><th scope="col">Difference</th><th scope="col">Input / value</th><th scope="col">v1 answer (Go)</th><th scope="col">v2 answer (Go)</th><th scope="col">v1 on the v2 engine</th></tr></thead>',
  );
  for (const g of d.groups) {
    const rows = shownRows(g);
    out.push(`<tbody id="diff-${e(g.number)}">`);
    out.push(
      `<tr class="group"><th scope="rowgroup" colspan="5">${e(g.number)} · ${e(g.title)}${
        rows.every((r) => !r.differs) ? ' <span class="same">(recorded answers agree)</span>' : ""
      }</th></tr>`,
    );
    for (const r of rows) {
      const v1v2 =
        r.v1v2 === undefined
          ? '<span class="none">—</span>'
          : r.v1v2 === r.v1
            ? '<span class="same">same as v1</span>'
            : code(r.v1v2);
      out.push(
        `<tr${r.differs ? "" : ' class="agree"'}><th scope="row" title="${e(r.name)}">${e(r.scenario)}</th><td>${code(
          r.input,
        )}</td><td>${code(r.v1)}</td><td>${code(r.v2)}</td><td>${v1v2}</td></tr>`,
      );
    }
    out.push("</tbody>");
  }
  out.push("</table></div>");
  return out.join("\n");
}
