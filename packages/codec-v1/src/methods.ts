/**
 * Go's method sets as encoding/json (v1) asks about them: which of
 * MarshalJSON, MarshalText, UnmarshalJSON, UnmarshalText and IsZero a type
 * has, declared or promoted through embedded fields, and whether the method
 * needs an addressable value (pointer receiver reached without a pointer hop).
 */
import type { GoType, MethodName } from "./deps.js";
import type { FieldHop } from "./struct-fields.js";

/** A method found on a type: how to reach its receiver and how to call it. */
export interface FoundMethod {
  readonly fn: (...args: any[]) => any;
  /** Embedded fields walked from the value to the declaring type's value. */
  readonly hops: readonly FieldHop[];
  /** The type declaring the method (the receiver's base type). */
  readonly recvType: GoType;
  /** In the value method set of the type (false: only in the pointer method set). */
  readonly inValueSet: boolean;
}

const cache = new WeakMap<GoType, Map<MethodName, FoundMethod | null>>();

/**
 * The method `name` of the non-pointer type `t` (declared or promoted), or
 * null. `inValueSet` says whether `T` has it or only `*T`.
 */
export function findMethod(t: GoType, name: MethodName): FoundMethod | null {
  let m = cache.get(t);
  if (m === undefined) {
    m = new Map();
    cache.set(t, m);
  }
  let r = m.get(name);
  if (r === undefined) {
    r = search(t, name);
    m.set(name, r);
  }
  return r;
}

function search(t: GoType, name: MethodName): FoundMethod | null {
  const own = t.methods?.[name];
  if (own !== undefined) return { fn: own.fn, hops: [], recvType: t, inValueSet: own.receiver === "value" };
  if (t.kind !== "struct") return null;
  // Breadth-first over embedded fields: the shallowest unique candidate wins.
  let level: { t: GoType; hops: FieldHop[]; viaPtr: boolean }[] = [{ t, hops: [], viaPtr: false }];
  const seen = new Set<GoType>([t]);
  for (let depth = 0; depth < 32 && level.length > 0; depth++) {
    const found: FoundMethod[] = [];
    const nextLevel: typeof level = [];
    for (const cur of level) {
      if (cur.t.kind !== "struct") continue;
      for (const f of cur.t.fields) {
        if (!f.embedded) continue;
        const isPtr = f.type.kind === "pointer";
        const base = f.type.kind === "pointer" ? f.type.elem : f.type;
        const hops = [...cur.hops, { name: f.name, type: f.type, exported: f.exported }];
        const viaPtr = cur.viaPtr || isPtr;
        const dm = base.methods?.[name];
        if (dm !== undefined) {
          found.push({ fn: dm.fn, hops, recvType: base, inValueSet: dm.receiver === "value" || viaPtr });
          continue;
        }
        if (base.kind === "struct" && !seen.has(base)) {
          seen.add(base);
          nextLevel.push({ t: base, hops, viaPtr });
        }
      }
    }
    if (found.length === 1) return found[0] as FoundMethod;
    if (found.length > 1) return null;
    level = nextLevel;
  }
  return null;
}

/** Go's runtime panic text for a method promoted through a nil embedded pointer. */
export const NIL_DEREFERENCE = "runtime error: invalid memory address or nil pointer dereference";

/** Walks `hops` from `v`; returns undefined when a nil embedded pointer is met (Go panics there). */
export function walkHops(v: any, hops: readonly FieldHop[]): any {
  for (const h of hops) {
    v = v[h.name];
    if (h.type.kind === "pointer" && (v === null || v === undefined)) return undefined;
  }
  return v;
}

/** Whether `*T` implements the method (pointer method set). */
export function ptrHas(t: GoType, name: MethodName): boolean {
  return findMethod(t, name) !== null;
}

/** Whether `T` implements the method (value method set). */
export function valueHas(t: GoType, name: MethodName): boolean {
  const m = findMethod(t, name);
  return m?.inValueSet === true;
}
