/**
 * Go modules: a go.mod and the packages under it, read on demand. Imports
 * between the module's packages resolve to each other (`shop.Order` can hold
 * an `inventory.Item`), each package under its import path, so two packages
 * with the same name stay apart. Browser-safe: the files come from a record
 * or from a small file-system interface (the `node` subpath supplies one).
 */
import type { BuildContext } from "./build-constraints.js";
import { type GoImports, type GoPackage, parseGoPackage } from "./go-package.js";
import { GoSyntaxError } from "./go-syntax-error.js";

/** What readGoModule needs of a file system: slash-separated paths relative to the module root. */
export interface GoModuleFiles {
  /** The `.go` file names directly in directory `dir` ("" is the root), or undefined when it does not exist. */
  goFiles(dir: string): readonly string[] | undefined;
  /** The text of a file. */
  read(path: string): string;
  /** Every directory (relative, "" for the root) that holds `.go` files, when the source can list them. */
  dirs?(): readonly string[];
}

/** A Go module: its path and its packages, parsed on first use. */
export interface GoModule {
  /** The module path from go.mod (`example.com/shop`). */
  readonly path: string;
  /** The go directive of go.mod, when present. */
  readonly goVersion?: string;
  /** Import paths of the module's packages (directories with .go files), when the source can list them. */
  readonly packagePaths: readonly string[];
  /**
   * A package of the module by import path (`example.com/shop/inventory`) or
   * directory relative to the module root (`inventory`, "" or "." for the root).
   */
  package(pathOrDir: string): GoPackage;
}

/** Options of parseGoModule / readGoModule. */
export interface GoModuleOptions {
  /** Packages from outside the module (third-party declarations); the standard library needs none. */
  readonly imports?: GoImports;
  /** Build target for `//go:build` lines and `_GOOS.go` names (default linux/amd64). */
  readonly build?: BuildContext;
}

/** The module path and go version of a go.mod file. */
export function parseGoMod(text: string, file = "go.mod"): { path: string; goVersion?: string } {
  let path: string | undefined;
  let goVersion: string | undefined;
  const lines = text.split(/\r?\n/);
  lines.forEach((raw, i) => {
    const line = raw.replace(/\/\/.*$/, "").trim();
    const m = /^module\s+("([^"]*)"|`([^`]*)`|(\S+))\s*$/.exec(line);
    if (m !== null) {
      if (path !== undefined) throw new GoSyntaxError(i + 1, 1, "repeated module statement", file);
      path = m[2] ?? m[3] ?? m[4];
    }
    const g = /^go\s+(\S+)\s*$/.exec(line);
    if (g !== null) goVersion = g[1];
  });
  if (path === undefined || path === "") throw new GoSyntaxError(1, 1, "no module statement", file);
  return { path, ...(goVersion !== undefined ? { goVersion } : {}) };
}

function recordFiles(files: Readonly<Record<string, string>>): GoModuleFiles {
  const byDir = new Map<string, string[]>();
  for (const p of Object.keys(files)) {
    if (!p.endsWith(".go")) continue;
    const i = p.lastIndexOf("/");
    const dir = i < 0 ? "" : p.slice(0, i);
    const list = byDir.get(dir);
    if (list === undefined) byDir.set(dir, [p.slice(i + 1)]);
    else list.push(p.slice(i + 1));
  }
  return {
    goFiles: (dir) => byDir.get(dir),
    read: (p) => {
      if (!Object.hasOwn(files, p)) throw new Error(`no file ${p}`);
      return files[p] as string;
    },
    dirs: () => [...byDir.keys()].sort(),
  };
}

function isGoModuleFiles(x: unknown): x is GoModuleFiles {
  return typeof x === "object" && x !== null && typeof (x as GoModuleFiles).goFiles === "function";
}

/**
 * Reads a Go module from its files: a record of slash paths relative to the
 * module root (`{ "go.mod": "...", "shop/order.go": "..." }`) or a
 * GoModuleFiles source. Packages are parsed when first asked for or imported.
 */
export function parseGoModule(
  files: Readonly<Record<string, string>> | GoModuleFiles,
  options: GoModuleOptions = {},
): GoModule {
  const src = isGoModuleFiles(files) ? files : recordFiles(files as Readonly<Record<string, string>>);
  const mod = parseGoMod(src.read("go.mod"));
  const cache = new Map<string, GoPackage>();
  const loading = new Set<string>();
  const dirOf = (importPath: string): string | undefined => {
    if (importPath === mod.path) return "";
    if (importPath.startsWith(`${mod.path}/`)) return importPath.slice(mod.path.length + 1);
    return undefined;
  };
  const user = options.imports;
  const userImporter = (p: string): GoPackage | undefined => {
    if (user === undefined) return undefined;
    if (typeof user === "function") return user(p);
    if (Array.isArray(user)) return (user as readonly GoPackage[]).find((x) => x.path === p);
    const rec = user as Readonly<Record<string, GoPackage>>;
    return Object.hasOwn(rec, p) ? rec[p] : undefined;
  };
  const load = (dir: string): GoPackage | undefined => {
    const importPath = dir === "" ? mod.path : `${mod.path}/${dir}`;
    const hit = cache.get(importPath);
    if (hit !== undefined) return hit;
    const names = src.goFiles(dir);
    if (names === undefined || names.length === 0) return undefined;
    if (loading.has(importPath))
      throw new GoSyntaxError(1, 1, `import cycle not allowed: ${[...loading, importPath].join(" -> ")}`);
    loading.add(importPath);
    try {
      const pkg = parseGoPackage(
        names.map((n) => ({
          name: dir === "" ? n : `${dir}/${n}`,
          source: src.read(dir === "" ? n : `${dir}/${n}`),
        })),
        {
          path: importPath,
          imports: (p) => {
            const d = dirOf(p);
            return d !== undefined ? load(d) : userImporter(p);
          },
          ...(options.build !== undefined ? { build: options.build } : {}),
        },
      );
      cache.set(importPath, pkg);
      return pkg;
    } finally {
      loading.delete(importPath);
    }
  };
  const packagePaths = (src.dirs?.() ?? []).map((d) => (d === "" ? mod.path : `${mod.path}/${d}`));
  return Object.freeze({
    path: mod.path,
    ...(mod.goVersion !== undefined ? { goVersion: mod.goVersion } : {}),
    packagePaths: Object.freeze(packagePaths),
    package(pathOrDir: string): GoPackage {
      const dir =
        dirOf(pathOrDir) ?? (pathOrDir === "." ? "" : pathOrDir.replace(/^\.\//, "").replace(/\/$/, ""));
      const pkg = load(dir);
      if (pkg === undefined)
        throw new Error(`module ${mod.path} has no package in directory ${JSON.stringify(dir)}`);
      return pkg;
    },
  });
}
