/**
 * Go 1.27's `string` tag option (the StringTag flag of encoding/json/v2): it takes effect on the
 * field's own value only (Go clears it when an object or array begins; pointers forward it), and
 * what it does depends on the type it reaches. Shared by the marshal and unmarshal plans.
 * (Go 1.26 instead turned StringifyNumbers on for the whole field value; see go-version.ts.)
 */
import type { GoType } from "@gojson/gotype";
import { lookupMethod } from "./go-values.js";
import type { ResolvedOptions } from "./options.js";

/**
 * What the `string` option does to a value of type t (not a pointer):
 * - "number": the JSON number is quoted (integers, floats, json.Number, v1's nanosecond Duration);
 * - "legacy": v1's quoting of a bool, string or number (stringifyWithLegacySemantics);
 * - "ignore": no effect (raw values, types whose methods are called, and any other kind under legacy
 *   error reporting); `addressable`: whether pointer-receiver marshal methods are called (v1 semantics
 *   call them on addressable values only);
 * - "error": Go's `invalid use of \`string\` tag option` (string, bool, bytes, map, slice, array,
 *   struct, interface, time.Time).
 */
export type StringTagUse = "number" | "legacy" | "ignore" | "error";

/** stringTagUse is what Go 1.27's `string` option does to a value of type t (t is not a pointer). */
export function stringTagUse(
  t: GoType,
  o: ResolvedOptions,
  op: "marshal" | "unmarshal",
  addressable = true,
): StringTagUse {
  const f = o.flags;
  const orError: StringTagUse = f.reportErrorsWithLegacySemantics ? "ignore" : "error";
  const number: StringTagUse = f.stringifyWithLegacySemantics ? "legacy" : "number";
  switch (t.known) {
    case "json.RawMessage":
    case "jsontext.Value":
      return "ignore";
    case "json.Number":
      return "number";
    case "time.Duration":
      // Without a format: nanoseconds under v1 semantics (an int64), else Go's no-representation error first.
      return f.formatDurationAsNano ? number : "ignore";
    case "time.Time":
      return orError;
  }
  // A method of the operation takes the value as it is (Go's method arshalers come first).
  const methods =
    op === "marshal"
      ? lookupMethod(t, "MarshalJSONTo", addressable) ||
        lookupMethod(t, "MarshalJSON", addressable) ||
        lookupMethod(t, "AppendText", addressable) ||
        lookupMethod(t, "MarshalText", addressable)
      : lookupMethod(t, "UnmarshalJSONFrom") ||
        lookupMethod(t, "UnmarshalJSON") ||
        lookupMethod(t, "UnmarshalText");
  if (methods) return "ignore";
  switch (t.kind) {
    case "bool":
    case "string":
      return f.stringifyWithLegacySemantics ? "legacy" : orError;
    case "int":
    case "int8":
    case "int16":
    case "int32":
    case "int64":
    case "uint":
    case "uint8":
    case "uint16":
    case "uint32":
    case "uint64":
    case "uintptr":
    case "float32":
    case "float64":
      return number;
    default:
      return orError;
  }
}

/**
 * Whether Go 1.27's `string` option on a pointer to a pointer is an error (v1 semantics do not
 * quote through two pointers: the option is dropped under legacy error reporting, else an error).
 */
export function stringTagPointerToPointer(t: GoType, o: ResolvedOptions): "error" | "drop" | "keep" {
  if (!(t.kind === "pointer" && t.elem.kind === "pointer" && o.flags.stringifyWithLegacySemantics))
    return "keep";
  return o.flags.reportErrorsWithLegacySemantics ? "drop" : "error";
}

/**
 * canLegacyStringify is Go 1.26's canLegacyStringify: v1's `string` option quotes a bool, string
 * or number, or one UNNAMED pointer to such (a named pointer type, `type P *bool`, is not
 * looked through: the option is ignored there).
 */
export function canLegacyStringify(t: GoType): boolean {
  const u = t.kind === "pointer" && t.name === undefined ? t.elem : t;
  switch (u.kind) {
    case "slice":
    case "array":
    case "map":
    case "struct":
    case "interface":
    case "pointer":
      return false;
    default:
      return true;
  }
}
