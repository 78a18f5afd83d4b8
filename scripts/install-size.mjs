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

const selected = pkgs.filter((p) => !only.length || only.some((o) => p.manifest.name.includes(o)));
if (only.length && selected.length === 0) {
  console.error(`install-size: no publishable package matches ${only.join(", ")}`);
  process.exit(1);
}

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

/** The output of a failed command, cut to its last lines. */
const tail = (e) =>
  `${e.stdout ?? ""}${e.stderr ?? ""}${e.stdout || e.stderr ? "" : (e.message ?? e)}`
    .trim()
    .split("\n")
    .slice(-30)
    .join("\n");

/**
 * Installs one package alone and checks it; returns its row: `problems` lists
 * every failure (empty when it is within budget and its entries type-check).
 */
function check(p, work, tarballs, overrides) {
  const name = p.manifest.name;
  const row = { name, problems: [] };
  const fail = (what, detail) => {
    row.problems.push(what);
    if (detail) console.error(`  ${name}: ${what}\n${detail.replace(/^/gm, "    ")}`);
  };
  const missing = (p.manifest.files ?? []).filter((f) => f === "dist" && !existsSync(join(p.dir, f)));
  if (missing.length) {
    fail("not built (run pnpm build first)");
    return row;
  }
  if (!tarballs[name]) {
    fail("pnpm pack failed");
    return row;
  }
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
    fail("npm install failed", tail(e));
    return row;
  }
  const m = measure(proj);
  const b = budget[name];
  row.packages = m.packages;
  row.megabytes = Number((m.bytes / 1e6).toFixed(2));
  row.budget = b;
  if (!b) fail("no budget in scripts/install-budget.json");
  else {
    if (m.packages > b.packages) fail(`${m.packages} packages, over its budget of ${b.packages}`);
    if (m.bytes > b.megabytes * 1e6) fail(`${row.megabytes} MB, over its budget of ${b.megabytes} MB`);
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
    try {
      if (peers.length) {
        // The peer at the version the package's own tests use (its devDependency), else its peer range:
        // the newest release a range allows may not install on this Node (fastify 5's cookie needs Node 22).
        const pinned = (d) => {
          const v = p.manifest.devDependencies?.[d];
          return v && /^\d/.test(v) ? v : undefined;
        };
        const versions = peers.map(
          (d) => `${d}@${pinned(d) ?? p.manifest.peerDependencies?.[d] ?? "latest"}`,
        );
        const flags = ["--no-save", "--no-audit", "--no-fund", "--ignore-scripts", "--loglevel=error"];
        run("npm", ["install", ...flags, ...versions], proj);
      }
      run("node", [tsc, "-p", "tsconfig.json"], proj);
      row.types = "ok";
    } catch (e) {
      row.types = "failed";
      fail("an entry point does not type-check on its own (skipLibCheck false)", tail(e));
    }
  }
  return row;
}

const work = mkdtempSync(join(tmpdir(), "gojson-install-size-"));
let failures = 0;
const rows = [];
try {
  mkdirSync(join(work, "tarballs"));
  const tarballs = {};
  for (const p of pkgs) {
    try {
      const out = run("pnpm", ["pack", "--pack-destination", join(work, "tarballs")], p.dir);
      tarballs[p.manifest.name] = out.trim().split("\n").pop().trim();
    } catch (e) {
      console.error(`  ${p.manifest.name}: pnpm pack failed\n${tail(e).replace(/^/gm, "    ")}`);
    }
  }
  const overrides = Object.fromEntries(Object.entries(tarballs).map(([n, t]) => [n, `file:${t}`]));
  for (const p of selected) {
    const row = check(p, work, tarballs, overrides);
    rows.push(row);
    const b = row.budget;
    const size =
      row.packages === undefined
        ? "not measured"
        : `${String(row.packages).padStart(4)} packages ${row.megabytes.toFixed(2).padStart(7)} MB`;
    const limit = b ? `budget ${b.packages} / ${b.megabytes} MB` : "no budget";
    const types = row.types ? `   types ${row.types}` : "";
    const why = row.problems.length ? `   ${row.problems.join("; ")}` : "";
    if (row.problems.length) failures++;
    console.log(
      `${row.problems.length ? "FAIL" : "ok  "} ${row.name.padEnd(22)} ${size}   ${limit}${types}${why}`,
    );
  }
} catch (e) {
  failures++;
  console.error(`install-size: ${e?.stack ?? e}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
if (jsonOut) writeFileSync(jsonOut, `${JSON.stringify(rows, null, 2)}\n`);
console.log(
  failures === 0
    ? `install-size: ${rows.length} packages, every one within budget`
    : `install-size: ${failures} of ${selected.length} packages failed`,
);
process.exit(failures === 0 ? 0 : 1);
