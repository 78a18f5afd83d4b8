/** The gojson ÷ Go section, in Markdown rows and in HTML (table and chart). */
import { type ChartSpec, PALETTE } from "./charts.js";
import { cost, ratio } from "./format.js";
import { GO_RATIO_LEVEL, type GoRatioRow, type GoRatioTable } from "./go-ratios.js";
import type { ChartData } from "./svg-chart.js";

/** Column heads of the gojson ÷ Go table. */
export const GO_RATIO_HEAD = [
  "payload",
  "operation",
  "engine",
  "gojson ns/op",
  "Go ns/op",
  `gojson ÷ Go [${Math.round(GO_RATIO_LEVEL * 100)}% interval]`,
  "gojson B/op",
  "Go B/op",
];

/** One table row as text cells. */
export function goRatioCells(r: GoRatioRow): string[] {
  return [
    r.payload,
    r.op,
    r.engine,
    cost(r.gojsonNs),
    cost(r.goNs),
    `${ratio(r.ratio)}${r.low !== undefined && r.high !== undefined ? ` [${ratio(r.low)}, ${ratio(r.high)}]` : " [too few samples]"}`,
    r.gojsonBytes !== undefined ? cost(r.gojsonBytes) : "—",
    r.goBytes !== undefined ? cost(r.goBytes) : "—",
  ];
}

/** What the table compares, in one paragraph. */
export function goRatioLede(t: GoRatioTable): string {
  return `${t.ts.title} beside ${t.go.title} (${t.goVersion}). The same payload bytes and Go types on both sides; "v1" is codec-v1 against Go's classic engine, "v1 on v2" codec-v2 with defaultOptionsV1() against Go's v2 engine. Medians of each side's samples; the two sides ran in different processes, so the ratio is not paired and its interval (each median's ${Math.round(
    GO_RATIO_LEVEL * 100,
  )}% order-statistic interval, combined) is wide. Below 1 gojson is faster. B/op: V8's allocation per op (GC profiler) beside Go's -benchmem.`;
}

/** A forest-style chart of every gojson ÷ Go ratio of one table. */
export function goRatioSpec(t: GoRatioTable, id: string): ChartSpec {
  const rows = t.rows;
  const keys = [
    "unmarshal → any · v1",
    "unmarshal → any · v1 on v2",
    "marshal (typed) · v1",
    "marshal (typed) · v1 on v2",
  ];
  const colour = (r: GoRatioRow) => PALETTE[keys.indexOf(`${r.op} · ${r.engine}`) % PALETTE.length]!;
  const data: ChartData = {
    kind: "interval",
    subtitle: `dot: ratio of medians; line: combined ${Math.round(GO_RATIO_LEVEL * 100)}% interval; left of 1: gojson faster`,
    scale: "log",
    groups: [
      {
        rows: rows.map((r, i) => ({
          label: i === 0 || rows[i - 1]!.payload !== r.payload ? r.payload : "",
          value: r.ratio,
          // Too few samples for an interval: the dot alone.
          low: r.low ?? r.ratio,
          high: r.high ?? r.ratio,
          color: colour(r),
          text: ratio(r.ratio),
        })),
      },
    ],
    axisTitle: "gojson ÷ Go (log scale) — left of 1: gojson faster",
    reference: 1,
    legend: keys.map((k, i) => ({ label: k, color: PALETTE[i]! })),
  };
  return {
    id,
    title: `gojson ÷ Go (${t.goVersion}), time per op`,
    description: `Ratio of medians, gojson ÷ Go, per payload, operation and engine, log scale. ${t.rows
      .map((r) => `${r.payload} ${r.op} ${r.engine}: ${ratio(r.ratio)}`)
      .join("; ")}.`,
    data,
  };
}
