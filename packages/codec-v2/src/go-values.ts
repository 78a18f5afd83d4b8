/**
 * Value helpers over @gojson/gotype: zero values, IsZero for omitzero,
 * and method lookup with the receiver reached through promoted fields.
 */
import {
  GoTime,
  type GoType,
  lookupMethod as gotypeLookup,
  zero as gotypeZero,
  type MethodName,
} from "@gojson/gotype";

/** Whether t is int, int64, uint, uint64 or uintptr (a bigint in TypeScript). */
export function isBigKind(t: GoType): boolean {
  const k = t.kind;
  return k === "int" || k === "int64" || k === "uint" || k === "uint64" || k === "uintptr";
}

/** zero returns the zero value of t in its TypeScript form (gotype's zero). */
export const zero: (t: GoType) => unknown = gotypeZero;

/** isZero reports whether v is the zero value of t (reflect.Value.IsZero, no methods). */
export function isZero(t: GoType, v: unknown): boolean {
  if (t.known === "time.Time") return GoTime.isInstance(v) ? v.isZero() : true;
  if (t.known === "json.Number") return v === null || v === undefined || String(v) === "";
  switch (t.kind) {
    case "bool":
      return v === false;
    case "string":
      return v === "";
    case "slice":
    case "map":
    case "pointer":
    case "interface":
      return v === null || v === undefined;
    case "array":
      return Array.from(v as ArrayLike<unknown>).every((e) => isZero(t.elem, e));
    case "struct":
      return t.fields.every((f) => f.name === "_" || isZero(f.type, (v as Record<string, unknown>)[f.name]));
    default:
      return v === 0 || v === 0n;
  }
}

/** A callable method: marshal-side `call(value)`, unmarshal-side `call(data, current)` returning the new value. */
export interface FoundMethod {
  readonly call: (value: any, ...args: any[]) => any;
}

/**
 * lookupMethod finds method `name` of t (Go method sets, promotion included).
 * `addressable` admits pointer-receiver methods (always true under v2 semantics).
 */
export function lookupMethod(t: GoType, name: MethodName, addressable = true): FoundMethod | undefined {
  const r = gotypeLookup(t, name, { addressable });
  if (!r) return undefined;
  const fn = r.method.fn;
  const path = r.path;
  if (path.length === 0) return { call: fn };
  return {
    call:
      name === "UnmarshalJSON" || name === "UnmarshalText"
        ? (data: Uint8Array, cur: any) => {
            // The receiver is the promoted field; the method's result is stored back there.
            let holder = cur;
            for (let i = 0; i < path.length - 1; i++) holder = holder?.[(path[i] as { name: string }).name];
            const last = (path[path.length - 1] as { name: string }).name;
            if (holder !== null && holder !== undefined) holder[last] = fn(data, holder[last]);
            return cur;
          }
        : (value: any) => {
            let recv = value;
            for (const step of path) {
              if (recv === null || recv === undefined) break;
              recv = recv[step.name];
            }
            return fn(recv);
          },
  };
}
