/**
 * The result document around scale rows: a bench whose measurements are not
 * harness samples (probes in their own processes, server CPU under a load
 * generator) still writes the same versioned document, with its environment
 * (load average at start and end), one-process settings and empty sample
 * sections, so that `apps/report` and `writeResult` read it like any other.
 */
import { finishEnvironment } from "./env.js";
import type { BenchResult, CandidateError, Environment } from "./result.js";
import type { ScaleReport } from "./scale.js";
import { resolveSettings } from "./suite.js";

/** What a scale bench knows about its run; {@link scaleResult} fills in the rest. */
export interface ScaleResultInit {
  /** The package the bench belongs to, e.g. "@gojson/strict-http". */
  package: string;
  bench: string;
  title: string;
  description: string;
  /** When the run started. */
  startedAt: Date;
  /** collectEnvironment() taken when the run started (its load average at the end is added here). */
  environment: Environment;
  /** Rows, the bounds checked against them and the commands that reproduce them. */
  scale: ScaleReport;
  notes?: string[];
  /** Failures worth listing beside the rows (e.g. a probe that crashed). */
  errors?: CandidateError[];
  /** When the run finished (default: now). */
  finishedAt?: Date;
}

/** scaleResult builds the result document of a scale bench (one process per measurement, no samples). */
export function scaleResult(init: ScaleResultInit): BenchResult {
  const finishedAt = init.finishedAt ?? new Date();
  const {
    memory: _m,
    test: _t,
    ...settings
  } = resolveSettings({ pairs: 1, warmupRounds: 0, isolation: "process" });
  return {
    schemaVersion: 1,
    kind: "gojson-bench-result",
    package: init.package,
    bench: init.bench,
    title: init.title,
    description: init.description,
    startedAt: init.startedAt.toISOString(),
    finishedAt: finishedAt.toISOString(),
    durationMs: finishedAt.getTime() - init.startedAt.getTime(),
    environment: finishEnvironment(init.environment),
    settings,
    candidates: [],
    payloads: [],
    measurements: [],
    comparisons: [],
    hypotheses: [],
    tables: [],
    errors: init.errors ?? [],
    notes: init.notes ?? [],
    scale: init.scale,
  };
}
