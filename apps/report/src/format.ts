/**
 * Number and text formatting for the report. Locale-free on purpose: the same
 * input must give the same bytes on every machine (no `toLocaleString`, whose
 * output depends on the ICU data Node was built with).
 */

/** Groups the integer part of a decimal string with commas: `1234567.5` → `1,234,567.5`. */
export function groupThousands(text: string): string {
  const neg = text.startsWith("-");
  const body = neg ? text.slice(1) : text;
  const dot = body.indexOf(".");
  const int = dot < 0 ? body : body.slice(0, dot);
  const frac = dot < 0 ? "" : body.slice(dot);
  let out = "";
  for (let i = 0; i < int.length; i++) {
    if (i > 0 && (int.length - i) % 3 === 0) out += ",";
    out += int[i];
  }
  return `${neg ? "-" : ""}${out}${frac}`;
}

/** Formats a number with fixed decimals and thousands separators; `—` for a missing or non-finite value. */
export function fixed(x: number | undefined | null, digits: number): string {
  if (x === undefined || x === null || !Number.isFinite(x)) return "—";
  return groupThousands(x.toFixed(digits));
}

/** Formats a ratio as `0.812×` (three decimals, as seed 002 does). */
export function ratio(x: number | undefined): string {
  if (x === undefined || !Number.isFinite(x)) return "—";
  return `${x.toFixed(3)}×`;
}

/** Formats a cost value with precision that suits its size (ns/op, bytes/op). */
export function cost(x: number | undefined): string {
  if (x === undefined || !Number.isFinite(x)) return "—";
  if (Number.isInteger(x)) return fixed(x, 0);
  const a = Math.abs(x);
  if (a >= 1000) return fixed(x, 1);
  if (a >= 10) return fixed(x, 2);
  return fixed(x, 3);
}

/** Formats `mean ± sd` with the same number of decimals on both sides. */
export function meanSd(mean: number | undefined, sd: number | undefined): string {
  if (mean === undefined || !Number.isFinite(mean)) return "—";
  const a = Math.abs(mean);
  const digits = a >= 1000 ? 1 : a >= 10 ? 2 : 3;
  return `${fixed(mean, digits)} ± ${fixed(sd ?? Number.NaN, digits)}`;
}

/** Formats a byte count with binary-free SI units as Go's benchstat does (B, kB, MB with 10^3 steps). */
export function bytesSi(x: number | undefined): string {
  if (x === undefined || !Number.isFinite(x)) return "—";
  const units = ["B", "KB", "MB", "GB"];
  let v = x;
  let u = 0;
  while (Math.abs(v) >= 1000 && u < units.length - 1) {
    v /= 1000;
    u++;
  }
  return `${u === 0 ? String(Math.round(v)) : sig(v, 3)} ${units[u]}`;
}

/** Formats a duration given in ns with benchstat's units (n, µ, m, s) and four significant digits. */
export function durationNs(ns: number | undefined): string {
  if (ns === undefined || !Number.isFinite(ns)) return "—";
  const a = Math.abs(ns);
  if (a < 1e3) return `${sig(ns, 4)}n`;
  if (a < 1e6) return `${sig(ns / 1e3, 4)}µ`;
  if (a < 1e9) return `${sig(ns / 1e6, 4)}m`;
  return `${sig(ns / 1e9, 4)}`;
}

/** Formats with `digits` significant digits, without exponent notation for the sizes met here. */
export function sig(x: number, digits: number): string {
  if (x === 0) return "0";
  const mag = Math.floor(Math.log10(Math.abs(x)));
  const decimals = Math.max(0, digits - 1 - mag);
  return x.toFixed(decimals);
}

/** Formats a p-value as benchstat does (`p=0.008`), `p<0.001` below a thousandth. */
export function pValue(p: number | undefined): string {
  if (p === undefined || !Number.isFinite(p)) return "p=—";
  if (p < 0.001) return "p<0.001";
  return `p=${p.toFixed(3)}`;
}

/** Formats a percentage change from a ratio: 0.81 → `-19.00%`. */
export function percentChange(r: number): string {
  const pc = (r - 1) * 100;
  return `${pc > 0 ? "+" : ""}${pc.toFixed(2)}%`;
}

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(s: string): string {
  return s
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/** Escapes text for a Markdown table cell (pipes and line breaks). */
export function escapeCell(s: string): string {
  return s.replaceAll("|", "\\|").replaceAll(/\r?\n/g, " ");
}

/** Turns a label into a stable id fragment (`Nested orders` → `nested-orders`). */
export function slug(s: string): string {
  const out = s
    .toLowerCase()
    .replaceAll(/[^a-z0-9]+/g, "-")
    .replaceAll(/^-+|-+$/g, "");
  return out === "" ? "x" : out;
}
