/**
 * The fast unmarshal path, case by case: where it answers (`fast: true`), its
 * value is the exact engine's; where it gives up (`fast: false`), the public
 * unmarshal still gives the exact engine's value or error. The exact engine's
 * answers are the reference here (the golden suites hold it to Go).
 */
import { isDeepStrictEqual } from "node:util";
import { type GoType, goType, parseGo, T, withMethods } from "@gojson/gotype";
import { fastPathDecls } from "@gojson/test-support";
import { describe, expect, test, vi } from "vitest";
import { type UnmarshalOptions, unmarshal } from "./index.js";
import { fastUnmarshal, NO_FAST, unmarshalFast } from "./unmarshal-fast.js";

// Rec with v1's own: `,string` on bool and string fields, json.Number, an embedded pointer.
const decls = parseGo(
  fastPathDecls([
    'QB    bool        `json:"qb,string"`',
    'QS    string      `json:"qs,string"`',
    'Num   json.Number `json:"num"`',
    "*PBase",
  ]),
);
const Rec = decls.Rec as GoType;
const FF = goType("struct { A [][]float64; B [][]float64 }");

interface Case {
  name: string;
  type: GoType;
  in: string | Uint8Array;
  options?: UnmarshalOptions;
  /** Whether the fast path answers. */
  fast: boolean;
}

const cases: Case[] = [
  { name: "Struct/Empty", type: Rec, in: "{}", fast: true },
  {
    name: "Struct/Full",
    type: Rec,
    in: `{"id":-9223372036854775808,"name":"x","small":-128,"u":65535,"u64":18446744073709551615,"f32":0.1,"f64":1e300,
      "q":"12","qf":"-1.5e3","qb":"true","qs":"\\"hi\\"","qp":"7","raw":"AQID","fix":[1,2,3,4],"pair":[1,2,3],
      "tags":["a","b"],"ptr":{"z":"p"},"in":{"z":"i"},"ins":[{"z":"1"},{}],"m":{"a":1,"b":-2},"mi":{"-5":true,"0":false},
      "mu":{"255":"x"},"any":{"a":[1,"s",true,null,{"__proto__":1}]},"num":-1.5e3,"ok":true,"b":9,"p":"pp"}`,
    fast: true,
  },
  { name: "Names/CaseInsensitive", type: Rec, in: `{"ID":1,"NAME":"n","Tags":["x"]}`, fast: true },
  {
    name: "Names/ExactFirst",
    type: decls.Kelvin as GoType,
    in: `{"k":"a","\u212a":"b","S":"c","ſ":"d"}`,
    fast: true,
  },
  { name: "Dup/Scalar", type: Rec, in: `{"id":1,"ID":2,"name":"a","name":null}`, fast: true },
  { name: "Dup/StructMerges", type: Rec, in: `{"in":{"z":"a"},"in":{"n":3}}`, fast: true },
  { name: "Dup/PointerReused", type: Rec, in: `{"ptr":{"z":"a"},"ptr":{"n":3}}`, fast: true },
  { name: "Dup/MapMerges", type: Rec, in: `{"m":{"a":1,"b":2},"m":{"b":3,"c":4}}`, fast: true },
  { name: "Dup/ArrayMerges", type: Rec, in: `{"pair":[1,2],"pair":[3]}`, fast: true },
  { name: "Dup/SliceReuse", type: Rec, in: `{"ins":[{"z":"a"},{"z":"b"}],"ins":[{"n":1}]}`, fast: false },
  { name: "Dup/SliceAfterEmpty", type: Rec, in: `{"tags":[],"tags":["x"]}`, fast: true },
  { name: "Dup/AnyKeys", type: T.any, in: `{"a":1,"b":2,"a":3}`, fast: true },
  { name: "Dup/MapIntKeys", type: Rec, in: `{"mi":{"1":true,"1":false}}`, fast: true },
  {
    name: "Null/LeavesScalars",
    type: Rec,
    in: `{"id":null,"name":null,"in":null,"pair":null,"fix":null}`,
    fast: true,
  },
  {
    name: "Null/ClearsPointersSlicesMaps",
    type: Rec,
    in: `{"ptr":{"z":"a"},"ptr":null,"tags":null,"m":null}`,
    fast: true,
  },
  { name: "Null/Top", type: Rec, in: " null ", fast: true },
  { name: "Null/TopSlice", type: goType("[]int"), in: "null", fast: true },
  { name: "Null/StringOption", type: Rec, in: `{"q":null,"qp":"null","qs":"null"}`, fast: true },
  { name: "StringOption/Unquoted", type: Rec, in: `{"q":12}`, fast: false },
  { name: "StringOption/Bad", type: Rec, in: `{"q":"x"}`, fast: false },
  { name: "StringOption/LeadingZero", type: Rec, in: `{"q":"012"}`, fast: false },
  { name: "StringOption/EscapedString", type: Rec, in: `{"qs":"\\"a\\\\nb\\""}`, fast: false },
  { name: "Int/Overflow", type: Rec, in: `{"small":128}`, fast: false },
  { name: "Int/BigOverflow", type: Rec, in: `{"id":9223372036854775808}`, fast: false },
  { name: "Int/Fraction", type: Rec, in: `{"id":1.0}`, fast: false },
  { name: "Int/NegativeUnsigned", type: Rec, in: `{"u":-0}`, fast: false },
  { name: "Int/NegativeZero", type: Rec, in: `{"id":-0,"small":-0}`, fast: true },
  { name: "Int/Long", type: Rec, in: `{"id":1234567890123456789}`, fast: true },
  { name: "Float/Overflow", type: Rec, in: `{"f64":1e400}`, fast: false },
  { name: "Float/Float32Overflow", type: Rec, in: `{"f32":1e39}`, fast: false },
  { name: "Float/NegativeZero", type: Rec, in: `{"f64":-0.0}`, fast: true },
  { name: "Float/Exponent", type: Rec, in: `{"f64":1.5e-7,"f32":3.4e38}`, fast: true },
  { name: "Any/Overflow", type: T.any, in: `[1e400]`, fast: false },
  { name: "Any/UseNumber", type: T.any, in: `{"a":[1.50,-0]}`, options: { useNumber: true }, fast: true },
  { name: "Any/ProtoKey", type: T.any, in: `{"__proto__":{"x":1}}`, fast: true },
  { name: "Number/FromString", type: Rec, in: `{"num":"12e3"}`, fast: true },
  { name: "Number/BadString", type: Rec, in: `{"num":"x"}`, fast: false },
  { name: "Mismatch/Continues", type: Rec, in: `{"id":"x","name":"n"}`, fast: false },
  { name: "Bytes/Lenient", type: Rec, in: `{"raw":"AQ\\nID"}`, fast: true },
  { name: "Bytes/Bad", type: Rec, in: `{"raw":"AQI"}`, fast: false },
  { name: "Bytes/Array", type: Rec, in: `{"raw":[1,2]}`, fast: false },
  { name: "MapKey/LeadingPlus", type: Rec, in: `{"mi":{"+1":true}}`, fast: false },
  { name: "MapKey/Overflow", type: Rec, in: `{"mu":{"256":"x"}}`, fast: false },
  { name: "Unknown/Skipped", type: Rec, in: `{"zz":{"a":[1,{"b":null}]},"id":1}`, fast: true },
  {
    name: "Unknown/Disallowed",
    type: Rec,
    in: `{"zz":1,"id":1}`,
    options: { disallowUnknownFields: true },
    fast: false,
  },
  {
    name: "Known/Disallowed",
    type: Rec,
    in: `{"id":1}`,
    options: { disallowUnknownFields: true },
    fast: true,
  },
  { name: "String/Escapes", type: T.string, in: `"a\\u00e9\\ud83d\\ude00\\n\\/\\t"`, fast: true },
  {
    name: "String/LoneSurrogates",
    type: T.string,
    in: `"\\ud800x\\udc00\\ud800\\u0041\\ud800\\ud800\\udc00"`,
    fast: true,
  },
  { name: "String/NonAscii", type: T.string, in: new TextEncoder().encode(`"héllo wörld 😀"`), fast: true },
  { name: "String/InvalidUtf8", type: T.string, in: new Uint8Array([0x22, 0x61, 0xff, 0x22]), fast: false },
  { name: "String/LoneSurrogateInput", type: T.string, in: `"a\ud800"`, fast: false },
  { name: "String/Control", type: T.string, in: `"a\u0001"`, fast: false },
  { name: "Syntax/Trailing", type: Rec, in: `{} x`, fast: false },
  { name: "Syntax/Truncated", type: Rec, in: `{"id":1`, fast: false },
  { name: "Syntax/Bom", type: Rec, in: new Uint8Array([0xef, 0xbb, 0xbf, 0x7b, 0x7d]), fast: false },
  { name: "Deep/Any", type: T.any, in: `${"[".repeat(200)}${"]".repeat(200)}`, fast: false },
  { name: "Embedded/PointerAllocated", type: Rec, in: `{"p":"x"}`, fast: true },
  {
    name: "Floats/Tree",
    type: goType("[][][]float64"),
    in: `[[[1.5,-0,null],[]],null,[[1e-400]]]`,
    fast: true,
  },
  {
    name: "Floats/Pairs",
    type: goType("[][2]float64"),
    in: `[[1,2],[3],[4,5,6],null,[],[null,7]]`,
    fast: true,
  },
  { name: "Floats/Float32", type: goType("[][]float32"), in: `[[0.1,3.4e38],[1e-50]]`, fast: true },
  { name: "Floats/Float32Overflow", type: goType("[][]float32"), in: `[[3.5e38]]`, fast: false },
  { name: "Floats/Overflow", type: goType("[]float64"), in: `[1,1e400]`, fast: false },
  { name: "Floats/String", type: goType("[]float64"), in: `[1,"2"]`, fast: false },
  { name: "Floats/Nested", type: goType("[]float64"), in: `[1,[2]]`, fast: false },
  { name: "Floats/TooDeep", type: goType("[][]float64"), in: `[[[1]]]`, fast: false },
  { name: "Floats/Trailing", type: goType("[]float64"), in: `[1,2]]`, fast: false },
  { name: "Floats/Syntax", type: goType("[]float64"), in: `[1,,2]`, fast: false },
  { name: "Floats/InPointerSlice", type: goType("[]*[]float64"), in: `[[1,2],null,[3]]`, fast: true },
  {
    name: "Floats/InMap",
    type: goType("map[string][]float64"),
    in: `{"a":[1,2],"b":[3] , "c":null}`,
    fast: true,
  },
  { name: "Recursive/List", type: parseGo("type L []L").L as GoType, in: `[[],[[]],null]`, fast: true },
  { name: "Floats/DupField", type: goType("struct { A []float64 }"), in: `{"A":[1,2],"A":[3]}`, fast: false },
  // The end of a numeric value is guessed (the last `]` before the next `"` or `}`), then checked.
  { name: "FloatGuess/TwoFields", type: FF, in: `{"A":[[1],[2,3]] ,"B":[[4]]}`, fast: true },
  { name: "FloatGuess/StringInside", type: FF, in: `{"A":[["]}"]],"B":[[1]]}`, fast: false },
  { name: "FloatGuess/StringAfter", type: FF, in: `{"A":[[1]],"B":[["x"]]}`, fast: false },
  { name: "FloatGuess/Deeper", type: FF, in: `{"A":[[1,[2]]]}`, fast: false },
  { name: "FloatGuess/Overflow", type: FF, in: `{"A":[[1e999]]}`, fast: false },
  { name: "FloatGuess/Syntax", type: FF, in: `{"A":[[1,]]}`, fast: false },
  { name: "FloatGuess/Unclosed", type: FF, in: `{"A":[[1]`, fast: false },
  { name: "FloatGuess/NoQuoteOrBrace", type: goType("[2][]float64"), in: `[[1,2] , [3],[4]]`, fast: true },
  { name: "FloatGuess/Nulls", type: goType("[][2]float64"), in: `[null,[null,1],[2,3,4]]`, fast: true },
  {
    name: "FloatGuess/InStructs",
    type: goType("[]struct { P []float64 }"),
    in: `[{"P":[1]},{"P":[2,3]}]`,
    fast: true,
  },
  // Strings: native hex escapes in any case, bad ones, a long plain prefix before an escape or UTF-8.
  { name: "Str/HexCase", type: T.string, in: `"\\u00E9\\u00e9\\uABCD\\uabcd"`, fast: true },
  { name: "Str/BadHex", type: T.string, in: `"\\u00g9"`, fast: false },
  { name: "Str/ShortHex", type: T.string, in: `"\\u00"`, fast: false },
  { name: "Str/Pair", type: T.string, in: `"\\uD83D\\uDE00\\ud800x\\udc00"`, fast: true },
  {
    name: "Str/LongPrefixEscape",
    type: T.string,
    in: `"${"a".repeat(5000)}\\n${"b".repeat(3000)}"`,
    fast: true,
  },
  {
    name: "Str/LongPrefixUTF8",
    type: T.string,
    in: new TextEncoder().encode(`"${"a".repeat(5000)}é${"b".repeat(70000)}😀"`),
    fast: true,
  },
  {
    name: "Str/UTF8",
    type: goType("[]string"),
    in: new TextEncoder().encode(`["é","aé","a\\té€😀"]`),
    fast: true,
  },
];

function run(t: GoType, data: Uint8Array | string, o: UnmarshalOptions, fast: boolean) {
  const was = fastUnmarshal.enabled;
  fastUnmarshal.enabled = fast;
  try {
    return { value: unmarshal(t, data, o) as unknown };
  } catch (error) {
    return { error: error as Error & { value?: unknown } };
  } finally {
    fastUnmarshal.enabled = was;
  }
}

describe("unmarshal fast path", () => {
  test.each(cases)("$name", (c) => {
    const o = c.options ?? {};
    const want = run(c.type, c.in, o, false);
    const fast = unmarshalFast(c.type, c.in, o, true);
    expect(fast !== NO_FAST, "whether the fast path answers").toBe(c.fast);
    if (fast !== NO_FAST) {
      expect(want.error).toBe(undefined);
      expect(isDeepStrictEqual(fast, want.value)).toBe(true);
    }
    const got = run(c.type, c.in, o, true);
    expect(got.error?.message).toBe(want.error?.message);
    expect(isDeepStrictEqual(got.error?.value, want.error?.value)).toBe(true);
    expect(isDeepStrictEqual(got.value, want.value)).toBe(true);
  });

  test("types with unmarshal methods are left to the exact engine", () => {
    const [M] = [parseGo("type M struct { A int }").M as GoType];
    const withM = withMethods(M as GoType, {
      unmarshalJSON(_data: Uint8Array, _v: unknown) {},
    });
    expect(unmarshalFast(withM, `{"A":1}`, {}, true)).toBe(NO_FAST);
    expect(unmarshalFast(goType("[]M", { M: withM }), "null", {}, true)).toEqual(null);
  });

  test("decoding into an existing value is left to the exact engine", () => {
    expect(unmarshalFast(Rec, "{}", { into: {} }, true)).toBe(NO_FAST);
  });

  test("GOJSON_FAST_UNMARSHAL=0 turns the fast path off", async () => {
    const was = process.env.GOJSON_FAST_UNMARSHAL;
    process.env.GOJSON_FAST_UNMARSHAL = "0";
    try {
      vi.resetModules();
      const m = (await import("./unmarshal-fast.js")) as typeof import("./unmarshal-fast.js");
      expect(m.fastUnmarshal.enabled).toBe(false);
      expect(m.unmarshalFast(T.string, '"x"', {}, true)).toBe(m.NO_FAST);
    } finally {
      if (was === undefined) delete process.env.GOJSON_FAST_UNMARSHAL;
      else process.env.GOJSON_FAST_UNMARSHAL = was;
      vi.resetModules();
    }
  });

  test("without code generation (CSP) the closure decoders give the same values", () => {
    const g = globalThis as { Function: FunctionConstructor };
    const saved = g.Function;
    g.Function = (() => {
      throw new EvalError("code generation from strings disallowed");
    }) as unknown as FunctionConstructor;
    try {
      const d = parseGo(`
type E struct { X int8 }
type S struct {
	A string \`json:"a"\`
	B []int64
	E
	C map[string]any \`json:"c,omitempty"\`
}`);
      const S = d.S as GoType;
      for (const input of [
        `{"a":"x","B":[1,2],"X":3,"c":{"k":[true]}}`,
        `{"B":null,"A":"y","x":-1,"zz":1,"a":"z"}`,
        `{"X":300}`,
        `{"a":1}`,
      ]) {
        const want = run(S, input, {}, false);
        const got = run(S, input, {}, true);
        expect(got.error?.message).toBe(want.error?.message);
        expect(isDeepStrictEqual(got.value, want.value)).toBe(true);
      }
      expect(unmarshalFast(S, `{"a":"x","X":3}`, {}, true)).toEqual({
        A: "x",
        B: null,
        E: { X: 3 },
        C: null,
      });
    } finally {
      g.Function = saved;
    }
  });

  test("any objects: shapes met again are made by compiled literals with the exact engine's value", () => {
    // Each text is decoded a few times (a shape is compiled on its second close), as part of
    // a bigger value and alone; values, key order, prototypes and own `__proto__` members
    // must be the exact engine's.
    const texts = [
      `{"a":1,"b":"x","c":null}`,
      `{"a":2,"b":"y","c":[true]}`,
      `{"a":1,"b":2}`,
      `{"b":1,"a":2}`,
      `{"a":1,"b":2,"a":3}`,
      `{"a":1,"a":2,"a":3,"b":{"a":1,"b":2}}`,
      `{"__proto__":{"x":1},"y":2}`,
      `{"y":2,"__proto__":[1]}`,
      `{"a":1,"a":2,"__proto__":{"x":1}}`,
      // Off the trie (a long name, a long path): the rest stored one by one.
      `{"${"L".repeat(70)}":1,"__proto__":{"x":1},"b":2}`,
      `{${Array.from({ length: 66 }, (_, i) => `"p${i}":${i}`).join(",")},"__proto__":[1],"p1":"again"}`,
      `{"\\u005f_proto__":7}`,
      `{"2":"two","1":"one","x":0,"0":"zero"}`,
      `{"\\u0061":1,"b":2}`,
      `{"a\\"q":1,"é":2,"日本":3}`,
      `{"constructor":1,"toString":2,"hasOwnProperty":3}`,
      `{"nested":{"deep":{"list":[1,2,{"k":"v"}],"n":null}}}`,
      `{}`,
      `{"x":{}}`,
      `{${Array.from({ length: 70 }, (_, i) => `"k${i % 66}":${i}`).join(",")}}`,
      `{${Array.from({ length: 300 }, (_, i) => `"m${i}":${i}`).join(",")}}`,
    ];
    const keysOf = (v: unknown): unknown =>
      Array.isArray(v)
        ? v.map(keysOf)
        : v !== null && typeof v === "object"
          ? [
              Object.getPrototypeOf(v) === Object.prototype,
              Object.getOwnPropertyNames(v).map((k) => [k, keysOf((v as Record<string, unknown>)[k])]),
            ]
          : v;
    const types = [T.any, goType("[]any"), goType("map[string]any"), goType("struct { P any }")];
    for (let round = 0; round < 3; round++) {
      for (const text of texts) {
        for (const t of types) {
          const input =
            t === T.any
              ? text
              : t.kind === "slice"
                ? `[${text},${text}]`
                : t.kind === "map"
                  ? `{"p":${text},"q":${text}}`
                  : `{"P":${text}}`;
          for (const data of [input, new TextEncoder().encode(input)]) {
            const want = run(t, data, {}, false);
            const fast = unmarshalFast(t, data, {}, true);
            expect(fast, input).not.toBe(NO_FAST);
            expect(want.error).toBe(undefined);
            expect(isDeepStrictEqual(fast, want.value), input).toBe(true);
            expect(keysOf(fast instanceof Map ? [...fast.values()] : fast), input).toEqual(
              keysOf(want.value instanceof Map ? [...want.value.values()] : want.value),
            );
          }
        }
      }
    }
    const p = unmarshalFast(T.any, `{"__proto__":{"polluted":1}}`, {}, true) as Record<string, unknown>;
    expect(Object.getPrototypeOf(p)).toBe(Object.prototype);
    expect(Object.hasOwn(p, "__proto__")).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBe(undefined);
  });

  test("the switch turns the fast path off", () => {
    fastUnmarshal.enabled = false;
    try {
      expect(unmarshalFast(Rec, "{}", {}, true)).toBe(NO_FAST);
    } finally {
      fastUnmarshal.enabled = true;
    }
  });
});
