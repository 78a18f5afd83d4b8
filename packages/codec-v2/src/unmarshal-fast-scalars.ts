/**
 * The scalar decoders of the fast unmarshal path: integers of every Go kind (digits read in place,
 * ranges checked), float64 and float32. They bail
 * on anything the exact engine would report (see unmarshal-fast.ts).
 */

import { type GoType, type IntKind, intBounds, type UintKind } from "@gojson/gotype";
import {
  bail,
  N,
  Q,
  readBigIntLiteral,
  readFloat,
  readIntLiteral,
  readNull,
  readString,
} from "@gojson/jsontext/internal";
import { decodeBytes } from "./bytes-format.js";
import { lookupMethod } from "./go-values.js";
import type { FDec } from "./unmarshal-fast.js";
import { fastParseGoInt, NUMBER_SYNTAX } from "./unmarshal-fast-int.js";

/** Go's implementsAny(t, allUnmarshalerTypes...): UnmarshalJSONFrom, UnmarshalJSON or UnmarshalText. */
export function hasUnmarshalMethod(t: GoType): boolean {
  return (
    lookupMethod(t, "UnmarshalJSONFrom") !== undefined ||
    lookupMethod(t, "UnmarshalJSON") !== undefined ||
    lookupMethod(t, "UnmarshalText") !== undefined
  );
}

/** Whether t is float64 with nothing special about it (no methods, not a known type). */
export function isPlainFloat64(t: GoType): boolean {
  return t.kind === "float64" && t.known === undefined && !hasUnmarshalMethod(t);
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

export function smallIntDecoder(kind: string, str: boolean): FDec {
  const [lo, hi] = intBounds(kind as IntKind | UintKind).map(Number) as [number, number];
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
    const v = readIntLiteral(c);
    // NaN (too many digits) fails both tests.
    if (!(v >= lo && v <= hi)) bail();
    return v === 0 ? 0 : v;
  };
}

export function bigIntDecoder(kind: string, str: boolean): FDec {
  const [lo, hi] = intBounds(kind as IntKind | UintKind);
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
    return readBigIntLiteral(c, lo, hi, !unsigned);
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
