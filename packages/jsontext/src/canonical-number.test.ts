/**
 * canonicalNumber: a JSON number as RFC 8785 writes it (ES6 Number::toString of its float64,
 * -0 as 0, overflow clamped to ±MaxFloat64). Expected texts recorded from Go 1.26.8
 * (`GOEXPERIMENT=jsonv2`: jsontext.Value("[n]").Canonicalize()).
 */
import { describe, expect, it } from "vitest";
import { canonicalNumber } from "./index.js";

const CASES: [string, string][] = [
  ["1e2", "100"],
  ["-0", "0"],
  ["0", "0"],
  ["-0.0", "0"],
  ["1e400", "1.7976931348623157e+308"],
  ["-1e400", "-1.7976931348623157e+308"],
  ["0.000001", "0.000001"],
  ["1e-7", "1e-7"],
  ["123456789012345678901234567890", "1.2345678901234568e+29"],
  ["1E21", "1e+21"],
  ["1e20", "100000000000000000000"],
  ["1.0", "1"],
  ["-1.5e-10", "-1.5e-10"],
  ["9007199254740993", "9007199254740992"],
  ["0.1", "0.1"],
  ["5e-324", "5e-324"],
  ["1e-400", "0"],
  ["100000000000000000000", "100000000000000000000"],
  ["12.3400", "12.34"],
];

describe("canonicalNumber (Go's Value.Canonicalize of a number)", () => {
  it.each(CASES)("%s → %s", (literal, want) => {
    expect(canonicalNumber(literal)).toBe(want);
  });
});
