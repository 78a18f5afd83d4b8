/**
 * GoMethodMissingError: a codec called a JSON method that the Go source
 * declares but no TypeScript twin implements.
 */
import type { GoPos, MethodName, Receiver } from "./types.js";

/** Thrown when a codec calls a method declared in Go source (MarshalJSON, ...) that has no TypeScript twin. */
export class GoMethodMissingError extends Error {
  override readonly name = "GoMethodMissingError" as const;
  readonly code = "GOJSON_ERR_METHOD_MISSING" as const;
  /** The type as reflect prints it (`shop.Timestamp`). */
  readonly typeName: string;
  readonly method: MethodName;
  readonly receiver: Receiver;
  /** Where the Go source declares the method. */
  readonly pos?: GoPos;

  constructor(typeName: string, goName: string, method: MethodName, receiver: Receiver, pos?: GoPos) {
    const at =
      pos !== undefined ? ` at ${pos.file !== undefined ? `${pos.file}:` : ""}${pos.line}:${pos.col}` : "";
    const recv = receiver === "pointer" ? `*${goName}` : goName;
    super(
      `gotype: ${typeName} declares ${method} (receiver ${recv}) in Go source${at}, but no TypeScript twin is attached, so its JSON cannot be computed; attach one with withMethods(types.${goName}, { ${method}: ... }) or withPackageMethods(types, { ${goName}: { ${method}: ... } })`,
    );
    this.typeName = typeName;
    this.method = method;
    this.receiver = receiver;
    if (pos !== undefined) this.pos = pos;
  }

  /** Whether `e` is a GoMethodMissingError from any copy of this package. */
  static isInstance(e: unknown): e is GoMethodMissingError {
    return typeof e === "object" && e !== null && (e as Record<symbol, unknown>)[MARK] === true;
  }
}
const MARK = Symbol.for("gojson.error.GoMethodMissingError");
Object.defineProperty(GoMethodMissingError.prototype, MARK, { value: true });
