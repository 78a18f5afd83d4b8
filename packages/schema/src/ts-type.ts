/**
 * The TypeScript type of a Go type's values, as the contract's value table
 * fixes them: int/int64/uint/uint64/uintptr and time.Duration are bigint,
 * smaller integers and floats are number, []T is `T[] | null`, []byte is
 * `Uint8Array | null`, map[K]V is `Map<K, V> | null`, *T is `T | null`,
 * time.Time is GoTime, json.Number is JsonNumber, json.RawMessage and
 * jsontext.Value are `Uint8Array | null`, `any` is {@link GO_ANY_NAME}.
 */
import type { GoType, StructField, StructType } from "@gojson/gotype";

/** Name of the JSON-value union a generated module declares for Go's `any`. */
export const GO_ANY_NAME = "GoAny";

/**
 * The declaration of {@link GO_ANY_NAME}: what the codecs decode into an
 * `any` (a number is a JsonNumber under useNumber).
 */
export const GO_ANY_DECLARATION =
  "export type GoAny = null | boolean | number | JsonNumber | string | GoAny[] | { [member: string]: GoAny };";

/** How {@link tsTypeOf} names the types a module declares, and what it records as used. */
export interface TsTypeContext {
  /** TypeScript name of each Go type object the module declares (named types print as that name). */
  readonly names: ReadonlyMap<GoType, string>;
  /** Set by tsTypeOf: which imported names the printed types mention (`GoTime`, `JsonNumber`, `GoAny`). */
  readonly uses: Set<"GoTime" | "JsonNumber" | "GoAny">;
}

/** Types printed inline although named (declared elsewhere), guarded against cycles. */
type Visiting = Set<GoType>;

/**
 * Standard-library types whose values are not their Go structure: gotype's
 * method twins take and give these (by import path and name).
 */
const STD_VALUE_TYPES: Readonly<Record<string, string>> = {
  "math/big.Int": "bigint",
  "math/big.Rat": "string",
  "math/big.Float": "string",
};

/**
 * The TypeScript type expression of `t`'s values. A named type the module
 * declares prints as its name (unless `top`, which prints its definition);
 * a named type from elsewhere prints its structure.
 */
export function tsTypeOf(
  t: GoType,
  ctx: TsTypeContext,
  top = false,
  visiting: Visiting = new Set(),
  indent = "",
): string {
  switch (t.known) {
    case "time.Time":
      ctx.uses.add("GoTime");
      return "GoTime";
    case "json.Number":
      ctx.uses.add("JsonNumber");
      return "JsonNumber";
    case "json.RawMessage":
    case "jsontext.Value":
      return "Uint8Array | null";
    default:
      break;
  }
  if (!top) {
    const name = ctx.names.get(t);
    if (name !== undefined) return name;
  }
  const pkgPath = (t as { pkgPath?: unknown }).pkgPath;
  if (t.name !== undefined && typeof pkgPath === "string") {
    const std = STD_VALUE_TYPES[`${pkgPath}.${t.name}`];
    if (std !== undefined) return std;
  }
  if (t.name !== undefined) {
    // A named type the module does not declare: print its structure once; a cycle through it is `unknown`.
    if (visiting.has(t)) return "unknown";
    visiting.add(t);
    try {
      return underlyingOf(t, ctx, visiting, indent);
    } finally {
      visiting.delete(t);
    }
  }
  return underlyingOf(t, ctx, visiting, indent);
}

function underlyingOf(t: GoType, ctx: TsTypeContext, visiting: Visiting, indent: string): string {
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
      if (t.elem.kind === "uint8" && ctx.names.get(t.elem) === undefined && t.elem.known === undefined)
        return "Uint8Array | null";
      return `${paren(tsTypeOf(t.elem, ctx, false, visiting, indent))}[] | null`;
    case "array":
      return `${paren(tsTypeOf(t.elem, ctx, false, visiting, indent))}[]`;
    case "map":
      return `Map<${tsTypeOf(t.key, ctx, false, visiting, indent)}, ${tsTypeOf(t.elem, ctx, false, visiting, indent)}> | null`;
    case "pointer":
      return `${tsTypeOf(t.elem, ctx, false, visiting, indent)} | null`;
    case "interface":
      // A field Go never reads or writes (func, chan, an unresolved import) holds whatever the caller put there.
      if ((t as { opaque?: unknown }).opaque !== undefined) return "unknown";
      ctx.uses.add("GoAny");
      return GO_ANY_NAME;
    case "struct":
      return structBody(t, ctx, indent, visiting);
    default:
      // A kind this version does not know (a field Go never encodes, such as a func or chan).
      return "unknown";
  }
}

function paren(s: string): string {
  return s.includes("|") ? `(${s})` : s;
}

/**
 * The object type of a struct's values: every field under its Go name (an
 * embedded field under its type's name), blank `_` fields left out, each with
 * its Go doc comment as JSDoc.
 */
export function structBody(
  t: StructType,
  ctx: TsTypeContext,
  indent: string,
  visiting: Visiting = new Set(),
): string {
  const fields = t.fields.filter((f) => f.name !== "_");
  if (fields.length === 0) return "Record<string, never>";
  const inner = `${indent}  `;
  const lines: string[] = [];
  for (const f of fields) {
    const doc = docOf(f);
    if (doc !== undefined) lines.push(...jsDoc(doc, inner));
    lines.push(`${inner}${propertyKey(f.name)}: ${fieldType(f, ctx, inner, visiting)};`);
  }
  return `{\n${lines.join("\n")}\n${indent}}`;
}

function fieldType(f: StructField, ctx: TsTypeContext, indent: string, visiting: Visiting): string {
  return tsTypeOf(f.type, ctx, false, visiting, indent);
}

/** A property key: the name itself when it is an identifier, else a quoted string. */
export function propertyKey(name: string): string {
  return /^[\p{L}_$][\p{L}\p{N}_$]*$/u.test(name) ? name : JSON.stringify(name);
}

/** The Go doc comment gotype recorded on a declaration or field, if any. */
export function docOf(x: object): string | undefined {
  const d = (x as { doc?: unknown }).doc;
  return typeof d === "string" && d.trim() !== "" ? d : undefined;
}

/**
 * A Go doc comment as JSDoc lines at `indent`: `*\/` cannot end the comment
 * early, and a `Deprecated:` paragraph becomes `@deprecated` (Go's convention).
 */
export function jsDoc(doc: string, indent = ""): string[] {
  const text = doc
    .replace(/\r\n?/g, "\n")
    .replace(/\*\//g, "*\\/")
    .replace(/^\n+|\s+$/g, "");
  const lines = text.split("\n").map((l) => l.replace(/^Deprecated: /, "@deprecated "));
  if (lines.length === 1) return [`${indent}/** ${lines[0]} */`];
  return [
    `${indent}/**`,
    ...lines.map((l) => (l === "" ? `${indent} *` : `${indent} * ${l}`)),
    `${indent} */`,
  ];
}
