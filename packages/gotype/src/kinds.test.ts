import { describe, expect, it } from "vitest";
import { T } from "./constructors.js";
import {
  FLOAT_KINDS,
  GO_KINDS,
  INTEGER_KINDS,
  intBounds,
  isBigIntKind,
  isGoType,
  isIntegerKind,
  isNumericKind,
  NUMERIC_KINDS,
} from "./kinds.js";
import { parseGo } from "./parse-go.js";

describe("kind sets", () => {
  const table: { kind: string; integer: boolean; numeric: boolean; big: boolean }[] = [
    { kind: "bool", integer: false, numeric: false, big: false },
    { kind: "int", integer: true, numeric: true, big: true },
    { kind: "int8", integer: true, numeric: true, big: false },
    { kind: "int32", integer: true, numeric: true, big: false },
    { kind: "int64", integer: true, numeric: true, big: true },
    { kind: "uint8", integer: true, numeric: true, big: false },
    { kind: "uint64", integer: true, numeric: true, big: true },
    { kind: "uintptr", integer: true, numeric: true, big: true },
    { kind: "float32", integer: false, numeric: true, big: false },
    { kind: "float64", integer: false, numeric: true, big: false },
    { kind: "string", integer: false, numeric: false, big: false },
    { kind: "struct", integer: false, numeric: false, big: false },
  ];
  for (const c of table) {
    it(c.kind, () => {
      expect(GO_KINDS.has(c.kind as never)).toBe(true);
      expect(isIntegerKind(c.kind)).toBe(c.integer);
      expect(isNumericKind(c.kind)).toBe(c.numeric);
      expect(isBigIntKind({ kind: c.kind } as never)).toBe(c.big);
    });
  }
  it("sizes", () => {
    expect([GO_KINDS.size, INTEGER_KINDS.size, FLOAT_KINDS.size, NUMERIC_KINDS.size]).toEqual([
      21, 11, 2, 13,
    ]);
  });
  it("bounds", () => {
    expect(intBounds("int8")).toEqual([-128n, 127n]);
    expect(intBounds("uint")).toEqual([0n, 18446744073709551615n]);
    expect(intBounds("int")).toEqual([-9223372036854775808n, 9223372036854775807n]);
  });
});

describe("isGoType", () => {
  const d = parseGo("package p\ntype A struct{ X int }\ntype B []A");
  const cases: [unknown, boolean][] = [
    [T.int64, true],
    [d.A, true],
    [d.B, true],
    [{ kind: "func" }, false],
    [{ kind: "int" }, true],
    [null, false],
    ["int", false],
    [{}, false],
  ];
  for (const [v, want] of cases) it(JSON.stringify(v) ?? String(v), () => expect(isGoType(v)).toBe(want));
});
