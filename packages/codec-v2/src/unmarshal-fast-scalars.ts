/**
 * The scalar decoders of the fast unmarshal path: integers of every Go kind (digits read in place,
 * ranges checked), float64 and float32, and the byte constants the fast decoders share. They bail
 * on anything the exact engine would report (see unmarshal-fast.ts).
 */

import type { GoType } from "@gojson/gotype";
import { bail, C, readFloat, readNull, readString } from "@gojson/jsontext/internal";
import { decodeBytes } from "./bytes-format.js";
import { lookupMethod } from "./go-values.js";
import type { FDec } from "./unmarshal-fast.js";
import { fastParseGoInt, NUMBER_SYNTAX } from "./unmarshal-fast-int.js";

export const Q = 0x22;
export const LBRACE = 0x7b;
export const RBRACE = 0x7d;
export const LBRACKET = 0x5b;
export const RBRACKET = 0x5d;
export const COMMA = 0x2c;
export const N = 0x6e;

const INT_BOUNDS: Record<string, readonly [number, number]> = {
  int8: [-128, 127],
  int16: [-32768, 32767],
  int32: [-2147483648, 2147483647],
  uint8: [0, 255],
  uint16: [0, 65535],
  uint32: [0, 4294967295],
};
const BIG_BOUNDS: Record<string, readonly [bigint, bigint]> = {
  int: [-(1n << 63n), (1n << 63n) - 1n],
  int64: [-(1n << 63n), (1n << 63n) - 1n],
  uint: [0n, (1n << 64n) - 1n],
  uint64: [0n, (1n << 64n) - 1n],
  uintptr: [0n, (1n << 64n) - 1n],
};

/** Whether t is float64 with nothing special about it (no methods, not a known type). */
export function isPlainFloat64(t: GoType): boolean {
  return (
    t.kind === "float64" &&
    t.known === undefined &&
    !lookupMethod(t, "UnmarshalJSON") &&
    !lookupMethod(t, "UnmarshalText")
  );
}

/** holder returns the embedded struct (zero values include it: no pointer hops) that holds a promoted field. */
export function holder(obj: any, path: readonly string[]): any {
  let h = obj;
  for (let i = 0; i < path.length - 1; i++) h = h[path[i] as string];
  return h;
}

export function base64(s: string): Uint8Array {
  try {
    return decodeBytes(s, "base64", false);
  } catch {
    bail();
  }
}

/**
 * readIntDigits reads a JSON integer literal at C.p (c is its first char).
 * Returns the value when it has at most 15 digits (exact as a double), else
 * NaN with the literal's end in C.p (the caller slices it). Bails on a
 * fraction or an exponent (not an integer for Go).
 */
let litStart = 0;
function readIntDigits(c: number): number {
  const b = C.b;
  let i = C.p;
  litStart = i;
  let neg = false;
  if (c === 0x2d) {
    neg = true;
    c = b[++i] as number;
  }
  const d0 = i;
  let n = 0;
  if (c === 0x30) c = b[++i] as number;
  else if (c >= 0x31 && c <= 0x39) {
    do {
      n = n * 10 + (c - 0x30);
      c = b[++i] as number;
    } while (c >= 0x30 && c <= 0x39);
  } else bail();
  if (c === 0x2e || c === 0x65 || c === 0x45) bail();
  C.p = i;
  if (i - d0 > 15) return Number.NaN;
  return neg ? -n : n;
}

export function smallIntDecoder(kind: string, str: boolean): FDec {
  const [lo, hi] = INT_BOUNDS[kind] as readonly [number, number];
  const unsigned = kind[0] === "u";
  if (str) {
    return (c) => {
      if (c !== Q) {
        readNull(c);
        return 0;
      }
      return fastParseGoInt(readString(), kind, false);
    };
  }
  return (c) => {
    if (c === N) {
      readNull(c);
      return 0;
    }
    if (unsigned && c === 0x2d) bail();
    const v = readIntDigits(c);
    // NaN (too many digits) fails both tests.
    if (!(v >= lo && v <= hi)) bail();
    return v === 0 ? 0 : v;
  };
}

export function bigIntDecoder(kind: string, str: boolean): FDec {
  const [lo, hi] = BIG_BOUNDS[kind] as readonly [bigint, bigint];
  const unsigned = kind[0] === "u";
  if (str) {
    return (c) => {
      if (c !== Q) {
        readNull(c);
        return 0n;
      }
      return fastParseGoInt(readString(), kind, true);
    };
  }
  return (c) => {
    if (c === N) {
      readNull(c);
      return 0n;
    }
    if (unsigned && c === 0x2d) bail();
    const v = readIntDigits(c);
    if (!Number.isNaN(v)) return BigInt(v);
    // Past 21 chars (a sign and 20 digits) no 64-bit integer fits: skip the BigInt parse.
    if (C.p - litStart > 21) bail();
    const b = BigInt(C.t.slice(litStart, C.p));
    if (b < lo || b > hi) bail();
    return b;
  };
}

export function floatDecoder(is32: boolean, str: boolean): FDec {
  if (str) {
    return (c) => {
      if (c !== Q) {
        readNull(c);
        return 0;
      }
      const s = readString();
      if (!NUMBER_SYNTAX.test(s)) bail();
      let v = Number(s);
      if (is32) v = Math.fround(v);
      if (v - v !== 0) bail();
      return v;
    };
  }
  if (is32) {
    return (c) => {
      if (c === N) {
        readNull(c);
        return 0;
      }
      const v = Math.fround(readFloat());
      if (v - v !== 0) bail();
      return v;
    };
  }
  return (c) => {
    if (c === N) {
      readNull(c);
      return 0;
    }
    return readFloat();
  };
}
