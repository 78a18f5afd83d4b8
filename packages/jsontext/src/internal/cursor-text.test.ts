import { describe, expect, it } from "vitest";
import { beginScan, C, endScan } from "./cursor.js";

describe("cursor text", () => {
  it.each([
    { name: "Small", size: 1000 },
    { name: "OnePiece", size: 1_000_000 },
    { name: "OnePieceAndAByte", size: 1_000_016 },
    { name: "PastNodesExternalLimit", size: 3_000_000 },
    { name: "PiecesAndRest", size: (1 << 20) * 5 + 12345 },
  ])("Text/$name: the text is the input's bytes as Latin-1, one char a byte", ({ size }) => {
    // UTF-8 text (é, 日) and ASCII, so the bytes above 0x7f show as Latin-1 chars.
    const unit = Buffer.from('{"a":"é日x"},', "utf8");
    const data = new Uint8Array(size);
    for (let i = 0; i < size; i++) data[i] = unit[i % unit.length] as number;
    // Cut at a unit boundary so the input stays valid UTF-8.
    const n = size - (size % unit.length);
    const input = data.subarray(0, n);
    try {
      expect(beginScan(input)).toBe(true);
      expect(C.t.length).toBe(n);
      expect(C.t).toBe(Buffer.from(input).toString("latin1"));
    } finally {
      endScan();
    }
  });
});
