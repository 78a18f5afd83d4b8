/**
 * The in-process measuring primitives: one timed sample (wall and CPU time),
 * iteration calibration, and allocation measurement with V8's GC profiler.
 */
import v8 from "node:v8";
import type { MemoryStats } from "./result.js";

/** Default target wall time of one sample, in ms. */
export const DEFAULT_SAMPLE_TIME_MS = 100;
/** Target wall time of one sample in quick mode, in ms. */
export const QUICK_SAMPLE_TIME_MS = 5;
/** Upper bound on iterations per sample. */
export const MAX_ITERATIONS = 1e8;

/** Sink that keeps results alive so the optimiser cannot drop the measured call. */
export let blackhole: unknown;

/** An operation under measurement: called `iterations` times per sample. */
export type Op = () => unknown;

export interface RawSample {
  iterations: number;
  wallNs: number;
  cpuNs: number;
}

/** Runs `op` `iterations` times; returns wall (hrtime) and CPU (process.cpuUsage, user+system) time. */
export function timeSample(op: Op, iterations: number): RawSample {
  let sink: unknown;
  const c0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) sink = op();
  const t1 = process.hrtime.bigint();
  const c = process.cpuUsage(c0);
  blackhole = sink;
  return { iterations, wallNs: Number(t1 - t0), cpuNs: (c.user + c.system) * 1000 };
}

/** Shortest warm-up of one candidate on one payload, in sample times. */
export const MIN_WARMUP_SAMPLES = 10;
/** Longest warm-up of one candidate on one payload, in sample times. */
export const MAX_WARMUP_SAMPLES = 40;
/** A batch is "settled" when its time per op is within this factor of the best so far. */
const SETTLED = 1.07;
/** Settled batches in a row that end the warm-up. */
const SETTLED_BATCHES = 3;

/**
 * Finds an iteration count whose sample takes about `targetMs`, after a warm-up that lasts
 * at least MIN_WARMUP_SAMPLES sample times and then until the time per op has settled
 * (at most MAX_WARMUP_SAMPLES sample times).
 *
 * A compiled codec runs its first calls in V8's interpreter, 5–10× slower than once
 * optimised, and on a large payload its functions reach TurboFan one by one over a dozen
 * calls or more (a plateau of slow calls, then a drop). Calibrated on those calls, a sample
 * held a handful of iterations and the measured pairs were still warming up: the figure
 * was the JIT's, not the code's (Go's testing.B likewise grows b.N until the time per op
 * has settled).
 */
export function calibrate(op: Op, targetMs: number): number {
  const target = targetMs * 1e6;
  const start = process.hrtime.bigint();
  const minEnd = start + BigInt(Math.round(target * MIN_WARMUP_SAMPLES));
  const maxEnd = start + BigInt(Math.round(target * MAX_WARMUP_SAMPLES));
  for (let i = 0; i < 3; i++) blackhole = op();
  let n = 1;
  let best = Number.POSITIVE_INFINITY;
  let settled = 0;
  for (;;) {
    const { wallNs } = timeSample(op, n);
    const per = Math.max(wallNs, 1) / n;
    const now = process.hrtime.bigint();
    const out = n >= MAX_ITERATIONS || now > maxEnd;
    if (wallNs < target / 8 && !out) {
      // Too short a batch to judge the time per op: grow it.
      n *= wallNs < target / 100 ? 10 : 2;
      continue;
    }
    if (per < best) best = per;
    settled = per <= best * SETTLED ? settled + 1 : 0;
    if (out || (settled >= SETTLED_BATCHES && now > minEnd)) {
      return Math.max(1, Math.min(MAX_ITERATIONS, Math.round(target / best)));
    }
    // Batches of about a quarter of a sample.
    n = Math.max(1, Math.min(MAX_ITERATIONS, Math.round(target / 4 / per)));
  }
}

function gc(): void {
  const g = (globalThis as { gc?: () => void }).gc;
  if (g) g();
}

/**
 * V8 keeps a typed array of at most this many bytes on the heap (its default
 * `--typed-array-max-size-in-heap`): the used-heap figure counts it already.
 */
export const ON_HEAP_TYPED_ARRAY_MAX = 64;

/**
 * offHeapBytes is the size of the backing store of what an op returned when it
 * lives outside V8's heap (a Uint8Array or Buffer above
 * {@link ON_HEAP_TYPED_ARRAY_MAX} bytes, an ArrayBuffer), else 0. Used-heap
 * figures miss it; Go's B/op counts its output slice, so the harness adds it.
 * A view counts its own length (a pooled Buffer's share of the pool), never
 * `.buffer` (reading that moves an on-heap array off the heap).
 */
export function offHeapBytes(v: unknown): number {
  if (ArrayBuffer.isView(v)) return v.byteLength > ON_HEAP_TYPED_ARRAY_MAX ? v.byteLength : 0;
  if (v instanceof ArrayBuffer) return v.byteLength;
  return 0;
}

interface AllocRun {
  allocated: number;
  /** Off-heap bytes of the returned values (see offHeapBytes). */
  output: number;
  heapDelta: number;
  external: number;
  peak: number;
  gcs: number;
}

function allocRun(op: Op, iterations: number): AllocRun {
  gc();
  const profiler = new v8.GCProfiler();
  const h0 = v8.getHeapStatistics();
  profiler.start();
  let sink: unknown;
  let output = 0;
  for (let i = 0; i < iterations; i++) {
    sink = op();
    output += offHeapBytes(sink);
  }
  const h1 = v8.getHeapStatistics();
  const data = profiler.stop();
  blackhole = sink;
  let freed = 0;
  let freedExt = 0;
  let peak = Math.max(h0.used_heap_size, h1.used_heap_size);
  for (const e of data.statistics) {
    const b = e.beforeGC.heapStatistics;
    const a = e.afterGC.heapStatistics;
    freed += b.usedHeapSize - a.usedHeapSize;
    freedExt += b.externalMemory - a.externalMemory;
    peak = Math.max(peak, b.usedHeapSize);
  }
  const heapDelta = h1.used_heap_size - h0.used_heap_size;
  return {
    allocated: heapDelta + freed,
    output,
    heapDelta,
    external: h1.external_memory - h0.external_memory + freedExt,
    peak,
    gcs: data.statistics.length,
  };
}

/**
 * Allocated bytes per op, measured honestly: V8's GCProfiler reports the used
 * heap before and after every GC that ran; allocated = (used_end − used_start)
 * + Σ (used_before_gc − used_after_gc). A plain heap delta (the first term
 * alone) undercounts by everything the collector freed meanwhile; it is kept
 * beside for comparison. A run of n and one of 2n ops are differenced so the
 * fixed cost of a run (loop compilation, profiler start) cancels.
 * The figure also counts the off-heap bytes of what each op returned (an
 * encoder's output Uint8Array: see {@link offHeapBytes}), as Go's B/op counts
 * the output slice; `outputBytesPerOp` holds that part alone. Other off-heap
 * memory (scratch buffers an op allocates and drops) is not in it: External
 * (ArrayBuffer) memory is summed like the heap into `externalBytesPerOp`, but
 * that is approximate, as V8 releases backing stores lazily.
 */
export function measureAllocation(op: Op, iterations: number): MemoryStats {
  const n = Math.max(1, Math.floor(iterations));
  allocRun(op, Math.min(n, 100)); // compile the loop and the op first
  const a = allocRun(op, n);
  const b = allocRun(op, 2 * n);
  const output = Math.max(0, (b.output - a.output) / n);
  return {
    method: "gc-profiler",
    bytesPerOp: Math.max(0, (b.allocated - a.allocated) / n) + output,
    outputBytesPerOp: output,
    heapDeltaBytesPerOp: b.heapDelta / (2 * n),
    externalBytesPerOp: Math.max(0, (b.external - a.external) / n),
    peakHeapBytes: Math.max(a.peak, b.peak),
    gcEvents: a.gcs + b.gcs,
    iterations: 3 * n,
  };
}
