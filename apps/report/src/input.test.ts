import { describe, expect, test } from "vitest";
import { readConformance, readDifferences, stableStringify } from "./input.js";

describe("readConformance", () => {
  const cases: Array<{ name: string; in: unknown; want: unknown }> = [
    {
      name: "Engines/Record",
      in: {
        engines: { v2: { cases: 10, agreements: 9, disagreements: 1 }, v1: { cases: 10, disagreements: 0 } },
      },
      want: [
        { engine: "v1", cases: 10, agreements: 10, disagreements: 0 },
        { engine: "v2", cases: 10, agreements: 9, disagreements: 1 },
      ],
    },
    {
      name: "Engines/Array",
      in: { engines: [{ engine: "v1-on-v2", cases: 4, agreements: 2, disagreements: [{}, {}] }] },
      want: [{ engine: "v1-on-v2", cases: 4, agreements: 2, disagreements: 2 }],
    },
    { name: "Unusable/NoEngines", in: { hello: 1 }, want: undefined },
    { name: "Unusable/NotObject", in: [1, 2], want: undefined },
  ];
  for (const c of cases)
    test(c.name, () => {
      expect(readConformance(c.in, "conformance.json")?.engines).toEqual(c.want);
    });

  test("Examples/FieldsKeptInOrder", () => {
    const s = readConformance(
      {
        engines: { v1: { cases: 1, agreements: 0, disagreements: 1 } },
        examples: [{ engine: "v1", title: "t", input: "{}", go: { err: "x" } }],
      },
      "c.json",
    );
    expect(s?.examples).toEqual([
      {
        engine: "v1",
        title: "t",
        fields: [
          ["input", "{}"],
          ["go", '{"err":"x"}'],
        ],
      },
    ]);
  });
});

describe("readDifferences", () => {
  test("Rows/Aliases", () => {
    const t = readDifferences(
      { differences: [{ name: "nil-slice", v1: "null", v2: "[]", option: "FormatNilSliceAsNull" }] },
      "o.json",
    );
    expect(t?.rows).toEqual([
      { id: "nil-slice", title: "nil-slice", v1: "null", v2: "[]", why: "FormatNilSliceAsNull" },
    ]);
  });
  test("Unusable/NoV1V2", () => {
    expect(readDifferences([{ a: 1 }], "o.json")).toBeUndefined();
  });
});

test("stableStringify/SortsKeys", () => {
  expect(stableStringify({ b: 1, a: [{ d: 2, c: 3 }] })).toBe('{"a":[{"c":3,"d":2}],"b":1}');
});
