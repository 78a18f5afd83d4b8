/**
 * Speed that holds in a real process (issue #23 goal 6): the peer suites of
 * both codecs measured in ONE long-lived process, after every body of every
 * suite (every payload, every Go type, unmarshal and marshal, both codecs)
 * has run once — as in a service that decodes dozens of types — instead of
 * each candidate in its own worker. Each result gets a table that sets its
 * ratios beside the same ratios measured in isolation (the isolated results
 * in the results directory, when present) and flags any that moved by more
 * than LONG_PROCESS_TOLERANCE.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import {
  type BenchResult,
  type Comparison,
  type ResultTable,
  resultStem,
  resultsDir,
  runSuite,
  type Suite,
} from "@gojson/harness";
import { PEER_KINDS, peerSuite } from "./peers/peers.js";

/** A ratio in the long-lived process may differ from its isolated twin by at most this factor. */
export const LONG_PROCESS_TOLERANCE = 1.15;

const silent = { start() {}, tick() {}, stop() {} };

/** The peer suites renamed for the long-process mode (bench `<bench>-long-process`, in-process). */
export async function longProcessSuites(): Promise<Array<{ suite: Suite; isolatedBench: string }>> {
  const out = [];
  for (const kind of PEER_KINDS) {
    const s = (await peerSuite(kind)) as unknown as Suite;
    out.push({
      isolatedBench: s.bench,
      suite: {
        ...s,
        bench: `${s.bench}-long-process`,
        title: `${s.title}, in one long-lived process after every type was decoded and encoded`,
        settings: { ...s.settings, isolation: "none" as const },
      },
    });
  }
  return out;
}

/** Runs every body of every suite once, in this process: the warm-up a real service has had. */
export async function warmEverything(suites: readonly Suite[]): Promise<void> {
  for (const s of suites)
    await runSuite(s, { checkOnly: true, progress: silent, settings: { isolation: "none" } });
}

/**
 * The metric the ratios are compared on: CPU time per op when both runs have it (a ratio of CPU
 * times holds on a loaded machine, where wall times swing with the other processes), else ns/op.
 */
function comparedMetric(long: BenchResult, isolated: BenchResult | undefined): "cpuNsPerOp" | "nsPerOp" {
  const hasCpu = (r: BenchResult | undefined) => r?.comparisons.some((c) => c.metric === "cpuNsPerOp");
  return hasCpu(long) && (isolated === undefined || hasCpu(isolated)) ? "cpuNsPerOp" : "nsPerOp";
}

/**
 * The table of long-process ratios beside the isolated ones (pooled and per payload). Its notes
 * count the pairs of two peers that moved: no gojson code runs in them, so they show how much a
 * ratio moves from one run to the next on this machine, whatever the process.
 */
export function compareWithIsolated(long: BenchResult, isolated: BenchResult | undefined): ResultTable {
  const metric = comparedMetric(long, isolated);
  const key = (c: Comparison) => `${c.baseline}\u0000${c.candidate}\u0000${c.payload}`;
  const iso = new Map(
    (isolated?.comparisons ?? []).filter((c) => c.metric === metric).map((c) => [key(c), c]),
  );
  const rows: ResultTable["rows"] = [];
  let peerPairs = 0;
  let peerMoved = 0;
  for (const c of long.comparisons.filter((x) => x.metric === metric)) {
    const i = iso.get(key(c));
    const drift = i ? c.geomean / i.geomean : undefined;
    const moved =
      drift !== undefined && (drift > LONG_PROCESS_TOLERANCE || drift < 1 / LONG_PROCESS_TOLERANCE);
    if (drift !== undefined && c.payload !== "*" && !isGojson(c.candidate) && !isGojson(c.baseline)) {
      peerPairs++;
      if (moved) peerMoved++;
    }
    rows.push([
      `${c.candidate} ÷ ${c.baseline}`,
      c.payload === "*" ? "pooled" : c.payload,
      Number(c.geomean.toFixed(3)),
      i ? Number(i.geomean.toFixed(3)) : null,
      drift === undefined ? null : Number(drift.toFixed(3)),
      drift === undefined
        ? "no isolated run"
        : moved
          ? `moved more than ${LONG_PROCESS_TOLERANCE}×`
          : "holds",
    ]);
  }
  return {
    id: "long-process-vs-isolated",
    title: `Ratios in one long-lived process vs in isolation (${metric === "cpuNsPerOp" ? "CPU ns/op" : "ns/op"})`,
    columns: [
      "pair",
      "payload",
      "long-process ratio",
      "isolated ratio",
      "long ÷ isolated",
      `within ${LONG_PROCESS_TOLERANCE}×`,
    ],
    rows,
    notes: [
      isolated
        ? `Isolated ratios from ${isolated.package} ${isolated.bench} (${isolated.startedAt}).`
        : "No isolated result in the results directory: run the peer benches first to compare.",
      ...(peerPairs > 0
        ? [
            `Run-to-run control: ${peerMoved} of ${peerPairs} per-payload pairs of two peers (no gojson code) moved more than ${LONG_PROCESS_TOLERANCE}×.`,
          ]
        : []),
    ],
  };
}

/** isGojson tells a gojson candidate (codec-v1-typed, codec-v2-any, ...) from a peer. */
function isGojson(id: string): boolean {
  return id.startsWith("codec-");
}

/** Reads the isolated result of a peer bench from the results directory, if there. */
export function readIsolated(pkg: string, bench: string, dir = resultsDir()): BenchResult | undefined {
  const file = path.join(dir, `${resultStem(pkg, bench)}.json`);
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as BenchResult) : undefined;
}

/** The long-process mode: warm every type, then measure each peer suite in this process. */
export async function runLongProcess(): Promise<BenchResult[]> {
  const all = await longProcessSuites();
  await warmEverything(all.map((x) => x.suite));
  const out: BenchResult[] = [];
  for (const { suite, isolatedBench } of all) {
    const r = await runSuite(suite, { settings: { isolation: "none" } });
    r.tables.push(compareWithIsolated(r, readIsolated(suite.package, isolatedBench)));
    out.push(r);
  }
  return out;
}
