/**
 * `pnpm --filter @gojson/strict-http bench` (after a build): the throughput suite,
 * written to results/strict-http-throughput.json (and .bench.txt), then server CPU
 * per request under autocannon (results/strict-http-server-cpu.json).
 * GOJSON_BENCH_QUICK=1 runs a short smoke version of both.
 */
import { collectEnvironment, formatSummary, isQuick, runSuite, writeResult } from "@gojson/harness";
import { formatCpu, runServerCpu, serverCpuResult } from "./server-cpu.js";
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

const startedAt = new Date();
const env = collectEnvironment();
const rows = await runServerCpu(isQuick() ? { requests: 400, rounds: 2 } : {});
console.log(formatCpu(rows));
console.log(
  `→ ${writeResult(serverCpuResult(rows, startedAt, "pnpm --filter @gojson/strict-http bench", env))}`,
);
