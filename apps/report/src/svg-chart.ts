/**
 * The two chart shapes the report draws, written as plain SVG text: an
 * interval plot (a dot and a line per row, on a log or linear axis, rows in
 * groups) and stacked horizontal bars. No dependency, no DOM, no clock: the
 * same data gives the same bytes.
 */
import { escapeHtml } from "./format.js";

/** Font of every chart (system UI fonts, as the page). */
export const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
const CHAR_W = 6.4; // average width of a 12px system-UI character, for laying out labels
const ROW = 20;
const PAD = 8;

/** One row of an interval plot. */
export interface IntervalRow {
  label: string;
  value: number;
  low: number;
  high: number;
  color: string;
  /** Text after the line (the numbers). */
  text?: string;
  /** A pooled row is drawn as a diamond. */
  pooled?: boolean;
  /** A registered threshold, drawn as a tick. */
  threshold?: number;
}

/** A block of rows sharing an axis (the linear plots give each block its own axis). */
export interface IntervalGroup {
  header?: string;
  rows: IntervalRow[];
}

/** An interval plot. */
export interface IntervalChartData {
  kind: "interval";
  subtitle: string;
  scale: "log" | "linear";
  groups: IntervalGroup[];
  axisTitle: string;
  /** A dashed vertical line (1 for ratios). */
  reference?: number;
  legend?: Array<{ label: string; color: string }>;
}

/** Stacked horizontal bars, one per category. */
export interface StackedBarsData {
  kind: "bars";
  subtitle: string;
  bars: Array<{ label: string; parts: Array<{ key: string; n: number }>; text: string }>;
  keys: Array<{ key: string; color: string }>;
  axisTitle: string;
}

/** What a chart draws. */
export type ChartData = IntervalChartData | StackedBarsData;

const fmt = (x: number) => (Math.round(x * 100) / 100).toString();
/** Longest row label drawn in full; longer ones end in "…" (the full text is in the table beside the chart). */
export const MAX_LABEL_CHARS = 56;
const clip = (s: string) => (s.length > MAX_LABEL_CHARS ? `${s.slice(0, MAX_LABEL_CHARS - 1)}…` : s);
const textWidth = (s: string) => s.length * CHAR_W;

function text(x: number, y: number, s: string, attrs = ""): string {
  return `<text x="${fmt(x)}" y="${fmt(y)}"${attrs ? ` ${attrs}` : ""}>${escapeHtml(s)}</text>`;
}

/** Ticks of a log axis: 1, 2, 5 × 10^k inside the domain (thinned to at most eight). */
export function logTicks(lo: number, hi: number): number[] {
  const out: number[] = [];
  for (let k = Math.floor(Math.log10(lo)) - 1; k <= Math.ceil(Math.log10(hi)) + 1; k++)
    for (const m of [1, 2, 5]) {
      const t = m * 10 ** k;
      if (t >= lo && t <= hi) out.push(Number(t.toPrecision(6)));
    }
  if (out.length <= 8) return out;
  const decades = out.filter((t) => Math.abs(Math.log10(t) - Math.round(Math.log10(t))) < 1e-9);
  return decades.length >= 2 ? decades : out.filter((_, i) => i % Math.ceil(out.length / 8) === 0);
}

/** Ticks of a linear axis from 0: a 1-2-5 step giving at most six ticks. */
export function linearTicks(hi: number): number[] {
  if (!(hi > 0)) return [0];
  const raw = hi / 5;
  const p = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * p).find((s) => s >= raw) ?? 10 * p;
  const out: number[] = [];
  for (let t = 0; t <= hi * (1 + 1e-9); t += step) out.push(Number(t.toPrecision(6)));
  return out;
}

/** Short tick text: 0.05, 1, 20, 3k, 1.5M. */
export function tickText(t: number): string {
  if (t === 0) return "0";
  const a = Math.abs(t);
  if (a >= 1e9) return `${fmt(t / 1e9)}G`;
  if (a >= 1e6) return `${fmt(t / 1e6)}M`;
  if (a >= 1e3) return `${fmt(t / 1e3)}k`;
  return Number(t.toPrecision(3)).toString();
}

function domainOf(rows: IntervalRow[], scale: "log" | "linear", reference?: number): [number, number] {
  const xs = rows.flatMap((r) => [
    r.low,
    r.high,
    r.value,
    ...(r.threshold !== undefined ? [r.threshold] : []),
  ]);
  if (reference !== undefined) xs.push(reference);
  const ok = xs.filter((x) => Number.isFinite(x) && (scale === "linear" || x > 0));
  if (scale === "linear") return [0, Math.max(...ok, 1e-9) * 1.05];
  const lo = Math.min(...ok);
  const hi = Math.max(...ok);
  const pad = (Math.log(hi) - Math.log(lo)) * 0.08 || 0.05;
  return [Math.exp(Math.log(lo) - pad), Math.exp(Math.log(hi) + pad)];
}

function marker(x: number, y: number, color: string, pooled: boolean): string {
  if (pooled) {
    const r = 6;
    return `<path d="M${fmt(x)},${fmt(y - r)}L${fmt(x + r)},${fmt(y)}L${fmt(x)},${fmt(y + r)}L${fmt(x - r)},${fmt(y)}Z" fill="${color}" stroke="white" stroke-width="1"/>`;
  }
  return `<circle cx="${fmt(x)}" cy="${fmt(y)}" r="4.5" fill="${color}" stroke="white" stroke-width="1"/>`;
}

function header(title: string, subtitle: string): string {
  return (
    text(PAD, 16, title, 'font-size="14" font-weight="600" fill="#111"') +
    text(PAD, 32, subtitle, 'font-size="12" fill="#444"')
  );
}

/** Legend items in rows that wrap at `maxWidth`; returns the SVG and the y of its last row. */
function legendRows(
  items: Array<{ label: string; color: string }>,
  x0: number,
  y0: number,
  maxWidth: number,
): { svg: string; y: number } {
  let x = x0;
  let y = y0;
  let out = "";
  for (const it of items) {
    const w = 26 + textWidth(it.label);
    if (x > x0 && x + w > maxWidth) {
      x = x0;
      y += 18;
    }
    out += `<circle cx="${fmt(x + 5)}" cy="${fmt(y - 4)}" r="5" fill="${it.color}"/>`;
    out += text(x + 14, y, it.label, 'font-size="12" fill="#222"');
    x += w;
  }
  return { svg: out, y };
}

/** An interval plot as SVG text (no title/desc yet: finishSvg adds them). */
export function intervalSvg(title: string, d: IntervalChartData, plotWidth: number): string {
  const all = d.groups.flatMap((g) => g.rows);
  const labelW = Math.max(60, ...all.map((r) => textWidth(clip(r.label)))) + 10;
  const textW = Math.min(200, Math.max(0, ...all.map((r) => textWidth(r.text ?? "")))) + 12;
  const x0 = PAD + labelW;
  const width = x0 + plotWidth + textW + PAD;
  let y = 44;
  const parts: string[] = [header(title, d.subtitle)];
  if (d.legend?.length) {
    const l = legendRows(d.legend, PAD, y + 8, width - PAD);
    parts.push(l.svg);
    y = l.y + 10;
  }
  const shared = d.scale === "log" ? domainOf(all, "log", d.reference) : undefined;
  for (const g of d.groups) {
    const [lo, hi] = shared ?? domainOf(g.rows, "linear", d.reference);
    const sx =
      d.scale === "log"
        ? (v: number) => x0 + ((Math.log(v) - Math.log(lo)) / (Math.log(hi) - Math.log(lo))) * plotWidth
        : (v: number) => x0 + ((v - lo) / (hi - lo)) * plotWidth;
    if (g.header) {
      y += 18;
      parts.push(text(PAD, y, g.header, 'font-size="12" font-weight="600" fill="#222"'));
    }
    const top = y + 6;
    const bottom = top + g.rows.length * ROW;
    const ticks = d.scale === "log" ? logTicks(lo, hi) : linearTicks(hi);
    for (const t of ticks) {
      const x = sx(t);
      parts.push(
        `<line x1="${fmt(x)}" x2="${fmt(x)}" y1="${fmt(top)}" y2="${fmt(bottom)}" stroke="#e4e4e4"/>`,
      );
    }
    if (d.reference !== undefined && d.reference >= lo && d.reference <= hi) {
      const x = sx(d.reference);
      parts.push(
        `<line x1="${fmt(x)}" x2="${fmt(x)}" y1="${fmt(top)}" y2="${fmt(bottom)}" stroke="#555" stroke-dasharray="4 3"/>`,
      );
    }
    for (const [i, r] of g.rows.entries()) {
      const cy = top + i * ROW + ROW / 2;
      if (r.label)
        parts.push(text(x0 - 6, cy + 4, clip(r.label), 'font-size="12" fill="#222" text-anchor="end"'));
      if (Number.isFinite(r.low) && Number.isFinite(r.high)) {
        parts.push(
          `<line x1="${fmt(sx(Math.max(r.low, lo)))}" x2="${fmt(sx(Math.min(r.high, hi)))}" y1="${fmt(cy)}" y2="${fmt(cy)}" stroke="${r.color}" stroke-width="2.5"/>`,
        );
      }
      if (r.threshold !== undefined) {
        const tx = sx(r.threshold);
        parts.push(
          `<line x1="${fmt(tx)}" x2="${fmt(tx)}" y1="${fmt(cy - 7)}" y2="${fmt(cy + 7)}" stroke="#111" stroke-width="2"/>`,
        );
      }
      parts.push(marker(sx(r.value), cy, r.color, r.pooled === true));
      if (r.text)
        parts.push(text(sx(Math.min(r.high, hi)) + 8, cy + 4, r.text, 'font-size="11" fill="#333"'));
    }
    parts.push(
      `<line x1="${fmt(x0)}" x2="${fmt(x0 + plotWidth)}" y1="${fmt(bottom)}" y2="${fmt(bottom)}" stroke="#888"/>`,
    );
    for (const t of ticks)
      parts.push(text(sx(t), bottom + 14, tickText(t), 'font-size="11" fill="#222" text-anchor="middle"'));
    y = bottom + 16;
  }
  y += 16;
  parts.push(
    text(
      x0 + plotWidth / 2,
      y,
      d.axisTitle,
      'font-size="12" font-weight="600" fill="#222" text-anchor="middle"',
    ),
  );
  const height = y + PAD;
  return `${svgOpen(width, height)}${parts.join("")}</svg>`;
}

/** Stacked horizontal bars as SVG text. */
export function barsSvg(title: string, d: StackedBarsData, plotWidth: number): string {
  const labelW = Math.max(40, ...d.bars.map((b) => textWidth(b.label))) + 10;
  const textW = Math.max(0, ...d.bars.map((b) => textWidth(b.text))) + 12;
  const x0 = PAD + labelW;
  const width = x0 + plotWidth + textW + PAD;
  const parts: string[] = [header(title, d.subtitle)];
  const l = legendRows(
    d.keys.map((k) => ({ label: k.key, color: k.color })),
    PAD,
    52,
    width - PAD,
  );
  parts.push(l.svg);
  let y = l.y + 10;
  const max = Math.max(1, ...d.bars.map((b) => b.parts.reduce((a, p) => a + p.n, 0)));
  const ticks = linearTicks(max).filter((t) => Number.isInteger(t));
  const hi = Math.max(max, ticks[ticks.length - 1] ?? max);
  const sx = (v: number) => x0 + (v / hi) * plotWidth;
  const top = y;
  for (const t of ticks)
    parts.push(
      `<line x1="${fmt(sx(t))}" x2="${fmt(sx(t))}" y1="${fmt(top)}" y2="${fmt(top + d.bars.length * (ROW + 6))}" stroke="#e4e4e4"/>`,
    );
  for (const [i, b] of d.bars.entries()) {
    const cy = top + i * (ROW + 6) + (ROW + 6) / 2;
    parts.push(text(x0 - 6, cy + 4, b.label, 'font-size="12" fill="#222" text-anchor="end"'));
    let acc = 0;
    for (const p of b.parts) {
      const color = d.keys.find((k) => k.key === p.key)?.color ?? "#999";
      parts.push(
        `<rect x="${fmt(sx(acc))}" y="${fmt(cy - 8)}" width="${fmt(sx(acc + p.n) - sx(acc))}" height="16" fill="${color}" stroke="white" stroke-width="0.75"/>`,
      );
      acc += p.n;
    }
    parts.push(text(sx(acc) + 6, cy + 4, b.text, 'font-size="11" fill="#333"'));
  }
  const bottom = top + d.bars.length * (ROW + 6);
  parts.push(
    `<line x1="${fmt(x0)}" x2="${fmt(x0 + plotWidth)}" y1="${fmt(bottom)}" y2="${fmt(bottom)}" stroke="#888"/>`,
  );
  for (const t of ticks)
    parts.push(text(sx(t), bottom + 14, tickText(t), 'font-size="11" text-anchor="middle"'));
  y = bottom + 32;
  parts.push(
    text(
      x0 + plotWidth / 2,
      y,
      d.axisTitle,
      'font-size="12" font-weight="600" fill="#222" text-anchor="middle"',
    ),
  );
  return `${svgOpen(width, y + PAD)}${parts.join("")}</svg>`;
}

function svgOpen(width: number, height: number): string {
  const w = Math.ceil(width);
  const h = Math.ceil(height);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" font-family="${FONT}"><rect width="${w}" height="${h}" fill="white"/>`;
}
