import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { type GoPackage, type GoType, goPackageOf, parseGo, parseGoPackage } from "@gojson/gotype";
import { CliError, EXIT } from "./exit-codes.js";
import { DEFAULT_MAX_INPUT_BYTES, readFileBounded } from "./limits.js";
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
  const filePaths = dirs.length === 1 ? listPackageDir(list[0] as string, given) : list;
  const label = dirs.length === 1 ? (list[0] as string) : list.join(", ");
  const files: GoSourceFile[] = [];
  let total = 0;
  for (const path of filePaths) {
    if (!exists(path)) throw new CliError(`cannot read Go file ${path}: check ${given}`, EXIT.input);
    const what = filePaths.length === 1 ? `Go file ${path}` : `the Go source of ${label} (at ${path})`;
    const bytes = readFileBounded(path, maxBytes - total, what, maxBytes);
    total += bytes.length;
    files.push({ name: path, source: new TextDecoder().decode(bytes) });
  }
  try {
    if (files.length === 1 && dirs.length === 0) {
      const f = files[0] as GoSourceFile;
      const types = parseGo(f.source, { fileName: f.name });
      const pkg = goPackageOf(types) ?? parseGoPackage([f]);
      return { label, files, pkg, types };
    }
    const pkg = parseGoPackage(files);
    const used = new Set(pkg.files);
    return { label, files: files.filter((f) => used.has(f.name)), pkg, types: pkg.types };
  } catch (e) {
    if (e instanceof CliError) throw e;
    const message = (e as Error).message;
    // gotype's GoSyntaxError names the file; a single file read through parseGo does too.
    throw new CliError(
      message.startsWith(label) || files.some((f) => message.startsWith(f.name))
        ? message
        : `${label}: ${message}`,
      EXIT.input,
    );
  }
}

function exists(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch {
    return false;
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
