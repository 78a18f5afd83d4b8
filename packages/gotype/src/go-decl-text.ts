/**
 * How the resolver writes declarations in its messages: positions, constant
 * and type expressions as the source writes them, generic parameter lists,
 * and the GoSyntaxError at a position.
 */
import type { CExpr, Ctx, GoPos, SigAst, TExpr, TypeDeclAst } from "./go-ast.js";
import { GoSyntaxError } from "./go-syntax-error.js";
import { typeString } from "./type-string.js";
import type { GoType } from "./types.js";

/** What printing a type expression needs of its package. */
export interface TextScope {
  /** The package name (`shop` in `shop.Order`). */
  readonly name: string;
  /** Whether the package declares a type (or generic type) of this name. */
  declares(name: string): boolean;
  /** The value of an array length (throws when it cannot be evaluated). */
  evalConst(e: CExpr, ctx: Ctx): bigint;
}

/** A signature as the source writes it (`(a int) error`). */
export function sigString(s: TextScope, sig: SigAst, ctx: Ctx): string {
  const ps = sig.params.map((p, i) =>
    sig.variadic && i === sig.params.length - 1 ? `...${exprString(s, p, ctx)}` : exprString(s, p, ctx),
  );
  const rs = sig.results.map((r) => exprString(s, r, ctx));
  const res = rs.length === 0 ? "" : rs.length === 1 ? ` ${rs[0]}` : ` (${rs.join(", ")})`;
  return `(${ps.join(", ")})${res}`;
}

/** A type expression as Go prints it in messages: this package's names qualified unless `local`. */
export function exprString(s: TextScope, e: TExpr, ctx: Ctx, local = false): string {
  switch (e.k) {
    case "name": {
      const args =
        e.args !== undefined ? `[${e.args.map((a) => exprString(s, a, ctx, local)).join(",")}]` : "";
      if (e.pkg !== undefined) return `${e.pkg}.${e.name}${args}`;
      if (ctx.tparams?.has(e.name)) return typeString(ctx.tparams.get(e.name) as GoType);
      if (!local && s.declares(e.name)) return `${s.name}.${e.name}${args}`;
      return `${e.name}${args}`;
    }
    case "slice":
      return `[]${exprString(s, e.elem, ctx, local)}`;
    case "ptr":
      return `*${exprString(s, e.elem, ctx, local)}`;
    case "array": {
      let n: string;
      try {
        n = String(s.evalConst(e.len, ctx));
      } catch {
        n = cexprString(e.len);
      }
      return `[${n}]${exprString(s, e.elem, ctx, local)}`;
    }
    case "map":
      return `map[${exprString(s, e.key, ctx, local)}]${exprString(s, e.elem, ctx, local)}`;
    case "func":
      return `func${sigString(s, e.sig, ctx)}`;
    case "chan":
      return `${e.dir === "send" ? "chan<- " : e.dir === "recv" ? "<-chan " : "chan "}${exprString(s, e.elem, ctx)}`;
    case "struct":
      return e.fields.length === 0 ? "struct {}" : "struct { ... }";
    case "iface":
      return e.methods.length === 0 && e.embeds.length === 0 ? "interface {}" : "interface { ... }";
    case "terms":
      return e.terms.map((t) => `${t.tilde ? "~" : ""}${exprString(s, t.type, ctx)}`).join(" | ");
  }
}

// A constant expression as the source writes it (for messages).
export function cexprString(e: CExpr): string {
  switch (e.k) {
    case "lit":
      return String(e.value);
    case "ref":
      return e.name;
    case "qref":
      return `${e.pkg}.${e.name}`;
    case "iota":
      return "iota";
    case "un":
      return `${e.op}${cexprString(e.x)}`;
    case "bin":
      return `${cexprString(e.x)} ${e.op} ${cexprString(e.y)}`;
    case "bad":
      return "...";
  }
}

export function baseName(name: string): string {
  const i = name.indexOf("[");
  return i < 0 ? name : name.slice(0, i);
}

export function paramsText(g: TypeDeclAst): string {
  return `[${(g.params ?? []).map((p) => `${p.name} ${constraintText(p.constraint)}`).join(", ")}]`;
}
export function constraintText(e: TExpr): string {
  if (e.k === "name") return e.pkg !== undefined ? `${e.pkg}.${e.name}` : e.name;
  if (e.k === "iface" && e.methods.length === 0 && e.embeds.length === 0) return "interface{}";
  return "...";
}

export function posString(p: GoPos): string {
  return `${p.file !== undefined ? `${p.file}:` : ""}${p.line}:${p.col}`;
}

export function comparePos(a: GoPos, b: GoPos): number {
  if ((a.file ?? "") !== (b.file ?? "")) return (a.file ?? "") < (b.file ?? "") ? -1 : 1;
  return a.line - b.line || a.col - b.col;
}

export function err(pos: GoPos, msg: string): GoSyntaxError {
  return new GoSyntaxError(pos.line, pos.col, msg, pos.file);
}
