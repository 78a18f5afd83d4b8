/**
 * Argument errors: a call that cannot be what the caller meant (no GoType, input that is not
 * JSON text, an unknown option, an option of the wrong type) is a TypeError that says what was
 * expected and what came, never ignored. The same class and texts as codec-v1's.
 */

import { isGoType } from "@gojson/gotype";

const INVALID_ARGUMENT = Symbol.for("gojson.error.InvalidArgumentError");

/** InvalidArgumentError is a wrong argument to a codec function (a TypeError: a programming error, not bad JSON). */
export class InvalidArgumentError extends TypeError {
  override name = "InvalidArgumentError";
  /** A stable machine-readable code. */
  readonly code = "GOJSON_ERR_INVALID_ARGUMENT";
  constructor(message: string) {
    super(message);
    Object.defineProperty(this, INVALID_ARGUMENT, { value: true });
  }
  /** isInstance reports whether e is an InvalidArgumentError, also from another installed copy. */
  static isInstance(e: unknown): e is InvalidArgumentError {
    return typeof e === "object" && e !== null && (e as Record<symbol, unknown>)[INVALID_ARGUMENT] === true;
  }
}

/** describeArgument renders what came, for an argument error: `undefined`, `number 42`, `Date object`. */
export function describeArgument(v: unknown): string {
  switch (typeof v) {
    case "undefined":
      return "undefined";
    case "string":
      return `string ${JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v)}`;
    case "number":
    case "bigint":
    case "boolean":
      return `${typeof v} ${String(v)}`;
    case "function":
      return "function";
    case "symbol":
      return "symbol";
  }
  if (v === null) return "null";
  if (Array.isArray(v)) return `array of length ${v.length}`;
  const proto = Object.getPrototypeOf(v) as { constructor?: { name?: string } } | null;
  if (proto === null || proto === Object.prototype) return "object";
  return `${proto.constructor?.name ?? "object"} object`;
}

/** checkGoType throws unless t is a GoType (gotype's T.int64, parseGo's types, goType(...)). */
export function checkGoType(fn: string, t: unknown): void {
  if (!isGoType(t))
    throw new InvalidArgumentError(
      `gojson: ${fn}: want a GoType (from @gojson/gotype: T.int64, parseGo, goType) as the type, got ${describeArgument(t)}`,
    );
}

/** checkInput throws unless data is JSON text: a Uint8Array or a string. */
export function checkInput(fn: string, data: unknown): void {
  if (typeof data !== "string" && !(data instanceof Uint8Array))
    throw new InvalidArgumentError(
      `gojson: ${fn}: want the JSON input as a Uint8Array or a string, got ${describeArgument(data)}`,
    );
}

/** Levenshtein distance between a and b (short option names: a small table is fine). */
function distance(a: string, b: string): number {
  const m = a.length;
  const n = b.length;
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  for (let i = 1; i <= m; i++) {
    const cur = [i];
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1]?.toLowerCase() === b[j - 1]?.toLowerCase() ? 0 : 1;
      cur[j] = Math.min((prev[j] as number) + 1, (cur[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
    }
    prev = cur;
  }
  return prev[n] as number;
}

/** nearestName returns the known name closest to `name` (a typo's likely meaning), or undefined when none is close. */
export function nearestName(name: string, known: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestD = Number.POSITIVE_INFINITY;
  for (const k of known) {
    const d = distance(name, k);
    if (d < bestD) {
      bestD = d;
      best = k;
    }
  }
  // Close enough to be a typo: at most a third of the name's length (and at least one edit allowed).
  return best !== undefined && bestD <= Math.max(2, Math.floor(name.length / 3)) ? best : undefined;
}

/** unknownOptionError is the error for an option name codec-v2 does not know, with the nearest known name. */
export function unknownOptionError(name: string, known: Iterable<string>): InvalidArgumentError {
  const near = nearestName(name, known);
  return new InvalidArgumentError(
    `gojson: unknown option ${JSON.stringify(name)}${near === undefined ? "" : ` (did you mean ${JSON.stringify(near)}?)`}`,
  );
}
