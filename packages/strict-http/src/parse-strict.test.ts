import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { StrictBodyCode as C, StrictBodyError } from "./errors.js";
import { checkStrict, LONG_STRING_BYTES, parseStrict } from "./parse-strict.js";

const enc = new TextEncoder();

/** thrown runs f and returns what it threw; the test fails when f returns. */
function thrown(f: () => unknown): StrictBodyError {
  let threw = false;
  let err: unknown;
  try {
    f();
  } catch (e) {
    threw = true;
    err = e;
  }
  expect(threw, "expected the call to throw").toBe(true);
  return err as StrictBodyError;
}
const bytes = (s: string | number[]) => (typeof s === "string" ? enc.encode(s) : new Uint8Array(s));

// Offsets and pointers are Go's (GOEXPERIMENT=jsonv2, jsontext.Decoder), recorded by
// test/go/positions into test/fixtures/parse-strict-go.json and cross-checked below. Go's
// syntax errors give theirs; strict-http's own rejections (forbidden keys, unsafe integers,
// overflow) use the start offset and StackPointer Go gives the offending token.
interface Case {
  name: string;
  in: string | number[];
  opts?: Parameters<typeof parseStrict>[1];
  want?: unknown;
  wantErr?: { code: string; offset: number; pointer: string };
}

interface GoPosition {
  name: string;
  err?: string;
  offset?: number;
  pointer?: string;
  tokOffset?: number;
  tokPointer?: string;
}

const cases: Case[] = [
  {
    name: "Valid/Object",
    in: '{"a":1,"b":[true,false,null],"c":"x"}',
    want: { a: 1, b: [true, false, null], c: "x" },
  },
  {
    name: "Valid/Escapes",
    in: '"\\"\\\\\\/\\b\\f\\n\\r\\t\\u00e9\\ud83d\\ude00"',
    want: '"\\/\b\f\n\r\té😀',
  },
  { name: "Valid/UTF8", in: '{"ключ":"значение €𝄞"}', want: { ключ: "значение €𝄞" } },
  { name: "Valid/LongASCII", in: `"${"a".repeat(100)}"`, want: "a".repeat(100) },
  {
    name: "Valid/Numbers",
    in: "[0,-0,1.5,-2e3,1E+2,123456789012345,9007199254740991,-9007199254740991,1e-400]",
    want: [0, -0, 1.5, -2000, 100, 123456789012345, 9007199254740991, -9007199254740991, 0],
  },
  { name: "Valid/Whitespace", in: " \t\r\n[ 1 , 2 ]\n ", want: [1, 2] },
  {
    name: "Valid/ConstructorPlain",
    in: '{"constructor":{"x":1},"prototype":2}',
    want: { constructor: { x: 1 }, prototype: 2 },
  },
  { name: "Empty/Nothing", in: "", wantErr: { code: C.EMPTY_BODY, offset: 0, pointer: "" } },
  { name: "Empty/Whitespace", in: " \n", wantErr: { code: C.EMPTY_BODY, offset: 2, pointer: "" } },
  { name: "BOM/Rejected", in: [0xef, 0xbb, 0xbf, 0x31], wantErr: { code: C.BOM, offset: 0, pointer: "" } },
  { name: "BOM/Allowed", in: [0xef, 0xbb, 0xbf, 0x31], opts: { allowBom: true }, want: 1 },
  {
    name: "Invalid/Truncated",
    in: '{"a":[1,',
    wantErr: { code: C.INVALID_JSON, offset: 8, pointer: "/a" },
  },
  { name: "Invalid/MissingComma", in: "[1 2]", wantErr: { code: C.INVALID_JSON, offset: 3, pointer: "" } },
  {
    name: "Invalid/BadLiteral",
    in: '{"a":[1,{"b":tru}]}',
    wantErr: { code: C.INVALID_JSON, offset: 16, pointer: "/a/1/b" },
  },
  { name: "Invalid/TrailingComma", in: "[1,]", wantErr: { code: C.INVALID_JSON, offset: 2, pointer: "" } },
  { name: "Invalid/LeadingZero", in: "[01]", wantErr: { code: C.INVALID_JSON, offset: 2, pointer: "" } },
  {
    name: "Invalid/ControlInString",
    in: '"a\nb"',
    wantErr: { code: C.INVALID_JSON, offset: 2, pointer: "" },
  },
  { name: "Invalid/BadEscape", in: '"\\x"', wantErr: { code: C.INVALID_JSON, offset: 1, pointer: "" } },
  { name: "Invalid/SingleQuotes", in: "{'a':1}", wantErr: { code: C.INVALID_JSON, offset: 1, pointer: "" } },
  { name: "Invalid/NaN", in: "NaN", wantErr: { code: C.INVALID_JSON, offset: 0, pointer: "" } },
  {
    name: "Trailing/SecondValue",
    in: '{"name":"ann"} {}',
    wantErr: { code: C.TRAILING_DATA, offset: 15, pointer: "" },
  },
  {
    name: "Trailing/Garbage",
    in: '{"name":"ann"}x',
    wantErr: { code: C.TRAILING_DATA, offset: 14, pointer: "" },
  },
  {
    name: "Duplicate/Plain",
    in: '{"a":1,"a":2}',
    wantErr: { code: C.DUPLICATE_NAME, offset: 7, pointer: "/a" },
  },
  {
    name: "Duplicate/AfterUnescape",
    in: '{"a":1,"\\u0061":2}',
    wantErr: { code: C.DUPLICATE_NAME, offset: 7, pointer: "/a" },
  },
  {
    name: "Duplicate/Nested",
    in: '[{"x":{"k":1,"k":1}}]',
    wantErr: { code: C.DUPLICATE_NAME, offset: 13, pointer: "/0/x/k" },
  },
  { name: "Duplicate/CaseDiffers", in: '{"a":1,"A":2}', want: { a: 1, A: 2 } },
  { name: "UTF8/Invalid", in: [0x22, 0xff, 0x22], wantErr: { code: C.INVALID_UTF8, offset: 1, pointer: "" } },
  {
    name: "UTF8/Overlong",
    in: [0x22, 0xc0, 0xaf, 0x22],
    wantErr: { code: C.INVALID_UTF8, offset: 1, pointer: "" },
  },
  {
    name: "UTF8/Truncated",
    in: [0x22, 0xe2, 0x82, 0x22],
    wantErr: { code: C.INVALID_UTF8, offset: 1, pointer: "" },
  },
  {
    name: "UTF8/EncodedSurrogate",
    in: [0x22, 0xed, 0xa0, 0x80, 0x22],
    wantErr: { code: C.INVALID_UTF8, offset: 1, pointer: "" },
  },
  {
    name: "UTF8/AboveMax",
    in: [0x22, 0xf4, 0x90, 0x80, 0x80, 0x22],
    wantErr: { code: C.INVALID_UTF8, offset: 1, pointer: "" },
  },
  {
    name: "UTF8/InKey",
    in: [0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d],
    wantErr: { code: C.INVALID_UTF8, offset: 2, pointer: "" },
  },
  {
    name: "Surrogate/LoneHigh",
    in: '["\\ud800"]',
    wantErr: { code: C.LONE_SURROGATE, offset: 2, pointer: "/0" },
  },
  { name: "Surrogate/LoneLow", in: '"\\udc00"', wantErr: { code: C.LONE_SURROGATE, offset: 1, pointer: "" } },
  {
    name: "Surrogate/HighThenLetter",
    in: '"\\ud800\\u0041"',
    wantErr: { code: C.LONE_SURROGATE, offset: 1, pointer: "" },
  },
  { name: "Depth/AtLimit", in: `${"[".repeat(3)}${"]".repeat(3)}`, opts: { maxDepth: 3 }, want: [[[]]] },
  {
    name: "Depth/PastLimit",
    in: `${"[".repeat(4)}${"]".repeat(4)}`,
    opts: { maxDepth: 3 },
    wantErr: { code: C.MAX_DEPTH, offset: 3, pointer: "/0/0/0" },
  },
  {
    name: "Proto/Error",
    in: '{"a":{"__proto__":{"x":1}}}',
    wantErr: { code: C.FORBIDDEN_KEY, offset: 6, pointer: "/a/__proto__" },
  },
  {
    name: "Proto/Escaped",
    in: '{"\\u005f_proto__":1}',
    wantErr: { code: C.FORBIDDEN_KEY, offset: 1, pointer: "/__proto__" },
  },
  {
    name: "Proto/InArray",
    in: '[[{"__proto__":1}]]',
    wantErr: { code: C.FORBIDDEN_KEY, offset: 3, pointer: "/0/0/__proto__" },
  },
  {
    name: "Proto/Remove",
    in: '{"__proto__":{"x":1},"a":1}',
    opts: { protoAction: "remove" },
    want: { a: 1 },
  },
  {
    name: "Proto/RemoveThenDuplicate",
    in: '{"__proto__":1,"a":2,"__proto__":3}',
    opts: { protoAction: "remove" },
    wantErr: { code: C.DUPLICATE_NAME, offset: 21, pointer: "/__proto__" },
  },
  {
    name: "Proto/RemoveThenEscapedDuplicate",
    in: '[{"__proto__":{},"\\u005f_proto__":{}}]',
    opts: { protoAction: "remove" },
    wantErr: { code: C.DUPLICATE_NAME, offset: 17, pointer: "/0/__proto__" },
  },
  {
    name: "Proto/IgnoreThenDuplicate",
    in: '{"__proto__":1,"__proto__":2}',
    opts: { protoAction: "ignore" },
    wantErr: { code: C.DUPLICATE_NAME, offset: 15, pointer: "/__proto__" },
  },
  {
    name: "Proto/RemoveInSiblingsIsNoDuplicate",
    in: '[{"__proto__":1},{"__proto__":2,"a":{"__proto__":3}}]',
    opts: { protoAction: "remove" },
    want: [{}, { a: {} }],
  },
  {
    name: "Constructor/Error",
    in: '{"constructor":{"prototype":{"x":1}}}',
    wantErr: { code: C.FORBIDDEN_KEY, offset: 16, pointer: "/constructor/prototype" },
  },
  {
    name: "Constructor/Remove",
    in: '{"constructor":{"prototype":{"x":1}},"a":1}',
    opts: { constructorAction: "remove" },
    want: { a: 1 },
  },
  {
    name: "Constructor/RemoveThenDuplicate",
    in: '{"constructor":{"prototype":1},"constructor":2}',
    opts: { constructorAction: "remove" },
    wantErr: { code: C.DUPLICATE_NAME, offset: 31, pointer: "/constructor" },
  },
  {
    name: "Constructor/KeptThenRemovedDuplicate",
    in: '{"constructor":2,"constructor":{"prototype":1}}',
    opts: { constructorAction: "remove" },
    wantErr: { code: C.DUPLICATE_NAME, offset: 17, pointer: "/constructor" },
  },
  {
    name: "Constructor/Ignore",
    in: '{"constructor":{"prototype":1}}',
    opts: { constructorAction: "ignore" },
    want: { constructor: { prototype: 1 } },
  },
  {
    name: "Integer/Unsafe",
    in: '{"id":9007199254740993}',
    wantErr: { code: C.UNSAFE_INTEGER, offset: 6, pointer: "/id" },
  },
  {
    name: "Integer/TwoToThe53",
    in: "9007199254740992",
    wantErr: { code: C.UNSAFE_INTEGER, offset: 0, pointer: "" },
  },
  {
    name: "Integer/NegativeUnsafe",
    in: "-9223372036854775808",
    wantErr: { code: C.UNSAFE_INTEGER, offset: 0, pointer: "" },
  },
  {
    name: "Integer/Bigint",
    in: '{"id":9223372036854775807,"n":1}',
    opts: { bigint: true },
    want: { id: 9223372036854775807n, n: 1 },
  },
  { name: "Float/LargeButFinite", in: "9007199254740993.0", want: 9007199254740992 },
  { name: "Float/Overflow", in: "[1e400]", wantErr: { code: C.NUMBER_OVERFLOW, offset: 1, pointer: "/0" } },
  {
    name: "Float/NegativeOverflow",
    in: "-1.8e308",
    wantErr: { code: C.NUMBER_OVERFLOW, offset: 0, pointer: "" },
  },
  {
    name: "Float/OverflowAllowed",
    in: "[1e400,-1.8e308]",
    opts: { allowOverflow: true },
    want: [Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY],
  },
  {
    name: "TopLevel/ObjectOnly",
    in: "[1]",
    opts: { topLevel: "object" },
    wantErr: { code: C.TOP_LEVEL_TYPE, offset: 0, pointer: "" },
  },
  {
    name: "TopLevel/ObjectOrArray",
    in: ' "s"',
    opts: { topLevel: "object-or-array" },
    wantErr: { code: C.TOP_LEVEL_TYPE, offset: 1, pointer: "" },
  },
  { name: "TopLevel/ArrayAllowed", in: "[1]", opts: { topLevel: "object-or-array" }, want: [1] },
];

describe("parseStrict", () => {
  for (const tc of cases) {
    it(tc.name, () => {
      if (tc.wantErr) {
        let err: unknown;
        try {
          parseStrict(bytes(tc.in), tc.opts);
        } catch (e) {
          err = e;
        }
        expect(StrictBodyError.isInstance(err)).toBe(true);
        const e = err as StrictBodyError;
        expect({ code: e.code, offset: e.offset, pointer: e.pointer }).toEqual(tc.wantErr);
        expect(e.statusCode).toBe(400);
        expect(e.message).toContain(`byte offset ${tc.wantErr.offset}`);
      } else {
        expect(parseStrict(bytes(tc.in), tc.opts)).toEqual(tc.want);
      }
    });
  }

  it("Positions/AreGo's: every wantErr equals Go's recorded offset and pointer", () => {
    const go = JSON.parse(
      readFileSync(new URL("../test/fixtures/parse-strict-go.json", import.meta.url), "utf8"),
    ) as GoPosition[];
    const byName = new Map(go.map((g) => [g.name, g]));
    let checked = 0;
    for (const tc of cases) {
      const g = byName.get(tc.name);
      if (!tc.wantErr || !g) continue;
      // strict-http's policies come first (BOM, empty body, top-level kind): Go has no such error
      if ([C.BOM, C.EMPTY_BODY, C.TOP_LEVEL_TYPE, C.MAX_DEPTH].includes(tc.wantErr.code as never)) continue;
      const want =
        g.offset !== undefined
          ? { offset: g.offset, pointer: g.pointer }
          : { offset: g.tokOffset, pointer: g.tokPointer };
      expect({ name: tc.name, offset: tc.wantErr.offset, pointer: tc.wantErr.pointer }).toEqual({
        name: tc.name,
        ...want,
      });
      checked++;
    }
    expect(checked).toBeGreaterThan(30);
    // Go's own depth limit (10000): the same offset and pointer with maxDepth 10000
    for (const [name, body] of [
      ["Depth/GoLimit", `${"[".repeat(10001)}${"]".repeat(10001)}`],
      ["Depth/GoLimitInObject", `{"a":${"[".repeat(10000)}${"]".repeat(10000)}}`],
    ] as const) {
      const g = byName.get(name) as GoPosition;
      const se = thrown(() => parseStrict(bytes(body), { maxDepth: 10000 }));
      expect({ code: se.code, offset: se.offset, pointer: se.pointer }).toEqual({
        code: C.MAX_DEPTH,
        offset: g.offset,
        pointer: g.pointer,
      });
    }
  });

  it("Proto/Ignore keeps __proto__ as an own property, as JSON.parse does", () => {
    const v = parseStrict(bytes('{"__proto__":{"polluted":1}}'), { protoAction: "ignore" }) as Record<
      string,
      unknown
    >;
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
    expect(Object.hasOwn(v, "__proto__")).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(v).toEqual(JSON.parse('{"__proto__":{"polluted":1}}'));
  });

  it("Depth/Default is well under where JSON.stringify overflows", async () => {
    const { DEFAULT_MAX_DEPTH } = await import("./constants.js");
    const deep = `${"[".repeat(DEFAULT_MAX_DEPTH)}${"]".repeat(DEFAULT_MAX_DEPTH)}`;
    expect(() => JSON.stringify(parseStrict(bytes(deep)))).not.toThrow();
    expect(() => parseStrict(bytes(`[${deep}]`))).toThrow(/nesting deeper than 1000/);
    // Far past the limit the iterative parser still fails cleanly, not with a RangeError.
    const huge = "[".repeat(1_000_000);
    expect(() => parseStrict(bytes(huge))).toThrow(StrictBodyError);
  });

  it("Messages never contain the body's bytes", () => {
    const secret = "s3cr3t-token";
    for (const s of [
      `{"${secret}":1,"${secret}":2}`,
      `{"a":"${secret}"x`,
      `${secret}`,
      `["${secret}\\q"]`,
      `{"__proto__":"${secret}"}`,
    ]) {
      const e = thrown(() => parseStrict(bytes(s)));
      expect(StrictBodyError.isInstance(e), s).toBe(true);
      expect(e.message).not.toContain(secret);
      expect(e.message).not.toMatch(/s3cr|token/);
    }
  });
});

describe("parseStrict: long escaped strings (platform unescape)", () => {
  const long = (unit: string, n: number) => unit.repeat(Math.ceil(n / unit.length));
  const texts: [string, string][] = [
    ["Escapes", long('a\\"\\\\\\/\\b\\f\\n\\r\\t', LONG_STRING_BYTES + 10)],
    ["UnicodeEscapes", long("\\u00e9\\ud83d\\ude00x", LONG_STRING_BYTES + 100)],
    ["RawNonASCII", `${long("é😀€", LONG_STRING_BYTES)}\\n`],
    ["AtTheThreshold", `${"a".repeat(LONG_STRING_BYTES - 3)}\\n`],
  ];
  it.each(texts)("%s equal JSON.parse as value, in arrays and as member values", (_name, text) => {
    expect(text.length).toBeGreaterThan(LONG_STRING_BYTES - 2);
    for (const doc of [`"${text}"`, `["${text}", "${text}"]`, `{"a" : "${text}", "b":1}`]) {
      expect(parseStrict(bytes(doc))).toEqual(JSON.parse(doc));
    }
  });

  it.each([
    ["LoneSurrogate", "\\u00e9", "\\udead", C.LONE_SURROGATE],
    ["InvalidEscape", "\\n", "\\q", C.INVALID_JSON],
    ["Unterminated", "\\n", "", C.INVALID_JSON],
  ])("%s is rejected as on the short path, at the same place", (_name, unit, bad, code) => {
    const prefix = unit.repeat(Math.ceil(LONG_STRING_BYTES / unit.length));
    const tail = bad === "" ? "" : `${bad}"`;
    const long = thrown(() => parseStrict(bytes(`["${prefix}${tail}]`)));
    const short = thrown(() => parseStrict(bytes(`["${unit}${tail}]`)));
    expect(long.code).toBe(code);
    expect(short.code).toBe(code);
    expect(long.offset! - short.offset!).toBe(prefix.length - unit.length);
    expect(long.pointer).toBe(short.pointer);
  });

  it("invalid UTF-8 inside a long escaped string is rejected with Go's offset", () => {
    const head = `{"a":"${"\\t".repeat(3000)}`;
    const doc = new Uint8Array([...bytes(head), 0xc3, 0x28, ...bytes('"}')]);
    const e = thrown(() => parseStrict(doc));
    expect([e.code, e.offset, e.pointer]).toEqual([C.INVALID_UTF8, head.length, "/a"]);
  });
});

describe("checkStrict", () => {
  const docs = [
    '{"a":[1,"x",{"b":null}],"c":true}',
    '{"a":1,"a":2}',
    '{"__proto__":{}}',
    '{"constructor":{"prototype":1}}',
    "[9007199254740993]",
    "[1e400]",
    '["\\udead"]',
    "[1,]",
    '{"a":1} x',
    "",
  ];
  const verdict = (f: () => unknown): unknown => {
    try {
      return f() === undefined ? "ok (nothing built)" : "ok";
    } catch (e) {
      const se = e as StrictBodyError;
      return [se.code, se.offset, se.pointer];
    }
  };
  it.each(docs)("%j: the same verdict, code, offset and pointer as parseStrict", (doc) => {
    for (const opts of [{}, { bigint: true, allowOverflow: true }, { protoAction: "remove" as const }]) {
      const want = verdict(() => parseStrict(bytes(doc), opts));
      const got = verdict(() => checkStrict(bytes(doc), opts));
      expect(got).toEqual(want === "ok" ? "ok (nothing built)" : want);
    }
  });
});
