import { type BenchResult, buildComparisons, type Measurement } from "@gojson/harness";
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
  it("Paired/FromTheVsGoDocumentPerRelease", () => {
    // gojson and Go sampled in the same rounds: a load that doubles round 3's times moves both sides alike.
    const load = (x: number) => ten(x).map((v, i) => (i === 3 ? v * 2 : v));
    const ms = [
      m("v1-marshal", "flat", load(150), 300),
      m("go-plain:Marshal", "flat", load(100), 600),
      m("go127-classic:Marshal", "flat", load(200), 600),
      m("v2-marshal", "flat", load(80), 300),
      m("go-jsonv2:V2Marshal", "flat", load(100), 500),
    ];
    const vs = doc("seed-002-vs-go", ms);
    vs.candidates = vs.candidates.map((c) => ({
      ...c,
      ...(c.id.startsWith("go127-")
        ? { library: "go1.27.3" }
        : c.id.startsWith("go-")
          ? { library: "go1.26.8" }
          : {}),
    }));
    vs.comparisons = buildComparisons(
      ms,
      ["flat"],
      [
        { baseline: "go-plain:Marshal", candidate: "v1-marshal" },
        { baseline: "go127-classic:Marshal", candidate: "v1-marshal" },
        { baseline: "go-jsonv2:V2Marshal", candidate: "v2-marshal" },
      ],
      { metric: "nsPerOp", confidence: 0.95, alpha: 0.05, ciMethod: "t-log", test: "wilcoxon" },
    );
    // The unpaired documents are ignored when the paired one is present.
    const tables = goRatioTables([ts, go127, vs]);
    expect(tables.map((t) => [t.goVersion, t.paired])).toEqual([
      ["Go 1.27.3", true],
      ["Go 1.26.8", true],
    ]);
    const rows = tables.map((t) => t.rows.map((r) => [r.engine, r.ratio.toFixed(3), r.goBytes]));
    expect(rows).toEqual([
      [["v1", "0.750", 600]],
      [
        ["v1", "1.500", 600],
        ["v2", "0.800", 500],
      ],
    ]);
    // Paired per round, the doubled round cancels: the interval is tight around the ratio.
    const r = tables[1]!.rows[0]!;
    expect(r.low!).toBeGreaterThan(1.49);
    expect(r.high!).toBeLessThan(1.51);
  });
});
