import { describe, expect, it } from "vitest";
import { roundOrder } from "./schedule.js";

describe("round order", () => {
  it("ABBA", () => {
    expect([0, 1, 2, 3].map((r) => roundOrder(["A", "B"], r, "ABBA").join(""))).toEqual([
      "AB",
      "BA",
      "AB",
      "BA",
    ]);
  });
  it("Rotate", () => {
    expect([0, 1, 2].map((r) => roundOrder(["A", "B", "C"], r, "rotate").join(""))).toEqual([
      "ABC",
      "BCA",
      "CAB",
    ]);
  });
});
