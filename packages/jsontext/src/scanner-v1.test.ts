/**
 * validV1: Go v1's json.Valid (syntax only: duplicate names and invalid UTF-8 inside strings are
 * valid; exactly one value with surrounding whitespace). Expected answers recorded from Go 1.26.8
 * (`go run`: json.Valid).
 */
import { describe, expect, it } from "vitest";
import { checkValidV1, validV1 } from "./index.js";

const CASES: [string, string | Uint8Array, boolean][] = [
  ["Object", "{}", true],
  ["TrailingComma", "[1,]", false],
  ["InvalidUTF8", Uint8Array.of(0x22, 0xff, 0x22), true],
  ["Spaces", " 1 ", true],
  ["TwoValues", "1 2", false],
  ["Empty", "", false],
  ["ShortLiteral", "nul", false],
  ["DuplicateNames", '{"a":1,"a":2}', true],
  ["LeadingZero", "01", false],
  ["Minus", "-", false],
  ["Exponent", "1e5", true],
  ["BadEscape", '"\\u00zz"', false],
  ["Open", "[", false],
  ["BOM", "\ufeff1", false],
  ["Newline", "1\n", true],
  ["MissingColon", '{"a" 1}', false],
  ["BadExponent", "[1e]", false],
  ["ControlChar", '"\u0001"', false],
  ["TwoLiterals", "true false", false],
];

describe("validV1 (Go's json.Valid)", () => {
  it.each(CASES)("%s", (_name, input, want) => {
    expect(validV1(input)).toBe(want);
    expect(checkValidV1(input) === null).toBe(want);
  });
});
