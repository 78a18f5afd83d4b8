// Records Go's jsontext.Encoder output for token/value sequences into test/data/encoder.go.json
// (run by hand; the Go program is /tmp/jt-value/enc/main.go, run with GOEXPERIMENT=jsonv2).
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";

const S = (str) => ({ str });
const T = (tok) => ({ tok });
const V = (val) => ({ val });
const doc = [
  T("{"),
  S("a"),
  T("["),
  T("1"),
  T("2.50"),
  T("{"),
  T("}"),
  T("["),
  T("]"),
  T("]"),
  S("b"),
  T("{"),
  S("c"),
  S("x<y>&\u2028"),
  S("d"),
  T("null"),
  T("}"),
  S("e"),
  T("true"),
  T("}"),
];
const cases = [
  { name: "Compact/Tokens", opts: {}, ops: doc },
  { name: "Multiline/Tokens", opts: { multiline: true }, ops: doc },
  {
    name: "Indent/PrefixSpaces",
    opts: { withIndent: "  ", withIndentPrefix: " ", spaceAfterComma: true },
    ops: doc,
  },
  { name: "SpaceAfterColonComma", opts: { spaceAfterColon: true, spaceAfterComma: true }, ops: doc },
  { name: "EscapeForHTMLJS", opts: { escapeForHTML: true, escapeForJS: true }, ops: doc },
  { name: "TopLevel/Many", opts: {}, ops: [T("1"), S("x"), T("{"), T("}"), V(' [ 1 , "a" ] '), T("null")] },
  {
    name: "Multiline/Values",
    opts: { multiline: true },
    ops: [T("{"), S("v"), V(' { "b" : [ 1 , { } ] , "a" : "\\u0041" } '), S("w"), V("[]"), T("}")],
  },
  { name: "Values/PreserveRawStrings", opts: { preserveRawStrings: true }, ops: [V('["\\u0041\\/"]')] },
  {
    name: "Values/Canonicalize",
    opts: { canonicalizeRawInts: true, canonicalizeRawFloats: true, reorderRawObjects: true },
    ops: [V('{"b":1.50,"a":[1e2,-0,12345678901234567890],"\\u00e9":0,"z":{"y":1,"x":2}}')],
  },
  {
    name: "Tokens/CanonicalizeFloats",
    opts: { canonicalizeRawFloats: true },
    ops: [T("["), T("1.0"), T("1e2"), T("-0"), T("12345678901234567890"), T("]")],
  },
  {
    name: "Tokens/CanonicalizeInts",
    opts: { canonicalizeRawInts: true },
    ops: [T("["), T("1.0"), T("12345678901234567890"), T("9007199254740993"), T("]")],
  },
  { name: "Error/DuplicateName", opts: {}, ops: [T("{"), S("a"), T("1"), S("a")] },
  {
    name: "Error/DuplicateNameNested",
    opts: {},
    ops: [T("{"), S("x"), T("["), T("{"), S("a"), T("1"), S("a")],
  },
  {
    name: "AllowDuplicateNames",
    opts: { allowDuplicateNames: true },
    ops: [T("{"), S("a"), T("1"), S("a"), T("2"), T("}")],
  },
  { name: "Error/DuplicateNameValue", opts: {}, ops: [T("{"), S("a"), T("1"), V('"\\u0061"')] },
  { name: "Error/Mismatch", opts: {}, ops: [T("["), T("1"), T("}")] },
  { name: "Error/MismatchTop", opts: {}, ops: [T("]")] },
  { name: "Error/MissingValue", opts: {}, ops: [T("{"), S("a"), T("}")] },
  { name: "Error/NonStringName", opts: {}, ops: [T("{"), T("1")] },
  { name: "Error/NonStringNameValue", opts: {}, ops: [T("{"), S("a"), T("1"), V("[]")] },
  { name: "Error/ValueSyntax", opts: {}, ops: [T("["), T("1"), V("[1,]")] },
  { name: "Error/ValueInObject", opts: {}, ops: [T("{"), S("k"), V('{"a" 1}')] },
  { name: "Error/ValueTrailing", opts: {}, ops: [T("["), V("1 2")] },
  { name: "Error/InvalidUTF8", opts: {}, ops: [T("["), S("a\ud800")] },
  { name: "AllowInvalidUTF8", opts: { allowInvalidUTF8: true }, ops: [T("["), S("a\ud800"), T("]")] },
  { name: "Error/ValueInvalidUTF8", opts: {}, ops: [V('"\\ud800"')] },
];
const res = JSON.parse(
  execFileSync("go", ["run", "."], {
    cwd: "/tmp/jt-value/enc",
    input: JSON.stringify(cases),
    env: { ...process.env, GOEXPERIMENT: "jsonv2" },
  }).toString(),
);
const out = cases.map((c, i) => ({ ...c, want: res[i] }));
writeFileSync(new URL("../test/data/encoder.go.json", import.meta.url), `${JSON.stringify(out, null, 1)}\n`);
console.log(`recorded ${out.length} encoder cases`);
