/**
 * Every harness benchmark body runs once as a test (checkOnly: prepare + one
 * call + the candidate's check), so a benchmark can never time a broken
 * function. Candidates whose package is not built yet are reported, not failed.
 */
import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { costSuite, manual, ORDER, ORDER_JSON } from "../bench/cost.js";
import { experimentSuite } from "../bench/experiment-002.js";
import { isolationSuite } from "../bench/isolation.js";
import { marshalEncoderSuite } from "../bench/marshal-encoder.js";
import { type Progress, runSuite, type Suite } from "../src/index.js";

const quiet: Progress = { start() {}, tick() {}, stop() {} };
const notBuilt = (m: string) => /is not built|has no export/.test(m);

describe("harness benchmark bodies run once as tests", () => {
  it("Cost/ManualBuildsGoBytes", () => {
    // ORDER_JSON is what `go run cost.go` prints for json.Marshal(order).
    expect(new TextDecoder().decode(manual(ORDER))).toBe(ORDER_JSON);
  });
  const suites: Array<[string, () => Suite<unknown> | Promise<Suite<unknown>>]> = [
    ["Isolation", isolationSuite as () => Suite<unknown>],
    ["Cost", costSuite as () => Promise<Suite<unknown>>],
    ["Experiment002", experimentSuite as () => Promise<Suite<unknown>>],
    ["MarshalEncoder", marshalEncoderSuite as () => Promise<Suite<unknown>>],
  ];
  for (const [name, make] of suites) {
    it(`${name}/Check`, async () => {
      const r = await runSuite(await make(), { checkOnly: true, progress: quiet });
      const broken = r.errors.filter((e) => !notBuilt(e.message));
      expect(broken).toEqual([]);
      expect(r.measurements).toEqual([]);
    });
  }
});

describe("isolation through worker threads and child processes", () => {
  const built = existsSync(new URL("../dist/runner-entry.js", import.meta.url));
  for (const isolation of ["worker", "process"] as const) {
    it.skipIf(!built)(`Isolation/${isolation}`, async () => {
      const r = await runSuite(isolationSuite(), {
        progress: quiet,
        settings: { isolation, pairs: 2, warmupRounds: 0, sampleTimeMs: 2, memory: false },
      });
      expect(r.errors).toEqual([]);
      expect(r.measurements.map((m) => m.samples.length)).toEqual([2, 2]);
      expect(r.comparisons[0]?.ratios).toHaveLength(2);
    });
  }
});
