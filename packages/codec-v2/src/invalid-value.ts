/**
 * Values that do not fit their Go type. Go's marshal never meets one (a Go value always has
 * its type); in TypeScript a value can be anything, so marshal checks each value against its
 * Go type as it writes it (the checks are folded into the type tests the encoders already
 * make) and throws {@link InvalidValueError} before a wrong byte is returned: marshal never
 * writes invalid JSON nor JSON that Go could not write for that type.
 */
import {
  GoTime,
  type GoType,
  INTEGER_KINDS,
  intBounds,
  JsonNumber,
  typeString as reflectTypeString,
} from "@gojson/gotype";
import { SemanticError } from "./errors.js";
import { structFieldsV2 } from "./fields.js";
import type { GoVersion } from "./go-version.js";
import { pointerChainEnd } from "./pointer-chain.js";

const INVALID_VALUE = Symbol.for("gojson.error.InvalidValueError");

/** Longest string shown in full in an error's `got` text (longer ones are cut short). */
export const GOT_STRING_MAX = 40;

/**
 * InvalidValueError is a value that does not fit its Go type, found by marshal before any
 * output is returned. A SemanticError (so a JsonError) whose message is
 * `json: <goPath>: want <want>, got <got>`, e.g. `json: Order.ID: want int64 (bigint), got string "x"`.
 */
export class InvalidValueError extends SemanticError {
  override name = "InvalidValueError";
  /** The Go path of the value: `Order.Items[2].Qty`, `Order.Tags["k"]` (set when marshal returns). */
  goPath = "";
  /** What the Go type takes, in Go and TypeScript terms: `int64 (bigint)`. */
  want = "";
  /** What came: `string "not a bigint"`, `number 1.5`, `undefined (missing field)`. */
  got = "";
  /** @internal Go path below the JSON pointer (an embedded struct, which has no pointer segment of its own). */
  goSuffix = "";
  constructor(goType: GoType, want: string, got: string) {
    super({ action: "marshal", goType });
    (this as { code: string }).code = "GOJSON_ERR_INVALID_VALUE";
    this.want = want;
    this.got = got;
    Object.defineProperty(this, INVALID_VALUE, { value: true });
    this.render();
  }
  /** render recomputes `message` from the fields. */
  override render(): void {
    // Called by SemanticError's constructor before this class's fields exist.
    if (this.want === undefined) return;
    this.message = `json: ${this.goPath === "" ? "value" : this.goPath}: want ${this.want}, got ${this.got}`;
  }
  /** isInstance reports whether `e` is an InvalidValueError, also from another installed copy. */
  static override isInstance(e: unknown): e is InvalidValueError {
    return typeof e === "object" && e !== null && (e as Record<symbol, unknown>)[INVALID_VALUE] === true;
  }
}

/** The integer kinds held in a JS number (int8 … uint32) and in a bigint (int, int64, uint, uint64, uintptr), with their ranges. */
const SMALL_RANGE: Record<string, readonly [number, number]> = {};
const BIG_RANGE: Record<string, readonly [bigint, bigint]> = {};
for (const k of INTEGER_KINDS) {
  const [lo, hi] = intBounds(k);
  if (hi > BigInt(Number.MAX_SAFE_INTEGER)) BIG_RANGE[k] = [lo, hi];
  else SMALL_RANGE[k] = [Number(lo), Number(hi)];
}

/** The largest finite float32. */
const FLOAT32_MAX = 3.4028234663852886e38;

/** describeValue renders what came, for an error: `string "abc"`, `number 1.5`, `Map of size 2`. */
export function describeValue(v: unknown): string {
  switch (typeof v) {
    case "undefined":
      return "undefined";
    case "string":
      return `string ${JSON.stringify(v.length > GOT_STRING_MAX ? `${v.slice(0, GOT_STRING_MAX)}…` : v)}`;
    case "number":
      return `number ${Object.is(v, -0) ? "-0" : String(v)}`;
    case "bigint":
      return `bigint ${v}`;
    case "boolean":
      return `boolean ${v}`;
    case "function":
      return "function";
    case "symbol":
      return "symbol";
  }
  if (v === null) return "null";
  if (Array.isArray(v)) return `array of length ${v.length}`;
  if (v instanceof Uint8Array) return `Uint8Array of length ${v.length}`;
  if (v instanceof Map) return `Map of size ${v.size}`;
  if (GoTime.isInstance(v)) return "GoTime";
  if (JsonNumber.isInstance(v)) return `JsonNumber ${JSON.stringify(v.text)}`;
  const proto = Object.getPrototypeOf(v) as { constructor?: { name?: string } } | null;
  if (proto === null || proto === Object.prototype) return "object";
  const name = proto.constructor?.name;
  return name ? `${name} object` : "object";
}

/** The TypeScript form of values of t (the contract's value table), for an error's `want`. */
function tsForm(t: GoType, outOfRange: boolean): string | undefined {
  switch (t.known) {
    case "time.Time":
      return "GoTime";
    case "time.Duration":
      return "bigint";
    case "json.Number":
      return "JsonNumber or string";
    case "json.RawMessage":
    case "jsontext.Value":
      return "Uint8Array, string or null";
  }
  switch (t.kind) {
    case "bool":
      return "boolean";
    case "string":
      return undefined;
    case "float32":
      return outOfRange ? `number within ±${FLOAT32_MAX}` : "number";
    case "float64":
      return "number";
    case "slice":
      return t.elem.kind === "uint8" && t.elem.name === undefined ? "Uint8Array or null" : "array or null";
    case "array":
      return `array of length ${t.len}`;
    case "map":
      return "Map or null";
    case "pointer": {
      const e = tsForm(t.elem, false);
      return e === undefined ? `${reflectTypeString(t.elem)} or null` : `${e} or null`;
    }
    case "interface":
      return undefined;
    case "struct":
      return "object";
  }
  const small = SMALL_RANGE[t.kind];
  if (small !== undefined)
    return outOfRange ? `integer number in [${small[0]}, ${small[1]}]` : "integer number";
  const big = BIG_RANGE[t.kind];
  if (big !== undefined) return outOfRange ? `bigint in [${big[0]}, ${big[1]}]` : "bigint";
  return undefined;
}

/** wantText renders what Go type t takes: `int64 (bigint)`, `[]string (array or null)`. */
export function wantText(t: GoType, outOfRange = false): string {
  const go = reflectTypeString(t);
  const ts = tsForm(t, outOfRange);
  return ts === undefined ? go : `${go} (${ts})`;
}

/** invalidValue makes the error for value v that does not fit Go type t. */
export function invalidValue(t: GoType, v: unknown): InvalidValueError {
  return new InvalidValueError(t, wantText(t, isOutOfRange(t, v)), describeValue(v));
}

/** missingField makes the error for a struct field whose value is absent (undefined). */
export function missingField(t: GoType): InvalidValueError {
  return new InvalidValueError(t, wantText(t), "undefined (missing field)");
}

/** Whether v has the JS type t takes but a value outside its range (the want text then says the range). */
function isOutOfRange(t: GoType, v: unknown): boolean {
  if (typeof v === "number")
    return SMALL_RANGE[t.kind] !== undefined ? Number.isInteger(v) : t.kind === "float32";
  return typeof v === "bigint" && BIG_RANGE[t.kind] !== undefined;
}

/** isSmallInt reports whether v is a number that int kind k (int8 … uint32) holds. */
export function isSmallInt(k: string, v: unknown): boolean {
  const r = SMALL_RANGE[k];
  return r !== undefined && typeof v === "number" && Number.isInteger(v) && v >= r[0] && v <= r[1];
}

/** isBigInt reports whether v is a bigint that int kind k (int, int64, uint, uint64, uintptr) holds. */
export function isBigInt(k: string, v: unknown): boolean {
  if (typeof v !== "bigint") return false;
  const r = BIG_RANGE[k];
  return r !== undefined && v >= r[0] && v <= r[1];
}

/** isFloat32 reports whether v is a number a float32 holds (after rounding; NaN and ±Inf are Go's own errors). */
export function isFloat32(v: unknown): boolean {
  return typeof v === "number" && (Number.isFinite(Math.fround(v)) || !Number.isFinite(v));
}

/** checkInt throws unless v is an integer value that int kind t holds (a number up to 32 bits, else a bigint). */
export function checkInt(t: GoType, v: unknown): void {
  if (BIG_RANGE[t.kind] !== undefined ? !isBigInt(t.kind, v) : !isSmallInt(t.kind, v))
    throw invalidValue(t, v);
}

/** Whether the kind is an integer kind that holds a bigint (int, int64, uint, uint64, uintptr). */
export function isBigKind(k: string): boolean {
  return BIG_RANGE[k] !== undefined;
}

function pointerTokens(p: string): string[] {
  if (p === "") return [];
  return p
    .slice(1)
    .split("/")
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
}

/**
 * goPathOf renders the Go path of the value at JSON pointer `ptr` of a value of type `root`
 * (error path only): `Order.Items[2].Qty`; a field promoted from an embedded struct as
 * `Order.Base.ID` (where it is in the TypeScript value), a map entry as `["key"]`.
 */
export function goPathOf(root: GoType, ptr: string, go: GoVersion): string {
  let path = root.name ?? reflectTypeString(root);
  let t: GoType | undefined = root;
  for (const seg of pointerTokens(ptr)) {
    if (t !== undefined) t = pointerChainEnd(t);
    if (t === undefined) {
      path += `[${JSON.stringify(seg)}]`;
      continue;
    }
    switch (t.kind) {
      case "struct": {
        const fd = structFieldsV2(t, go).byName.get(seg);
        if (fd !== undefined) {
          path += `.${fd.path.join(".")}`;
          t = fd.type;
        } else {
          // A member of an inlined fallback map.
          path += `[${JSON.stringify(seg)}]`;
          t = undefined;
        }
        break;
      }
      case "slice":
      case "array":
        path += `[${seg}]`;
        t = t.elem;
        break;
      case "map":
        path += t.key.kind === "string" ? `[${JSON.stringify(seg)}]` : `[${seg}]`;
        t = t.elem;
        break;
      default:
        path += /^(0|[1-9][0-9]*)$/.test(seg) ? `[${seg}]` : `[${JSON.stringify(seg)}]`;
    }
  }
  return path;
}

/** finishInvalidValue sets the Go path of an InvalidValueError reaching marshal's top level (a no-op for other errors). */
export function finishInvalidValue(e: unknown, root: GoType, go: GoVersion): unknown {
  if (InvalidValueError.isInstance(e)) {
    e.goPath = goPathOf(root, e.jsonPointer, go) + e.goSuffix;
    e.render();
  }
  return e;
}
