/**
 * Kind sets and kind predicates: which Go kinds are integers, numbers,
 * bigints in TypeScript, and their value ranges. The codecs and gotype's
 * value checks share these instead of keeping lists of their own.
 */
import type { FloatKind, GoKind, GoType, IntKind, UintKind } from "./types.js";

/** Every kind a GoType can have (reflect.Kind restricted to what JSON can meet). */
export const GO_KINDS: ReadonlySet<GoKind> = new Set<GoKind>([
  "bool",
  "int",
  "int8",
  "int16",
  "int32",
  "int64",
  "uint",
  "uint8",
  "uint16",
  "uint32",
  "uint64",
  "uintptr",
  "float32",
  "float64",
  "string",
  "slice",
  "array",
  "map",
  "pointer",
  "interface",
  "struct",
]);

/** int, int8, int16, int32, int64. */
export const SIGNED_INT_KINDS: ReadonlySet<IntKind> = new Set<IntKind>([
  "int",
  "int8",
  "int16",
  "int32",
  "int64",
]);
/** uint, uint8, uint16, uint32, uint64, uintptr. */
export const UNSIGNED_INT_KINDS: ReadonlySet<UintKind> = new Set<UintKind>([
  "uint",
  "uint8",
  "uint16",
  "uint32",
  "uint64",
  "uintptr",
]);
/** The signed and unsigned integer kinds (JSON numbers without a fraction). */
export const INTEGER_KINDS: ReadonlySet<IntKind | UintKind> = new Set<IntKind | UintKind>([
  ...SIGNED_INT_KINDS,
  ...UNSIGNED_INT_KINDS,
]);
/** float32, float64. */
export const FLOAT_KINDS: ReadonlySet<FloatKind> = new Set<FloatKind>(["float32", "float64"]);
/** The integer and floating-point kinds (the kinds whose values are JSON numbers). */
export const NUMERIC_KINDS: ReadonlySet<IntKind | UintKind | FloatKind> = new Set<
  IntKind | UintKind | FloatKind
>([...INTEGER_KINDS, ...FLOAT_KINDS]);

/** Whether kind `k` is an integer kind (signed or unsigned). */
export function isIntegerKind(k: string): k is IntKind | UintKind {
  return INTEGER_KINDS.has(k as IntKind);
}

/** Whether kind `k` is an integer or floating-point kind. */
export function isNumericKind(k: string): k is IntKind | UintKind | FloatKind {
  return NUMERIC_KINDS.has(k as IntKind);
}

/** Whether values of this type are bigint in TypeScript (int, int64, uint, uint64, uintptr; time.Duration is int64). */
export function isBigIntKind(t: GoType): boolean {
  const k = t.kind;
  return k === "int" || k === "int64" || k === "uint" || k === "uint64" || k === "uintptr";
}

/**
 * Whether `v` looks like a GoType: an object whose `kind` is a Go kind. The
 * codecs' argument checks use it to reject a wrong type argument with a
 * clear error before compiling anything.
 */
export function isGoType(v: unknown): v is GoType {
  return typeof v === "object" && v !== null && GO_KINDS.has((v as { kind?: unknown }).kind as GoKind);
}

const BOUNDS: Readonly<Record<IntKind | UintKind, readonly [bigint, bigint]>> = {
  int8: [-(1n << 7n), (1n << 7n) - 1n],
  int16: [-(1n << 15n), (1n << 15n) - 1n],
  int32: [-(1n << 31n), (1n << 31n) - 1n],
  int: [-(1n << 63n), (1n << 63n) - 1n],
  int64: [-(1n << 63n), (1n << 63n) - 1n],
  uint8: [0n, (1n << 8n) - 1n],
  uint16: [0n, (1n << 16n) - 1n],
  uint32: [0n, (1n << 32n) - 1n],
  uint: [0n, (1n << 64n) - 1n],
  uint64: [0n, (1n << 64n) - 1n],
  uintptr: [0n, (1n << 64n) - 1n],
};

/** The smallest and largest value of integer kind `k` (Go's int and uint are 64 bits). */
export function intBounds(k: IntKind | UintKind): readonly [bigint, bigint] {
  return BOUNDS[k];
}
