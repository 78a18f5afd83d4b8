/**
 * formatGo / formatGoDecls: Go source for types, which Go compiles and
 * parseGo reads back to the same types. Types of the package being printed
 * are unqualified; types of other packages are qualified and imported;
 * instantiated generic types print as `Page[Order]` with the generic
 * declaration as written; opaque types (func, chan, fields of unknown
 * imported types) print as the source spelled them.
 */
import { DEFAULT_PKG, isPredeclared } from "./constructors.js";
import { goQuote } from "./go-quote.js";
import type { GoType } from "./types.js";

const IMPORT_PATH: Readonly<Record<string, string>> = Object.freeze({
  __proto__: null,
  time: "time",
  json: "encoding/json",
  jsontext: "encoding/json/jsontext",
} as unknown as Record<string, string>);

/** Options of formatGo. */
export interface FormatOptions {
  /** Indentation prefix for nested struct fields (default ""). */
  readonly indent?: string;
  /** The package being printed: its types are written unqualified (default `main`). */
  readonly localPackage?: string;
}

function tagLiteral(tag: string): string {
  return tag.includes("`") || tag.includes("\r") ? goQuote(tag) : `\`${tag}\``;
}

/**
 * A Go type expression for `t`: named types by name (`Order`, `time.Time`,
 * `Page[Order]`), literals spelled out (`map[string][]*Order`,
 * `struct {\n\tA int \`json:"a"\`\n}`), opaque types as written (`func() error`).
 */
export function formatGo(t: GoType, opts: FormatOptions = {}): string {
  return expr(t, opts.indent ?? "", opts.localPackage ?? DEFAULT_PKG);
}

function unqualify(text: string, local: string): string {
  return text.split(`${local}.`).join("");
}

function expr(t: GoType, indent: string, local: string): string {
  if (t.generic !== undefined) {
    const pkg = t.pkg ?? DEFAULT_PKG;
    const base = pkg === local || pkg === "" ? t.generic.name : `${pkg}.${t.generic.name}`;
    return `${base}[${t.generic.typeArgs.map((a) => expr(a, indent, local)).join(", ")}]`;
  }
  if (t.name !== undefined) {
    const pkg = t.pkg ?? DEFAULT_PKG;
    return pkg === local || pkg === "" ? t.name : `${pkg}.${t.name}`;
  }
  if (isPredeclared(t)) return t.kind === "interface" ? "any" : t.kind;
  switch (t.kind) {
    case "slice":
      return `[]${expr(t.elem, indent, local)}`;
    case "array":
      return `[${t.len}]${expr(t.elem, indent, local)}`;
    case "map":
      return `map[${expr(t.key, indent, local)}]${expr(t.elem, indent, local)}`;
    case "pointer":
      return `*${expr(t.elem, indent, local)}`;
    case "interface":
      if (t.opaque !== undefined) return unqualify(t.opaque.text, local);
      if (t.interfaceMethods !== undefined && t.interfaceMethods.length > 0)
        return `interface {\n${t.interfaceMethods.map((m) => `${indent}\t${unqualify(m.name + m.signature, local)}`).join("\n")}\n${indent}}`;
      return "any";
    case "struct": {
      if (t.fields.length === 0) return "struct{}";
      const inner = `${indent}\t`;
      const lines = t.fields.map((f) => {
        let s = f.embedded
          ? embeddedExpr(f.name, f.type, inner, local)
          : `${f.name} ${expr(f.type, inner, local)}`;
        if (f.tag !== "") s += ` ${tagLiteral(f.tag)}`;
        return `${inner}${s}`;
      });
      return `struct {\n${lines.join("\n")}\n${indent}}`;
    }
    default:
      return t.kind;
  }
}

// An embedded field is spelled by its name; when that differs from the type's
// name (an embedded alias), formatGoDecls declares the alias.
function embeddedExpr(name: string, t: GoType, indent: string, local: string): string {
  const ptr = t.kind === "pointer" && t.name === undefined;
  const base = ptr ? (t as { elem: GoType }).elem : t;
  const own = expr(base, indent, local);
  const bare = own.replace(/\[.*$/s, "");
  const spelled = bare === name || bare.endsWith(`.${name}`) ? own : name;
  return ptr ? `*${spelled}` : spelled;
}

/** `type Name <underlying>` for a named type (declared in its own package). */
export function formatGoDecl(t: GoType, opts: FormatOptions = {}): string {
  if (t.name === undefined) throw new TypeError("formatGoDecl: type has no name");
  if (t.generic !== undefined) return t.generic.source;
  return `type ${t.name} ${underlyingExpr(t, opts.localPackage ?? t.pkg ?? DEFAULT_PKG)}`;
}

function underlyingExpr(t: GoType, local: string): string {
  const u = { ...t } as Record<string, unknown>;
  delete u.name;
  delete u.pkg;
  delete u.known;
  delete u.methods;
  delete u.pkgPath;
  delete u.generic;
  return expr(u as unknown as GoType, "", local);
}

/** Options of formatGoDecls. */
export interface FormatDeclsOptions {
  /** Package clause name (default: the package of the types, else `main`); null to leave the clause out. */
  readonly packageName?: string | null;
  /** Whether to add the import block for the packages the types name (default true). */
  readonly imports?: boolean;
}

/**
 * A Go file declaring every named type of the types' own package reachable
 * from `types` (given as a record or array), in first-seen order, with the
 * imports other packages need. Instantiated generic types are declared by
 * their generic declaration; types under other record keys than their names
 * are declared as aliases (`type Key = Name`).
 */
export function formatGoDecls(
  types: Readonly<Record<string, GoType>> | readonly GoType[],
  opts: FormatDeclsOptions = {},
): string {
  const entries: [string | undefined, GoType][] = Array.isArray(types)
    ? (types as readonly GoType[]).map((t) => [undefined, t])
    : Object.keys(types).map((k) => [k, (types as Record<string, GoType>)[k] as GoType]);
  let local = typeof opts.packageName === "string" ? opts.packageName : undefined;
  if (local === undefined) {
    for (const [, t] of entries) {
      if (
        t.name !== undefined &&
        t.pkg !== undefined &&
        t.pkg !== "" &&
        t.known === undefined &&
        !(t.kind === "interface" && t.opaque !== undefined)
      ) {
        local = t.pkg;
        break;
      }
    }
  }
  const home = local ?? DEFAULT_PKG;
  const order: GoType[] = [];
  const generics = new Map<string, string>();
  const seen = new Set<GoType>();
  const imports = new Map<string, string>(); // qualifier → import path
  const stack: GoType[] = [];
  const embedAliases = new Map<string, string>();
  const visit = (root: GoType): void => {
    stack.push(root);
    while (stack.length > 0) {
      const t = stack.pop() as GoType;
      if (seen.has(t)) continue;
      seen.add(t);
      const pkg = t.pkg ?? DEFAULT_PKG;
      if (t.name !== undefined && pkg !== home && pkg !== "") {
        const path =
          t.pkgPath ?? (t.kind === "interface" ? t.opaque?.importPath : undefined) ?? IMPORT_PATH[pkg] ?? pkg;
        imports.set(pkg, path);
        for (const a of t.generic?.typeArgs ?? []) stack.push(a);
        continue;
      }
      if (t.generic !== undefined) {
        if (!generics.has(t.generic.name)) generics.set(t.generic.name, t.generic.source);
        for (const a of t.generic.typeArgs) stack.push(a);
      } else if (
        t.name !== undefined &&
        !isPredeclared(t) &&
        pkg !== "" &&
        !(t.kind === "interface" && t.opaque?.kind === "unresolved")
      )
        order.push(t);
      if (t.kind === "interface" && t.opaque?.kind === "unsafe.Pointer") imports.set("unsafe", "unsafe");
      switch (t.kind) {
        case "slice":
        case "array":
        case "pointer":
          stack.push(t.elem);
          break;
        case "map":
          stack.push(t.elem, t.key);
          break;
        case "struct":
          for (let i = t.fields.length - 1; i >= 0; i--) {
            const f = t.fields[i] as (typeof t.fields)[number];
            stack.push(f.type);
            if (f.embedded) {
              const base = f.type.kind === "pointer" && f.type.name === undefined ? f.type.elem : f.type;
              const own = expr(base, "", home);
              const bare = own.replace(/\[.*$/s, "");
              if (bare !== f.name && !bare.endsWith(`.${f.name}`)) embedAliases.set(f.name, own);
            }
          }
          break;
        default:
          break;
      }
    }
  };
  const aliases: string[] = [];
  for (const [key, t] of entries) {
    visit(t);
    if (key !== undefined && key !== t.name) aliases.push(`type ${key} = ${expr(t, "", home)}`);
  }
  const out: string[] = [];
  const pkgName = opts.packageName === undefined ? home : opts.packageName;
  if (pkgName !== null) out.push(`package ${pkgName}\n`);
  if (opts.imports !== false && imports.size > 0) {
    const lines = [...imports]
      .map(([q, path]) => {
        const last = path.split("/").pop() ?? path;
        return q === last ? goQuote(path) : `${q} ${goQuote(path)}`;
      })
      .sort((a, b) => (a.replace(/^\w+ /, "") < b.replace(/^\w+ /, "") ? -1 : 1));
    out.push(`import (\n${lines.map((p) => `\t${p}`).join("\n")}\n)\n`);
  }
  for (const t of order) out.push(`${formatGoDecl(t, { localPackage: home })}\n`);
  for (const src of generics.values()) out.push(`${src}\n`);
  for (const a of aliases) out.push(`${a}\n`);
  const declared = new Set<string>([...order.map((t) => t.name as string), ...entries.map(([k]) => k ?? "")]);
  for (const [name, target] of embedAliases) if (!declared.has(name)) out.push(`type ${name} = ${target}\n`);
  return out.join("\n");
}
