import type { BenchResult, Comparison } from "@gojson/harness";
import { describe, expect, it } from "vitest";
import { compareWithIsolated, LONG_PROCESS_TOLERANCE, longProcessSuites } from "./long-process.js";

function cmp(payload: string, geomean: number): Comparison {
  return {
    id: `a/b@${payload}`,
    baseline: "a",
    candidate: "b",
    payload,
    metric: "nsPerOp",
    geomean,
  } as unknown as Comparison;
}
const doc = (cs: Comparison[]) =>
  ({
    comparisons: cs,
    package: "@gojson/codec-v1",
    bench: "unmarshal",
    startedAt: "t",
  }) as unknown as BenchResult;

describe("long-process mode", () => {
  it("CompareWithIsolated/FlagsRatiosThatMoved", () => {
    const t = compareWithIsolated(
      doc([cmp("x", 1.0), cmp("y", 1.3), cmp("z", 0.5)]),
      doc([cmp("x", 0.95), cmp("y", 1.0)]),
    );
    expect(t.rows.map((r) => [r[1], r[4], r[5]])).toEqual([
      ["x", 1.053, "holds"],
      ["y", 1.3, `moved more than ${LONG_PROCESS_TOLERANCE}×`],
      ["z", null, "no isolated run"],
    ]);
  });
  it("Suites/RenamedAndInProcess", async () => {
    const all = await longProcessSuites();
    expect(all.map((x) => x.suite.bench)).toEqual(all.map((x) => `${x.isolatedBench}-long-process`));
    expect(all.every((x) => x.suite.settings?.isolation === "none")).toBe(true);
  });
});
