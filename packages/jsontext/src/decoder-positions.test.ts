import { describe, expect, it } from "vitest";
import table from "../test/data/syntax-errors.go.json" with { type: "json" };
import { Decoder } from "./decoder.js";
import { SyntacticError } from "./errors.js";
import { MAX_NESTING_DEPTH } from "./limits.js";
import { checkValidV1 } from "./scanner-v1.js";

// Start offsets recorded from Go 1.26 (GOEXPERIMENT=jsonv2): InputOffset() minus the
// length of the token (delimiters, via ReadToken) or value (others, via ReadValue).
const starts = [
  {
    in: ` {"a" : [1, "x\\n", true ,null], "b":{"c": -0.5e3}} `,
    want: [1, 2, 8, 9, 12, 19, 25, 29, 32, 36, 37, 42, 48, 49],
  },
  { in: `[ [ ] , { } , "é" ]`, want: [0, 2, 4, 8, 10, 14, 19] },
];

function catchSyntax(f: () => void): SyntacticError {
  try {
    f();
  } catch (e) {
    if (SyntacticError.isInstance(e)) return e;
    throw e;
  }
  throw new Error("no error");
}

describe("Decoder.previousOffset / previousTokenOrValue", () => {
  for (const [i, c] of starts.entries()) {
    it(`Starts/${i}`, () => {
      const d = new Decoder(c.in);
      const got: number[] = [];
      const texts: string[] = [];
      while (d.peekKind() !== "") {
        const k = d.peekKind();
        if (k === "{" || k === "}" || k === "[" || k === "]") d.readToken();
        else d.readValue();
        got.push(d.previousOffset);
        texts.push(new TextDecoder().decode(d.previousTokenOrValue()));
        expect(d.previousOffset + d.previousTokenOrValue().length).toBe(d.inputOffset);
      }
      expect(got).toEqual(c.want);
      expect(texts.join("")).toBe(c.in.replace(/[ ,:]/g, (m, off: number) => (inString(c.in, off) ? m : "")));
    });
  }
  it("Starts/ReadTokenSameAsReadValue", () => {
    const d = new Decoder(starts[0]!.in);
    const got: number[] = [];
    while (d.peekKind() !== "") {
      d.readToken();
      got.push(d.previousOffset);
    }
    expect(got).toEqual(starts[0]!.want);
  });
  it("Starts/BeforeAnything", () => {
    expect(new Decoder(" 1").previousOffset).toBe(0);
  });
});

function inString(s: string, off: number): boolean {
  let q = false;
  for (let i = 0; i < off; i++) {
    if (s[i] === "\\") i++;
    else if (s[i] === '"') q = !q;
  }
  return q;
}

describe("Decoder.nextValuePointer", () => {
  const cases: { name: string; in: string; reads: number; want: string }[] = [
    { name: "Top", in: `{"a":1}`, reads: 0, want: "" },
    { name: "ObjectBeforeName", in: `{"a":1}`, reads: 1, want: "" },
    { name: "ObjectAfterName", in: `{"a":1}`, reads: 2, want: "/a" },
    { name: "ObjectAfterValue", in: `{"a":1,"b":2}`, reads: 3, want: "" },
    { name: "ArrayFirst", in: `[1,2]`, reads: 1, want: "/0" },
    { name: "ArraySecond", in: `[1,2]`, reads: 2, want: "/1" },
    { name: "Nested", in: `{"x/y":[{"~":[true`, reads: 5, want: "/x~1y/0/~0" },
  ];
  for (const c of cases) {
    it(`Pointer/${c.name}`, () => {
      const d = new Decoder(c.in);
      for (let i = 0; i < c.reads; i++) d.readToken();
      expect(d.nextValuePointer()).toBe(c.want);
    });
  }
  it("Pointer/MatchesErrorPointers", () => {
    // an error "before the value" carries the same pointer (recorded from Go)
    const d = new Decoder(`{"a":[1,x]}`);
    for (let i = 0; i < 4; i++) d.readToken();
    const want = d.nextValuePointer();
    const e = catchSyntax(() => d.readToken());
    expect(e.pointer).toBe(want);
    expect(want).toBe("/a/1");
  });
});

describe("Decoder maxDepth", () => {
  it("Default/GoLimit", () => {
    // Go's TestMaxDepth: ByteOffset maxNestingDepth, pointer "/0" × maxNestingDepth
    const arrays = "[".repeat(MAX_NESTING_DEPTH + 1) + "]".repeat(MAX_NESTING_DEPTH + 1);
    const e = catchSyntax(() => new Decoder(arrays).skipValue());
    expect({ detail: e.detail, offset: e.offset, reason: e.reason, code: e.code }).toEqual({
      detail: "exceeded max depth",
      offset: MAX_NESTING_DEPTH,
      reason: "max-depth",
      code: "GOJSON_ERR_MAX_DEPTH",
    });
    expect(e.pointer).toBe("/0".repeat(MAX_NESTING_DEPTH));
    const ok = "[".repeat(MAX_NESTING_DEPTH) + "]".repeat(MAX_NESTING_DEPTH);
    expect(() => new Decoder(ok).skipValue()).not.toThrow();
    expect(() => new Decoder(ok).readValue()).not.toThrow();
  });
  for (const path of ["readToken", "readValue"] as const) {
    it(`Custom/${path}`, () => {
      const read = (d: Decoder) => (path === "readToken" ? d.skipValue() : d.readValue());
      expect(() => read(new Decoder(`[[[1]]]`, { maxDepth: 3 }))).not.toThrow();
      const e = catchSyntax(() => read(new Decoder(`[[[[1]]]]`, { maxDepth: 3 })));
      expect({ message: e.message, offset: e.offset, pointer: e.pointer, reason: e.reason }).toEqual({
        message: `jsontext: exceeded max depth within "/0/0/0" after offset 3`,
        offset: 3,
        pointer: "/0/0/0",
        reason: "max-depth",
      });
      const o = catchSyntax(() => read(new Decoder(`{"a":{"b":{}}}`, { maxDepth: 2 })));
      expect({ offset: o.offset, pointer: o.pointer }).toEqual({ offset: 10, pointer: "/a/b" });
    });
  }
  it("Invalid", () => {
    for (const m of [0, -1, 1.5, Number.NaN])
      expect(() => new Decoder("1", { maxDepth: m })).toThrow(RangeError);
  });
});

interface Case {
  name: string;
  in: string;
  v1: { err: string; offset: number };
  v2: { err: string; offset: number };
}

describe("SyntacticError reason, where and code", () => {
  const wantCodes: Record<string, string> = {
    "invalid-character": "GOJSON_ERR_INVALID_CHARACTER",
    "unexpected-eof": "GOJSON_ERR_UNEXPECTED_EOF",
    "duplicate-name": "GOJSON_ERR_DUPLICATE_NAME",
    "invalid-utf8": "GOJSON_ERR_INVALID_UTF8",
    "invalid-escape": "GOJSON_ERR_INVALID_ESCAPE",
    "lone-surrogate": "GOJSON_ERR_LONE_SURROGATE",
    "max-depth": "GOJSON_ERR_MAX_DEPTH",
    "name-not-string": "GOJSON_ERR_NAME_NOT_STRING",
    "missing-value": "GOJSON_ERR_MISSING_VALUE",
  };
  const table2: { name: string; in: string; reason: string; where?: string; code?: string }[] = [
    {
      name: "Trailing",
      in: `{} x`,
      reason: "invalid-character",
      where: "after top-level value",
      code: "GOJSON_ERR_TRAILING_DATA",
    },
    { name: "Colon", in: `{"a" 1}`, reason: "invalid-character", where: "after object name (expecting ':')" },
    { name: "Quote", in: `'x'`, reason: "invalid-character", where: "at start of value" },
    {
      name: "QuoteChar",
      in: `[1 ']`,
      reason: "invalid-character",
      where: "after array element (expecting ',' or ']')",
    },
    { name: "Space", in: `[1\u000b]`, reason: "invalid-character" },
    { name: "EOF", in: `[1,`, reason: "unexpected-eof" },
    { name: "Duplicate", in: `{"a":1,"a":2}`, reason: "duplicate-name" },
    { name: "UTF8", in: `"\xff"`, reason: "invalid-utf8" },
    { name: "Escape", in: `"\\x"`, reason: "invalid-escape" },
    { name: "LoneHigh", in: `"\\ud800"`, reason: "lone-surrogate" },
    { name: "LonePair", in: `"\\ud800\\u0041"`, reason: "lone-surrogate" },
    { name: "LoneLow", in: `"\\udc00"`, reason: "lone-surrogate" },
    { name: "NameNotString", in: `{1:2}`, reason: "name-not-string" },
    { name: "MissingValue", in: `{"a":}`, reason: "missing-value" },
  ];
  for (const c of table2) {
    it(`Reason/${c.name}`, () => {
      const bytes = Uint8Array.from(c.in, (ch) => ch.charCodeAt(0));
      const e = catchSyntax(() => {
        const d = new Decoder(bytes);
        d.skipValue();
        d.checkEOF();
      });
      expect(e.reason).toBe(c.reason);
      if (c.where !== undefined) expect(e.where).toBe(c.where);
      expect(e.code).toBe(c.code ?? wantCodes[c.reason]);
      if (e.where !== undefined && e.reason === "invalid-character")
        expect(e.detail.endsWith(` ${e.where}`)).toBe(true);
    });
  }
  it("Reason/EveryRecordedErrorIsClassified", () => {
    for (const c of table as Case[]) {
      for (const [detail, flavour] of [
        [c.v2.err, "v2"],
        [c.v1.err, "v1"],
      ] as const) {
        if (!detail || detail.startsWith("json: cannot unmarshal")) continue; // semantic, not syntax
        const text =
          flavour === "v2"
            ? detail
                .replace(/^jsontext: /, "")
                .replace(/ (within|after offset) .*$/, "")
                .replace(/^(duplicate object member name) .*/, "$1")
            : detail;
        const e = new SyntacticError({ detail: text, offset: 0, flavour });
        expect(e.reason, `${c.name} ${flavour}: ${text}`).not.toBe("other");
        if (e.reason === "invalid-character") expect(e.where, text).toBeTruthy();
      }
    }
  });
  it("Reason/V1", () => {
    const e = checkValidV1("[1,]")!;
    expect({ reason: e.reason, where: e.where, code: e.code }).toEqual({
      reason: "invalid-character",
      where: "looking for beginning of value",
      code: "GOJSON_ERR_INVALID_CHARACTER",
    });
    expect(checkValidV1("[1,")!.reason).toBe("unexpected-eof");
    expect(checkValidV1("[1] 2")!.code).toBe("GOJSON_ERR_TRAILING_DATA");
  });
  it("Reason/MessageUnchanged", () => {
    const e = catchSyntax(() => new Decoder(`{"a" 1}`).skipValue());
    expect(e.message).toBe(
      `jsontext: invalid character '1' after object name (expecting ':') within "/a" after offset 5`,
    );
  });
});
