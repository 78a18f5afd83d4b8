/**
 * Numbers at the cursor read as float64 (Go's float64 and `any` numbers):
 * Clinger's fast path and a proved rounding for long decimals
 * (long-decimal.ts), the native conversion for the rest.
 *
 * Not semver-stable: part of `@gojson/jsontext/internal`.
 */
import { bail, C, enter, leave } from "./cursor.js";
import { longDecimal, POW10 } from "./long-decimal.js";
import { literal, ws } from "./scan.js";

/** 2^53: integers below it are exact doubles. */
const EXACT_INT = 9007199254740992;
/** The most fraction digits whose power of ten is an exact double. */
const MAX_EXACT_FRAC = 22;

/**
 * readFloat reads the number at C.p as a float64 (bails when it overflows, where Go
 * reports an error). Numbers without an exponent whose digits make an integer below 2^53
 * and that have a fraction of at most 22 digits are computed as integer / 10^k (both exact:
 * the quotient is correctly rounded, Clinger's fast path); those of up to 19 digits by a
 * proved rounding (long-decimal.ts); the rest go through the native conversion.
 */
export function readFloat(): number {
  const b = C.b;
  const start = C.p;
  let i = start;
  let c = b[i] as number;
  let neg = false;
  if (c === 0x2d) {
    neg = true;
    c = b[++i] as number;
  }
  // The digits as an integer: exact while below 2^53 (past it, only a lower bound).
  let m = 0;
  if (c === 0x30) c = b[++i] as number;
  else if (c >= 0x31 && c <= 0x39) {
    do {
      m = m * 10 + (c - 0x30);
      c = b[++i] as number;
    } while (c >= 0x30 && c <= 0x39);
  } else bail();
  let frac = 0;
  if (c === 0x2e) {
    c = b[++i] as number;
    if (!(c >= 0x30 && c <= 0x39)) bail();
    do {
      m = m * 10 + (c - 0x30);
      frac++;
      c = b[++i] as number;
    } while (c >= 0x30 && c <= 0x39);
  }
  if (c === 0x65 || c === 0x45) {
    c = b[++i] as number;
    if (c === 0x2b || c === 0x2d) c = b[++i] as number;
    if (!(c >= 0x30 && c <= 0x39)) bail();
    do c = b[++i] as number;
    while (c >= 0x30 && c <= 0x39);
  } else if (frac <= MAX_EXACT_FRAC) {
    C.p = i;
    if (m < EXACT_INT) {
      const v = frac === 0 ? m : m / (POW10[frac] as number);
      return neg ? -v : v;
    }
    const v = longDecimal(b, start, i, frac);
    if (!Number.isNaN(v)) return neg ? -v : v;
  }
  C.p = i;
  const v = +C.t.slice(start, i);
  if (v - v !== 0) bail();
  return v;
}

/**
 * readFloatList reads the array of float64 at C.p (at `[`): `[]float64` and `[N]float64`
 * without a closure call per element (a null element reads as 0, as Go's null for a float
 * leaves the zero value).
 */
export function readFloatList(): number[] {
  enter();
  C.p++;
  let k = ws();
  if (k === 0x5d) {
    C.p++;
    leave();
    return [];
  }
  const a = floatOrNull(k);
  k = ws();
  C.p++;
  if (k === 0x5d) {
    leave();
    return [a];
  }
  if (k !== 0x2c) bail();
  const b = floatOrNull(ws());
  k = ws();
  C.p++;
  if (k === 0x5d) {
    leave();
    return [a, b];
  }
  if (k !== 0x2c) bail();
  const out = [a, b];
  for (;;) {
    out.push(floatOrNull(ws()));
    k = ws();
    C.p++;
    if (k === 0x2c) continue;
    if (k !== 0x5d) bail();
    leave();
    return out;
  }
}

/** floatOrNull reads a float64 or `null` (as 0) that starts with byte c. */
function floatOrNull(c: number): number {
  if (c !== 0x6e) return readFloat();
  literal(c);
  return 0;
}
