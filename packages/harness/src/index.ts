export { buildComparisons, candidateStats, compareRatios, pairedRatios } from "./analyze.js";
export {
  CALLGRIND_WARMUP,
  type CallgrindOptions,
  countInstructions,
  instructionTable,
  parseCallgrindTotal,
  VALGRIND,
  valgrindVersion,
} from "./callgrind.js";
export { payloadHash } from "./candidate-host.js";
export { collectEnvironment, finishEnvironment, goVersion } from "./env.js";
export { createExecutor, type Executor } from "./executor.js";
export {
  type GoBenchLine,
  type GoBenchOptions,
  type GoBenchRun,
  type GoCandidate,
  hasGo,
  parseGoBench,
  runGoBenchmarks,
} from "./go-bench.js";
export {
  checkPreregistration,
  evaluateHypothesis,
  type HypothesisSpec,
  hypothesisHash,
  resolveHypothesis,
} from "./hypothesis.js";
export {
  calibrate,
  DEFAULT_SAMPLE_TIME_MS,
  MAX_ITERATIONS,
  measureAllocation,
  ON_HEAP_TYPED_ARRAY_MAX,
  type Op,
  offHeapBytes,
  QUICK_SAMPLE_TIME_MS,
  type RawSample,
  timeSample,
} from "./measure.js";
export { goName, RESULTS_DIR_ENV, resultStem, resultsDir, toGoBenchFormat, writeResult } from "./output.js";
export { createProgress, type Progress, progressEnabled } from "./progress.js";
export type {
  AllocationMethod,
  BenchResult,
  CandidateError,
  CandidateInfo,
  CandidateStats,
  CiMethod,
  Comparison,
  ConfidenceInterval,
  Environment,
  Hypothesis,
  HypothesisOutcome,
  Isolation,
  LoadAverage,
  Measurement,
  MemoryStats,
  Metric,
  PairedTest,
  PayloadInfo,
  ResultTable,
  RoundOrder,
  RunSettings,
  Sample,
  Summary,
  TestMethod,
  Verdict,
} from "./result.js";
export { isBenchResult, RESULT_KIND, RESULT_SCHEMA_VERSION, VERDICTS } from "./result.js";
export {
  cut,
  formatByteSize,
  medianSeconds,
  type ProbeReport,
  parseByteSize,
  runProbe,
  type ScaleCheck,
  type ScaleReport,
  type ScaleRow,
  type ScaleSide,
  scaleRow,
} from "./scale.js";
export { type ScaleResultInit, scaleResult } from "./scale-result.js";
export { roundOrder } from "./schedule.js";
export {
  BOOTSTRAP_RESAMPLES,
  bootstrapIntervalLog,
  geomean,
  geoSd,
  mean,
  median,
  minAchievableP,
  minPairsForAlpha,
  SIGN_FLIP_EXACT_MAX_N,
  sd,
  signFlipTest,
  summarize,
  tIntervalLog,
  WILCOXON_EXACT_MAX_N,
  wilcoxonSignedRank,
} from "./stats.js";
export {
  DEFAULT_PAIRS,
  DEFAULT_WARMUP_ROUNDS,
  isQuick,
  QUICK_ENV,
  QUICK_PAIRS,
  type RunOptions,
  resolveSettings,
  runSuite,
} from "./suite.js";
export {
  type Candidate,
  type ComparisonSpec,
  type ExternalCandidate,
  type ExternalCommand,
  type InProcessCandidate,
  isExternal,
  type Payload,
  type Suite,
  type SuiteSettings,
} from "./suite-types.js";
export { formatSummary } from "./summary.js";
