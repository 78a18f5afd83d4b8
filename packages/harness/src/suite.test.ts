import { describe, expect, it } from "vitest";
import type { Progress } from "./progress.js";
import { runSuite } from "./suite.js";
import type { Suite } from "./suite-types.js";

const quiet: Progress = { start() {}, tick() {}, stop() {} };

function countingSuite(calls: Map<string, number>): Suite<number> {
  return {
    package: "@gojson/harness",
    bench: "check-only",
    title: "check-only",
    payloads: [
      { id: "one", data: 1 },
      { id: "two", data: 2 },
    ],
    candidates: ["a", "b"].map((id) => ({
      id,
      run: (_s: unknown, p: { id: string; data: number }) => {
        calls.set(`${id}/${p.id}`, (calls.get(`${id}/${p.id}`) ?? 0) + 1);
        return p.data * 2;
      },
      check: (out: unknown, p: { data: number }) => out === p.data * 2,
    })),
  };
}

describe("runSuite", () => {
  it("CheckOnly/RunsEachBodyOnceWithoutCalibrating", async () => {
    const calls = new Map<string, number>();
    const r = await runSuite(countingSuite(calls), { checkOnly: true, progress: quiet });
    expect(r.errors).toEqual([]);
    expect(Object.fromEntries(calls)).toEqual({ "a/one": 1, "b/one": 1, "a/two": 1, "b/two": 1 });
    expect(r.measurements).toEqual([]);
  });
  it("CheckOnly/ReportsAFailedCheck", async () => {
    const calls = new Map<string, number>();
    const suite = countingSuite(calls);
    (suite.candidates[1] as { check: unknown }).check = () => false;
    const r = await runSuite(suite, { checkOnly: true, progress: quiet });
    expect(r.errors.map((e) => `${e.candidate}/${e.payload}: ${e.message}`)).toEqual([
      "b/one: check failed for b on one",
      "b/two: check failed for b on two",
    ]);
  });
  it("Measured/CalibratesAndSamples", async () => {
    const calls = new Map<string, number>();
    const r = await runSuite(countingSuite(calls), {
      progress: quiet,
      settings: { pairs: 2, warmupRounds: 0, sampleTimeMs: 1, memory: false },
    });
    expect(r.measurements.map((m) => m.samples.length)).toEqual([2, 2, 2, 2]);
    expect(calls.get("a/one")).toBeGreaterThan(1);
  });
});
