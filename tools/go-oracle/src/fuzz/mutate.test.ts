import { describe, expect, it } from "vitest";
import { mutate, stringLiterals } from "./mutate.js";
import type { TypeSpec } from "./spec.js";
import { shapedJson } from "./values.js";

const text = (b: Uint8Array) => Buffer.from(b).toString("latin1");

describe("instring mutation", () => {
  it("finds string literals, escapes included", () => {
    expect(stringLiterals('{"a":"x\\"y","b":1}')).toEqual([
      [1, 3],
      [5, 10],
      [12, 14],
    ]);
  });

  const cases: { name: string; in: string; at: number; end: boolean; put: string; want: string }[] = [
    { name: "Start", in: '{"a":"AQID"}', at: 1, end: false, put: "!", want: '{"a":"!AQID"}' },
    { name: "End/Base64", in: '{"a":"AQID"}', at: 1, end: true, put: "=", want: '{"a":"AQID="}' },
    {
      name: "End/StringContent",
      in: '{"a":"\\"x\\""}',
      at: 1,
      end: true,
      put: "\\\\ud800",
      want: '{"a":"\\"x\\\\ud800\\""}',
    },
    { name: "Wraps", in: '"a"', at: 5, end: true, put: "\\ud800", want: '"a\\ud800"' },
    { name: "RawByte", in: '"a"', at: 0, end: false, put: "\udcff", want: '"\xffa"' },
    { name: "NoString", in: "[1]", at: 0, end: true, put: "!", want: "[1]" },
  ];
  for (const c of cases)
    it(c.name, () => {
      expect(text(mutate(c.in, { m: "instring", at: c.at, end: c.end, text: c.put }))).toBe(c.want);
    });
});

describe("shaped inputs", () => {
  it("quote ,string content of pointers to scalars and of json.Number, and spell v2's quoted names", () => {
    const t: TypeSpec = {
      k: "struct",
      fields: [
        { name: "A", json: "", opts: ["string"], t: { k: "ptr", e: { k: "bool" } } },
        { name: "B", json: "'-'", opts: [], t: { k: "int" } },
        {
          name: "C",
          json: "",
          opts: ["string"],
          t: { k: "named", name: "N1", u: { k: "ptr", e: { k: "int" } } },
        },
        { name: "D", json: "", opts: ["string"], t: { k: "number" } },
        { name: "E", json: "", opts: ["string"], t: { k: "ptr", e: { k: "string" } } },
      ],
    };
    expect(shapedJson(t, { A: true, B: "1", C: "2", D: "3", E: null })).toBe(
      '{"A":"true","-":1,"C":"2","D":"3","E":"null"}',
    );
  });
});
