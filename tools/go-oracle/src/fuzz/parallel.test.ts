import { describe, expect, it } from "vitest";
import type { ConformanceSummary, Example } from "./campaign.js";
import { mergeSummaries, shardCases } from "./parallel.js";

const ex = (seed: number, signature: string): Example => ({
  title: signature,
  engine: "v1",
  kind: "value",
  signature,
  seed,
  shrunk: false,
  text: "",
});

const part = (over: Partial<ConformanceSummary>): ConformanceSummary => ({
  generatedAt: "",
  goVersion: "go1.26.8",
  runs: 10,
  seed: 1,
  engines: {},
  unavailable: [],
  examples: [],
  ...over,
});

describe("mergeSummaries", () => {
  it("adds the tallies of the shards and keeps the first example of each behaviour by seed", () => {
    const got = mergeSummaries([
      part({
        engines: {
          v1: {
            cases: 5,
            agreements: 4,
            disagreements: 1,
            skipped: 0,
            byKind: { value: 1 },
            bySignature: { a: 1 },
          },
        },
        examples: [ex(9, "a")],
      }),
      part({
        engines: {
          v1: {
            cases: 4,
            agreements: 2,
            disagreements: 2,
            skipped: 1,
            byKind: { value: 1, "error-text": 1 },
            skippedBy: { deep: 1 },
            bySignature: { a: 1, b: 1 },
          },
        },
        examples: [ex(3, "a"), ex(4, "b")],
        skippedExamples: [{ engine: "v1", why: "deep", seed: 2, text: "" }],
      }),
    ]);
    expect(got.engines.v1).toEqual({
      cases: 9,
      agreements: 6,
      disagreements: 3,
      skipped: 1,
      byKind: { value: 2, "error-text": 1 },
      skippedBy: { deep: 1 },
      bySignature: { a: 2, b: 1 },
    });
    expect(got.examples.map((x) => [x.seed, x.signature])).toEqual([
      [3, "a"],
      [4, "b"],
    ]);
    expect(got.skippedExamples).toHaveLength(1);
    expect(got.runs).toBe(10);
  });

  it("refuses to merge nothing", () => {
    expect(() => mergeSummaries([])).toThrow("no parts");
  });
});

describe("shardCases", () => {
  it("deals the blocks of a run to the shards in turn", () => {
    expect([0, 1].map((i) => shardCases(3000, i, 2))).toEqual([1024 + 952, 1024]);
    expect(shardCases(100, 1, 2)).toBe(0);
    expect([0, 1, 2].reduce((n, i) => n + shardCases(10_000, i, 3), 0)).toBe(10_000);
  });

  it("counts the cases of stopped shards and of finished ones", () => {
    const got = mergeSummaries([
      part({ runs: 3000, stopped: { casesRun: 1024, reason: "time limit" } }),
      part({ runs: 3000 }),
    ]);
    expect(got.stopped).toEqual({ casesRun: 2048, reason: "time limit" });
  });
});
