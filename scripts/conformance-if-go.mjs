// Refreshes results/conformance.json for the report when Go is installed (`pnpm bench` runs this
// between the benchmarks and the report); without Go the report keeps saying what it has.
import { spawnSync } from "node:child_process";

const go = spawnSync("go", ["version"], { stdio: "ignore" });
if (go.error || go.status !== 0) {
  console.log("conformance: go not found, results/conformance.json left as it is");
  process.exit(0);
}
const r = spawnSync("pnpm", ["conformance"], { stdio: "inherit" });
// A failed conformance run must not lose the benchmarks just measured: say it, and go on to the report.
if (r.status !== 0) console.error(`conformance: exited with ${r.status}; the report shows the last results`);
