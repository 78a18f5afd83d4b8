/**
 * RFC 3339 parsing as Go's time package does it for time.Time's
 * UnmarshalJSON / UnmarshalText: the strict fast path (parseRFC3339) and,
 * when that fails, time.Parse(time.RFC3339, s) with Go's error messages.
 */

/** Civil fields of a parsed time; `offset` in seconds east of UTC. */
export interface ParsedTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  min: number;
  sec: number;
  nsec: number;
  offset: number;
  /** False for `Z` (UTC). */
  hasOffset: boolean;
}

/** Go's time.RFC3339 layout. */
export const RFC3339 = "2006-01-02T15:04:05Z07:00";

/** Days in a month of a proleptic Gregorian year. */
export function daysIn(month: number, year: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 31;
}

function isDigitAt(s: string, i: number): boolean {
  const c = s.charCodeAt(i);
  return c >= 0x30 && c <= 0x39;
}

/** Go's parseRFC3339 fast path; undefined when it does not accept `s`. */
function parseStrict(s: string): ParsedTime | undefined {
  let ok = true;
  const num = (a: number, b: number, min: number, max: number): number => {
    let x = 0;
    for (let i = a; i < b; i++) {
      if (!isDigitAt(s, i)) {
        ok = false;
        return min;
      }
      x = x * 10 + s.charCodeAt(i) - 0x30;
    }
    if (x < min || x > max) {
      ok = false;
      return min;
    }
    return x;
  };
  if (s.length < 19) return undefined;
  const year = num(0, 4, 0, 9999);
  const month = num(5, 7, 1, 12);
  const day = num(8, 10, 1, daysIn(month, year));
  const hour = num(11, 13, 0, 23);
  const min = num(14, 16, 0, 59);
  const sec = num(17, 19, 0, 59);
  if (!ok || s[4] !== "-" || s[7] !== "-" || s[10] !== "T" || s[13] !== ":" || s[16] !== ":")
    return undefined;
  let i = 19;
  let nsec = 0;
  if (s.length - i >= 2 && s[i] === "." && isDigitAt(s, i + 1)) {
    let n = i + 2;
    while (n < s.length && isDigitAt(s, n)) n++;
    nsec = fracToNanos(s.slice(i + 1, n));
    i = n;
  }
  const rest = s.slice(i);
  if (rest === "Z") return { year, month, day, hour, min, sec, nsec, offset: 0, hasOffset: false };
  if (rest.length !== 6) return undefined;
  const hr = num(i + 1, i + 3, 0, 23);
  const mm = num(i + 4, i + 6, 0, 59);
  if (!ok || (rest[0] !== "-" && rest[0] !== "+") || rest[3] !== ":") return undefined;
  let offset = (hr * 60 + mm) * 60;
  if (rest[0] === "-") offset = -offset;
  return { year, month, day, hour, min, sec, nsec, offset, hasOffset: true };
}

/** Nanoseconds of a fraction's digits (only the first 9 count, as in Go). */
function fracToNanos(digits: string): number {
  return Number(digits.slice(0, 9).padEnd(9, "0"));
}

/**
 * Parses `s` as time.Time.UnmarshalText does; returns the fields or Go's
 * error message.
 */
export function parseTimeRFC3339(s: string): ParsedTime | string {
  return parseStrict(s) ?? parseLayout(s);
}

// Go's ParseError.Error quoting (time.quote): `"` and `\\` escaped, control bytes as \\xNN, DEL
// (0x7f) as is. Go also writes each byte of a non-ASCII rune as \\xNN; here only U+FFFD is (the
// codecs, which hold the raw bytes, escape the other non-ASCII characters themselves).
function quote(s: string): string {
  let out = '"';
  for (const ch of s) {
    const c = ch.codePointAt(0) ?? 0;
    if (ch === '"' || ch === "\\") out += `\\${ch}`;
    else if (c === 0xfffd) out += "\\xef\\xbf\\xbd";
    else if (c < 0x20) out += `\\x${c.toString(16).padStart(2, "0")}`;
    else out += ch;
  }
  return `${out}"`;
}

function errCannot(value: string, rest: string, elem: string): string {
  return `parsing time ${quote(value)} as ${quote(RFC3339)}: cannot parse ${quote(rest)} as ${quote(elem)}`;
}
function errMsg(value: string, msg: string): string {
  return `parsing time ${quote(value)}${msg}`;
}

/**
 * time.Parse(time.RFC3339, value) for input the fast path rejected: walks the
 * layout elements 2006 - 01 - 02 T 15 : 04 : 05 [fraction] Z07:00.
 */
function parseLayout(value: string): ParsedTime | string {
  let v = value;
  // getnum: one or two digits; `fixed` requires two.
  const getnum = (fixed: boolean): number | undefined => {
    if (!isDigitAt(v, 0)) return undefined;
    if (!isDigitAt(v, 1)) {
      if (fixed) return undefined;
      const n = v.charCodeAt(0) - 0x30;
      v = v.slice(1);
      return n;
    }
    const n = (v.charCodeAt(0) - 0x30) * 10 + v.charCodeAt(1) - 0x30;
    v = v.slice(2);
    return n;
  };
  const literal = (lit: string, layoutRest: string, elem: string): string | undefined => {
    // Go's skip(): the literal must match; then the next element is what "cannot parse" names.
    if (!v.startsWith(lit)) return errCannot(value, v, lit);
    v = v.slice(lit.length);
    void layoutRest;
    void elem;
    return undefined;
  };
  // 2006
  if (v.length < 4 || !isDigitAt(v, 0) || !isDigitAt(v, 1) || !isDigitAt(v, 2) || !isDigitAt(v, 3)) {
    return errCannot(value, v, "2006");
  }
  const year = Number(v.slice(0, 4));
  v = v.slice(4);
  let e = literal("-", "", "");
  if (e !== undefined) return e;
  const month = getnum(true);
  if (month === undefined) return errCannot(value, v, "01");
  if (month <= 0 || month > 12) return errMsg(value, ": month out of range");
  e = literal("-", "", "");
  if (e !== undefined) return e;
  const day = getnum(true);
  if (day === undefined) return errCannot(value, v, "02");
  e = literal("T", "", "");
  if (e !== undefined) return e;
  const hour = getnum(false);
  if (hour === undefined) return errCannot(value, v, "15");
  if (hour < 0 || hour >= 24) return errMsg(value, ": hour out of range");
  e = literal(":", "", "");
  if (e !== undefined) return e;
  const min = getnum(true);
  if (min === undefined) return errCannot(value, v, "04");
  if (min < 0 || min >= 60) return errMsg(value, ": minute out of range");
  e = literal(":", "", "");
  if (e !== undefined) return e;
  const sec = getnum(true);
  if (sec === undefined) return errCannot(value, v, "05");
  if (sec < 0 || sec >= 60) return errMsg(value, ": second out of range");
  let nsec = 0;
  // A fractional second may follow a seconds field even if the layout has none.
  if (v.length >= 2 && (v[0] === "." || v[0] === ",") && isDigitAt(v, 1)) {
    let n = 1;
    while (n < v.length && isDigitAt(v, n)) n++;
    nsec = fracToNanos(v.slice(1, n));
    v = v.slice(n);
  }
  // Z07:00
  let offset = 0;
  let hasOffset = false;
  if (v.length >= 1 && v[0] === "Z") {
    v = v.slice(1);
  } else {
    if (v.length < 6 || v[3] !== ":" || (v[0] !== "-" && v[0] !== "+")) return errCannot(value, v, "Z07:00");
    const hh = v.slice(1, 3);
    const mm = v.slice(4, 6);
    if (!/^[0-9]{2}$/.test(hh)) return errCannot(value, v, "Z07:00");
    if (!/^[0-9]{2}$/.test(mm)) return errCannot(value, v, "Z07:00");
    const h = Number(hh);
    const m = Number(mm);
    if (h > 24) return errMsg(value, ": time zone offset hour out of range");
    if (m > 60) return errMsg(value, ": time zone offset minute out of range");
    offset = (h * 60 + m) * 60;
    if (v[0] === "-") offset = -offset;
    hasOffset = true;
    v = v.slice(6);
  }
  if (v.length > 0) return errMsg(value, `: extra text: ${quote(v)}`);
  if (day < 1 || day > daysIn(month, year)) return errMsg(value, ": day out of range");
  return { year, month, day, hour, min, sec, nsec, offset, hasOffset };
}
