import type { GoType } from "@gojson/gotype";

/**
 * The type a chain of pointers ends at. A named pointer type can point at itself (`type P *P`, or
 * `type A *B; type B *A`): such a chain never ends, and the pointer where it starts to repeat is
 * returned, so no caller loops forever on a type Go accepts.
 */
export function pointerChainEnd(t: GoType): GoType {
  let slow = t;
  let fast = t;
  while (fast.kind === "pointer") {
    fast = fast.elem;
    if (fast.kind !== "pointer") return fast;
    fast = fast.elem;
    slow = (slow as GoType & { kind: "pointer" }).elem;
    if (fast === slow) return fast;
  }
  return fast;
}
