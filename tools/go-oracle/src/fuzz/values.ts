/**
 * Values and inputs of generated types: tagged values (what both sides start from), the JSON
 * text a naive encoder writes for them (shaped: duplicate members, unknown members, changed key
 * case), and the byte helpers of inputs that are not UTF-8.
 */
import { centsText } from "@gojson/fixtures";
import fc from "fast-check";
import type { Tagged } from "../protocol.js";
import { floatToTagged } from "../tagged.js";
import { isByteElem, type KeySpec, REG, type TypeSpec, underlying } from "./spec.js";

const safeString = fc
  .oneof(
    fc.string({ maxLength: 8 }),
    fc.string({ unit: "grapheme", maxLength: 6 }),
    fc.string({ unit: "binary-ascii", maxLength: 6 }),
    fc.constantFrom("<&>", "\u2028", "é", "😀", "\\", '"', "", "a", "A", "k:x"),
  )
  .filter((s) => !/[\uD800-\uDFFF]/.test(s.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g, "")));

/** Arbitrary JSON texts, and texts that fail at or near their first byte. */
export const jsonText = fc.oneof(
  { weight: 6, arbitrary: fc.json({ maxDepth: 2 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '{"a":1,"a":2}',
      '{"A":1,"a":2}',
      '" \\ud800 "',
      "[1,2,3]",
      '"<&>"',
      "1e400",
      // inputs that fail before or at the first value: a destination allocated first keeps what it got
      "false",
      "",
      '"a',
      "t\udcffrue",
      "{[",
      "{{",
      '{"a":1,[',
      "[{[}]",
      '"\\ud800"',
      '"\\udc00\\ud800x"',
    ),
  },
);

/** Times in UTC, whole milliseconds (years 1 to 9999). */
const timeUTC = fc
  .integer({ min: -62135596800000, max: 253402300799000 })
  .map((ms) => new Date(ms).toISOString().replace(".000Z", "Z"));

/**
 * Zone offsets Go's RFC 3339 parser takes, among them hours MarshalJSON rejects (`+24:00`,
 * `+23:60`: "timezone hour outside of range [0,23]").
 */
const OFFSETS = ["+05:30", "-23:59", "+23:59", "+24:00", "+23:60", "+00:00", "-12:00"];

/** Times with a zone offset and a fraction of 1 to 9 digits. */
const timeOffset = fc
  .record({
    ms: fc.integer({ min: -62135596800000, max: 253402300799000 }),
    frac: fc.stringMatching(/^[0-9]{1,9}$/),
    off: fc.constantFrom(...OFFSETS),
  })
  .map(({ ms, frac, off }) => `${new Date(ms).toISOString().slice(0, 19)}.${frac}${off}`);

/** Times at the edges: year 0 (RFC 3339 spells it, Date cannot), year 9999 in the last zone. */
const TIME_EDGES = [
  "0000-01-01T00:00:00Z",
  "0000-01-01T00:00:00+00:01",
  "9999-12-31T23:59:59.999999999-23:59",
  "9999-12-31T23:59:59+24:00",
];

function intRange(k: string): [bigint, bigint] {
  switch (k) {
    case "int8":
      return [-128n, 127n];
    case "uint8":
      return [0n, 255n];
    case "int16":
      return [-(2n ** 15n), 2n ** 15n - 1n];
    case "int32":
      return [-(2n ** 31n), 2n ** 31n - 1n];
    case "uint16":
      return [0n, 2n ** 16n - 1n];
    case "uint32":
      return [0n, 2n ** 32n - 1n];
    case "uint64":
    case "uintptr":
      return [0n, 2n ** 64n - 1n];
    default:
      return [-(2n ** 63n), 2n ** 63n - 1n];
  }
}

const bigIntArb = (k: string) => {
  const [min, max] = intRange(k);
  return fc
    .oneof(
      fc.bigInt({ min, max }),
      fc.constantFrom(min, max, 0n, 1n),
      fc.bigInt({ min: -300n, max: 300n }).filter((b) => b >= min && b <= max),
    )
    .map((b) => b.toString());
};

function anyArb(): fc.Arbitrary<Tagged> {
  return fc.jsonValue({ maxDepth: 2 }).map((v) => tagAny(v));
}

/** Tags a decoded-JSON-shaped value held by `any`. */
export function tagAny(v: unknown): Tagged {
  if (v === null) return null;
  if (typeof v === "boolean") return { t: "bool", v };
  if (typeof v === "number") return { t: "float64", v: floatToTagged(v) };
  if (typeof v === "string") return { t: "string", v };
  if (Array.isArray(v)) return { t: "[]interface {}", v: v.map(tagAny) };
  const o = v as Record<string, unknown>;
  return { t: "map[string]interface {}", v: Object.keys(o).map((k) => [k, tagAny(o[k])]) };
}

const keyArb = (k: KeySpec): fc.Arbitrary<Tagged> => {
  switch (k) {
    case "float64":
      // -0 is its own JSON name ("-0") but the same Go map key as 0
      return fc
        .oneof(fc.constantFrom(-0, 0, 1.5, 1e21, -1e-7, 2 ** 53 + 2), fc.double({ noNaN: true }))
        .map(floatToTagged);
    case "bool":
      return fc.boolean();
    case "int":
      return bigIntArb("int64");
    case "uint8":
    case "int8":
    case "int16":
    case "uint64":
      return bigIntArb(k);
    case "CentsV":
      return bigIntArb("int64");
    default:
      return safeString;
  }
};

/**
 * Arbitrary tagged values of a type. `budget` limits recursion through
 * registry types (undefined: no recursive type entered yet).
 */
export function valueArb(t: TypeSpec, budget?: number): fc.Arbitrary<Tagged> {
  const starved = budget !== undefined && budget <= 0;
  switch (t.k) {
    case "bool":
      return fc.boolean();
    case "int":
    case "int8":
    case "int16":
    case "int32":
    case "int64":
    case "uint8":
    case "uint16":
    case "uint32":
    case "uint64":
    case "uintptr":
    case "duration":
      return bigIntArb(t.k);
    case "float64":
      return fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.double()).map(floatToTagged);
    case "float32":
      return fc.float({ noNaN: true, noDefaultInfinity: true }).map(floatToTagged);
    case "string":
      return safeString;
    case "any":
      return fc.option(anyArb(), { nil: null });
    case "time":
      return fc.oneof(
        { weight: 3, arbitrary: timeUTC },
        { weight: 1, arbitrary: timeOffset },
        { weight: 1, arbitrary: fc.constantFrom(...TIME_EDGES) },
      );
    case "number":
      return fc.oneof(
        fc.constant(""),
        fc.double({ noNaN: true, noDefaultInfinity: true }).map(String),
        fc.integer().map(String),
      );
    case "raw":
      return fc.option(
        fc.oneof(
          { weight: 5, arbitrary: jsonText.map((s) => Buffer.from(s).toString("base64")) },
          // a string holding invalid UTF-8
          {
            weight: 1,
            arbitrary: fc
              .string({ unit: "binary-ascii", maxLength: 4 })
              .map((s) =>
                Buffer.from(`["\xff${s.replace(/[\\"\x00-\x1f]/g, "")}"]`, "latin1").toString("base64"),
              ),
          },
        ),
        { nil: null },
      );
    case "bytes":
      return fc.option(
        fc.uint8Array({ maxLength: 8 }).map((b) => Buffer.from(b).toString("base64")),
        { nil: null },
      );
    case "slice":
      if (starved) return fc.constant(null);
      if (isByteElem(t.e)) return valueArb({ k: "bytes" });
      return fc.option(fc.array(valueArb(t.e, budget), { maxLength: 3 }), { nil: null });
    case "array":
      return fc.array(valueArb(t.e, budget), { minLength: t.n, maxLength: t.n });
    case "map": {
      if (starved) return fc.constant(null);
      return fc.option(
        fc
          .uniqueArray(fc.tuple(keyArb(t.key), valueArb(t.e, budget)), {
            maxLength: 3,
            selector: ([k]) =>
              t.key === "UpperText" ? String(k).toUpperCase() : t.key === "float64" && k === "-0" ? "0" : k,
          })
          .map((ps) => ps as Tagged[]),
        { nil: null },
      );
    }
    case "ptr":
      if (starved) return fc.constant(null);
      return fc.option(valueArb(t.e, budget), { nil: null });
    case "reg": {
      const r = REG[t.name];
      const b = r.recursive ? (budget === undefined ? 3 : budget - 1) : budget;
      return valueArb(r.shape, b);
    }
    case "named":
      return valueArb(t.u, budget);
    case "struct": {
      const rec: Record<string, fc.Arbitrary<Tagged>> = {};
      for (const f of t.fields) rec[f.name] = valueArb(f.t, budget);
      return fc.record(rec) as fc.Arbitrary<Tagged>;
    }
  }
}

/** How a shaped input departs from a plain encoding: duplicate members, an unknown member, changed key case. */
export interface Shape {
  /** Repeat the first member of every object, with the value taken from `other`. */
  dup: boolean;
  /** Add an unknown member to every struct object. */
  extra: boolean;
  keyCase: "" | "lower" | "upper";
}

const PLAIN: Shape = { dup: false, extra: false, keyCase: "" };

const quote = (s: string) => JSON.stringify(s);

function casedKey(k: string, s: Shape): string {
  return s.keyCase === "lower" ? k.toLowerCase() : s.keyCase === "upper" ? k.toUpperCase() : k;
}

/** A JSON text shaped like `t` (what a naive encoder would write for a tagged value). */
export function shapedJson(t: TypeSpec, v: Tagged, shape: Shape = PLAIN, other: Tagged = null): string {
  switch (t.k) {
    case "bool":
      return String(v);
    case "int":
    case "int8":
    case "int16":
    case "int32":
    case "int64":
    case "uint8":
    case "uint16":
    case "uint32":
    case "uint64":
    case "uintptr":
    case "duration":
      return v as string;
    case "float32":
    case "float64": {
      const n = Number(v === "+Inf" ? "Infinity" : v === "-Inf" ? "-Infinity" : v);
      return Number.isFinite(n) ? String(n) : JSON.stringify(v);
    }
    case "number":
      return v === "" ? "0" : (v as string);
    case "string":
    case "time":
      return JSON.stringify(v);
    case "bytes":
      return v === null ? "null" : JSON.stringify(v);
    case "raw":
      return v === null ? "null" : escapeBytes(Buffer.from(v as string, "base64"));
    case "any":
      return v === null ? "null" : JSON.stringify(untagAny(v));
    case "slice":
    case "array": {
      if (v === null) return "null";
      if (t.k === "slice" && isByteElem(t.e)) return JSON.stringify(v);
      const o = Array.isArray(other) ? other : [];
      return `[${(v as Tagged[]).map((x, i) => shapedJson(t.e, x, shape, (o[i] as Tagged) ?? null)).join(",")}]`;
    }
    case "map": {
      if (v === null) return "null";
      const pairs = (v as Tagged[][]).map(
        ([k, x]) => `${quote(String(k))}:${shapedJson(t.e, x as Tagged, shape)}`,
      );
      const first = (v as Tagged[][])[0];
      const o = Array.isArray(other) ? (other as Tagged[][]) : [];
      if (shape.dup && first)
        pairs.push(`${quote(String(first[0]))}:${shapedJson(t.e, (o[0]?.[1] ?? first[1]) as Tagged, PLAIN)}`);
      return `{${pairs.join(",")}}`;
    }
    case "ptr":
      return v === null ? "null" : shapedJson(t.e, v, shape, other);
    case "named":
      return shapedJson(t.u, v, shape, other);
    case "reg":
      switch (t.name) {
        case "CentsV":
        case "CentsP":
          return quote(centsText(BigInt(v as string)));
        case "KeyJSON":
          return quote(`k:${v as string}`);
        case "Stamped":
          return quote((v as Record<string, string>).Time ?? "0001-01-01T00:00:00Z");
        default:
          return shapedJson(REG[t.name].shape, v, shape, other);
      }
    case "struct": {
      const members = structMembers(
        t,
        v as Record<string, Tagged>,
        shape,
        other as Record<string, Tagged> | null,
      );
      if (shape.dup && members[0]) {
        // the first member again, with the other value's text for it: v1 keeps the last, v2 rejects
        const again =
          other !== null ? structMembers(t, other as Record<string, Tagged>, PLAIN, null)[0] : undefined;
        members.push(again ?? (members[0] as string));
      }
      if (shape.extra) members.push('"zz":1');
      return `{${members.join(",")}}`;
    }
  }
}

function structMembers(
  t: Extract<TypeSpec, { k: "struct" }>,
  o: Record<string, Tagged>,
  shape: Shape,
  other: Record<string, Tagged> | null,
): string[] {
  const parts: string[] = [];
  for (const f of t.fields) {
    if (f.json === "-" && f.opts.length === 0) continue;
    const x = o?.[f.name] ?? null;
    const y = other?.[f.name] ?? null;
    const inner = f.t.k === "ptr" ? f.t.e : f.t;
    // Embedded without a name (or v2's inline): the inner members are promoted (a declared
    // non-struct type is a field named after its type).
    if (
      (f.embed && f.json === "" && inner.k !== "named") ||
      (f.opts.includes("inline") && inner.k === "struct")
    ) {
      if (x !== null && inner.k === "struct")
        parts.push(
          ...structMembers(
            inner,
            x as Record<string, Tagged>,
            { ...shape, extra: false, dup: false },
            y as Record<string, Tagged> | null,
          ),
        );
      continue;
    }
    // a single-quoted name is v2's quoted name: the input spells what v2 reads
    const json = /^'[^']*'$/.test(f.json) ? f.json.slice(1, -1) : f.json;
    const key = casedKey(json === "" || f.json === "-" ? f.name : json, shape);
    let text = shapedJson(f.t, x, shape, y);
    // `,string` content: scalars, json.Number, and pointers to them (named pointers too, which
    // classic v1 does not stringify: Go's answer to a quoted input is the test)
    const u = underlying(f.t);
    if (
      f.opts.includes("string") &&
      /^(u?int(8|16|32|64)?|uintptr|float32|float64|bool|string|number)$/.test(
        u.k === "ptr" ? underlying(u.e).k : u.k,
      )
    )
      text = quote(text);
    parts.push(`${quote(key)}:${text}`);
  }
  return parts;
}

function untagAny(v: Tagged): unknown {
  if (v === null) return null;
  const { t, v: x } = v as { t: string; v: Tagged };
  if (t === "float64") return Number(x);
  if (t === "[]interface {}") return (x as Tagged[]).map(untagAny);
  if (t === "map[string]interface {}")
    return Object.fromEntries((x as [string, Tagged][]).map(([k, y]) => [k, untagAny(y)]));
  return x;
}

const enc = new TextEncoder();

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** Bytes as text; when they are not UTF-8, every byte >= 0x80 becomes U+DC80..U+DCFF (surrogate escape). */
export function escapeBytes(b: Uint8Array): string {
  try {
    return utf8.decode(b);
  } catch {
    return Array.from(b, (x) => String.fromCharCode(x < 0x80 ? x : 0xdc00 + x)).join("");
  }
}

/** UTF-8 of a text, with surrogate escapes (U+DC80..U+DCFF alone) turned back into their bytes. */
export function toBytes(s: string): Uint8Array {
  if (!/[\uDC80-\uDCFF]/.test(s)) return enc.encode(s);
  const out: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const prev = i > 0 ? s.charCodeAt(i - 1) : 0;
    if (c >= 0xdc80 && c <= 0xdcff && !(prev >= 0xd800 && prev <= 0xdbff)) out.push(c - 0xdc00);
    else {
      const cp = s.codePointAt(i) as number;
      out.push(...enc.encode(String.fromCodePoint(cp)));
      if (cp > 0xffff) i++;
    }
  }
  return Uint8Array.from(out);
}
