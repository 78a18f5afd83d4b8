/**
 * typeString renders a Go type as reflect.Type.String() does
 * (`main.Order`, `map[string]interface {}`, `*main.T`, `[]uint8`).
 * Local stand-in until @gojson/gotype exports `typeString`.
 */
import type { GoType } from "@gojson/gotype";

const cache = new WeakMap<GoType, string>();

/** typeString returns reflect's String() for t. */
export function typeString(t: GoType): string {
  let s = cache.get(t);
  if (s === undefined) {
    s = compute(t);
    cache.set(t, s);
  }
  return s;
}

function compute(t: GoType): string {
  if (t.name !== undefined) {
    if (t.name.includes(".")) return t.name;
    return t.pkg ? `${t.pkg}.${t.name}` : t.name;
  }
  switch (t.kind) {
    case "slice":
      return `[]${typeString(t.elem)}`;
    case "array":
      return `[${t.len}]${typeString(t.elem)}`;
    case "map":
      return `map[${typeString(t.key)}]${typeString(t.elem)}`;
    case "pointer":
      return `*${typeString(t.elem)}`;
    case "interface":
      return "interface {}";
    case "struct": {
      if (t.fields.length === 0) return "struct {}";
      const parts = t.fields.map((f) => {
        const tag = f.tag ? ` ${JSON.stringify(f.tag)}` : "";
        return f.embedded ? `${typeString(f.type)}${tag}` : `${f.name} ${typeString(f.type)}${tag}`;
      });
      return `struct { ${parts.join("; ")} }`;
    }
    default:
      return t.kind;
  }
}
