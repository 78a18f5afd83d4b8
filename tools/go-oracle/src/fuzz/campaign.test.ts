import { describe, expect, it } from "vitest";
import { caseSeed } from "./campaign.js";

describe("caseSeed", () => {
  it("gives campaigns with nearby seeds cases of their own", () => {
    const runs = 100_000;
    const first = [1, 2, 3].map((s) => caseSeed(s, 0));
    for (const [i, a] of first.entries())
      for (const b of first.slice(i + 1)) expect(Math.abs(a - b)).toBeGreaterThan(runs);
  });

  it("numbers a campaign's cases consecutively, within 32 bits", () => {
    expect(caseSeed(7, 5) - caseSeed(7, 0)).toBe(5);
    expect(caseSeed(2 ** 40 + 7, 0)).toBe(caseSeed(7, 0));
    expect(caseSeed(7, 0)).toBeLessThan(2 ** 32);
  });
});
