/**
 * time.Duration formats of json/v2 (`format:nano|units|sec|milli|micro`)
 * and Go's Duration.String / ParseDuration.
 */

const MAX_INT64 = (1n << 63n) - 1n;
const MIN_INT64 = -(1n << 63n);

function fmtFrac(v: bigint, prec: bigint): string {
  // v in units of 1/prec; returns "W" or "W.FFF" with trailing zeros trimmed.
  const w = v / prec;
  const f = v % prec;
  if (f === 0n) return String(w);
  const digits = String(prec).length - 1;
  return `${w}.${String(f).padStart(digits, "0").replace(/0+$/, "")}`;
}

/** Go's time.Duration.String. */
export function durationString(d: bigint): string {
  if (d === 0n) return "0s";
  const neg = d < 0n;
  const u = neg ? -d : d;
  let s: string;
  if (u < 1_000_000_000n) {
    if (u < 1000n) s = `${u}ns`;
    else if (u < 1_000_000n) s = `${fmtFrac(u, 1000n)}µs`;
    else s = `${fmtFrac(u, 1_000_000n)}ms`;
  } else {
    const h = u / 3_600_000_000_000n;
    const rem = u % 3_600_000_000_000n;
    const m = rem / 60_000_000_000n;
    const sec = rem % 60_000_000_000n;
    s = `${fmtFrac(sec, 1_000_000_000n)}s`;
    if (h > 0n || m > 0n) s = `${m}m${s}`;
    if (h > 0n) s = `${h}h${s}`;
  }
  return neg ? `-${s}` : s;
}

const UNITS: Record<string, bigint> = {
  ns: 1n,
  us: 1000n,
  µs: 1000n,
  μs: 1000n,
  ms: 1_000_000n,
  s: 1_000_000_000n,
  m: 60_000_000_000n,
  h: 3_600_000_000_000n,
};

/** Go's time.ParseDuration; returns the error text on failure. */
export function parseDuration(s0: string): bigint | string {
  const bad = `time: invalid duration ${JSON.stringify(s0)}`;
  let s = s0;
  let neg = false;
  if (s[0] === "-" || s[0] === "+") {
    neg = s[0] === "-";
    s = s.slice(1);
  }
  if (s === "0") return 0n;
  if (s === "") return bad;
  let total = 0n;
  const re = /^(\d*)(?:\.(\d*))?([a-zµμ]+)/;
  while (s !== "") {
    const m = re.exec(s);
    if (!m || (m[1] === "" && (m[2] === undefined || m[2] === ""))) return bad;
    const unit = UNITS[m[3] as string];
    if (unit === undefined)
      return `time: unknown unit ${JSON.stringify(m[3])} in duration ${JSON.stringify(s0)}`;
    let v = BigInt(m[1] || "0") * unit;
    if (m[2]) {
      const frac = m[2];
      v += (BigInt(frac) * unit) / 10n ** BigInt(frac.length);
    }
    total += v;
    if (total > 1n << 63n) return bad;
    s = s.slice(m[0].length);
  }
  if (neg) total = -total;
  if (total > MAX_INT64 || total < MIN_INT64) return bad;
  return total;
}

/** Scale of each numeric duration format (nanoseconds per unit). */
export const DURATION_SCALES: Record<string, bigint> = {
  nano: 1n,
  micro: 1000n,
  milli: 1_000_000n,
  sec: 1_000_000_000n,
};

/** Format d as a decimal number of the given unit. */
export function formatDurationNumber(d: bigint, scale: bigint): string {
  if (scale === 1n) return String(d);
  const neg = d < 0n;
  const s = fmtFrac(neg ? -d : d, scale);
  return neg ? `-${s}` : s;
}

/** Parse a decimal number of the given unit into nanoseconds; returns undefined when malformed or out of range. */
export function parseDurationNumber(lit: string, scale: bigint): bigint | "range" | undefined {
  const m = /^(-?)(0|[1-9]\d*)(?:\.(\d+))?$/.exec(lit);
  if (!m) return undefined;
  const digits = String(scale).length - 1;
  const frac = m[3] ?? "";
  if (frac.length > digits) return undefined;
  let v = BigInt(m[2] as string) * scale + (frac ? BigInt(frac.padEnd(digits, "0")) : 0n);
  if (m[1] === "-") v = -v;
  if (v > MAX_INT64 || v < MIN_INT64) return "range";
  return v;
}
