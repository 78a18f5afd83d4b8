import { describe, expect, it } from "vitest";
import { compareRatios } from "./analyze.js";
import { evaluateHypothesis, type HypothesisSpec, hypothesisHash } from "./hypothesis.js";

const base: HypothesisSpec = {
  id: "h1",
  statement: "v2 is at least 5% faster than v1",
  baseline: "v1",
  candidate: "v2",
  direction: "less",
  threshold: 1 / 1.05,
  registeredAt: "2026-01-01T00:00:00.000Z",
};
const spec = { ...base, sha256: hypothesisHash(base) };
const now = "2026-06-01T00:00:00.000Z";
const opts = {
  metric: "nsPerOp" as const,
  confidence: 0.95,
  alpha: 0.05,
  ciMethod: "t-log" as const,
  test: "wilcoxon" as const,
};
const cmp = (rs: number[]) => compareRatios("c", "*", "v1", "v2", rs, opts);
const around = (g: number, n: number, spread = 0.01) =>
  Array.from({ length: n }, (_, i) => g * Math.exp(spread * Math.sin(i * 1.3 + 0.2)));

describe("verdicts (seed 002 vocabulary)", () => {
  const cases: Array<{ name: string; in: [HypothesisSpec, number[] | undefined, string]; want: string }> = [
    { name: "Supported/ClearlyFaster", in: [spec, around(0.66, 25), now], want: "supported" },
    { name: "NotSupported/Slower", in: [spec, around(1.5, 25), now], want: "not supported" },
    { name: "Unknown/StraddlesThreshold", in: [spec, around(0.952, 25, 0.05), now], want: "UNKNOWN" },
    { name: "Unknown/FivePairsCannotReachAlpha", in: [spec, around(0.66, 5), now], want: "UNKNOWN" },
    { name: "NotTested/NoComparison", in: [spec, undefined, now], want: "NOT_TESTED" },
    {
      name: "Hold/EditedAfterRegistration",
      in: [{ ...spec, threshold: 0.99 }, around(0.66, 25), now],
      want: "HOLD",
    },
    {
      name: "Hold/RegisteredAfterRun",
      in: [spec, around(0.66, 25), "2025-01-01T00:00:00.000Z"],
      want: "HOLD",
    },
    { name: "Hold/NoHash", in: [base, around(0.66, 25), now], want: "HOLD" },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const [h, rs, at] = c.in;
      const out = evaluateHypothesis(h, rs ? cmp(rs) : undefined, at);
      expect(out.verdict).toBe(c.want);
      expect(out.hypothesis.sha256).toMatch(/^[0-9a-f]{64}$/);
    });
  }
  it("Threshold/TestedAgainstTheThresholdNotOne", () => {
    // "At most 1.5×" with the candidate about as fast as the baseline (ratios around 1, spread
    // 5 %): the whole CI lies below 1.5, and the paired test against 1.5 decides it (against 1
    // it would not: p ≈ 0.7, UNKNOWN).
    const h0 = { ...base, statement: "at most 1.5×", threshold: 1.5 };
    const h = { ...h0, sha256: hypothesisHash(h0) };
    const c = cmp(around(0.99, 25, 0.05));
    expect(c.test.pValue).toBeGreaterThan(0.05);
    const out = evaluateHypothesis(h, c, now);
    expect(out.verdict).toBe("supported");
    expect(out.observed?.pValue).toBeLessThan(1e-4);
  });
  it("Hash/StableAndSensitive", () => {
    expect(hypothesisHash(base)).toBe(hypothesisHash({ ...base, registeredAt: "other" }));
    expect(hypothesisHash(base)).not.toBe(hypothesisHash({ ...base, threshold: 0.9 }));
  });
});
