import type { GoType } from "@gojson/gotype";
import type { Tagged } from "./protocol.js";

/** How tagged leaves become the contract's runtime classes (GoTime, JsonNumber). */
export interface TaggedHooks {
  /** RFC 3339 text → a time value (default: the text itself). */
  time?: (rfc3339: string) => unknown;
  /** a time value → RFC 3339 text with nanoseconds (default: String(v)). */
  timeText?: (v: unknown) => string;
  /** json.Number literal → a number value (default: the text). */
  number?: (text: string) => unknown;
  /** a json.Number value → its text (default: `v.text` or String(v)). */
  numberText?: (v: unknown) => string;
}

const BIGINT_KINDS = new Set(["int", "int64", "uint", "uint64", "uintptr"]);
const INT_KINDS = new Set([
  "int",
  "int8",
  "int16",
  "int32",
  "int64",
  "uint",
  "uint8",
  "uint16",
  "uint32",
  "uint64",
  "uintptr",
]);

/** Go's float text in the tagged form → number. */
export function floatFromTagged(s: string): number {
  if (s === "NaN") return Number.NaN;
  if (s === "+Inf") return Number.POSITIVE_INFINITY;
  if (s === "-Inf") return Number.NEGATIVE_INFINITY;
  if (s === "-0") return -0;
  return Number(s);
}

/** number → Go's float text in the tagged form. */
export function floatToTagged(f: number): string {
  if (Number.isNaN(f)) return "NaN";
  if (f === Number.POSITIVE_INFINITY) return "+Inf";
  if (f === Number.NEGATIVE_INFINITY) return "-Inf";
  if (Object.is(f, -0)) return "-0";
  return String(f);
}

function bytesToBase64(b: Uint8Array): string {
  return Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString("base64");
}

function isByteSlice(t: GoType): boolean {
  return t.kind === "slice" && t.elem.kind === "uint8";
}

/** Type expression the oracle understands for a dynamic value held by `any` (decoded JSON shapes). */
function dynamicOf(v: unknown, hooks: TaggedHooks): { t: string; v: Tagged } {
  if (typeof v === "boolean") return { t: "bool", v };
  if (typeof v === "number") return { t: "float64", v: floatToTagged(v) };
  if (typeof v === "string") return { t: "string", v };
  if (typeof v === "bigint") return { t: "int64", v: v.toString() };
  if (Array.isArray(v)) return { t: "[]interface {}", v: v.map((x) => anyToTagged(x, hooks)) };
  if (v instanceof Map) {
    return { t: "map[string]interface {}", v: [...v].map(([k, x]) => [String(k), anyToTagged(x, hooks)]) };
  }
  if (
    v &&
    typeof v === "object" &&
    "text" in v &&
    typeof (v as { text: unknown }).text === "string" &&
    v.constructor?.name === "JsonNumber"
  ) {
    return { t: "json.Number", v: (v as { text: string }).text };
  }
  if (v && typeof v === "object") {
    return {
      t: "map[string]interface {}",
      v: Object.keys(v).map((k) => [k, anyToTagged((v as Record<string, unknown>)[k], hooks)]),
    };
  }
  throw new TypeError(`tagged: cannot tag ${typeof v} held by any`);
}

function anyToTagged(v: unknown, hooks: TaggedHooks): Tagged {
  if (v === null || v === undefined) return null;
  return dynamicOf(v, hooks) as unknown as Tagged;
}

/** Converts a contract-shaped TypeScript value of type `t` to the oracle's tagged tree. */
export function toTagged(t: GoType, v: unknown, hooks: TaggedHooks = {}): Tagged {
  if (t.known === "time.Time") return hooks.timeText ? hooks.timeText(v) : String(v);
  if (t.known === "json.Number") {
    if (hooks.numberText) return hooks.numberText(v);
    return typeof v === "string" ? v : String((v as { text?: string }).text ?? v);
  }
  switch (t.kind) {
    case "bool":
      return Boolean(v);
    case "float32":
    case "float64":
      return floatToTagged(v as number);
    case "string":
      return v as string;
    case "slice":
      if (v === null || v === undefined) return null;
      if (isByteSlice(t)) return bytesToBase64(v as Uint8Array);
      return (v as unknown[]).map((x) => toTagged(t.elem, x, hooks));
    case "array":
      return Array.from(v as ArrayLike<unknown>, (x) => toTagged(t.elem, x, hooks));
    case "map": {
      if (v === null || v === undefined) return null;
      const m = v as Map<unknown, unknown>;
      return [...m].map(([k, x]) => [toTagged(t.key, k, hooks), toTagged(t.elem, x, hooks)]);
    }
    case "pointer":
      return v === null || v === undefined ? null : toTagged(t.elem, v, hooks);
    case "interface":
      return anyToTagged(v, hooks);
    case "struct": {
      const o: Record<string, Tagged> = {};
      const src = (v ?? {}) as Record<string, unknown>;
      for (const f of t.fields) {
        if (Object.hasOwn(src, f.name)) o[f.name] = toTagged(f.type, src[f.name], hooks);
      }
      return o;
    }
    default:
      if (INT_KINDS.has(t.kind)) return String(v);
  }
  throw new TypeError(`tagged: unsupported kind ${t.kind}`);
}

/** Converts a tagged tree of type `t` (as the oracle writes it) to the contract's TypeScript value. */
export function fromTagged(t: GoType, tv: Tagged, hooks: TaggedHooks = {}): unknown {
  if (t.known === "time.Time") return hooks.time ? hooks.time(tv as string) : tv;
  if (t.known === "json.Number") return hooks.number ? hooks.number(tv as string) : tv;
  switch (t.kind) {
    case "bool":
      return tv === true;
    case "float32":
      return Math.fround(floatFromTagged(tv as string));
    case "float64":
      return floatFromTagged(tv as string);
    case "string":
      return tv;
    case "slice":
      if (tv === null) return null;
      if (isByteSlice(t)) return new Uint8Array(Buffer.from(tv as string, "base64"));
      return (tv as Tagged[]).map((x) => fromTagged(t.elem, x, hooks));
    case "array":
      if (t.elem.kind === "uint8" && typeof tv === "string") return [...Buffer.from(tv, "base64")];
      return (tv as Tagged[]).map((x) => fromTagged(t.elem, x, hooks));
    case "map":
      if (tv === null) return null;
      return new Map(
        (tv as Tagged[][]).map(([k, x]) => [
          fromTagged(t.key, k as Tagged, hooks),
          fromTagged(t.elem, x as Tagged, hooks),
        ]),
      );
    case "pointer":
      return tv === null ? null : fromTagged(t.elem, tv, hooks);
    case "interface":
      return anyFromTagged(tv, hooks);
    case "struct": {
      const o: Record<string, unknown> = {};
      const src = tv as Record<string, Tagged>;
      for (const f of t.fields) o[f.name] = fromTagged(f.type, src[f.name] ?? null, hooks);
      return o;
    }
    default:
      if (BIGINT_KINDS.has(t.kind)) return BigInt(tv as string);
      if (INT_KINDS.has(t.kind)) return Number(tv as string);
  }
  throw new TypeError(`tagged: unsupported kind ${t.kind}`);
}

/** Reads the dynamic value of an `any` (the shapes JSON decoding produces). */
export function anyFromTagged(tv: Tagged, hooks: TaggedHooks = {}): unknown {
  if (tv === null) return null;
  const { t, v } = tv as { t: string; v: Tagged };
  switch (t) {
    case "bool":
      return v;
    case "float64":
      return floatFromTagged(v as string);
    case "string":
      return v;
    case "json.Number":
      return hooks.number ? hooks.number(v as string) : v;
    case "[]interface {}":
      return (v as Tagged[]).map((x) => anyFromTagged(x, hooks));
    case "map[string]interface {}": {
      if (v === null) return null;
      const o: Record<string, unknown> = {};
      for (const [k, x] of v as [string, Tagged][]) {
        Object.defineProperty(o, k, {
          value: anyFromTagged(x, hooks),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      return o;
    }
    default:
      return { goType: t, value: v };
  }
}
