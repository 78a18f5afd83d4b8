#!/usr/bin/env node
// What a user installs: packs every publishable package (`pnpm pack` rewrites
// workspace: and catalog: ranges), installs each tarball alone into an empty
// npm project in a temporary directory (internal dependencies from their
// tarballs, everything else from the registry, optional peers not installed),
// then
//   - counts the installed packages and their bytes on disk and holds them to
//     the budget in scripts/install-budget.json;
//   - type-checks an import of every entry point (`exports` subpaths) with
//     TypeScript's NodeNext resolution, `strict` and `skipLibCheck: false`,
//     with only @types/node beside it: an optional peer (fastify, hono,
//     express) that leaks into a published .d.ts fails here. An entry whose API is built on a peer
//     (listed in the budget file's entriesBuiltOnAPeer) is checked with that peer installed.
// Needs `pnpm build` first. Usage: node scripts/install-size.mjs [--json FILE] [name-substring ...]
import { execFileSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const args = process.argv.slice(2);
const jsonAt = args.indexOf("--json");
const jsonOut = jsonAt >= 0 ? args.splice(jsonAt, 2)[1] : undefined;
const only = args;
const budgetFile = JSON.parse(readFileSync(join(root, "scripts/install-budget.json"), "utf8"));
const budget = budgetFile.packages;
/** Entry points whose API is built on an optional peer (`@gojson/gotype/arbitrary` returns fast-check arbitraries). */
const peerEntries = budgetFile.entriesBuiltOnAPeer ?? {};
const tsc = join(root, "node_modules/typescript/bin/tsc");
const nodeTypes = join(root, "node_modules/@types/node");

const run = (cmd, argv, cwd) =>
  execFileSync(cmd, argv, { cwd, stdio: ["ignore", "pipe", "pipe"], encoding: "utf8" });

const pkgs = ["packages", "apps"]
  .flatMap((g) => readdirSync(join(root, g)).map((d) => join(root, g, d)))
  .filter((d) => existsSync(join(d, "package.json")))
  .map((dir) => ({ dir, manifest: JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) }))
  .filter((p) => !p.manifest.private);

const work = mkdtempSync(join(tmpdir(), "gojson-install-size-"));
mkdirSync(join(work, "tarballs"));
const tarballs = {};
for (const p of pkgs) {
  const out = run("pnpm", ["pack", "--pack-destination", join(work, "tarballs")], p.dir)
    .trim()
    .split("\n")
    .pop();
  tarballs[p.manifest.name] = out.trim();
}
const overrides = Object.fromEntries(Object.entries(tarballs).map(([n, t]) => [n, `file:${t}`]));

/** Packages (directories with a package.json) and bytes under node_modules. */
function measure(dir) {
  let packages = 0;
  let bytes = 0;
  const walk = (d, inModules) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      const st = statSync(p, { throwIfNoEntry: false });
      if (!st) continue;
      if (st.isDirectory()) {
        const isPkg = inModules && !name.startsWith("@") && !name.startsWith(".");
        if (isPkg && existsSync(join(p, "package.json"))) packages++;
        walk(p, name === "node_modules" || (inModules && name.startsWith("@")));
      } else if (!name.startsWith(".package-lock")) bytes += st.size;
    }
  };
  walk(join(dir, "node_modules"), true);
  return { packages, bytes };
}

let failures = 0;
const rows = [];
for (const p of pkgs) {
  const name = p.manifest.name;
  if (only.length && !only.some((o) => name.includes(o))) continue;
  const proj = join(work, name.replace("@gojson/", ""));
  mkdirSync(proj);
  writeFileSync(
    join(proj, "package.json"),
    JSON.stringify(
      {
        name: "consumer",
        private: true,
        version: "1.0.0",
        type: "module",
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
    failures++;
    console.error(`FAIL ${name}: npm install\n${e.stdout}${e.stderr}`);
    continue;
  }
  const m = measure(proj);
  const b = budget[name];
  const over = b && (m.packages > b.packages || m.bytes > b.megabytes * 1e6);
  const row = { name, packages: m.packages, megabytes: Number((m.bytes / 1e6).toFixed(2)), budget: b };
  rows.push(row);
  if (!b) {
    failures++;
    console.error(`FAIL ${name}: no budget in scripts/install-budget.json`);
  } else if (over) {
    failures++;
    console.error(
      `FAIL ${name}: installs ${m.packages} packages / ${row.megabytes} MB, over its budget of ${b.packages} / ${b.megabytes} MB`,
    );
  }

  // Every entry point type-checks alone, strict, skipLibCheck false, no optional peer installed.
  const subpaths = Object.keys(p.manifest.exports ?? {}).filter((k) => k !== "./package.json");
  if (subpaths.length) {
    const imports = subpaths
      .map((k, i) => `import * as m${i} from "${name}${k === "." ? "" : k.slice(1)}";\nvoid m${i};`)
      .join("\n");
    writeFileSync(join(proj, "check.ts"), `${imports}\nexport {};\n`);
    writeFileSync(
      join(proj, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          module: "NodeNext",
          moduleResolution: "NodeNext",
          target: "ES2022",
          strict: true,
          skipLibCheck: false,
          noEmit: true,
          types: ["node"],
          typeRoots: [join(nodeTypes, "..")],
        },
        files: ["check.ts"],
      }),
    );
    const peers = [
      ...new Set(subpaths.flatMap((k) => peerEntries[`${name}${k === "." ? "" : k.slice(1)}`] ?? [])),
    ];
    if (peers.length) {
      const versions = peers.map((d) => `${d}@${p.manifest.peerDependencies?.[d] ?? "latest"}`);
      run(
        "npm",
        [
          "install",
          "--no-save",
          "--no-audit",
          "--no-fund",
          "--ignore-scripts",
          "--loglevel=error",
          ...versions,
        ],
        proj,
      );
    }
    try {
      run("node", [tsc, "-p", "tsconfig.json"], proj);
      row.types = "ok";
    } catch (e) {
      failures++;
      row.types = "failed";
      console.error(
        `FAIL ${name}: an entry point does not type-check on its own (skipLibCheck false)\n${e.stdout}${e.stderr}`,
      );
    }
  }
  console.log(
    `${over || !b ? "over" : "ok  "} ${name.padEnd(22)} ${String(m.packages).padStart(4)} packages ${row.megabytes
      .toFixed(2)
      .padStart(
        7,
      )} MB   budget ${b ? `${b.packages} / ${b.megabytes} MB` : "none"}${row.types ? `   types ${row.types}` : ""}`,
  );
}
rmSync(work, { recursive: true, force: true });
if (jsonOut) writeFileSync(jsonOut, `${JSON.stringify(rows, null, 2)}\n`);
console.log(
  failures === 0 ? "install-size: every package within budget" : `install-size: ${failures} failure(s)`,
);
process.exit(failures === 0 ? 0 : 1);
