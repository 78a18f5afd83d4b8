/** storeBytesCode: the generated stores write exactly the constant's bytes at p, for every length. */
import { describe, expect, it } from "vitest";
import { joinPieces, outView, REST, roomCode, storeBytesCode, viewOf } from "./gen-store.js";

describe("storeBytesCode", () => {
  it.each([0, 1, 2, 3, 4, 5, 7, 8, 9, 13, 16, 31])("Length %i/ExactBytesAndEnd", (n) => {
    const k = Uint8Array.from({ length: n }, (_, i) => (i * 37 + 11) & 0xff);
    const run = new Function("b", "d", "p", `${storeBytesCode(k)}return p;`) as (
      b: Uint8Array,
      d: DataView,
      p: number,
    ) => number;
    const b = new Uint8Array(n + 10).fill(0xee);
    const end = run(b, new DataView(b.buffer), 3);
    expect(end).toBe(3 + n);
    expect([...b.subarray(3, 3 + n)]).toEqual([...k]);
    // Nothing before p or past the end is touched.
    expect([...b.subarray(0, 3)]).toEqual([0xee, 0xee, 0xee]);
    expect([...b.subarray(3 + n)]).toEqual(Array(7).fill(0xee));
  });
});

describe("viewOf", () => {
  it("RemembersTheBufferAndItsOffset", () => {
    const ab = new ArrayBuffer(16);
    const b = new Uint8Array(ab, 4, 8);
    const v = viewOf(b);
    expect(outView.b).toBe(b);
    expect(outView.v).toBe(v);
    v.setUint8(0, 7);
    expect(b[0]).toBe(7);
    expect(v.byteLength).toBe(8);
  });
});

describe("joinPieces", () => {
  it.each([
    ["no pieces", [], ""],
    [
      "one run ending at a call, then a run of its own; REST is what is left of the run",
      [
        { code: `A${REST}`, room: 3, call: false },
        { code: "B", room: 2, call: true },
        { code: "C", room: 1, call: false },
      ],
      `${roomCode(5)}A${roomCode(2)}B${roomCode(1)}C`,
    ],
    ["a piece needing no room makes none", [{ code: "X", room: 0, call: true }], "X"],
  ])("%s", (_, pieces, want) => {
    expect(joinPieces(pieces)).toBe(want);
  });
});
