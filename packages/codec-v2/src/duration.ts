/**
 * time.Duration formats of json/v2 (`format:nano|units|sec|milli|micro`)
 * and Go's Duration.String / ParseDuration.
 */

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

/** Go's time.quote: ASCII as is (`"` and `\\` escaped), every byte of other runes and controls as \\xNN. */
function timeQuote(s: string): string {
  let out = '"';
  for (const ch of s) {
    const c = ch.codePointAt(0) as number;
    if (c >= 0x80 || c < 0x20) {
      for (const b of new TextEncoder().encode(ch)) out += `\\x${b.toString(16).padStart(2, "0")}`;
    } else out += c === 0x22 || c === 0x5c ? `\\${ch}` : ch;
  }
  return `${out}"`;
}

const TWO63 = 1n << 63n;

/** Go's time.ParseDuration (the same steps, so the same errors); returns the error text on failure. */
export function parseDuration(s0: string): bigint | string {
  const bad = `time: invalid duration ${timeQuote(s0)}`;
  let s = s0;
  let neg = false;
  if (s !== "" && (s[0] === "-" || s[0] === "+")) {
    neg = s[0] === "-";
    s = s.slice(1);
  }
  if (s === "0") return 0n;
  if (s === "") return bad;
  const digit = (c: string | undefined) => c !== undefined && c >= "0" && c <= "9";
  let d = 0n;
  while (s !== "") {
    if (!(s[0] === "." || digit(s[0]))) return bad;
    // leadingInt: [0-9]*, overflow past 1<<63 is an error.
    let i = 0;
    let v = 0n;
    for (; i < s.length && digit(s[i]); i++) {
      if (v > TWO63 / 10n) return bad;
      v = v * 10n + BigInt((s.charCodeAt(i) - 48) as number);
      if (v > TWO63) return bad;
    }
    const pre = i > 0;
    s = s.slice(i);
    // leadingFraction: (\.[0-9]*)?, digits past what fits are ignored.
    let f = 0n;
    let scale = 1;
    let post = false;
    if (s !== "" && s[0] === ".") {
      s = s.slice(1);
      let k = 0;
      let overflow = false;
      for (; k < s.length && digit(s[k]); k++) {
        if (overflow) continue;
        if (f > (TWO63 - 1n) / 10n) {
          overflow = true;
          continue;
        }
        const y = f * 10n + BigInt((s.charCodeAt(k) - 48) as number);
        if (y > TWO63) {
          overflow = true;
          continue;
        }
        f = y;
        scale *= 10;
      }
      post = k > 0;
      s = s.slice(k);
    }
    if (!pre && !post) return bad;
    // The unit: everything up to the next '.' or digit.
    let u = 0;
    while (u < s.length && !(s[u] === "." || digit(s[u]))) u++;
    if (u === 0) return `time: missing unit in duration ${timeQuote(s0)}`;
    const name = s.slice(0, u);
    s = s.slice(u);
    const unit = UNITS[name];
    if (unit === undefined) return `time: unknown unit ${timeQuote(name)} in duration ${timeQuote(s0)}`;
    if (v > TWO63 / unit) return bad;
    v *= unit;
    if (f > 0n) {
      // float64, as Go (nanosecond-accurate for fractions of hours).
      v += BigInt(Math.trunc(Number(f) * (Number(unit) / scale)));
      if (v > TWO63) return bad;
    }
    d += v;
    if (d > TWO63) return bad;
  }
  if (neg) return -d;
  if (d > TWO63 - 1n) return bad;
  return d;
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

/** jsonwire.ParseUint: a JSON-grammar unsigned integer; overflow gives [MaxUint64, false]. */
function parseUint(b: string): [bigint, boolean] {
  if (!/^(0|[1-9][0-9]*)$/.test(b)) return [0n, false];
  const v = BigInt(b);
  if (v >= U64) return [U64 - 1n, false];
  return [v, true];
}

/** Go's parsePaddedBase10 of fraction digits for max10 (more digits than max10 holds are ignored). */
function parsePadded(b: string, max10: bigint): [bigint, boolean] {
  const width = String(max10).length - 1;
  if (!/^[0-9]*$/.test(b)) return [0n, false];
  return [width === 0 ? 0n : BigInt(b.slice(0, width).padEnd(width, "0")), true];
}

/**
 * The parts of a decimal literal as Go's base-10 parsers split it: the sign, the whole part's
 * text and value (jsonwire.ParseUint: [MaxUint64, false] on overflow) and the fraction scaled
 * to `scale` digits (a `.` with no digits after it is malformed).
 */
function splitDecimal(
  lit: string,
  scale: bigint,
): { neg: boolean; wholeText: string; whole: bigint; okWhole: boolean; frac: bigint; okFrac: boolean } {
  const neg = lit[0] === "-";
  const s = neg ? lit.slice(1) : lit;
  const dot = s.indexOf(".");
  const wholeText = dot < 0 ? s : s.slice(0, dot);
  const [whole, okWhole] = parseUint(wholeText);
  let frac = 0n;
  let okFrac = true;
  if (dot >= 0) {
    const f = s.slice(dot + 1);
    if (f.length === 0) okFrac = false;
    else [frac, okFrac] = parsePadded(f, scale);
  }
  return { neg, wholeText, whole, okWhole, frac, okFrac };
}

/**
 * Parse a decimal number of the given unit into nanoseconds as Go's parseDurationBase10 does
 * (no plus sign or exponent; fraction digits past the unit's precision are dropped); returns
 * undefined when malformed, "range" when out of range (also "-0").
 */
export function parseDurationNumber(lit: string, scale: bigint): bigint | "range" | undefined {
  const { neg, whole, okWhole, frac, okFrac } = splitDecimal(lit, scale);
  const prod = whole * scale;
  const sum = (prod % U64) + frac;
  const overflow = prod >= U64 || sum >= U64;
  const d = neg ? BigInt.asIntN(64, -BigInt.asIntN(64, sum % U64)) : BigInt.asIntN(64, sum % U64);
  if ((!okWhole && whole !== U64 - 1n) || !okFrac) return undefined;
  if (!okWhole || overflow || neg !== d < 0n) return "range";
  return d;
}

/**
 * Go's parseTimeUnix: a decimal number of seconds (`scale` ns per unit: 1e9 unix, 1e6 unixmilli,
 * 1e3 unixmicro, 1 unixnano) into Unix seconds and nanoseconds, the seconds wrapping as int64
 * does; "syntax" or "range" as Go's strconv.ErrSyntax / ErrRange. Seconds are not limited to
 * what int64 nanoseconds hold (years 1678 to 2262), only to int64.
 */
export function parseTimeUnix(
  lit: string,
  scale: bigint,
): { sec: bigint; nsec: bigint } | "syntax" | "range" {
  const pow10 = NS_PER_SEC / scale;
  const parts = splitDecimal(lit, scale);
  const { neg, wholeText, frac, okFrac } = parts;
  let { whole, okWhole } = parts;
  let sec = 0n;
  let nsec = 0n;
  if (pow10 === 1n) {
    sec = BigInt.asIntN(64, whole);
    nsec = frac;
  } else if (okWhole) {
    sec = BigInt.asIntN(64, whole / pow10);
    nsec = (whole % pow10) * scale + frac;
  } else if (whole === U64 - 1n) {
    // Overflowed as a count of units: the seconds and the units below them apart.
    const width = String(pow10).length - 1;
    [whole, okWhole] = parseUint(wholeText.slice(0, wholeText.length - width));
    const [mid] = parsePadded(wholeText.slice(wholeText.length - width), pow10);
    sec = BigInt.asIntN(64, whole);
    nsec = mid * scale + frac;
  }
  if (neg) {
    // negateSecNano: two's-complement negation of sec, nsec kept in [0, 1e9).
    sec = BigInt.asIntN(64, ~sec);
    nsec = -nsec + NS_PER_SEC;
    sec = BigInt.asIntN(64, sec + nsec / NS_PER_SEC);
    nsec %= NS_PER_SEC;
  }
  if ((!okWhole && whole !== U64 - 1n) || !okFrac) return "syntax";
  if (!okWhole || neg !== sec < 0n) return "range";
  return { sec, nsec };
}

const NS_PER_SEC = 1_000_000_000n;
const U64 = 1n << 64n;
const HOUR = 3600n * NS_PER_SEC;

/** Go's appendDurationISO8601: `PT0S`, else sign, `PT`, hours `H`, minutes `M`, seconds (fraction) `S`. */
export function formatDurationISO8601(d0: bigint): string {
  const d = BigInt(d0);
  if (d === 0n) return "PT0S";
  const neg = d < 0n;
  const n = neg ? -d : d;
  const nsec = n % NS_PER_SEC;
  const secs = n / NS_PER_SEC;
  const sec = secs % 60n;
  const mins = secs / 60n;
  const min = mins % 60n;
  const hour = mins / 60n;
  let s = `${neg ? "-" : ""}PT`;
  if (hour > 0n) s += `${hour}H`;
  if (min > 0n) s += `${min}M`;
  if (sec > 0n || nsec > 0n) {
    s += String(sec);
    if (nsec > 0n) s += `.${String(nsec).padStart(9, "0").replace(/0+$/, "")}`;
    s += "S";
  }
  return s;
}

/** Nanoseconds of each ISO 8601 unit (Go: a year is 365.2425 days, a month a twelfth of it). */
const ISO_UNITS: [string, bigint][][] = [
  [
    ["Y", 31_556_952_000_000_000n],
    ["M", 2_629_746_000_000_000n],
    ["W", 604_800_000_000_000n],
    ["D", 86_400_000_000_000n],
  ],
  [
    ["H", HOUR],
    ["M", 60n * NS_PER_SEC],
    ["S", NS_PER_SEC],
  ],
];

/** Cut s at the first of c0/c1 (either case of a designator). */
function cutEither(s: string, c0: string, c1: string): [string, string, boolean] {
  for (let i = 0; i < s.length; i++)
    if (s[i] === c0 || s[i] === c1) return [s.slice(0, i), s.slice(i + 1), true];
  return [s, "", false];
}

/**
 * Go's parseDurationISO8601 (json/v2 `format:iso8601`): returns the duration or the error's
 * cause (`invalid ISO 8601 duration "…": invalid syntax | value out of range | inaccurate …`).
 * `quote` renders the input as Go's %q does.
 */
export function parseDurationISO8601(b: string, quote: (s: string) => string): bigint | { err: string } {
  let invalid = false;
  let overflow = false;
  let inaccurate = false;
  let sawFrac = false;
  let sum = 0n;
  const add = (x: bigint) => {
    sum += x;
    if (sum >= U64) {
      overflow = true;
      sum -= U64;
    }
  };
  const mayParseUnit = (s: string, des: string, unit: bigint): string => {
    const [number, suffix, ok] = cutEither(s, des, des.toLowerCase());
    if (!ok || sawFrac) return s;
    let [whole, frac, hasFrac] = cutEither(number, ".", ",");
    if (hasFrac) {
      sawFrac = true;
      invalid = invalid || frac === "" || unit > HOUR;
      let n = 0n;
      if (unit === NS_PER_SEC) {
        if (!/^[0-9]*$/.test(frac)) invalid = true;
        else n = BigInt(frac.slice(0, 9).padEnd(9, "0") || "0");
      } else {
        const f = Number(`0.${frac}`);
        if (!/^[0-9]+$/.test(frac) || Number.isNaN(f)) invalid = true;
        else n = BigInt(Math.round(f * Number(unit)));
      }
      add(n);
    }
    while (whole.length > 1 && whole[0] === "0") whole = whole.slice(1);
    if (!/^[0-9]+$/.test(whole)) invalid = true;
    else {
      const n = BigInt(whole);
      if (n >= U64) overflow = true;
      else {
        const p = n * unit;
        if (p >= U64) overflow = true;
        add(p % U64);
      }
    }
    inaccurate = inaccurate || unit > HOUR;
    return suffix;
  };
  let s = b;
  let neg = false;
  if (s[0] === "-") {
    neg = true;
    s = s.slice(1);
  } else if (s[0] === "+") s = s.slice(1);
  const [prefix, afterP, okP] = cutEither(s, "P", "p");
  let [durDate, durTime, okT] = cutEither(afterP, "T", "t");
  invalid =
    invalid ||
    prefix.length > 0 ||
    !okP ||
    (okT && durTime.length === 0) ||
    durDate.length + durTime.length === 0;
  if (durDate.length > 0) {
    for (const [des, unit] of ISO_UNITS[0] as [string, bigint][]) durDate = mayParseUnit(durDate, des, unit);
    invalid = invalid || durDate.length > 0;
  }
  if (durTime.length > 0) {
    for (const [des, unit] of ISO_UNITS[1] as [string, bigint][]) durTime = mayParseUnit(durTime, des, unit);
    invalid = invalid || durTime.length > 0;
  }
  const d = neg ? BigInt.asIntN(64, -BigInt.asIntN(64, sum)) : BigInt.asIntN(64, sum);
  overflow = overflow || (neg !== d < 0n && d !== 0n);
  const q = quote(b);
  if (invalid) return { err: `invalid ISO 8601 duration ${q}: invalid syntax` };
  if (overflow) return { err: `invalid ISO 8601 duration ${q}: value out of range` };
  if (inaccurate)
    return { err: `invalid ISO 8601 duration ${q}: inaccurate year, month, week, or day units` };
  return d;
}
