import { describe, expect, it } from "vitest";
import { GENERATE_AFTER } from "./codegen-tier.js";
import { BAIL, beginScan, C, endScan, FAST_MAX_DEPTH, fastPathSwitch } from "./cursor.js";
import { colon, listReader, literal, numberEnd, readList, skipValue, ws } from "./scan.js";
import { readFloat } from "./scan-float.js";
import { run, V1 } from "./test-cursor.js";

/** skipAll skips one value after leading whitespace, then trailing whitespace. */
function skipAll(): number {
  skipValue(ws());
  ws();
  return C.p;
}

describe("beginScan", () => {
  const cases: { name: string; in: Uint8Array | string; want: boolean }[] = [
    { name: "String/ASCII", in: '{"a":1}', want: true },
    { name: "String/NonASCII", in: '"é😀"', want: true },
    { name: "String/LoneSurrogate", in: '"\ud800"', want: false },
    { name: "Bytes/ASCII", in: new TextEncoder().encode("[1]"), want: true },
    { name: "Bytes/UTF8", in: new TextEncoder().encode('"é"'), want: true },
    { name: "Bytes/InvalidUTF8", in: new Uint8Array([0x22, 0xff, 0x22]), want: false },
  ];
  for (const c of cases)
    it(c.name, () => {
      expect(beginScan(c.in)).toBe(c.want);
      if (c.want) {
        expect(C.n).toBe(typeof c.in === "string" ? Buffer.byteLength(c.in) : c.in.length);
        // The padding ends every scan.
        expect(Array.from(C.b.subarray(C.n, C.n + 8))).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
        expect(C.t.length).toBe(C.n);
      }
      endScan();
    });
  it("Bytes/PastTheLongestString", () => {
    // Its latin1 text could not be made: the fast path declines (zeroed memory, never read).
    expect(beginScan(new Uint8Array(0x1fffffe8 + 1))).toBe(false);
    endScan();
  });
  it("Bytes/LargerThanScratch", () => {
    const big = `[${"1,".repeat(5000)}1]`;
    expect(run(big, skipAll)).toEqual({ value: big.length, end: big.length, n: big.length });
  });
});

describe("skipValue", () => {
  const cases: { name: string; in: string; want: "ok" | "bail"; v1?: "ok" | "bail" }[] = [
    { name: "Literal/True", in: " true ", want: "ok" },
    { name: "Literal/False", in: "false", want: "ok" },
    { name: "Literal/Null", in: "null", want: "ok" },
    { name: "Literal/Truncated", in: "nul", want: "bail" },
    { name: "Literal/Wrong", in: "trve", want: "bail" },
    { name: "Number/Int", in: "-12", want: "ok" },
    { name: "Number/Float", in: "1.5e-3", want: "ok" },
    { name: "Number/LeadingZero", in: "01", want: "bail" },
    { name: "Number/NoFraction", in: "1.", want: "bail" },
    { name: "Number/NoExponent", in: "1e", want: "bail" },
    { name: "Number/Plus", in: "+1", want: "bail" },
    { name: "String/Plain", in: '"abc"', want: "ok" },
    { name: "String/Escapes", in: '"a\\n\\u00e9\\/"', want: "ok" },
    { name: "String/BadEscape", in: '"\\x"', want: "bail" },
    { name: "String/Control", in: '"a\nb"', want: "bail" },
    { name: "String/Unterminated", in: '"abc', want: "bail" },
    { name: "String/SurrogatePair", in: '"\\ud83d\\ude00"', want: "ok" },
    { name: "String/LoneSurrogate", in: '"\\ud83d"', want: "bail", v1: "ok" },
    { name: "String/ReversedPair", in: '"\\ude00\\ud83d"', want: "bail", v1: "ok" },
    { name: "Array/Empty", in: "[ ]", want: "ok" },
    { name: "Array/Nested", in: '[1,[2,{}],"x"]', want: "ok" },
    { name: "Array/TrailingComma", in: "[1,]", want: "bail" },
    { name: "Array/Unclosed", in: "[1", want: "bail" },
    { name: "Object/Empty", in: "{}", want: "ok" },
    { name: "Object/Members", in: '{"a":1, "b" : [true]}', want: "ok" },
    { name: "Object/NameNotString", in: "{1:2}", want: "bail" },
    { name: "Object/NoColon", in: '{"a" 1}', want: "bail" },
    { name: "Object/Duplicate", in: '{"a":1,"a":2}', want: "bail", v1: "ok" },
    { name: "Object/DuplicateEscaped", in: '{"a":1,"\\u0061":2}', want: "bail", v1: "ok" },
    { name: "Object/DuplicateNested", in: '[{"a":{"b":1,"b":2}}]', want: "bail", v1: "ok" },
    { name: "Object/SameNameOtherObjects", in: '[{"a":1},{"a":2}]', want: "ok" },
  ];
  /** The whole input is one value ("ok"), or the scan bailed or stopped short ("bail": trailing data is the caller's check). */
  const verdict = (got: ReturnType<typeof run>) => (got !== BAIL && got.end === got.n ? "ok" : "bail");
  for (const c of cases) {
    it(`V2/${c.name}`, () => {
      expect(verdict(run(c.in, skipAll))).toBe(c.want);
    });
    it(`V1/${c.name}`, () => {
      expect(verdict(run(c.in, skipAll, V1))).toBe(c.v1 ?? c.want);
    });
  }
  it("BailOnProtoNames", () => {
    for (const flags of [{ bailOnProtoNames: true }, { ...V1, bailOnProtoNames: true }]) {
      expect(run('[{"a":{"__proto__":1}}]', skipAll, flags)).toBe(BAIL);
      expect(run('{"constructor":1}', skipAll, flags)).toBe(BAIL);
      expect(run('{"a":"__proto__"}', skipAll, flags)).not.toBe(BAIL);
    }
    expect(run('{"__proto__":1}', skipAll)).not.toBe(BAIL);
  });
  it("Depth/Limit", () => {
    const ok = "[".repeat(FAST_MAX_DEPTH) + "]".repeat(FAST_MAX_DEPTH);
    const deep = `[${ok}]`;
    expect(run(ok, skipAll)).not.toBe(BAIL);
    expect(run(deep, skipAll)).toBe(BAIL);
  });
});

describe("colon, literal, numberEnd", () => {
  it("colon/Spaces", () => {
    expect(run(' \t: \n"x"', colon)).toEqual({ value: 0x22, end: 5, n: 8 });
  });
  it("colon/Missing", () => {
    expect(run(" 1", colon)).toBe(BAIL);
  });
  it("literal/NotALiteral", () => {
    expect(run("x", () => literal(0x78))).toBe(BAIL);
  });
  it("numberEnd/StopsAtDelimiter", () => {
    expect(run("-1.5e+10,", numberEnd)).toEqual({ value: 8, end: 0, n: 9 });
  });
  it("ws/EndIsZero", () => {
    expect(run("  ", ws)).toEqual({ value: 0, end: 2, n: 2 });
  });
});

describe("readList", () => {
  const cases: { name: string; in: string; want: number[] | "bail" }[] = [
    { name: "Empty", in: "[]", want: [] },
    { name: "One", in: "[1]", want: [1] },
    { name: "Two", in: "[1, 2]", want: [1, 2] },
    { name: "Three", in: "[1, 2 ,3 ]", want: [1, 2, 3] },
    { name: "Many", in: "[1,2,3,4.5]", want: [1, 2, 3, 4.5] },
    { name: "ThreeTrailing", in: "[1,2,3,]", want: "bail" },
    { name: "ThreeNoComma", in: "[1,2,3 4]", want: "bail" },
    { name: "Trailing", in: "[1,2,]", want: "bail" },
    { name: "NoComma", in: "[1 2]", want: "bail" },
  ];
  for (const c of cases)
    it(c.name, () => {
      const got = run(c.in, () => readList(() => readFloat()));
      if (c.want === "bail") expect(got).toBe(BAIL);
      else expect(got).toEqual({ value: c.want, end: c.in.length, n: c.in.length });
    });
});

describe("listReader", () => {
  // readList's cases, each read by one reader past its table calls (readList) into its generated code.
  const cases: { name: string; in: string; want: number[] | "bail" }[] = [
    { name: "Empty", in: "[]", want: [] },
    { name: "EmptySpaced", in: "[ \n]", want: [] },
    { name: "One", in: "[1]", want: [1] },
    { name: "Two", in: "[1, 2]", want: [1, 2] },
    { name: "Three", in: "[1, 2 ,3 ]", want: [1, 2, 3] },
    { name: "Many", in: "[1,2,3,4.5]", want: [1, 2, 3, 4.5] },
    { name: "ManySpaced", in: "[ 1 , 2 , 3 , 4 , 5 ]", want: [1, 2, 3, 4, 5] },
    { name: "ThreeTrailing", in: "[1,2,3,]", want: "bail" },
    { name: "ThreeNoComma", in: "[1,2,3 4]", want: "bail" },
    { name: "ManyTrailing", in: "[1,2,3,4,]", want: "bail" },
    { name: "ManyNoComma", in: "[1,2,3,4 5]", want: "bail" },
    { name: "Trailing", in: "[1,2,]", want: "bail" },
    { name: "NoComma", in: "[1 2]", want: "bail" },
    { name: "Unterminated", in: "[1,2,3,4", want: "bail" },
  ];
  for (const c of cases)
    it(c.name, () => {
      const read = listReader(() => readFloat());
      for (let call = 1; call <= GENERATE_AFTER + 3; call++) {
        const got = run(c.in, read);
        if (c.want === "bail") expect(got, `call ${call}`).toBe(BAIL);
        else expect(got, `call ${call}`).toEqual({ value: c.want, end: c.in.length, n: c.in.length });
      }
    });

  it("Nested/DepthLimit", () => {
    // Lists of lists: the inner reader's enter/leave count depth as readList's do.
    const inner: () => unknown[] = listReader((c) => (c === 0x5b ? inner() : readFloat()));
    const ok = `${"[".repeat(FAST_MAX_DEPTH)}1${"]".repeat(FAST_MAX_DEPTH)}`;
    const deep = `${"[".repeat(FAST_MAX_DEPTH + 1)}1${"]".repeat(FAST_MAX_DEPTH + 1)}`;
    for (let call = 1; call <= GENERATE_AFTER + 2; call++) {
      expect(run(ok, inner)).not.toBe(BAIL);
      expect(run(deep, inner)).toBe(BAIL);
      expect(run("[[1,2],[],[3,[4]],5]", inner)).toEqual({
        value: [[1, 2], [], [3, [4]], 5],
        end: 20,
        n: 20,
      });
    }
  });

  it("Readers/OwnArrays", () => {
    // Two readers over one element function return equal, distinct arrays.
    const elem = () => readFloat();
    const a = listReader(elem);
    const b = listReader(elem);
    for (let call = 1; call <= GENERATE_AFTER + 2; call++) {
      const x = run("[1,2,3,4]", a);
      const y = run("[1,2,3,4]", b);
      expect(x).toEqual(y);
      if (x !== BAIL && y !== BAIL) expect(x.value).not.toBe(y.value);
    }
  });
});

describe("fastPathSwitch", () => {
  const cases: { env: string | undefined; want: boolean }[] = [
    { env: undefined, want: true },
    { env: "1", want: true },
    { env: "", want: true },
    { env: "0", want: false },
  ];
  for (const c of cases)
    it(`env ${JSON.stringify(c.env)}`, () => {
      const name = "GOJSON_TEST_FAST_SWITCH";
      if (c.env === undefined) delete process.env[name];
      else process.env[name] = c.env;
      try {
        expect(fastPathSwitch(name).enabled).toBe(c.want);
      } finally {
        delete process.env[name];
      }
    });
});
