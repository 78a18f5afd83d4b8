/**
 * GoTime: a time.Time value (Unix seconds, nanoseconds, zone offset).
 * Local stand-in until @gojson/gotype exports `GoTime`.
 */

const DAYS_BEFORE = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334];

function isLeap(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}
function daysFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const mp = (m + 9) % 12;
  const doy = Math.floor((153 * mp + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}
function civilFromDays(z0: number): [number, number, number] {
  const z = z0 + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  return [yoe + era * 400 + (m <= 2 ? 1 : 0), m, d];
}
void DAYS_BEFORE;
void isLeap;

/** The zero time.Time in Unix seconds (January 1, year 1, 00:00:00 UTC). */
const ZERO_UNIX = -62135596800n;

/** GoTime is a time.Time: Unix seconds, nanoseconds within the second, and zone offset in seconds east of UTC. */
export class GoTime {
  constructor(
    readonly unixSec: bigint,
    readonly nsec: number,
    readonly offsetSec: number,
  ) {}
  /** Whether this is Go's zero time (0001-01-01T00:00:00Z). */
  isZero(): boolean {
    return (this.unixSec === 0n && this.nsec === 0 && this.offsetSec === 0) || (this.unixSec === ZERO_UNIX && this.nsec === 0);
  }
  private effSec(): bigint {
    return this.unixSec === 0n && this.nsec === 0 && this.offsetSec === 0 ? ZERO_UNIX : this.unixSec;
  }
  /** Format as RFC 3339 with nanoseconds, trailing zeros trimmed (Go's time.RFC3339Nano). */
  toRFC3339(): string {
    const local = this.effSec() + BigInt(this.offsetSec);
    const days = Number(local >= 0n ? local / 86400n : (local - 86399n) / 86400n);
    const secOfDay = Number(local - BigInt(days) * 86400n);
    const [y, m, d] = civilFromDays(days);
    const p2 = (n: number) => String(n).padStart(2, "0");
    let s = `${String(y).padStart(4, "0")}-${p2(m)}-${p2(d)}T${p2(Math.floor(secOfDay / 3600))}:${p2(Math.floor(secOfDay / 60) % 60)}:${p2(secOfDay % 60)}`;
    if (this.nsec > 0) s += `.${String(this.nsec).padStart(9, "0").replace(/0+$/, "")}`;
    if (this.offsetSec === 0) return `${s}Z`;
    const o = Math.abs(this.offsetSec);
    return `${s}${this.offsetSec < 0 ? "-" : "+"}${p2(Math.floor(o / 3600))}:${p2(Math.floor(o / 60) % 60)}`;
  }
  /** The year of the time in its zone. */
  year(): number {
    const local = this.effSec() + BigInt(this.offsetSec);
    const days = Number(local >= 0n ? local / 86400n : (local - 86399n) / 86400n);
    return civilFromDays(days)[0];
  }
  /** Unix time in seconds (as Go's Time.Unix). */
  unix(): bigint {
    return this.effSec();
  }
  /** Parse RFC 3339 strictly (as Go v2 does); returns an error text on failure. */
  static parseRFC3339(s: string): GoTime | string {
    const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/.exec(s);
    if (!m) return `parsing time ${JSON.stringify(s)} as "2006-01-02T15:04:05Z07:00": cannot parse ${JSON.stringify(s)} as "2006"`;
    const [y, mo, d, h, mi, se] = [m[1], m[2], m[3], m[4], m[5], m[6]].map(Number) as number[];
    if ((mo as number) < 1 || (mo as number) > 12) return `parsing time ${JSON.stringify(s)}: month out of range`;
    const dim = [31, isLeap(y as number) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][(mo as number) - 1] as number;
    if ((d as number) < 1 || (d as number) > dim) return `parsing time ${JSON.stringify(s)}: day out of range`;
    if ((h as number) > 23) return `parsing time ${JSON.stringify(s)}: hour out of range`;
    if ((mi as number) > 59) return `parsing time ${JSON.stringify(s)}: minute out of range`;
    if ((se as number) > 59) return `parsing time ${JSON.stringify(s)}: second out of range`;
    const nsec = m[7] ? Number(m[7].slice(1).padEnd(9, "0")) : 0;
    let off = 0;
    const z = m[8] as string;
    if (z !== "Z") {
      const oh = Number(z.slice(1, 3));
      const om = Number(z.slice(4, 6));
      if (oh > 23) return `parsing time ${JSON.stringify(s)}: timezone hour out of range`;
      if (om > 59) return `parsing time ${JSON.stringify(s)}: timezone minute out of range`;
      off = (z[0] === "-" ? -1 : 1) * (oh * 3600 + om * 60);
    }
    const days = daysFromCivil(y as number, mo as number, d as number);
    const unix = BigInt(days) * 86400n + BigInt((h as number) * 3600 + (mi as number) * 60 + (se as number)) - BigInt(off);
    return new GoTime(unix, nsec, off);
  }
}
