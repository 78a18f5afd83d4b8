/**
 * Checks of the arguments every entry point takes (a Go type, input data),
 * made once per call at the API boundary: a wrong argument is an
 * InvalidArgumentError saying what was expected and what came.
 */
import { type GoType, isGoType } from "./deps.js";
import { InvalidArgumentError } from "./errors.js";
import { describeValue } from "./value-check.js";

/** Throws unless `t` is a GoType (an object with a Go kind). */
export function checkType(operation: string, t: unknown): asserts t is GoType {
  if (isGoType(t)) return;
  throw new InvalidArgumentError(
    operation,
    "type",
    `must be a GoType (from parseGo, goType, T or the gotype constructors), got ${describeValue(t)}`,
  );
}

/** Throws unless `data` is JSON input: a Uint8Array (a Buffer too) or a string. */
export function checkData(operation: string, data: unknown): asserts data is Uint8Array | string {
  if (typeof data === "string" || data instanceof Uint8Array) return;
  throw new InvalidArgumentError(
    operation,
    "data",
    `must be a Uint8Array or a string of JSON text, got ${describeValue(data)}`,
  );
}
