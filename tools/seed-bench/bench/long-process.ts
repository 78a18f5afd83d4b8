/**
 * Speed that holds in a real process (issue #23 goal 6): the peer suites of
 * both codecs measured in ONE long-lived process, after every body of every
 * suite (every payload, every Go type, unmarshal and marshal, both codecs)
 * has run once — as in a service that decodes dozens of types — instead of
 * each candidate in its own worker. Each candidate has an isolated twin (the
 * same body in a worker of its own) in the same suite, so every round samples
 * both: each result gets a table that sets every ratio beside the same ratio
 * between the twins, paired per round (the drift long ÷ isolated with its
 * interval, flagged beyond LONG_PROCESS_TOLERANCE), and each candidate's own
 * cost of sharing the process (long ÷ its twin).
 */
import {
  type BenchResult,
  type ComparisonSpec,
  compareRatios,
  type InProcessCandidate,
  isExternal,
  type ResultTable,
  runSuite,
  type Suite,
} from "@gojson/harness";
import { PEER_KINDS, peerSuite } from "./peers/peers.js";

/** A ratio in the long-lived process may differ from its isolated twin by at most this factor. */
export const LONG_PROCESS_TOLERANCE = 1.15;

const silent = { start() {}, tick() {}, stop() {} };

/** Suffix of a candidate's isolated twin (the same body in a worker of its own). */
export const ISOLATED = "@isolated";

/** The comparisons a suite asks for (default: its first candidate against each other). */
function suiteComparisons(s: Suite): ComparisonSpec[] {
  return (
    s.comparisons ??
    s.candidates.slice(1).map((c) => ({ baseline: s.candidates[0]?.id ?? "", candidate: c.id }))
  );
}

/**
 * A peer suite for the long-process mode (bench `<bench>-long-process`): its candidates in the
 * measuring process, each beside an isolated twin in a worker, with the suite's comparisons between
 * the in-process candidates, the same between the twins, and each candidate against its twin.
 */
export async function longProcessSuite(kind: unknown): Promise<Suite> {
  const s = (await peerSuite(kind)) as unknown as Suite;
  const own = s.candidates.filter((c): c is InProcessCandidate => !isExternal(c));
  const twins: InProcessCandidate[] = own.map((c) => ({
    ...c,
    id: `${c.id}${ISOLATED}`,
    label: `${c.label ?? c.id} (own worker)`,
    isolation: "worker",
  }));
  const asked = suiteComparisons(s);
  return {
    ...s,
    bench: `${s.bench}-long-process`,
    title: `${s.title}, in one long-lived process after every type was decoded and encoded`,
    candidates: [...own, ...twins],
    comparisons: [
      ...asked,
      ...asked.map((c) => ({ baseline: `${c.baseline}${ISOLATED}`, candidate: `${c.candidate}${ISOLATED}` })),
      ...own.map((c) => ({ baseline: `${c.id}${ISOLATED}`, candidate: c.id })),
    ],
    settings: { ...s.settings, isolation: "none" as const },
    module: { url: import.meta.url, exportName: "longProcessSuite", args: kind },
  };
}

/** The peer suites and their long-process forms. */
export async function longProcessSuites(): Promise<
  Array<{ peer: Suite; suite: Suite; isolatedBench: string }>
> {
  const out = [];
  for (const kind of PEER_KINDS) {
    const peer = (await peerSuite(kind)) as unknown as Suite;
    out.push({ peer, suite: await longProcessSuite(kind), isolatedBench: peer.bench });
  }
  return out;
}

/** Runs every body of every suite once, in this process: the warm-up a real service has had. */
export async function warmEverything(suites: readonly Suite[]): Promise<void> {
  for (const s of suites)
    await runSuite(s, { checkOnly: true, progress: silent, settings: { isolation: "none" } });
}

/**
 * The table of long-process ratios beside the same ratios between the isolated twins, paired per
 * round: the drift (long ratio ÷ twins' ratio) of each pair and payload with its interval. Its notes
 * count the pairs of two peers that moved: no gojson code runs in them, so they show how far a
 * ratio moves on this machine whatever the process.
 */
export function driftTable(long: BenchResult): ResultTable {
  const o = {
    metric: "nsPerOp" as const,
    confidence: long.settings.confidence,
    alpha: long.settings.alpha,
    ciMethod: long.settings.ciMethod,
    test: long.settings.testMethod.startsWith("sign-flip") ? ("sign-flip" as const) : ("wilcoxon" as const),
  };
  const byKey = new Map(
    long.comparisons
      .filter((c) => c.metric === "nsPerOp")
      .map((c) => [`${c.baseline}\u0000${c.candidate}\u0000${c.payload}`, c]),
  );
  const rows: ResultTable["rows"] = [];
  let peerPairs = 0;
  let peerMoved = 0;
  let peerUndecided = 0;
  for (const c of long.comparisons) {
    if (c.metric !== "nsPerOp" || c.payload === "*" || c.baseline.endsWith(ISOLATED)) continue;
    const twin = byKey.get(`${c.baseline}${ISOLATED}\u0000${c.candidate}${ISOLATED}\u0000${c.payload}`);
    if (!twin || twin.ratios.length !== c.ratios.length || c.ratios.length === 0) continue;
    const drift = compareRatios(
      `${c.id}#drift`,
      c.payload,
      twin.id,
      c.id,
      c.ratios.map((r, i) => r / (twin.ratios[i] as number)),
      o,
    );
    const verdict = driftVerdict(drift.geomean, drift.ci.low, drift.ci.high);
    if (!isGojson(c.candidate) && !isGojson(c.baseline)) {
      peerPairs++;
      if (verdict === MOVED) peerMoved++;
      if (verdict.startsWith(UNDECIDED)) peerUndecided++;
    }
    rows.push([
      `${c.candidate} ÷ ${c.baseline}`,
      c.payload,
      Number(c.geomean.toFixed(3)),
      Number(twin.geomean.toFixed(3)),
      Number(drift.geomean.toFixed(3)),
      `${drift.ci.low.toFixed(3)}–${drift.ci.high.toFixed(3)}`,
      verdict,
    ]);
  }
  return {
    id: "long-process-vs-isolated",
    title: "Ratios in one long-lived process vs between the isolated twins, paired per round (ns/op)",
    columns: [
      "pair",
      "payload",
      "long-process ratio",
      "isolated ratio",
      "long ÷ isolated",
      `${Math.round(long.settings.confidence * 100)}% interval`,
      `within ${LONG_PROCESS_TOLERANCE}×`,
    ],
    rows,
    notes: [
      "Isolated ratios: the same bodies in a worker of their own each, sampled in the same rounds as the in-process ones.",
      ...(peerPairs > 0
        ? [
            `Control: ${peerMoved} of ${peerPairs} per-payload pairs of two peers (no gojson code) moved more than ${LONG_PROCESS_TOLERANCE}×${peerUndecided > 0 ? `; ${peerUndecided} undecided` : ""}.`,
          ]
        : []),
    ],
  };
}

const MOVED = `moved more than ${LONG_PROCESS_TOLERANCE}×`;
const UNDECIDED = `undecided: the interval crosses ${LONG_PROCESS_TOLERANCE}×`;

/**
 * driftVerdict judges a drift by its interval, not its point: on a loaded machine a point past the
 * tolerance with an interval from 0.7 to 2.6 says nothing, and calling it "moved" would send someone
 * chasing noise.
 */
export function driftVerdict(point: number, low: number, high: number): string {
  const lo = 1 / LONG_PROCESS_TOLERANCE;
  if (low >= lo && high <= LONG_PROCESS_TOLERANCE) return "holds";
  if (low > LONG_PROCESS_TOLERANCE || high < lo) return MOVED;
  return point > LONG_PROCESS_TOLERANCE || point < lo ? `${UNDECIDED} (point beyond it)` : UNDECIDED;
}

/** isGojson tells a gojson candidate (codec-v1-typed, codec-v2-any, ...) from a peer. */
function isGojson(id: string): boolean {
  return id.startsWith("codec-");
}

/** The long-process mode: warm every type, then measure each peer suite in this process. */
export async function runLongProcess(): Promise<BenchResult[]> {
  const all = await longProcessSuites();
  // Every body of every peer suite, in this process (the twins run in their own workers).
  await warmEverything(all.map((x) => x.peer));
  const out: BenchResult[] = [];
  for (const { suite } of all) {
    const r = await runSuite(suite, { settings: { isolation: "none" } });
    r.tables.push(driftTable(r));
    out.push(r);
  }
  return out;
}
