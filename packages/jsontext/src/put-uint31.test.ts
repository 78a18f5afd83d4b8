import { describe, expect, it } from "vitest";
import { putUint31 } from "./write-number.js";

describe("putUint31", () => {
  const edges = [0, 1, 9, 10, 99, 100, 999, 1000, 9999, 10000, 99999, 100000, 999999, 1000000];
  const more = [9999999, 10000000, 99999999, 100000000, 338937295, 999999999, 1000000000, 2147483647];
  const values = [...edges, ...more];
  for (let k = 1; k < 2147483647; k = k * 7 + 3) values.push(k);
  it.each(values)("writes %i as String(x) does", (x) => {
    const b = new Uint8Array(32).fill(0x78);
    const d = new DataView(b.buffer);
    const end = putUint31(b, d, 3, x);
    expect(new TextDecoder().decode(b.subarray(3, end))).toBe(String(x));
    expect(b[2]).toBe(0x78);
  });
});
