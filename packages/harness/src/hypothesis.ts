/**
 * Preregistered hypotheses and seed 002's verdicts.
 *
 * A hypothesis is written in the bench source before the run with the time it
 * was written and the sha256 of its canonical form. At run time the hash is
 * recomputed: an edited threshold without a new registration, or a
 * registration time after the run start, leaves the verdict on HOLD.
 */
import { createHash } from "node:crypto";
import type { Comparison, Hypothesis, HypothesisOutcome, Metric } from "./result.js";
import { pairedTest } from "./stats.js";

/** What a bench author writes before the run. */
export interface HypothesisSpec {
  id: string;
  statement: string;
  baseline: string;
  candidate: string;
  payload?: string;
  metric?: Metric;
  direction: "less" | "greater";
  threshold: number;
  alpha?: number;
  /** ISO time it was written (committed in the bench source). */
  registeredAt: string;
  /** sha256 printed by `hypothesisHash` when it was written. */
  sha256?: string;
  registeredFile?: string;
}

function canonicalFields(h: HypothesisSpec): Record<string, unknown> {
  return {
    alpha: h.alpha ?? 0.05,
    baseline: h.baseline,
    candidate: h.candidate,
    direction: h.direction,
    id: h.id,
    metric: h.metric ?? "nsPerOp",
    payload: h.payload ?? "*",
    statement: h.statement,
    threshold: h.threshold,
  };
}

/** sha256 hex of the canonical JSON (sorted keys, defaults filled) of a hypothesis, without its registration time. */
export function hypothesisHash(h: HypothesisSpec): string {
  return createHash("sha256")
    .update(JSON.stringify(canonicalFields(h)))
    .digest("hex");
}

/** Resolves a spec into the recorded Hypothesis (defaults filled, hash computed when absent). */
export function resolveHypothesis(h: HypothesisSpec): Hypothesis {
  const c = canonicalFields(h);
  return {
    id: h.id,
    statement: h.statement,
    baseline: h.baseline,
    candidate: h.candidate,
    payload: c.payload as string,
    metric: c.metric as Metric,
    direction: h.direction,
    threshold: h.threshold,
    alpha: c.alpha as number,
    registeredAt: h.registeredAt,
    sha256: h.sha256 ?? hypothesisHash(h),
    ...(h.registeredFile ? { registeredFile: h.registeredFile } : {}),
  };
}

/** Checks the registration: declared hash matches the content and the time precedes the run. */
export function checkPreregistration(
  h: HypothesisSpec,
  runStartedAt: string,
): HypothesisOutcome["preregistration"] {
  if (h.sha256 && h.sha256 !== hypothesisHash(h)) return "mismatch";
  const t = Date.parse(h.registeredAt);
  if (!h.sha256 || Number.isNaN(t) || t >= Date.parse(runStartedAt)) return "unverifiable";
  return "verified";
}

/**
 * Evaluates a hypothesis on its comparison (seed 002's vocabulary):
 * - NOT_TESTED: the comparison was not measured (candidate missing or broken);
 * - HOLD: measured, but the preregistration cannot be verified (hash/time);
 * - supported: the whole CI of geomean(candidate/baseline) lies on the
 *   hypothesised side of the threshold and the paired test of the ratios
 *   against the threshold (not against 1) is significant;
 * - not supported: the whole CI lies on the other side of the threshold;
 * - UNKNOWN: the CI straddles the threshold, or n can never reach alpha.
 */
export function evaluateHypothesis(
  spec: HypothesisSpec,
  comparison: Comparison | undefined,
  runStartedAt: string,
): HypothesisOutcome {
  const hypothesis = resolveHypothesis(spec);
  const preregistration = checkPreregistration(spec, runStartedAt);
  if (!comparison) {
    return {
      hypothesis,
      verdict: "NOT_TESTED",
      reason: `no measured comparison ${hypothesis.candidate}/${hypothesis.baseline} on ${hypothesis.payload}`,
      preregistration,
    };
  }
  // The paired test against the threshold itself (log(ratio / threshold) centred on 0): the
  // comparison's own test is against a ratio of 1, which says nothing about "at most 1.5×"
  // when the candidate is about as fast as the baseline.
  const t = hypothesis.threshold;
  const test =
    t === 1
      ? comparison.test
      : pairedTest(
          comparison.ratios.map((r) => Math.log(r / t)),
          comparison.test.method.startsWith("sign-flip") ? "sign-flip" : "wilcoxon",
          comparison.test.alpha,
        );
  const observed = {
    geomean: comparison.geomean,
    ciLow: comparison.ci.low,
    ciHigh: comparison.ci.high,
    pValue: test.pValue,
  };
  const base = { hypothesis, comparison: comparison.id, observed, preregistration };
  if (preregistration !== "verified") {
    return {
      ...base,
      verdict: "HOLD",
      reason:
        preregistration === "mismatch"
          ? "the hypothesis was edited after its registration (sha256 differs)"
          : "the registration time or hash cannot show the hypothesis preceded the run",
    };
  }
  const less = hypothesis.direction === "less";
  const inFavour = less ? comparison.ci.high < t : comparison.ci.low > t;
  const against = less ? comparison.ci.low >= t : comparison.ci.high <= t;
  const ciText = `geomean ${observed.geomean.toFixed(3)}× (${Math.round(comparison.ci.level * 100)}% CI ${observed.ciLow.toFixed(3)}–${observed.ciHigh.toFixed(3)}), p=${observed.pValue.toPrecision(3)}`;
  if (!test.canReachAlpha) {
    return {
      ...base,
      verdict: "UNKNOWN",
      reason: `n=${test.n} pairs can never reach alpha=${test.alpha} (min p ${test.minAchievableP}); ${ciText}`,
    };
  }
  if (inFavour && test.pValue < hypothesis.alpha) {
    return { ...base, verdict: "supported", reason: `${ciText} lies ${less ? "below" : "above"} ${t}` };
  }
  if (against) {
    return {
      ...base,
      verdict: "not supported",
      reason: `${ciText} lies ${less ? "at or above" : "at or below"} ${t}`,
    };
  }
  return { ...base, verdict: "UNKNOWN", reason: `${ciText} does not decide against threshold ${t}` };
}
