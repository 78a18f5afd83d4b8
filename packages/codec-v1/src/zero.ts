/**
 * Zero values of Go types in their TypeScript form (../shared/CONTRACT.md):
 * structs are plain objects with every field present. A zero-value factory
 * is compiled once per type.
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

/** Go's zero value of `t`. */
export function zeroValue(t: GoType): any {
  return zeroFn(t)();
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
      const zs = t.fields.map((f) => zeroFn(f.type));
      const n = names.length;
      if (names.includes("__proto__")) {
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
      const compile = () =>
        literalFactory(t.fields, zs) ??
        (() => {
          const o: Record<string, unknown> = {};
          for (let i = 0; i < n; i++) o[names[i] as string] = (zs[i] as () => any)();
          return o;
        });
      return (
        (n >= ZERO_TEMPLATE_MIN_FIELDS ? templateFactory(t.fields, zs, compile) : undefined) ?? compile()
      );
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
  zs: (() => any)[],
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
      o[(fields[i] as { name: string }).name] = (zs[i] as () => any)();
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
