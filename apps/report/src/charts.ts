/**
 * Charts as inline SVG: each spec function turns a result document into the
 * data of one chart (svg-chart.ts draws it, with no dependency), and
 * finishSvg makes it accessible (role, title, description) with ids unique
 * per chart.
 */
import type { BenchResult, Metric } from "@gojson/harness";
import { cost, escapeHtml, ratio } from "./format.js";
import {
  candidateLabel,
  comparisonGroups,
  findMeasurement,
  measuredCandidates,
  measuredPayloads,
  metricSummary,
  metricUnit,
  payloadLabel,
} from "./model.js";
import { barsSvg, type ChartData, type IntervalGroup, type IntervalRow, intervalSvg } from "./svg-chart.js";

/** Width of every chart's plotting area in CSS pixels (fits a laptop column and an A4 page). */
export const CHART_WIDTH = 560;
/** Height of one row (payload or candidate) in a chart. */
export const ROW_HEIGHT = 26;

/** Colour-blind-safe palette (Okabe–Ito), also told apart by shape in grey print. */
export const PALETTE = [
  "#0072B2",
  "#D55E00",
  "#009E73",
  "#CC79A7",
  "#E69F00",
  "#56B4E9",
  "#F0E442",
  "#000000",
];
/** A chart ready to inline: the SVG and the words that describe it. */
export interface Chart {
  id: string;
  title: string;
  description: string;
  svg: string;
}

/** A chart before drawing: what it shows and its words. */
export interface ChartSpec {
  id: string;
  title: string;
  description: string;
  data: ChartData;
}

/** Forest plot of the paired geometric-mean ratios with their intervals, one row per payload, log scale, line at 1. */
export function forestSpec(
  r: BenchResult,
  chartId: string,
  metric: Metric = "nsPerOp",
): ChartSpec | undefined {
  const groups = comparisonGroups(r, metric);
  if (groups.length === 0) return undefined;
  const multi = groups.length > 1;
  const rows: Array<Record<string, string | number>> = [];
  // When every pair shares its baseline, the legend names only the candidates.
  const oneBaseline = groups.every((g) => g.baseline === groups[0]!.baseline);
  for (const g of groups) {
    const pair =
      multi && oneBaseline
        ? candidateLabel(r, g.candidate)
        : `${candidateLabel(r, g.candidate)} ÷ ${candidateLabel(r, g.baseline)}`;
    for (const c of [...g.rows, ...(g.pooled ? [g.pooled] : [])]) {
      const label = payloadLabel(r, c.payload);
      rows.push({
        row: label,
        pair,
        kind: c.payload === "*" ? "pooled" : "payload",
        geomean: c.geomean,
        low: c.ci.low,
        high: c.ci.high,
        text: `${ratio(c.geomean)} [${ratio(c.ci.low)}, ${ratio(c.ci.high)}]`,
      });
    }
  }
  // Payloads in the document's order, the pooled row last.
  const payloadRank = new Map(r.payloads.map((p, i) => [payloadLabel(r, p.id), i]));
  const order = [...new Set(rows.map((x) => x.row as string))].sort(
    (a, b) => (payloadRank.get(a) ?? 1e9) - (payloadRank.get(b) ?? 1e9),
  );
  const pairs = [...new Set(rows.map((x) => x.pair as string))];
  const g0 = groups[0]!;
  const level = Math.round((g0.rows[0]?.ci.level ?? g0.pooled?.ci.level ?? 0.95) * 100);
  const title = multi
    ? oneBaseline
      ? `Each candidate ÷ ${candidateLabel(r, g0.baseline)} (${metricUnit(metric)}), ${level}% intervals`
      : `Paired ratios (${metricUnit(metric)}), ${level}% intervals`
    : `${candidateLabel(r, g0.candidate)} ÷ ${candidateLabel(r, g0.baseline)}, ${metricUnit(metric)}: paired geometric-mean ratio`;
  const description = `Forest plot on a log scale. For each payload, a dot marks the geometric mean of the paired ratios and a line its ${level}% interval; the vertical line at 1 means equal cost, left of it the candidate cost less. ${rows
    .map((x) => `${x.row}${multi ? ` (${x.pair})` : ""}: ${x.text}`)
    .join("; ")}.`;
  const colour = (pair: string) => PALETTE[pairs.indexOf(pair) % PALETTE.length]!;
  const chartRows: IntervalRow[] = [];
  for (const row of order)
    for (const [i, x] of rows.filter((y) => y.row === row).entries())
      chartRows.push({
        label: i === 0 ? row : "",
        value: x.geomean as number,
        low: x.low as number,
        high: x.high as number,
        color: colour(x.pair as string),
        pooled: x.kind === "pooled",
        ...(multi ? {} : { text: x.text as string }),
      });
  const data: ChartData = {
    kind: "interval",
    subtitle: `dots: geometric mean; lines: ${level}% interval; ◆ pooled over all payloads`,
    scale: "log",
    groups: [{ rows: chartRows }],
    axisTitle: `ratio (log scale) — left of 1: ${!multi ? candidateLabel(r, g0.candidate) : "candidate"} cost less`,
    reference: 1,
    ...(multi ? { legend: pairs.map((p) => ({ label: p, color: colour(p) })) } : {}),
  };
  return { id: chartId, title, description, data };
}

function fmtCost(x: number): string {
  return cost(Math.round(x));
}

/** Dot plot of a per-op cost (mean with ±1 SD whiskers) per payload and candidate, one strip per payload from 0. */
export function costSpec(
  r: BenchResult,
  chartId: string,
  metric: "nsPerOp" | "bytesPerOp",
): ChartSpec | undefined {
  const cands = measuredCandidates(r);
  const rows: Array<Record<string, string | number>> = [];
  for (const p of measuredPayloads(r)) {
    for (const c of cands) {
      const m = findMeasurement(r, p, c);
      let mean: number | undefined;
      let sd = Number.NaN;
      if (metric === "bytesPerOp") {
        mean = m?.memory?.bytesPerOp;
        const s = metricSummary(m, "bytesPerOp");
        if (s && s.n > 1) sd = s.sd;
      } else {
        const s = metricSummary(m, "nsPerOp");
        mean = s?.mean;
        sd = s?.sd ?? Number.NaN;
      }
      if (mean === undefined || !(mean > 0)) continue;
      const hasSd = Number.isFinite(sd);
      rows.push({
        payload: payloadLabel(r, p),
        candidate: candidateLabel(r, c),
        mean,
        low: hasSd ? Math.max(mean - sd, mean * 0.01) : mean,
        high: hasSd ? mean + sd : mean,
        text: `${candidateLabel(r, c)} ${fmtCost(mean)}`,
      });
    }
  }
  if (rows.length === 0) return undefined;
  const unit = metricUnit(metric);
  const candLabels = cands
    .map((c) => candidateLabel(r, c))
    .filter((l) => rows.some((x) => x.candidate === l));
  const payloadOrder = [...new Set(rows.map((x) => x.payload as string))];
  const title =
    metric === "nsPerOp" ? "Time per operation (ns/op), mean ± SD" : "Bytes allocated per operation (B/op)";
  const description = `Dot plot: one strip per payload, one mark per candidate${
    metric === "nsPerOp" ? ", whiskers ±1 sample SD" : ""
  }. Lower is cheaper. ${rows
    .map((x) => `${x.payload}, ${x.candidate}: ${Math.round(x.mean as number)} ${unit}`)
    .join("; ")}.`;
  const colour = (label: string) => PALETTE[candLabels.indexOf(label) % PALETTE.length]!;
  const groups: IntervalGroup[] = payloadOrder.map((p) => ({
    header: p,
    rows: rows
      .filter((x) => x.payload === p)
      .map((x) => ({
        label: x.candidate as string,
        value: x.mean as number,
        low: x.low as number,
        high: x.high as number,
        color: colour(x.candidate as string),
        text: fmtCost(x.mean as number),
      })),
  }));
  const data: ChartData = {
    kind: "interval",
    subtitle: `one strip per payload with its own ${unit} axis from 0; lower is cheaper`,
    scale: "linear",
    groups,
    axisTitle: unit,
  };
  return { id: chartId, title, description, data };
}

/** Stacked bars of the disagreements per engine, split by kind (conformance summary). */
export function conformanceSpec(
  engines: Array<{
    engine: string;
    agreements: number;
    disagreements: number;
    cases: number;
    byKind?: Record<string, number>;
  }>,
  chartId: string,
): ChartSpec | undefined {
  if (engines.length === 0) return undefined;
  const order = engines.map((e) => e.engine);
  const kinds: string[] = [];
  for (const e of engines)
    for (const [k] of Object.entries(e.byKind ?? {}).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)))
      if (!kinds.includes(k)) kinds.push(k);
  const bars: Array<Record<string, string | number>> = [];
  for (const e of engines) {
    const known = Object.values(e.byKind ?? {}).reduce((a, b) => a + b, 0);
    for (const k of kinds) {
      const n = e.byKind?.[k] ?? 0;
      if (n > 0) bars.push({ engine: e.engine, kind: k, n, rank: kinds.indexOf(k) });
    }
    if (e.disagreements > known)
      bars.push({ engine: e.engine, kind: "unclassified", n: e.disagreements - known, rank: kinds.length });
  }
  if (bars.some((b) => b.kind === "unclassified")) kinds.push("unclassified");
  const totals = engines.map((e) => ({
    engine: e.engine,
    n: e.disagreements,
    text: `${e.disagreements} of ${e.cases} (${e.cases ? ((100 * e.disagreements) / e.cases).toFixed(2) : "0"}%)`,
  }));
  const title = "Disagreements with Go per engine, by kind (lower is better)";
  const description = `Horizontal stacked bars, one per engine, of the generated cases whose answer differed from Go's, split by kind. ${engines
    .map(
      (e) =>
        `${e.engine}: ${e.disagreements} of ${e.cases} cases disagree${
          Object.keys(e.byKind ?? {}).length
            ? ` (${Object.entries(e.byKind ?? {})
                .map(([k, n]) => `${k} ${n}`)
                .join(", ")})`
            : ""
        }`,
    )
    .join("; ")}.`;
  const data: ChartData = {
    kind: "bars",
    subtitle: "label: disagreements of all cases run for that engine",
    bars: order.map((engine) => ({
      label: engine,
      parts: bars
        .filter((b) => b.engine === engine)
        .sort((a, b) => (a.rank as number) - (b.rank as number))
        .map((b) => ({ key: b.kind as string, n: b.n as number })),
      text: totals.find((t) => t.engine === engine)?.text ?? "",
    })),
    keys: kinds.map((k, i) => ({ key: k, color: PALETTE[i % PALETTE.length]! })),
    axisTitle: "disagreeing cases",
  };
  return { id: chartId, title, description, data };
}

/** Forest plot of the key findings: each row's main ratio and interval on a log scale, coloured by verdict. */
export function findingsSpec(
  rows: ReadonlyArray<{
    short: string;
    status: string;
    ratio: string;
    threshold?: number;
    main?: { geomean: number; ci: { low: number; high: number; level: number } };
  }>,
  chartId: string,
): ChartSpec | undefined {
  const data = rows
    .filter((f) => f.main)
    .map((f) => ({
      row: f.short,
      status: f.status,
      geomean: f.main!.geomean,
      low: f.main!.ci.low,
      high: f.main!.ci.high,
      text: f.ratio,
      ...(f.threshold !== undefined ? { threshold: f.threshold } : {}),
    }));
  if (data.length === 0) return undefined;
  const statuses = ["supported", "not supported", "undecided", "on hold", "not tested", "descriptive"];
  const colours = ["#009E73", "#D55E00", "#E69F00", "#CC79A7", "#999999", "#0072B2"];
  const title = "Main ratio of each finding (log scale)";
  const description = `Forest plot: one row per key finding, a dot at the paired geometric-mean ratio and a line over its interval, a tick at the registered threshold; the dashed line at 1 means equal cost. ${data
    .map((x) => `${x.row}: ${x.text}, ${x.status}`)
    .join("; ")}.`;
  const used = statuses.filter((st) => data.some((d) => d.status === st));
  const colour = (st: string) => colours[statuses.indexOf(st)] ?? "#999999";
  const chart: ChartData = {
    kind: "interval",
    subtitle: "dot: paired geometric mean; line: interval; tick: registered threshold",
    scale: "log",
    groups: [
      {
        rows: data.map((x) => ({
          label: x.row,
          value: x.geomean,
          low: x.low,
          high: x.high,
          color: colour(x.status),
          text: x.text,
          ...(x.threshold !== undefined ? { threshold: x.threshold } : {}),
        })),
      },
    ],
    axisTitle: "candidate ÷ baseline (log scale) — left of 1: candidate cost less",
    reference: 1,
    legend: used.map((st) => ({ label: st, color: colour(st) })),
  };
  return { id: chartId, title, description, data: chart };
}

/**
 * Makes a chart's SVG accessible and its ids unique on the page: ids
 * renumbered per chart, role="img" with a title and a description.
 */
export function finishSvg(svg: string, c: Pick<Chart, "id" | "title" | "description">): string {
  const ids = new Map<string, string>();
  for (const m of svg.matchAll(/\sid="([^"]+)"/g))
    if (!ids.has(m[1]!)) ids.set(m[1]!, `${c.id}-d${ids.size + 1}`);
  let out = svg.replace(/\sid="([^"]+)"/g, (_, id: string) => ` id="${ids.get(id)}"`);
  out = out.replace(/url\(#([^)]+)\)/g, (all, id: string) => (ids.has(id) ? `url(#${ids.get(id)})` : all));
  out = out.replace(/href="#([^"]+)"/g, (all, id: string) => (ids.has(id) ? `href="#${ids.get(id)}"` : all));
  const titleId = `${c.id}-title`;
  const descId = `${c.id}-desc`;
  out = out.replace(
    /^<svg\s/,
    `<svg id="${c.id}" role="img" aria-labelledby="${titleId}" aria-describedby="${descId}" focusable="false" `,
  );
  out = out.replace(
    /^(<svg[^>]*>)/,
    `$1<title id="${titleId}">${escapeHtml(c.title)}</title><desc id="${descId}">${escapeHtml(c.description)}</desc>`,
  );
  return out;
}

/** Renders a chart spec to finished SVG text. */
export async function renderChart(c: ChartSpec): Promise<Chart> {
  const svg =
    c.data.kind === "interval"
      ? intervalSvg(c.title, c.data, CHART_WIDTH - 160)
      : barsSvg(c.title, c.data, CHART_WIDTH - 200);
  return { id: c.id, title: c.title, description: c.description, svg: finishSvg(svg, c) };
}
