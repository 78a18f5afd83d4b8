/**
 * `omitempty` and `omitzero` (Go's isEmptyValue and the IsZero rule): which
 * field values a struct encoder leaves out.
 */
import { GoTime, type GoType, JsonNumber } from "./deps.js";
import { GoError } from "./errors.js";
import {
  type FoundMethod,
  findMethod,
  NIL_DEREFERENCE,
  NIL_PANIC,
  NIL_RECEIVER,
  walkHops,
} from "./methods.js";
import { PlanCache } from "./plan-cache.js";

// The omitempty tests, one function per rule (asked for per field: made once, not per field).
const ALWAYS = (): boolean => true;
// A value of the wrong type is never empty: the encoder then reports it.
const EMPTY_MAP = (v: any): boolean => v === null || (v instanceof Map && v.size === 0);
const EMPTY_SLICE = (v: any): boolean =>
  v === null || ((Array.isArray(v) || v instanceof Uint8Array) && v.length === 0);
const EMPTY_NUMBER_TEXT = (v: any): boolean => v === "" || (JsonNumber.isInstance(v) && v.text === "");
const EMPTY_STRING = (v: any): boolean => v === "";
const FALSE = (v: any): boolean => v === false;
const ZERO_INT = (v: any): boolean => v === 0 || v === 0n;
// reflect.Value.IsZero reports -0 as zero.
const ZERO_FLOAT = (v: any): boolean => v === 0;
const NIL = (v: any): boolean => v === null;

/** Go's isEmptyValue for values of type `t` (the omitempty test). */
export function isEmptyFn(t: GoType): ((v: any) => boolean) | null {
  switch (t.kind) {
    case "array":
      return t.len === 0 ? ALWAYS : null;
    case "map":
      return EMPTY_MAP;
    case "slice":
      return EMPTY_SLICE;
    case "string":
      return t.known === "json.Number" ? EMPTY_NUMBER_TEXT : EMPTY_STRING;
    case "bool":
      return FALSE;
    case "int":
    case "int64":
    case "uint":
    case "uint64":
    case "uintptr":
    case "int8":
    case "int16":
    case "int32":
    case "uint8":
    case "uint16":
    case "uint32":
      return ZERO_INT;
    case "float32":
    case "float64":
      return ZERO_FLOAT;
    case "interface":
    case "pointer":
      return NIL;
    case "struct":
      return null;
  }
}

/** The omitzero test for a field of type `t`: its IsZero method if it has one, else reflect's IsZero. */
export function isZeroFieldFn(t: GoType): (v: any) => boolean {
  if (
    t.kind === "pointer" &&
    t.name === undefined &&
    t.elem.kind !== "pointer" &&
    t.elem.kind !== "interface"
  ) {
    const m = findMethod(t.elem, "IsZero");
    if (m !== null) return (v) => v === null || (v !== undefined && callIsZero(m, v));
  }
  if (t.kind !== "pointer" && t.kind !== "interface") {
    const m = findMethod(t, "IsZero");
    if (m !== null) return (v) => callIsZero(m, v);
  }
  return isZeroFn(t);
}

function callIsZero(m: FoundMethod, v: any): boolean {
  const found = walkHops(v, m);
  const recv = found === NIL_RECEIVER ? null : found;
  if (recv === NIL_PANIC) throw new GoError("panic", NIL_DEREFERENCE);
  return Boolean(m.fn(recv));
}

const zeroCache = new PlanCache<(v: any) => boolean>();

/** reflect.Value.IsZero for values of type `t`. */
export function isZeroFn(t: GoType): (v: any) => boolean {
  let f = zeroCache.get(t);
  if (f !== undefined) return f;
  let built: ((v: any) => boolean) | undefined;
  zeroCache.set(t, (v) => (built as (v: any) => boolean)(v));
  switch (t.kind) {
    case "bool":
      built = (v) => v === false;
      break;
    case "string":
      built =
        t.known === "json.Number"
          ? (v) => v === "" || (JsonNumber.isInstance(v) && v.text === "")
          : (v) => v === "";
      break;
    case "float32":
    case "float64":
      built = (v) => v === 0;
      break;
    case "slice":
    case "map":
    case "pointer":
    case "interface":
      built = (v) => v === null;
      break;
    case "array": {
      const ez = isZeroFn(t.elem);
      built = (v) => {
        if (!Array.isArray(v)) return false;
        for (let i = 0; i < v.length; i++) if (!ez(v[i])) return false;
        return true;
      };
      break;
    }
    case "struct": {
      if (t.known === "time.Time") {
        built = (v) => GoTime.isInstance(v) && v.unix === new GoTime().unix && v.nsec === 0 && v.offset === 0;
        break;
      }
      const fs = t.fields.map((f) => [f.name, isZeroFn(f.type)] as const);
      built = (v) => {
        if (typeof v !== "object" || v === null) return false;
        for (const [name, z] of fs) if (name !== "_" && !z(v[name])) return false;
        return true;
      };
      break;
    }
    default:
      built = (v) => v === 0 || v === 0n;
  }
  zeroCache.set(t, built);
  f = built;
  return f;
}
