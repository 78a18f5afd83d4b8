/**
 * Struct encoders by tier: a struct's first write runs its table loop, the next ones its
 * generated code (marshal-struct-tier.ts). Every write of the byte path and of the general
 * encoder gives the same bytes, with and without HTML escaping, and the byte path serves them.
 */
import { type GoType, parseGo } from "@gojson/gotype";
import { afterEach, describe, expect, it } from "vitest";
import { marshal } from "./index.js";
import { fastPaths } from "./marshal.js";

afterEach(() => {
  fastPaths.bytes = true;
  fastPaths.strict = false;
});

/** The types of one case, parsed from their own package (fresh types: nothing compiled yet). */
function types(i: number): GoType {
  return parseGo(`package tiers${i}
type Leaf struct {
	S string \`json:"s,omitempty"\`
	N int64  \`json:"n"\`
	B bool   \`json:"a<b"\`
}
type Mid struct {
	L   Leaf   \`json:"l"\`
	P   *Leaf  \`json:"p"\`
	Ls  []Leaf \`json:"ls"\`
	Any any    \`json:"any,omitempty"\`
	*Leaf
}
type Top struct {
	M      Mid             \`json:"m"\`
	MP     *Mid            \`json:"mp"\`
	ByName map[string]Leaf \`json:"byName"\`
	F      float64         \`json:"f"\`
}`).Top as GoType;
}

const leaf = (i: number) => ({ S: i % 2 === 0 ? "" : `s<${i}>`, N: BigInt(i), B: i % 2 === 1 });
const mid = (i: number) => ({
  L: leaf(i),
  P: i % 2 === 0 ? null : leaf(i + 1),
  Ls: [leaf(i), leaf(i + 2)],
  Any: i % 3 === 0 ? null : { k: i },
  Leaf: i === 1 ? null : leaf(i + 3),
});

const text = new TextDecoder();

describe("struct encoders by tier", () => {
  it.each([
    [0, true],
    [1, false],
    [2, true],
    [3, false],
  ])("each write equals the general encoder's (case %i, escapeHTML %s)", (i, escapeHTML) => {
    const v = { M: mid(i), MP: i === 2 ? null : mid(i + 1), ByName: new Map([["a", leaf(i)]]), F: i / 3 };
    // The general encoder alone, each write (its first runs the loop, the next ones generated code).
    fastPaths.bytes = false;
    const general = types(i);
    const want = text.decode(marshal(general, v, { escapeHTML }));
    expect(want).toContain(escapeHTML ? '"a\\u003cb":' : '"a<b":');
    for (let k = 0; k < 2; k++) expect(text.decode(marshal(general, v, { escapeHTML }))).toBe(want);
    // The byte path on fresh types: no bail, the same bytes at each tier.
    fastPaths.bytes = true;
    fastPaths.strict = true;
    const t = types(i);
    const bails = fastPaths.bails;
    for (let k = 0; k < 3; k++) expect(text.decode(marshal(t, v, { escapeHTML }))).toBe(want);
    expect(fastPaths.bails).toBe(bails);
  });
});

describe("scalar fields written straight into the output (generated code)", () => {
  const decls = parseGo(`package scalars
type S struct {
	F  float64  \`json:"f"\`
	PF *float64 \`json:"pf"\`
	I8 int8     \`json:"i8"\`
	U  uint32   \`json:"u"\`
	PI *int16   \`json:"pi"\`
	B  bool     \`json:"b"\`
	PB *bool    \`json:"pb"\`
	A  any      \`json:"a"\`
	L  int64    \`json:"l"\`
}`);
  const S = decls.S as GoType;
  const base = { F: 0, PF: null, I8: 0, U: 0, PI: null, B: false, PB: null, A: null, L: 0n };
  it.each([
    [{ F: -0 }, '"f":-0,'],
    [{ F: 3 }, '"f":3,'],
    [{ F: 0.1 }, '"f":0.1,'],
    [{ F: 1e21 }, '"f":1e+21,'],
    [{ F: 1e20 }, '"f":100000000000000000000,'],
    [{ F: 1e-7 }, '"f":1e-7,'],
    [{ F: 5e-324 }, '"f":5e-324,'],
    [{ F: -1.7976931348623157e308 }, '"f":-1.7976931348623157e+308,'],
    [{ PF: 2.5 }, '"pf":2.5,'],
    [{ I8: -128, U: 4294967295 }, '"i8":-128,"u":4294967295,'],
    [{ PI: -32768 }, '"pi":-32768,'],
    [{ B: true, PB: false }, '"b":true,"pb":false,'],
    [{ A: "x" }, '"a":"x",'],
    [{ L: -9223372036854775808n }, '"l":-9223372036854775808}'],
  ])("case %# writes %s, at each tier, as the general encoder does", (fields, part) => {
    const v = { ...base, ...fields };
    fastPaths.bytes = false;
    const want = text.decode(marshal(S, v as never));
    expect(want).toContain(part);
    fastPaths.bytes = true;
    fastPaths.strict = true;
    const bails = fastPaths.bails;
    for (let k = 0; k < 3; k++) expect(text.decode(marshal(S, v as never))).toBe(want);
    expect(fastPaths.bails).toBe(bails);
  });

  it.each([
    [{ F: Number.NaN }, "json: unsupported value: NaN"],
    [{ F: Number.POSITIVE_INFINITY }, "json: unsupported value: +Inf"],
    [{ I8: 128 }, "want int8"],
    [{ PF: "1" }, "want float64"],
  ])("case %# bails to the general encoder's error (%s) at each tier", (fields, error) => {
    const v = { ...base, ...fields };
    for (let k = 0; k < 3; k++) expect(() => marshal(S, v as never)).toThrow(error);
  });
});
