/**
 * Struct encoders by tier: a struct's first write runs its table loop, the next ones its
 * generated code (marshal-struct-tier.ts). Every write of the byte path and of the general
 * encoder gives the same bytes, with and without HTML escaping, and the byte path serves them.
 */
import { type GoType, parseGo } from "@gojson/gotype";
import { afterEach, describe, expect, it } from "vitest";
import { direct, FastWriter } from "./deps.js";
import { marshal } from "./index.js";
import { fastPaths } from "./marshal.js";
import { rootByteEncoderFor } from "./marshal-fast.js";

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

describe("64-bit integer fields written from their int64 words (generated code)", () => {
  const decls = parseGo(`package bigs
type S struct {
	I int64  \`json:"i"\`
	U uint64 \`json:"u"\`
	N int    \`json:"n"\`
	X uint   \`json:"x"\`
	P *int64 \`json:"p"\`
	B bool   \`json:"b"\`
}`);
  const S = decls.S as GoType;
  const base = { I: 0n, U: 0n, N: 0n, X: 0n, P: null, B: true };
  const two = (k: number) => 2n ** BigInt(k);
  it.each([
    [{ I: two(53) - 1n }, '"i":9007199254740991,'],
    [{ I: two(53) }, '"i":9007199254740992,'],
    [{ I: -(two(53) - 1n) }, '"i":-9007199254740991,'],
    [{ I: -two(53) }, '"i":-9007199254740992,'],
    [{ I: two(32) - two(53) }, '"i":-9007194959773696,'],
    [{ I: two(32) - two(53) - 1n }, '"i":-9007194959773697,'],
    [{ I: two(63) - 1n, N: -two(63) }, '"i":9223372036854775807,"u":0,"n":-9223372036854775808,'],
    [{ U: two(63) }, '"u":9223372036854775808,'],
    [{ U: two(64) - 1n, X: two(53) + 1n }, '"u":18446744073709551615,"n":0,"x":9007199254740993,'],
    [{ U: two(32) - 1n, X: two(32) }, '"u":4294967295,"n":0,"x":4294967296,'],
    [{ P: -two(62) }, '"p":-4611686018427387904,'],
    [{ P: 7n }, '"p":7,'],
  ])("case %# writes %s, at each tier, as the general encoder does", (fields, part) => {
    const v = { ...base, ...fields };
    fastPaths.bytes = false;
    const want = text.decode(marshal(S, v as never));
    expect(want).toContain(part);
    expect(want.endsWith('"b":true}')).toBe(true);
    fastPaths.bytes = true;
    fastPaths.strict = true;
    const bails = fastPaths.bails;
    for (let k = 0; k < 3; k++) expect(text.decode(marshal(S, v as never))).toBe(want);
    expect(fastPaths.bails).toBe(bails);
  });

  it.each([
    [{ I: two(63) }],
    [{ I: -two(63) - 1n }],
    [{ U: -1n }],
    [{ X: two(64) }],
    [{ P: two(64) + 5n }],
    [{ N: 1 }],
  ])("case %# (out of range, or no bigint) bails to the general encoder's error at each tier", (fields) => {
    const v = { ...base, ...fields };
    fastPaths.bytes = false;
    let want = "";
    try {
      marshal(S, v as never);
    } catch (e) {
      want = (e as Error).message;
    }
    expect(want).toMatch(/^json: /);
    fastPaths.bytes = true;
    for (let k = 0; k < 3; k++) expect(() => marshal(S, v as never)).toThrow(want);
  });
});

describe("a struct's fields across a growth of the output buffer (generated code)", () => {
  const decls = parseGo(`package growth
type G struct {
	A string  \`json:"a"\`
	I int64   \`json:"i"\`
	B bool    \`json:"b"\`
	F float64 \`json:"f"\`
	C string  \`json:"c<>"\`
	P *int64  \`json:"p"\`
	Q []H     \`json:"q,omitempty"\`
}
type H struct {
	S string \`json:"s"\`
	N uint64 \`json:"n"\`
}`);
  const G = decls.G as GoType;
  // Strings of every length around the buffer's first size (64 KiB), bigints past 2^53 here and
  // there (written by a call in the middle of the struct's run of fixed-size fields).
  const item = (i: number): unknown => ({
    A: "a".repeat(i % 97) + (i % 5 === 0 ? "<&>" : ""),
    I: i % 7 === 0 ? 2n ** 60n + BigInt(i) : BigInt(i),
    B: i % 2 === 0,
    F: i / 8,
    C: i % 11 === 0 ? "é".repeat(40 + (i % 13)) : "c",
    P: i % 3 === 0 ? null : -(2n ** 55n) - BigInt(i),
    Q: i % 50 === 0 ? [{ S: "", N: 2n ** 64n - 1n }] : null,
  });
  it.each([true, false])("writes what the general encoder writes (escapeHTML %s)", (escapeHTML) => {
    const t = { kind: "slice", elem: G } as GoType;
    const v = Array.from({ length: 2500 }, (_, i) => item(i));
    expect(rootByteEncoderFor(t)).not.toBeNull();
    fastPaths.bytes = false;
    const want = text.decode(marshal(t, v as never, { escapeHTML }));
    expect(want.length).toBeGreaterThan(3 << 16);
    fastPaths.bytes = true;
    fastPaths.strict = true;
    const bails = fastPaths.bails;
    for (let k = 0; k < 3; k++) expect(text.decode(marshal(t, v as never, { escapeHTML }))).toBe(want);
    expect(fastPaths.bails).toBe(bails);
  });
});

describe("room made for a struct's fields, whatever the room left in the buffer (generated code)", () => {
  const decls = parseGo(`package room
type R struct {
	I int64   \`json:"i"\`
	U uint64  \`json:"u"\`
	B bool    \`json:"b"\`
	F float64 \`json:"f"\`
	S string  \`json:"s"\`
	N int64   \`json:"n"\`
	P *bool   \`json:"p"\`
}`);
  const R = decls.R as GoType;
  it.each([
    // bigints past 2^53 (written by a call in the middle of a run of fixed-size fields) and below
    {
      I: -(2n ** 63n),
      U: 2n ** 64n - 1n,
      B: false,
      F: -1.7976931348623157e308,
      S: "x<",
      N: 2n ** 62n,
      P: false,
    },
    { I: 1n, U: 2n, B: true, F: 0.5, S: "", N: -3n, P: null },
  ])("case %# writes the general encoder's bytes into a buffer of any size", (v) => {
    fastPaths.bytes = false;
    const want = text.decode(marshal(R, v as never));
    fastPaths.bytes = true;
    const enc = direct(rootByteEncoderFor(R) as (w: FastWriter, v: unknown) => void);
    for (let size = 1; size <= want.length + 8; size++) {
      const w = new FastWriter(size);
      w.html = true;
      enc(w, v);
      expect(text.decode(w.buf.subarray(0, w.pos))).toBe(want);
    }
  });
});
