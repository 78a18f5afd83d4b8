/**
 * formatGo / formatGoDecls: Go source for types, which Go compiles and
 * parseGo reads back to the same types.
 */
import { DEFAULT_PKG, isPredeclared } from "./constructors.js";
import { goQuote } from "./go-quote.js";
import type { GoType } from "./types.js";

const IMPORT_PATH: Record<string, string> = {
  time: "time",
  json: "encoding/json",
  jsontext: "encoding/json/jsontext",
};

/** Options of formatGo. */
export interface FormatOptions {
  /** Indentation prefix for nested struct fields (default ""). */
  readonly indent?: string;
}

function tagLiteral(tag: string): string {
  return tag.includes("`") || tag.includes("\r") ? goQuote(tag) : `\`${tag}\``;
}

/**
 * A Go type expression for `t`: named types by name (`Order`, `time.Time`),
 * literals spelled out (`map[string][]*Order`, `struct {\n\tA int \`json:"a"\`\n}`).
 */
export function formatGo(t: GoType, opts: FormatOptions = {}): string {
  return expr(t, opts.indent ?? "");
}

function expr(t: GoType, indent: string): string {
  if (t.name !== undefined) {
    const pkg = t.pkg ?? DEFAULT_PKG;
    return pkg === DEFAULT_PKG ? t.name : `${pkg}.${t.name}`;
  }
  if (isPredeclared(t)) return t.kind === "interface" ? "any" : t.kind;
  switch (t.kind) {
    case "slice":
      return `[]${expr(t.elem, indent)}`;
    case "array":
      return `[${t.len}]${expr(t.elem, indent)}`;
    case "map":
      return `map[${expr(t.key, indent)}]${expr(t.elem, indent)}`;
    case "pointer":
      return `*${expr(t.elem, indent)}`;
    case "interface":
      return "any";
    case "struct": {
      if (t.fields.length === 0) return "struct{}";
      const inner = `${indent}\t`;
      const lines = t.fields.map((f) => {
        let s = f.embedded ? embeddedExpr(f.name, f.type, inner) : `${f.name} ${expr(f.type, inner)}`;
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
function embeddedExpr(name: string, t: GoType, indent: string): string {
  const ptr = t.kind === "pointer" && t.name === undefined;
  const base = ptr ? (t as { elem: GoType }).elem : t;
  const own = expr(base, indent);
  const spelled = own === name || own.endsWith(`.${name}`) ? own : name;
  return ptr ? `*${spelled}` : spelled;
}

/** `type Name <underlying>` for a named type declared in package main. */
export function formatGoDecl(t: GoType): string {
  if (t.name === undefined) throw new TypeError("formatGoDecl: type has no name");
  return `type ${t.name} ${underlyingExpr(t)}`;
}

function underlyingExpr(t: GoType): string {
  const u = { ...t } as Record<string, unknown>;
  delete u.name;
  delete u.pkg;
  delete u.known;
  delete u.methods;
  return expr(u as unknown as GoType, "");
}

/** Options of formatGoDecls. */
export interface FormatDeclsOptions {
  /** Package clause name (default `main`); null to leave the clause out. */
  readonly packageName?: string | null;
  /** Whether to add the import block for time, encoding/json and jsontext (default true). */
  readonly imports?: boolean;
}

/**
 * A Go file declaring every named main-package type reachable from `types`
 * (given as a record or array), in first-seen order, with the imports the
 * known types need. Types under other record keys than their names are
 * declared as aliases (`type Key = Name`).
 */
export function formatGoDecls(
  types: Record<string, GoType> | readonly GoType[],
  opts: FormatDeclsOptions = {},
): string {
  const entries: [string | undefined, GoType][] = Array.isArray(types)
    ? (types as readonly GoType[]).map((t) => [undefined, t])
    : Object.entries(types as Record<string, GoType>);
  const order: GoType[] = [];
  const seen = new Set<GoType>();
  const pkgs = new Set<string>();
  const visit = (t: GoType): void => {
    if (seen.has(t)) return;
    seen.add(t);
    const pkg = t.pkg ?? DEFAULT_PKG;
    if (t.name !== undefined && pkg !== DEFAULT_PKG) {
      pkgs.add(pkg);
      return;
    }
    if (t.name !== undefined && !isPredeclared(t)) order.push(t);
    switch (t.kind) {
      case "slice":
      case "array":
      case "pointer":
        visit(t.elem);
        break;
      case "map":
        visit(t.key);
        visit(t.elem);
        break;
      case "struct":
        for (const f of t.fields) {
          visit(f.type);
          if (f.embedded) {
            const base = f.type.kind === "pointer" && f.type.name === undefined ? f.type.elem : f.type;
            const own = expr(base, "");
            if (own !== f.name && !own.endsWith(`.${f.name}`)) embedAliases.set(f.name, own);
          }
        }
        break;
      default:
        break;
    }
  };
  const embedAliases = new Map<string, string>();
  const aliases: string[] = [];
  for (const [key, t] of entries) {
    visit(t);
    if (key !== undefined && key !== t.name) aliases.push(`type ${key} = ${expr(t, "")}`);
  }
  const out: string[] = [];
  const pkgName = opts.packageName === undefined ? DEFAULT_PKG : opts.packageName;
  if (pkgName !== null) out.push(`package ${pkgName}\n`);
  if (opts.imports !== false && pkgs.size > 0) {
    const paths = [...pkgs].map((p) => IMPORT_PATH[p] ?? p).sort();
    out.push(`import (\n${paths.map((p) => `\t${goQuote(p)}`).join("\n")}\n)\n`);
  }
  for (const t of order) out.push(`${formatGoDecl(t)}\n`);
  for (const a of aliases) out.push(`${a}\n`);
  const declared = new Set<string>([...order.map((t) => t.name as string), ...entries.map(([k]) => k ?? "")]);
  for (const [name, target] of embedAliases) if (!declared.has(name)) out.push(`type ${name} = ${target}\n`);
  return out.join("\n");
}
