/**
 * Arrays of numbers held in an `any` go to the list writer in one call (marshal-any.ts anyElems):
 * the same text as Go's (recorded from `go run` on Go 1.26, classic and jsonv2 alike), and the
 * element loop takes over for an array that is not all finite numbers.
 */
import { T } from "@gojson/gotype";
import { describe, expect, it } from "vitest";
import { marshal } from "./index.js";

const td = new TextDecoder();

describe("any arrays of numbers", () => {
  it.each([
    [
      "every layout of a float64",
      [1e21, 1e-7, -0, 0.1, 123456789012345680000, 5e-324, 1.7976931348623157e308, -2.5, 3],
      "[1e+21,1e-7,-0,0.1,123456789012345680000,5e-324,1.7976931348623157e+308,-2.5,3]",
    ],
    ["mixed with other kinds", [1.5, "x", 2.25, null, true], '[1.5,"x",2.25,null,true]'],
    [
      "nested pairs",
      [
        [-73.5, 45.25],
        [-0.000001, 1e20],
      ],
      "[[-73.5,45.25],[-0.000001,100000000000000000000]]",
    ],
    ["one element", [1], "[1]"],
    ["a number after a string", ["a", 1, 2], '["a",1,2]'],
    ["a bigint among numbers", [1, 2n, 3], "[1,2,3]"],
  ])("%s", (_, v, want) => {
    expect(td.decode(marshal(T.any, v))).toBe(want);
  });

  it("LongArray/AcrossTheWritersBlocks", () => {
    const v = Array.from({ length: 5000 }, (_, i) => (i % 7 === 0 ? -i / 3 : i * 1.25));
    expect(td.decode(marshal(T.any, v))).toBe(
      `[${v.map((x) => (Object.is(x, -0) ? "-0" : String(x))).join(",")}]`,
    );
  });

  it.each([
    ["NaN", [1, Number.NaN]],
    ["+Inf", [1, Number.POSITIVE_INFINITY]],
    [
      "-Inf late in a long array",
      [...Array.from({ length: 3000 }, (_, i) => i + 0.5), Number.NEGATIVE_INFINITY],
    ],
  ])("Unsupported/%s: Go's error, not garbage", (_, v) => {
    expect(() => marshal(T.any, v)).toThrow(/json: unsupported value: (NaN|\+Inf|-Inf)/);
  });
});
