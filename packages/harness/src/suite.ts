/**
 * The runner: candidates on identical payloads, warm-up excluded, rounds in
 * ABBA order, optional isolation, allocation per op, then statistics,
 * comparisons and verdicts assembled into a BenchResult.
 */
import { buildComparisons, candidateStats } from "./analyze.js";
import { payloadHash } from "./candidate-host.js";
import { collectEnvironment, finishEnvironment } from "./env.js";
import { createExecutor, type Executor } from "./executor.js";
import { evaluateHypothesis } from "./hypothesis.js";
import { DEFAULT_SAMPLE_TIME_MS, QUICK_SAMPLE_TIME_MS } from "./measure.js";
import { toGoBenchFormat } from "./output.js";
import { createProgress, type Progress } from "./progress.js";
import {
  type BenchResult,
  type CandidateError,
  type Isolation,
  type Measurement,
  RESULT_KIND,
  RESULT_SCHEMA_VERSION,
  type RunSettings,
  type Sample,
} from "./result.js";
import { roundOrder } from "./schedule.js";
import { isExternal, type Suite, type SuiteSettings } from "./suite-types.js";

/** Environment variable of the smoke mode. */
export const QUICK_ENV = "GOJSON_BENCH_QUICK";
/** Default measured pairs (rounds). */
export const DEFAULT_PAIRS = 10;
/** Pairs in quick mode. */
export const QUICK_PAIRS = 3;
/** Default warm-up rounds (after calibration, excluded from statistics). */
export const DEFAULT_WARMUP_ROUNDS = 2;

/** True when GOJSON_BENCH_QUICK=1. */
export function isQuick(): boolean {
  const v = process.env[QUICK_ENV];
  return v === "1" || v === "true";
}

/** Resolves settings: suite values, then quick-mode overrides, then defaults. */
export function resolveSettings(
  s: SuiteSettings = {},
  quick = isQuick(),
): RunSettings & {
  memory: boolean;
  test: "wilcoxon" | "sign-flip";
} {
  const test = s.test ?? "wilcoxon";
  return {
    pairs: quick ? Math.min(s.pairs ?? QUICK_PAIRS, QUICK_PAIRS) : (s.pairs ?? DEFAULT_PAIRS),
    order: s.order ?? "ABBA",
    warmupRounds: quick ? 1 : (s.warmupRounds ?? DEFAULT_WARMUP_ROUNDS),
    sampleTimeMs: quick ? QUICK_SAMPLE_TIME_MS : (s.sampleTimeMs ?? DEFAULT_SAMPLE_TIME_MS),
    isolation: s.isolation ?? "none",
    confidence: s.confidence ?? 0.95,
    alpha: s.alpha ?? 0.05,
    ciMethod: s.ciMethod ?? "t-log",
    testMethod: test === "wilcoxon" ? "wilcoxon-exact" : "sign-flip-exact",
    quick,
    seed: s.seed ?? 1,
    memory: s.memory ?? true,
    test,
  };
}

export interface RunOptions {
  progress?: Progress;
  /** Overrides suite settings (e.g. isolation for an isolation study). */
  settings?: SuiteSettings;
  /** Only run the checks (each body once per payload), no timing. */
  checkOnly?: boolean;
}

/** Runs a suite and returns its result document (does not write it). */
export async function runSuite<D>(typed: Suite<D>, opts: RunOptions = {}): Promise<BenchResult> {
  const suite = typed as unknown as Suite;
  const merged = { ...suite.settings, ...opts.settings };
  // Smoke mode runs in-process unless the caller asked for isolation explicitly (worker start-up dominates it).
  if (isQuick() && opts.settings?.isolation === undefined) merged.isolation = "none";
  const settings = resolveSettings(merged);
  const startedAt = new Date().toISOString();
  const t0 = Date.now();
  const environment = collectEnvironment();
  const progress = opts.progress ?? createProgress();
  const errors: CandidateError[] = [];
  const measurements: Measurement[] = [];
  const executors = new Map<string, Executor>();
  for (const c of suite.candidates) executors.set(c.id, createExecutor(suite, c.id, settings.isolation));
  const rounds = settings.warmupRounds + settings.pairs;
  progress.start(
    opts.checkOnly ? suite.payloads.length : suite.payloads.length * (rounds * suite.candidates.length + 1),
    suite.title,
  );
  try {
    for (const p of suite.payloads) {
      const ready: Array<{ id: string; iterations: number }> = [];
      for (const c of suite.candidates) {
        try {
          const executor = executors.get(c.id) as Executor;
          // Check-only runs each body once with its check: no calibration, no timing.
          const r = opts.checkOnly
            ? await executor.check(p.id)
            : await executor.prepare(p.id, settings.sampleTimeMs);
          if ("skipped" in r)
            errors.push({ candidate: c.id, payload: p.id, message: `skipped: ${r.skipped}` });
          else if ("iterations" in r) ready.push({ id: c.id, iterations: r.iterations });
        } catch (e) {
          errors.push({
            candidate: c.id,
            payload: p.id,
            message: e instanceof Error ? e.message : String(e),
          });
        }
      }
      progress.tick(`${p.id}: checked`);
      if (opts.checkOnly) continue;
      const samples = new Map<string, Sample[]>(ready.map((r) => [r.id, []]));
      for (let round = 0; round < rounds; round++) {
        const measured = round >= settings.warmupRounds;
        const pair = round - settings.warmupRounds;
        const order = roundOrder(ready, measured ? pair : round, settings.order);
        for (const [position, r] of order.entries()) {
          const at = new Date().toISOString();
          const raw = await (executors.get(r.id) as Executor).sample(p.id, r.iterations);
          progress.tick(`${p.id} ${r.id}${measured ? "" : " (warm-up)"}`);
          if (!measured) continue;
          (samples.get(r.id) as Sample[]).push({
            round: pair,
            pair,
            position,
            iterations: raw.iterations,
            wallNs: raw.wallNs,
            nsPerOp: raw.wallNs / raw.iterations,
            cpuNsPerOp: raw.cpuNs / raw.iterations,
            at,
          });
        }
      }
      for (const r of ready) {
        const s = samples.get(r.id) as Sample[];
        const m: Measurement = {
          payload: p.id,
          candidate: r.id,
          samples: s,
          warmupSamples: settings.warmupRounds,
          stats: candidateStats(s, p.bytes),
          isolation: candidateIsolation(suite, r.id, settings.isolation),
        };
        if (settings.memory) {
          try {
            const n = Math.max(10, r.iterations);
            m.memory = await (executors.get(r.id) as Executor).memory(p.id, n);
          } catch (e) {
            errors.push({ candidate: r.id, payload: p.id, message: `memory: ${String(e)}` });
          }
        }
        measurements.push(m);
      }
      progress.tick(`${p.id}: memory`);
    }
  } finally {
    progress.stop();
    await Promise.all([...executors.values()].map((e) => e.close()));
  }
  const pairsToCompare =
    suite.comparisons ??
    suite.candidates.slice(1).map((c) => ({ baseline: suite.candidates[0]?.id ?? "", candidate: c.id }));
  const metric = suite.metric ?? "nsPerOp";
  const comparisons = buildComparisons(
    measurements,
    suite.payloads.map((p) => p.id),
    pairsToCompare,
    {
      metric,
      confidence: settings.confidence,
      alpha: settings.alpha,
      ciMethod: settings.ciMethod,
      test: settings.test,
      seed: settings.seed,
    },
  );
  // The same pairs on CPU time (process.cpuUsage): less sensitive to being descheduled on a loaded machine.
  if (metric === "nsPerOp") {
    comparisons.push(
      ...buildComparisons(
        measurements,
        suite.payloads.map((p) => p.id),
        pairsToCompare,
        {
          metric: "cpuNsPerOp",
          confidence: settings.confidence,
          alpha: settings.alpha,
          ciMethod: settings.ciMethod,
          test: settings.test,
          seed: settings.seed,
        },
      ).map((c) => ({ ...c, id: `${c.id}#cpu` })),
    );
  }
  const hypotheses = (suite.hypotheses ?? []).map((h) =>
    evaluateHypothesis(
      h,
      comparisons.find(
        (c) =>
          c.baseline === h.baseline &&
          c.candidate === h.candidate &&
          c.payload === (h.payload ?? "*") &&
          c.metric === (h.metric ?? "nsPerOp"),
      ),
      startedAt,
    ),
  );
  const { memory: _m, test: _t, ...runSettings } = settings;
  const result: BenchResult = {
    schemaVersion: RESULT_SCHEMA_VERSION,
    kind: RESULT_KIND,
    package: suite.package,
    bench: suite.bench,
    title: suite.title,
    ...(suite.description ? { description: suite.description } : {}),
    startedAt,
    finishedAt: new Date().toISOString(),
    durationMs: Date.now() - t0,
    environment: finishEnvironment(environment),
    settings: runSettings,
    candidates: suite.candidates.map((c) => ({
      id: c.id,
      label: c.label ?? c.id,
      kind: "js" as const,
      ...(c.description ? { description: c.description } : {}),
      ...(c.library ? { library: c.library } : {}),
    })),
    payloads: suite.payloads.map((p) => {
      const sha256 = payloadHash(p);
      return {
        id: p.id,
        label: p.label ?? p.id,
        bytes: p.bytes ?? 0,
        ...(sha256 ? { sha256 } : {}),
        ...(p.description ? { description: p.description } : {}),
      };
    }),
    measurements,
    comparisons,
    hypotheses,
    tables: [],
    errors,
    notes: [...(suite.notes ?? [])],
  };
  result.goBenchFormat = toGoBenchFormat(result);
  return result;
}

/** Where a candidate ran: its own isolation, "process" for an external program, else the suite's. */
function candidateIsolation(suite: Suite, id: string, isolation: Isolation): Isolation {
  const c = suite.candidates.find((x) => x.id === id);
  if (!c) return isolation;
  if (isExternal(c)) return "process";
  return c.isolation ?? isolation;
}
