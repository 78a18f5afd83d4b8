/**
 * `pnpm --filter @gojson/seed-bench bench`: codec-v1 and codec-v2 against
 * their peers (results/codec-v1-unmarshal.json, ...), then the seed
 * reproductions and the isolation study (results/seed-bench-<bench>.json).
 * `node --expose-gc --import tsx bench/run.ts <name>` runs one of them (`jsontext`: the
 * syntax layer's tokenize bench, results/jsontext-tokenize.json). `scale-streams` and
 * `scale-bounds` take size flags (`--stream-size 1GiB --doc-size 1GB`, `--string-size 100MB`).
 */
import {
  type BenchResult,
  formatSummary,
  instructionTable,
  runSuite,
  valgrindVersion,
  writeResult,
} from "@gojson/harness";
import { runCost } from "./cost.js";
import { experimentSuite, runGoSide } from "./experiment-002.js";
import { isolationSuite, runIsolationStudy } from "./isolation.js";
import { tokenizeSuite } from "./jsontext-tokenize.js";
import { runLongProcess } from "./long-process.js";
import { marshalEncoderSuite } from "./marshal-encoder.js";
import { PEER_KINDS, peerSuite } from "./peers/peers.js";
import { runBounds } from "./scale/bounds.js";
import { scaleOptions } from "./scale/probes.js";
import { runStreams } from "./scale/streams.js";
import { runSyntaxVsGo } from "./syntax-vs-go.js";
import { runVsGo } from "./vs-go.js";

const only = process.argv[2];
const jobs: Array<[string, () => Promise<BenchResult | undefined>]> = [
  ["jsontext", async () => runSuite(await tokenizeSuite())],
  ...PEER_KINDS.map((kind): [string, () => Promise<BenchResult | undefined>] => [
    kind,
    async () => runSuite(await peerSuite(kind)),
  ]),
  [
    "isolation",
    async () => {
      const r = await runIsolationStudy();
      // Optional slow path (~2 min per valgrind run): instruction counts, independent of machine load.
      const vg = process.env.GOJSON_BENCH_CALLGRIND === "1" ? valgrindVersion() : undefined;
      if (vg) {
        r.environment.valgrind = vg;
        r.tables.push(instructionTable(isolationSuite(), undefined, [5, 55]));
      }
      return r;
    },
  ],
  ["cost", runCost],
  ["experiment", async () => runSuite(await experimentSuite())],
  ["go", async () => runGoSide("1.26")],
  // Seed 002's own setting: Go 1.27's default engine vs GOEXPERIMENT=nojsonv2 (skipped when Go 1.27 cannot be fetched).
  ["go127", async () => runGoSide("1.27")],
  // gojson ÷ Go paired: Go as external candidates sampled in the same rounds as gojson (the report's table).
  ["vs-go", runVsGo],
  // The same pairing for the syntax helpers: v1's Valid, Compact, Indent and jsontext's.
  ["syntax-vs-go", runSyntaxVsGo],
  ["encoder", async () => runSuite(await marshalEncoderSuite())],
  // Streams, big documents and bounds (issues #24, #26): one process per implementation, sizes by flag.
  ["scale-streams", async () => runStreams(scaleOptions(process.argv.slice(3)))],
  ["scale-bounds", async () => runBounds(scaleOptions(process.argv.slice(3)))],
];
// Opt-in (`bench long-process`): the peer suites again, all in one warmed-up process (issue #23 goal 6).
if (only === "long-process") {
  for (const r of await runLongProcess()) console.log(`${formatSummary(r)}\n→ ${writeResult(r)}\n`);
}
for (const [name, job] of jobs) {
  if (only && only !== name) continue;
  const r = await job();
  if (!r) {
    console.log(
      `${name}: skipped (${name === "go127" ? "Go 1.27 cannot be run or fetched" : "go not on PATH"})`,
    );
    continue;
  }
  const file = writeResult(r);
  console.log(`${formatSummary(r)}\n→ ${file}\n`);
}
