/**
 * Values that do not fit their Go type, found by the encoders while they write
 * (no second pass): the writers' own typeof tests throw a Mismatch, containers
 * add their path segment while it unwinds, and marshal turns it into an
 * InvalidValueError (see its doc for the message format).
 */
import {
  GoTime,
  type GoType,
  type IntKind,
  intBounds,
  JsonNumber,
  typeString,
  type UintKind,
} from "./deps.js";
import { InvalidValueError } from "./errors.js";
import { compareUtf8 } from "./format.js";

/** Thrown by an encoder for a value that does not fit type `t`; `segments` fill in innermost first. */
export class Mismatch {
  /** Path segments (`.Field`, `[3]`, `["k"]`), innermost first. */
  readonly segments: string[] = [];
  /** Set when the value sat below a deferred (deeply nested) pass: the path above it is unknown. */
  deferred = false;
  constructor(
    readonly t: GoType,
    readonly want: string,
    public got: string,
  ) {}
}

/** Adds a path segment to `x` when it is a Mismatch; returns `x` to rethrow. */
export function withSegment(x: unknown, segment: string): unknown {
  if (x instanceof Mismatch) x.segments.push(segment);
  return x;
}

/** The path segment of a map key or object member name (`["k"]`, `[7]`). */
export function keySegment(k: unknown): string {
  return typeof k === "string" ? `[${JSON.stringify(k)}]` : `[${String(k)}]`;
}

/** Whether values of integer kind `k` are bigints (int, int64, uint, uint64, uintptr). */
export function isBigKind(k: string): boolean {
  return k === "int" || k === "int64" || k === "uint" || k === "uint64" || k === "uintptr";
}

/** The bounds of integer kind `k` as numbers (only for the kinds held in a number). */
export function numberBounds(k: string): readonly [number, number] {
  const b = intBounds(k as IntKind | UintKind);
  return [Number(b[0]), Number(b[1])];
}

/** The bounds of integer kind `k` as bigints. */
export function bigBounds(k: string): readonly [bigint, bigint] {
  return intBounds(k as IntKind | UintKind);
}

/** A check that `v` is a value of integer kind `k` (an integer number in range, or a bigint in range). */
export function intCheck(k: string): (v: unknown) => boolean {
  if (isBigKind(k)) {
    const [lo, hi] = bigBounds(k);
    return (v) => typeof v === "bigint" && v >= lo && v <= hi;
  }
  switch (k) {
    case "int8":
      return (v) => typeof v === "number" && (v << 24) >> 24 === v;
    case "int16":
      return (v) => typeof v === "number" && (v << 16) >> 16 === v;
    case "int32":
      return (v) => typeof v === "number" && (v | 0) === v;
    case "uint8":
      return (v) => typeof v === "number" && (v & 0xff) === v;
    case "uint16":
      return (v) => typeof v === "number" && (v & 0xffff) === v;
    default:
      return (v) => typeof v === "number" && v >>> 0 === v;
  }
}

/** What `v` is, for messages: `string "abc"`, `number 1.5`, `undefined`, `array of length 2`, ... */
export function describeValue(v: unknown): string {
  switch (typeof v) {
    case "undefined":
      return "undefined";
    case "boolean":
      return `boolean ${v}`;
    case "number":
      return `number ${Object.is(v, -0) ? "-0" : String(v)}`;
    case "bigint":
      return `bigint ${v}`;
    case "string":
      return `string ${JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v)}`;
    case "symbol":
      return "symbol";
    case "function":
      return "function";
  }
  if (v === null) return "null";
  if (Array.isArray(v)) return `array of length ${v.length}`;
  if (v instanceof Uint8Array) return `${v.constructor?.name ?? "Uint8Array"} of length ${v.length}`;
  if (v instanceof Map) return `Map of size ${v.size}`;
  if (JsonNumber.isInstance(v)) return `JsonNumber ${JSON.stringify(v.text)}`;
  if (GoTime.isInstance(v)) return "GoTime";
  const proto = Object.getPrototypeOf(v);
  if (proto === Object.prototype || proto === null) return "object";
  const name = (v as { constructor?: { name?: unknown } }).constructor?.name;
  return typeof name === "string" && name !== "" && name !== "Object" ? `${name} object` : "object";
}

/** The TypeScript forms the values held in an `any` may take. */
export const ANY_FORMS =
  "null, boolean, number, bigint, string, array, plain object, Map with string keys, Uint8Array, JsonNumber or GoTime";

/** The TypeScript form of values of `t` (the parenthesis of `want`), or "" when it says nothing more than the Go type. */
function tsForm(t: GoType, v: unknown): string {
  switch (t.known) {
    case "time.Time":
      return "GoTime";
    case "json.Number":
      return "JsonNumber or string";
    case "json.RawMessage":
    case "jsontext.Value":
      return "Uint8Array or null";
    default:
      break;
  }
  switch (t.kind) {
    case "bool":
      return "boolean";
    case "string":
      return t.name === undefined ? "" : "string";
    case "float32":
    case "float64":
      return "number";
    case "interface":
      return ANY_FORMS;
    case "pointer":
      return "a value or null";
    case "slice":
      return t.elem.kind === "uint8" ? "Uint8Array or null" : "array or null";
    case "array":
      return `array of length ${t.len}`;
    case "map":
      return "Map or null";
    case "struct":
      return "object";
    default: {
      const [lo, hi] = bigBounds(t.kind);
      const big = isBigKind(t.kind);
      const outOfRange = big ? typeof v === "bigint" : typeof v === "number" && Number.isInteger(v);
      const form = big ? "bigint" : "integer number";
      return outOfRange ? `${form} in [${lo}, ${hi}]` : form;
    }
  }
}

/** The `want` text for a value of `t` that `v` failed to be. */
export function wantText(t: GoType, v: unknown): string {
  const ts = typeString(t);
  const form = tsForm(t, v);
  return form === "" ? ts : `${ts} (${form})`;
}

/** A Mismatch for value `v` of type `t` (the error path: builds the texts). */
export function mismatch(t: GoType, v: unknown): Mismatch {
  return new Mismatch(t, wantText(t, v), describeValue(v));
}

/** A Mismatch for a struct field that is absent or undefined. */
export function missingField(t: GoType): Mismatch {
  return new Mismatch(t, wantText(t, undefined), "undefined (missing field)");
}

/** A Mismatch for a map key `k` that is not a key of type `t`. */
export function keyMismatch(t: GoType, k: unknown): Mismatch {
  return new Mismatch(t, `${wantText(t, k)} map key`, describeValue(k));
}

/** Path segments past which an InvalidValueError's path is cut short (the first and last ones kept). */
export const PATH_MAX_SEGMENTS = 48;
const PATH_KEEP_HEAD = 16;
const PATH_KEEP_TAIL = 24;

/** The marshal-level error for a Mismatch that reached the top of a marshal of type `root`. */
export function toInvalidValueError(m: Mismatch, root: GoType): InvalidValueError {
  const head = root.name ?? typeString(root);
  let segs = m.segments.slice().reverse();
  // A path thousands of levels deep is cut short in the middle.
  if (segs.length > PATH_MAX_SEGMENTS)
    segs = [...segs.slice(0, PATH_KEEP_HEAD), "…", ...segs.slice(segs.length - PATH_KEEP_TAIL)];
  const path = segs.join("");
  return new InvalidValueError({
    goPath: `${head}${m.deferred ? "…" : ""}${path}`,
    want: m.want,
    got: m.got,
    goType: typeString(m.t),
  });
}

/** Whether `v` may be held in an `any` (see ANY_FORMS), scalars and container kinds only. */
function anyOk(v: unknown): boolean {
  switch (typeof v) {
    case "string":
    case "number":
    case "boolean":
    case "bigint":
    case "function": // Go's UnsupportedTypeError, not a mismatch
      return true;
    case "object":
      break;
    default:
      return false;
  }
  if (v === null || Array.isArray(v) || v instanceof Uint8Array || v instanceof Map) return true;
  if (JsonNumber.isInstance(v) || GoTime.isInstance(v)) return true;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/**
 * The path (segments, innermost first) to the first value held in the `any` value `v` that an
 * `any` cannot hold, in the encoder's order (arrays in order, members by Go's key order), or null.
 * Only run on the error path, to name where the encoder stopped.
 */
export function findAnyMismatch(v: unknown, ANY: GoType): Mismatch | null {
  const seen = new Set<object>();
  const walk = (x: unknown): Mismatch | null => {
    if (!anyOk(x)) return mismatch(ANY, x);
    if (typeof x !== "object" || x === null || seen.has(x)) return null;
    if (x instanceof Uint8Array || JsonNumber.isInstance(x) || GoTime.isInstance(x)) return null;
    seen.add(x);
    try {
      if (Array.isArray(x)) {
        for (let i = 0; i < x.length; i++) {
          const m = walk(x[i]);
          if (m !== null) {
            m.segments.push(`[${i}]`);
            return m;
          }
        }
        return null;
      }
      let entries: [unknown, unknown][];
      if (x instanceof Map) {
        for (const k of x.keys()) {
          if (typeof k === "string") continue;
          const m = keyMismatch(ANY_KEY, k);
          m.segments.push(keySegment(k));
          return m;
        }
        entries = [...x];
      } else entries = Object.keys(x).map((k) => [k, (x as Record<string, unknown>)[k]]);
      entries.sort((a, b) => compareUtf8(a[0] as string, b[0] as string));
      for (const [k, e] of entries) {
        const m = walk(e);
        if (m !== null) {
          m.segments.push(keySegment(k));
          return m;
        }
      }
      return null;
    } finally {
      seen.delete(x);
    }
  };
  return walk(v);
}

/** The key type of a map held in an `any` (map[string]interface {}). */
const ANY_KEY: GoType = { kind: "string" };
