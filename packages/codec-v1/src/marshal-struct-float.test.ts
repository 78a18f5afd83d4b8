/**
 * writeFloat64ShortIn (jsontext's lone-float writer, the float64 writer of generated struct encoders: integers, short decimals, then jsontext's
 * shortest-digits writer) against Go's text: values recorded with Go 1.26 (json.Marshal of a
 * []float64, plain `go run`), and properties against formatFloat64 (String(x): the same
 * shortest digits as strconv, in the 'f' form between 1e-6 and 1e21).
 */
import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { FLOAT64_MAX_BYTES, NUM_IN, writeFloat64ShortIn } from "./deps.js";
import { formatFloat64 } from "./format.js";

const text = new TextDecoder();

/** writeFloat64ShortIn's text for x, written at offset `at` of a buffer of 0xff bytes (nothing outside its room may change). */
function written(x: number, at = 0): string {
  const b = new Uint8Array(at + FLOAT64_MAX_BYTES + 8).fill(0xff);
  NUM_IN[0] = x;
  const end = writeFloat64ShortIn(b, at);
  for (let i = 0; i < at; i++) expect(b[i]).toBe(0xff);
  for (let i = at + FLOAT64_MAX_BYTES; i < b.length; i++) expect(b[i]).toBe(0xff);
  return text.decode(b.subarray(at, end));
}

describe("writeFloat64ShortIn", () => {
  // Go 1.26: json.Marshal([]float64{...})
  it.each([
    [0.001, "0.001"],
    [-0.001, "-0.001"],
    [0.0005, "0.0005"],
    [0.0015, "0.0015"],
    [123.456, "123.456"],
    [-0.5, "-0.5"],
    [9683.78, "9683.78"],
    [5e9, "5000000000"],
    [4398046511103.999, "4398046511103.999"],
    [4398046511104.001, "4398046511104.001"],
    [4398046511104.5, "4398046511104.5"],
    [1.1, "1.1"],
    [2.675, "2.675"],
    [1e-7, "1e-7"],
    [999999.999, "999999.999"],
    [-1234567.89, "-1234567.89"],
    [0.07, "0.07"],
    [100.1, "100.1"],
    [1e15 + 0.125, "1000000000000000.1"],
  ])("writes %d as Go does (%s)", (x, want) => {
    expect(written(x, 3)).toBe(want);
  });

  it.each([
    [0, "0"],
    [-0, "-0"],
    [7, "7"],
    [-2147483648, "-2147483648"],
    [1e21, "1e+21"],
  ])("writes %d as %s", (x, want) => {
    expect(written(x)).toBe(want);
  });

  test.prop([fc.integer({ min: -4398046511104000, max: 4398046511104000 }), fc.nat(9)])(
    "a multiple of 0.001 below 2^42 (or about it) is written with the shortest digits",
    (k, at) => {
      const x = k / 1000;
      expect(written(x, at)).toBe(formatFloat64(x));
    },
  );

  test.prop([fc.integer({ min: -99999999, max: 99999999 }), fc.integer({ min: -6, max: 20 })])(
    "a short decimal at any scale is written with the shortest digits",
    (m, e) => {
      const x = Number(`${m}e${e}`);
      expect(written(x)).toBe(formatFloat64(x));
    },
  );

  test.prop([fc.double({ noNaN: true, noDefaultInfinity: true })])(
    "any finite double is written as Go does",
    (x) => {
      expect(written(x)).toBe(formatFloat64(x));
    },
  );
});
