import fc from "fast-check";
import type { Tagged } from "../protocol.js";
import { floatToTagged } from "../tagged.js";

/** A generated Go type, small enough to print and to shrink. */
export type TypeSpec =
  | {
      k:
        | "bool"
        | "int"
        | "int8"
        | "int64"
        | "uint8"
        | "uint64"
        | "float32"
        | "float64"
        | "string"
        | "any"
        | "time"
        | "duration"
        | "number"
        | "raw"
        | "bytes";
    }
  | { k: "slice"; e: TypeSpec }
  | { k: "array"; n: number; e: TypeSpec }
  | { k: "map"; key: "string" | "int" | "uint8"; e: TypeSpec }
  | { k: "ptr"; e: TypeSpec }
  | { k: "struct"; fields: FieldSpec[] };

/** A generated struct field. */
export interface FieldSpec {
  name: string;
  /** JSON name in the tag ("" = none, "-" = skip). */
  json: string;
  opts: string[];
  t: TypeSpec;
}

const LEAVES = [
  "bool",
  "int",
  "int8",
  "int64",
  "uint8",
  "uint64",
  "float32",
  "float64",
  "string",
  "any",
  "time",
  "duration",
  "number",
  "raw",
  "bytes",
] as const;
const FIELD_NAMES = ["A", "B", "Name", "ID", "Value", "x"];
const JSON_NAMES = ["", "", "a", "b", "name", "Name", "-", "id"];
const TAG_OPTS = ["omitempty", "omitzero", "string", "case:ignore"];

/** Arbitrary Go types (depth-limited). */
export const typeSpecArb: fc.Arbitrary<TypeSpec> = fc.letrec<{ t: TypeSpec; f: FieldSpec }>((tie) => ({
  t: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constantFrom(...LEAVES).map((k) => ({ k }) as TypeSpec),
    // []uint8 is []byte: Go spells its tagged value as base64.
    tie("t").map((e) => (e.k === "uint8" ? { k: "bytes" } : { k: "slice", e }) as TypeSpec),
    fc
      .record({ n: fc.integer({ min: 0, max: 3 }), e: tie("t") })
      .map(({ n, e }) => ({ k: "array", n, e }) as TypeSpec),
    fc
      .record({ key: fc.constantFrom("string", "int", "uint8"), e: tie("t") })
      .map(({ key, e }) => ({ k: "map", key, e }) as TypeSpec),
    tie("t").map((e) => ({ k: "ptr", e }) as TypeSpec),
    fc
      .uniqueArray(tie("f"), { maxLength: 4, selector: (f) => f.name })
      .map((fields) => ({ k: "struct", fields }) as TypeSpec),
  ),
  f: fc.record({
    name: fc.constantFrom(...FIELD_NAMES),
    json: fc.constantFrom(...JSON_NAMES),
    opts: fc.subarray(TAG_OPTS, { maxLength: 2 }),
    t: tie("t"),
  }),
})).t;

/** Renders a type as Go: declarations for its structs (S1, S2, ...) and the root expression. */
export function renderGo(spec: TypeSpec): { goSource: string; type: string } {
  const decls: string[] = [];
  const expr = (t: TypeSpec): string => {
    switch (t.k) {
      case "time":
        return "time.Time";
      case "duration":
        return "time.Duration";
      case "number":
        return "json.Number";
      case "raw":
        return "json.RawMessage";
      case "bytes":
        return "[]byte";
      case "slice":
        return `[]${expr(t.e)}`;
      case "array":
        return `[${t.n}]${expr(t.e)}`;
      case "map":
        return `map[${t.key}]${expr(t.e)}`;
      case "ptr":
        return `*${expr(t.e)}`;
      case "struct": {
        const name = `S${decls.length + 1}`;
        decls.push("");
        const idx = decls.length - 1;
        const lines = t.fields.map((f) => {
          const parts = [f.json, ...f.opts];
          const tag = f.json === "-" && f.opts.length === 0 ? "-" : parts.join(",");
          const tagText = tag === "" ? "" : ` \`json:"${tag}"\``;
          return `\t${f.name} ${expr(f.t)}${tagText}`;
        });
        decls[idx] = `type ${name} struct {\n${lines.join("\n")}\n}`;
        return name;
      }
      default:
        return t.k;
    }
  };
  const type = expr(spec);
  return { goSource: decls.join("\n\n"), type };
}

const safeString = fc
  .oneof(
    fc.string({ maxLength: 8 }),
    fc.string({ unit: "grapheme", maxLength: 6 }),
    fc.string({ unit: "binary-ascii", maxLength: 6 }),
    fc.constantFrom("<&>", "\u2028", "é", "😀", "\\", '"', ""),
  )
  .filter((s) => !/[\uD800-\uDFFF]/.test(s.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g, "")));

const jsonText = fc.json({ maxDepth: 2 });

function intRange(k: string): [bigint, bigint] {
  switch (k) {
    case "int8":
      return [-128n, 127n];
    case "uint8":
      return [0n, 255n];
    case "uint64":
      return [0n, 2n ** 64n - 1n];
    default:
      return [-(2n ** 63n), 2n ** 63n - 1n];
  }
}

const bigIntArb = (k: string) => {
  const [min, max] = intRange(k);
  return fc.oneof(fc.bigInt({ min, max }), fc.constantFrom(min, max, 0n, 1n)).map((b) => b.toString());
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

/** Arbitrary tagged values of a type. */
export function valueArb(t: TypeSpec): fc.Arbitrary<Tagged> {
  switch (t.k) {
    case "bool":
      return fc.boolean();
    case "int":
    case "int8":
    case "int64":
    case "uint8":
    case "uint64":
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
      return fc
        .record({
          ms: fc.integer({ min: -62135596800000, max: 253402300799000 }),
          ns: fc.integer({ min: 0, max: 999 }),
        })
        .map(({ ms }) => new Date(ms).toISOString().replace(".000Z", "Z"));
    case "number":
      return fc.oneof(
        fc.constant(""),
        fc.double({ noNaN: true, noDefaultInfinity: true }).map(String),
        fc.integer().map(String),
      );
    case "raw":
      return fc.option(
        jsonText.map((s) => Buffer.from(s).toString("base64")),
        { nil: null },
      );
    case "bytes":
      return fc.option(
        fc.uint8Array({ maxLength: 8 }).map((b) => Buffer.from(b).toString("base64")),
        { nil: null },
      );
    case "slice":
      return fc.option(fc.array(valueArb(t.e), { maxLength: 3 }), { nil: null });
    case "array":
      return fc.array(valueArb(t.e), { minLength: t.n, maxLength: t.n });
    case "map": {
      const keyArb = t.key === "string" ? safeString : bigIntArb(t.key === "int" ? "int64" : "uint8");
      return fc.option(
        fc
          .uniqueArray(fc.tuple(keyArb, valueArb(t.e)), { maxLength: 3, selector: ([k]) => k })
          .map((ps) => ps as Tagged[]),
        { nil: null },
      );
    }
    case "ptr":
      return fc.option(valueArb(t.e), { nil: null });
    case "struct": {
      const rec: Record<string, fc.Arbitrary<Tagged>> = {};
      for (const f of t.fields) rec[f.name] = valueArb(f.t);
      return fc.record(rec) as fc.Arbitrary<Tagged>;
    }
  }
}

/** A JSON text shaped like `t` (what a naive encoder would write for a tagged value). */
export function shapedJson(t: TypeSpec, v: Tagged): string {
  switch (t.k) {
    case "bool":
      return String(v);
    case "int":
    case "int8":
    case "int64":
    case "uint8":
    case "uint64":
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
      return v === null ? "null" : Buffer.from(v as string, "base64").toString("utf8");
    case "any":
      return v === null ? "null" : JSON.stringify(untagAny(v));
    case "slice":
    case "array":
      return v === null ? "null" : `[${(v as Tagged[]).map((x) => shapedJson(t.e, x)).join(",")}]`;
    case "map":
      if (v === null) return "null";
      return `{${(v as Tagged[][]).map(([k, x]) => `${JSON.stringify(String(k))}:${shapedJson(t.e, x as Tagged)}`).join(",")}}`;
    case "ptr":
      return v === null ? "null" : shapedJson(t.e, v);
    case "struct": {
      const o = v as Record<string, Tagged>;
      const parts: string[] = [];
      for (const f of t.fields) {
        const key = f.json === "" || f.json === "-" ? f.name : f.json;
        parts.push(`${JSON.stringify(key)}:${shapedJson(f.t, o[f.name] ?? null)}`);
      }
      return `{${parts.join(",")}}`;
    }
  }
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

/** How a shaped input is broken (or not). */
export type Mutation =
  | { m: "none" }
  | { m: "truncate"; at: number }
  | { m: "insert"; at: number; ch: string }
  | { m: "random"; text: string };

/** Arbitrary mutations: mostly none, then truncation, a stray character, or unrelated JSON. */
export const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 5, arbitrary: fc.constant({ m: "none" } as Mutation) },
  { weight: 1, arbitrary: fc.nat().map((at) => ({ m: "truncate", at }) as Mutation) },
  {
    weight: 1,
    arbitrary: fc
      .record({ at: fc.nat(), ch: fc.constantFrom(",", "}", "]", '"', "x", " ", "0", "\\", "\u00ff") })
      .map(({ at, ch }) => ({ m: "insert", at, ch }) as Mutation),
  },
  { weight: 1, arbitrary: jsonText.map((text) => ({ m: "random", text }) as Mutation) },
);

/** Applies a mutation to a JSON text. */
export function mutate(text: string, m: Mutation): string {
  switch (m.m) {
    case "none":
      return text;
    case "truncate":
      return text.slice(0, text.length === 0 ? 0 : m.at % text.length);
    case "insert": {
      const at = m.at % (text.length + 1);
      return text.slice(0, at) + m.ch + text.slice(at);
    }
    case "random":
      return m.text;
  }
}
