import { describe, expect, it } from "vitest";
import { type ConformanceSummary, caseSeed, closingLine } from "./campaign.js";

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

describe("closingLine", () => {
  const engines = (d: number) => ({
    v1: { cases: 99_975, agreements: 99_975 - d, disagreements: d, skipped: 25, byKind: {} },
    v2: { cases: 99_971, agreements: 99_971, disagreements: 0, skipped: 29, byKind: {} },
  });
  const summary = (
    goVersion: string,
    d: number,
    extra: Partial<ConformanceSummary> = {},
  ): ConformanceSummary => ({
    generatedAt: "",
    goVersion,
    runs: 100_000,
    seed: 1,
    engines: engines(d),
    unavailable: [],
    examples: [],
    ...extra,
  });
  it.each([
    {
      name: "agreement, recorded answers",
      parts: [
        summary("go1.26.8", 0, { goAnswers: { recorded: 0, replayed: 98, live: 0, rejudged: 0 } }),
        summary("go1.27.3", 0, { goAnswers: { recorded: 2, replayed: 96, live: 0, rejudged: 1 } }),
      ],
      want: "SUMMARY seed 1, 100000 runs: go1.26.8 v1 0/99975 v2 0/99971; go1.27.3 v1 0/99975 v2 0/99971 (disagreements/cases; 108 skipped): 0 disagreements; Go answers: 194 blocks replayed (1 re-asked live), 2 asked of Go (2 recorded); 12 s",
    },
    {
      name: "disagreements, a run stopped by the time limit",
      parts: [summary("go1.26.8", 3, { stopped: { casesRun: 4096, reason: "time limit" } })],
      want: "SUMMARY seed 1, 100000 runs: go1.26.8 v1 3/99975 v2 0/99971 (stopped after 4096 runs) (disagreements/cases; 54 skipped): 3 disagreements; 12 s",
    },
    {
      name: "an engine whose codec did not load",
      parts: [summary("go1.26.8", 0, { unavailable: ["v1v2"] })],
      want: "SUMMARY seed 1, 100000 runs: go1.26.8 v1 0/99975 v2 0/99971 NOT RUN: v1v2 (codec did not load) (disagreements/cases; 54 skipped): 0 disagreements; 12 s",
    },
  ])("$name", ({ parts, want }) => {
    expect(closingLine("seed 1, 100000 runs", parts, 12.2)).toBe(want);
  });
});
