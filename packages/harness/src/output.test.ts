import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { candidateStats } from "./analyze.js";
import { collectEnvironment } from "./env.js";
import { parseGoBench } from "./go-bench.js";
import { goBenchNumber, resultStem, toGoBenchFormat, writeResult } from "./output.js";
import {
  type BenchResult,
  isBenchResult,
  RESULT_KIND,
  RESULT_SCHEMA_VERSION,
  type Sample,
} from "./result.js";
import { resolveSettings } from "./suite.js";

const samples: Sample[] = [0, 1, 2].map((i) => ({
  round: i,
  pair: i,
  position: i % 2,
  iterations: 1000,
  wallNs: 1e6 + i * 1e4,
  nsPerOp: 1000 + i * 10,
}));

function result(): BenchResult {
  const { memory: _m, test: _t, ...settings } = resolveSettings({}, false);
  return {
    schemaVersion: RESULT_SCHEMA_VERSION,
    kind: RESULT_KIND,
    package: "@gojson/codec-v1",
    bench: "unmarshal",
    title: "t",
    startedAt: "2026-01-01T00:00:00.000Z",
    finishedAt: "2026-01-01T00:00:01.000Z",
    durationMs: 1000,
    environment: collectEnvironment(),
    settings,
    candidates: [{ id: "json parse", label: "JSON.parse", kind: "js" }],
    payloads: [{ id: "flat", label: "flat", bytes: 2000 }],
    measurements: [
      {
        payload: "flat",
        candidate: "json parse",
        samples,
        warmupSamples: 2,
        stats: candidateStats(samples, 2000),
        memory: { method: "gc-profiler", bytesPerOp: 512.4 },
      },
    ],
    comparisons: [],
    hypotheses: [],
    tables: [],
    errors: [],
    notes: [],
  };
}

describe("result output", () => {
  it("Stem/StripsScope", () => {
    expect(resultStem("@gojson/codec-v1", "unmarshal")).toBe("codec-v1-unmarshal");
  });
  it("Stats/MBps", () => {
    const s = candidateStats(samples, 2000);
    expect(s.nsPerOp.median).toBe(1010);
    expect(s.mbPerSec).toBeCloseTo((2000 * 1e3) / 1010, 9);
    expect(s.bestOpsPerSec).toBeCloseTo(1e6, 6);
  });
  it("GoFormat/ParsesBackWithGoParser", () => {
    const text = toGoBenchFormat(result());
    expect(text).toContain("candidate: json_parse");
    const lines = parseGoBench(text, 1);
    expect(lines.map((l) => l.nsPerOp)).toEqual([1000, 1010, 1020]);
    expect(lines[0]).toMatchObject({
      name: "BenchmarkUnmarshal/payload=flat",
      iterations: 1000,
      bytesPerOp: 512,
    });
  });
  it.each([
    // Whole numbers keep their trailing zeros: 173800 once printed as "1738".
    [173800, "173800"],
    [173800.4, "173800"],
    [1508980.7, "1508981"],
    [999.95, "1000"],
    [999.94, "999.9"],
    [120.25, "120.3"],
    [45.678, "45.68"],
    [1.5, "1.500"],
    [0.12345, "0.1235"],
    [0.0123456, "0.01235"],
    [0.00123456, "0.001235"],
    [0.000123456, "0.0001235"],
    [0, "0"],
  ])("GoNumber/%s prints as Go's testing package does: %s", (n, text) => {
    expect(goBenchNumber(n)).toBe(text);
  });
  it("GoFormat/LargeWholeTimesRoundTrip", () => {
    const r = result();
    const big = samples.map((s, i) => ({ ...s, nsPerOp: [173800, 129980, 1.50898e6][i] as number }));
    r.measurements = [{ ...r.measurements[0], samples: big } as (typeof r.measurements)[number]];
    const lines = parseGoBench(toGoBenchFormat(r), 1);
    expect(lines.map((l) => l.nsPerOp)).toEqual([173800, 129980, 1508980]);
    expect(toGoBenchFormat(r)).toContain("173800 ns/op\t11.51 MB/s");
  });
  it("Write/JsonAndBenchTxt", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "gojson-results-"));
    const file = writeResult(result(), dir);
    expect(path.basename(file)).toBe("codec-v1-unmarshal.json");
    expect(isBenchResult(JSON.parse(readFileSync(file, "utf8")))).toBe(true);
    expect(readFileSync(path.join(dir, "codec-v1-unmarshal.bench.txt"), "utf8")).toMatch(/^goos: /);
  });
});
