/** The gojson ÷ Go section, in Markdown rows and in HTML (table and chart). */
import { type ChartSpec, PALETTE } from "./charts.js";
import { cost, ratio } from "./format.js";
import {
  GO_RATIO_ENGINES,
  GO_RATIO_LEVEL,
  GO_RATIO_OPS,
  type GoRatioRow,
  type GoRatioTable,
  goRatioTallies,
} from "./go-ratios.js";
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
  const common = `The same payload bytes and Go types on both sides; "v1" is codec-v1 against Go's classic engine, "v1 on v2" codec-v2 with defaultOptionsV1() against Go's v2 engine, "v2" codec-v2 against encoding/json/v2.`;
  const bytes = "B/op: V8's allocation per op (GC profiler) beside Go's -benchmem (runtime.MemStats).";
  if (t.paired) {
    return `${t.ts.title} (${t.goVersion}). ${common} Go ran as candidates of the same suite, each sample of gojson next to the sample of the Go it is compared with in every round, so the ratio is paired: the geometric mean of the per-round ratios and its ${Math.round(
      GO_RATIO_LEVEL * 100,
    )}% t interval, which the machine's load moves little. Times per op are medians. Below 1 gojson is faster. ${bytes}`;
  }
  return `${t.ts.title} beside ${t.go.title} (${t.goVersion}). ${common} Medians of each side's samples; the two sides ran in different processes, so the ratio is not paired and its interval (each median's ${Math.round(
    GO_RATIO_LEVEL * 100,
  )}% order-statistic interval, combined) is wide. Below 1 gojson is faster. ${bytes}`;
}

/** One line per operation: how many rows have gojson at or below Go's cost, by interval and by point, and the slowest row. */
export function goRatioTallyLines(t: GoRatioTable): string[] {
  return goRatioTallies(t).map(
    (x) =>
      `${x.op}: ${x.intervalAtMostOne} of ${x.rows} rows ≤ 1 over the whole interval, ${x.pointAtMostOne} of ${x.rows} by the ${t.paired ? "paired ratio" : "ratio of medians"}${
        x.worst ? `; slowest ${x.worst.payload} ${x.worst.engine} ${ratio(x.worst.ratio)}` : ""
      }.`,
  );
}

/** Forest-style charts of the gojson ÷ Go ratios of one table: one per operation, a colour per engine. */
export function goRatioSpecs(t: GoRatioTable, id: string): ChartSpec[] {
  const colour = (r: GoRatioRow) => PALETTE[GO_RATIO_ENGINES.indexOf(r.engine) % PALETTE.length]!;
  const out: ChartSpec[] = [];
  for (const [i, op] of GO_RATIO_OPS.entries()) {
    const rows = t.rows.filter((r) => r.op === op);
    if (!rows.length) continue;
    const engines = GO_RATIO_ENGINES.filter((e) => rows.some((r) => r.engine === e));
    const data: ChartData = {
      kind: "interval",
      subtitle: t.paired
        ? `dot: geometric mean of the per-round ratios; line: its ${Math.round(GO_RATIO_LEVEL * 100)}% t interval; left of 1: gojson faster`
        : `dot: ratio of medians; line: combined ${Math.round(GO_RATIO_LEVEL * 100)}% interval; left of 1: gojson faster`,
      scale: "log",
      groups: [
        {
          rows: rows.map((r, j) => ({
            label: j === 0 || rows[j - 1]!.payload !== r.payload ? r.payload : "",
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
      legend: engines.map((e) => ({
        label: e,
        color: PALETTE[GO_RATIO_ENGINES.indexOf(e) % PALETTE.length]!,
      })),
    };
    out.push({
      id: `${id}-${i + 1}`,
      title: `gojson ÷ Go (${t.goVersion}), ${op}, time per op`,
      description: `Ratio of medians, gojson ÷ Go, ${op}, per payload and engine, log scale. ${rows
        .map((r) => `${r.payload} ${r.engine}: ${ratio(r.ratio)}`)
        .join("; ")}.`,
      data,
    });
  }
  return out;
}
