#!/usr/bin/env node
// API reports: the public surface of every published workspace package, one
// report per entry point of its `exports` (`.`, `./node`, ...), read from the
// built declaration files (dist/*.d.ts, as published) with the TypeScript
// compiler API and written as api/<package>[-<subpath>].api.md. A change to a
// public surface then shows in review as a change to its report.
//
// Each report lists the entry's exports sorted by name, each with its
// declaration as the .d.ts states it (doc comments left out), then the types
// the exports refer to that the entry does not export. Re-exports from another
// package are listed as `export { X } from "pkg"`. Entries documented as not
// semver-stable (`./internal`) have no report.
//
// Usage (after `pnpm build`):
//   node scripts/api-report.mjs           write the reports
//   node scripts/api-report.mjs --check   exit 1, with a diff, when a report is stale, missing or extra
import { spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, sep } from "node:path";
import ts from "typescript";

const root = new URL("..", import.meta.url).pathname;
const OUT_DIR = join(root, "api");
const GROUPS = ["packages", "apps"];
// Subpaths that are documented as not semver-stable: no report.
const UNSTABLE_SUBPATHS = new Set(["./internal"]);

/** Every published package with its entries: { name, dir, entries: [{ subpath, types }] }. */
function publishedPackages() {
  const out = [];
  for (const g of GROUPS) {
    const gdir = join(root, g);
    if (!existsSync(gdir)) continue;
    for (const d of readdirSync(gdir).sort()) {
      const dir = join(gdir, d);
      const pj = join(dir, "package.json");
      if (!existsSync(pj)) continue;
      const p = JSON.parse(readFileSync(pj, "utf8"));
      if (p.private === true || p.exports === undefined) continue;
      const entries = [];
      for (const [subpath, target] of Object.entries(p.exports)) {
        if (subpath === "./package.json" || UNSTABLE_SUBPATHS.has(subpath)) continue;
        const types = typesOf(target);
        if (types !== undefined) entries.push({ subpath, types: join(dir, types) });
      }
      if (entries.length > 0) out.push({ name: p.name, dir, entries });
    }
  }
  return out;
}

// The ESM declaration file of one exports target.
function typesOf(target) {
  if (typeof target === "string") return target.endsWith(".d.ts") ? target : undefined;
  if (target === null || typeof target !== "object") return undefined;
  if (typeof target.types === "string" && !target.types.endsWith(".d.cts")) return target.types;
  for (const k of ["import", "default", "node", "require"]) {
    const t = target[k] !== undefined ? typesOf(target[k]) : undefined;
    if (t !== undefined) return t;
  }
  return undefined;
}

function reportFileName(pkgName, subpath) {
  const base = pkgName.replace(/^@[^/]+\//, "");
  const sub = subpath === "." ? "" : `-${subpath.replace(/^\.\//, "").replaceAll("/", "-")}`;
  return `${base}${sub}.api.md`;
}

const realPaths = new Map();
// A file's real path (workspace packages are linked into node_modules), cached.
function realOf(f) {
  let r = realPaths.get(f);
  if (r === undefined) {
    try {
      r = realpathSync(f);
    } catch {
      r = f;
    }
    realPaths.set(f, r);
  }
  return r;
}

const printer = ts.createPrinter({ removeComments: true, newLine: ts.NewLineKind.LineFeed });

function cmp(a, b) {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** One TypeScript program over every entry's declaration file. */
function programOf(packages) {
  const files = packages.flatMap((p) => p.entries.map((e) => e.types));
  for (const f of files)
    if (!existsSync(f)) throw new Error(`${relative(root, f)} is missing: run \`pnpm build\` first`);
  return ts.createProgram(files, {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    skipLibCheck: true,
    noEmit: true,
    strict: true,
    types: [],
  });
}

/** The report text of one entry. */
function report(program, pkg, entry) {
  const checker = program.getTypeChecker();
  const sf = program.getSourceFile(entry.types);
  const moduleSymbol = sf && checker.getSymbolAtLocation(sf);
  const pkgDir = realpathSync(pkg.dir) + sep;
  const own = (decl) => realOf(decl.getSourceFile().fileName).startsWith(pkgDir);
  const resolveAlias = (s) => (s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s);
  const exports = moduleSymbol ? checker.getExportsOfModule(moduleSymbol) : [];
  const exported = new Set();
  const lines = [];
  const pending = [];
  const sorted = [...exports].sort((a, b) => cmp(a.name, b.name));
  for (const s of sorted) exported.add(resolveAlias(s));
  for (const s of sorted) {
    const target = resolveAlias(s);
    const decls = target.declarations ?? [];
    if (decls.length === 0 || !decls.every(own)) {
      lines.push(`export { ${s.name} } from ${JSON.stringify(externalModuleOf(decls[0]))};`, "");
      continue;
    }
    const local = target.name;
    if (local !== s.name) lines.push(`// exported as ${s.name}`);
    for (const d of decls) lines.push(printDecl(d));
    lines.push("");
    for (const d of decls) collectReferences(d, checker, resolveAlias, own, exported, pending);
  }
  // Types the exports refer to that the entry does not export (api-extractor's "forgotten exports").
  const done = new Set();
  const hidden = [];
  while (pending.length > 0) {
    const t = pending.shift();
    if (done.has(t) || exported.has(t)) continue;
    done.add(t);
    hidden.push(t);
    for (const d of t.declarations ?? []) collectReferences(d, checker, resolveAlias, own, exported, pending);
  }
  if (hidden.length > 0) {
    lines.push("// ---- referenced by the exports, not exported by this entry", "");
    for (const t of hidden.sort((a, b) => cmp(a.name, b.name))) {
      for (const d of t.declarations ?? []) lines.push(printDecl(d));
      lines.push("");
    }
  }
  const title = entry.subpath === "." ? pkg.name : `${pkg.name}/${entry.subpath.replace(/^\.\//, "")}`;
  return [
    `## API Report File for "${title}"`,
    "",
    "> Do not edit this file. It is a report generated by `node scripts/api-report.mjs` from the built",
    "> declaration files; `node scripts/api-report.mjs --check` fails when it is stale.",
    "",
    "```ts",
    ...lines,
    "```",
    "",
  ].join("\n");
}

function externalModuleOf(decl) {
  if (decl === undefined) return "?";
  const f = decl.getSourceFile().fileName;
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(f);
  if (m !== null) return m[1];
  // A workspace package linked by path: name it by its package.json.
  let d = dirname(realOf(f));
  while (d !== dirname(d)) {
    const pj = join(d, "package.json");
    if (existsSync(pj)) return JSON.parse(readFileSync(pj, "utf8")).name ?? "?";
    d = dirname(d);
  }
  return "?";
}

// One declaration as the .d.ts states it, without `export`/`declare` keywords and doc comments.
function printDecl(d) {
  if (ts.isVariableDeclaration(d)) {
    const list = d.parent;
    const kind = list.flags & ts.NodeFlags.Const ? "const" : list.flags & ts.NodeFlags.Let ? "let" : "var";
    const sf = d.getSourceFile();
    const type = d.type ? `: ${printer.printNode(ts.EmitHint.Unspecified, d.type, sf)}` : "";
    // `declare const X = "main";`: the literal is the type.
    const init = d.initializer ? ` = ${printer.printNode(ts.EmitHint.Expression, d.initializer, sf)}` : "";
    return `${kind} ${d.name.getText()}${type}${init};`;
  }
  const text = printer.printNode(ts.EmitHint.Unspecified, d, d.getSourceFile());
  return text.replace(/^(export )?(default )?(declare )?/, "");
}

// Symbols of this package that a declaration's types name, and that the entry does not export.
function collectReferences(decl, checker, resolveAlias, own, exported, pending) {
  const visit = (n) => {
    let nameNode;
    if (ts.isTypeReferenceNode(n)) nameNode = n.typeName;
    else if (ts.isExpressionWithTypeArguments(n)) nameNode = n.expression;
    else if (ts.isTypeQueryNode(n)) nameNode = n.exprName;
    if (nameNode !== undefined) {
      const s = checker.getSymbolAtLocation(nameNode);
      if (s !== undefined) {
        const t = resolveAlias(s);
        const decls = t.declarations ?? [];
        if (
          !(t.flags & ts.SymbolFlags.TypeParameter) &&
          decls.length > 0 &&
          decls.every(own) &&
          !exported.has(t) &&
          decls.every(
            (d) =>
              ts.isSourceFile(d.parent) ||
              ts.isModuleBlock(d.parent) ||
              ts.isVariableDeclarationList(d.parent),
          )
        )
          pending.push(t);
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(decl);
}

function diff(oldText, newText, name) {
  const dir = mkdtempSync(join(tmpdir(), "api-report-"));
  try {
    const a = join(dir, "committed");
    const b = join(dir, "built");
    writeFileSync(a, oldText);
    writeFileSync(b, newText);
    const labels = ["--label", `api/${name} (committed)`, "--label", `api/${name} (from the built dist)`];
    const r = spawnSync("diff", ["-u", ...labels, a, b], { encoding: "utf8" });
    if (r.error === undefined && typeof r.stdout === "string") return r.stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return "(diff not available)\n";
}

const isMain = import.meta.url === `file://${process.argv[1]}`;
if (isMain) {
  const check = process.argv.includes("--check");
  const wanted = new Map();
  const packages = publishedPackages();
  let program;
  try {
    program = programOf(packages);
  } catch (e) {
    console.error(`api-report: ${e.message}`);
    process.exit(2);
  }
  for (const pkg of packages)
    for (const e of pkg.entries) wanted.set(reportFileName(pkg.name, e.subpath), report(program, pkg, e));
  if (!check) {
    mkdirSync(OUT_DIR, { recursive: true });
    for (const f of readdirSync(OUT_DIR))
      if (f.endsWith(".api.md") && !wanted.has(f)) rmSync(join(OUT_DIR, f));
    for (const [f, text] of wanted) writeFileSync(join(OUT_DIR, f), text);
    console.log(`api-report: wrote ${wanted.size} reports to ${relative(root, OUT_DIR)}/`);
  } else {
    let stale = 0;
    const have = existsSync(OUT_DIR) ? readdirSync(OUT_DIR).filter((f) => f.endsWith(".api.md")) : [];
    for (const f of have)
      if (!wanted.has(f)) {
        stale++;
        console.error(`api/${f}: no such entry any more (run node scripts/api-report.mjs to remove it)`);
      }
    for (const [f, text] of wanted) {
      const p = join(OUT_DIR, f);
      const old = existsSync(p) ? readFileSync(p, "utf8") : "";
      if (old === text) continue;
      stale++;
      console.error(old === "" ? `api/${f}: missing` : `api/${f}: stale`);
      process.stderr.write(diff(old, text, f));
    }
    if (stale > 0) {
      console.error(
        `api-report: ${stale} report(s) differ from the built declarations. If the API change is intended, run \`node scripts/api-report.mjs\` and commit api/.`,
      );
      process.exit(1);
    }
    console.log(`api-report: ${wanted.size} reports up to date`);
  }
}

export { programOf, publishedPackages, report, reportFileName };
