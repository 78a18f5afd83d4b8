/**
 * `render`: reads the results directory (default <repo>/results) and writes
 * reports/latest.md and reports/latest.html (default <repo>/reports), then
 * prints both paths.
 *
 *   node dist/cli.js [--results DIR] [--out DIR]
 */
import { existsSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { writeReport } from "./write.js";

function repoRoot(): string {
  // dist/cli.js → apps/report → repo root; fall back to walking up to pnpm-workspace.yaml.
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    if (existsSync(resolve(dir, "pnpm-workspace.yaml"))) return dir;
    dir = dirname(dir);
  }
  return process.cwd();
}

function parseArgs(argv: string[]): { results?: string; out?: string; help: boolean } {
  const out: { results?: string; out?: string; help: boolean } = { help: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const [flag, inline] = a.includes("=")
      ? [a.slice(0, a.indexOf("=")), a.slice(a.indexOf("=") + 1)]
      : [a, undefined];
    const value = () => inline ?? argv[++i];
    if (flag === "--results") out.results = value();
    else if (flag === "--out") out.out = value();
    else if (flag === "-h" || flag === "--help") out.help = true;
    else throw new Error(`unknown argument ${JSON.stringify(a)}: expected --results DIR or --out DIR`);
  }
  return out;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  if (args.help) {
    process.stdout.write("usage: render [--results DIR] [--out DIR]\n");
    return;
  }
  const root = repoRoot();
  const resultsDir = resolve(args.results ?? resolve(root, "results"));
  const outDir = resolve(args.out ?? resolve(root, "reports"));
  const label = relative(root, resultsDir) || ".";
  const written = await writeReport(resultsDir, outDir, label.startsWith("..") ? resultsDir : label);
  if (written.results === 0) process.stderr.write(`note: no benchmark result documents in ${resultsDir}\n`);
  process.stdout.write(`${written.markdown}\n${written.html}\n`);
}

main().catch((e: unknown) => {
  process.stderr.write(`render: ${(e as Error).message}\n`);
  process.exitCode = 1;
});
