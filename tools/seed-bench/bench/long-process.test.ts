import { type BenchResult, buildComparisons, type Measurement, runSuite } from "@gojson/harness";
import { describe, expect, it } from "vitest";
import {
  driftTable,
  driftVerdict,
  ISOLATED,
  LONG_PROCESS_TOLERANCE,
  longProcessSuite,
  longProcessSuites,
} from "./long-process.js";

const silent = { start() {}, tick() {}, stop() {} };

/** A measurement with one sample a round (ns/op). */
function m(candidate: string, ns: number[]): Measurement {
  return {
    payload: "p",
    candidate,
    samples: ns.map((x, i) => ({
      round: i,
      pair: i,
      position: 0,
      iterations: 1,
      wallNs: x,
      nsPerOp: x,
      at: "",
    })),
  } as unknown as Measurement;
}

function doc(ms: Measurement[], pairs: Array<[string, string]>): BenchResult {
  const o = {
    metric: "nsPerOp" as const,
    confidence: 0.95,
    alpha: 0.05,
    ciMethod: "t-log" as const,
    test: "wilcoxon" as const,
  };
  return {
    settings: { confidence: 0.95, alpha: 0.05, ciMethod: "t-log", testMethod: "wilcoxon-exact" },
    comparisons: buildComparisons(
      ms,
      ["p"],
      pairs.map(([baseline, candidate]) => ({ baseline, candidate })),
      o,
    ),
  } as unknown as BenchResult;
}

// Rounds of a loaded machine: round 2 takes twice as long for everyone.
const load = (x: number) => [x, x * 1.01, x * 2, x * 0.99, x];

describe("long-process mode", () => {
  it("Drift/PairedPerRoundWithTheTwins", () => {
    const t = driftTable(
      doc(
        [
          m("json-parse", load(100)),
          m("codec-v1-typed", load(90)),
          m("other-peer", load(100)),
          m(`json-parse${ISOLATED}`, load(100)),
          m(`codec-v1-typed${ISOLATED}`, load(60)),
          m(`other-peer${ISOLATED}`, load(105)),
        ],
        [
          ["json-parse", "codec-v1-typed"],
          ["json-parse", "other-peer"],
          [`json-parse${ISOLATED}`, `codec-v1-typed${ISOLATED}`],
          [`json-parse${ISOLATED}`, `other-peer${ISOLATED}`],
          [`codec-v1-typed${ISOLATED}`, "codec-v1-typed"],
        ],
      ),
    );
    // codec-v1 costs 0.9× JSON.parse in the long process, 0.6× in its own worker: moved by 1.5×, and the
    // load of round 2 cancels in every ratio, so the interval is tight.
    expect(t.rows.map((r) => [r[0], r[2], r[3], r[4], r[6]])).toEqual([
      ["codec-v1-typed ÷ json-parse", 0.9, 0.6, 1.5, `moved more than ${LONG_PROCESS_TOLERANCE}×`],
      ["other-peer ÷ json-parse", 1, 1.05, 0.952, "holds"],
    ]);
    expect(t.rows[0]?.[5]).toBe("1.500–1.500");
    expect(t.notes?.[1]).toBe(
      `Control: 0 of 1 per-payload pairs of two peers (no gojson code) moved more than ${LONG_PROCESS_TOLERANCE}×.`,
    );
  });
  it.each([
    // [point, low, high, verdict]
    [1.0, 0.95, 1.05, "holds"],
    [1.1, 0.9, 1.149, "holds"],
    [1.3, 1.2, 1.4, `moved more than ${LONG_PROCESS_TOLERANCE}×`],
    [0.8, 0.7, 0.85, `moved more than ${LONG_PROCESS_TOLERANCE}×`],
    [1.375, 0.731, 2.586, `undecided: the interval crosses ${LONG_PROCESS_TOLERANCE}× (point beyond it)`],
    [1.05, 0.8, 1.3, `undecided: the interval crosses ${LONG_PROCESS_TOLERANCE}×`],
  ])("Drift/VerdictByInterval %s [%s, %s]", (point, low, high, want) => {
    expect(driftVerdict(point, low, high)).toBe(want);
  });
  it("Suites/RenamedInProcessWithWorkerTwins", async () => {
    const all = await longProcessSuites();
    expect(all.map((x) => x.suite.bench)).toEqual(all.map((x) => `${x.isolatedBench}-long-process`));
    for (const { peer, suite } of all) {
      expect(suite.settings?.isolation).toBe("none");
      const ids = peer.candidates.map((c) => c.id);
      expect(suite.candidates.map((c) => c.id)).toEqual([...ids, ...ids.map((id) => `${id}${ISOLATED}`)]);
      expect(suite.candidates.map((c) => ("isolation" in c ? c.isolation : undefined))).toEqual([
        ...ids.map((id) => (peer.candidates.find((c) => c.id === id) as { isolation?: string }).isolation),
        ...ids.map(() => "worker"),
      ]);
    }
  });
  it("Suites/TwinsRunInTheirWorkers", async () => {
    const suite = await longProcessSuite("codec-v1:unmarshal");
    suite.payloads = suite.payloads.slice(0, 1);
    const r = await runSuite(suite, { checkOnly: true, progress: silent, settings: { isolation: "none" } });
    expect(r.errors).toEqual([]);
  });
});
