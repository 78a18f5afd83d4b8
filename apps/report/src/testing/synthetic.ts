/**
 * Synthetic result documents built through @gojson/harness's types, for the
 * report's tests and for rendering a sample page before any benchmark ran.
 * Deterministic: a seeded PRNG, fixed timestamps.
 */

import type { GoldenVector } from "@gojson/fixtures";
import {
  type BenchResult,
  type CandidateInfo,
  type Comparison,
  type Measurement,
  type PayloadInfo,
  RESULT_KIND,
  RESULT_SCHEMA_VERSION,
  type Sample,
  type Summary,
} from "@gojson/harness";
import { readConformance } from "../conformance.js";
import { differenceTable } from "../differences.js";
import type { ReportInput } from "../input.js";

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function summary(xs: number[]): Summary {
  const n = xs.length;
  const mean = xs.reduce((a, b) => a + b, 0) / n;
  const sd = n > 1 ? Math.sqrt(xs.reduce((a, b) => a + (b - mean) ** 2, 0) / (n - 1)) : 0;
  const s = [...xs].sort((a, b) => a - b);
  const median = n % 2 ? s[(n - 1) / 2]! : (s[n / 2 - 1]! + s[n / 2]!) / 2;
  return { n, mean, sd, median, min: s[0]!, max: s[n - 1]!, cv: sd / mean };
}

/** Student t quantiles (two-sided 95 %) for small df. */
const T975: Record<number, number> = { 4: 2.776, 9: 2.262, 24: 2.064 };

function compare(
  id: string,
  payload: string,
  baseline: string,
  candidate: string,
  ratios: number[],
  metric: Comparison["metric"] = "nsPerOp",
): Comparison {
  const logs = ratios.map(Math.log);
  const n = logs.length;
  const m = logs.reduce((a, b) => a + b, 0) / n;
  const sd = Math.sqrt(logs.reduce((a, b) => a + (b - m) ** 2, 0) / (n - 1));
  const half = (T975[n - 1] ?? 2) * (sd / Math.sqrt(n));
  const sameSign = logs.every((x) => x < 0) || logs.every((x) => x > 0);
  const minP = 2 / 2 ** n;
  const pValue = sameSign ? minP : 0.5;
  return {
    id,
    payload,
    baseline,
    candidate,
    metric,
    ratios,
    geomean: Math.exp(m),
    gsd: Math.exp(sd),
    ci: { level: 0.95, low: Math.exp(m - half), high: Math.exp(m + half), method: "t-log" },
    test: {
      method: "wilcoxon-exact",
      alternative: "two-sided",
      n,
      statistic: sameSign && m > 0 ? (n * (n + 1)) / 2 : 0,
      pValue,
      alpha: 0.05,
      minAchievableP: minP,
      canReachAlpha: minP <= 0.05,
      significant: pValue <= 0.05,
    },
    speedup: 1 / Math.exp(m),
  };
}

const PAYLOADS: Array<PayloadInfo & { ns: number; bytesOp: number }> = [
  { id: "flat-records", label: "Flat records", bytes: 48_211, ns: 95_684, bytesOp: 182_400 },
  { id: "nested-orders", label: "Nested orders", bytes: 91_733, ns: 180_187, bytesOp: 351_900 },
  { id: "interface-events", label: "Interface events", bytes: 60_102, ns: 126_207, bytesOp: 240_100 },
  { id: "escaped-text", label: "Escaped text", bytes: 74_950, ns: 179_099, bytesOp: 160_250 },
  { id: "numeric-series", label: "Numeric series", bytes: 402_118, ns: 1_420_861, bytesOp: 1_901_000 },
];

/** Options of the synthetic document. */
export interface SyntheticOptions {
  seed?: number;
  pairs?: number;
  /** Speed factor of codec-v2 relative to codec-v1 per payload (default around 0.8). */
  factor?: number;
}

/** A codec-v1 vs codec-v2 unmarshal comparison shaped like seed 002's experiment. */
export function syntheticCodecResult(opts: SyntheticOptions = {}): BenchResult {
  const rand = mulberry32(opts.seed ?? 2);
  const pairs = opts.pairs ?? 5;
  const factor = opts.factor ?? 0.8;
  const candidates: CandidateInfo[] = [
    {
      id: "codec-v1",
      label: "codec-v1",
      kind: "js",
      library: "@gojson/codec-v1@0.1.0",
      description: "Go v1 semantics",
    },
    {
      id: "codec-v2",
      label: "codec-v2",
      kind: "js",
      library: "@gojson/codec-v2@0.1.0",
      description: "with defaultOptionsV1()",
    },
  ];
  const measurements: Measurement[] = [];
  const comparisons: Comparison[] = [];
  const pooledRatios: number[] = [];
  for (const [pi, p] of PAYLOADS.entries()) {
    const samples: Record<string, Sample[]> = { "codec-v1": [], "codec-v2": [] };
    const ratios: number[] = [];
    const bias = factor * (1 + (pi - 2) * 0.06);
    for (let pair = 0; pair < pairs; pair++) {
      const order = pair % 2 === 0 ? ["codec-v1", "codec-v2"] : ["codec-v2", "codec-v1"];
      const ns: Record<string, number> = {};
      for (const [position, id] of order.entries()) {
        const noise = 1 + (rand() - 0.5) * 0.06;
        const v = p.ns * (id === "codec-v2" ? bias : 1) * noise;
        ns[id] = v;
        const iterations = Math.max(1, Math.round(2e8 / v));
        const bytes = p.bytesOp * (id === "codec-v2" ? 0.9 : 1) * (1 + (rand() - 0.5) * 0.002);
        samples[id]!.push({
          round: pair * 2 + position,
          pair,
          position,
          iterations,
          wallNs: v * iterations,
          nsPerOp: v,
          cpuNsPerOp: v * 0.98,
          bytesPerOp: bytes,
        });
      }
      ratios.push(ns["codec-v2"]! / ns["codec-v1"]!);
    }
    for (const c of candidates) {
      const s = samples[c.id]!;
      const ns = summary(s.map((x) => x.nsPerOp));
      measurements.push({
        payload: p.id,
        candidate: c.id,
        samples: s,
        warmupSamples: 1,
        stats: {
          nsPerOp: ns,
          cpuNsPerOp: summary(s.map((x) => x.cpuNsPerOp!)),
          opsPerSec: 1e9 / ns.median,
          mbPerSec: (p.bytes / ns.median) * 1e3,
          bestOpsPerSec: 1e9 / ns.min,
          bestMbPerSec: (p.bytes / ns.min) * 1e3,
        },
        memory: {
          method: "gc-profiler",
          bytesPerOp: summary(s.map((x) => x.bytesPerOp!)).mean,
          heapDeltaBytesPerOp: p.bytesOp * 0.3,
          peakHeapBytes: 24_000_000 + pi * 1_000_000,
          gcEvents: 12,
          iterations: 200,
        },
        isolation: "worker",
      });
    }
    comparisons.push(compare(`unmarshal/${p.id}`, p.id, "codec-v1", "codec-v2", ratios));
    pooledRatios.push(...ratios);
  }
  const pooled = compare("unmarshal/*", "*", "codec-v1", "codec-v2", pooledRatios);
  comparisons.push(pooled);
  const payloads: PayloadInfo[] = PAYLOADS.map(({ id, label, bytes }) => ({ id, label, bytes }));
  return {
    schemaVersion: RESULT_SCHEMA_VERSION,
    kind: RESULT_KIND,
    package: "@gojson/codec-v2",
    bench: "seed-002",
    title: "Seed 002 in TypeScript: codec-v1 vs codec-v2 (defaultOptionsV1) unmarshal to any",
    description: "Five synthetic payloads, ABBA-paired rounds, warm-up excluded.",
    startedAt: "2026-12-01T10:00:00.000Z",
    finishedAt: "2026-12-01T10:04:10.000Z",
    durationMs: 250_000,
    environment: {
      cpuModel: "Intel(R) Xeon(R) Platinum 8375C CPU @ 2.90GHz",
      logicalCpus: 2,
      availableParallelism: 2,
      cpuMHz: 2900,
      totalMemoryBytes: 8_000_000_000,
      os: { platform: "linux", release: "6.1.0-28-amd64", arch: "x64", type: "Linux" },
      node: "v20.20.2",
      v8: "11.3.244.8-node.33",
      nodeFlags: ["--expose-gc"],
      loadAverage: { start: [1.02, 0.98, 0.91], end: [1.1, 1.0, 0.93] },
      go: { version: "go1.26.0 linux/amd64" },
      ci: false,
    },
    settings: {
      pairs,
      order: "ABBA",
      warmupRounds: 1,
      sampleTimeMs: 200,
      isolation: "worker",
      confidence: 0.95,
      alpha: 0.05,
      ciMethod: "t-log",
      testMethod: "wilcoxon-exact",
      quick: false,
      seed: 2,
    },
    candidates,
    payloads,
    measurements,
    comparisons,
    hypotheses: [
      {
        hypothesis: {
          id: "h1",
          statement:
            "codec-v2 unmarshal is at least 5% faster than codec-v1 (pooled geometric mean ratio < 0.95)",
          baseline: "codec-v1",
          candidate: "codec-v2",
          payload: "*",
          metric: "nsPerOp",
          direction: "less",
          threshold: 0.95,
          alpha: 0.05,
          registeredAt: "2026-12-01T09:58:00.000Z",
          sha256: "5f1d2c0a9b8e7d6c5f1d2c0a9b8e7d6c5f1d2c0a9b8e7d6c5f1d2c0a9b8e7d6c",
          registeredFile: "bench/hypotheses/seed-002.json",
        },
        verdict: pooled.ci.high < 0.95 ? "supported" : "not supported",
        reason:
          pooled.ci.high < 0.95
            ? "The whole 95% interval of the pooled ratio lies below 0.95."
            : "The 95% interval of the pooled ratio reaches 0.95 or above.",
        comparison: pooled.id,
        observed: {
          geomean: pooled.geomean,
          ciLow: pooled.ci.low,
          ciHigh: pooled.ci.high,
          pValue: pooled.test.pValue,
        },
        preregistration: "verified",
      },
    ],
    tables: [
      {
        id: "cost-table",
        title: "Seed 000 cost table (ns/op)",
        columns: ["operation", "ns/op", "B/op"],
        rows: [
          ["marshal", 1234.5, 480],
          ["hand-built bytes", 310.25, 128],
          ["unmarshal to struct", 2891, 656],
          ["unmarshal to map", 4410.75, null],
        ],
        notes: ["Order of cost.go, five fields."],
      },
    ],
    errors: [{ candidate: "json-bigint", message: "package not installed; candidate skipped" }],
    notes: ["Synthetic document for the report's tests: numbers are made up by a seeded generator."],
  };
}

/** A conformance document in go-oracle's shape (two engines, a few kinds, three examples). */
export function syntheticConformanceDoc(): unknown {
  return {
    generatedAt: "2026-12-01T09:00:00.000Z",
    runs: 3000,
    seed: 20261201,
    engines: {
      v2: {
        cases: 2990,
        agreements: 2985,
        disagreements: 5,
        skipped: 10,
        byKind: { "missing-error": 1, "error-text": 4 },
      },
      v1: { cases: 3000, agreements: 2998, disagreements: 2, skipped: 0, byKind: { "value-after-error": 2 } },
    },
    unavailable: ["v1v2"],
    examples: [
      {
        title: "v2 error-text: unmarshal S1",
        engine: "v2",
        kind: "error-text",
        signature: "v2|error-text|a|b",
        seed: 20261207,
        shrunk: false,
        text: 'engine: v2   op: unmarshal   type: S1   options: {}\nGo:\ntype S1 struct {\n\tA int\n}\ninput: "{\\"A\\":true}"\ngo:      {"error":"json: cannot unmarshal JSON boolean into Go int within \\"/A\\""}\ngojson:  {"error":"json: cannot unmarshal JSON boolean into Go int"}',
      },
      {
        title: "v2 error-text: unmarshal S1 (shrunk)",
        engine: "v2",
        kind: "error-text",
        signature: "v2|error-text|c|d",
        seed: 20261299,
        shrunk: true,
        text: 'engine: v2   op: unmarshal   type: int   options: {}\nGo: (no declarations)\ninput: "true"\ngo:      {"error":"json: cannot unmarshal JSON boolean into Go int"}\ngojson:  {"error":"json: cannot unmarshal boolean into Go int"}',
      },
      {
        title: "v1 value-after-error: unmarshal []time.Time",
        engine: "v1",
        kind: "value-after-error",
        signature: "v1|value-after-error|e|f",
        seed: 20261210,
        shrunk: true,
        text: 'engine: v1   op: unmarshal   type: []time.Time   options: {}\nGo: (no declarations)\ninput: "[1]"\ngo:      {"error":"x","value":[]}\ngojson:  {"error":"x","value":null}',
      },
    ],
  };
}

/** Golden vectors in @gojson/fixtures' shape: two differences, Go's recorded answers (copied from golden/differences.json). */
export function syntheticDifferenceVectors(): GoldenVector[] {
  const s = 'type S struct {\n\tFoo int `json:"foo"`\n}';
  const base = { group: "differences", goSource: s, type: "S", op: "unmarshal" as const, options: {} };
  const nil = { group: "differences", goSource: "", type: "[]int", op: "marshal" as const, options: {} };
  return [
    {
      ...base,
      engine: "v1",
      name: "Diff/01-CaseSensitivity/Exact",
      input: '{"foo":1}',
      want: { value: { Foo: "1" } },
    },
    {
      ...base,
      engine: "v1v2",
      name: "Diff/01-CaseSensitivity/Exact",
      input: '{"foo":1}',
      want: { value: { Foo: "1" } },
    },
    {
      ...base,
      engine: "v2",
      name: "Diff/01-CaseSensitivity/Exact",
      input: '{"foo":1}',
      want: { value: { Foo: "1" } },
    },
    {
      ...base,
      engine: "v1",
      name: "Diff/01-CaseSensitivity/Folded",
      input: '{"FOO":1}',
      want: { value: { Foo: "1" } },
    },
    {
      ...base,
      engine: "v1v2",
      name: "Diff/01-CaseSensitivity/Folded",
      input: '{"FOO":1}',
      want: { value: { Foo: "1" } },
    },
    {
      ...base,
      engine: "v2",
      name: "Diff/01-CaseSensitivity/Folded",
      input: '{"FOO":1}',
      want: { value: { Foo: "0" } },
    },
    { ...nil, engine: "v2", name: "Diff/04-NilSliceMap/NilSlice", value: null, want: { output: "[]" } },
    { ...nil, engine: "v1", name: "Diff/04-NilSliceMap/NilSlice", value: null, want: { output: "null" } },
    { ...nil, engine: "v1v2", name: "Diff/04-NilSliceMap/NilSlice", value: null, want: { output: "null" } },
  ];
}

/** A complete report input: the codec result plus a conformance summary and a difference table. */
export function syntheticInput(opts: SyntheticOptions = {}): ReportInput {
  return {
    results: [syntheticCodecResult(opts)],
    resultsDir: "results",
    conformance: readConformance(syntheticConformanceDoc(), "conformance.json")!,
    differences: differenceTable(syntheticDifferenceVectors(), "golden/differences.json")!,
  };
}
