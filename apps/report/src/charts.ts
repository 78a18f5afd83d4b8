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
  const domain = logDomain(
    Math.min(...rows.map((x) => x.low as number)),
    Math.max(...rows.map((x) => x.high as number)),
    [1],
  );
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
  const y = { field: "row", type: "nominal", sort: order, title: null, axis: { labelLimit: 0 } } as const;
  // Several pairs: one band per payload, one line per pair inside it (yOffset), colour names the pair;
  // the numbers are in the tables, so no text marks that would collide.
  const yOffset = multi ? { yOffset: { field: "pair", type: "nominal", sort: pairs } as const } : {};
  const PAIR_STEP = 9;
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
    height: multi ? order.length * (pairs.length * PAIR_STEP + 12) : { step: ROW_HEIGHT },
    config: multi
      ? { ...CONFIG, legend: { ...CONFIG.legend, orient: "right", direction: "vertical", labelLimit: 0 } }
      : CONFIG,
    data: { values: rows },
    layer: [
      {
        mark: { type: "rule", color: "#555", strokeDash: [4, 3] },
        encoding: { x: { datum: 1, type: "quantitative" } },
      },
      {
        mark: { type: "rule", strokeWidth: multi ? 2 : 2.5 },
        encoding: {
          y,
          ...yOffset,
          x: { ...x, field: "low" },
          x2: { field: "high" },
          color: {
            field: "pair",
            type: "nominal",
            sort: pairs,
            scale: { domain: pairs, range: PALETTE },
            legend: multi ? { title: null } : null,
          },
        },
      },
      {
        mark: { type: "point", filled: true, size: 90, stroke: "white", strokeWidth: 1 },
        encoding: {
          y,
          ...yOffset,
          x,
          color: {
            field: "pair",
            type: "nominal",
            sort: pairs,
            scale: { domain: pairs, range: PALETTE },
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
            scale: { domain: ["payload", "pooled"], range: multi ? [40, 90] : [90, 180] },
            legend: null,
          },
        },
      },
      ...(multi
        ? []
        : [
            {
              mark: { type: "text", align: "left", dx: 8, fontSize: 11, color: "#333" },
              encoding: { y, x: { ...x, field: "high" }, text: { field: "text" } },
            } as const,
          ]),
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
    // Every mark carries its candidate's name as text, so a (truncated) legend would only repeat it.
    legend: null,
  } as const;
  const shape = {
    field: "candidate",
    type: "nominal",
    sort: candLabels,
    scale: { domain: candLabels, range: SHAPES.slice(0, candLabels.length) },
    legend: null,
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
          labelOrient: "top",
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
  const y = { field: "engine", type: "nominal", sort: order, title: null } as const;
  const spec: TopLevelSpec = {
    $schema: "https://vega.github.io/schema/vega-lite/v6.json",
    title: { text: title, subtitle: "label: disagreements of all cases run for that engine" },
    description,
    width: CHART_WIDTH - 160,
    height: { step: ROW_HEIGHT + 6 },
    config: CONFIG,
    layer: [
      {
        data: { values: bars },
        mark: { type: "bar", height: 16, stroke: "white", strokeWidth: 0.75 },
        encoding: {
          y,
          x: {
            field: "n",
            type: "quantitative",
            aggregate: "sum",
            stack: "zero",
            title: "disagreeing cases",
            axis: { tickMinStep: 1, format: "d" },
          },
          color: {
            field: "kind",
            type: "nominal",
            sort: kinds,
            scale: { domain: kinds, range: PALETTE.slice(0, kinds.length) },
            legend: { title: null, columns: 2, labelLimit: 0 },
          },
          order: { field: "rank", type: "quantitative" },
        },
      },
      {
        data: { values: totals },
        mark: { type: "text", align: "left", dx: 6, fontSize: 11, color: "#333" },
        encoding: { y, x: { field: "n", type: "quantitative" }, text: { field: "text" } },
      },
    ],
  };
  return { id: chartId, title, description, spec };
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
  const domain = logDomain(Math.min(...data.map((x) => x.low)), Math.max(...data.map((x) => x.high)), [
    1,
    ...data.flatMap((x) => (x.threshold !== undefined ? [x.threshold] : [])),
  ]);
  const title = "Main ratio of each finding (log scale)";
  const description = `Forest plot: one row per key finding, a dot at the paired geometric-mean ratio and a line over its interval, a tick at the registered threshold; the dashed line at 1 means equal cost. ${data
    .map((x) => `${x.row}: ${x.text}, ${x.status}`)
    .join("; ")}.`;
  const y = {
    field: "row",
    type: "nominal",
    sort: data.map((x) => x.row),
    title: null,
    axis: { labelLimit: 0 },
  } as const;
  const x = {
    field: "geomean",
    type: "quantitative",
    scale: { type: "log", domain, nice: false },
    axis: {
      title: "candidate ÷ baseline (log scale) — left of 1: candidate cost less",
      format: ".2~f",
      tickCount: 6,
    },
  } as const;
  const used = statuses.filter((s) => data.some((d) => d.status === s));
  const color = {
    field: "status",
    type: "nominal",
    scale: { domain: used, range: used.map((s) => colours[statuses.indexOf(s)]!) },
    legend: { title: null },
  } as const;
  const spec: TopLevelSpec = {
    $schema: "https://vega.github.io/schema/vega-lite/v6.json",
    title: {
      text: title,
      subtitle: "dot: paired geometric mean; line: interval; tick: registered threshold",
    },
    description,
    width: CHART_WIDTH - 140,
    height: { step: ROW_HEIGHT },
    config: CONFIG,
    data: { values: data },
    layer: [
      {
        mark: { type: "rule", color: "#555", strokeDash: [4, 3] },
        encoding: { x: { datum: 1, type: "quantitative" } },
      },
      {
        mark: { type: "rule", strokeWidth: 2.5 },
        encoding: { y, x: { ...x, field: "low" }, x2: { field: "high" }, color },
      },
      {
        transform: [{ filter: "isValid(datum.threshold)" }],
        mark: { type: "tick", color: "#111", thickness: 2, size: 14 },
        encoding: { y, x: { ...x, field: "threshold" } },
      },
      {
        mark: { type: "point", filled: true, size: 80, stroke: "white", strokeWidth: 1, opacity: 1 },
        encoding: { y, x, color },
      },
      {
        mark: { type: "text", align: "left", dx: 8, fontSize: 11, color: "#333" },
        encoding: { y, x: { ...x, field: "high" }, text: { field: "text" } },
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
