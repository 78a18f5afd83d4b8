import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { candidateStats } from "./analyze.js";
import { collectEnvironment } from "./env.js";
import { parseGoBench } from "./go-bench.js";
import { resultStem, toGoBenchFormat, writeResult } from "./output.js";
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
  it("Write/JsonAndBenchTxt", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "gojson-results-"));
    const file = writeResult(result(), dir);
    expect(path.basename(file)).toBe("codec-v1-unmarshal.json");
    expect(isBenchResult(JSON.parse(readFileSync(file, "utf8")))).toBe(true);
    expect(readFileSync(path.join(dir, "codec-v1-unmarshal.bench.txt"), "utf8")).toMatch(/^goos: /);
  });
});
