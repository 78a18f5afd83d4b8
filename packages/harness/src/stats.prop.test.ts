import { fc, test } from "@fast-check/vitest";
import signrankCdf from "@stdlib/stats-base-dists-signrank-cdf";
import { describe, expect, it } from "vitest";
import { geomean, signFlipTest, tIntervalLog, wilcoxonSignedRank } from "./stats.js";

const diffs = fc.array(
  fc.double({ min: -5, max: 5, noNaN: true }).filter((x) => x !== 0),
  {
    minLength: 2,
    maxLength: 14,
  },
);

describe("paired tests: properties", () => {
  test.prop([diffs], { numRuns: 60 })("Wilcoxon/SignSymmetricAndBounded", (d) => {
    const a = wilcoxonSignedRank(d);
    const b = wilcoxonSignedRank(d.map((x) => -x));
    expect(a.pValue).toBeCloseTo(b.pValue, 12);
    expect(a.pValue).toBeGreaterThanOrEqual(a.minAchievableP - 1e-15);
    expect(a.pValue).toBeLessThanOrEqual(1);
  });
  test.prop([diffs], { numRuns: 40 })("SignFlip/SignSymmetricAndBounded", (d) => {
    const a = signFlipTest(d);
    expect(a.pValue).toBeCloseTo(signFlipTest(d.map((x) => -x)).pValue, 12);
    expect(a.pValue).toBeGreaterThanOrEqual(a.minAchievableP - 1e-15);
  });
  test.prop([fc.array(fc.double({ min: 0.2, max: 5, noNaN: true }), { minLength: 2, maxLength: 30 })], {
    numRuns: 60,
  })("TInterval/ContainsGeomean", (r) => {
    const ci = tIntervalLog(r);
    const g = geomean(r);
    expect(ci.low).toBeLessThanOrEqual(g * (1 + 1e-12));
    expect(ci.high).toBeGreaterThanOrEqual(g * (1 - 1e-12));
  });
  it("Wilcoxon/ExactNullMatchesStdlibSignrankCdf", () => {
    // No ties: two-sided p = 2 · min(F(W+), 1 − F(W+ − 1)) with F the signed-rank CDF.
    for (const n of [6, 9, 12, 15]) {
      for (const mask of [0b1, 0b101, 0b1101, 0b10011]) {
        const d = Array.from({ length: n }, (_, i) => (mask & (1 << (i % 5)) ? -(i + 1) : i + 1));
        const r = wilcoxonSignedRank(d);
        const w = r.statistic;
        const want = Math.min(1, 2 * Math.min(signrankCdf(w, n), 1 - signrankCdf(w - 1, n)));
        expect(r.pValue).toBeCloseTo(want, 10);
      }
    }
  });
});
