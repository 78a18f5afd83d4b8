import type { GoType, StructType } from "@gojson/gotype";

/**
 * The TypeScript type of a Go type's values, as ../shared/CONTRACT.md fixes
 * them (int64 → bigint, []T → T[] | null, map → Map | null, *T → T | null).
 * Named types print as their name; `declared` says which names the module
 * declares itself.
 */
export function tsTypeOf(t: GoType, declared: ReadonlySet<string>, top = false): string {
  if (t.known === "time.Time") return "GoTime";
  if (t.known === "json.Number") return "JsonNumber";
  if (t.known === "json.RawMessage" || t.known === "jsontext.Value") return "Uint8Array | null";
  if (!top && t.name && declared.has(t.name)) return t.name;
  switch (t.kind) {
    case "bool":
      return "boolean";
    case "int8":
    case "int16":
    case "int32":
    case "uint8":
    case "uint16":
    case "uint32":
    case "float32":
    case "float64":
      return "number";
    case "int":
    case "int64":
    case "uint":
    case "uint64":
    case "uintptr":
      return "bigint";
    case "string":
      return "string";
    case "slice":
      if (t.elem.kind === "uint8" && !t.elem.name) return "Uint8Array | null";
      return `${wrap(tsTypeOf(t.elem, declared))}[] | null`;
    case "array":
      return `${wrap(tsTypeOf(t.elem, declared))}[]`;
    case "map":
      return `Map<${tsTypeOf(t.key, declared)}, ${tsTypeOf(t.elem, declared)}> | null`;
    case "pointer":
      return `${tsTypeOf(t.elem, declared)} | null`;
    case "interface":
      return "unknown";
    case "struct":
      return structBody(t, declared, "");
  }
}

function wrap(s: string): string {
  return s.includes("|") ? `(${s})` : s;
}

/** The object type of a struct: every field under its Go name, embedded fields under their type's name. */
export function structBody(t: StructType, declared: ReadonlySet<string>, indent: string): string {
  if (t.fields.length === 0) return "Record<string, never>";
  const lines = t.fields.map((f) => `${indent}  ${safeKey(f.name)}: ${tsTypeOf(f.type, declared)};`);
  return `{\n${lines.join("\n")}\n${indent}}`;
}

function safeKey(name: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name);
}
