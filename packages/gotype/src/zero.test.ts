import { describe, expect, it } from "vitest";
import { declare, define, structOf, T } from "./constructors.js";
import { GoTime } from "./go-time.js";
import { JsonNumber } from "./json-number.js";
import { parseGo } from "./parse-go.js";
import type { GoType } from "./types.js";
import { zero, zeroMaker } from "./zero.js";

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
