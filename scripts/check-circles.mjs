#!/usr/bin/env node
// Finds import circles inside each workspace package: relative imports between
// its TypeScript sources (src/, test/, bench/, stress/), type-only imports and
// dynamic import() left out (neither runs at load time). Prints each circle as
// a chain of files and exits 1 when there is one.
// Usage: node scripts/check-circles.mjs [package-dir ...]   (default: every package)
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";

const root = new URL("..", import.meta.url).pathname;
const SOURCE_DIRS = ["src", "test", "bench", "stress"];
const SKIP = new Set(["node_modules", "dist", ".turbo", ".test-results", "testdata"]);

function* tsFiles(dir) {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name)) continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) yield* tsFiles(p);
    else if (/\.(m|c)?tsx?$/.test(name) && !name.endsWith(".d.ts")) yield p;
  }
}

/** Runtime (value) imports of one file, as relative specifiers. */
export function runtimeImports(file, text) {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const out = [];
  for (const st of sf.statements) {
    if (ts.isImportDeclaration(st) && ts.isStringLiteral(st.moduleSpecifier)) {
      const c = st.importClause;
      if (c?.isTypeOnly) continue;
      const named = c?.namedBindings;
      const onlyTypes =
        c && !c.name && named && ts.isNamedImports(named) && named.elements.length > 0
          ? named.elements.every((el) => el.isTypeOnly)
          : false;
      if (onlyTypes) continue;
      out.push(st.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(st) && st.moduleSpecifier && ts.isStringLiteral(st.moduleSpecifier)) {
      if (st.isTypeOnly) continue;
      const ec = st.exportClause;
      if (ec && ts.isNamedExports(ec) && ec.elements.length > 0 && ec.elements.every((el) => el.isTypeOnly))
        continue;
      out.push(st.moduleSpecifier.text);
    }
  }
  return out.filter((s) => s.startsWith("."));
}

function resolveSpecifier(from, spec, known) {
  const base = resolve(dirname(from), spec);
  const candidates = [
    base,
    base.replace(/\.(m|c)?js$/, ".ts"),
    base.replace(/\.(m|c)?js$/, ".tsx"),
    base.replace(/\.mjs$/, ".mts"),
    base.replace(/\.cjs$/, ".cts"),
    `${base}.ts`,
    join(base, "index.ts"),
  ];
  return candidates.find((c) => known.has(c));
}

/** Strongly connected components with more than one file, or a file importing itself (Tarjan). */
export function circles(graph) {
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const on = new Set();
  const out = [];
  const strong = (v) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const comp = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        comp.push(w);
      } while (w !== v);
      if (comp.length > 1 || (graph.get(v) ?? []).includes(v)) out.push(comp.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) strong(v);
  return out;
}

function packageDirs() {
  return ["packages", "apps", "tools"]
    .flatMap((g) =>
      existsSync(join(root, g)) ? readdirSync(join(root, g)).map((d) => join(root, g, d)) : [],
    )
    .filter((d) => existsSync(join(d, "package.json")));
}

const isMain = import.meta.url === `file://${process.argv[1]}`;
if (isMain) {
  const dirs = process.argv.slice(2).length ? process.argv.slice(2).map((d) => resolve(d)) : packageDirs();
  let found = 0;
  for (const dir of dirs) {
    const files = SOURCE_DIRS.flatMap((s) => [...tsFiles(join(dir, s))]);
    const known = new Set(files);
    const graph = new Map();
    for (const f of files) {
      const deps = runtimeImports(f, readFileSync(f, "utf8"))
        .map((s) => resolveSpecifier(f, s, known))
        .filter(Boolean);
      graph.set(f, deps);
    }
    for (const c of circles(graph)) {
      found++;
      console.error(`${relative(root, dir)}: import circle: ${c.map((f) => relative(dir, f)).join(" ↔ ")}`);
    }
  }
  console.log(`check-circles: ${dirs.length} packages, ${found} circle(s)`);
  process.exit(found ? 1 : 0);
}
