/**
 * GoTime: Go's time.Time in TypeScript (an instant with nanoseconds and the
 * zone offset it was read with), with RFC 3339 parsing and formatting exactly
 * as time.Time's MarshalJSON / UnmarshalJSON do.
 */
import { parseTimeRFC3339 } from "./parse-time.js";

/** Seconds between 0001-01-01T00:00:00Z (Go's zero time) and the Unix epoch. */
export const ZERO_TIME_UNIX = -62135596800;
const SECONDS_PER_DAY = 86400;

/** A time zone as Go's Location would report it for one instant: a name and an offset east of UTC. */
export interface GoZone {
  /** Zone name (`UTC`, `CET`), or "" for a fixed offset read from text (`+01:00`). */
  readonly name: string;
  /** Seconds east of UTC. */
  readonly offset: number;
}

/** Error from GoTime parsing or formatting; `message` is Go's error text. */
export class GoTimeError extends Error {
  override readonly name = "GoTimeError" as const;
  readonly code = "GOJSON_ERR_GO_TIME" as const;
  static isInstance(e: unknown): e is GoTimeError {
    return typeof e === "object" && e !== null && (e as Record<symbol, unknown>)[GO_TIME_ERROR_MARK] === true;
  }
}
const GO_TIME_ERROR_MARK = Symbol.for("gojson.error.GoTimeError");
Object.defineProperty(GoTimeError.prototype, GO_TIME_ERROR_MARK, { value: true });

/**
 * Go's time.Time: Unix seconds, nanoseconds within the second [0, 1e9), the
 * zone offset in seconds east of UTC and an optional zone name. The zero value
 * (`new GoTime()`) is 0001-01-01T00:00:00Z like Go's `time.Time{}`.
 */
export class GoTime {
  /** Seconds since 1970-01-01T00:00:00Z (a safe integer). */
  readonly unix: number;
  /** Nanoseconds within the second, 0 ≤ nsec < 1e9. */
  readonly nsec: number;
  /** Zone offset in seconds east of UTC used when formatting. */
  readonly offset: number;
  /** Zone name; "UTC" for UTC, "" for an unnamed fixed zone (`+01:00` read from text). */
  readonly zone: string;

  constructor(unix = ZERO_TIME_UNIX, nsec = 0, offset = 0, zone?: string) {
    if (!Number.isSafeInteger(unix))
      throw new RangeError(`GoTime: unix seconds must be a safe integer, got ${unix}`);
    if (!Number.isInteger(nsec)) throw new RangeError(`GoTime: nanoseconds must be an integer, got ${nsec}`);
    if (nsec < 0 || nsec >= 1e9) {
      const carry = Math.floor(nsec / 1e9);
      unix += carry;
      nsec -= carry * 1e9;
    }
    this.unix = unix;
    this.nsec = nsec;
    this.offset = offset;
    this.zone = zone ?? (offset === 0 ? "UTC" : "");
  }

  /** Go's zero time.Time{} (0001-01-01T00:00:00Z). */
  static zero(): GoTime {
    return new GoTime();
  }

  /** Go's time.Unix(sec, nsec).UTC(); `sec` may be a bigint. */
  static fromUnix(sec: number | bigint, nsec = 0): GoTime {
    return new GoTime(Number(sec), nsec);
  }

  /** The instant of a JavaScript Date, in UTC (millisecond precision). */
  static fromDate(d: Date): GoTime {
    const ms = d.getTime();
    if (Number.isNaN(ms)) throw new RangeError("GoTime.fromDate: invalid Date");
    const sec = Math.floor(ms / 1000);
    return new GoTime(sec, (ms - sec * 1000) * 1e6);
  }

  /** A time from civil fields in a zone offset (Go's time.Date with a FixedZone; fields may overflow and normalise). */
  static date(
    year: number,
    month: number,
    day: number,
    hour = 0,
    min = 0,
    sec = 0,
    nsec = 0,
    offset = 0,
    zone?: string,
  ): GoTime {
    const days = daysFromCivil(year, month, day);
    const total = days * SECONDS_PER_DAY + hour * 3600 + min * 60 + sec - offset;
    return new GoTime(total, nsec, offset, zone);
  }

  /**
   * Parses RFC 3339 text as time.Time's UnmarshalText does (Go's
   * parseStrictRFC3339, falling back to time.Parse(time.RFC3339, s)); throws
   * GoTimeError with Go's message (`parsing time "x" as "2006-01-02T15:04:05Z07:00": ...`).
   */
  static parse(text: string): GoTime {
    const r = parseTimeRFC3339(text);
    if (typeof r === "string") throw new GoTimeError(r);
    return GoTime.date(
      r.year,
      r.month,
      r.day,
      r.hour,
      r.min,
      r.sec,
      r.nsec,
      r.offset,
      r.offset === 0 && !r.hasOffset ? "UTC" : "",
    );
  }

  /**
   * Go's time.Time.UnmarshalJSON on the raw JSON bytes: `null` leaves `current`
   * (returned as is), anything not between double quotes is
   * `Time.UnmarshalJSON: input is not a JSON string`, the inside is parsed as
   * is (Go does not unescape it).
   */
  static unmarshalJSON(data: string, current: GoTime = new GoTime()): GoTime {
    if (data === "null") return current;
    if (data.length < 2 || data[0] !== '"' || data[data.length - 1] !== '"') {
      throw new GoTimeError("Time.UnmarshalJSON: input is not a JSON string");
    }
    return GoTime.parse(data.slice(1, -1));
  }

  /** Whether this is Go's zero time (IsZero: the instant 0001-01-01T00:00:00Z, whatever the zone). */
  isZero(): boolean {
    return this.unix === ZERO_TIME_UNIX && this.nsec === 0;
  }

  /** Whether both denote the same instant (Go's Time.Equal). */
  equal(other: GoTime): boolean {
    return this.unix === other.unix && this.nsec === other.nsec;
  }

  /** Compares instants: -1, 0 or +1 (Go's Time.Compare). */
  compare(other: GoTime): -1 | 0 | 1 {
    if (this.unix !== other.unix) return this.unix < other.unix ? -1 : 1;
    if (this.nsec !== other.nsec) return this.nsec < other.nsec ? -1 : 1;
    return 0;
  }

  /** The same instant in UTC (Go's Time.UTC). */
  utc(): GoTime {
    return new GoTime(this.unix, this.nsec, 0, "UTC");
  }

  /** The same instant in a fixed zone (Go's t.In(time.FixedZone(name, offset))). */
  in(offset: number, zone = ""): GoTime {
    return new GoTime(this.unix, this.nsec, offset, zone);
  }

  /** Unix nanoseconds as a bigint. */
  unixNano(): bigint {
    return BigInt(this.unix) * 1_000_000_000n + BigInt(this.nsec);
  }

  /** A JavaScript Date for the instant (truncated to milliseconds). */
  toDate(): Date {
    return new Date(this.unix * 1000 + Math.floor(this.nsec / 1e6));
  }

  /** Civil fields in the time's own zone offset. */
  civil(): {
    year: number;
    month: number;
    day: number;
    hour: number;
    min: number;
    sec: number;
    nsec: number;
  } {
    const local = this.unix + this.offset;
    const days = Math.floor(local / SECONDS_PER_DAY);
    const secOfDay = local - days * SECONDS_PER_DAY;
    const { year, month, day } = civilFromDays(days);
    return {
      year,
      month,
      day,
      hour: Math.floor(secOfDay / 3600),
      min: Math.floor((secOfDay % 3600) / 60),
      sec: secOfDay % 60,
      nsec: this.nsec,
    };
  }

  /**
   * RFC 3339 with nanoseconds, trailing zeros trimmed (Go's
   * t.Format(time.RFC3339Nano)); never fails, years outside [0,9999] print as Go prints them.
   */
  format(): string {
    const c = this.civil();
    let s = formatYear(c.year);
    s += `-${pad2(c.month)}-${pad2(c.day)}T${pad2(c.hour)}:${pad2(c.min)}:${pad2(c.sec)}`;
    if (c.nsec !== 0) s += `.${String(c.nsec).padStart(9, "0").replace(/0+$/, "")}`;
    return s + formatZone(this.offset);
  }

  /**
   * Go's time.Time.MarshalText text, throwing GoTimeError with Go's message
   * (`<prefix>year outside of range [0,9999]`, `<prefix>timezone hour outside of range [0,23]`).
   */
  marshalText(prefix = "Time.MarshalText: "): string {
    const s = this.format();
    const c = this.civil();
    if (c.year < 0 || c.year > 9999) throw new GoTimeError(`${prefix}year outside of range [0,9999]`);
    if (this.offset !== 0) {
      if (Math.floor(Math.trunc(Math.abs(this.offset) / 60) / 60) >= 24) {
        throw new GoTimeError(`${prefix}timezone hour outside of range [0,23]`);
      }
    }
    return s;
  }

  /** Go's time.Time.MarshalJSON: the quoted RFC 3339 text, or GoTimeError (`Time.MarshalJSON: ...`). */
  marshalJSON(): string {
    return `"${this.marshalText("Time.MarshalJSON: ")}"`;
  }

  /** Go's Time.String-like RFC 3339 form (the same as `format()`). */
  toString(): string {
    return this.format();
  }

  /** RFC 3339 text for JSON.stringify. */
  toJSON(): string {
    return this.format();
  }

  /** Whether `x` is a GoTime from any copy of this package. */
  static isInstance(x: unknown): x is GoTime {
    return typeof x === "object" && x !== null && (x as Record<symbol, unknown>)[GO_TIME_MARK] === true;
  }
}
const GO_TIME_MARK = Symbol.for("gojson.value.GoTime");
Object.defineProperty(GoTime.prototype, GO_TIME_MARK, { value: true });

function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

// Go's appendInt(b, year, 4): sign, then at least 4 digits.
function formatYear(y: number): string {
  const a = Math.abs(y);
  const digits = String(a).padStart(4, "0");
  return y < 0 ? `-${digits}` : digits;
}

// Go's Z07:00: "Z" for offset 0, else ±hh:mm (seconds of the offset are dropped).
function formatZone(offset: number): string {
  if (offset === 0) return "Z";
  const sign = offset < 0 ? "-" : "+";
  const minutes = Math.trunc(Math.abs(offset) / 60);
  return `${sign}${pad2(Math.floor(minutes / 60))}:${pad2(minutes % 60)}`;
}

/** Days since 1970-01-01 of a proleptic Gregorian date (month and day may overflow). */
export function daysFromCivil(year: number, month: number, day: number): number {
  // Normalise the month first, as Go's time.Date does.
  const m0 = month - 1;
  year += Math.floor(m0 / 12);
  month = m0 - Math.floor(m0 / 12) * 12 + 1;
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = (month + 9) % 12;
  const doy = Math.floor((153 * mp + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** Proleptic Gregorian date of a day count since 1970-01-01. */
export function civilFromDays(z: number): { year: number; month: number; day: number } {
  z += 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  return { year, month, day };
}
