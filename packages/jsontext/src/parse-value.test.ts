import { describe, expect, it } from "vitest";
import { parseValue } from "./parse-value.js";

describe("parseValue", () => {
  it("plain values", () => {
    expect(parseValue('{"a":[1,2.5,"x",true,false,null],"b":{}}')).toEqual({
      a: [1, 2.5, "x", true, false, null],
      b: {},
    });
    expect(parseValue(new TextEncoder().encode(" 12 "))).toBe(12);
  });
  it("__proto__ is an own property, never the prototype", () => {
    for (const o of [{}, { numbers: "literal" as const }, { allowInvalidUTF8: true }]) {
      const v = parseValue('{"__proto__":{"polluted":1},"a":{"__proto__":[]}}', o) as Record<string, unknown>;
      expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
      expect(Object.hasOwn(v, "__proto__")).toBe(true);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    }
  });
  it("numbers as literal text", () => {
    expect(parseValue("[12345678901234567890, 1.50, -0]", { numbers: "literal" })).toEqual([
      "12345678901234567890",
      "1.50",
      "-0",
    ]);
  });
  it("Go's errors (more in value-errors.test.ts)", () => {
    // recorded from Go 1.26 json/v2 Unmarshal into an any
    const cases: [string, string][] = [
      ['{"a":1,"a":2}', `jsontext: duplicate object member name "a"`],
      ["[1,]", "jsontext: invalid character ',' at start of value after offset 2"],
      ["", "jsontext: unexpected EOF"],
      ["1 2", "jsontext: invalid character '2' after top-level value after offset 2"],
      [
        '{"a" 1}',
        `jsontext: invalid character '1' after object name (expecting ':') within "/a" after offset 5`,
      ],
    ];
    for (const [s, want] of cases) {
      expect(() => parseValue(s)).toThrow(want);
      expect(() => parseValue(s, { numbers: "literal" })).toThrow(want);
    }
  });
  it("invalid UTF-8 as Go replaces it (one U+FFFD per byte)", () => {
    const b = new Uint8Array([0x22, 0x61, 0xe2, 0x82, 0x62, 0x22]);
    expect(parseValue(b, { allowInvalidUTF8: true })).toBe("a\ufffd\ufffdb");
    expect(() => parseValue(b)).toThrow("invalid UTF-8");
  });
  it("duplicates allowed: last wins", () => {
    expect(parseValue('{"a":1,"a":2}', { allowDuplicateNames: true })).toEqual({ a: 2 });
  });
  it("deep nesting", () => {
    const deep = `${"[".repeat(10000)}${"]".repeat(10000)}`;
    expect(() => parseValue(deep, { numbers: "literal" })).not.toThrow();
  });
});
