/**
 * Charts as inline SVG: Vega-Lite specifications compiled to Vega and
 * rendered headless by vega's `View.toSVG()` (no canvas, no DOM). The SVG is
 * then made deterministic (vega numbers clip-path and gradient ids from a
 * process-wide counter) and accessible (role, title, description).
 */
import type { BenchResult, Metric } from "@gojson/harness";
import type { TopLevelSpec } from "vega-lite";
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
const SHAPES = [
  "circle",
  "square",
  "triangle-up",
  "diamond",
  "cross",
  "triangle-down",
  "triangle-left",
  "triangle-right",
];

const CONFIG = {
  font: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  background: "white",
  view: { stroke: null },
  axis: {
    labelFontSize: 12,
    titleFontSize: 12,
    titleFontWeight: 600,
    labelColor: "#222",
    titleColor: "#222",
    gridColor: "#e4e4e4",
    domainColor: "#888",
    tickColor: "#888",
  },
  legend: { labelFontSize: 12, titleFontSize: 12, orient: "top", direction: "horizontal" },
  title: {
    fontSize: 14,
    fontWeight: 600,
    anchor: "start",
    color: "#111",
    subtitleFontSize: 12,
    subtitleColor: "#444",
  },
} as const;

/** A chart ready to inline: the SVG and the words that describe it. */
export interface Chart {
  id: string;
  title: string;
  description: string;
  svg: string;
}

/** A chart specification before rendering. */
export interface ChartSpec {
  id: string;
  title: string;
  description: string;
  spec: TopLevelSpec;
}

function logDomain(lo: number, hi: number, include: number[] = []): [number, number] {
  const all = [lo, hi, ...include].filter((x) => Number.isFinite(x) && x > 0);
  const min = Math.min(...all);
  const max = Math.max(...all);
  const pad = (Math.log(max) - Math.log(min)) * 0.08 || 0.05;
  return [Math.exp(Math.log(min) - pad), Math.exp(Math.log(max) + pad)];
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
  for (const g of groups) {
    const pair = `${candidateLabel(r, g.candidate)} ÷ ${candidateLabel(r, g.baseline)}`;
    for (const c of [...g.rows, ...(g.pooled ? [g.pooled] : [])]) {
      const label = payloadLabel(r, c.payload);
      rows.push({
        row: multi ? `${label} · ${pair}` : label,
        pair,
        kind: c.payload === "*" ? "pooled" : "payload",
        geomean: c.geomean,
        low: c.ci.low,
        high: c.ci.high,
        text: `${ratio(c.geomean)} [${ratio(c.ci.low)}, ${ratio(c.ci.high)}]`,
      });
    }
  }
  const order = rows.map((x) => x.row as string);
  const domain = logDomain(
    Math.min(...rows.map((x) => x.low as number)),
    Math.max(...rows.map((x) => x.high as number)),
    [1],
  );
  const g0 = groups[0]!;
  const level = Math.round((g0.rows[0]?.ci.level ?? g0.pooled?.ci.level ?? 0.95) * 100);
  const title = multi
    ? `Paired ratios (${metricUnit(metric)}), ${level}% intervals`
    : `${candidateLabel(r, g0.candidate)} ÷ ${candidateLabel(r, g0.baseline)}, ${metricUnit(metric)}: paired geometric-mean ratio`;
  const description = `Forest plot on a log scale. For each payload, a dot marks the geometric mean of the paired ratios and a line its ${level}% interval; the vertical line at 1 means equal cost, left of it the candidate cost less. ${rows
    .map((x) => `${x.row}: ${x.text}`)
    .join("; ")}.`;
  const y = { field: "row", type: "nominal", sort: order, title: null, axis: { labelLimit: 260 } } as const;
  const x = {
    field: "geomean",
    type: "quantitative",
    scale: { type: "log", domain, nice: false },
    axis: {
      title: `ratio (log scale) — left of 1: ${g0 && !multi ? candidateLabel(r, g0.candidate) : "candidate"} cost less`,
      format: ".2~f",
      tickCount: 6,
    },
  } as const;
  const spec: TopLevelSpec = {
    $schema: "https://vega.github.io/schema/vega-lite/v6.json",
    title: {
      text: title,
      subtitle: `dots: geometric mean; lines: ${level}% interval; ◆ pooled over all payloads`,
    },
    description,
    width: CHART_WIDTH,
    height: { step: ROW_HEIGHT },
    config: CONFIG,
    data: { values: rows },
    layer: [
      {
        mark: { type: "rule", color: "#555", strokeDash: [4, 3] },
        encoding: { x: { datum: 1, type: "quantitative" } },
      },
      {
        mark: { type: "rule", strokeWidth: 2.5 },
        encoding: {
          y,
          x: { ...x, field: "low" },
          x2: { field: "high" },
          color: {
            field: "pair",
            type: "nominal",
            scale: { range: PALETTE },
            legend: multi ? { title: null } : null,
          },
        },
      },
      {
        mark: { type: "point", filled: true, size: 90, stroke: "white", strokeWidth: 1 },
        encoding: {
          y,
          x,
          color: {
            field: "pair",
            type: "nominal",
            scale: { range: PALETTE },
            legend: multi ? { title: null } : null,
          },
          shape: {
            field: "kind",
            type: "nominal",
            scale: { domain: ["payload", "pooled"], range: ["circle", "diamond"] },
            legend: null,
          },
          size: {
            field: "kind",
            type: "ordinal",
            sort: ["payload", "pooled"],
            scale: { domain: ["payload", "pooled"], range: [90, 180] },
            legend: null,
          },
        },
      },
      {
        mark: { type: "text", align: "left", dx: 8, fontSize: 11, color: "#333" },
        encoding: { y, x: { ...x, field: "high" }, text: { field: "text" } },
      },
    ],
  };
  return { id: chartId, title, description, spec };
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
  const y = { field: "candidate", type: "nominal", sort: candLabels, title: null, axis: null } as const;
  const x = {
    field: "mean",
    type: "quantitative",
    scale: { zero: true, nice: true },
    axis: {
      title: null,
      labelExpr: "datum.value === 0 ? '0' : format(datum.value, '~s')",
      tickCount: 5,
      grid: true,
    },
  } as const;
  const color = {
    field: "candidate",
    type: "nominal",
    sort: candLabels,
    scale: { domain: candLabels, range: PALETTE.slice(0, candLabels.length) },
    legend: { title: null },
  } as const;
  const shape = {
    field: "candidate",
    type: "nominal",
    sort: candLabels,
    scale: { domain: candLabels, range: SHAPES.slice(0, candLabels.length) },
    legend: { title: null },
  } as const;
  const spec: TopLevelSpec = {
    $schema: "https://vega.github.io/schema/vega-lite/v6.json",
    title: {
      text: title,
      subtitle: `one strip per payload with its own ${unit} axis from 0; lower is cheaper`,
    },
    description,
    config: { ...CONFIG, facet: { spacing: 14 } },
    data: { values: rows },
    facet: {
      row: {
        field: "payload",
        type: "nominal",
        sort: payloadOrder,
        title: null,
        header: {
          labelAngle: 0,
          labelAlign: "left",
          labelAnchor: "start",
          labelFontSize: 12,
          labelFontWeight: 600,
          labelPadding: 2,
        },
      },
    },
    spec: {
      width: CHART_WIDTH - 60,
      height: { step: 16 },
      layer: [
        {
          mark: { type: "rule", strokeWidth: 2 },
          encoding: { y, x: { ...x, field: "low" }, x2: { field: "high" }, color },
        },
        { mark: { type: "point", filled: true, size: 70, opacity: 1 }, encoding: { y, x, color, shape } },
        {
          mark: { type: "text", align: "left", dx: 8, fontSize: 11, color: "#333" },
          encoding: { y, x: { ...x, field: "high" }, text: { field: "text" } },
        },
      ],
    },
    resolve: { scale: { x: "independent" }, axis: { x: "independent" } },
  };
  return { id: chartId, title, description, spec };
}

/** Stacked bars of agreements and disagreements per engine (conformance summary). */
export function conformanceSpec(
  engines: Array<{ engine: string; agreements: number; disagreements: number; cases: number }>,
  chartId: string,
): ChartSpec | undefined {
  if (engines.length === 0) return undefined;
  const rows = engines.map((e) => ({
    engine: e.engine,
    disagreements: e.disagreements,
    text: `${e.disagreements} of ${e.cases} cases (${e.cases ? ((100 * e.disagreements) / e.cases).toFixed(2) : "0"}%)`,
  }));
  const title = "Disagreements with the Go oracle per engine (lower is better)";
  const description = `Horizontal bars, one per engine, of the differential cases whose answer differed from Go's. ${engines
    .map((e) => `${e.engine}: ${e.disagreements} of ${e.cases} cases disagree, ${e.agreements} agree`)
    .join("; ")}.`;
  const y = { field: "engine", type: "nominal", sort: engines.map((e) => e.engine), title: null } as const;
  const x = {
    field: "disagreements",
    type: "quantitative",
    title: "disagreeing cases",
    scale: { domainMin: 0, nice: true },
    axis: { tickMinStep: 1, format: "d" },
  } as const;
  const spec: TopLevelSpec = {
    $schema: "https://vega.github.io/schema/vega-lite/v6.json",
    title: { text: title, subtitle: "each label: disagreements of all cases run for that engine" },
    description,
    width: CHART_WIDTH - 120,
    height: { step: ROW_HEIGHT },
    config: CONFIG,
    data: { values: rows },
    layer: [
      { mark: { type: "bar", color: "#D55E00", height: 14 }, encoding: { y, x } },
      {
        mark: { type: "text", align: "left", dx: 6, fontSize: 11, color: "#333" },
        encoding: { y, x, text: { field: "text" } },
      },
    ],
  };
  return { id: chartId, title, description, spec };
}

/**
 * Makes vega's SVG stable and accessible: ids renumbered per chart (vega's
 * counter is process-wide), role="img" with a title and a description.
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
  // Loaded on first use through import(): vega is ESM-only with top-level await, so the CJS build cannot require it.
  const [{ parse, View }, { compile }] = await Promise.all([import("vega"), import("vega-lite")]);
  const vg = compile(c.spec).spec;
  const view = new View(parse(vg), { renderer: "none", logLevel: 0 });
  try {
    const svg = await view.toSVG();
    return { id: c.id, title: c.title, description: c.description, svg: finishSvg(svg, c) };
  } finally {
    view.finalize();
  }
}
