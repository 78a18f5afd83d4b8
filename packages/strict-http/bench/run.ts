/**
 * `pnpm --filter @gojson/strict-http bench` (after a build): the throughput suite,
 * written to results/strict-http-throughput.json (and .bench.txt), then server CPU
 * per request under autocannon (results/strict-http-server-cpu.json).
 * GOJSON_BENCH_QUICK=1 runs a short smoke version of both.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { formatSummary, isQuick, resultsDir, runSuite, writeResult } from "@gojson/harness";
import { cpuRatios, formatCpu, runServerCpu } from "./server-cpu.js";
import { throughputSuite } from "./throughput.js";

const run = await throughputSuite();
try {
  const r = await runSuite(run.suite);
  const file = writeResult(r);
  console.log(formatSummary(r));
  console.log("| payload | route | req/s (median) |");
  console.log("| --- | --- | --- |");
  for (const m of r.measurements) {
    console.log(
      `| ${m.payload} | ${m.candidate} | ${((run.batch * 1e9) / m.stats.nsPerOp.median).toFixed(0)} |`,
    );
  }
  console.log(`→ ${file}`);
} finally {
  await run.close();
}

const rows = await runServerCpu(isQuick() ? { requests: 400, rounds: 2 } : {});
console.log(formatCpu(rows));
const cpuFile = join(resultsDir(), "strict-http-server-cpu.json");
writeFileSync(cpuFile, `${JSON.stringify({ rows, ratios: cpuRatios(rows) }, null, 2)}\n`);
console.log(`→ ${cpuFile}`);
