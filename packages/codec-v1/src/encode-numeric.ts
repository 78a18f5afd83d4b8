/**
 * Fast paths for slices and arrays of numbers (encoding/json's sliceEncoder
 * and arrayEncoder over float64 and integer elements): after one check pass,
 * the native JSON.stringify or Array.prototype.join writes the text, which is
 * Go's text for such values.
 */
import { type GoType, isIntegerKind } from "./deps.js";
import { ptrHas } from "./methods.js";
import { bigBounds, isBigKind, numberBounds } from "./value-check.js";

/** Slice/array levels above float64 that floatTreeCheck follows (deeper types take the general path). */
export const FLOAT_TREE_MAX_DEPTH = 8;

/** A check that a value of a numeric tree type is written exactly by JSON.stringify. */
export type NumericCheck = (v: any) => boolean;

/** Whether `t` is encoded by its kind alone (no known type, no MarshalJSON/MarshalText in either method set). */
function plain(t: GoType): boolean {
  return t.known === undefined && !ptrHas(t, "MarshalJSON") && !ptrHas(t, "MarshalText");
}

/**
 * The slice and array levels above float64 of `t` (outermost first; empty for float64 itself),
 * all without methods, or null when `t` is not such a float tree.
 */
export function floatChain(t: GoType): GoType[] | null {
  // Walked without recursion (types may nest thousands deep).
  const chain: GoType[] = [];
  let u = t;
  while ((u.kind === "slice" || u.kind === "array") && chain.length < FLOAT_TREE_MAX_DEPTH) {
    if (!plain(u)) return null;
    chain.push(u);
    u = u.elem;
  }
  return u.kind === "float64" && plain(u) ? chain : null;
}

/**
 * For float64, or slices and arrays of them at any depth (all without
 * methods): the check under which JSON.stringify(v) is Go's text. Go writes
 * a finite float64 with the shortest digits that round-trip and switches to
 * exponent form below 1e-6 and from 1e21, as Number::toString does; it
 * writes -0 as `-0` (JSON.stringify: `0`) and rejects NaN and ±Inf (JSON.stringify:
 * `null`), so values holding those fail the check. Null is accepted only where
 * the type is a slice (Go's nil slice, `null`). Returns null for other types.
 */
export function floatTreeCheck(t: GoType): NumericCheck | null {
  const chain = floatChain(t);
  if (chain === null) return null;
  const leaf = (x: unknown): boolean => typeof x === "number" && x - x === 0 && (x !== 0 || 1 / x > 0);
  if (chain.length === 0) return leaf;
  // The innermost list checks its floats in a loop of its own (no call per element).
  const innerLen = listLen(chain[chain.length - 1] as GoType);
  let check: NumericCheck = (v) => {
    if (v === null) return innerLen < 0;
    if (!Array.isArray(v) || (innerLen >= 0 && v.length !== innerLen)) return false;
    for (let j = 0; j < v.length; j++) {
      const x = v[j];
      if (typeof x !== "number" || x - x !== 0 || (x === 0 && 1 / x < 0)) return false;
    }
    return true;
  };
  for (let i = chain.length - 2; i >= 0; i--) {
    const inner = check;
    const len = listLen(chain[i] as GoType);
    check = (v) => {
      if (v === null) return len < 0;
      if (!Array.isArray(v) || (len >= 0 && v.length !== len)) return false;
      for (let j = 0; j < v.length; j++) if (!inner(v[j])) return false;
      return true;
    };
  }
  return check;
}

/** The length an array type requires, or -1 for a slice (any length, or null). */
export function listLen(t: GoType): number {
  return t.kind === "array" ? t.len : -1;
}

/**
 * For a slice or array of integers without methods: whether every element is
 * a value of the element's kind (an integer number in range, or a bigint in
 * range for int, int64, uint, uint64, uintptr) and an array has its length,
 * so that `v.join(",")` writes what the element encoder (String(x) each)
 * writes. Returns null for other types.
 */
export function intArrayCheck(t: GoType): NumericCheck | null {
  if (
    (t.kind !== "slice" && t.kind !== "array") ||
    !plain(t) ||
    !isIntegerKind(t.elem.kind) ||
    !plain(t.elem)
  )
    return null;
  const len = listLen(t);
  if (isBigKind(t.elem.kind)) {
    const [lo, hi] = bigBounds(t.elem.kind);
    return (v) => {
      if (!Array.isArray(v) || (len >= 0 && v.length !== len)) return false;
      for (let i = 0; i < v.length; i++) {
        const x = v[i];
        if (typeof x !== "bigint" || x < lo || x > hi) return false;
      }
      return true;
    };
  }
  const [lo, hi] = numberBounds(t.elem.kind);
  return (v) => {
    if (!Array.isArray(v) || (len >= 0 && v.length !== len)) return false;
    for (let i = 0; i < v.length; i++) {
      const x = v[i];
      if (typeof x !== "number" || !(x >= lo && x <= hi) || Math.floor(x) !== x) return false;
    }
    return true;
  };
}
