#!/usr/bin/env node
// Checks every publishable package as npm will ship it, without installing
// anything: `publint --strict` on the package, and `attw --pack` with attw's
// default profile (every entry and subpath must resolve to types under node10,
// node16 CJS, node16 ESM and bundler resolution), and no source map in dist that
// names a path of the building machine. Needs `pnpm build` first.
// Usage: node scripts/check-packages.mjs [name-substring ...]
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { isAbsolute, join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const only = process.argv.slice(2);

/** Publishable workspace packages (not private), as { dir, manifest }. */
export function publishablePackages() {
  return ["packages", "apps"]
    .flatMap((g) => readdirSync(join(root, g)).map((d) => join(root, g, d)))
    .filter((d) => existsSync(join(d, "package.json")))
    .map((dir) => ({ dir, manifest: JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) }))
    .filter((p) => !p.manifest.private);
}

const run = (cmd, args, cwd) =>
  execFileSync(cmd, args, { cwd, stdio: ["ignore", "pipe", "pipe"], encoding: "utf8" });

let failures = 0;
for (const p of publishablePackages()) {
  const name = p.manifest.name;
  if (only.length && !only.some((o) => name.includes(o))) continue;
  const problems = [];
  if (!existsSync(join(p.dir, "LICENSE"))) problems.push("no LICENSE file");
  for (const field of ["homepage", "bugs", "keywords", "repository", "license"]) {
    if (!p.manifest[field]) problems.push(`package.json has no "${field}"`);
  }
  if (p.manifest.repository?.directory !== p.dir.slice(root.length).replace(/\/$/, "")) {
    problems.push(`repository.directory is not ${p.dir.slice(root.length)}`);
  }
  for (const f of existsSync(join(p.dir, "dist")) ? readdirSync(join(p.dir, "dist")) : []) {
    if (!f.endsWith(".map")) continue;
    const m = JSON.parse(readFileSync(join(p.dir, "dist", f), "utf8"));
    const abs = [m.file, ...(m.sources ?? [])].filter((s) => typeof s === "string" && isAbsolute(s));
    if (abs.length) problems.push(`dist/${f} names an absolute path (${abs[0]})`);
  }
  try {
    run("pnpm", ["exec", "publint", "--strict"], p.dir);
  } catch (e) {
    problems.push(`publint:\n${e.stdout}${e.stderr}`);
  }
  try {
    const args = ["exec", "attw", "--pack", ".", "--format", "ascii"];
    if (p.manifest.bin && !p.manifest.exports?.["."]) args.push("--entrypoints", "./package.json");
    run("pnpm", args, p.dir);
  } catch (e) {
    problems.push(`attw (default profile):\n${e.stdout}${e.stderr}`);
  }
  if (problems.length) {
    failures += 1;
    console.error(`FAIL ${name}\n  ${problems.join("\n  ")}`);
  } else {
    console.log(`ok   ${name}`);
  }
}
console.log(
  failures === 0 ? "check-packages: all packages ok" : `check-packages: ${failures} package(s) failed`,
);
process.exit(failures === 0 ? 0 : 1);
