/**
 * Go's layout-driven time formatting and parsing (time.Time.Format, time.Parse), for the
 * `format:` tag option of time.Time in json/v2: the layout constant names Go accepts
 * (`RFC1123`, `DateOnly`, `Kitchen`, ...) and custom layouts (`format:'2006-01-02'`).
 * Parsing runs in UTC as Go's time.Parse does where Local is UTC; a zone abbreviation
 * other than UTC makes a zone of that name with offset 0 (GMT±h: that offset).
 */
import { GoTime } from "@gojson/gotype";

// Layout elements (Go's std* constants); only their identity matters here.
enum Std {
  None = 0,
  LongMonth,
  Month,
  NumMonth,
  ZeroMonth,
  LongWeekDay,
  WeekDay,
  Day,
  UnderDay,
  ZeroDay,
  UnderYearDay,
  ZeroYearDay,
  Hour,
  Hour12,
  ZeroHour12,
  Minute,
  ZeroMinute,
  Second,
  ZeroSecond,
  LongYear,
  Year,
  PM,
  pm,
  TZ,
  ISO8601TZ,
  ISO8601SecondsTZ,
  ISO8601ShortTZ,
  ISO8601ColonTZ,
  ISO8601ColonSecondsTZ,
  NumTZ,
  NumSecondsTz,
  NumShortTZ,
  NumColonTZ,
  NumColonSecondsTZ,
  FracSecond0,
  FracSecond9,
}

/** One chunk of a layout: literal prefix, the element, its text, and the rest. */
interface Chunk {
  prefix: string;
  std: Std;
  /** Fraction digits (FracSecond0/9) and separator. */
  digits: number;
  sep: string;
  stdstr: string;
  suffix: string;
}

const STD_0X = [Std.ZeroMonth, Std.ZeroDay, Std.ZeroHour12, Std.ZeroMinute, Std.ZeroSecond, Std.Year];

const isDigitAt = (s: string, i: number): boolean => i < s.length && s[i]! >= "0" && s[i]! <= "9";
const startsWithLowerCase = (s: string): boolean => s.length > 0 && s[0]! >= "a" && s[0]! <= "z";

/** nextStdChunk finds the first layout element of `layout` (Go's time.nextStdChunk). */
function nextStdChunk(layout: string): Chunk {
  const mk = (i: number, std: Std, n: number, digits = 0, sep = ""): Chunk => ({
    prefix: layout.slice(0, i),
    std,
    digits,
    sep,
    stdstr: layout.slice(i, i + n),
    suffix: layout.slice(i + n),
  });
  for (let i = 0; i < layout.length; i++) {
    const c = layout[i];
    const at = (s: string) => layout.startsWith(s, i);
    switch (c) {
      case "J":
        if (at("Jan")) {
          if (at("January")) return mk(i, Std.LongMonth, 7);
          if (!startsWithLowerCase(layout.slice(i + 3))) return mk(i, Std.Month, 3);
        }
        break;
      case "M":
        if (at("Mon")) {
          if (at("Monday")) return mk(i, Std.LongWeekDay, 6);
          if (!startsWithLowerCase(layout.slice(i + 3))) return mk(i, Std.WeekDay, 3);
        }
        if (at("MST")) return mk(i, Std.TZ, 3);
        break;
      case "0": {
        const n = layout[i + 1];
        if (n !== undefined && n >= "1" && n <= "6") return mk(i, STD_0X[n.charCodeAt(0) - 0x31] as Std, 2);
        if (at("002")) return mk(i, Std.ZeroYearDay, 3);
        break;
      }
      case "1":
        if (at("15")) return mk(i, Std.Hour, 2);
        return mk(i, Std.NumMonth, 1);
      case "2":
        if (at("2006")) return mk(i, Std.LongYear, 4);
        return mk(i, Std.Day, 1);
      case "_":
        if (layout[i + 1] === "2") {
          // _2006 is a literal _ followed by the long year.
          if (layout.startsWith("2006", i + 1)) {
            return { ...mk(i + 1, Std.LongYear, 4), prefix: layout.slice(0, i + 1) };
          }
          return mk(i, Std.UnderDay, 2);
        }
        if (at("__2")) return mk(i, Std.UnderYearDay, 3);
        break;
      case "3":
        return mk(i, Std.Hour12, 1);
      case "4":
        return mk(i, Std.Minute, 1);
      case "5":
        return mk(i, Std.Second, 1);
      case "P":
        if (at("PM")) return mk(i, Std.PM, 2);
        break;
      case "p":
        if (at("pm")) return mk(i, Std.pm, 2);
        break;
      case "-":
        if (at("-070000")) return mk(i, Std.NumSecondsTz, 7);
        if (at("-07:00:00")) return mk(i, Std.NumColonSecondsTZ, 9);
        if (at("-0700")) return mk(i, Std.NumTZ, 5);
        if (at("-07:00")) return mk(i, Std.NumColonTZ, 6);
        if (at("-07")) return mk(i, Std.NumShortTZ, 3);
        break;
      case "Z":
        if (at("Z070000")) return mk(i, Std.ISO8601SecondsTZ, 7);
        if (at("Z07:00:00")) return mk(i, Std.ISO8601ColonSecondsTZ, 9);
        if (at("Z0700")) return mk(i, Std.ISO8601TZ, 5);
        if (at("Z07:00")) return mk(i, Std.ISO8601ColonTZ, 6);
        if (at("Z07")) return mk(i, Std.ISO8601ShortTZ, 3);
        break;
      case ".":
      case ",": {
        const ch = layout[i + 1];
        if (ch === "0" || ch === "9") {
          let j = i + 1;
          while (j < layout.length && layout[j] === ch) j++;
          if (!isDigitAt(layout, j)) {
            return mk(i, ch === "0" ? Std.FracSecond0 : Std.FracSecond9, j - i, j - (i + 1), c);
          }
        }
        break;
      }
    }
  }
  return { prefix: layout, std: Std.None, digits: 0, sep: "", stdstr: "", suffix: "" };
}

const LONG_DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const SHORT_DAYS = LONG_DAYS.map((d) => d.slice(0, 3));
const LONG_MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const SHORT_MONTHS = LONG_MONTHS.map((m) => m.slice(0, 3));

/** Go's appendInt with a minimum width (zero padded), sign first. */
function intText(x: number, width: number): string {
  const neg = x < 0;
  const s = String(Math.abs(x)).padStart(width, "0");
  return neg ? `-${s}` : s;
}

/** The layout names Go's json/v2 accepts for `format:` on time.Time, and their layouts. */
const NAMED: Record<string, string> = {
  ANSIC: "Mon Jan _2 15:04:05 2006",
  UnixDate: "Mon Jan _2 15:04:05 MST 2006",
  RubyDate: "Mon Jan 02 15:04:05 -0700 2006",
  RFC822: "02 Jan 06 15:04 MST",
  RFC822Z: "02 Jan 06 15:04 -0700",
  RFC850: "Monday, 02-Jan-06 15:04:05 MST",
  RFC1123: "Mon, 02 Jan 2006 15:04:05 MST",
  RFC1123Z: "Mon, 02 Jan 2006 15:04:05 -0700",
  Kitchen: "3:04PM",
  Stamp: "Jan _2 15:04:05",
  StampMilli: "Jan _2 15:04:05.000",
  StampMicro: "Jan _2 15:04:05.000000",
  StampNano: "Jan _2 15:04:05.000000000",
  DateTime: "2006-01-02 15:04:05",
  DateOnly: "2006-01-02",
  TimeOnly: "15:04:05",
};

/**
 * timeLayoutOf returns the Go layout a `format:` value names (json/v2's timeArshaler.initFormat):
 * a layout constant's name, or a custom layout (one that does not start with a letter, or is not a
 * bare identifier); undefined for a format Go rejects. RFC3339 and the unix formats are not layouts here.
 */
export function timeLayoutOf(format: string): string | undefined {
  if (format === "") return undefined;
  const c = format[0] as string;
  if (!/[a-zA-Z]/.test(c)) return format;
  const named = NAMED[format];
  if (named !== undefined) return named;
  // Go rejects any identifier (a possible future constant); other text is a custom layout.
  if (/^[\p{L}\p{Nd}]*$/u.test(format)) return undefined;
  return format;
}

const SECONDS_PER_DAY = 86400;

/** formatTime formats t with a Go layout (time.Time.Format). */
export function formatTime(t: GoTime, layout: string): string {
  const c = t.civil();
  const localDays = Math.floor((t.unix + t.offset) / SECONDS_PER_DAY);
  const weekday = (((localDays + 4) % 7) + 7) % 7; // 1970-01-01 was a Thursday
  const yday = c.day + (DAYS_BEFORE[c.month - 1] as number) + (isLeap(c.year) && c.month > 2 ? 1 : 0);
  let out = "";
  let rest = layout;
  while (rest !== "") {
    const ch = nextStdChunk(rest);
    out += ch.prefix;
    if (ch.std === Std.None) break;
    rest = ch.suffix;
    switch (ch.std) {
      case Std.Year:
        out += intText(Math.abs(c.year) % 100, 2);
        break;
      case Std.LongYear:
        out += intText(c.year, 4);
        break;
      case Std.Month:
        out += SHORT_MONTHS[c.month - 1];
        break;
      case Std.LongMonth:
        out += LONG_MONTHS[c.month - 1];
        break;
      case Std.NumMonth:
        out += String(c.month);
        break;
      case Std.ZeroMonth:
        out += intText(c.month, 2);
        break;
      case Std.WeekDay:
        out += SHORT_DAYS[weekday];
        break;
      case Std.LongWeekDay:
        out += LONG_DAYS[weekday];
        break;
      case Std.Day:
        out += String(c.day);
        break;
      case Std.UnderDay:
        out += (c.day < 10 ? " " : "") + String(c.day);
        break;
      case Std.ZeroDay:
        out += intText(c.day, 2);
        break;
      case Std.UnderYearDay:
        out += (yday < 100 ? (yday < 10 ? "  " : " ") : "") + String(yday);
        break;
      case Std.ZeroYearDay:
        out += intText(yday, 3);
        break;
      case Std.Hour:
        out += intText(c.hour, 2);
        break;
      case Std.Hour12:
        out += String(c.hour % 12 === 0 ? 12 : c.hour % 12);
        break;
      case Std.ZeroHour12:
        out += intText(c.hour % 12 === 0 ? 12 : c.hour % 12, 2);
        break;
      case Std.Minute:
        out += String(c.min);
        break;
      case Std.ZeroMinute:
        out += intText(c.min, 2);
        break;
      case Std.Second:
        out += String(c.sec);
        break;
      case Std.ZeroSecond:
        out += intText(c.sec, 2);
        break;
      case Std.PM:
        out += c.hour >= 12 ? "PM" : "AM";
        break;
      case Std.pm:
        out += c.hour >= 12 ? "pm" : "am";
        break;
      case Std.TZ:
        if (t.zone !== "") out += t.zone;
        else out += zoneText(t.offset, false, true, false);
        break;
      case Std.FracSecond0:
      case Std.FracSecond9:
        out += fracText(c.nsec, ch);
        break;
      default: {
        const iso =
          ch.std === Std.ISO8601TZ ||
          ch.std === Std.ISO8601ColonTZ ||
          ch.std === Std.ISO8601SecondsTZ ||
          ch.std === Std.ISO8601ShortTZ ||
          ch.std === Std.ISO8601ColonSecondsTZ;
        if (t.offset === 0 && iso) {
          out += "Z";
          break;
        }
        const colon =
          ch.std === Std.ISO8601ColonTZ ||
          ch.std === Std.NumColonTZ ||
          ch.std === Std.ISO8601ColonSecondsTZ ||
          ch.std === Std.NumColonSecondsTZ;
        const short = ch.std === Std.NumShortTZ || ch.std === Std.ISO8601ShortTZ;
        const secs =
          ch.std === Std.ISO8601SecondsTZ ||
          ch.std === Std.NumSecondsTz ||
          ch.std === Std.NumColonSecondsTZ ||
          ch.std === Std.ISO8601ColonSecondsTZ;
        out += zoneText(t.offset, colon, !short, secs);
      }
    }
  }
  return out;
}

function zoneText(offset: number, colon: boolean, minutes: boolean, seconds: boolean): string {
  let zone = Math.trunc(offset / 60);
  let abs = offset;
  let s = "+";
  if (zone < 0) {
    s = "-";
    zone = -zone;
    abs = -abs;
  }
  s += intText(Math.trunc(zone / 60), 2);
  if (colon) s += ":";
  if (minutes) s += intText(zone % 60, 2);
  if (seconds) s += (colon ? ":" : "") + intText(abs % 60, 2);
  return s;
}

/** Go's appendNano: `.000` keeps every digit, `.999` trims trailing zeros (and the separator if none is left). */
function fracText(nsec: number, ch: Chunk): string {
  let digits = String(nsec).padStart(9, "0").slice(0, ch.digits);
  if (ch.std === Std.FracSecond9) {
    digits = digits.replace(/0+$/, "");
    if (digits === "") return "";
  }
  return ch.sep + digits;
}

/** Go's time package quoting in parse errors: bytes outside printable ASCII as \xNN. */
function timeQuote(s: string): string {
  let out = '"';
  for (const b of new TextEncoder().encode(s)) {
    if (b >= 0x80 || b < 0x20) out += `\\x${b.toString(16).padStart(2, "0")}`;
    else {
      const ch = String.fromCharCode(b);
      out += ch === '"' || ch === "\\" ? `\\${ch}` : ch;
    }
  }
  return `${out}"`;
}

function parseError(
  layout: string,
  value: string,
  layoutElem: string,
  valueElem: string,
  msg: string,
): string {
  if (msg !== "") return `parsing time ${timeQuote(value)}${msg}`;
  return `parsing time ${timeQuote(value)} as ${timeQuote(layout)}: cannot parse ${timeQuote(valueElem)} as ${timeQuote(layoutElem)}`;
}

const BAD = Symbol("bad");

/** Go's getnum: one or two digits (`fixed`: exactly two). */
function getnum(s: string, fixed: boolean): [number, string] | typeof BAD {
  if (!isDigitAt(s, 0)) return BAD;
  if (!isDigitAt(s, 1)) {
    if (fixed) return BAD;
    return [s.charCodeAt(0) - 48, s.slice(1)];
  }
  return [(s.charCodeAt(0) - 48) * 10 + s.charCodeAt(1) - 48, s.slice(2)];
}

/** Go's getnum3: one to three digits (`fixed`: exactly three). */
function getnum3(s: string, fixed: boolean): [number, string] | typeof BAD {
  let n = 0;
  let i = 0;
  for (; i < 3 && isDigitAt(s, i); i++) n = n * 10 + s.charCodeAt(i) - 48;
  if (i === 0 || (fixed && i !== 3)) return BAD;
  return [n, s.slice(i)];
}

/** Go's lookup: a case-insensitive (ASCII) prefix match against a table. */
function lookupName(tab: string[], s: string): [number, string] | typeof BAD {
  for (let i = 0; i < tab.length; i++) {
    const v = tab[i] as string;
    if (s.length >= v.length && s.slice(0, v.length).toLowerCase() === v.toLowerCase()) {
      return [i, s.slice(v.length)];
    }
  }
  return BAD;
}

/** Go's skip: the literal prefix must match, runs of spaces match one or more spaces. */
function skip(value: string, prefix: string): string | typeof BAD {
  let v = value;
  let p = prefix;
  while (p.length > 0) {
    if (p[0] === " ") {
      if (v.length > 0 && v[0] !== " ") return BAD;
      p = p.replace(/^ +/, "");
      v = v.replace(/^ +/, "");
      continue;
    }
    if (v.length === 0 || v[0] !== p[0]) return BAD;
    p = p.slice(1);
    v = v.slice(1);
  }
  return v;
}

/** Go's parseTimeZone: the length of a zone abbreviation at the start of value, or 0. */
function parseTimeZone(value: string): number {
  if (value.length < 3) return 0;
  if (value.length >= 4 && (value.startsWith("ChST") || value.startsWith("MeST"))) return 4;
  if (value.startsWith("GMT")) return parseGMT(value);
  if (value[0] === "+" || value[0] === "-") return parseSignedOffset(value);
  let n = 0;
  for (; n < value.length; n++) {
    const c = value[n] as string;
    if (c < "A" || c > "Z") break;
  }
  switch (n) {
    case 0:
    case 1:
    case 2:
    case 6:
      return 0;
    case 5:
      return value[4] === "T" ? 5 : 0;
    case 4:
      return value[3] === "T" || value.startsWith("WITA") ? 4 : 0;
    default:
      return 3;
  }
}

function parseGMT(value: string): number {
  const rest = value.slice(3);
  if (rest.length === 0) return 3;
  return 3 + parseSignedOffset(rest);
}

function parseSignedOffset(value: string): number {
  const sign = value[0];
  if (sign !== "-" && sign !== "+") return 0;
  const m = /^[0-9]+/.exec(value.slice(1));
  if (!m) return 0;
  const x = Number(m[0]);
  if (x > 24) return 0;
  return 1 + m[0].length;
}

function isLeap(y: number): boolean {
  return y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
}
const DAYS_BEFORE = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334, 365];
function daysIn(month: number, year: number): number {
  if (month === 2 && isLeap(year)) return 29;
  return (DAYS_BEFORE[month] as number) - (DAYS_BEFORE[month - 1] as number);
}

/** Go's parseNanoseconds on value[0:n] (a separator, then digits). */
function parseNanoseconds(value: string, n: number): [number, string] | typeof BAD {
  const c = value[0];
  if (c !== "." && c !== ",") return BAD;
  const digits = value.slice(1, n);
  if (!/^[0-9]*$/.test(digits)) return BAD;
  if (n > 10) return [Number(digits.slice(0, 9)), ""];
  return [Number(digits.padEnd(9, "0")), ""];
}

/**
 * parseTime parses value with a Go layout (time.Parse, UTC default location). Returns the
 * time, or Go's ParseError text.
 */
export function parseTime(layout: string, value0: string): GoTime | { err: string } {
  const alayout = layout;
  const avalue = value0;
  let value = value0;
  let rangeErr = "";
  let amSet = false;
  let pmSet = false;
  let year = 0;
  let month = -1;
  let day = -1;
  let yday = -1;
  let hour = 0;
  let min = 0;
  let sec = 0;
  let nsec = 0;
  let utc = false;
  let zoneOffset = -1;
  let zoneName = "";
  for (;;) {
    const ch = nextStdChunk(layout);
    const sk = skip(value, ch.prefix);
    if (sk === BAD) return { err: parseError(alayout, avalue, ch.prefix, value, "") };
    value = sk;
    if (ch.std === Std.None) {
      if (value.length !== 0)
        return { err: parseError(alayout, avalue, "", value, `: extra text: ${timeQuote(value)}`) };
      break;
    }
    layout = ch.suffix;
    const hold = value;
    let bad = false;
    const num = (r: [number, string] | typeof BAD): number => {
      if (r === BAD) {
        bad = true;
        return 0;
      }
      value = r[1];
      return r[0];
    };
    switch (ch.std) {
      case Std.Year: {
        if (value.length < 2 || !/^[0-9]{2}/.test(value)) {
          bad = true;
          break;
        }
        year = Number(value.slice(0, 2));
        value = value.slice(2);
        year += year >= 69 ? 1900 : 2000;
        break;
      }
      case Std.LongYear:
        if (value.length < 4 || !isDigitAt(value, 0) || !/^[0-9]{4}/.test(value)) {
          bad = true;
          break;
        }
        year = Number(value.slice(0, 4));
        value = value.slice(4);
        break;
      case Std.Month:
        month = num(lookupName(SHORT_MONTHS, value)) + 1;
        break;
      case Std.LongMonth:
        month = num(lookupName(LONG_MONTHS, value)) + 1;
        break;
      case Std.NumMonth:
      case Std.ZeroMonth:
        month = num(getnum(value, ch.std === Std.ZeroMonth));
        if (!bad && (month <= 0 || month > 12)) rangeErr = "month";
        break;
      case Std.WeekDay:
        num(lookupName(SHORT_DAYS, value));
        break;
      case Std.LongWeekDay:
        num(lookupName(LONG_DAYS, value));
        break;
      case Std.Day:
      case Std.UnderDay:
      case Std.ZeroDay:
        if (ch.std === Std.UnderDay && value[0] === " ") value = value.slice(1);
        day = num(getnum(value, ch.std === Std.ZeroDay));
        break;
      case Std.UnderYearDay:
      case Std.ZeroYearDay:
        for (let i = 0; i < 2; i++)
          if (ch.std === Std.UnderYearDay && value[0] === " ") value = value.slice(1);
        yday = num(getnum3(value, ch.std === Std.ZeroYearDay));
        break;
      case Std.Hour:
        hour = num(getnum(value, false));
        if (hour < 0 || hour >= 24) rangeErr = "hour";
        break;
      case Std.Hour12:
      case Std.ZeroHour12:
        hour = num(getnum(value, ch.std === Std.ZeroHour12));
        if (hour < 0 || hour > 12) rangeErr = "hour";
        break;
      case Std.Minute:
      case Std.ZeroMinute:
        min = num(getnum(value, ch.std === Std.ZeroMinute));
        if (min < 0 || min >= 60) rangeErr = "minute";
        break;
      case Std.Second:
      case Std.ZeroSecond: {
        sec = num(getnum(value, ch.std === Std.ZeroSecond));
        if (bad) break;
        if (sec < 0 || sec >= 60) {
          rangeErr = "second";
          break;
        }
        if (value.length >= 2 && (value[0] === "." || value[0] === ",") && isDigitAt(value, 1)) {
          const next = nextStdChunk(layout).std;
          if (next === Std.FracSecond0 || next === Std.FracSecond9) break;
          let n = 2;
          while (n < value.length && isDigitAt(value, n)) n++;
          const r = parseNanoseconds(value, n);
          if (r === BAD) bad = true;
          else nsec = r[0];
          value = value.slice(n);
        }
        break;
      }
      case Std.PM:
      case Std.pm: {
        if (value.length < 2) {
          bad = true;
          break;
        }
        const p = value.slice(0, 2);
        value = value.slice(2);
        const up = ch.std === Std.PM;
        if (p === (up ? "PM" : "pm")) pmSet = true;
        else if (p === (up ? "AM" : "am")) amSet = true;
        else bad = true;
        break;
      }
      case Std.TZ: {
        if (value.startsWith("UTC")) {
          utc = true;
          value = value.slice(3);
          break;
        }
        const n = parseTimeZone(value);
        if (n === 0) {
          bad = true;
          break;
        }
        zoneName = value.slice(0, n);
        value = value.slice(n);
        break;
      }
      case Std.FracSecond0: {
        const ndigit = 1 + ch.digits;
        if (value.length < ndigit) {
          bad = true;
          break;
        }
        const r = parseNanoseconds(value, ndigit);
        if (r === BAD) bad = true;
        else nsec = r[0];
        value = value.slice(ndigit);
        break;
      }
      case Std.FracSecond9: {
        if (value.length < 2 || (value[0] !== "." && value[0] !== ",") || !isDigitAt(value, 1)) break;
        let i = 0;
        while (i + 1 < value.length && isDigitAt(value, i + 1)) i++;
        const r = parseNanoseconds(value, 1 + i);
        if (r === BAD) bad = true;
        else nsec = r[0];
        value = value.slice(1 + i);
        break;
      }
      default: {
        const iso =
          ch.std === Std.ISO8601TZ ||
          ch.std === Std.ISO8601ShortTZ ||
          ch.std === Std.ISO8601ColonTZ ||
          ch.std === Std.ISO8601SecondsTZ ||
          ch.std === Std.ISO8601ColonSecondsTZ;
        if (iso && value[0] === "Z") {
          value = value.slice(1);
          utc = true;
          break;
        }
        let sign: string;
        let hh: string;
        let mm: string;
        let ss: string;
        if (ch.std === Std.ISO8601ColonTZ || ch.std === Std.NumColonTZ) {
          if (value.length < 6 || value[3] !== ":") {
            bad = true;
            break;
          }
          [sign, hh, mm, ss] = [value.slice(0, 1), value.slice(1, 3), value.slice(4, 6), "00"];
          value = value.slice(6);
        } else if (ch.std === Std.NumShortTZ || ch.std === Std.ISO8601ShortTZ) {
          if (value.length < 3) {
            bad = true;
            break;
          }
          [sign, hh, mm, ss] = [value.slice(0, 1), value.slice(1, 3), "00", "00"];
          value = value.slice(3);
        } else if (ch.std === Std.ISO8601ColonSecondsTZ || ch.std === Std.NumColonSecondsTZ) {
          if (value.length < 9 || value[3] !== ":" || value[6] !== ":") {
            bad = true;
            break;
          }
          [sign, hh, mm, ss] = [value.slice(0, 1), value.slice(1, 3), value.slice(4, 6), value.slice(7, 9)];
          value = value.slice(9);
        } else if (ch.std === Std.ISO8601SecondsTZ || ch.std === Std.NumSecondsTz) {
          if (value.length < 7) {
            bad = true;
            break;
          }
          [sign, hh, mm, ss] = [value.slice(0, 1), value.slice(1, 3), value.slice(3, 5), value.slice(5, 7)];
          value = value.slice(7);
        } else {
          if (value.length < 5) {
            bad = true;
            break;
          }
          [sign, hh, mm, ss] = [value.slice(0, 1), value.slice(1, 3), value.slice(3, 5), "00"];
          value = value.slice(5);
        }
        const two = (s: string): number | undefined => (/^[0-9]{2}$/.test(s) ? Number(s) : undefined);
        const hr = two(hh);
        const mi = hr === undefined ? undefined : two(mm);
        const se = mi === undefined ? undefined : two(ss);
        if (se === undefined) bad = true;
        const h = hr ?? 0;
        const m = mi ?? 0;
        const s2 = se ?? 0;
        if (h > 24) rangeErr = "time zone offset hour";
        if (m > 60) rangeErr = "time zone offset minute";
        if (s2 > 60) rangeErr = "time zone offset second";
        zoneOffset = (h * 60 + m) * 60 + s2;
        if (sign === "-") zoneOffset = -zoneOffset;
        else if (sign !== "+") bad = true;
      }
    }
    if (rangeErr !== "")
      return { err: parseError(alayout, avalue, ch.stdstr, value, `: ${rangeErr} out of range`) };
    if (bad) return { err: parseError(alayout, avalue, ch.stdstr, hold, "") };
  }
  if (pmSet && hour < 12) hour += 12;
  else if (amSet && hour === 12) hour = 0;
  if (yday >= 0) {
    let d = 0;
    let m = 0;
    if (isLeap(year)) {
      if (yday === 31 + 29) {
        m = 2;
        d = 29;
      } else if (yday > 31 + 29) yday--;
    }
    if (yday < 1 || yday > 365)
      return { err: parseError(alayout, avalue, "", value, ": day-of-year out of range") };
    if (m === 0) {
      m = Math.floor((yday - 1) / 31) + 1;
      if ((DAYS_BEFORE[m] as number) < yday) m++;
      d = yday - (DAYS_BEFORE[m - 1] as number);
    }
    if (month >= 0 && month !== m)
      return { err: parseError(alayout, avalue, "", value, ": day-of-year does not match month") };
    month = m;
    if (day >= 0 && day !== d)
      return { err: parseError(alayout, avalue, "", value, ": day-of-year does not match day") };
    day = d;
  } else {
    if (month < 0) month = 1;
    if (day < 0) day = 1;
  }
  if (day < 1 || day > daysIn(month, year))
    return { err: parseError(alayout, avalue, "", value, ": day out of range") };
  if (utc) return GoTime.date(year, month, day, hour, min, sec, nsec, 0, "UTC");
  if (zoneOffset !== -1) {
    // Local is UTC: an offset of 0 without another name is Local (UTC); otherwise a fixed zone.
    if (zoneOffset === 0 && (zoneName === "" || zoneName === "UTC"))
      return GoTime.date(year, month, day, hour, min, sec, nsec, 0, "UTC");
    return GoTime.date(year, month, day, hour, min, sec, nsec, zoneOffset, zoneName);
  }
  if (zoneName !== "") {
    let offset = 0;
    if (zoneName.length > 3 && zoneName.startsWith("GMT")) offset = Number(zoneName.slice(3)) * 3600;
    // Go reads the clock as UTC, then only attaches the made-up zone (the instant stays).
    const u = GoTime.date(year, month, day, hour, min, sec, nsec, 0, "UTC");
    return new GoTime(u.unix, u.nsec, offset, zoneName);
  }
  return GoTime.date(year, month, day, hour, min, sec, nsec, 0, "UTC");
}
