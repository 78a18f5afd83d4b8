/**
 * typed: gives an untyped GoType (from parseGo or goType) the TypeScript type
 * of its values, as generated modules do (`export const Order = typed<Order>(types.Order)`).
 */
import type { GoType } from "./types.js";

/**
 * Returns `t` itself, typed as `GoType<V>`: a compile-time statement that
 * values of the Go type look like `V` in TypeScript (the contract's value
 * table). Nothing is checked at run time; `checkValue` does that.
 */
export function typed<V>(t: GoType): GoType<V> {
  return t as GoType<V>;
}
