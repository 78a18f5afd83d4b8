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
      return (
        literalFactory(t.fields, zs) ??
        (() => {
          const o: Record<string, unknown> = {};
          for (let i = 0; i < n; i++) o[names[i] as string] = (zs[i] as () => any)();
          return o;
        })
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
