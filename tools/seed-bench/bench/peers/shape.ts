/**
 * Schemas for the peer libraries, inferred from a payload's JSON value: the
 * JTD schema (ajv's compiled parser/serializer), a JSON Schema
 * (fast-json-stringify), and a zod schema. Mixed or unknown shapes fall back
 * to "anything" so every payload stays parseable by every peer.
 */

export type Shape =
  | { k: "any" }
  | { k: "bool" }
  | { k: "num" }
  | { k: "str" }
  | { k: "arr"; of: Shape }
  | { k: "obj"; props: Map<string, { s: Shape; always: boolean }> }
  /** An object keyed by ids (every key all digits, as citm's): a map, not a record. */
  | { k: "map"; of: Shape }
  | { k: "nullable"; of: Shape };

function base(s: Shape): Shape {
  return s.k === "nullable" ? s.of : s;
}

function merge(a: Shape | undefined, b: Shape): Shape {
  if (!a) return b;
  const na = a.k === "nullable";
  const nb = b.k === "nullable";
  const x = base(a);
  const y = base(b);
  let m: Shape;
  if (x.k === "any" && na && !nb) m = y;
  else if (y.k === "any" && nb && !na) m = x;
  else if (x.k !== y.k) m = { k: "any" };
  else if (x.k === "arr" && y.k === "arr") m = { k: "arr", of: merge(x.of, y.of) };
  else if (x.k === "map" && y.k === "map") m = { k: "map", of: merge(x.of, y.of) };
  else if (x.k === "obj" && y.k === "obj") {
    const props = new Map<string, { s: Shape; always: boolean }>();
    for (const [key, v] of x.props) {
      const o = y.props.get(key);
      props.set(key, { s: o ? merge(v.s, o.s) : v.s, always: v.always && !!o?.always });
    }
    for (const [key, v] of y.props) if (!x.props.has(key)) props.set(key, { s: v.s, always: false });
    m = { k: "obj", props };
  } else m = x;
  if (m.k === "any") return m;
  return na || nb ? { k: "nullable", of: m } : m;
}

/** Infers a shape from a JSON value. */
export function inferShape(v: unknown): Shape {
  if (v === null) return { k: "nullable", of: { k: "any" } };
  if (typeof v === "boolean") return { k: "bool" };
  if (typeof v === "number") return { k: "num" };
  if (typeof v === "string") return { k: "str" };
  if (Array.isArray(v)) {
    let of: Shape | undefined;
    for (const x of v) of = merge(of, inferShape(x));
    return { k: "arr", of: of ?? { k: "any" } };
  }
  const entries = Object.entries(v as object);
  if (entries.length > 0 && entries.every(([key]) => /^\d+$/.test(key))) {
    let of: Shape | undefined;
    for (const [, x] of entries) of = merge(of, inferShape(x));
    return { k: "map", of: of ?? { k: "any" } };
  }
  const props = new Map<string, { s: Shape; always: boolean }>();
  for (const [key, x] of entries) props.set(key, { s: inferShape(x), always: true });
  return { k: "obj", props };
}

/** RFC 8927 JTD schema. */
export function toJtd(s: Shape): Record<string, unknown> {
  if (s.k === "nullable") return { ...toJtd(s.of), nullable: true };
  switch (s.k) {
    case "any":
      return {};
    case "bool":
      return { type: "boolean" };
    case "num":
      return { type: "float64" };
    case "str":
      return { type: "string" };
    case "arr":
      return { elements: toJtd(s.of) };
    case "map":
      return { values: toJtd(s.of) };
    case "obj": {
      // An always-empty object: JTD's values form (any keys), since ajv cannot compile an empty properties form.
      if (s.props.size === 0) return { values: {} };
      const properties: Record<string, unknown> = {};
      const optionalProperties: Record<string, unknown> = {};
      for (const [k, v] of s.props) (v.always ? properties : optionalProperties)[k] = toJtd(v.s);
      // ajv's JTD compiler fails on an empty `properties` next to optionalProperties: omit it then.
      const out: Record<string, unknown> = {};
      if (Object.keys(properties).length || !Object.keys(optionalProperties).length)
        out.properties = properties;
      if (Object.keys(optionalProperties).length) out.optionalProperties = optionalProperties;
      return out;
    }
  }
}

/** JSON Schema (draft-07 subset) for fast-json-stringify. */
export function toJsonSchema(s: Shape): Record<string, unknown> {
  if (s.k === "nullable") {
    const inner = toJsonSchema(s.of);
    return inner.type ? { ...inner, type: [inner.type, "null"] } : {};
  }
  switch (s.k) {
    case "any":
      return {};
    case "bool":
      return { type: "boolean" };
    case "num":
      return { type: "number" };
    case "str":
      return { type: "string" };
    case "arr":
      return { type: "array", items: toJsonSchema(s.of) };
    case "map":
      return { type: "object", additionalProperties: toJsonSchema(s.of) };
    case "obj": {
      const properties: Record<string, unknown> = {};
      const required: string[] = [];
      for (const [k, v] of s.props) {
        properties[k] = toJsonSchema(v.s);
        if (v.always) required.push(k);
      }
      return { type: "object", properties, required, additionalProperties: true };
    }
  }
}

/** The slice of zod's API used here. */
export interface ZodLike {
  any(): unknown;
  boolean(): unknown;
  number(): unknown;
  string(): unknown;
  array(of: unknown): unknown;
  object(shape: Record<string, unknown>): unknown;
  record(key: unknown, value: unknown): unknown;
}

/** A zod schema (objects are zod's default: unknown keys stripped). */
export function toZod(z: ZodLike, s: Shape): unknown {
  if (s.k === "nullable") {
    const inner = toZod(z, s.of) as { nullable(): unknown };
    return s.of.k === "any" ? inner : inner.nullable();
  }
  switch (s.k) {
    case "any":
      return z.any();
    case "bool":
      return z.boolean();
    case "num":
      return z.number();
    case "str":
      return z.string();
    case "arr":
      return z.array(toZod(z, s.of));
    case "map":
      return z.record(z.string(), toZod(z, s.of));
    case "obj": {
      const shape: Record<string, unknown> = {};
      for (const [k, v] of s.props) {
        const t = toZod(z, v.s) as { optional(): unknown };
        shape[k] = v.always ? t : t.optional();
      }
      return z.object(shape);
    }
  }
}

/** JSON text with object keys sorted (Go sorts map keys; JS keeps insertion order). */
export function canonical(v: unknown): string {
  return JSON.stringify(v, (_k, x) =>
    x && typeof x === "object" && !Array.isArray(x)
      ? Object.fromEntries(Object.entries(x as object).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : typeof x === "bigint"
        ? Number(x)
        : x,
  );
}
