#!/usr/bin/env node
// Runs every workspace package's `test` script (through turbo, so results are
// cached per package) and sums the vitest JSON reports into one closing line
// `N passed, N failed` that CI can count. Suites that fail to load count as
// failures; a package whose test run crashed without a report counts as one.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const groups = ["packages", "apps", "tools", "examples"];
const dirs = groups.flatMap((g) =>
  existsSync(join(root, g))
    ? readdirSync(join(root, g))
        .map((d) => join(root, g, d))
        .filter((d) => existsSync(join(d, "package.json")))
    : [],
);
const withTests = dirs.filter((d) => JSON.parse(readFileSync(join(d, "package.json"), "utf8")).scripts?.test);
for (const d of withTests) rmSync(join(d, ".test-results"), { recursive: true, force: true });

const extra = process.argv.slice(2);
const turbo = spawnSync("pnpm", ["exec", "turbo", "run", "test", "--concurrency=1", "--continue", ...extra], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, TURBO_TELEMETRY_DISABLED: "1" },
});

/**
 * The wall time of a vitest JSON report (its start to the last file's end)
 * and its slowest test file, so a slow suite is named where it runs.
 */
function duration(r) {
  const files = (r.testResults ?? []).filter((t) => t.endTime && t.startTime);
  if (files.length === 0) return { seconds: 0, slowest: "" };
  const end = Math.max(...files.map((t) => t.endTime));
  const start = Math.min(r.startTime ?? Number.POSITIVE_INFINITY, ...files.map((t) => t.startTime));
  const top = files.reduce((a, b) => (b.endTime - b.startTime > a.endTime - a.startTime ? b : a));
  const topSeconds = (top.endTime - top.startTime) / 1000;
  return {
    seconds: (end - start) / 1000,
    slowest: `; slowest file ${top.name.slice(root.length)} ${topSeconds.toFixed(1)} s`,
  };
}

let passed = 0;
let failed = 0;
let skipped = 0;
const rows = [];
for (const d of withTests) {
  const name = d.slice(root.length);
  const file = join(d, ".test-results", "vitest.json");
  if (!existsSync(file)) {
    failed += 1;
    rows.push(`${name}: no test report (the test run crashed or did not start)`);
    continue;
  }
  const r = JSON.parse(readFileSync(file, "utf8"));
  const loadFailures = (r.testResults ?? []).filter(
    (t) => t.status === "failed" && (t.assertionResults ?? []).length === 0,
  ).length;
  passed += r.numPassedTests ?? 0;
  failed += (r.numFailedTests ?? 0) + loadFailures;
  skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  const { seconds, slowest } = duration(r);
  rows.push(
    `${name}: ${r.numPassedTests} passed, ${r.numFailedTests + loadFailures} failed, ${r.numPendingTests} skipped, ${seconds.toFixed(1)} s${slowest}`,
  );
}
console.log(`\n${rows.join("\n")}`);
if (turbo.status !== 0 && failed === 0) failed += 1;
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
