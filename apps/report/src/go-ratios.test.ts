import type { BenchResult, Measurement } from "@gojson/harness";
import { describe, expect, it } from "vitest";
import { goRatioTables, goRatioTallies } from "./go-ratios.js";
import { syntheticCodecResult } from "./testing/synthetic.js";

/** A measurement with fixed samples (ns/op) and bytes per op. */
function m(candidate: string, payload: string, ns: number[], bytesPerOp: number): Measurement {
  const base = syntheticCodecResult().measurements[0]!;
  return {
    ...base,
    candidate,
    payload,
    samples: ns.map((x, i) => ({ ...base.samples[0]!, pair: i, round: i, nsPerOp: x })),
    memory: { method: "gc-profiler", bytesPerOp },
  };
}

function doc(bench: string, ms: Measurement[], goVersion?: string): BenchResult {
  const r = syntheticCodecResult();
  return {
    ...r,
    package: "@gojson/seed-bench",
    bench,
    payloads: [{ id: "flat", label: "flat", bytes: 100 }],
    candidates: [...new Set(ms.map((x) => x.candidate))].map((id) => ({
      id,
      label: id,
      kind: "js" as const,
    })),
    measurements: ms,
    environment: { ...r.environment, ...(goVersion ? { go: { version: goVersion } } : {}) },
  };
}

const ten = (x: number) => Array.from({ length: 10 }, (_, i) => x * (1 + (i - 4.5) / 100));

describe("gojson ÷ Go", () => {
  const ts = doc("seed-002-experiment", [
    m("v1-unmarshal-any", "flat", ten(50), 1000),
    m("v1-marshal", "flat", ten(200), 300),
    m("v2-unmarshal-typed", "flat", ten(30), 400),
    m("v2-marshal", "flat", ten(80), 300),
  ]);
  const go127 = doc(
    "seed-002-go127",
    [
      m("go127-classic:UnmarshalAny", "flat", ten(100), 2000),
      m("go127-classic:Marshal", "flat", ten(100), 600),
      m("go127-default:V2UnmarshalTyped", "flat", ten(60), 500),
      m("go127-default:V2Marshal", "flat", ten(100), 600),
    ],
    "go version go1.27.3 linux/amd64",
  );
  it("Ratios/MediansPerPayloadOpAndEngine", () => {
    const [t] = goRatioTables([ts, go127]);
    expect(t?.goVersion).toBe("Go 1.27.3");
    expect(t?.rows.map((r) => [r.op, r.engine, r.ratio.toFixed(3), r.gojsonBytes, r.goBytes])).toEqual([
      ["unmarshal → any", "v1", "0.500", 1000, 2000],
      ["unmarshal (typed)", "v2", "0.500", 400, 500],
      ["marshal (typed)", "v1", "2.000", 300, 600],
      ["marshal (typed)", "v2", "0.800", 300, 600],
    ]);
    // unpaired: the interval is the two medians' intervals combined, so it holds the ratio and is wider than either
    const r = t!.rows[0]!;
    expect(r.low!).toBeLessThan(0.5);
    expect(r.high!).toBeGreaterThan(0.5);
  });
  it("Tallies/PerOperationIntervalAndPoint", () => {
    const [t] = goRatioTables([ts, go127]);
    const tallies = goRatioTallies(t!);
    expect(
      tallies.map((x) => [x.op, x.rows, x.intervalAtMostOne, x.pointAtMostOne, x.worst?.engine]),
    ).toEqual([
      ["unmarshal → any", 1, 1, 1, "v1"],
      ["unmarshal (typed)", 1, 1, 1, "v2"],
      // v1 marshal at 2× Go is above 1; v2's 0.8 with ±5 % samples has its whole interval below 1
      ["marshal (typed)", 2, 1, 1, "v1"],
    ]);
  });
  it("Ratios/AbsentWithoutBothSides", () => {
    expect(goRatioTables([ts])).toEqual([]);
    expect(goRatioTables([go127])).toEqual([]);
  });
});
