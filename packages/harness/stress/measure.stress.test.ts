/**
 * Stress suite (`pnpm stress`): assertions on this machine's V8 and clock,
 * not on behaviour. They hold on an idle x64 Node 20 and may fail on a loaded
 * or different machine, so they stay out of `pnpm test`.
 */
import { describe, expect, it } from "vitest";
import { calibrate, measureAllocation } from "../src/measure.js";

describe("allocation per op (GC profiler)", () => {
  // x64 Node without pointer compression: JSArray 32 B + FixedArray 16 B + 8 B per element.
  for (const n of [100, 1000]) {
    it(`KnownArray/${n}`, () => {
      const want = 32 + 16 + 8 * n;
      const m = measureAllocation(() => new Array(n).fill(0), 20_000);
      expect(m.method).toBe("gc-profiler");
      expect(Math.abs(m.bytesPerOp - want) / want).toBeLessThan(0.02);
      // the plain heap delta misses what the collector freed once GCs ran
      expect(m.gcEvents).toBeGreaterThan(0);
      expect(m.heapDeltaBytesPerOp as number).toBeLessThan(want / 2);
      expect(m.peakHeapBytes).toBeGreaterThan(0);
    });
  }
});

describe("calibration against the wall clock", () => {
  // An op like a JIT-compiled codec: 40 slow calls (2 ms, "interpreted") lasting four sample
  // times, then fast ones (0.2 ms). The count must come from the fast calls (20 ms / 0.2 ms
  // = 100), not from the slow plateau (10).
  it("Calibrate/WaitsForTheSlowStartToEnd", () => {
    const busy = (ms: number) => {
      const end = process.hrtime.bigint() + BigInt(ms * 1e6);
      while (process.hrtime.bigint() < end);
    };
    let calls = 0;
    const n = calibrate(() => busy(++calls <= 40 ? 2 : 0.2), 20);
    expect(calls).toBeGreaterThan(40);
    expect(n).toBeGreaterThan(50);
    expect(n).toBeLessThanOrEqual(100);
  });
});
