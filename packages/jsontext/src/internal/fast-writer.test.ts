import { describe, expect, it } from "vitest";
import { FastWriter } from "./fast-writer.js";

const text = (b: Uint8Array) => new TextDecoder().decode(b);

/** write puts s (ASCII) through a fresh-state writer and returns its result. */
function out(w: FastWriter, s: string): Uint8Array {
  w.ascii(s);
  return w.result();
}

describe("FastWriter.result", () => {
  it("ShortResultsAreIndependent", () => {
    const w = new FastWriter(1 << 16);
    // Sizes around the hand-copy bound (32) and the slab bound (4096).
    const sizes = [1, 31, 32, 33, 91, 1000, 4095, 4096, 3000, 3000, 3000, 20];
    const outs = sizes.map((n, i) => out(w, String.fromCharCode(0x61 + i).repeat(n)));
    outs.forEach((o, i) => {
      expect(o.length).toBe(sizes[i]);
      expect(text(o)).toBe(String.fromCharCode(0x61 + i).repeat(sizes[i] as number));
    });
    // Writes through one result never reach another's bytes, nor the writer's next result.
    for (const o of outs) o.fill(0x7a);
    const next = out(w, "next");
    expect(text(next)).toBe("next");
    outs.forEach((o) => {
      expect(o.every((c) => c === 0x7a)).toBe(true);
    });
  });

  it("SlabIsNotTransferable", () => {
    const w = new FastWriter(1 << 16);
    const a = out(w, '{"a":1}');
    const b = out(w, '{"b":2}');
    // A transfer of a's buffer would detach b too: Node copies it instead (newer Node refuses it).
    const outcome = (() => {
      try {
        return text(structuredClone(a, { transfer: [a.buffer] }));
      } catch (err) {
        return (err as Error).name;
      }
    })();
    expect(['{"a":1}', "DataCloneError"]).toContain(outcome);
    expect(text(a)).toBe('{"a":1}');
    expect(text(b)).toBe('{"b":2}');
  });

  it("ResultsOutliveManySlabs", () => {
    const w = new FastWriter(64);
    const kept = [];
    for (let i = 0; i < 200; i++) kept.push(out(w, `[${i},"${"x".repeat(i * 17)}"]`));
    kept.forEach((o, i) => {
      expect(text(o)).toBe(`[${i},"${"x".repeat(i * 17)}"]`);
    });
  });

  it("EmptyAfterResult", () => {
    const w = new FastWriter(16);
    w.byte(0x5b);
    w.byte(0x5d);
    expect(text(w.result())).toBe("[]");
    expect(w.pos).toBe(0);
    expect(w.depth).toBe(0);
    expect(w.result().length).toBe(0);
  });
});
