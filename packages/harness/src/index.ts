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
export { RESULT_KIND, RESULT_SCHEMA_VERSION, VERDICTS, isBenchResult } from "./result.js";
export type { Candidate, ComparisonSpec, Payload, Suite, SuiteSettings } from "./suite-types.js";
export {
  DEFAULT_PAIRS,
  DEFAULT_WARMUP_ROUNDS,
  QUICK_ENV,
  QUICK_PAIRS,
  type RunOptions,
  isQuick,
  resolveSettings,
  runSuite,
} from "./suite.js";
export {
  DEFAULT_SAMPLE_TIME_MS,
  MAX_ITERATIONS,
  QUICK_SAMPLE_TIME_MS,
  type Op,
  type RawSample,
  calibrate,
  measureAllocation,
  timeSample,
} from "./measure.js";
export {
  BOOTSTRAP_RESAMPLES,
  SIGN_FLIP_EXACT_MAX_N,
  WILCOXON_EXACT_MAX_N,
  bootstrapIntervalLog,
  geoSd,
  geomean,
  mean,
  median,
  minAchievableP,
  minPairsForAlpha,
  sd,
  signFlipTest,
  summarize,
  tIntervalLog,
  wilcoxonSignedRank,
} from "./stats.js";
export { buildComparisons, candidateStats, compareRatios, pairedRatios } from "./analyze.js";
export {
  type HypothesisSpec,
  checkPreregistration,
  evaluateHypothesis,
  hypothesisHash,
  resolveHypothesis,
} from "./hypothesis.js";
export { collectEnvironment, finishEnvironment, goVersion } from "./env.js";
export { type Executor, createExecutor } from "./executor.js";
export { roundOrder } from "./schedule.js";
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
  type CallgrindOptions,
  VALGRIND,
  countInstructions,
  parseCallgrindTotal,
  valgrindVersion,
} from "./callgrind.js";
export { type Progress, createProgress, progressEnabled } from "./progress.js";
export { RESULTS_DIR_ENV, goName, resultStem, resultsDir, toGoBenchFormat, writeResult } from "./output.js";
export { formatSummary } from "./summary.js";
export { payloadHash } from "./candidate-host.js";
