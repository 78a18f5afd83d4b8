import { createHash } from "node:crypto";
import { calibrate, measureAllocation, type Op, type RawSample, timeSample } from "./measure.js";
import type { MemoryStats } from "./result.js";
import { type InProcessCandidate, isExternal, type Payload, type Suite } from "./suite-types.js";

/** sha256 of a payload's data when it is bytes or text. */
export function payloadHash(p: Payload): string | undefined {
  if (p.sha256) return p.sha256;
  if (typeof p.data === "string" || p.data instanceof Uint8Array) {
    return createHash("sha256").update(p.data).digest("hex");
  }
  return undefined;
}

/** The candidate side of a measurement, the same in-process, in a worker and in a child process. */
export class CandidateHost {
  readonly #candidate: InProcessCandidate;
  readonly #payloads: Map<string, Payload>;
  readonly #ops = new Map<string, Op>();

  constructor(suite: Suite, candidateId: string) {
    const c = suite.candidates.find((x) => x.id === candidateId);
    if (!c) throw new Error(`unknown candidate ${candidateId}`);
    if (isExternal(c)) throw new Error(`candidate ${candidateId} runs in its own program, not in a host`);
    this.#candidate = c;
    this.#payloads = new Map(suite.payloads.map((p) => [p.id, p]));
  }

  /** Prepares, checks once (the body as a test), and calibrates; returns the iteration count. */
  prepare(payloadId: string, targetMs: number): { iterations: number } | { skipped: string } {
    const r = this.prepareUncalibrated(payloadId);
    if (r) return r;
    return { iterations: calibrate(this.#op(payloadId), targetMs) };
  }

  /** Prepares and checks once without calibrating; returns a skip reason or undefined. */
  prepareUncalibrated(payloadId: string): { skipped: string } | undefined {
    const p = this.#payloads.get(payloadId);
    if (!p) throw new Error(`unknown payload ${payloadId}`);
    const c = this.#candidate;
    const reason = c.skip?.(p);
    if (reason) return { skipped: reason };
    const state = c.prepare ? c.prepare(p) : p.data;
    const op: Op = () => c.run(state, p);
    const out = op();
    if (c.check && c.check(out, p) === false) {
      throw new Error(`check failed for ${c.id} on ${p.id}`);
    }
    this.#ops.set(payloadId, op);
    return undefined;
  }

  #op(payloadId: string): Op {
    const op = this.#ops.get(payloadId);
    if (!op) throw new Error(`payload ${payloadId} not prepared`);
    return op;
  }

  sample(payloadId: string, iterations: number): RawSample {
    return timeSample(this.#op(payloadId), iterations);
  }

  memory(payloadId: string, iterations: number): MemoryStats {
    return measureAllocation(this.#op(payloadId), iterations);
  }
}
