/**
 * The versioned result document every benchmark writes to
 * `results/<package>-<bench>.json` and `apps/report` reads.
 *
 * Stability rule: within one `RESULT_SCHEMA_VERSION`, changes are additive
 * only (new optional fields, new union members documented here). A reader
 * must ignore fields it does not know.
 *
 * Units: times in nanoseconds (ns) unless a name says otherwise; bytes are
 * bytes; MB is 10^6 bytes (as Go's `MB/s`); timestamps are ISO 8601 UTC.
 * Ratios are always `candidate / baseline` of a cost metric (ns/op), so a
 * ratio below 1 means the candidate is cheaper (faster) than the baseline.
 */

import type { ScaleReport } from "./scale.js";

/** Bumped only on a breaking change of the document shape. */
export const RESULT_SCHEMA_VERSION = 1 as const;

/** `kind` field of every result document (lets a reader reject foreign JSON). */
export const RESULT_KIND = "gojson-bench-result" as const;

/** Seed 002's verdict vocabulary. */
export type Verdict = "supported" | "not supported" | "NOT_TESTED" | "HOLD" | "UNKNOWN";

export const VERDICTS: readonly Verdict[] = [
  "supported",
  "not supported",
  "NOT_TESTED",
  "HOLD",
  "UNKNOWN",
] as const;

/** Order of candidates inside the measured rounds. */
export type RoundOrder = "ABBA" | "AB" | "rotate";

/** Where a JS candidate ran relative to the other candidates. */
export type Isolation = "none" | "worker" | "process";

/** Which per-op metric a comparison or sample refers to. */
export type Metric = "nsPerOp" | "cpuNsPerOp" | "instructionsPerOp" | "bytesPerOp";

/** How the confidence interval of the geometric-mean ratio was computed. */
export type CiMethod =
  /** Student-t interval on the log ratios, exponentiated. */
  | "t-log"
  /** Percentile bootstrap on the log ratios (seeded), exponentiated. */
  | "bootstrap-percentile";

/** The paired test used on the log ratios (H0: median log ratio = 0). */
export type TestMethod =
  /** Exact Wilcoxon signed-rank (full enumeration of sign vectors), two-sided. */
  | "wilcoxon-exact"
  /** Exact sign-flip permutation test on the mean log ratio, two-sided. */
  | "sign-flip-exact"
  /** Wilcoxon signed-rank with normal approximation (n too large to enumerate). */
  | "wilcoxon-normal"
  /** Monte-Carlo sign-flip (n too large to enumerate). */
  | "sign-flip-monte-carlo";

/** How `bytesPerOp` was obtained. */
export type AllocationMethod =
  /** Sum over GC events of (heap before − heap after) from `v8.GCProfiler`, plus the final live delta. */
  | "gc-profiler"
  /** `process.memoryUsage().heapUsed` after − before (undercounts when GC runs in between). */
  | "heap-delta"
  /** Go's `-benchmem` (B/op, allocs/op). */
  | "go-benchmem";

export interface LoadAverage {
  /** os.loadavg(): 1, 5, 15 minutes. */
  start: [number, number, number];
  end?: [number, number, number];
}

export interface Environment {
  cpuModel: string;
  /** Logical CPUs (os.cpus().length). */
  logicalCpus: number;
  /** os.availableParallelism() (respects affinity/cgroups where Node can see it). */
  availableParallelism: number;
  /** Nominal CPU speed in MHz as reported by the OS (0 when unknown). */
  cpuMHz: number;
  totalMemoryBytes: number;
  os: { platform: string; release: string; arch: string; type: string };
  node: string;
  v8: string;
  /** process.execArgv of the measuring process (e.g. --expose-gc, --predictable). */
  nodeFlags: string[];
  loadAverage: LoadAverage;
  /** `go version` output when a Go candidate ran. */
  go?: { version: string; goexperiment?: string };
  /** valgrind version when the instruction-count mode ran. */
  valgrind?: string;
  /** True when CI=true in the environment. */
  ci: boolean;
}

export interface RunSettings {
  /** Measured pairs per (payload, comparison): ABBA gives 2 samples per candidate per pair-of-rounds. */
  pairs: number;
  order: RoundOrder;
  /** Rounds run before measurement and excluded from every statistic. */
  warmupRounds: number;
  /** Target wall time of one sample (one candidate, one round), in ms. */
  sampleTimeMs: number;
  isolation: Isolation;
  /** Confidence level of every interval (e.g. 0.95). */
  confidence: number;
  /** Significance level of the paired test. */
  alpha: number;
  ciMethod: CiMethod;
  testMethod: TestMethod;
  /** True when GOJSON_BENCH_QUICK=1 (smoke mode: numbers are not meant to be read). */
  quick: boolean;
  /** Seed of any randomness (bootstrap, Monte-Carlo). */
  seed?: number;
}

export interface CandidateInfo {
  id: string;
  label: string;
  description?: string;
  /** js: a function measured in-process (or in a worker/child); command: an external process (go test). */
  kind: "js" | "command";
  /** Library and version, e.g. "lossless-json@4.0.2". */
  library?: string;
  /** For command candidates: argv and extra environment. */
  command?: string[];
  env?: Record<string, string>;
}

export interface PayloadInfo {
  id: string;
  label: string;
  /** Size of the JSON input (or of the produced output for marshal benches) in bytes; drives MB/s. */
  bytes: number;
  /** sha256 hex of the bytes every candidate received (identical inputs). */
  sha256?: string;
  description?: string;
}

/** One measured sample: one candidate, one round. Warm-up samples are never stored here. */
export interface Sample {
  /** 0-based index of the measured round. */
  round: number;
  /** 0-based index of the pair this sample belongs to (ratios pair samples with equal `pair`). */
  pair: number;
  /** Position of this candidate inside the round (0 = ran first). */
  position: number;
  /** Operations timed in this sample. */
  iterations: number;
  /** Wall time of the whole sample (ns). */
  wallNs: number;
  /** wallNs / iterations. */
  nsPerOp: number;
  /** process.cpuUsage (user+system) per op, ns; absent for command candidates. */
  cpuNsPerOp?: number;
  /** Allocated bytes per op for this sample (method in MemoryStats). */
  bytesPerOp?: number;
  /** Go's allocs/op. */
  allocsPerOp?: number;
  /** Instruction count per op (callgrind mode). */
  instructionsPerOp?: number;
  /** ISO time the sample started. */
  at?: string;
}

/** Descriptive statistics of one metric over the measured samples. */
export interface Summary {
  n: number;
  mean: number;
  /** Sample standard deviation (n − 1). */
  sd: number;
  median: number;
  /** Best-of (minimum cost). */
  min: number;
  max: number;
  /** sd / mean. */
  cv: number;
}

export interface MemoryStats {
  method: AllocationMethod;
  /**
   * Bytes allocated per op by the chosen method; with "gc-profiler" the V8 heap plus the
   * off-heap bytes of the op's returned Uint8Array/ArrayBuffer (outputBytesPerOp), as Go's
   * B/op counts its output slice.
   */
  bytesPerOp: number;
  /** The off-heap bytes of the returned value per op, included in bytesPerOp ("gc-profiler"). */
  outputBytesPerOp?: number;
  /** The plain heap delta per op, kept beside gc-profiler figures for comparison. */
  heapDeltaBytesPerOp?: number;
  /** Off-heap (ArrayBuffer backing store) bytes per op, summed the same way from externalMemory. */
  externalBytesPerOp?: number;
  /** Go allocs/op. */
  allocsPerOp?: number;
  /** Highest heapUsed observed during the memory run (bytes). */
  peakHeapBytes?: number;
  /** GC events seen during the memory run. */
  gcEvents?: number;
  /** Operations in the memory run. */
  iterations?: number;
}

export interface CandidateStats {
  nsPerOp: Summary;
  cpuNsPerOp?: Summary;
  instructionsPerOp?: Summary;
  /** 1e9 / median ns/op. */
  opsPerSec: number;
  /** payload bytes / median ns/op × 1e3 (MB = 10^6 B); absent when the payload has no size. */
  mbPerSec?: number;
  /** Same from the best-of sample. */
  bestOpsPerSec: number;
  bestMbPerSec?: number;
}

/** Everything measured for one (payload, candidate). */
export interface Measurement {
  payload: string;
  candidate: string;
  samples: Sample[];
  /** Number of warm-up samples that ran and were discarded. */
  warmupSamples: number;
  stats: CandidateStats;
  memory?: MemoryStats;
  /** Isolation actually used for this measurement. */
  isolation?: Isolation;
}

export interface ConfidenceInterval {
  level: number;
  low: number;
  high: number;
  method: CiMethod;
}

export interface PairedTest {
  method: TestMethod;
  alternative: "two-sided";
  /** Number of non-zero log ratios used by the test. */
  n: number;
  /** W+ for Wilcoxon; mean log ratio for sign-flip. */
  statistic: number;
  pValue: number;
  alpha: number;
  /** Smallest p-value this n can produce (2 / 2^n for both exact tests). */
  minAchievableP: number;
  /** False when minAchievableP > alpha: no outcome could be significant. */
  canReachAlpha: boolean;
  significant: boolean;
}

/** A paired comparison: per-pair ratios candidate/baseline. */
export interface Comparison {
  /**
   * "<candidate>/<baseline>@<payload>", plus a suffix when one document holds
   * several variants: "#cpu" (the same pairs on CPU time) or "#none" /
   * "#worker" / "#process" (the isolation study).
   */
  id: string;
  /** Payload id, or "*" for the pooled comparison across payloads. */
  payload: string;
  baseline: string;
  candidate: string;
  metric: Metric;
  /** One ratio per pair, in pair order (pooled: concatenated in payload order). */
  ratios: number[];
  geomean: number;
  /** exp(sd(log ratios)). */
  gsd: number;
  ci: ConfidenceInterval;
  test: PairedTest;
  /** 1 / geomean: how many times faster the candidate is. */
  speedup: number;
}

/** A hypothesis written before the run. */
export interface Hypothesis {
  id: string;
  /** Plain-language statement, e.g. "codec-v2 unmarshal is ≥5% faster than codec-v1". */
  statement: string;
  baseline: string;
  candidate: string;
  /** Payload id or "*" (pooled geometric mean over all payloads). */
  payload: string;
  metric: Metric;
  /**
   * "less": supported when the whole CI of geomean(candidate/baseline) lies below `threshold`;
   * "greater": when it lies above.
   */
  direction: "less" | "greater";
  threshold: number;
  alpha: number;
  /** ISO time the hypothesis was recorded (must precede the run start). */
  registeredAt: string;
  /** sha256 hex of the canonical JSON of the fields above (without registeredAt/sha256). */
  sha256: string;
  /** File the registration was written to, when any. */
  registeredFile?: string;
}

export interface HypothesisOutcome {
  hypothesis: Hypothesis;
  verdict: Verdict;
  /** One sentence: why this verdict. */
  reason: string;
  /** Comparison id the verdict was evaluated on. */
  comparison?: string;
  observed?: { geomean: number; ciLow: number; ciHigh: number; pValue: number };
  /** Whether the registration record was checked: time precedes the run and hash matches. */
  preregistration: "verified" | "unverifiable" | "mismatch";
}

/** Free-form table for seed reproductions (cost table, ratios) and isolation studies. */
export interface ResultTable {
  id: string;
  title: string;
  columns: string[];
  rows: Array<Array<string | number | null>>;
  notes?: string[];
}

export interface CandidateError {
  candidate: string;
  payload?: string;
  message: string;
}

export interface BenchResult {
  schemaVersion: typeof RESULT_SCHEMA_VERSION;
  kind: typeof RESULT_KIND;
  /** npm name of the package whose bench this is, e.g. "@gojson/codec-v1". */
  package: string;
  /** Bench name (file stem), e.g. "peers". */
  bench: string;
  title: string;
  description?: string;
  startedAt: string;
  finishedAt: string;
  durationMs: number;
  environment: Environment;
  settings: RunSettings;
  candidates: CandidateInfo[];
  payloads: PayloadInfo[];
  measurements: Measurement[];
  comparisons: Comparison[];
  hypotheses: HypothesisOutcome[];
  tables: ResultTable[];
  /** Candidates that failed or were unavailable (their hypotheses are NOT_TESTED). */
  errors: CandidateError[];
  notes: string[];
  /** The same samples in Go's benchmark text format (benchstat input). */
  goBenchFormat?: string;
  /** Scale runs (streams, big documents, bounds): one run per implementation in its own process, with bounds checked. */
  scale?: ScaleReport;
}

/** Narrow an unknown parsed JSON value to a BenchResult of this schema version. */
export function isBenchResult(v: unknown): v is BenchResult {
  if (typeof v !== "object" || v === null) return false;
  const o = v as Record<string, unknown>;
  return (
    o.kind === RESULT_KIND &&
    o.schemaVersion === RESULT_SCHEMA_VERSION &&
    Array.isArray(o.measurements) &&
    Array.isArray(o.comparisons)
  );
}
