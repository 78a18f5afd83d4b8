import { describe, expect, it } from "vitest";
import { calibrate, measureAllocation, offHeapBytes, timeSample } from "./measure.js";

describe("allocation per op (GC profiler)", () => {
  // Behaviour only; the byte-exact figure on a known array is in stress/measure.stress.test.ts.
  it("AllocatingOp/MeasuresMoreThanANonAllocatingOne", () => {
    const big = measureAllocation(() => new Array(1000).fill(0), 2_000);
    const none = measureAllocation(() => 1, 2_000);
    expect(big.method).toBe("gc-profiler");
    expect(big.bytesPerOp).toBeGreaterThan(none.bytesPerOp);
    expect(big.iterations).toBe(6_000);
  });
  it("OffHeapOutput/CountedLikeGoOutputSlice", () => {
    // A 4 KiB Uint8Array's backing store is off the V8 heap: its bytes are added as output.
    const out = measureAllocation(() => new Uint8Array(4096), 2_000);
    expect(out.outputBytesPerOp).toBe(4096);
    expect(out.bytesPerOp).toBeGreaterThanOrEqual(4096);
    // A small one lives on the heap (counted there, not twice); a number has no output.
    expect(measureAllocation(() => new Uint8Array(16), 2_000).outputBytesPerOp).toBe(0);
    expect(measureAllocation(() => 1, 2_000).outputBytesPerOp).toBe(0);
    expect(offHeapBytes(Buffer.alloc(100).subarray(0, 80))).toBe(80);
    expect(offHeapBytes(new ArrayBuffer(10))).toBe(10);
    expect(offHeapBytes("x".repeat(100))).toBe(0);
  });
  it("NoAllocation/Zero", () => {
    // Differencing a run of n and one of 2n ops cancels a run's fixed cost only when it falls in both:
    // a one-off heap growth mid-run (code and feedback installed by the JIT; up to ~0.5 MB seen) can fall
    // in one run alone. 2,000,000 ops keep such a blip under 0.25 B/op; at 100,000 it read 2.4 B/op.
    expect(measureAllocation(() => 1, 2_000_000).bytesPerOp).toBeLessThan(1);
  });
});

describe("timing", () => {
  it("Sample/WallAndCpu", () => {
    const s = timeSample(() => Math.sqrt(2), 1000);
    expect(s.iterations).toBe(1000);
    expect(s.wallNs).toBeGreaterThan(0);
    expect(s.cpuNs).toBeGreaterThanOrEqual(0);
  });
  it("Calibrate/ReturnsPositiveCount", () => {
    expect(calibrate(() => [1, 2, 3].join(), 2)).toBeGreaterThan(0);
  });
});
