/**
 * time.Time and time.Duration, marshal and unmarshal: RFC 3339 (strict, or loose under legacy
 * semantics), the `format` option's layouts and units, and Go 1.27's missing default for a
 * Duration. Go: arshal_time.go.
 */

import { GoTime, GoTimeError, type GoType } from "@gojson/gotype";
import { intDecoder } from "./arshal-scalars.js";
import {
  DURATION_SCALES,
  durationString,
  formatDurationISO8601,
  formatDurationNumber,
  parseDuration,
  parseDurationISO8601,
  parseDurationNumber,
  parseTimeUnix,
} from "./duration.js";
import { goQuote, SemanticError } from "./errors.js";
import { goTimeErrorText, zero } from "./go-values.js";
import { MarshalerError } from "./legacy-errors.js";
import type { MarshalMode } from "./marshal-compile.js";
import type { Enc } from "./marshal-deep.js";
import { invalidFormatEncoder, marshalErr, q } from "./marshal-support.js";
import type { ResolvedOptions } from "./options.js";
import { toBytes } from "./reader.js";
import { formatTime, parseTime, timeLayoutOf } from "./time-layout.js";
import type { UnmarshalMode } from "./unmarshal-compile.js";
import type { Dec } from "./unmarshal-deep.js";
import { afterErr, fail, invalidFormatDecoder, methodError, mismatch } from "./unmarshal-support.js";

export function timeEncoder(t: GoType, _o: ResolvedOptions, m: MarshalMode): Enc {
  const fmt = m.format;
  const str = m.str;
  switch (fmt) {
    case "":
    case "RFC3339":
    case "RFC3339Nano": {
      // time.RFC3339 has no fractional seconds (the default is RFC3339Nano).
      const whole = fmt === "RFC3339";
      // Go's time arshaler; under legacy error reporting its error is v1's MarshalerError
      // (`json: error calling MarshalJSON for type *time.Time: ...`).
      const fail = (text: string) =>
        _o.flags.reportErrorsWithLegacySemantics
          ? new MarshalerError("*time.Time", "MarshalJSON", text)
          : marshalErr(t, text);
      return (v: GoTime) => {
        const y = v.civil().year;
        if (y < 0 || y > 9999) throw fail("year outside of range [0,9999]");
        const s = v.format();
        if (s[s.length - 1] !== "Z") {
          // Go: not every offset is an RFC 3339 zone (a seconds part, an hour past 23).
          const c = s.charCodeAt(s.length - 6);
          const hh = 10 * (s.charCodeAt(s.length - 5) - 48) + (s.charCodeAt(s.length - 4) - 48);
          if ((c >= 48 && c <= 57) || hh >= 24) throw fail("timezone hour outside of range [0,23]");
        }
        return `"${whole ? s.replace(/\.[0-9]+/, "") : s}"`;
      };
    }
    case "unix":
    case "unixmilli":
    case "unixmicro":
    case "unixnano": {
      const scale = { unix: 1_000_000_000n, unixmilli: 1_000_000n, unixmicro: 1000n, unixnano: 1n }[fmt];
      return (v: GoTime) => {
        const ns = v.unixNano();
        const s = formatDurationNumber(ns, scale);
        return str ? `"${s}"` : s;
      };
    }
    default: {
      // A layout (`format:RFC1123`, `format:'2006-01-02'`): Go's Time.AppendFormat, quoted.
      const layout = timeLayoutOf(fmt);
      if (layout === undefined) return invalidFormatEncoder(t, fmt);
      return (v: GoTime) => q(_o, formatTime(v, layout));
    }
  }
}

export function durationEncoder(t: GoType, o: ResolvedOptions, m: MarshalMode): Enc {
  let fmt = m.format;
  if (fmt === "" && o.flags.formatDurationAsNano) fmt = "nano";
  if (fmt === "") {
    return () => {
      throw marshalErr(t, o.rules.durationNoDefault);
    };
  }
  if (fmt === "units") return (v: bigint) => `"${durationString(v)}"`;
  if (fmt === "iso8601") return (v: bigint) => `"${formatDurationISO8601(v)}"`;
  const scale = DURATION_SCALES[fmt];
  if (scale === undefined) return invalidFormatEncoder(t, fmt);
  const str = m.str || m.legacyStr;
  return (v: bigint) => {
    const s = formatDurationNumber(BigInt(v), scale);
    return str ? `"${s}"` : s;
  };
}

const MAX_SAFE_SEC = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * strictRFC3339Error is json/v2's check of a timestamp time.Parse(RFC3339) accepted (unless
 * parseTimeWithLooseRFC3339): a two-digit hour, a `.` before the fraction, a zone hour below 24
 * and minute below 60. It returns Go's time.ParseError text, or undefined.
 */
export function strictRFC3339Error(s: string): string | undefined {
  const layout = '"2006-01-02T15:04:05Z07:00"';
  const n = s.length;
  const dec2 = (i: number) => (10 * (s.charCodeAt(i) - 48) + (s.charCodeAt(i + 1) - 48)) & 0xff;
  if (s[12] === ":") return `parsing time "${s}" as ${layout}: cannot parse "${s[11]}" as "15"`;
  if (s[19] === ",") return `parsing time "${s}" as ${layout}: cannot parse "," as "."`;
  if (s[n - 1] !== "Z") {
    if (dec2(n - 5) >= 24) return `parsing time "${s}": timezone hour out of range`;
    if (dec2(n - 2) >= 60) return `parsing time "${s}": timezone minute out of range`;
  }
  return undefined;
}

export function timeDecoder(t: GoType, o: ResolvedOptions, m: UnmarshalMode): Dec {
  const f = o.flags;
  const fmt = m.format;
  if (fmt === "" || fmt === "RFC3339" || fmt === "RFC3339Nano") {
    return (r, cur) => {
      const d = r.d;
      const k = d.peekKind();
      if (k === "n") {
        d.readNull();
        return f.mergeWithLegacySemantics ? cur : zero(t);
      }
      if (k !== '"') return mismatch(r, o, t, cur, k);
      const start = d.inputOffset;
      const s = d.readString();
      try {
        const v = GoTime.parse(s);
        // Loose parsing applies to the default format only (an explicit RFC 3339 format stays strict).
        if (!(f.parseTimeWithLooseRFC3339 && fmt === "")) {
          const strict = strictRFC3339Error(s);
          if (strict !== undefined) throw new GoTimeError(strict);
        }
        return v;
      } catch (e0) {
        // Go quotes the UTF-8 bytes of the unquoted text in its message.
        const text = goTimeErrorText(toBytes(s), false);
        const e = text === undefined ? e0 : new GoTimeError(text);
        // Go's v1 returns the parse error unchanged (`parsing time …`).
        if (f.reportErrorsWithLegacySemantics) return fail(r, o, methodError(e), false, cur);
        return fail(r, o, afterErr(r, t, '"', start, "", (e as Error).message), false, cur);
      }
    };
  }
  const scales: Record<string, bigint> = {
    unix: 1_000_000_000n,
    unixmilli: 1_000_000n,
    unixmicro: 1000n,
    unixnano: 1n,
  };
  const scale = scales[fmt];
  if (scale === undefined) {
    const layout = timeLayoutOf(fmt);
    if (layout === undefined) return invalidFormatDecoder(t, fmt, o);
    // A layout (`format:RFC1123`, `format:'2006-01-02'`): Go's time.Parse on the unquoted string.
    return (r, cur) => {
      const d = r.d;
      const k = d.peekKind();
      if (k === "n") {
        d.readNull();
        return f.mergeWithLegacySemantics ? cur : zero(t);
      }
      if (k !== '"') return mismatch(r, o, t, cur, k);
      const start = d.inputOffset;
      const v = parseTime(layout, d.readString());
      if (v instanceof GoTime) return v;
      const e = new GoTimeError(v.err);
      if (f.reportErrorsWithLegacySemantics) return fail(r, o, methodError(e), false, cur);
      return fail(r, o, afterErr(r, t, '"', start, "", e.message), false, cur);
    };
  }
  return (r, cur) => {
    const d = r.d;
    const k = d.peekKind();
    if (k === "n") {
      d.readNull();
      return f.mergeWithLegacySemantics ? cur : zero(t);
    }
    // Under StringifyNumbers (`string`) Go wants the number quoted, else bare.
    if (k !== (m.str ? '"' : "0")) return mismatch(r, o, t, cur, k);
    const start = d.inputOffset;
    const lit = m.str ? d.readString() : d.readNumberLiteral();
    let u = parseTimeUnix(lit, scale);
    // GoTime holds Unix seconds as a safe integer: times past about ±285 million years (which
    // Go holds, wrapping as int64 does) are reported out of range rather than held.
    if (typeof u !== "string" && (u.sec > MAX_SAFE_SEC || u.sec < -MAX_SAFE_SEC)) u = "range";
    if (typeof u === "string") {
      const text = `invalid time ${JSON.stringify(lit)}: ${u === "syntax" ? "invalid syntax" : "value out of range"}`;
      // v1 semantics return the time arshaler's error as it is (as a method's).
      if (f.reportErrorsWithLegacySemantics) return fail(r, o, methodError(new Error(text)), false, cur);
      return fail(r, o, afterErr(r, t, k, start, "", text), false, cur);
    }
    return new GoTime(Number(u.sec), Number(u.nsec), 0);
  };
}

export function durationDecoder(t: GoType, o: ResolvedOptions, m: UnmarshalMode): Dec {
  const f = o.flags;
  const fmt = m.format;
  // v1: a Duration without a format is an int64 of nanoseconds, with int64's rules (`string` too).
  if (fmt === "" && f.formatDurationAsNano) return intDecoder(t, o, m);
  if (fmt === "") {
    return (r) => {
      // Reported before the next value is read: ahead of EOF or a syntax error (newUnmarshalErrorBefore).
      const start = r.d.inputOffset;
      throw new SemanticError({
        action: "unmarshal",
        goType: t,
        byteOffset: r.valueStart(start),
        cause: o.rules.durationNoDefault,
      });
    };
  }
  if (fmt === "iso8601") {
    return (r, cur) => {
      const d = r.d;
      const k = d.peekKind();
      if (k === "n") {
        d.readNull();
        return f.mergeWithLegacySemantics ? cur : 0n;
      }
      if (k !== '"') return mismatch(r, o, t, cur, k);
      const start = d.inputOffset;
      const v = parseDurationISO8601(d.readString(), goQuote);
      if (typeof v !== "bigint") return fail(r, o, afterErr(r, t, '"', start, "", v.err), false, cur);
      return v;
    };
  }
  if (fmt === "units") {
    return (r, cur) => {
      const d = r.d;
      const k = d.peekKind();
      if (k === "n") {
        d.readNull();
        return f.mergeWithLegacySemantics ? cur : 0n;
      }
      if (k !== '"') return mismatch(r, o, t, cur, k);
      const start = d.inputOffset;
      const s = d.readString();
      const v = parseDuration(s);
      if (typeof v === "string") return fail(r, o, afterErr(r, t, '"', start, "", v), false, cur);
      return v;
    };
  }
  const scale = DURATION_SCALES[fmt];
  if (scale === undefined) return invalidFormatDecoder(t, fmt, o);
  const allowStr = m.str || m.legacyStr;
  return (r, cur) => {
    const d = r.d;
    const k = d.peekKind();
    if (k === "n") {
      d.readNull();
      return f.mergeWithLegacySemantics ? cur : 0n;
    }
    const start = d.inputOffset;
    let lit: string;
    // Under StringifyNumbers (`string`) Go wants the number quoted, else bare.
    if (k === "0" && !allowStr) lit = d.readNumberLiteral();
    else if (k === '"' && allowStr) lit = d.readString();
    else return mismatch(r, o, t, cur, k);
    const v = parseDurationNumber(lit, scale);
    if (typeof v !== "bigint") {
      const cause =
        v === "range"
          ? `invalid duration ${JSON.stringify(lit)}: value out of range`
          : `invalid duration ${JSON.stringify(lit)}: invalid syntax`;
      return fail(r, o, afterErr(r, t, k, start, "", cause), false, cur);
    }
    return v;
  };
}
