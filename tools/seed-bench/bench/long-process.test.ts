import type { BenchResult, Comparison } from "@gojson/harness";
import { describe, expect, it } from "vitest";
import { compareWithIsolated, LONG_PROCESS_TOLERANCE, longProcessSuites } from "./long-process.js";

function cmp(payload: string, geomean: number, metric = "nsPerOp", candidate = "b"): Comparison {
  return {
    id: `a/${candidate}@${payload}`,
    baseline: "a",
    candidate,
    payload,
    metric,
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
  it("CompareWithIsolated/CpuTimeWhenBothHaveIt", () => {
    const t = compareWithIsolated(
      doc([cmp("x", 2.0), cmp("x", 1.0, "cpuNsPerOp"), cmp("x", 1.0, "cpuNsPerOp", "codec-v2-typed")]),
      doc([cmp("x", 1.0), cmp("x", 1.5, "cpuNsPerOp"), cmp("x", 1.05, "cpuNsPerOp", "codec-v2-typed")]),
    );
    expect(t.title).toContain("CPU ns/op");
    expect(t.rows.map((r) => [r[0], r[5]])).toEqual([
      ["b ÷ a", `moved more than ${LONG_PROCESS_TOLERANCE}×`],
      ["codec-v2-typed ÷ a", "holds"],
    ]);
    expect(t.notes?.[1]).toBe(
      `Run-to-run control: 1 of 1 per-payload pairs of two peers (no gojson code) moved more than ${LONG_PROCESS_TOLERANCE}×.`,
    );
  });
  it("Suites/RenamedAndInProcess", async () => {
    const all = await longProcessSuites();
    expect(all.map((x) => x.suite.bench)).toEqual(all.map((x) => `${x.isolatedBench}-long-process`));
    expect(all.every((x) => x.suite.settings?.isolation === "none")).toBe(true);
  });
});
