/**
 * Zero values of Go types in their TypeScript form (../shared/CONTRACT.md):
 * structs are plain objects with every field present. A zero-value factory
 * is compiled once per type that is made again; a small struct's first zero
 * value is made by walking its fields (compiling a factory costs more than
 * making one value, which is all a first call over many types does).
 */
import { GoTime, type GoType, JsonNumber } from "./deps.js";

const factories = new WeakMap<GoType, () => any>();

/** The compiled zero-value factory of `t`. */
export function zeroFn(t: GoType): () => any {
  const f = factories.get(t);
  if (f !== undefined) return f;
  let built: (() => any) | undefined;
  factories.set(t, () => (built as () => any)());
  built = build(t);
  factories.set(t, built);
  return built;
}

/** Small structs whose first zero value zeroValue made by walking their fields (the next compiles). */
const walked = new WeakSet<GoType>();

/**
 * Go's zero value of `t`: from its compiled factory, or for a small struct without one asked
 * for the first time, made by walking its fields (the factory is compiled when asked again).
 */
export function zeroValue(t: GoType): any {
  const f = factories.get(t);
  if (f !== undefined) return f();
  if (walkable(t) && !walked.has(t)) {
    walked.add(t);
    return walkZero(t);
  }
  return zeroFn(t)();
}

/** Fields up to which a struct's zero value may be made by walking them (the stores keep a fast shape). */
const WALK_MAX_FIELDS = 16;

function walkable(t: GoType): t is GoType & { kind: "struct" } {
  return (
    t.kind === "struct" &&
    t.known === undefined &&
    t.fields.length <= WALK_MAX_FIELDS &&
    !t.fields.some((f) => f.name === "__proto__")
  );
}

/** The zero value of a walkable struct, made field by field (nested structs without a factory walked too). */
function walkZero(t: GoType & { kind: "struct" }): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  const fs = t.fields;
  for (let i = 0; i < fs.length; i++) {
    const f = fs[i] as { name: string; type: GoType };
    o[f.name] = fieldZero(f.type);
  }
  return o;
}

/** The zero value of a field of type `t` made without compiling a factory where none is needed. */
function fieldZero(t: GoType): unknown {
  switch (t.kind) {
    case "bool":
      return false;
    case "int":
    case "int64":
    case "uint":
    case "uint64":
    case "uintptr":
      return 0n;
    case "string":
      return t.known === "json.Number" ? new JsonNumber("") : "";
    case "slice":
    case "map":
    case "pointer":
    case "interface":
      return null;
    case "struct": {
      const f = factories.get(t);
      if (f !== undefined) return f();
      return walkable(t) ? walkZero(t) : zeroFn(t)();
    }
    case "array":
      return zeroFn(t)();
    default:
      return 0;
  }
}

function build(t: GoType): () => any {
  switch (t.kind) {
    case "bool":
      return () => false;
    case "int":
    case "int64":
    case "uint":
    case "uint64":
    case "uintptr":
      return () => 0n;
    case "int8":
    case "int16":
    case "int32":
    case "uint8":
    case "uint16":
    case "uint32":
    case "float32":
    case "float64":
      return () => 0;
    case "string":
      return t.known === "json.Number" ? () => new JsonNumber("") : () => "";
    case "slice":
    case "map":
    case "pointer":
    case "interface":
      return () => null;
    case "array": {
      const n = t.len;
      const ez = zeroFn(t.elem);
      return () => {
        const a = new Array(n);
        for (let i = 0; i < n; i++) a[i] = ez();
        return a;
      };
    }
    case "struct": {
      if (t.known === "time.Time") return () => new GoTime();
      const names = t.fields.map((f) => f.name);
      const n = names.length;
      if (names.includes("__proto__")) {
        const zs = t.fields.map((f) => zeroFn(f.type));
        return () => {
          const o: Record<string, unknown> = {};
          for (let i = 0; i < n; i++) {
            Object.defineProperty(o, names[i] as string, {
              value: (zs[i] as () => any)(),
              writable: true,
              enumerable: true,
              configurable: true,
            });
          }
          return o;
        };
      }
      // The fields' factories are compiled with the struct's own (a wide struct's template does without).
      const compile = (): (() => any) => {
        const zs = t.fields.map((f) => zeroFn(f.type));
        return (
          literalFactory(t.fields, zs) ??
          (() => {
            const o: Record<string, unknown> = {};
            for (let i = 0; i < n; i++) o[names[i] as string] = (zs[i] as () => any)();
            return o;
          })
        );
      };
      return (n >= ZERO_TEMPLATE_MIN_FIELDS ? templateFactory(t.fields, compile) : undefined) ?? compile();
    }
  }
}

const SCALAR_ZERO: Partial<Record<GoType["kind"], string>> = {
  bool: "false",
  int: "0n",
  int64: "0n",
  uint: "0n",
  uint64: "0n",
  uintptr: "0n",
  int8: "0",
  int16: "0",
  int32: "0",
  uint8: "0",
  uint16: "0",
  uint32: "0",
  float32: "0",
  float64: "0",
  slice: "null",
  map: "null",
  pointer: "null",
  interface: "null",
};

/**
 * Fields from which a struct's first zero values come from a JSON template rather than a compiled
 * literal (compiling an object literal of 1,000 properties costs ~15M instructions, most of a wide
 * struct's first unmarshal). V8 gives literals of this many properties no shared hidden class.
 */
export const ZERO_TEMPLATE_MIN_FIELDS = 128;

/** Values a wide struct's factory makes from its JSON template before it compiles the literal. */
export const ZERO_LITERAL_AFTER = 8;

// Zero texts JSON can write (other zeros are stored over a `null`: 0n, nested values).
const JSON_ZERO: Partial<Record<GoType["kind"], string>> = Object.fromEntries(
  Object.entries(SCALAR_ZERO).filter(([, text]) => text !== "0n"),
);

/**
 * A wide struct's first factory: JSON.parse of a template with the literal's keys in its order,
 * then the zeros JSON cannot write (0n, json.Number, nested values) stored over their `null`
 * placeholders; after ZERO_LITERAL_AFTER values it compiles the literal (`compile`) and hands
 * every later call to it. Undefined for a struct with blank (`_`) fields, whose literal keeps the
 * last blank's value at the first one's place.
 */
function templateFactory(
  fields: readonly { name: string; type: GoType }[],
  compile: () => () => any,
): (() => any) | undefined {
  const n = fields.length;
  const parts: string[] = new Array<string>(n);
  const fill: number[] = [];
  for (let i = 0; i < n; i++) {
    const f = fields[i] as { name: string; type: GoType };
    if (f.name === "_") return undefined;
    let text = f.type.kind === "string" && f.type.known === undefined ? '""' : JSON_ZERO[f.type.kind];
    if (text === undefined) {
      text = "null";
      fill.push(i);
    }
    parts[i] = `${JSON.stringify(f.name)}:${text}`;
  }
  const template = `{${parts.join(",")}}`;
  const nFill = fill.length;
  let calls = 0;
  let hot: (() => any) | undefined;
  return () => {
    if (hot !== undefined) return hot();
    if (++calls > ZERO_LITERAL_AFTER) {
      hot = compile();
      return hot();
    }
    const o = JSON.parse(template) as Record<string, unknown>;
    for (let j = 0; j < nFill; j++) {
      const i = fill[j] as number;
      const f = fields[i] as { name: string; type: GoType };
      o[f.name] = fieldZero(f.type);
    }
    return o;
  };
}

/**
 * A factory returning an object literal (one hidden class, constant shape),
 * built with `new Function` from Go field names (identifiers, quoted with
 * JSON.stringify). Returns undefined where code generation is not allowed (CSP).
 */
function literalFactory(
  fields: readonly { name: string; type: GoType }[],
  zs: (() => any)[],
): (() => any) | undefined {
  const parts = fields.map((f, i) => {
    const k = JSON.stringify(f.name);
    if (f.type.kind === "string" && f.type.known === undefined) return `${k}: ""`;
    const lit = SCALAR_ZERO[f.type.kind];
    return `${k}: ${lit ?? `z[${i}]()`}`;
  });
  try {
    return new Function("z", `"use strict"; return function zero() { return { ${parts.join(", ")} }; };`)(
      zs,
    ) as () => any;
  } catch {
    return undefined;
  }
}
