/**
 * The syntax tree of the Go declarations gotype reads: what go/ast keeps of a
 * file for the type model (package clause, imports, type/const declarations,
 * method signatures), with positions for errors. Function bodies and var
 * initialisers are skipped by the parser.
 */
import type { GoType } from "./types.js";

/** A resolution context: the file (index in the package) and the type parameters in scope. */
export type Ctx = { readonly file: number; readonly tparams?: ReadonlyMap<string, GoType> };

/** A source position: 1-based line and column (UTF-16 units), and the file name when known. */
export interface GoPos {
  readonly file?: string;
  readonly line: number;
  readonly col: number;
}

/** A type expression. */
export type TExpr =
  | {
      readonly k: "name";
      readonly name: string;
      readonly pkg?: string;
      readonly args?: TExpr[];
      readonly pos: GoPos;
    }
  | { readonly k: "slice"; readonly elem: TExpr; readonly pos: GoPos }
  | { readonly k: "array"; readonly len: CExpr; readonly elem: TExpr; readonly pos: GoPos }
  | { readonly k: "map"; readonly key: TExpr; readonly elem: TExpr; readonly pos: GoPos }
  | { readonly k: "ptr"; readonly elem: TExpr; readonly pos: GoPos }
  | { readonly k: "struct"; readonly fields: FieldAst[]; readonly pos: GoPos }
  | {
      readonly k: "iface";
      readonly methods: IMethodAst[];
      readonly embeds: TExpr[];
      /** Whether the interface holds type terms (`~int | string`): usable only as a constraint. */
      readonly constraint: boolean;
      readonly pos: GoPos;
    }
  | { readonly k: "func"; readonly sig: SigAst; readonly pos: GoPos }
  | { readonly k: "chan"; readonly dir: "both" | "send" | "recv"; readonly elem: TExpr; readonly pos: GoPos }
  /** A constraint union or `~T` term, only valid inside a constraint. */
  | { readonly k: "terms"; readonly terms: { tilde: boolean; type: TExpr }[]; readonly pos: GoPos };

/** A function signature (parameter and result types; names dropped). */
export interface SigAst {
  readonly params: TExpr[];
  readonly results: TExpr[];
  readonly variadic: boolean;
}

/** A method in an interface body. */
export interface IMethodAst {
  readonly name: string;
  readonly sig: SigAst;
  readonly pos: GoPos;
}

/** A struct field (one per name; `a, b int` gives two). */
export interface FieldAst {
  readonly name: string;
  readonly embedded: boolean;
  readonly type: TExpr;
  readonly tag: string;
  readonly pos: GoPos;
  readonly doc?: string;
}

/** A constant expression (integer arithmetic is evaluated; anything else is kept as `bad`). */
export type CExpr =
  | { readonly k: "lit"; readonly value: bigint; readonly pos: GoPos }
  | { readonly k: "ref"; readonly name: string; readonly pos: GoPos }
  | { readonly k: "iota"; readonly pos: GoPos }
  | { readonly k: "bin"; readonly op: string; readonly x: CExpr; readonly y: CExpr; readonly pos: GoPos }
  | { readonly k: "un"; readonly op: string; readonly x: CExpr; readonly pos: GoPos }
  /** `pkg.Name`: a constant of an imported package (evaluated when gotype knows the package). */
  | { readonly k: "qref"; readonly pkg: string; readonly name: string; readonly pos: GoPos }
  | { readonly k: "bad"; readonly why: string; readonly pos: GoPos };

/** A type parameter `T constraint`. */
export interface TypeParamAst {
  readonly name: string;
  readonly constraint: TExpr;
}

/** `type Name[params] = Type` or `type Name[params] Type`. */
export interface TypeDeclAst {
  readonly name: string;
  readonly alias: boolean;
  readonly params?: TypeParamAst[];
  /** The declaration as written (`type Page[T any] struct { ... }`), kept for generic types. */
  readonly source?: string;
  readonly expr: TExpr;
  readonly pos: GoPos;
  readonly doc?: string;
  /** Index of the file in the package (for file-scoped imports). */
  readonly fileIndex: number;
}

/** One constant of a const declaration. */
export interface ConstDeclAst {
  readonly name: string;
  readonly expr: CExpr;
  readonly iota: bigint;
  readonly pos: GoPos;
  readonly fileIndex: number;
}

/** `func (r *T[P]) Name(params) results`. */
export interface MethodDeclAst {
  readonly recvType: string;
  readonly recvPointer: boolean;
  readonly name: string;
  readonly sig: SigAst;
  readonly pos: GoPos;
  readonly fileIndex: number;
}

/** `import name "path"` (name: an identifier, "." or "_", or absent). */
export interface ImportAst {
  readonly name?: string;
  readonly path: string;
  readonly pos: GoPos;
}

/** One parsed file. */
export interface FileAst {
  readonly file?: string;
  readonly packageName?: string;
  readonly packagePos?: GoPos;
  /** The package doc comment (the comment just before the package clause). */
  readonly packageDoc?: string;
  /** The `//go:build` expression, when the file has one. */
  readonly buildConstraint?: string;
  readonly imports: ImportAst[];
  readonly types: TypeDeclAst[];
  readonly consts: ConstDeclAst[];
  readonly methods: MethodDeclAst[];
  /** Names declared by var and func declarations (for redeclaration checks). */
  readonly values: { name: string; pos: GoPos }[];
}
