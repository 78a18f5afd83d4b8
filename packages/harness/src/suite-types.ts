import type { HypothesisSpec } from "./hypothesis.js";
import type { CiMethod, Isolation, Metric, RoundOrder } from "./result.js";

/** One input every candidate receives unchanged (identical inputs). */
export interface Payload<D = unknown> {
  id: string;
  label?: string;
  /** Size in bytes that MB/s is computed from (input for decode, output for encode). */
  bytes?: number;
  data: D;
  /** sha256 of the bytes; computed when data is a string or Uint8Array and this is absent. */
  sha256?: string;
  description?: string;
}

/** A way to do the operation under test, run by the harness in JavaScript. */
export interface InProcessCandidate<D = unknown, S = unknown> {
  id: string;
  label?: string;
  description?: string;
  /** e.g. "lossless-json@4.3.3". */
  library?: string;
  /** Untimed preparation per payload (compile a schema, decode a value to marshal). Defaults to payload.data. */
  prepare?: (payload: Payload<D>) => S;
  /** The timed operation. Its result is kept alive (black-holed). */
  run: (state: S, payload: Payload<D>) => unknown;
  /**
   * Runs once on every payload before any timing (the benchmark body as a test).
   * Throw (or return false) when the output is wrong: the candidate is then not
   * measured on that payload and the error is recorded.
   */
  check?: (output: unknown, payload: Payload<D>) => boolean | undefined;
  /** Return a reason string when the candidate does not apply to a payload. */
  skip?: (payload: Payload<D>) => string | undefined;
  /**
   * Where this candidate runs, overriding the suite's isolation: e.g. a twin of an
   * in-process candidate in its own worker, measured in the same rounds, shows what
   * sharing the process costs it.
   */
  isolation?: Isolation;
}

/**
 * A way to do the operation under test that runs in a program of its own (e.g. a Go
 * binary): the harness starts `command` once, speaks the candidate-host protocol to it
 * as one JSON object a line over stdin/stdout (see external-host.ts), and interleaves
 * its samples with the in-process candidates' in the same rounds, so the ratios are
 * paired like any other.
 */
export interface ExternalCandidate {
  id: string;
  label?: string;
  description?: string;
  library?: string;
  external: ExternalCommand;
}

/** How to start an external candidate's program. */
export interface ExternalCommand {
  command: string;
  args?: string[];
  /** Added to the harness's environment. */
  env?: Record<string, string>;
  cwd?: string;
}

/** A candidate: JavaScript run by the harness, or an external program speaking its protocol. */
export type Candidate<D = unknown, S = unknown> = InProcessCandidate<D, S> | ExternalCandidate;

/** True when `c` runs in a program of its own. */
export function isExternal(c: Candidate<any, any>): c is ExternalCandidate {
  return (c as ExternalCandidate).external !== undefined;
}

/** A paired comparison to compute: ratio = candidate / baseline. */
export interface ComparisonSpec {
  baseline: string;
  candidate: string;
}

/** Settings a suite may fix; the rest come from defaults and the environment. */
export interface SuiteSettings {
  pairs?: number;
  order?: RoundOrder;
  warmupRounds?: number;
  sampleTimeMs?: number;
  isolation?: Isolation;
  confidence?: number;
  alpha?: number;
  ciMethod?: CiMethod;
  test?: "wilcoxon" | "sign-flip";
  /** Measure allocation per op with the GC profiler (one extra untimed run per candidate and payload). */
  memory?: boolean;
  seed?: number;
}

/** Everything one benchmark declares. */
export interface Suite<D = unknown> {
  /** npm name of the owning package, e.g. "@gojson/codec-v1". */
  package: string;
  /** Bench name; the result goes to results/<package-short>-<bench>.json. */
  bench: string;
  title: string;
  description?: string;
  payloads: Payload<D>[];
  candidates: Candidate<D, any>[];
  /** Default: the first candidate is the baseline of every other. */
  comparisons?: ComparisonSpec[];
  hypotheses?: HypothesisSpec[];
  settings?: SuiteSettings;
  /** Metric the comparisons use (default nsPerOp). */
  metric?: Metric;
  notes?: string[];
  /**
   * For worker/process isolation and the callgrind mode: the module URL that
   * exports a factory of this suite (`import.meta.url`) and the export's name.
   */
  module?: { url: string; exportName: string; args?: unknown };
}
