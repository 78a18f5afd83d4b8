/**
 * The value checks of the fast marshal paths, as code for their generated encoders and as
 * functions: a value that does not fit its Go type makes the fast path give up (BAIL), and
 * the exact encoder then throws the InvalidValueError (invalid-value.ts). Each check is the
 * type test the writer makes anyway, narrowed to the Go kind: an int32 is a number whose
 * `x | 0` is itself (so an integer in range), an int64 a bigint.
 */
import type { GoType } from "@gojson/gotype";

/** The integer kinds held in a JS number, with the expression (of variable x, a number) that holds for their values. */
const SMALL_INT_TEST: Readonly<Record<string, (x: string) => string>> = {
  int8: (x) => `((${x} << 24) >> 24) === ${x}`,
  int16: (x) => `((${x} << 16) >> 16) === ${x}`,
  int32: (x) => `(${x} | 0) === ${x}`,
  uint8: (x) => `(${x} & 255) === ${x}`,
  uint16: (x) => `(${x} & 65535) === ${x}`,
  uint32: (x) => `${x} >>> 0 === ${x}`,
};

/** Whether Go integer kind k is held in a JS number (int8 … uint32; the others are bigints). */
export function isSmallIntKind(k: string): boolean {
  return SMALL_INT_TEST[k] !== undefined;
}

/** Whether Go integer kind k is unsigned. */
export function isUnsignedKind(k: string): boolean {
  return k.charCodeAt(0) === 0x75; // "u"
}

/**
 * smallIntCode returns a JS expression that is true when the value in variable x is a number
 * that integer kind k (int8 … uint32) holds (-0 included: it is written `0`).
 */
export function smallIntCode(k: string, x: string): string {
  const test = SMALL_INT_TEST[k];
  if (test === undefined) throw new Error(`gojson: ${k} is not a small integer kind`);
  return `(typeof ${x} === "number" && ${test(x)})`;
}

const SMALL_INT_FN: Readonly<Record<string, (x: unknown) => boolean>> = {
  int8: (x) => typeof x === "number" && (x << 24) >> 24 === x,
  int16: (x) => typeof x === "number" && (x << 16) >> 16 === x,
  int32: (x) => typeof x === "number" && (x | 0) === x,
  uint8: (x) => typeof x === "number" && (x & 255) === x,
  uint16: (x) => typeof x === "number" && (x & 65535) === x,
  uint32: (x) => typeof x === "number" && x >>> 0 === x,
};

/** smallIntTest returns the predicate of smallIntCode(k) as a function. */
export function smallIntTest(k: string): (x: unknown) => boolean {
  const f = SMALL_INT_FN[k];
  if (f === undefined) throw new Error(`gojson: ${k} is not a small integer kind`);
  return f;
}

/** Whether bigint x is held by the 64-bit integer kind (signed: int, int64; unsigned: uint, uint64, uintptr). */
export function bigIntFits(x: bigint, unsigned: boolean): boolean {
  // Comparisons (BigInt.asIntN would make a new bigint each time).
  return unsigned ? x >= 0n && x <= MAX_UINT64 : x >= MIN_INT64 && x <= MAX_INT64;
}

const MAX_UINT64 = (1n << 64n) - 1n;
const MIN_INT64 = -(1n << 63n);
const MAX_INT64 = (1n << 63n) - 1n;

/** Whether number x is a value a float32 holds once rounded (finite values only: the writers check those). */
export function float32Fits(x: number): boolean {
  return Math.fround(x) - Math.fround(x) === 0;
}

/** legacyEmpty is v1's omitempty (OmitEmptyWithLegacySemantics) on a Go value. */
export function legacyEmpty(t: GoType, v: unknown): boolean {
  // Exact on the value's JS type: a value of the wrong type is never empty (it is encoded, and fails).
  switch (t.kind) {
    case "bool":
      return v === false;
    case "string":
      return v === "";
    case "slice":
      return v === null || ((Array.isArray(v) || v instanceof Uint8Array) && v.length === 0);
    case "map":
      return v === null || (v instanceof Map && v.size === 0);
    case "array":
      return t.len === 0;
    case "pointer":
    case "interface":
      return v === null;
    case "struct":
      return false;
    case "int":
    case "int64":
    case "uint":
    case "uint64":
    case "uintptr":
      return v === 0n;
    default:
      return v === 0;
  }
}
