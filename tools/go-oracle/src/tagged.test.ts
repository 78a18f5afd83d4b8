import { goType, parseGo, T } from "@gojson/gotype";
import { describe, expect, it } from "vitest";
import { fromTagged, toTagged } from "./tagged.js";

describe("tagged trees", () => {
  const decls = parseGo(
    'type Row struct {\n\tID int64 `json:"id"`\n\tTags []string\n\tM map[string]float32\n\tP *uint8\n\tB []byte\n\tA any\n}',
  );
  const row = decls.Row as NonNullable<(typeof decls)["Row"]>;
  const cases = [
    { name: "Zero", in: { ID: "0", Tags: null, M: null, P: null, B: null, A: null } },
    {
      name: "Filled",
      in: {
        ID: "-9223372036854775808",
        Tags: [],
        M: [["x", "1.5"]],
        P: "7",
        B: "aGk=",
        A: {
          t: "[]interface {}",
          v: [
            { t: "float64", v: "-0" },
            { t: "map[string]interface {}", v: [["__proto__", { t: "bool", v: true }]] },
          ],
        },
      },
    },
  ];
  for (const c of cases) {
    it(`Struct/${c.name} round trips`, () => {
      const v = fromTagged(row, c.in as never);
      expect(toTagged(row, v)).toEqual(c.in);
    });
  }

  it("gives the contract's value shapes", () => {
    const v = fromTagged(goType("[]int64"), ["9007199254740993"]) as bigint[];
    expect(v).toEqual([9007199254740993n]);
    expect(fromTagged(T.float64, "NaN")).toBeNaN();
    expect(Object.is(fromTagged(T.float64, "-0"), -0)).toBe(true);
    const obj = fromTagged(T.any, {
      t: "map[string]interface {}",
      v: [["__proto__", { t: "string", v: "x" }]],
    }) as Record<string, unknown>;
    expect(Object.getPrototypeOf(obj)).toBe(Object.prototype);
    expect(Object.hasOwn(obj, "__proto__")).toBe(true);
  });
});
