/**
 * Go's method sets as encoding/json (v1) asks about them, through
 * @gojson/gotype's `lookupMethod`: which of MarshalJSON, MarshalText,
 * UnmarshalJSON, UnmarshalText and IsZero a type has (declared or promoted
 * through embedded fields), and whether it is in the value method set or only
 * reachable from an addressable value (pointer receiver).
 */
import { type GoType, lookupMethod, type MethodName } from "./deps.js";
import { PlanCache } from "./plan-cache.js";

/** One embedded field walked from a value to a promoted method's receiver. */
export interface MethodHop {
  readonly name: string;
  /** Whether the embedded field is a pointer (it may be nil: Go panics calling through it). */
  readonly pointer: boolean;
}

/** A method found on a type: how to reach its receiver and how to call it. */
export interface FoundMethod {
  readonly fn: (...args: any[]) => any;
  /** Embedded fields walked from the value to the declaring type's value. */
  readonly hops: readonly MethodHop[];
  /** The type declaring the method (the receiver's base type). */
  readonly recvType: GoType;
  /** In the value method set of the type (false: only in the pointer method set). */
  readonly inValueSet: boolean;
  /** Declared with a pointer receiver (`func (*T) M()`): Go may call it on a nil pointer. */
  readonly pointerReceiver: boolean;
}

const cache = new PlanCache<Map<MethodName, FoundMethod>>();

/**
 * The method `name` of the non-pointer type `t` (declared or promoted), or
 * null. `inValueSet` says whether `T` has it or only `*T`.
 */
export function findMethod(t: GoType, name: MethodName): FoundMethod | null {
  const m = cache.get(t);
  const r = m?.get(name);
  if (r !== undefined) return r;
  const a = lookupMethod(t, name, { addressable: true });
  // Not cached: gotype answers a type without methods (most types) at once, and a first call
  // over many types would make a map for each.
  if (a === undefined) return null;
  const found: FoundMethod = {
    fn: a.method.fn,
    hops: a.path.map((s) => ({ name: s.name, pointer: s.pointer })),
    recvType: a.owner,
    inValueSet: lookupMethod(t, name, { addressable: false }) !== undefined,
    pointerReceiver: a.method.receiver === "pointer",
  };
  if (m === undefined) cache.set(t, new Map([[name, found]]));
  else m.set(name, found);
  return found;
}

/** Go's runtime panic text for a method promoted through a nil embedded pointer. */
export const NIL_DEREFERENCE = "runtime error: invalid memory address or nil pointer dereference";

/**
 * The receiver of a pointer-receiver method promoted through an embedded pointer that is nil: Go
 * calls the method with a nil receiver (no dereference, so no panic); its twin gets `null`.
 */
export const NIL_RECEIVER: unique symbol = Symbol("gojson.codec-v1.nilReceiver");

/** What walkHops returns where Go dereferences a nil embedded pointer (and panics). */
export const NIL_PANIC: unique symbol = Symbol("gojson.codec-v1.nilPanic");

/**
 * Walks the method's hops from `v` to its receiver. A nil embedded pointer is the receiver
 * itself when it is the last hop and the method has a pointer receiver (NIL_RECEIVER); anywhere
 * else Go dereferences it and panics (NIL_PANIC).
 */
export function walkHops(v: any, m: Pick<FoundMethod, "hops" | "pointerReceiver">): any {
  const hops = m.hops;
  for (let i = 0; i < hops.length; i++) {
    const h = hops[i] as MethodHop;
    v = v[h.name];
    if (h.pointer && (v === null || v === undefined))
      return m.pointerReceiver && i === hops.length - 1 ? NIL_RECEIVER : NIL_PANIC;
  }
  return v;
}

/** Whether `*T` implements the method (pointer method set). */
export function ptrHas(t: GoType, name: MethodName): boolean {
  return findMethod(t, name) !== null;
}
