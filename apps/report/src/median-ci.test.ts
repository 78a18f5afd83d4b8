import { describe, expect, test } from "vitest";
import { medianInterval, minSamplesForLevel } from "./median-ci.js";

describe("medianInterval", () => {
  test("MinSamples/Level95IsSix", () => {
    // benchstat: "need >= 6 samples for confidence interval at level 0.95"
    expect(minSamplesForLevel(0.95)).toBe(6);
    expect(minSamplesForLevel(0.99)).toBe(8);
  });
  test("TooFew/NoInterval", () => {
    const m = medianInterval([5, 1, 3, 2, 4], 0.95);
    expect(m).toEqual({ n: 5, median: 3, minN: 6 });
  });
  test("Six/Extremes", () => {
    const m = medianInterval([6, 1, 3, 2, 5, 4], 0.95);
    expect([m.median, m.low, m.high]).toEqual([3.5, 1, 6]);
  });
  test("Ten/OrderStatistics", () => {
    // n=10: P(B<=1) = 11/1024, coverage 1-22/1024 = 0.9785 ≥ 0.95; P(B<=2) = 56/1024, coverage 0.89 < 0.95 → k=2.
    const m = medianInterval([10, 9, 8, 7, 6, 5, 4, 3, 2, 1], 0.95);
    expect([m.median, m.low, m.high]).toEqual([5.5, 2, 9]);
  });
});
