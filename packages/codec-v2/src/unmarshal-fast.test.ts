/**
 * The fast unmarshal path, case by case: where it answers, its value is the exact
 * engine's; where it gives up (NO_FAST), the public unmarshal still gives the exact
 * engine's value or error. The exact engine's answers are the reference here (the
 * golden and conformance suites hold it to Go).
 */
import { isDeepStrictEqual } from "node:util";
import { type GoType, parseGo, T, withMethods } from "@gojson/gotype";
import { fastPathDecls } from "@gojson/test-support";
import { describe, expect, test } from "vitest";
import { zero } from "./go-values.js";
import { defaultOptionsV1, type Options, resolveOptions, unmarshal } from "./index.js";
import { fastDecoderFor, NO_FAST, unmarshalFast } from "./unmarshal-fast.js";
import { structCodegen } from "./unmarshal-fast-struct.js";

const decls = parseGo(fastPathDecls());
const Rec = decls.Rec as GoType;
const ANY = T.any;

/** The exact engine alone (`into` a fresh zero value: the same path as no `into`, without the fast path). */
function exact(t: GoType, data: Uint8Array | string, o: Options = {}): { value?: unknown; error?: string } {
  try {
    return { value: unmarshal(t, data, [o, { into: zero(t) }]) };
  } catch (e) {
    return { error: (e as Error).message };
  }
}

function viaPublic(
  t: GoType,
  data: Uint8Array | string,
  o: Options = {},
): { value?: unknown; error?: string } {
  try {
    return { value: unmarshal(t, data, o) };
  } catch (e) {
    return { error: (e as Error).message };
  }
}

/** The public path and the fast path decode text as the exact engine does (the fast path gives up where it fails). */
function expectAsExact(t: GoType, text: string): void {
  const want = exact(t, text);
  const got = viaPublic(t, text);
  expect(got.error, text).toBe(want.error);
  expect(isDeepStrictEqual(got.value, want.value), text).toBe(true);
  const fast = unmarshalFast(t, text, resolveOptions(undefined), true);
  if (want.error !== undefined) expect(fast).toBe(NO_FAST);
  else expect(isDeepStrictEqual(fast, want.value), text).toBe(true);
}

interface Case {
  name: string;
  type: GoType;
  in: string | Uint8Array;
  options?: Options;
}

const fastCases: Case[] = [
  { name: "Struct/Empty", type: Rec, in: "{}" },
  {
    name: "Struct/Full",
    type: Rec,
    in: `{"id":-9223372036854775808,"NAME":"x","small":-128,"u":65535,"f32":0.1,"f64":1e300,"q":"12","qf":"-1.5e3",
      "raw":"AQID","fix":"AQIDBA==","pair":[1,-0],"tags":["a","\\u00e9\\ud83d\\ude00"],"ptr":{"z":"p"},"in":{"z":"i"},
      "m":{"a":1,"b":2},"mi":{"-7":true,"0":false},"mf":{"1.5":3,"-2e2":4},"any":{"__proto__":1,"k":[1,"s",null,true,{}]},
      "ok":true,"b":5,"zz":{"skipped":[1,{"x":null}]}}`,
  },
  {
    name: "Struct/Nulls",
    type: Rec,
    in: `{"id":null,"name":null,"raw":null,"fix":null,"pair":null,"ptr":null,"in":null,"m":null,"any":null,"ok":null}`,
  },
  {
    name: "Struct/CaseInsensitiveOption",
    type: Rec,
    in: `{"ID":1,"s_mall":2,"OK":true}`,
    options: { matchCaseInsensitiveNames: true },
  },
  {
    name: "Struct/StringifyNumbers",
    type: Rec,
    in: `{"id":"1","small":"-3","f64":"2.5","pair":["1","2"]}`,
    options: { stringifyNumbers: true },
  },
  {
    name: "Struct/MarshalOnlyOptions",
    type: Rec,
    in: `{"id":1}`,
    options: { escapeForHTML: true, multiline: true },
  },
  { name: "String/UnicodeRun", type: T.string, in: `"${"\\ufeff\\u0041".repeat(12)}"` },
  { name: "String/NonASCII", type: T.string, in: `"né 日本 😀 \\n\\u00e9 ü"` },
  {
    name: "String/NonASCIIKeys",
    type: parseGo("type M map[string]string").M as GoType,
    in: `{"é":"ü","日本":"x\\t😀"}`,
  },
  { name: "String/Whitespace", type: T.string, in: ` \n\t"x"\r\n ` },
  {
    name: "Any/Numbers",
    type: ANY,
    in: `[0,-0,1.5,1e-7,123456789012345678,0.1000000000000000055511151231257827]`,
  },
  { name: "Any/ProtoMember", type: ANY, in: `{"__proto__":{"polluted":true},"constructor":1}` },
  { name: "Float32/Rounding", type: T.float32, in: "16777217" },
  {
    name: "Slice/Float64",
    type: parseGo("type S [][]float64").S as GoType,
    in: "[[1,2],[],[null,3.25,-0],null]",
  },
  { name: "Array/Float64", type: parseGo("type A [2]float64").A as GoType, in: "[1e-3, 2 ]" },
];

const bailCases: Case[] = [
  { name: "Syntax/Truncated", type: Rec, in: `{"id":1` },
  { name: "Syntax/Trailing", type: Rec, in: `{} x` },
  { name: "Syntax/BOM", type: Rec, in: new Uint8Array([0xef, 0xbb, 0xbf, 0x7b, 0x7d]) },
  { name: "Syntax/InvalidUTF8", type: T.string, in: new Uint8Array([0x22, 0xff, 0x22]) },
  { name: "Syntax/EncodedSurrogate", type: T.string, in: new Uint8Array([0x22, 0xed, 0xa0, 0x80, 0x22]) },
  { name: "Syntax/NonASCIIOutsideString", type: ANY, in: "[1,é]" },
  { name: "Syntax/LoneSurrogateEscape", type: T.string, in: `"\\ud800"` },
  { name: "Syntax/LowSurrogateFirst", type: T.string, in: `"\\udc00\\ud800"` },
  { name: "Syntax/ControlChar", type: T.string, in: `"a\u0001"` },
  { name: "Syntax/LeadingZero", type: ANY, in: "[01]" },
  { name: "Duplicate/Field", type: Rec, in: `{"id":1,"id":2}` },
  { name: "Duplicate/FoldedField", type: Rec, in: `{"name":"a","NAME":"b"}` },
  { name: "Duplicate/Unknown", type: Rec, in: `{"zz":1,"zz":2}` },
  { name: "Duplicate/InSkippedValue", type: Rec, in: `{"zz":{"a":1,"a":2}}` },
  { name: "Duplicate/AnyObject", type: ANY, in: `{"a":1,"a":2}` },
  { name: "Duplicate/MapKey", type: Rec, in: `{"mi":{"0":true,"-0":false}}` },
  { name: "Unknown/Rejected", type: Rec, in: `{"zz":1}`, options: { rejectUnknownMembers: true } },
  { name: "Mismatch/StringForInt", type: Rec, in: `{"id":"1"}` },
  { name: "Mismatch/BareNumberUnderString", type: Rec, in: `{"q":1}` },
  { name: "Overflow/Int8", type: Rec, in: `{"small":128}` },
  { name: "Overflow/Int64", type: Rec, in: `{"id":9223372036854775808}` },
  { name: "Overflow/Float64", type: Rec, in: `{"f64":1e400}` },
  { name: "Overflow/HugeInt", type: Rec, in: `{"id":${"9".repeat(100_000)}}` },
  { name: "Overflow/HugeQuotedInt", type: Rec, in: `{"q":"${"9".repeat(100_000)}"}` },
  { name: "Overflow/AnyHugeNumber", type: ANY, in: `[${"9".repeat(400)}]` },
  { name: "Overflow/Float32", type: Rec, in: `{"f32":1e39}` },
  { name: "Syntax/UnsignedMinusZero", type: Rec, in: `{"u":-0}` },
  { name: "Syntax/FractionForInt", type: Rec, in: `{"id":1.0}` },
  { name: "Array/TooMany", type: Rec, in: `{"pair":[1,2,3]}` },
  { name: "Array/TooFew", type: Rec, in: `{"pair":[1]}` },
  { name: "Bytes/NonCanonical", type: Rec, in: `{"raw":"AQ="}` },
  { name: "Bytes/ArrayLength", type: Rec, in: `{"fix":"AQID"}` },
  { name: "Bytes/FromArray", type: Rec, in: `{"raw":[1,2]}` },
  { name: "Depth/AnyPast128", type: ANY, in: `${"[".repeat(200)}${"]".repeat(200)}` },
];

describe("unmarshal fast path", () => {
  test.each(fastCases)("answers: $name", (c) => {
    const want = exact(c.type, c.in, c.options);
    expect(want.error).toBeUndefined();
    const bytes = typeof c.in === "string" ? new TextEncoder().encode(c.in) : c.in;
    for (const input of [c.in, bytes]) {
      const got = unmarshalFast(c.type, input, resolveOptions(c.options), true);
      expect(got).not.toBe(NO_FAST);
      expect(isDeepStrictEqual(got, want.value)).toBe(true);
    }
    expect(isDeepStrictEqual(viaPublic(c.type, c.in, c.options).value, want.value)).toBe(true);
  });

  test.each(bailCases)("gives up: $name", (c) => {
    const bytes = typeof c.in === "string" ? new TextEncoder().encode(c.in) : c.in;
    expect(unmarshalFast(c.type, bytes, resolveOptions(c.options), true)).toBe(NO_FAST);
    expect(unmarshalFast(c.type, c.in, resolveOptions(c.options), true)).toBe(NO_FAST);
    const want = exact(c.type, c.in, c.options);
    const got = viaPublic(c.type, c.in, c.options);
    expect(got.error).toBe(want.error);
    expect(isDeepStrictEqual(got.value, want.value)).toBe(true);
  });

  test("Any/ProtoMember is an own property", () => {
    const v = unmarshal(ANY, `{"__proto__":{"polluted":true}}`) as Record<string, unknown>;
    expect(Object.hasOwn(v, "__proto__")).toBe(true);
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  test("Options/NotForTheFastPath", () => {
    // v1's Decoder.UseNumber (numbers into `any` as json.Number) is the exact engine's.
    expect(fastDecoderFor(Rec, resolveOptions({ unmarshalAnyWithRawNumber: true }))).toBeNull();
    // v1's legacy flags are served (the fast path bails on duplicates and invalid UTF-8 itself) ...
    const served: Options[] = [
      { allowDuplicateNames: true },
      { allowInvalidUTF8: true },
      { rejectUnknownMembers: true },
    ];
    for (const o of served) expect(fastDecoderFor(Rec, resolveOptions(o))).not.toBeNull();
    const v1 = resolveOptions(defaultOptionsV1());
    expect(fastDecoderFor(decls.Inner as GoType, v1)).not.toBeNull();
    // ... but for v1's legacy `string` option on a field (Rec's q, qf, qp), the exact engine's.
    expect(fastDecoderFor(Rec, v1)).toBeNull();
  });

  test("Types/WithMethodsAreNotForTheFastPath", () => {
    const d = parseGo("type Upper string\ntype Holder struct { U Upper }\ntype Later struct { N int }");
    withMethods(d.Upper as GoType, {
      UnmarshalText: (b: Uint8Array) => new TextDecoder().decode(b).toUpperCase(),
    });
    expect(fastDecoderFor(d.Holder as GoType, resolveOptions(undefined))).toBeNull();
    expect(unmarshal(d.Holder as GoType, `{"U":"abc"}`)).toEqual({ U: "ABC" });
    // Methods attached after a first use are seen too.
    const later = d.Later as GoType;
    expect(fastDecoderFor(later, resolveOptions(undefined))).not.toBeNull();
    withMethods(later, { UnmarshalJSON: () => ({ N: 42 }) }, { receiver: "pointer" });
    expect(fastDecoderFor(later, resolveOptions(undefined))).toBeNull();
    expect(unmarshal(later, `{"N":1}`)).toEqual({ N: 42 });
  });

  test("Into/TakesTheExactEngine", () => {
    const into = { ...(zero(Rec) as object), Name: "kept" };
    const v = unmarshal(Rec, `{"id":3}`, { into }) as Record<string, unknown>;
    expect(v.Name).toBe("kept");
    expect(v.ID).toBe(3n);
  });

  test("Input/StringWithLoneSurrogate", () => {
    // A JS string is encoded as UTF-8 first (a lone surrogate becomes U+FFFD): the exact engine decides.
    expect(unmarshalFast(T.string, '"\ud800"', resolveOptions(undefined))).toBe(NO_FAST);
    expect(unmarshal(T.string, '"\ud800"')).toBe(exact(T.string, '"\ud800"').value);
  });

  test("Any/NameSequencesSeenBefore", () => {
    // Member names of `any` objects are matched against sequences met before (across calls):
    // a duplicate, spelled the same or escaped, after a known prefix still takes the exact engine.
    const texts = [
      `{"a":1,"b":2,"c":3}`,
      `{"a":1,"b":2,"c":3}`,
      `{"a":1,"b":2,"a":3}`,
      `{"a":1,"b":2,"\\u0061":3}`,
      `{"a":1,"\\u0062":2,"c":3}`,
      `{"a":1,"b":2,"c":3,"b":4}`,
      `{"b":1,"a":2,"b":3}`,
      `{"a":1,"__proto__":2,"c":3}`,
      `{"a":1,"__proto__":2,"c":3}`,
      `{"a":1,"__proto__":2,"__proto__":3}`,
      `{"é":1,"ü":2,"é":3}`,
      `{"é":1,"ü":2}`,
      `[{"a":1,"b":2},{"a":1,"b":2,"a":1}]`,
      `{"a":{"a":{"a":1}},"b":{"a":2,"a":3}}`,
    ];
    for (const text of [...texts, ...texts]) {
      const want = exact(ANY, text);
      const got = viaPublic(ANY, text);
      expect(got.error, text).toBe(want.error);
      expect(isDeepStrictEqual(got.value, want.value), text).toBe(true);
      if (want.error === undefined)
        expect(unmarshalFast(ANY, text, resolveOptions(undefined), true)).not.toBe(NO_FAST);
    }
  });

  test("Any/ManyDistinctNames", () => {
    // More names than the trie keeps: the rest are looked up one by one.
    const members = Array.from({ length: 20000 }, (_, i) => `"k${i}":${i}`);
    const text = `{${members.join(",")}}`;
    const v = unmarshal(ANY, text) as Record<string, number>;
    expect(Object.keys(v).length).toBe(20000);
    expect(v.k19999).toBe(19999);
    expect(viaPublic(ANY, `{${members.join(",")},"k19999":0}`).error).toBe(
      exact(ANY, `{${members.join(",")},"k19999":0}`).error,
    );
    expect(viaPublic(ANY, `{${members.join(",")},"k3":0}`).error).toBe(
      exact(ANY, `{${members.join(",")},"k3":0}`).error,
    );
  });

  test("Strings/LongEscapedAndNonASCII", () => {
    // Past the shared code-unit buffer's first size (and the size it keeps between strings).
    const plain = 'aé日😀\n"\\\u0001'.repeat(20000);
    const escaped = JSON.stringify(plain).replace(/é/g, "\\u00e9").replace(/😀/g, "\\ud83d\\ude00");
    for (const text of [JSON.stringify(plain), escaped, `[${escaped},"x",${JSON.stringify(plain)}]`]) {
      const t = text.startsWith("[") ? (parseGo("type L []string").L as GoType) : T.string;
      const want = exact(t, text);
      const bytes = new TextEncoder().encode(text);
      for (const input of [text, bytes]) {
        const got = unmarshalFast(t, input, resolveOptions(undefined), true);
        expect(got).not.toBe(NO_FAST);
        expect(isDeepStrictEqual(got, want.value)).toBe(true);
      }
    }
    expect(unmarshal(T.string, JSON.stringify(plain))).toBe(plain);
  });

  test.each([3, 200])("Struct/SameSourceSameDecoder (%i fields)", (n) => {
    // parseGo of the same text gives the same types, so the decoder compiled for the first is used again.
    const src = `package p\ntype Same${n} struct {\n${Array.from({ length: n }, (_, i) => `\tF${i} string`).join("\n")}\n}\n`;
    const first = parseGo(src)[`Same${n}`] as GoType;
    const o = resolveOptions(undefined);
    expect(unmarshal(first, '{"F0":"x"}')).toMatchObject({ F0: "x" });
    const again = parseGo(`${src}`)[`Same${n}`] as GoType;
    expect(again).toBe(first);
    expect(fastDecoderFor(again, o)).toBe(fastDecoderFor(first, o));
  });

  const utf8Names = ["é", "日本", "😀", "a-b", "Zed"];
  const asciiNames = ["a b", "x/y", "~", "Zed", "q!"];
  test.each([
    [3, true, utf8Names, true],
    [3, false, utf8Names, true],
    [200, true, utf8Names, true],
    [200, true, utf8Names, false],
    [3, true, asciiNames, true],
    [200, true, asciiNames, true],
    [3, true, asciiNames, false],
    [200, true, asciiNames, false],
  ])(
    "Struct/NamesMatchedInPlace (%i fields, generated code: %s, names %j, embedded: %s)",
    (n, gen, names, embedded) => {
      // Names of one byte a character, of UTF-8 sequences, and promoted from an embedded struct, each
      // matched where the decoder expects it and looked up where it does not, at every tier.
      structCodegen.enabled = gen;
      try {
        const own = Array.from(
          { length: n },
          (_, i) => `\tF${i} int \`json:"${names[i % names.length]}${i}"\``,
        );
        // Embedded: promoted fields (gotype's JsonFields); without, a flat struct (gotype's lists).
        if (!embedded) own.push('\tDeep string `json:"deep"`');
        const src = `type Inner struct {\n\tDeep string \`json:"deep"\`\n}\ntype Wide struct {\n${embedded ? "\tInner\n" : ""}${own.join("\n")}\n}`;
        const wide = parseGo(src).Wide as GoType;
        const all = Array.from(
          { length: n },
          (_, i) => `${JSON.stringify(`${names[i % names.length]}${i}`)}:${i}`,
        );
        const texts = [
          `{"deep":"d",${all.join(",")}}`,
          `{${[...all].reverse().join(",")},"deep":"e"}`,
          `{${all.join(",")},"ZED4":1}`,
          `{${all.join(",")},${all[1]}}`,
          `{"\u00e90":7}`,
        ];
        for (let round = 0; round < 3; round++)
          for (const text of texts) {
            expectAsExact(wide, text);
          }
      } finally {
        structCodegen.enabled = true;
      }
    },
  );

  test.each([true, false])("Struct/ManyFields (generated code: %s)", (gen) => {
    // Past 32 and 64 fields the seen-field bookkeeping changes; duplicates must still give up.
    structCodegen.enabled = gen;
    try {
      const n = 70;
      const src = `type Wide struct {\n${Array.from({ length: n }, (_, i) => `\tF${i} int \`json:"f${i}"\``).join("\n")}\n}`;
      const wide = parseGo(src).Wide as GoType;
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
      ];
      for (const text of texts) {
        expectAsExact(wide, text);
      }
    } finally {
      structCodegen.enabled = true;
    }
  });
});
