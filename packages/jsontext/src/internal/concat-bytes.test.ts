import { describe, expect, it } from "vitest";
import { concatBytes } from "./concat-bytes.js";

describe("concatBytes", () => {
  it.each([
    ["no chunk", [], []],
    ["one chunk", [[1, 2]], [1, 2]],
    ["empty chunks between", [[1], [], [2, 3], []], [1, 2, 3]],
  ])("joins %s", (_, parts, want) => {
    const got = concatBytes(parts.map((p) => Uint8Array.from(p)));
    expect([...got]).toEqual(want);
  });

  it("returns a copy, not a view of a chunk", () => {
    const a = Uint8Array.of(7, 8);
    const got = concatBytes([a], 2);
    a[0] = 0;
    expect([...got]).toEqual([7, 8]);
  });
});
