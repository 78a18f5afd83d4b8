import { fc, test } from "@fast-check/vitest";
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
  it("Wilcoxon/ExactNullMatchesScipy", () => {
    // scipy.stats.wilcoxon(d, method="exact").pvalue (SciPy 1.17.1) for [n, sign mask, p].
    const scipy: Array<[number, number, number]> = [
      [6, 1, 0.5625],
      [6, 5, 1.0],
      [6, 13, 0.5625],
      [6, 19, 0.5625],
      [9, 1, 0.07421875],
      [9, 5, 0.65234375],
      [9, 13, 0.359375],
      [9, 19, 0.91015625],
      [12, 1, 0.10986328125],
      [12, 5, 0.4697265625],
      [12, 13, 0.85009765625],
      [12, 19, 0.26611328125],
      [15, 1, 0.01507568359375],
      [15, 5, 0.33026123046875],
      [15, 13, 0.638671875],
      [15, 19, 0.638671875],
    ];
    for (const [n, mask, want] of scipy) {
      const d = Array.from({ length: n }, (_, i) => (mask & (1 << (i % 5)) ? -(i + 1) : i + 1));
      expect(wilcoxonSignedRank(d).pValue).toBeCloseTo(want, 12);
    }
  });
});
