/**
 * @gojson/gotype/node: reading Go packages and modules from disk (Node only;
 * the main entry stays browser-safe).
 *
 * ```ts
 * import { readGoPackage } from "@gojson/gotype/node";
 * const shop = readGoPackage("./internal/shop"); // finds go.mod above it
 * shop.types.Order; // shop.Order, fields from other packages of the module resolved
 * ```
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { type GoModule, type GoModuleFiles, type GoModuleOptions, parseGoModule } from "./go-module.js";
import { type GoPackage, type ParsePackageOptions, parseGoPackage } from "./go-package.js";

function goFilesIn(abs: string): string[] | undefined {
  let entries: import("node:fs").Dirent[];
  try {
    entries = readdirSync(abs, { withFileTypes: true });
  } catch {
    return undefined;
  }
  return entries
    .filter((e) => (e.isFile() || e.isSymbolicLink()) && e.name.endsWith(".go"))
    .map((e) => e.name)
    .sort();
}

// Directories `go build ./...` never enters: testdata, vendor, hidden and _ dirs, nested modules.
function walkPackageDirs(root: string): string[] {
  const out: string[] = [];
  const stack = [""];
  while (stack.length > 0) {
    const rel = stack.pop() as string;
    const abs = join(root, rel);
    let entries: import("node:fs").Dirent[];
    try {
      entries = readdirSync(abs, { withFileTypes: true });
    } catch {
      continue;
    }
    if (entries.some((e) => e.isFile() && e.name.endsWith(".go"))) out.push(rel.split(sep).join("/"));
    for (const e of entries) {
      if (!e.isDirectory()) continue;
      if (e.name === "testdata" || e.name === "vendor" || e.name === "node_modules" || /^[._]/.test(e.name))
        continue;
      const child = rel === "" ? e.name : join(rel, e.name);
      if (existsSync(join(root, child, "go.mod"))) continue;
      stack.push(child);
    }
  }
  return out.sort();
}

/** A GoModuleFiles over a directory on disk. */
export function moduleFilesAt(root: string): GoModuleFiles {
  const abs = resolve(root);
  return {
    goFiles: (dir) => goFilesIn(join(abs, ...dir.split("/").filter((p) => p !== ""))),
    read: (p) => readFileSync(join(abs, ...p.split("/")), "utf8"),
    dirs: () => walkPackageDirs(abs),
  };
}

/** Reads the Go module whose go.mod is in `dir`. Packages are parsed on first use. */
export function readGoModule(dir: string, options: GoModuleOptions = {}): GoModule {
  const root = resolve(dir);
  if (!existsSync(join(root, "go.mod"))) throw new Error(`readGoModule: no go.mod in ${dir}`);
  return parseGoModule(moduleFilesAt(root), options);
}

/** The directory holding the go.mod that governs `dir`, or undefined. */
export function findModuleRoot(dir: string): string | undefined {
  let cur = resolve(dir);
  for (;;) {
    if (existsSync(join(cur, "go.mod"))) return cur;
    const up = dirname(cur);
    if (up === cur) return undefined;
    cur = up;
  }
}

/**
 * Reads the Go package in directory `dir` (its `.go` files as `go build`
 * selects them). Inside a module (a go.mod above it) the package gets its
 * import path and resolves imports of the module's other packages; outside
 * one it stands alone. Errors name the file, line and column.
 */
export function readGoPackage(dir: string, options: ParsePackageOptions & GoModuleOptions = {}): GoPackage {
  const abs = resolve(dir);
  if (!statSync(abs).isDirectory()) throw new Error(`readGoPackage: ${dir} is not a directory`);
  const root = findModuleRoot(abs);
  if (root !== undefined && options.path === undefined)
    return readGoModule(root, options).package(relative(root, abs).split(sep).join("/"));
  const names = goFilesIn(abs) ?? [];
  return parseGoPackage(
    names.map((n) => ({ name: n, source: readFileSync(join(abs, n), "utf8") })),
    options,
  );
}
