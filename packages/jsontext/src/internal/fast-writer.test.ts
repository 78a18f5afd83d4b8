import { Buffer } from "node:buffer";
import { describe, expect, it } from "vitest";
import { FastWriter, type NodeBuf } from "./fast-writer.js";

const text = (b: Uint8Array) => new TextDecoder().decode(b);

/** write puts s (ASCII) through a fresh-state writer and returns its result. */
function out(w: FastWriter, s: string): Uint8Array {
  w.ascii(s);
  return w.result();
}

describe("FastWriter.result", () => {
  it("ShortResultsAreIndependent", () => {
    const w = new FastWriter(1 << 16);
    // Sizes around the word copy's tail (n % 4) and its bound (32), the slab bound (4096).
    const sizes = [1, 3, 4, 5, 7, 8, 31, 32, 33, 91, 1000, 4095, 4096, 3000, 3000, 3000, 20];
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

  it("WritersTakeTurns", () => {
    // The word copy keeps a view of the buffer it last copied from: another writer's buffer, or a
    // buffer the writer was given, is copied from its own bytes.
    const a = new FastWriter(64);
    const b = new FastWriter(64);
    const unaligned = Buffer.from("?".repeat(200)).subarray(1, 101) as NodeBuf;
    const got: string[] = [];
    const want: string[] = [];
    for (let i = 0; i < 12; i++) {
      const s = `${"abc"[i % 3]}${String(i).repeat(i + 2)}`;
      const w = i % 2 === 0 ? a : b;
      if (i % 4 === 3) w.buf = unaligned;
      got.push(text(out(w, s)));
      want.push(s);
    }
    expect(got).toEqual(want);
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

describe("FastWriter.resultCopied", () => {
  it("ShortResultsAreIndependent", () => {
    const w = new FastWriter(1 << 16);
    // Sizes around the four-word step, the tail (n % 4), the hand copy's bound (256) and the slab's (8192 in all).
    const sizes = [0, 1, 3, 4, 5, 15, 16, 17, 91, 255, 256, 257, 1000, 4095, 250, 250, 250, 250, 250, 20];
    const outs = sizes.map((n, i) => {
      w.ascii(String.fromCharCode(0x61 + i).repeat(n));
      return w.resultCopied();
    });
    outs.forEach((o, i) => {
      expect(o.length).toBe(sizes[i]);
      expect(text(o)).toBe(String.fromCharCode(0x61 + i).repeat(sizes[i] as number));
    });
    for (const o of outs) o.fill(0x7a);
    w.ascii("next");
    expect(text(w.resultCopied())).toBe("next");
    outs.forEach((o) => {
      expect(o.every((c) => c === 0x7a)).toBe(true);
    });
  });

  it("UnalignedBufferAndDepth", () => {
    // A buffer not at a word boundary is copied as result copies it; the writer is left empty.
    const w = new FastWriter(64);
    w.buf = Buffer.from("?".repeat(200)).subarray(1, 101) as NodeBuf;
    w.ascii("abc");
    w.depth = 3;
    expect(text(w.resultCopied())).toBe("abc");
    expect([w.pos, w.depth]).toEqual([0, 0]);
  });
});
