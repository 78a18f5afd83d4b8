import { describe, expect, it } from "vitest";
import {
  erfc,
  incompleteBeta,
  logGamma,
  normalCdf,
  normalQuantile,
  studentTCdf,
  studentTQuantile,
} from "./distributions.js";

// Reference values recorded from SciPy 1.17.1 (scipy.stats.norm.cdf / .ppf,
// scipy.stats.t.cdf / .ppf, scipy.special.erfc / betainc / gammaln).
const SCIPY = {
  normalCdf: [
    [-38, 0.0],
    [-20, 2.7536241186061556e-89],
    [-8.5, 9.47953482220325e-18],
    [-5, 2.866515718791933e-7],
    [-3, 0.0013498980316300933],
    [-1.96, 0.024997895148220435],
    [-1, 0.15865525393145707],
    [-0.5, 0.3085375387259869],
    [0, 0.5],
    [0.3, 0.6179114221889526],
    [1, 0.8413447460685429],
    [1.6448536269514722, 0.95],
    [2.5, 0.9937903346742238],
    [6, 0.9999999990134123],
    [9, 1.0],
  ],
  erfc: [
    [-3, 1.9999779095030015],
    [-0.5, 1.5204998778130465],
    [0, 1.0],
    [0.1, 0.8875370839817152],
    [0.5, 0.4795001221869535],
    [1, 0.15729920705028516],
    [2, 0.004677734981047266],
    [4, 1.541725790028002e-8],
    [10, 2.0884875837625446e-45],
    [26, 5.663192408856145e-296],
  ],
  tCdf: [
    [-40, 3, 1.7190340394579253e-5],
    [-2.5, 1, 0.12111894159084341],
    [-1, 4, 0.18695048315002943],
    [0, 7, 0.5],
    [0.5, 1, 0.6475836176504333],
    [1.5, 2, 0.8638034375544994],
    [2.2621571627409915, 9, 0.9749999999976622],
    [3, 24, 0.9968971316917377],
    [10, 5, 0.9999145262121285],
    [0.001, 100, 0.5003979461199483],
    [-4, 49, 0.00010674024457271235],
    [2, 1000, 0.9771148267533741],
  ],
  tQuantile: [
    [0.975, 1, 12.706204736174694],
    [0.975, 2, 4.302652729749462],
    [0.975, 4, 2.7764451051977934],
    [0.975, 9, 2.262157162798205],
    [0.975, 24, 2.0638985616280245],
    [0.975, 99, 1.9842169515864174],
    [0.995, 5, 4.032142983555228],
    [0.9, 3, 1.637744353696209],
    [0.6, 11, 0.25955586047627044],
    [0.025, 9, -2.2621571627982053],
    [0.999999, 2, 707.1057205157672],
    [0.95, 1.5, 3.70518082009675],
    [0.975, 1000, 1.9623390808264083],
  ],
  normalQuantile: [
    [1e-300, -37.0470962993612],
    [1e-10, -6.361340902404056],
    [0.001, -3.090232306167813],
    [0.025, -1.9599639845400545],
    [0.3, -0.5244005127080409],
    [0.5, 0.0],
    [0.8, 0.8416212335729143],
    [0.975, 1.959963984540054],
    [0.9999999, 5.199337582290661],
  ],
  incompleteBeta: [
    [0.1, 0.5, 0.5, 0.20483276469913345],
    [0.5, 2, 3, 0.6875],
    [0.9, 5, 0.5, 0.3166429150200122],
    [0.2, 12, 0.5, 7.312049937038771e-10],
    [0.999, 0.5, 30, 1.0],
    [0.3, 100, 200, 0.10884306564490986],
  ],
  logGamma: [
    [0.1, 2.252712651734206],
    [0.5, 0.5723649429247],
    [1, 0.0],
    [1.5, -0.12078223763524526],
    [3.7, 1.428072326665388],
    [10, 12.801827480081469],
    [171.5, 709.1431630309283],
    [100000.0, 1051287.7089736569],
  ],
} as const;

/** |got − want| within `rel` of |want| (or `abs` near zero). */
function close(got: number, want: number, rel = 1e-12, abs = 1e-300): void {
  const tol = Math.max(abs, rel * Math.abs(want));
  if (!(Math.abs(got - want) <= tol)) {
    expect.fail(`got ${got}, want ${want} (|diff| ${Math.abs(got - want)} > ${tol})`);
  }
}

describe("normal distribution vs SciPy", () => {
  for (const [x, want] of SCIPY.normalCdf) it(`NormalCdf/${x}`, () => close(normalCdf(x), want, 1e-13));
  for (const [x, want] of SCIPY.erfc) it(`Erfc/${x}`, () => close(erfc(x), want, 1e-13));
  for (const [p, want] of SCIPY.normalQuantile) {
    it(`NormalQuantile/${p}`, () => close(normalQuantile(p), want, 1e-12));
  }
  it("NormalCdf/LocationAndScale", () => {
    close(normalCdf(3, 1, 2), normalCdf(1), 1e-15);
    expect(normalCdf(Number.NaN)).toBeNaN();
    expect(normalCdf(0, 0, 0)).toBeNaN();
  });
});

describe("Student's t distribution vs SciPy", () => {
  for (const [t, df, want] of SCIPY.tCdf)
    it(`TCdf/${t}/df${df}`, () => close(studentTCdf(t, df), want, 1e-12));
  for (const [p, df, want] of SCIPY.tQuantile) {
    it(`TQuantile/${p}/df${df}`, () => close(studentTQuantile(p, df), want, 1e-11));
  }
  it("TQuantile/Edges", () => {
    expect(studentTQuantile(0.5, 3)).toBe(0);
    expect(studentTQuantile(1, 3)).toBe(Number.POSITIVE_INFINITY);
    expect(studentTQuantile(0, 3)).toBe(Number.NEGATIVE_INFINITY);
    expect(studentTQuantile(1.2, 3)).toBeNaN();
    expect(studentTQuantile(0.9, 0)).toBeNaN();
  });
  it("TQuantile/InvertsTCdf", () => {
    for (const df of [1, 2, 5, 30]) {
      for (const p of [0.01, 0.2, 0.7, 0.99]) close(studentTCdf(studentTQuantile(p, df), df), p, 1e-12);
    }
  });
});

describe("special functions vs SciPy", () => {
  for (const [x, a, b, want] of SCIPY.incompleteBeta) {
    it(`IncompleteBeta/${x}/${a}/${b}`, () => close(incompleteBeta(x, a, b), want, 1e-12));
  }
  for (const [x, want] of SCIPY.logGamma) it(`LogGamma/${x}`, () => close(logGamma(x), want, 1e-13, 1e-15));
});
