/**
 * Go's universe scope as gotype resolves it: the predeclared types, `error`,
 * and the predeclared names that are not JSON types (complex numbers,
 * `comparable`), which become opaque types.
 */
import { T } from "./constructors.js";
import { opaqueType } from "./opaque.js";
import type { GoType, InterfaceType } from "./types.js";

/** Go's predeclared `error` interface (`Error() string`); typeString prints `error`. */
export const errorType: InterfaceType = Object.freeze({
  kind: "interface",
  name: "error",
  pkg: "",
  interfaceMethods: Object.freeze([Object.freeze({ name: "Error", signature: "() string" })]),
});

const complexHint =
  'complex numbers have no JSON form (encoding/json refuses them); tag the field `json:"-"` or use two float64 fields';

/** The universe scope by name (a Map: names such as `constructor` never reach Object.prototype). */
export const UNIVERSE: ReadonlyMap<string, GoType> = new Map<string, GoType>([
  ["bool", T.bool],
  ["int", T.int],
  ["int8", T.int8],
  ["int16", T.int16],
  ["int32", T.int32],
  ["int64", T.int64],
  ["uint", T.uint],
  ["uint8", T.uint8],
  ["uint16", T.uint16],
  ["uint32", T.uint32],
  ["uint64", T.uint64],
  ["uintptr", T.uintptr],
  ["float32", T.float32],
  ["float64", T.float64],
  ["string", T.string],
  ["byte", T.byte],
  ["rune", T.rune],
  ["any", T.any],
  ["error", errorType],
  ["complex64", opaqueType("complex64", "complex64", complexHint)],
  ["complex128", opaqueType("complex128", "complex128", complexHint)],
  [
    "comparable",
    opaqueType(
      "constraint",
      "comparable",
      "comparable is a type constraint; it cannot be the type of a value",
    ),
  ],
]);
