/**
 * Zero values, IsZero, and method lookup over the Go type model.
 * Local stand-ins until @gojson/gotype exports `zero`, `isZero` and `lookupMethod`.
 */
import type { GoMethod, GoType, MethodName } from "@gojson/gotype";
import { structFieldsV2 } from "./fields.js";
import { GoTime } from "./go-time.js";

/** Whether t is int, int64, uint, uint64 or uintptr (a bigint in TypeScript). */
export function isBigKind(t: GoType): boolean {
  const k = t.kind;
  return k === "int" || k === "int64" || k === "uint" || k === "uint64" || k === "uintptr";
}

/** zero returns the zero value of t in its TypeScript form. */
export function zero(t: GoType): unknown {
  if (t.known === "time.Time") return new GoTime(0n, 0, 0);
  switch (t.kind) {
    case "bool":
      return false;
    case "string":
      return "";
    case "float32":
    case "float64":
    case "int8":
    case "int16":
    case "int32":
    case "uint8":
    case "uint16":
    case "uint32":
      return 0;
    case "int":
    case "int64":
    case "uint":
    case "uint64":
    case "uintptr":
      return 0n;
    case "slice":
    case "map":
    case "pointer":
    case "interface":
      return null;
    case "array": {
      const a = new Array(t.len);
      for (let i = 0; i < t.len; i++) a[i] = zero(t.elem);
      return a;
    }
    case "struct": {
      const o: Record<string, unknown> = {};
      for (const f of t.fields) o[f.name] = zero(f.type);
      return o;
    }
  }
}

/** isZero reports whether v is the zero value of t (reflect.Value.IsZero). */
export function isZero(t: GoType, v: unknown): boolean {
  if (t.known === "time.Time") return v instanceof GoTime ? v.isZero() : true;
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
      return (v as unknown[]).every((e) => isZero(t.elem, e));
    case "struct":
      return t.fields.every((f) => isZero(f.type, (v as Record<string, unknown>)[f.name]));
    default:
      return v === 0 || v === 0n || (typeof v === "number" && v === 0 && !Object.is(v, -0));
  }
}

/** A method found for a type, with whether it needs an addressable (pointer) receiver. */
export interface FoundMethod {
  readonly method: GoMethod;
  readonly pointerOnly: boolean;
}

/** lookupMethod finds a method declared on t (or on *t's element for pointer types). */
export function lookupMethod(t: GoType, name: MethodName): FoundMethod | undefined {
  const m = t.methods?.[name];
  if (m) return { method: m, pointerOnly: m.receiver === "pointer" };
  return undefined;
}

/** Whether t or *t has any of the JSON or text methods. */
export function hasMarshalMethod(t: GoType): boolean {
  return !!(lookupMethod(t, "MarshalJSON") || lookupMethod(t, "MarshalText"));
}

/** Re-export for callers that need the field table. */
export { structFieldsV2 };
