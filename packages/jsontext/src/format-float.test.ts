import { describe, expect, it } from "vitest";
import sample from "../test/data/float-sample.go.json" with { type: "json" };
import { formatFloat } from "./format-float.js";

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);
const f64 = new Float64Array(1);
const u64 = new BigUint64Array(f64.buffer);

describe("formatFloat matches Go's json.Marshal (test/data/float-sample.go.json)", () => {
  it("Float32/Sample", () => {
    for (const [bits, want] of sample.float32 as [string, string][]) {
      u32[0] = Number(bits);
      expect(formatFloat(f32[0]!, 32), `${f32[0]}`).toBe(want);
    }
  });
  it("Float64/Sample", () => {
    for (const [bits, want] of sample.float64 as [string, string][]) {
      u64[0] = BigInt(bits);
      expect(formatFloat(f64[0]!, 64), `${f64[0]}`).toBe(want);
    }
  });
  it("Float32/Tie", () => {
    // Go: 3705566.2 (the shortest candidates .2 and .3 are equally near; Go keeps the even digit)
    expect(formatFloat(3705566.25, 32)).toBe("3705566.2");
    expect(formatFloat(2097152.75, 32)).toBe("2097152.8");
  });
});
