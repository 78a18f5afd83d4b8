import { setFlagsFromString } from "node:v8";
import { describe, expect, it } from "vitest";
import { declare, define, structOf, T } from "./constructors.js";
import { GoTime } from "./go-time.js";
import { JsonNumber } from "./json-number.js";
import { parseGo } from "./parse-go.js";
import type { GoType } from "./types.js";
import { ZERO_LITERAL_AFTER, ZERO_TEMPLATE_MIN_FIELDS, zero, zeroMaker } from "./zero.js";

describe("zero", () => {
  const d = parseGo(`package p
import ("time"; "encoding/json")
type In struct { A int8; B string }
type S struct {
	I int
	F float64
	P *S
	Arr [2]In
	M map[string]int
	T time.Time
	N json.Number
	_ int
	In
}
`);
  it("a struct with every field", () => {
    const z = zero(d.S as GoType) as Record<string, unknown>;
    expect(Object.keys(z)).toEqual(["I", "F", "P", "Arr", "M", "T", "N", "In"]);
    expect(z.I).toBe(0n);
    expect(z.Arr).toEqual([
      { A: 0, B: "" },
      { A: 0, B: "" },
    ]);
    expect(z.T).toBeInstanceOf(GoTime);
    expect(z.N).toBeInstanceOf(JsonNumber);
    expect(z.P).toBeNull();
  });
  it("fresh values each call, one maker per type", () => {
    const mk = zeroMaker(d.S as GoType);
    expect(zeroMaker(d.S as GoType)).toBe(mk);
    const a = mk() as { Arr: unknown[] };
    const b = mk() as { Arr: unknown[] };
    expect(a).not.toBe(b);
    expect(a.Arr[0]).not.toBe(b.Arr[0]);
  });
  it("__proto__ is an own field", () => {
    const t = structOf([{ name: "__proto__", type: T.int32 }]);
    const z = zero(t) as Record<string, unknown>;
    expect(Object.hasOwn(z, "__proto__")).toBe(true);
    expect(Object.getPrototypeOf(z)).toBe(Object.prototype);
  });
  it("rebuilt when a declared struct is defined later", () => {
    const t = declare("Late");
    const outer = structOf([{ name: "L", type: t }]);
    expect(zero(outer)).toEqual({ L: {} });
    define(t, structOf([{ name: "X", type: T.bool }]));
    expect(zero(outer)).toEqual({ L: { X: false } });
  });
  it("a chain of 10,000 declared types (no stack overflow)", () => {
    const n = 10_000;
    let src = "package p\n";
    for (let i = 0; i < n - 1; i++) src += `type T${i} struct { N T${i + 1} }\n`;
    src += `type T${n - 1} struct { X int32 }\n`;
    const types = parseGo(src);
    let v = zero(types.T0 as GoType) as Record<string, unknown>;
    let depth = 0;
    while (v.N !== undefined) {
      v = v.N as Record<string, unknown>;
      depth++;
    }
    expect(depth).toBe(n - 1);
    expect(v).toEqual({ X: 0 });
  });
});

// V8's own map check (natives syntax, enabled for the functions compiled after this call).
setFlagsFromString("--allow-natives-syntax");
const sameMap = new Function("a", "b", "return %HaveSameMap(a, b)") as (a: unknown, b: unknown) => boolean;

describe("zero/Tiers", () => {
  const typeOf = (fields: string[]) =>
    parseGo(
      `package p\nimport ("time"; "encoding/json")\ntype S struct {\n${fields.join("\n")}\n}\nvar _ time.Time\nvar _ json.Number\n`,
    ).S as GoType;
  // Below ZERO_TEMPLATE_MIN_FIELDS every value comes from the compiled literal: one hidden class.
  it("Narrow/OneHiddenClass", () => {
    const mk = zeroMaker(typeOf(["A int", "B string", "C *int", "D struct{ X int32 }", "E [2]bool"]));
    const values = Array.from({ length: ZERO_LITERAL_AFTER + 4 }, () => mk());
    for (const v of values) {
      expect(v).toEqual({ A: 0n, B: "", C: null, D: { X: 0 }, E: [false, false] });
      expect(sameMap(v, values[0])).toBe(true);
    }
  });
  // A wide struct's first ZERO_LITERAL_AFTER values come from its JSON template, the later ones
  // from the compiled literal: equal values, keys in field order, fresh nested values.
  const kinds: [string, unknown][] = [
    ["int", 0n],
    ["int8", 0],
    ["string", ""],
    ["bool", false],
    ["float64", 0],
    ["*int", null],
    ["[]int", null],
    ["map[string]int", null],
    ["any", null],
    ["uint64", 0n],
    ["struct{ X int32; Y int }", { X: 0, Y: 0n }],
    ["[2]uint16", [0, 0]],
    ["time.Time", new GoTime()],
    ["json.Number", new JsonNumber("")],
  ];
  const cases: { name: string; n: number; kind: (i: number) => number }[] = [
    { name: "Ints", n: ZERO_TEMPLATE_MIN_FIELDS, kind: () => 0 },
    { name: "Strings", n: 1000, kind: () => 2 },
    { name: "Mixed", n: ZERO_TEMPLATE_MIN_FIELDS + 3, kind: (i) => i % kinds.length },
    { name: "Unicode", n: 200, kind: (i) => i % 3 },
  ];
  for (const c of cases)
    it(`Wide/${c.name}`, () => {
      const name = (i: number) => (c.name === "Unicode" ? `Été${i}` : `F${i}`);
      const fields: string[] = [];
      const want: Record<string, unknown> = {};
      for (let i = 0; i < c.n; i++) {
        const [k, z] = kinds[c.kind(i)] as [string, unknown];
        fields.push(`${name(i)} ${k}`);
        want[name(i)] = z;
      }
      fields.push("_ int");
      const mk = zeroMaker(typeOf(fields));
      const values = Array.from({ length: ZERO_LITERAL_AFTER + 3 }, () => mk() as Record<string, unknown>);
      for (const v of values) {
        expect(Object.keys(v)).toEqual(Object.keys(want));
        expect(v).toEqual(want);
      }
      for (let i = 1; i < values.length; i++) {
        expect(values[i]).not.toBe(values[i - 1]);
        for (const k of Object.keys(want))
          if (typeof want[k] === "object" && want[k] !== null)
            expect(values[i]?.[k]).not.toBe(values[i - 1]?.[k]);
      }
    });
  it("Wide/EscapedName", () => {
    const fields = Array.from({ length: ZERO_TEMPLATE_MIN_FIELDS }, (_, i) => ({
      name: i === 5 ? 'q"\\\u0001' : `F${i}`,
      type: T.int,
    }));
    const want = Object.fromEntries(fields.map((f) => [f.name, 0n]));
    const mk = zeroMaker(structOf(fields));
    for (let i = 0; i < ZERO_LITERAL_AFTER + 2; i++) {
      const v = mk() as Record<string, unknown>;
      expect(Object.keys(v)).toEqual(Object.keys(want));
      expect(v).toEqual(want);
    }
  });
  it("Wide/Proto (no template: the literal at once)", () => {
    const fields = Array.from({ length: ZERO_TEMPLATE_MIN_FIELDS }, (_, i) => ({
      name: i === 3 ? "__proto__" : `F${i}`,
      type: T.int32,
    }));
    const mk = zeroMaker(structOf(fields));
    for (let i = 0; i < ZERO_LITERAL_AFTER + 2; i++) {
      const v = mk() as Record<string, unknown>;
      expect(Object.hasOwn(v, "__proto__")).toBe(true);
      expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
      expect(Object.keys(v)).toHaveLength(ZERO_TEMPLATE_MIN_FIELDS);
    }
  });
});
