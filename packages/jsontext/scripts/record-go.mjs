// Records Go's answers into test/data (run by hand: node scripts/record-go.mjs).
// Needs the Go programs built under /tmp/jtgo (see test/data/README.md).
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const enc = new TextEncoder();
const B = (s) => (typeof s === "string" ? enc.encode(s) : Uint8Array.from(s));
const cases = [
  ["Empty", ""],
  ["Space", "  "],
  ["Null", "null"],
  ["True", "true"],
  ["Nested", '{"a":[1,2,{"b":null}],"c":"x"}'],
  ["TwoValues", "1 2"],
  ["TwoObjects", "{}{}"],
  ["NumberThenString", '1"a"'],
  ["LeadingZero", "01"],
  ["ArrLeadingZero", "[01]"],
  ["TrailingComma", "[1,]"],
  ["ObjTrailingComma", '{"a":1,}'],
  ["MissingColon", '{"a" 1}'],
  ["MissingComma", '{"a":1 "b":2}'],
  ["ArrMismatch", "[1}"],
  ["ObjMismatch", '{"a":1]'],
  ["EmptyArrMismatch", "[}"],
  ["EmptyObjMismatch", "{]"],
  ["MissingValue", '{"a":}'],
  ["NonStringName", "{1:2}"],
  ["NullName", "{null:2}"],
  ["ObjName", "{{}:2}"],
  ["Dup", '{"a":1,"a":2}'],
  ["DupEscaped", '{"a":1,"\\u0061":2}'],
  ["DupNested", '{"x":[{"a":1,"a":2}]}'],
  ["DupSlash", '{"a/b~":{"k":1,"k":2}}'],
  ["BadLiteral", "[nulx]"],
  ["TruncLiteral", "[nul"],
  ["TruncTrue", "tr"],
  ["LoneSurrogate", '"\\ud800"'],
  ["LoneSurrogateMid", '["\\ud800",1]'],
  ["LowSurrogate", '"\\udc00\\ud800"'],
  ["BadPair", '"\\ud800\\u0041"'],
  ["GoodPair", '"\\ud83d\\ude00"'],
  ["TruncSurrogate", '"\\ud800\\ud'],
  ["TruncU", '"\\u12'],
  ["BadU", '"\\u12G4"'],
  ["BadEscape", '"\\x"'],
  ["BadEscapeNonASCII", '"\\é"'],
  ["Minus", "[-]"],
  ["MinusEOF", "-"],
  ["DotNoDigit", "[1.]"],
  ["DotEOF", "1."],
  ["ExpNoDigit", "1e"],
  ["ExpSign", "1e+x"],
  ["Unterminated", '"abc'],
  ["ArrEOF", "[1,2"],
  ["ArrCommaEOF", "[1,"],
  ["ObjColonEOF", '{"a":'],
  ["ObjNameEOF", '{"a"'],
  ["DeepErr", '{"a":{"b":[1,2,3 x]}}'],
  ["Ctrl", '"\u0001"'],
  ["CtrlNL", '"a\nb"'],
  ["Tab", '"\t"'],
  ["Quote", "'a'"],
  ["Backslash", "\\"],
  ["BOM", [0xef, 0xbb, 0xbf, 0x31]],
  ["InvalidByte", [0xff]],
  ["InvalidInString", [0x22, 0x61, 0xff, 0x62, 0x22]],
  ["InvalidInNested", [0x5b, 0x22, 0xe2, 0x82, 0x22, 0x5d]],
  ["TruncatedUTF8End", [0x22, 0xe2, 0x82]],
  ["Overlong", [0x22, 0xc0, 0xaf, 0x22]],
  ["Surrogate UTF8", [0x22, 0xed, 0xa0, 0x80, 0x22]],
  ["NonASCIIOutside", "[é]"],
  ["Emoji outside", "😀"],
  ["C1", [0x5b, 0xc2, 0x85, 0x5d]],
  ["NBSP", [0xc2, 0xa0]],
  ["Del", "\u007f"],
  ["AfterTop", "{} x"],
  ["AfterTopNL", "1\nx"],
  ["DeepArray", "[".repeat(10001) + "]".repeat(10001)],
  ["DepthOK", "[".repeat(10000) + "]".repeat(10000)],
  ["DeepObj", `${'{"a":'.repeat(10001)}1${"}".repeat(10001)}`],
  ["LongPointer", `{"${"k".repeat(120)}":[{"b":[1 x]}]}`],
  ["NameWithQuote", '{"a\\"b":[x]}'],
  ["NameUnicode", '{"é/~":[x]}'],
  ["Colon top", ":"],
  ["Comma top", ","],
  ["CommaFirst", "[,1]"],
  ["DoubleComma", "[1,,2]"],
  ["ColonInArray", "[1:2]"],
  ["CommaAfterName", '{"a",1}'],
  ["EmptyKeyDup", '{"":1,"":2}'],
  ["BigNum", `1${"0".repeat(400)}`],
  ["NegZero", "-0"],
  ["Exp", "1E+2"],
  ["Spaces", " \t\r\n[ 1 , 2 ] \n"],
  ["FormFeed", "\f1"],
  ["EscapedSlash", '"\\/"'],
  ["HexUpper", '"\\u00E9"'],
  ["PlusNum", "+1"],
  ["DotNum", ".5"],
  ["Infinity", "Infinity"],
  ["NaN", "NaN"],
  ["Hex", "0x10"],
  ["ObjAfterName", '{"a":1,"b"}'],
  ["ObjCloseAfterComma", '{"a":1,}'],
  ["ArrayInName", "{[]:1}"],
  ["StrAfterVal", '["a" "b"]'],
  ["UnderscoreVal", "[_]"],
  ["VNonStringName", "[{1:2}]"],
  ["VTrailingCommaObj", '[{"a":1,}]'],
  ["VCommaFirst", "[[,1]]"],
  ["VArrTrailing", "[[1,]]"],
  ["VObjClose", '[{"a":}]'],
  ["VMismatchArr", "[[1,}]"],
  ["VMismatchObj", '[{"a":1]]'],
  ["VEmptyObjComma", "[{,}]"],
  ["VDupDeep", '[{"x":{"k":1,"k":2}}]'],
  ["VDeepErr", '[{"a":[{"b":[1,x]}]}]'],
  ["VNameEOF", '[{"a"'],
  ["VAfterNameEOF", '[{"a" '],
  ["VNameColon", '[{"a" 1}]'],
  ["VStrErr", '[{"a":"\\x"}]'],
  ["VMissingColonNested", '{"o":{"a" 1}}'],
  ["VMismatchTopArr", "[1,}"],
  ["VMismatchInner", "[1,[2,}]"],
  ["VCloseTop", "]"],
  ["VCloseTopObj", "}"],
  ["InvalidAfterInvalidUTF8Name", [0x7b, 0x22, 0xff, 0x22, 0x3a, 0x78, 0x7d]],
];
const b64 = cases.map(([, s]) => Buffer.from(B(s)).toString("base64"));
const run = (bin) =>
  JSON.parse(execFileSync(bin, { input: JSON.stringify(b64), maxBuffer: 1 << 28 }).toString());
const v1 = run("/tmp/jtgo/v1bin");
const v2 = run("/tmp/jtgo/v2bin");
const table = cases.map(([name], i) => ({
  name,
  in: b64[i],
  v1: { err: v1[i].err, offset: v1[i].offset, valid: v1[i].valid },
  v2: {
    tokens: v2[i].tokens?.length ?? 0,
    err: v2[i].err,
    offset: v2[i].offset,
    pointer: v2[i].pointer,
    unmarshal: v2[i].unmarshal,
    valid: v2[i].valid,
    lenient: v2[i].lenient,
    readValue: v2[i].readValue,
    skipValue: v2[i].skipValue,
  },
}));
writeFileSync(
  new URL("../test/data/syntax-errors.go.json", import.meta.url),
  `${JSON.stringify(table, null, 1)}\n`,
);

// JSONTestSuite verdicts
const dir = join(new URL("../../../../shared/JSONTestSuite/test_parsing", import.meta.url).pathname);
const files = readdirSync(dir).sort();
const fb64 = files.map((f) => readFileSync(join(dir, f)).toString("base64"));
const run2 = (bin) =>
  JSON.parse(execFileSync(bin, { input: JSON.stringify(fb64), maxBuffer: 1 << 28 }).toString());
const s1 = run2("/tmp/jtgo/v1bin");
const s2 = run2("/tmp/jtgo/v2bin");
const suite = {};
files.forEach((f, i) => {
  suite[f] = {
    v1: s1[i].valid,
    v1err: s1[i].err,
    v2: s2[i].valid,
    v2err: s2[i].unmarshal,
    v2lenient: s2[i].lenientValid,
  };
});
writeFileSync(
  new URL("../test/data/json-test-suite.go.json", import.meta.url),
  `${JSON.stringify(suite, null, 1)}\n`,
);
console.log(cases.length, "cases;", files.length, "suite files");
