/**
 * Unmarshal of bool, the integer kinds, float32/float64, string and
 * json.Number (Go's literalStore for literals): the exact engine's decoders,
 * then the fast path's integer readers. Integers follow strconv.ParseInt /
 * ParseUint(s, 10, 64) and the kind's range; floats strconv.ParseFloat with
 * float32 rounding; -0 into an integer is 0.
 */
import { Abort } from "./decode-state.js";
import {
  bail,
  type GoType,
  isIntegerKind,
  JsonNumber,
  literal,
  readBigIntLiteral,
  readIntLiteral,
} from "./deps.js";
import { GoError } from "./errors.js";
import { isValidNumber } from "./format.js";
import { C_F, C_QUOTE, C_T, type Decoder, type FDec, mismatch, N } from "./unmarshal-common.js";
import { bigBounds, isBigKind, numberBounds } from "./value-check.js";

/** bool: true or false. */
export function boolDecoder(t: GoType): Decoder {
  return (d, cur) => {
    const c = d.text.charCodeAt(d.pos);
    if (c === C_T || c === C_F) {
      d.readLiteral();
      return c === C_T;
    }
    return mismatch(d, t, cur);
  };
}

/** Integer kinds: Go's strconv parse and range check; -0 is 0. */
export function intDecoder(t: GoType): Decoder {
  const parse = intParser(t.kind);
  const big =
    t.kind === "int" ||
    t.kind === "int64" ||
    t.kind === "uint" ||
    t.kind === "uint64" ||
    t.kind === "uintptr";
  const unsigned = t.kind.startsWith("u");
  const [lo, hi] = smallRange(t.kind) ?? [0, -1];
  return (d, cur) => {
    const c = d.text.charCodeAt(d.pos);
    if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      const lit = d.readNumber();
      if (d.numInt && (!unsigned || c !== 0x2d)) {
        // Fast paths: up to 15 digits a literal is exact as a double (below 2^53).
        if (big) {
          if (lit.length <= 15) return BigInt(Number(lit));
        } else if (lit.length <= 15) {
          const n = Number(lit);
          if (n >= lo && n <= hi) return n + 0; // + 0: -0 is 0
        }
      }
      const v = parse(lit);
      if (v === undefined) {
        d.typeError(`number ${lit}`, t, d.pos);
        return cur;
      }
      return v;
    }
    return mismatch(d, t, cur);
  };
}

/** float32/float64: Go's ParseFloat, float32 rounded. */
export function floatDecoder(t: GoType): Decoder {
  const f32 = t.kind === "float32";
  return (d, cur) => {
    const c = d.text.charCodeAt(d.pos);
    if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      const lit = d.readNumber();
      const v = parseFloatLiteral(lit, f32);
      if (v === undefined) {
        d.typeError(`number ${lit}`, t, d.pos);
        return cur;
      }
      return v;
    }
    return mismatch(d, t, cur);
  };
}

/** string, and json.Number (a number, or a string holding a valid number literal). */
export function stringDecoder(t: GoType): Decoder {
  if (t.known === "json.Number") {
    return (d, cur) => {
      const c = d.text.charCodeAt(d.pos);
      if (c === 0x2d || (c >= 0x30 && c <= 0x39)) return new JsonNumber(d.readNumber());
      if (c === C_QUOTE) {
        const start = d.pos;
        const s = d.readString();
        if (!isValidNumber(s)) {
          throw new Abort(
            new GoError(
              "number-literal",
              `json: invalid number literal, trying to unmarshal ${d.quoteRaw(start, d.pos)} into Number`,
            ),
          );
        }
        return new JsonNumber(s);
      }
      return mismatch(d, t, cur);
    };
  }
  return (d, cur) => {
    if (d.text.charCodeAt(d.pos) === C_QUOTE) return d.readString();
    return mismatch(d, t, cur);
  };
}

/** Parses an integer literal as strconv.ParseInt/ParseUint(s, 10, 64) plus the kind's range check. */
export function intParser(kind: GoType["kind"]): (s: string) => number | bigint | undefined {
  const big =
    kind === "int" || kind === "int64" || kind === "uint" || kind === "uint64" || kind === "uintptr";
  const unsigned = kind.startsWith("u");
  let min: bigint;
  let max: bigint;
  switch (kind) {
    case "int8":
      [min, max] = [-128n, 127n];
      break;
    case "int16":
      [min, max] = [-32768n, 32767n];
      break;
    case "int32":
      [min, max] = [-2147483648n, 2147483647n];
      break;
    case "uint8":
      [min, max] = [0n, 255n];
      break;
    case "uint16":
      [min, max] = [0n, 65535n];
      break;
    case "uint32":
      [min, max] = [0n, 4294967295n];
      break;
    default:
      [min, max] = unsigned ? [0n, 18446744073709551615n] : [-9223372036854775808n, 9223372036854775807n];
  }
  const minN = Number(min);
  const maxN = Number(max);
  // strconv.ParseUint takes no sign at all; ParseInt takes "+" or "-".
  const re = unsigned ? /^[0-9]+$/ : /^[+-]?[0-9]+$/;
  return (s) => {
    if (!big && s.length <= 15) {
      // Fast path for small kinds: a plain integer literal.
      const n = Number(s);
      if (Number.isInteger(n) && re.test(s)) return n >= minN && n <= maxN ? n + 0 : undefined;
    }
    if (!re.test(s)) return undefined;
    const digits = s.replace(/^[+-]?0*/, "");
    if (digits.length > 20) return undefined;
    const v = BigInt(s[0] === "+" ? s.slice(1) : s);
    if (v < min || v > max) return undefined;
    return big ? v : Number(v);
  };
}

const JSON_NUMBER = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/** A JSON number literal (already validated) as float64/float32; undefined when out of range, as Go reports. */
function parseFloatLiteral(s: string, f32: boolean): number | undefined {
  const v = Number(s);
  if (!Number.isFinite(v)) return undefined;
  if (!f32) return v;
  const r = Math.fround(v);
  return Number.isFinite(r) ? r : undefined;
}

/** strconv.ParseFloat(s, 32|64) for decimal literals; undefined when Go reports an error (out of range). */
export function parseFloatGo(s: string, f32: boolean): number | undefined {
  let v = Number(s);
  if (Number.isFinite(v) && JSON_NUMBER.test(s)) {
    if (!f32) return v;
    const r = Math.fround(v);
    return Number.isFinite(r) ? r : undefined;
  }
  if (Number.isNaN(v)) {
    const m = /^([+-]?)(inf|infinity|nan)$/i.exec(s);
    if (m === null) return undefined;
    v = (m[2] as string).toLowerCase() === "nan" ? Number.NaN : m[1] === "-" ? -Infinity : Infinity;
    return v;
  }
  if (s.trim() !== s || s === "" || /^[+-]?0[xXbBoO]/.test(s) || s.includes("_")) {
    if (s.trim() !== s || s === "") return undefined;
  }
  if (!Number.isFinite(v)) return undefined;
  if (f32) {
    const r = Math.fround(v);
    if (!Number.isFinite(r)) return undefined;
    return r;
  }
  return v;
}

/** Ranges of the integer kinds held as numbers (the others are bigints, see {@link bigRange}). */
function smallRange(kind: string): readonly [number, number] | undefined {
  return isBigKind(kind) || !isIntegerKind(kind) ? undefined : numberBounds(kind);
}

function bigRange(kind: string): readonly [bigint, bigint] {
  return bigBounds(kind);
}

/** JSON integer syntax (no sign but `-`, no leading zeros): the only integer text the fast path reads. */
const INT_TEXT = /^-?(?:0|[1-9][0-9]*)$/;

/** An integer of Go kind `kind` from JSON integer text, as the exact engine reads it; bails otherwise. */
export function intFromText(s: string, kind: string): number | bigint {
  if (s.length > 21 || !INT_TEXT.test(s) || (kind[0] === "u" && s.charCodeAt(0) === 0x2d)) bail();
  const small = smallRange(kind);
  if (small !== undefined) {
    const v = Number(s);
    if (!(v >= small[0] && v <= small[1])) bail();
    return v + 0;
  }
  const [lo, hi] = bigRange(kind);
  const b = BigInt(s);
  if (b < lo || b > hi) bail();
  return b;
}

export function smallIntDecoder(kind: string): FDec {
  const [lo, hi] = numberBounds(kind);
  const unsigned = kind[0] === "u";
  return (c, cur) => {
    if (c === N) {
      literal(c);
      return cur;
    }
    if (unsigned && c === 0x2d) bail();
    const v = readIntLiteral(c);
    // NaN (too many digits) fails both tests.
    if (!(v >= lo && v <= hi)) bail();
    return v + 0;
  };
}

export function bigIntDecoder(kind: string): FDec {
  const [lo, hi] = bigRange(kind);
  const unsigned = kind[0] === "u";
  return (c, cur) => {
    if (c === N) {
      literal(c);
      return cur;
    }
    if (unsigned && c === 0x2d) bail();
    return readBigIntLiteral(c, lo, hi, !unsigned);
  };
}
