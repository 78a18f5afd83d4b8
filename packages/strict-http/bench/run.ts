/**
 * `pnpm --filter @gojson/strict-http bench` (after a build): the throughput suite,
 * written to results/strict-http-throughput.json (and .bench.txt). GOJSON_BENCH_QUICK=1
 * runs a short smoke version.
 */
import { formatSummary, runSuite, writeResult } from "@gojson/harness";
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
