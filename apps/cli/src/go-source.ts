import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import {
  type GoImports,
  type GoModule,
  type GoModuleFiles,
  type GoPackage,
  type GoType,
  goPackageOf,
  parseGo,
  parseGoModule,
  parseGoPackage,
} from "@gojson/gotype";
import { findModuleRoot } from "@gojson/gotype/node";
import { thirdPartyPackages } from "@gojson/gotype/thirdparty";
import { CliError, EXIT } from "./exit-codes.js";
import { DEFAULT_MAX_INPUT_BYTES, readFilePrefix, tooLarge } from "./limits.js";
import { shownName, suggestion } from "./nearest.js";

/** One Go file read for a package: its name (as parseGoPackage and error texts show it) and its text. */
export interface GoSourceFile {
  readonly name: string;
  readonly source: string;
}

/** The Go source behind `--go`: one file, several files of one package, or a package directory. */
export interface GoSource {
  /** How messages name the source: the file, the directory, or `a.go, b.go`. */
  readonly label: string;
  /** The files that make up the package (build-constrained and test files left out), in name order. */
  readonly files: readonly GoSourceFile[];
  /** The package gotype read (name, import path, generics, ignored files). */
  readonly pkg: GoPackage;
  /** Every declared type by Go name (a null-prototype record: `__proto__` is an ordinary name). */
  readonly types: Readonly<Record<string, GoType>>;
}

/** Options of {@link loadGoSource}. */
export interface LoadGoOptions {
  /** Most bytes read for the whole package (every file together); default {@link DEFAULT_MAX_INPUT_BYTES}. */
  readonly maxBytes?: number;
  /** Where the paths came from, for messages (default `--go`): "check the path given to --go". */
  readonly flag?: string;
  /** What messages ask to check (default `the path given to <flag>`; `schema FILE` says `the path`). */
  readonly given?: string;
}

/** What is left of --max-bytes for the Go source, shared by every file read for one --go. */
interface Budget {
  left: number;
  readonly max: number;
  /** What the error calls the input past the limit. */
  readonly what: string;
}

/** readGoFile reads one file against the budget: past it, an input error that names the whole source. */
function readGoFile(path: string, budget: Budget, given: string): string {
  if (!existsSync(path)) throw new CliError(`cannot read Go file ${path}: check ${given}`, EXIT.input);
  const bytes = readFilePrefix(path, budget.left + 1, `Go file ${path}`);
  if (bytes.length > budget.left) throw tooLarge(budget.what, budget.max);
  budget.left -= bytes.length;
  return new TextDecoder().decode(bytes);
}

/**
 * The Go module around `dir` (a go.mod in it or above it), read through the
 * budget: packages are parsed on first use, so only the package asked for and
 * the module packages it imports are read. Imports from outside the module
 * resolve to the standard library and gotype's ready third-party packages
 * (google/uuid, shopspring/decimal). `read` records every file it reads.
 */
function moduleAround(
  dir: string,
  budget: Budget,
  given: string,
  read: Map<string, string>,
): { root: string; module: GoModule } | undefined {
  const root = findModuleRoot(dir);
  if (root === undefined) return undefined;
  const files: GoModuleFiles = {
    goFiles: (d) => {
      try {
        return readdirSync(join(root, ...d.split("/").filter((x) => x !== "")), { withFileTypes: true })
          .filter((e) => (e.isFile() || e.isSymbolicLink()) && e.name.endsWith(".go"))
          .map((e) => e.name)
          .sort();
      } catch {
        return undefined;
      }
    },
    read: (p) => {
      const text = readGoFile(join(root, ...p.split("/")), budget, given);
      read.set(p, text);
      return text;
    },
  };
  return { root, module: parseGoModule(files, { imports: thirdPartyPackages as GoImports }) };
}

/** The module-relative, `/`-separated directory of an absolute path. */
function moduleDir(root: string, abs: string): string {
  return relative(root, abs).split(sep).join("/");
}

function listPackageDir(dir: string, given: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    throw new CliError(`cannot read directory ${dir}: check ${given}`, EXIT.input);
  }
  const files = names.filter((n) => n.endsWith(".go")).sort();
  if (files.length === 0) throw new CliError(`${dir} has no .go files: check ${given}`, EXIT.input);
  return files.map((n) => join(dir, n));
}

/**
 * loadGoSource reads the Go source that `--go` names and parses it with
 * gotype: one file (parseGo), several files of one package or a package
 * directory (its `.go` files, parseGoPackage: test files and files excluded by
 * build constraints for linux/amd64 are left out, as `go build` does). Every
 * read is bounded: the files together may hold at most `maxBytes`, and a
 * device such as /dev/zero fails once it passes the limit. Errors are
 * CliErrors: a missing path or oversize input (exit 3), Go syntax errors with
 * file, line and column (exit 3), no path at all (exit 2).
 */
export function loadGoSource(
  paths: string | readonly string[] | undefined,
  options: LoadGoOptions = {},
): GoSource {
  const flag = options.flag ?? "--go";
  const given = options.given ?? `the path given to ${flag}`;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_INPUT_BYTES;
  const list = (typeof paths === "string" ? [paths] : (paths ?? [])).filter((p) => p !== "");
  if (list.length === 0)
    throw new CliError(
      `missing ${flag} PATH: a Go file, several files of a package, or a package directory`,
      EXIT.usage,
    );
  const dirs = list.filter((p) => isDirectory(p));
  if (dirs.length > 0 && list.length > 1)
    throw new CliError(
      `${flag} takes one package directory, or files of one package: got ${list.length} paths with a directory among them`,
      EXIT.usage,
    );
  const label = dirs.length === 1 ? (list[0] as string) : list.join(", ");
  const single = dirs.length === 0 && list.length === 1;
  const budget: Budget = {
    left: maxBytes,
    max: maxBytes,
    what: single ? `Go file ${list[0]}` : `the Go source of ${label}`,
  };
  try {
    if (dirs.length === 1) {
      const dir = list[0] as string;
      listPackageDir(dir, given); // a directory without .go files is an error before anything is read
      const read = new Map<string, string>();
      const mod = moduleAround(resolve(dir), budget, given, read);
      if (mod !== undefined) {
        // Inside a module: the package gets its import path and the module's other packages resolve.
        const pkg = mod.module.package(moduleDir(mod.root, resolve(dir)));
        const files = pkg.files.map((name) => ({ name, source: read.get(name) ?? "" }));
        return { label, files, pkg, types: pkg.types };
      }
      const all = listPackageDir(dir, given).map((path) => ({
        name: path,
        source: readGoFile(path, budget, given),
      }));
      const pkg = parseGoPackage(all, { imports: thirdPartyPackages as GoImports });
      const used = new Set(pkg.files);
      return { label, files: all.filter((f) => used.has(f.name)), pkg, types: pkg.types };
    }
    const files = list.map((path) => ({ name: path, source: readGoFile(path, budget, given) }));
    // Files inside a module import the module's other packages by path.
    const read = new Map<string, string>();
    let mod: ReturnType<typeof moduleAround> | null = null;
    const imports = (path: string): GoPackage | undefined => {
      const third = thirdPartyPackages.find((p) => p.path === path);
      if (third !== undefined) return third;
      if (mod === null) mod = moduleAround(dirname(resolve(list[0] as string)), budget, given, read);
      if (mod === undefined || !(path === mod.module.path || path.startsWith(`${mod.module.path}/`)))
        return undefined;
      return mod.module.package(path);
    };
    if (files.length === 1) {
      const f = files[0] as GoSourceFile;
      const types = parseGo(f.source, { fileName: f.name, imports });
      const pkg = goPackageOf(types) ?? parseGoPackage([f], { imports });
      return { label, files, pkg, types };
    }
    const pkg = parseGoPackage(files, { imports });
    const used = new Set(pkg.files);
    return { label, files: files.filter((f) => used.has(f.name)), pkg, types: pkg.types };
  } catch (e) {
    if (e instanceof CliError) throw e;
    const message = (e as Error).message;
    // gotype's GoSyntaxError names the file (module-relative inside a module).
    throw new CliError(/^[^\s:]+\.go:\d+:\d+: /.test(message) ? message : `${label}: ${message}`, EXIT.input);
  }
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/**
 * pickType returns the type named `typeName` from a loaded source, or a
 * CliError (exit 3) that names it cut short and suggests the nearest
 * declared name instead of listing them all.
 */
export function pickType(source: GoSource, typeName: string | undefined, flag = "--go"): GoType {
  if (!typeName) throw new CliError(`missing --type T: the name of a type declared in ${flag}`, EXIT.usage);
  const t = Object.hasOwn(source.types, typeName) ? source.types[typeName] : undefined;
  if (t !== undefined) return t;
  const names = Object.keys(source.types);
  const hint = suggestion(typeName, names);
  throw new CliError(
    `type ${shownName(typeName)} is not declared in ${shownName(source.label)}; ${hint.startsWith("known") ? hint.replace("known", "declared") : hint}`,
    EXIT.input,
  );
}

/** loadGoType reads `--go` (bounded by maxBytes) and picks the type named by --type. */
export function loadGoType(
  paths: string | readonly string[] | undefined,
  typeName: string | undefined,
  options: LoadGoOptions = {},
): GoType {
  if (paths === undefined || (Array.isArray(paths) && paths.length === 0))
    throw new CliError(
      "missing --go PATH: the Go file (or package directory) that declares the type",
      EXIT.usage,
    );
  if (!typeName)
    throw new CliError("missing --type T: the name of a type declared in the Go source", EXIT.usage);
  return pickType(loadGoSource(paths, options), typeName);
}
