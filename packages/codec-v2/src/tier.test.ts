/**
 * Tiering of the struct codecs: a struct's first decode or write runs its table-driven
 * function, the next ones its generated code; both give the exact engine's answer, and a
 * generated parent calls its generated children directly.
 */
import { isDeepStrictEqual } from "node:util";
import { fc, test } from "@fast-check/vitest";
import { type GoType, parseGo } from "@gojson/gotype";
import { direct, GENERATE_AFTER, tiered } from "@gojson/jsontext/internal";
import { fastPathTypes, type Gen, jsonFor, type Members, mangle } from "@gojson/test-support";
import { describe, expect, it } from "vitest";
import { structFieldsV2 } from "./fields.js";
import { zero } from "./go-values.js";
import { marshal, marshalToString, resolveOptions, unmarshal } from "./index.js";
import { fastMarshal } from "./marshal-fast.js";
import { byteEncoderFor } from "./marshal-fast-write.js";
import { NO_FAST, unmarshalFast } from "./unmarshal-fast.js";

describe("tiered", () => {
  it("runs the table function first, the generated one from the next call on", () => {
    const calls: string[] = [];
    const f = tiered(
      (a: number, b: number) => {
        calls.push("table");
        return a + b;
      },
      () => (a: number, b: number) => {
        calls.push("generated");
        return a + b;
      },
    );
    const sums = [1, 2, 3].map((i) => f(i, i));
    expect(sums).toEqual([2, 4, 6]);
    expect(calls).toEqual([...Array(GENERATE_AFTER).fill("table"), "generated", "generated"].slice(0, 3));
  });
  it("keeps the table function where code generation is refused", () => {
    const table = (a: number, b: number) => a - b;
    const f = tiered(table, () => null);
    expect([f(3, 1), f(3, 1), f(3, 1)]).toEqual([2, 2, 2]);
    expect(direct(f)).toBe(table);
  });
  it("direct generates now and returns the generated function (other functions: themselves)", () => {
    const gen = (a: number, b: number) => a * b;
    const f = tiered(
      (a: number, b: number) => a * b,
      () => gen,
    );
    expect(direct(f)).toBe(gen);
    expect(f(2, 3)).toBe(6);
    const plain = (a: number) => a;
    expect(direct(plain)).toBe(plain);
  });
});

/** Struct members as v2 reads them (its field rules, `string`). */
const v2Members: Members = (t) =>
  structFieldsV2(t).fields.map((f) => ({ name: f.name, type: f.type, quoted: f.string }));

/** The exact engine alone (`into` a fresh zero value: the path without the fast one). */
function exact(t: GoType, data: Uint8Array | string): { value?: unknown; error?: string } {
  try {
    return { value: unmarshal(t, data, { into: zero(t) }) };
  } catch (e) {
    return { error: (e as Error).message };
  }
}

describe("struct decoders by tier", () => {
  test.prop([fastPathTypes(), fc.gen()], { numRuns: 200 })(
    "the first decode (table) and the next ones (generated) equal the exact engine",
    (t: GoType, g: Gen) => {
      const data = mangle(g, jsonFor(g, t, v2Members, 4));
      const want = exact(t, data);
      for (let i = 0; i < 3; i++) {
        const fast = unmarshalFast(t, data, resolveOptions(undefined), true);
        if (fast === NO_FAST) continue;
        expect(want.error).toBe(undefined);
        expect(isDeepStrictEqual(fast, want.value)).toBe(true);
      }
    },
  );
});

describe("struct writers by tier, generated types", () => {
  test.prop([fastPathTypes(), fc.gen()], { numRuns: 200 })(
    "the first write (table) and the next ones (generated) equal the exact encoder",
    (t: GoType, g: Gen) => {
      let v: unknown;
      try {
        v = unmarshal(t, jsonFor(g, t, v2Members, 4));
      } catch {
        return;
      }
      fastMarshal.enabled = false;
      let want: string;
      try {
        want = marshalToString(t, v as never);
      } catch (e) {
        want = `error: ${(e as Error).message}`;
      } finally {
        fastMarshal.enabled = true;
      }
      for (let k = 0; k < 3; k++) {
        let got: string;
        try {
          got = text.decode(marshal(t, v as never));
        } catch (e) {
          got = `error: ${(e as Error).message}`;
        }
        expect(got, `write ${k}`).toBe(want);
      }
    },
  );
});

/** The types of one case, parsed from their own package (fresh types: nothing compiled yet). */
function types(i: number): GoType {
  return parseGo(`package tiers${i}
type Leaf struct {
	S string \`json:"s,omitempty"\`
	N int64  \`json:"n,omitzero"\`
	B bool   \`json:"b"\`
}
type Mid struct {
	L   Leaf   \`json:"l"\`
	P   *Leaf  \`json:"p"\`
	Ls  []Leaf \`json:"ls"\`
	Any any    \`json:"any,omitempty"\`
	Leaf
}
type Top struct {
	M      Mid             \`json:"m"\`
	MP     *Mid            \`json:"mp"\`
	ByName map[string]Leaf \`json:"byName"\`
	F      float64         \`json:"f"\`
}`).Top as GoType;
}

const leaf = (i: number) => ({ S: i % 2 === 0 ? "" : `s${i}`, N: BigInt(i % 3), B: i % 2 === 1 });
const mid = (i: number) => ({
  L: leaf(i),
  P: i % 2 === 0 ? null : leaf(i + 1),
  Ls: [leaf(i), leaf(i + 2)],
  Any: i % 3 === 0 ? null : { k: i },
  Leaf: leaf(i + 3),
});

const text = new TextDecoder();

describe("struct writers by tier", () => {
  it.each([0, 1, 2, 3])("each write equals the exact encoder's (case %i)", (i) => {
    const t = types(i);
    const v = { M: mid(i), MP: i === 2 ? null : mid(i + 1), ByName: new Map([["a", leaf(i)]]), F: i / 3 };
    fastMarshal.enabled = false;
    const want = marshalToString(t, v);
    fastMarshal.enabled = true;
    expect(want).toContain('"byName":{"a":');
    // The first write runs the table writers, the next ones generated code (marshal's byte path).
    for (let k = 0; k < 3; k++) expect(text.decode(marshal(t, v))).toBe(want);
  });
});

describe("container writers by tier", () => {
  // Containers of structs are tiered with them: the first write loops over the element's tiered
  // writer, later ones run code calling the element's generated writer (no tiering step per element).
  const decls = parseGo(`package tierc
type Leaf struct {
	S string \`json:"s,omitempty"\`
	N int64  \`json:"n"\`
}
type List []Leaf
type Lists [][]Leaf
type ByName map[string]Leaf
type ByID map[int32]*Leaf
type Ptr *Leaf
type Ints []int64
type IntPtr *int64
type Top struct {
	L  List   \`json:"l"\`
	M  ByName \`json:"m"\`
	Ls Lists  \`json:"ls"\`
}`);
  const lf = (i: number) => ({ S: i % 2 === 0 ? "" : `s${i}`, N: BigInt(i) });
  const cases: { name: string; type: string; value: unknown; tiered: boolean }[] = [
    { name: "Slice", type: "List", value: [lf(1), lf(2), lf(3)], tiered: true },
    { name: "SliceOfSlices", type: "Lists", value: [[lf(1)], null, [lf(2), lf(3)]], tiered: true },
    {
      name: "Map",
      type: "ByName",
      value: new Map([
        ["a", lf(1)],
        ["b", lf(2)],
      ]),
      tiered: true,
    },
    {
      name: "MapOfPointers",
      type: "ByID",
      value: new Map([
        [1, lf(1)],
        [2, null],
      ]),
      tiered: true,
    },
    { name: "Pointer", type: "Ptr", value: lf(5), tiered: true },
    {
      name: "Struct",
      type: "Top",
      value: { L: [lf(1)], M: new Map([["k", lf(2)]]), Ls: [[lf(3)]] },
      tiered: true,
    },
    { name: "SliceOfInts", type: "Ints", value: [1n, 2n], tiered: false },
    // A pointer is tiered whatever its element (a struct past the eager limits is a lazy stub).
    { name: "PointerToInt", type: "IntPtr", value: 7n, tiered: true },
    { name: "PointerToNil", type: "IntPtr", value: null, tiered: true },
  ];
  it.each(cases)("Container/$name: each write equals the exact encoder's", ({ type, value, tiered }) => {
    const t = decls[type] as GoType;
    const o = resolveOptions(undefined);
    const enc = byteEncoderFor(t, o);
    expect(enc).not.toBe(null);
    expect(direct(enc) !== enc).toBe(tiered);
    fastMarshal.enabled = false;
    const want = marshalToString(t, value);
    fastMarshal.enabled = true;
    for (let k = 0; k < 3; k++) expect(text.decode(marshal(t, value)), `write ${k}`).toBe(want);
  });
});

describe("struct decoders by tier, case by case", () => {
  const texts = [
    '{"m":{"l":{"s":"a","n":1,"b":true},"p":{"s":"b"},"ls":[{"n":2},{"b":false}],"s":"e"},"f":1.5}',
    '{"mp":{"l":{"s":"x"},"Leaf":{"s":"y"}},"byName":{"k":{"n":3}}}',
    // duplicate names (an error), in the outer and in a nested struct
    '{"f":1,"f":2}',
    '{"m":{"l":{"n":1,"n":2}}}',
    // unknown names, skipped; names in another case (v2 matches them only with case:ignore)
    '{"x":[1,{"y":2}],"m":{"zz":null,"L":{"S":"no"}},"F":3}',
    // null into a struct, a pointer and a slice; an empty object
    '{"m":null,"mp":null,"byName":null}',
    "{}",
    // wrong kinds (errors)
    '{"m":{"l":{"n":"1"}}}',
    '{"m":[]}',
  ];
  it.each([0, 1, 2])("each decode equals the exact engine (case %i)", (i) => {
    const t = types(10 + i);
    for (const text of texts) {
      const want = exact(t, text);
      for (let k = 0; k < 3; k++) {
        const fast = unmarshalFast(t, text, resolveOptions(undefined), true);
        if (want.error !== undefined) expect(fast, text).toBe(NO_FAST);
        else if (fast !== NO_FAST) expect(isDeepStrictEqual(fast, want.value), text).toBe(true);
      }
    }
  });
  it.each(texts.map((text, i) => ({ text, i })))(
    "the first decode of fresh types equals the exact engine ($text)",
    ({ text, i }) => {
      // Fresh types for each text: its first decode runs every struct's first tier.
      const t = types(20 + i);
      const want = exact(t, text);
      for (let k = 0; k < 3; k++) {
        const fast = unmarshalFast(t, text, resolveOptions(undefined), true);
        if (want.error !== undefined) expect(fast, text).toBe(NO_FAST);
        else if (fast !== NO_FAST) expect(isDeepStrictEqual(fast, want.value), text).toBe(true);
      }
    },
  );
});

describe("wide struct decoders by tier", () => {
  // The first tier's seen-field bookkeeping past 32 and 64 fields, and names it looks up (out of
  // order, unknown, duplicated, in another case), each met by a struct's first decode.
  const n = 70;
  const all = Array.from({ length: n }, (_, i) => `"f${i}":${i}`);
  const texts = [
    `{${all.join(",")}}`,
    `{${[...all].reverse().join(",")}}`,
    `{${all.join(",")},"f5":1}`,
    `{${all.join(",")},"f40":1}`,
    `{${all.join(",")},"f69":1}`,
    `{"f40":1,"x":2,"f40":3}`,
    `{"f69":1,"F69":2}`,
    `{"f1":1,"x":2,"x":3}`,
    `{"f\\u0031":1,"f2":2}`,
  ];
  it.each(texts.map((text, i) => ({ text, i })))(
    "Wide/$i: each decode equals the exact engine",
    ({ text, i }) => {
      const src = `package wide${i}\ntype Wide struct {\n${Array.from({ length: n }, (_, j) => `\tF${j} int \`json:"f${j}"\``).join("\n")}\n}`;
      const t = parseGo(src).Wide as GoType;
      const want = exact(t, text);
      for (let k = 0; k < 3; k++) {
        const fast = unmarshalFast(t, text, resolveOptions(undefined), true);
        if (want.error !== undefined) expect(fast, text).toBe(NO_FAST);
        else if (fast !== NO_FAST) expect(isDeepStrictEqual(fast, want.value), text).toBe(true);
      }
    },
  );
});
