/**
 * A Go package built from its files with a given importer: the files the
 * build leaves out, the package clause, the resolved scope, and the frozen
 * GoPackage record. go-package.ts adds the importer over the user's imports
 * and the standard library; std-packages.ts builds the standard library
 * with this directly.
 */
import { type BuildContext, evalBuildConstraint, fileNameExclusion } from "./build-constraints.js";
import { DEFAULT_PKG } from "./constructors.js";
import type { FileAst } from "./go-ast.js";
import { parseFile, parseTypeExpr } from "./go-parser.js";
import { bindScope, type Importer, PackageScope, scopeOf } from "./go-resolve.js";
import { GoSyntaxError } from "./go-syntax-error.js";
import { assertResolved } from "./opaque.js";
import type { GoType } from "./types.js";

/** A Go source file given by name. */
export interface GoFile {
  /** File name (as in error messages: `order.go`, `shop/order.go`). */
  readonly name: string;
  readonly source: string;
}

/** A file that belongs to the directory but not to the build (test files, other GOOS, `//go:build ignore`). */
export interface IgnoredFile {
  readonly name: string;
  readonly reason: string;
}

/**
 * A resolved Go package: its declared types by name, with the package's
 * name and import path (`shop.Order` in error texts).
 */
export interface GoPackage {
  /** The package clause name (`shop`). */
  readonly name: string;
  /** The import path (`example.com/shop`); the package name when none was given. */
  readonly path: string;
  /**
   * Every declared non-generic type by name (aliases map to their target).
   * A null-prototype record: `__proto__` or `constructor` are ordinary type names.
   */
  readonly types: Readonly<Record<string, GoType>>;
  /** Names of the generic types (instantiate them with `instantiate` or `type("Page[Order]")`). */
  readonly generics: readonly string[];
  /** The files that make up the package, in the order given. */
  readonly files: readonly string[];
  /** Files left out by build constraints, test files, and files of other packages. */
  readonly ignoredFiles: readonly IgnoredFile[];
  /** The package doc comment (from the file that has one). */
  readonly doc?: string;
  /** A type expression in the package scope: `Page[Order]`, `map[string][]*Item`. */
  type(expr: string): GoType;
  /** Instantiates generic type `name` with type arguments (reflect names it `Page[main.Order]`). */
  instantiate(name: string, args: readonly GoType[]): GoType;
}

/**
 * Where imported packages come from: a record by import path, a list of
 * packages, or a function. Standard-library packages gotype knows resolve
 * without it.
 */
export type GoImports =
  | Readonly<Record<string, GoPackage>>
  | readonly GoPackage[]
  | ((importPath: string) => GoPackage | undefined);

/** Options of parseGoPackage and parseGo. */
export interface ParsePackageOptions {
  /** Import path of the package (type arguments print with it: `Page[example.com/shop.Order]`). */
  readonly path?: string;
  /** Packages the files import (other packages of the module, third-party declarations). */
  readonly imports?: GoImports;
  /** Build target for `//go:build` lines and `_GOOS.go` names (parseGoPackage; default linux/amd64). */
  readonly build?: BuildContext;
  /**
   * Types the package scope sees without declaring them (a declaration
   * package built on types made elsewhere, as the standard library's time
   * package is built on `timeTime`).
   */
  readonly predeclared?: Readonly<Record<string, GoType>>;
}

// A types record points at its package under a registered symbol (found from any copy of gotype).
const PACKAGE = Symbol.for("gojson.gotype.package");

/** The package a types record (parseGo's or a package's `types`) belongs to. */
export function goPackageOf(types: Readonly<Record<string, GoType>>): GoPackage | undefined {
  return (types as Record<symbol, GoPackage | undefined>)[PACKAGE];
}

function normaliseFiles(files: readonly GoFile[] | Readonly<Record<string, string>>): GoFile[] {
  if (Array.isArray(files))
    return (files as readonly GoFile[]).map((f) => ({ name: f.name, source: f.source }));
  if (files === null || typeof files !== "object")
    throw new TypeError(
      "parseGoPackage: files must be an array of { name, source } or a record of name → source",
    );
  return Object.keys(files).map((name) => ({
    name,
    source: (files as Record<string, string>)[name] as string,
  }));
}

/**
 * parseGoPackage with the importer given: reads the files of one Go package (one package clause, as `go build` sees
 * the directory) and resolves its types. Test files, files whose build
 * constraints exclude them, and `package documentation`-style files of
 * another package clause are listed in `ignoredFiles`. Errors are
 * GoSyntaxErrors naming the file, line and column.
 */
export function buildGoPackage(
  files: readonly GoFile[] | Readonly<Record<string, string>>,
  options: ParsePackageOptions,
  importer: Importer,
): GoPackage {
  const list = normaliseFiles(files);
  const ignored: IgnoredFile[] = [];
  const asts: FileAst[] = [];
  for (const f of list) {
    if (typeof f.source !== "string")
      throw new TypeError(`parseGoPackage: source of ${f.name} must be a string`);
    const why =
      list.length > 1 || f.name.endsWith(".go") ? fileNameExclusion(f.name, options.build) : undefined;
    if (why !== undefined && !(why === "not a .go file" && list.length === 1)) {
      ignored.push({ name: f.name, reason: why });
      continue;
    }
    const ast = parseFile(f.source, f.name === "" ? undefined : f.name, asts.length);
    if (list.length > 1 && options.build?.cgo !== true && ast.imports.some((i) => i.path === "C")) {
      ignored.push({ name: f.name, reason: 'uses cgo (import "C"); build.cgo is off' });
      continue;
    }
    if (ast.buildConstraint !== undefined && list.length > 1) {
      const ok = evalBuildConstraint(ast.buildConstraint, options.build);
      if (ok === undefined)
        throw new GoSyntaxError(1, 1, `invalid //go:build line: ${ast.buildConstraint}`, f.name);
      if (!ok) {
        ignored.push({ name: f.name, reason: `//go:build ${ast.buildConstraint}` });
        continue;
      }
    }
    asts.push(ast);
  }
  return buildPackage(asts, ignored, options, importer);
}

function buildPackage(
  asts: FileAst[],
  ignored: IgnoredFile[],
  options: ParsePackageOptions,
  importer: Importer,
): GoPackage {
  let name: string | undefined;
  let nameFile: string | undefined;
  for (const a of asts) {
    if (a.packageName === undefined) continue;
    if (name === undefined) {
      name = a.packageName;
      nameFile = a.file;
    } else if (a.packageName !== name) {
      const p = a.packagePos ?? { line: 1, col: 1 };
      throw new GoSyntaxError(
        p.line,
        p.col,
        `found packages ${name} (${nameFile ?? "?"}) and ${a.packageName} (${a.file ?? "?"})`,
        a.file,
      );
    }
  }
  const pkgName = name ?? DEFAULT_PKG;
  const path = options.path ?? pkgName;
  const predeclared =
    options.predeclared !== undefined ? new Map(Object.entries(options.predeclared)) : undefined;
  const scope = new PackageScope(asts, {
    name: pkgName,
    path,
    recordPath: options.path !== undefined,
    importer,
    ...(predeclared !== undefined ? { predeclared } : {}),
  });
  const types = scope.resolveAll();
  const doc = asts.find((a) => a.packageDoc !== undefined)?.packageDoc;
  const pkg: GoPackage = {
    name: pkgName,
    path,
    ...(doc !== undefined ? { doc } : {}),
    types,
    generics: Object.freeze(scope.genericNames()),
    files: Object.freeze(asts.map((a) => a.file ?? "")),
    ignoredFiles: Object.freeze(ignored),
    type(expr: string): GoType {
      if (typeof expr !== "string") throw new TypeError("type: the type expression must be a string");
      const t = scope.typeExpr(parseTypeExpr(expr));
      assertResolved(t);
      return t;
    },
    instantiate(gname: string, args: readonly GoType[]): GoType {
      return scope.instantiateByName(gname, args);
    },
  };
  bindScope(pkg, scope);
  Object.defineProperty(types, PACKAGE, { value: pkg, enumerable: false });
  Object.freeze(types);
  Object.freeze(pkg);
  return pkg;
}

/** Whether `pkg` is a package made by parseGoPackage (or readGoPackage). */
export function isGoPackage(pkg: unknown): pkg is GoPackage {
  return typeof pkg === "object" && pkg !== null && scopeOf(pkg) !== undefined;
}
