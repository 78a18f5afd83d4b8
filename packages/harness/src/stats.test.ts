import { describe, expect, it } from "vitest";
import {
  bootstrapIntervalLog,
  geomean,
  geoSd,
  median,
  minAchievableP,
  minPairsForAlpha,
  sd,
  signFlipTest,
  summarize,
  tIntervalLog,
  wilcoxonSignedRank,
} from "./stats.js";

// Hollander & Wolfe (1973) p. 29, the classic paired data set (also R's ?wilcox.test):
// R gives V = 40, p-value = 0.03906.
const HW_X = [1.83, 0.5, 1.62, 2.48, 1.68, 1.88, 1.55, 3.06, 1.3];
const HW_Y = [0.878, 0.647, 0.598, 2.05, 1.06, 1.29, 1.06, 3.14, 1.29];
const HW_D = HW_X.map((x, i) => x - (HW_Y[i] as number));

// Seed 002's published per-payload unmarshal ratios are not given per pair; use a
// deterministic log-normal-ish set of 25 ratios instead.
const RATIOS = Array.from({ length: 25 }, (_, i) => 0.66 * Math.exp(0.05 * Math.sin(i * 1.7 + 0.3)));

// Reference answers recorded from SciPy 1.17.1 / NumPy on the data above
// (numpy mean/std(ddof=1)/median, scipy.stats.gmean/gstd,
// scipy.stats.ttest_1samp(log ratios).confidence_interval(0.95),
// scipy.stats.wilcoxon(method="exact" | "approx", correction=True)).
const SCIPY = {
  summary: { mean: 253728.25, sd: 473966.1320104604, median: 80453.1 },
  geomean: 0.6611411178113396,
  gsd: 1.0360555535803713,
  tIntervalLog: {
    Ratios25: [-0.428408943935357, -0.3991669971099193],
    Ratios5: [-0.4557013926974537, -0.3627057743229095],
    Mixed: [-0.11583668733542248, 0.13675962270718642],
  },
  wilcoxonExact: {
    HW: { wPlus: 40, p: 0.0390625 },
    LogRatios25: { wPlus: 171, p: 0.8325093984603882 },
    Five: { wPlus: 13, p: 0.1875 },
    AllPositive6: { wPlus: 21, p: 0.03125 },
    Twelve: { wPlus: 67, p: 0.02685546875 },
  },
  wilcoxonNormal60: 0.02359300806715681,
} as const;

describe("descriptive statistics vs NumPy/SciPy", () => {
  const xs = [95684.2, 64110.4, 126207.2, 179099, 1420861.6, 33520.2, 65222, 45121.4];
  it("Summary/MeanSdMedian", () => {
    const s = summarize(xs);
    expect(s.mean).toBeCloseTo(SCIPY.summary.mean, 6);
    expect(s.sd).toBeCloseTo(SCIPY.summary.sd, 6);
    expect(s.median).toBeCloseTo(SCIPY.summary.median, 9);
    expect(s.min).toBe(33520.2);
    expect(median([3, 1, 2])).toBe(2);
    expect(sd([5])).toBe(0);
  });
  it("Geomean/GeoSd", () => {
    expect(geomean(RATIOS)).toBeCloseTo(SCIPY.geomean, 12);
    expect(geoSd(RATIOS)).toBeCloseTo(SCIPY.gsd, 12);
  });
});

describe("t interval on log ratios vs SciPy's ttest_1samp", () => {
  for (const [name, data] of [
    ["Ratios25", RATIOS],
    ["Ratios5", RATIOS.slice(0, 5)],
    ["Mixed", [0.9, 1.1, 1.05, 0.97, 1.2, 0.88]],
  ] as const) {
    it(`TInterval/${name}`, () => {
      const ci = tIntervalLog(data, 0.95);
      const [low, high] = SCIPY.tIntervalLog[name];
      expect(Math.log(ci.low)).toBeCloseTo(low, 10);
      expect(Math.log(ci.high)).toBeCloseTo(high, 10);
    });
  }
  it("Bootstrap/CoversGeomeanAndIsSeeded", () => {
    const a = bootstrapIntervalLog(RATIOS, 0.95, 7, 2000);
    const b = bootstrapIntervalLog(RATIOS, 0.95, 7, 2000);
    expect(a).toEqual(b);
    expect(a.low).toBeLessThan(geomean(RATIOS));
    expect(a.high).toBeGreaterThan(geomean(RATIOS));
    // percentile bootstrap is a bit narrower than t on small n, same centre
    const t = tIntervalLog(RATIOS);
    expect(Math.abs(Math.log(a.low) - Math.log(t.low))).toBeLessThan(0.01);
  });
});

describe("Wilcoxon signed-rank vs SciPy and R", () => {
  it("HollanderWolfe/KnownAnswer", () => {
    const r = wilcoxonSignedRank(HW_D);
    expect(r.statistic).toBe(40);
    expect(r.pValue).toBeCloseTo(0.0390625, 10); // R: 0.03906
    expect(r.method).toBe("wilcoxon-exact");
  });
  const cases: Array<[keyof typeof SCIPY.wilcoxonExact, number[]]> = [
    ["HW", HW_D],
    ["LogRatios25", RATIOS.map((r) => Math.log(r / 0.66))],
    ["Five", [0.1, -0.2, 0.3, 0.4, 0.5]],
    ["AllPositive6", [1, 2, 3, 4, 5, 6]],
    ["Twelve", [-0.3, 0.2, 1.1, 0.7, -0.05, 0.9, 1.3, 0.4, 0.8, -0.6, 1.7, 0.25]],
  ];
  for (const [name, d] of cases) {
    it(`Exact/${name}`, () => {
      const mine = wilcoxonSignedRank(d);
      const ref = SCIPY.wilcoxonExact[name];
      expect(mine.statistic).toBeCloseTo(ref.wPlus, 9);
      expect(mine.pValue).toBeCloseTo(ref.p, 9);
    });
  }
  it("Normal/AgreesWithScipyAbove50", () => {
    const d = Array.from({ length: 60 }, (_, i) => Math.sin(i * 2.3) + 0.2);
    const mine = wilcoxonSignedRank(d, 0.05, true);
    expect(mine.method).toBe("wilcoxon-normal");
    expect(mine.pValue).toBeCloseTo(SCIPY.wilcoxonNormal60, 10);
    // the exact distribution is close to the approximation at n=60
    expect(wilcoxonSignedRank(d).pValue).toBeCloseTo(SCIPY.wilcoxonNormal60, 2);
  });
  it("Ties/ExactWithMidRanksMatchesEnumeration", () => {
    const d = [1, -1, 2, 2, 3, -3, 4];
    const mine = wilcoxonSignedRank(d);
    // brute force over 2^7 sign vectors with the same mid-ranks
    const r = [1.5, 1.5, 3.5, 3.5, 5.5, 5.5, 7];
    const w = 1.5 + 3.5 + 3.5 + 5.5 + 7;
    const centre = r.reduce((a, b) => a + b) / 2;
    let hits = 0;
    for (let m = 0; m < 128; m++) {
      let s = 0;
      for (let i = 0; i < 7; i++) if (m & (1 << i)) s += r[i] as number;
      if (Math.abs(s - centre) >= Math.abs(w - centre) - 1e-9) hits++;
    }
    expect(mine.statistic).toBe(w);
    expect(mine.pValue).toBeCloseTo(hits / 128, 12);
  });
});

describe("sign-flip permutation test", () => {
  it("AllSameSign/GivesMinimumP", () => {
    const r = signFlipTest([0.1, 0.2, 0.3, 0.4, 0.5]);
    expect(r.pValue).toBeCloseTo(2 / 32, 12);
    expect(r.canReachAlpha).toBe(false);
  });
  it("HW/KnownEnumeration", () => {
    // exact sign-flip on HW_D by brute force
    let hits = 0;
    const obs = Math.abs(HW_D.reduce((a, b) => a + b));
    for (let m = 0; m < 512; m++) {
      let s = 0;
      for (let i = 0; i < 9; i++) s += m & (1 << i) ? -(HW_D[i] as number) : (HW_D[i] as number);
      if (Math.abs(s) >= obs - 1e-12) hits++;
    }
    expect(signFlipTest(HW_D).pValue).toBeCloseTo(hits / 512, 12);
  });
  it("Large/MonteCarloCloseToWilcoxonOnSymmetricNoise", () => {
    const d = Array.from({ length: 30 }, (_, i) => Math.sin(i * 2.3));
    const r = signFlipTest(d, 0.05, 3);
    expect(r.method).toBe("sign-flip-monte-carlo");
    expect(r.pValue).toBeGreaterThan(0.2);
  });
});

describe("power floor of exact tests", () => {
  it("FivePairsCanNeverReach005", () => {
    expect(minAchievableP(5)).toBe(0.0625);
    expect(minPairsForAlpha(0.05)).toBe(6);
    expect(minPairsForAlpha(0.01)).toBe(8);
    expect(wilcoxonSignedRank([1, 2, 3, 4, 5]).canReachAlpha).toBe(false);
    expect(wilcoxonSignedRank([1, 2, 3, 4, 5, 6]).significant).toBe(true);
  });
});
