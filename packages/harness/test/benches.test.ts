/**
 * Isolation through worker threads and child processes: a suite rebuilt from
 * its module in another thread or process measures and compares. (The seed
 * benches and their run-once tests live in tools/seed-bench.)
 */
import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { type Progress, runSuite } from "../src/index.js";
import { isolationSuite } from "./isolation-suite.js";

const quiet: Progress = { start() {}, tick() {}, stop() {} };

describe("isolation through worker threads and child processes", () => {
  // Workers and child processes load the built host entry (they get no TypeScript loader).
  const built = existsSync(new URL("../dist/runner-entry.js", import.meta.url));
  for (const isolation of ["worker", "process"] as const) {
    it(`Isolation/${isolation}`, async (ctx) => {
      if (!built)
        ctx.skip("dist/runner-entry.js is not built: run `pnpm --filter @gojson/harness build` first");
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
