/**
 * v2's streaming methods, MarshalJSONTo and UnmarshalJSONFrom, called by json/v2 and by
 * encoding/json on the v2 engine (defaultOptionsV1): Go's method order (MarshalJSONTo before
 * MarshalJSON, AppendText, MarshalText; UnmarshalJSONFrom before UnmarshalJSON, UnmarshalText),
 * receivers and addressability, map keys, JSON null, values written or read that are not exactly
 * one, and the errors of each. Every expectation was recorded by testdata/go-v2-json-to.go.txt:
 * `GOEXPERIMENT=jsonv2 go run .` (Go 1.26.8) and `GOTOOLCHAIN=go1.27.3 go run .` (Go 1.27.3),
 * which agree. The twins below are the Go methods' bodies.
 */
import { readFileSync } from "node:fs";
import { GoMethodMissingError, type GoType, goType, parseGo, withPackageMethods } from "@gojson/gotype";
import {
  BeginArray,
  BeginObject,
  EndObject,
  type Kind,
  Null,
  numberToken,
  stringToken,
  type Token,
} from "@gojson/jsontext";
import { describe, expect, test } from "vitest";
import {
  defaultOptionsV1,
  GO_VERSIONS,
  type MethodDecoder,
  type MethodEncoder,
  marshal,
  marshalEncode,
  type Options,
  unmarshal,
  unmarshalDecode,
} from "./index.js";
import { optionsOf, marshalOutcome as outcomeIn } from "./method-outcomes.test-support.js";

const intSlice = goType("[]int") as GoType<bigint[] | null>;
const floatSlice = goType("[]float64") as GoType<number[] | null>;
const types = parseGo(readFileSync(new URL("./testdata/go-v2-json-to.go.txt", import.meta.url), "utf8"));

/** Go's jsontext.Kind.String. */
function kindName(k: Kind): string {
  switch (k) {
    case "n":
      return "null";
    case "f":
      return "false";
    case "t":
      return "true";
    case '"':
      return "string";
    case "0":
      return "number";
    default:
      return k;
  }
}

const text = new TextDecoder();
const from = (dec: MethodDecoder) => {
  const t = dec.readToken();
  if (t.kind === '"') return { S: `from:${t.raw}` };
  if (t.kind === "n") return { S: "null!" };
  throw new Error(`want string, got ${kindName(t.kind)}`);
};

withPackageMethods(types, {
  To: { MarshalJSONTo: (enc: MethodEncoder, x: { X: bigint }) => enc.writeToken(stringToken(`to:${x.X}`)) },
  PTo: {
    MarshalJSONTo: (enc: MethodEncoder, x: string) => enc.writeToken(stringToken(`pto:${x}`)),
    MarshalText: (x: string) => `vmt:${x}`,
  },
  All: {
    MarshalJSONTo: (enc: MethodEncoder) => enc.writeToken(stringToken("to")),
    MarshalJSON: () => '"mj"',
    AppendText: () => "at",
    MarshalText: () => "mt",
  },
  Obj: {
    MarshalJSONTo: (enc: MethodEncoder) => {
      enc.writeToken(BeginObject);
      enc.writeToken(stringToken("a"));
      enc.writeValue("[1, true,null]");
      enc.writeToken(EndObject);
    },
  },
  None: { MarshalJSONTo: () => {} },
  Two: {
    MarshalJSONTo: (enc: MethodEncoder) => {
      enc.writeToken(stringToken("a"));
      enc.writeToken(stringToken("b"));
    },
  },
  TwoNum: {
    MarshalJSONTo: (enc: MethodEncoder) => {
      enc.writeToken(numberToken(1));
      enc.writeToken(numberToken(2));
    },
  },
  Three: {
    MarshalJSONTo: (enc: MethodEncoder) => {
      for (const x of ["a", "b", "c"]) enc.writeToken(stringToken(x));
    },
  },
  Open: { MarshalJSONTo: (enc: MethodEncoder) => enc.writeToken(BeginArray) },
  Fail: {
    MarshalJSONTo: () => {
      throw new Error("to failed");
    },
  },
  FailAfter: {
    MarshalJSONTo: (enc: MethodEncoder) => {
      enc.writeToken(BeginArray);
      throw new Error("half");
    },
  },
  // A lone surrogate is JavaScript's invalid UTF-8.
  BadUTF8: { MarshalJSONTo: (enc: MethodEncoder) => enc.writeToken(stringToken("a\ud800b")) },
  KS: { MarshalJSONTo: (enc: MethodEncoder, x: string) => enc.writeToken(stringToken(`ks:${x}`)) },
  KN: { MarshalJSONTo: (enc: MethodEncoder) => enc.writeToken(numberToken(7)) },
  Empty: { MarshalJSONTo: (enc: MethodEncoder) => enc.writeToken(stringToken("")) },
  NullTo: { MarshalJSONTo: (enc: MethodEncoder) => enc.writeToken(Null) },
  NumTo: { MarshalJSONTo: (enc: MethodEncoder, x: bigint) => enc.writeToken(numberToken(x)) },
  StrTo: { MarshalJSONTo: (enc: MethodEncoder, x: string) => enc.writeToken(stringToken(`st:${x}`)) },
  StrFrom: { UnmarshalJSONFrom: (dec: MethodDecoder) => `sf:${text.decode(dec.readValue())}` },
  KI: { MarshalJSONTo: (enc: MethodEncoder, x: bigint) => enc.writeToken(stringToken(`ki:${x}`)) },
  FI: { UnmarshalJSONFrom: (dec: MethodDecoder) => BigInt(dec.readValue().length) },
  // Go's json.MarshalEncode / UnmarshalDecode on the method's encoder: the caller's options apply.
  Wrap: {
    MarshalJSONTo: (enc: MethodEncoder, w: { In: bigint[] | null }) => marshalEncode(enc, intSlice, w.In),
    UnmarshalJSONFrom: (dec: MethodDecoder) => ({ In: unmarshalDecode(dec, intSlice) }),
  },
  WrapF: {
    MarshalJSONTo: (enc: MethodEncoder, w: { F: number[] }) => marshalEncode(enc, floatSlice, w.F),
  },
  From: { UnmarshalJSONFrom: from },
  FromAll: {
    UnmarshalJSONFrom: (dec: MethodDecoder) => `from:${text.decode(dec.readValue())}`,
    UnmarshalJSON: () => "uj",
    UnmarshalText: () => "ut",
  },
  FromNone: { UnmarshalJSONFrom: () => ({ S: "none" }) },
  FromTwo: {
    UnmarshalJSONFrom: (dec: MethodDecoder) => {
      dec.readToken();
      dec.readToken();
      return { S: "two" };
    },
  },
  FromCatch: {
    UnmarshalJSONFrom: (dec: MethodDecoder) => {
      const first = dec.readToken().raw;
      let failed = false;
      try {
        dec.readToken();
      } catch {
        failed = true;
      }
      return { S: `${first}:${failed}` };
    },
  },
  FromOpen: {
    UnmarshalJSONFrom: (dec: MethodDecoder, cur: unknown) => {
      dec.readToken();
      return cur;
    },
  },
  FromFail: {
    UnmarshalJSONFrom: (dec: MethodDecoder) => {
      dec.skipValue();
      throw new Error("from failed");
    },
  },
  FromFailEarly: {
    UnmarshalJSONFrom: () => {
      throw new Error("early");
    },
  },
  FromPeek: {
    UnmarshalJSONFrom: (dec: MethodDecoder) => {
      const k = dec.peekKind();
      return `${kindName(k)}:${text.decode(dec.readValue())}`;
    },
  },
});

function marshalOutcome(type: string, value: unknown, opts: Options[]): string {
  return outcomeIn(types, type, value, opts);
}

const marshals: {
  name: string;
  type: string;
  in: unknown;
  v2: string;
  v1: string;
  /** Go 1.27's answers where they differ. */
  v2Go127?: string;
  v1Go127?: string;
}[] = [
  { name: "To", type: "To", in: { X: 1n }, v2: '"to:1"', v1: '"to:1"' },
  { name: "*To", type: "*To", in: { X: 2n }, v2: '"to:2"', v1: '"to:2"' },
  // v1 semantics call a pointer-receiver method on addressable values only: MarshalText instead.
  { name: "PTo", type: "PTo", in: "p", v2: '"pto:p"', v1: '"vmt:p"' },
  { name: "*PTo", type: "*PTo", in: "p", v2: '"pto:p"', v1: '"pto:p"' },
  { name: "[]PTo", type: "[]PTo", in: ["p"], v2: '["pto:p"]', v1: '["pto:p"]' },
  { name: "Order/All", type: "All", in: "x", v2: '"to"', v1: '"to"' },
  { name: "Obj", type: "Obj", in: {}, v2: '{"a":[1,true,null]}', v1: '{"a":[1,true,null]}' },
  {
    name: "Struct",
    type: "S",
    in: { A: { X: 3n }, P: "p", O: {} },
    v2: '{"A":"to:3","P":"pto:p","O":{"a":[1,true,null]}}',
    v1: '{"A":"to:3","P":"vmt:p","O":{"a":[1,true,null]}}',
  },
  {
    name: "*Struct",
    type: "*S",
    in: { A: { X: 3n }, P: "p", O: {} },
    v2: '{"A":"to:3","P":"pto:p","O":{"a":[1,true,null]}}',
    v1: '{"A":"to:3","P":"pto:p","O":{"a":[1,true,null]}}',
  },
  {
    name: "NonSingular/None",
    type: "None",
    in: {},
    v2: "json: cannot marshal from Go main.None: must read or write exactly one value",
    v1: "json: error calling MarshalJSONTo for type *main.None: must read or write exactly one value",
  },
  {
    name: "NonSingular/[]None",
    type: "[]None",
    in: [{}],
    v2: 'json: cannot marshal from Go main.None within "/0": must read or write exactly one value',
    v1: "json: error calling MarshalJSONTo for type *main.None: must read or write exactly one value",
  },
  {
    name: "NonSingular/Two",
    type: "Two",
    in: {},
    v2: "json: cannot marshal from Go main.Two after offset 6: must read or write exactly one value",
    v1: "json: error calling MarshalJSONTo for type *main.Two: must read or write exactly one value",
  },
  // Several values in a container: Go's error stands after them (an array's index left out, the
  // delimiter before the next value counted); in an object they are names and values in turn.
  {
    name: "NonSingular/[]Two",
    type: "[]Two",
    in: [{}],
    v2: "json: cannot marshal from Go main.Two after offset 9: must read or write exactly one value",
    v1: "json: error calling MarshalJSONTo for type *main.Two: must read or write exactly one value",
  },
  {
    name: "NonSingular/[]Three",
    type: "[]Three",
    in: [{}],
    v2: "json: cannot marshal from Go main.Three after offset 13: must read or write exactly one value",
    v1: "json: error calling MarshalJSONTo for type *main.Three: must read or write exactly one value",
  },
  {
    name: "NonSingular/[]TwoNum",
    type: "[]TwoNum",
    in: [{}],
    v2: "json: cannot marshal from Go main.TwoNum after offset 5: must read or write exactly one value",
    v1: "json: error calling MarshalJSONTo for type *main.TwoNum: must read or write exactly one value",
  },
  {
    name: "NonSingular/FieldTwo",
    type: "InObj",
    in: { A: {}, B: 0n },
    v2: 'json: cannot marshal from Go main.Two within "/b": must read or write exactly one value',
    v1: "json: error calling MarshalJSONTo for type *main.Two: must read or write exactly one value",
  },
  {
    name: "NonSingular/FieldThree",
    type: "InObj3",
    in: { A: {} },
    v2: "json: cannot marshal from Go main.Three after offset 17: must read or write exactly one value",
    v1: "json: error calling MarshalJSONTo for type *main.Three: must read or write exactly one value",
  },
  {
    name: "NonSingular/MapValueTwo",
    type: "map[string]Two",
    in: new Map([["k", {}]]),
    v2: 'json: cannot marshal from Go main.Two within "/b": must read or write exactly one value',
    v1: "json: error calling MarshalJSONTo for type *main.Two: must read or write exactly one value",
  },
  {
    name: "NonSingular/TwoNum",
    type: "TwoNum",
    in: {},
    v2: "json: cannot marshal from Go main.TwoNum after offset 2: must read or write exactly one value",
    v1: "json: error calling MarshalJSONTo for type *main.TwoNum: must read or write exactly one value",
  },
  {
    name: "NonSingular/Open",
    type: "Open",
    in: {},
    v2: "json: cannot marshal from Go main.Open after offset 1: must read or write exactly one value",
    v1: "json: error calling MarshalJSONTo for type *main.Open: must read or write exactly one value",
  },
  {
    name: "Error",
    type: "Fail",
    in: {},
    v2: "json: cannot marshal from Go main.Fail: to failed",
    v1: "json: error calling MarshalJSONTo for type *main.Fail: to failed",
  },
  {
    name: "Error/InSlice",
    type: "[]Fail",
    in: [{}],
    v2: 'json: cannot marshal from Go main.Fail within "/0": to failed',
    v1: "json: error calling MarshalJSONTo for type *main.Fail: to failed",
  },
  {
    name: "Error/InMap",
    type: "map[string]Fail",
    in: new Map([["k", {}]]),
    v2: 'json: cannot marshal from Go main.Fail within "/k": to failed',
    v1: "json: error calling MarshalJSONTo for type *main.Fail: to failed",
  },
  {
    name: "Error/AfterWriting",
    type: "FailAfter",
    in: {},
    v2: "json: cannot marshal from Go main.FailAfter after offset 1: half",
    v1: "json: error calling MarshalJSONTo for type *main.FailAfter: half",
  },
  // The encoder's own error (v1 semantics allow invalid UTF-8: U+FFFD).
  {
    name: "Error/InvalidUTF8",
    type: "BadUTF8",
    in: {},
    v2: "json: cannot marshal from Go main.BadUTF8: invalid UTF-8",
    v1: '"a\ufffdb"',
  },
  // Map keys: v2 calls MarshalJSONTo for a member name (a string); v1 semantics never do.
  { name: "MapKey", type: "map[KS]int", in: new Map([["k", 1n]]), v2: '{"ks:k":1}', v1: '{"k":1}' },
  {
    name: "MapKey/NotString",
    type: "map[KN]int",
    in: new Map([["k", 1n]]),
    v2: "json: cannot marshal from Go main.KN: object member name must be a string after offset 1",
    v1: '{"k":1}',
  },
  { name: "Promoted", type: "Emb", in: { To: { X: 5n }, Y: 6n }, v2: '"to:5"', v1: '"to:5"' },
  // v2's omitempty looks at the method's output ("" and null are empty); v1's at the struct kind.
  {
    name: "OmitEmpty",
    type: "OE",
    in: { A: { X: 0n }, B: { X: 0n }, C: { X: 0n }, D: { X: 0n } },
    v2: '{"D":"to:0"}',
    v1: '{"A":"","B":null,"D":"to:0"}',
  },
  // The string option leaves a type with a marshal method alone.
  { name: "StringOption", type: "SOpt", in: { N: 4n }, v2: '{"N":4}', v1: '{"N":4}' },
  // The string option on string kinds: left alone where the operation's method is called; Go 1.27
  // refuses it on a string kind without one (StrFrom has no marshal method).
  {
    name: "StringOption/StringKind",
    type: "SStr",
    in: { T: "t", F: "f" },
    v2: '{"T":"st:t","F":"f"}',
    v1: '{"T":"st:t","F":"\\"f\\""}',
    v2Go127: 'json: cannot marshal from Go main.StrFrom within "/F": invalid use of `string` tag option',
  },
  {
    name: "MapValue",
    type: "map[string]To",
    in: new Map([["k", { X: 8n }]]),
    v2: '{"k":"to:8"}',
    v1: '{"k":"to:8"}',
  },
  // MarshalEncode within the method: v1 semantics write a nil slice as null.
  { name: "MarshalEncode", type: "Wrap", in: { In: null }, v2: "[]", v1: "null" },
  { name: "MarshalEncode/InSlice", type: "[]Wrap", in: [{ In: [1n, 2n] }], v2: "[[1,2]]", v1: "[[1,2]]" },
  // MarshalEncode's own error keeps its place within the value; v1 semantics wrap it.
  {
    name: "MarshalEncode/Error",
    type: "[]WrapF",
    in: [{ F: [1, Number.NaN] }],
    v2: 'json: cannot marshal from Go float64 within "/0/1": unsupported value: NaN',
    v1: "json: error calling MarshalJSONTo for type *main.WrapF: json: unsupported value: NaN",
  },
  {
    name: "MarshalEncode/ErrorInField",
    type: "SW",
    in: { A: 1n, W: { F: [Number.POSITIVE_INFINITY] } },
    v2: 'json: cannot marshal from Go float64 within "/W/0": unsupported value: +Inf',
    v1: "json: error calling MarshalJSONTo for type *main.WrapF: json: unsupported value: +Inf",
  },
  { name: "MapKey/Int", type: "map[KI]int", in: new Map([[1n, 1n]]), v2: '{"ki:1":1}', v1: '{"1":1}' },
  // An inlined field must not have methods (Go 1.26, json/v2); Go 1.26's v1 semantics inline it
  // without its method; Go 1.27 has no inline option: A is a plain field.
  {
    name: "Inline",
    type: "Inline",
    in: { A: { X: 0n } },
    v2: "json: cannot marshal from Go main.Inline: inlined Go struct field A of type main.To must not implement marshal or unmarshal methods",
    v1: '{"X":0}',
    v2Go127: '{"A":"to:0"}',
    v1Go127: '{"A":"to:0"}',
  },
];

describe("MarshalJSONTo (recorded from Go)", () => {
  for (const goVersion of GO_VERSIONS)
    for (const engine of ["v2", "v1"] as const)
      for (const c of marshals)
        test(`Go${goVersion}/${engine}/${c.name}`, () => {
          const want =
            engine === "v2"
              ? goVersion === "1.27"
                ? (c.v2Go127 ?? c.v2)
                : c.v2
              : goVersion === "1.27"
                ? (c.v1Go127 ?? c.v1)
                : c.v1;
          expect(marshalOutcome(c.type, c.in, optionsOf(engine, goVersion))).toBe(want);
        });
});

const from1 = (s: string) => ({ S: s });

const unmarshals: {
  name: string;
  type: string;
  in: string;
  /** The result (when neither engine fails). */
  want?: unknown;
  /** v1's result when it differs (map keys). */
  wantV1?: unknown;
  v2Err?: string;
  v1Err?: string;
  /** Go 1.27's answer where it differs. */
  v2Go127Err?: string;
  /**
   * Recorded under v2 semantics only: a method that reads into the next member or past its
   * container's end leaves Go's v1-semantics decoder out of step (a syntax error for UT, and
   * `["a"]` into []FromTwo never returns), which codec-v2 does not copy.
   */
  v2Only?: true;
}[] = [
  { name: "String", type: "From", in: '"x"', want: from1("from:x") },
  // Go calls UnmarshalJSONFrom for null (v2 and v1 semantics); a nil pointer is set without a call.
  { name: "Null", type: "From", in: "null", want: from1("null!") },
  { name: "*From/Null", type: "*From", in: "null", want: null },
  {
    name: "Error",
    type: "From",
    in: "1",
    v2Err: "json: cannot unmarshal into Go main.From: want string, got number",
    v1Err: "want string, got number",
  },
  // The method, not the struct's fields, reads an object (the fast path must not decode it).
  {
    name: "Error/Object",
    type: "From",
    in: '{"S":"s"}',
    v2Err: "json: cannot unmarshal into Go main.From: want string, got {",
    v1Err: "want string, got {",
  },
  {
    name: "Error/ObjectInSlice",
    type: "[]From",
    in: '[{"S":"s"}]',
    v2Err: 'json: cannot unmarshal into Go main.From within "/0": want string, got {',
    v1Err: "want string, got {",
  },
  { name: "Order/All", type: "FromAll", in: '{"a": 1}', want: 'from:{"a": 1}' },
  {
    name: "NonSingular/None",
    type: "FromNone",
    in: '"x"',
    v2Err: "json: cannot unmarshal into Go main.FromNone: must read or write exactly one value",
    v1Err: "must read or write exactly one value",
  },
  {
    name: "NonSingular/[]None",
    type: "[]FromNone",
    in: '["x"]',
    v2Err: 'json: cannot unmarshal into Go main.FromNone within "/0": must read or write exactly one value',
    v1Err: "must read or write exactly one value",
  },
  // Reading past the top-level value meets the end of the input.
  {
    name: "NonSingular/TwoAtTopLevel",
    type: "FromTwo",
    in: '"a"',
    v2Err: "json: cannot unmarshal into Go main.FromTwo: unexpected EOF",
    v1Err: "unexpected end of JSON input",
  },
  // Reading past the value in a container: Go's decoder has read the next element, the next
  // member's name or the closing delimiter, and the error stands there.
  {
    name: "NonSingular/[]Two",
    type: "[]FromTwo",
    in: '["a","b"]',
    v2Err: "json: cannot unmarshal into Go main.FromTwo after offset 5: must read or write exactly one value",
    v1Err: "must read or write exactly one value",
  },
  {
    name: "NonSingular/[]Two/End",
    type: "[]FromTwo",
    in: '["a"]',
    v2Err: "json: cannot unmarshal into Go main.FromTwo after offset 4: must read or write exactly one value",
    v2Only: true,
  },
  {
    name: "NonSingular/NestedEnd",
    type: "UX",
    in: '{"X":["a"]}',
    v2Err: "json: cannot unmarshal into Go main.FromTwo after offset 9: must read or write exactly one value",
    v2Only: true,
  },
  {
    name: "NonSingular/NextMember",
    type: "UT",
    in: '{"A":"a","B":"b"}',
    v2Err: 'json: cannot unmarshal into Go main.FromTwo within "/B": must read or write exactly one value',
    v2Only: true,
  },
  {
    name: "NonSingular/NextMapMember",
    type: "map[string]FromTwo",
    in: '{"k":"a","j":"b"}',
    v2Err: 'json: cannot unmarshal into Go main.FromTwo within "/j": must read or write exactly one value',
    v2Only: true,
  },
  // A method that ignores the failed read past the top-level value has read one value; in a
  // container Go's read succeeds, and the method has read two.
  { name: "ReadPast/Caught", type: "FromCatch", in: '"a"', want: from1("a:true") },
  {
    name: "ReadPast/CaughtInSlice",
    type: "[]FromCatch",
    in: '["a","b"]',
    v2Err:
      "json: cannot unmarshal into Go main.FromCatch after offset 5: must read or write exactly one value",
    v1Err: "must read or write exactly one value",
  },
  {
    name: "NonSingular/Open",
    type: "FromOpen",
    in: "[1]",
    v2Err: "json: cannot unmarshal into Go main.FromOpen: must read or write exactly one value",
    v1Err: "must read or write exactly one value",
  },
  {
    name: "NonSingular/[]Open",
    type: "[]FromOpen",
    in: "[[1]]",
    v2Err: 'json: cannot unmarshal into Go main.FromOpen within "/0": must read or write exactly one value',
    v1Err: "must read or write exactly one value",
  },
  {
    name: "Error/AfterReading",
    type: "FromFail",
    in: '{"x":[1]}',
    v2Err: "json: cannot unmarshal into Go main.FromFail after offset 8: from failed",
    v1Err: "from failed",
  },
  // v1 semantics go on after the method's value (B is decoded); v2 stops.
  {
    name: "Error/InStruct",
    type: "UF",
    in: '{"A":{"x":1},"B":2}',
    v2Err: 'json: cannot unmarshal into Go main.FromFail within "/A": from failed',
    v1Err: "from failed",
  },
  {
    name: "Error/BeforeReading",
    type: "UFE",
    in: '{"A":{"x":1},"B":2}',
    v2Err: 'json: cannot unmarshal into Go main.FromFailEarly within "/A": early',
    v1Err: "early",
  },
  { name: "Peek", type: "FromPeek", in: " [1, 2 ]", want: "[:[1, 2 ]" },
  // Map keys: v2 calls UnmarshalJSONFrom on the member name; v1 semantics never do.
  {
    name: "MapKey",
    type: "map[FromPeek]int",
    in: '{"a":1}',
    want: new Map([['string:"a"', 1n]]),
    wantV1: new Map([["a", 1n]]),
  },
  { name: "Promoted", type: "EmbFrom", in: '"e"', want: { From: from1("from:e"), Y: 0n } },
  {
    name: "Struct",
    type: "US",
    in: '{"A":"a","B":"b","C":["c",null],"D":{"k":"d"},"E":1}',
    want: {
      A: from1("from:a"),
      B: from1("from:b"),
      C: [from1("from:c"), from1("null!")],
      D: new Map([["k", from1("from:d")]]),
      E: 1n,
    },
  },
  {
    name: "Struct/Nulls",
    type: "US",
    in: '{"A":null,"B":null,"C":null,"D":{"k":null}}',
    want: { A: from1("null!"), B: null, C: null, D: new Map([["k", from1("null!")]]), E: 0n },
  },
  {
    name: "Struct/Error",
    type: "US",
    in: '{"A":"a","C":["c",2],"E":1}',
    v2Err: 'json: cannot unmarshal into Go main.From within "/C/1": want string, got number',
    v1Err: "want string, got number",
  },
  { name: "UnmarshalDecode", type: "Wrap", in: "[1,2]", want: { In: [1n, 2n] } },
  {
    name: "UnmarshalDecode/Error",
    type: "Wrap",
    in: '[1,"x"]',
    v2Err: 'json: cannot unmarshal JSON string into Go int within "/1"',
    v1Err: "json: cannot unmarshal string into .1 of type int",
  },
  {
    name: "StringOption/StringKind",
    type: "SStr",
    in: '{"T":"t","F":"f"}',
    want: { T: "t", F: 'sf:"f"' },
    v2Go127Err: 'json: cannot unmarshal into Go main.StrTo within "/T": invalid use of `string` tag option',
    v1Err:
      "json: cannot unmarshal string into Go struct field SStr.T of type main.StrTo: invalid character 't' looking for beginning of object key string",
  },
  {
    name: "MapKey/Int",
    type: "map[FI]int",
    in: '{"abc":1}',
    want: new Map([[5n, 1n]]),
    v1Err: "json: cannot unmarshal number abc into Go struct field .abc of type main.FI",
  },
  {
    name: "Inline",
    type: "Inline",
    in: "{}",
    want: { A: { X: 0n } },
    v2Err:
      "json: cannot unmarshal JSON object into Go main.Inline: inlined Go struct field A of type main.To must not implement marshal or unmarshal methods",
    v2Go127Err: "",
  },
];

describe("UnmarshalJSONFrom (recorded from Go)", () => {
  for (const goVersion of GO_VERSIONS)
    for (const engine of ["v2", "v1"] as const)
      for (const c of unmarshals.filter((c) => engine === "v2" || !c.v2Only))
        test(`Go${goVersion}/${engine}/${c.name}`, () => {
          const t = goType(c.type, types) as GoType;
          let got: unknown;
          let err = "";
          try {
            got = unmarshal(t, c.in, optionsOf(engine, goVersion));
          } catch (e) {
            err = (e as Error).message;
          }
          const wantErr =
            engine === "v2" ? (goVersion === "1.27" ? (c.v2Go127Err ?? c.v2Err) : c.v2Err) : c.v1Err;
          expect(err).toBe(wantErr ?? "");
          if (err === "") expect(got).toEqual(engine === "v1" && "wantV1" in c ? c.wantV1 : c.want);
        });
});

test("UnmarshalJSONFrom/LegacyGoesOn", () => {
  // Go's v1 (on the v2 engine) returns the method's error after decoding the rest: B is 2.
  let value: unknown;
  try {
    unmarshal(goType("UF", types) as GoType, '{"A":{"x":1},"B":2}', defaultOptionsV1());
  } catch (e) {
    value = (e as { value?: unknown }).value;
  }
  expect((value as { B: bigint }).B).toBe(2n);
});

test("MissingTwin/Streaming", () => {
  // MarshalJSONTo / UnmarshalJSONFrom declared in Go source without a twin: GoMethodMissingError,
  // never the text or JSON method that Go would not call.
  const d = parseGo(
    'package main\nimport "encoding/json/jsontext"\ntype T string\nfunc (T) MarshalJSONTo(enc *jsontext.Encoder) error\nfunc (T) MarshalText() ([]byte, error)\ntype U string\nfunc (u *U) UnmarshalJSONFrom(dec *jsontext.Decoder) error\nfunc (u *U) UnmarshalText(b []byte) error',
  );
  withPackageMethods(d, { T: { MarshalText: (x: string) => x }, U: { UnmarshalText: () => "u" } });
  for (const opts of [[], [defaultOptionsV1()]] as Options[][]) {
    expect(() => marshal(d.T as GoType, "x" as never, opts)).toThrow(GoMethodMissingError);
    expect(() => marshal(goType("[]T", d) as GoType, ["x"] as never, opts)).toThrow(GoMethodMissingError);
    expect(() => unmarshal(d.U as GoType, '"x"', opts)).toThrow(GoMethodMissingError);
  }
  // As a map key: v2 calls the methods; v1 semantics never do (the text methods serve).
  expect(() => marshal(goType("map[T]int", d) as GoType, new Map([["x", 1n]]) as never)).toThrow(
    GoMethodMissingError,
  );
  expect(() => unmarshal(goType("map[U]int", d) as GoType, '{"x":1}')).toThrow(GoMethodMissingError);
  expect(
    text.decode(marshal(goType("map[T]int", d) as GoType, new Map([["x", 1n]]) as never, defaultOptionsV1())),
  ).toBe('{"x":1}');
});

test("MarshalEncode/Partial", () => {
  // Go's Marshal returns what it wrote with the error, the method's output included: json/v2's
  // bytes beside its error for testdata/go-v2-json-to.go.txt's []WrapF and SW (Go 1.26.8, 1.27.3).
  const partial = (type: string, v: unknown) => {
    try {
      marshal(goType(type, types) as GoType, v as never);
    } catch (e) {
      return text.decode((e as { partial?: Uint8Array }).partial);
    }
    return "no error";
  };
  expect(partial("[]WrapF", [{ F: [1, Number.NaN] }])).toBe("[[1");
  expect(partial("SW", { A: 1n, W: { F: [Number.POSITIVE_INFINITY] } })).toBe('{"A":1,"W":[');
});

describe("MarshalJSONTo partial output (recorded from Go)", () => {
  // testdata/go-v2-json-to-partial.go.txt: what json/v2's Marshal returns with the error, the
  // method's output so far included (Go writes indentation with the token after it).
  const d = parseGo(
    readFileSync(new URL("./testdata/go-v2-json-to-partial.go.txt", import.meta.url), "utf8"),
  );
  withPackageMethods(d, {
    Dup: {
      MarshalJSONTo: (enc: MethodEncoder) => {
        enc.writeToken(BeginObject);
        enc.writeToken(stringToken("a"));
        enc.writeToken(numberToken(1));
        enc.writeToken(stringToken("a"));
        enc.writeToken(numberToken(2));
        enc.writeToken(EndObject);
      },
    },
    FailAfter: {
      MarshalJSONTo: (enc: MethodEncoder) => {
        enc.writeToken(BeginArray);
        throw new Error("half");
      },
    },
    Two: {
      MarshalJSONTo: (enc: MethodEncoder) => {
        enc.writeToken(stringToken("a"));
        enc.writeToken(stringToken("b"));
      },
    },
  });
  const cases: { name: string; type: string; in: unknown; multiline?: true; partial: string; err: string }[] =
    [
      {
        name: "Dup",
        type: "Dup",
        in: {},
        partial: '{"a":1',
        err: 'json: cannot marshal from Go main.Dup: duplicate object member name "a"',
      },
      {
        name: "Dup/Nested",
        type: "S",
        in: { X: [{}] },
        partial: '{"X":[{"a":1',
        err: 'json: cannot marshal from Go main.Dup: duplicate object member name "a" within "/X/0"',
      },
      {
        name: "FailAfter",
        type: "FailAfter",
        in: {},
        partial: "[",
        err: "json: cannot marshal from Go main.FailAfter after offset 1: half",
      },
      {
        name: "FailAfter/InSlice",
        type: "[]FailAfter",
        in: [{}],
        partial: "[[",
        err: 'json: cannot marshal from Go main.FailAfter within "/0": half',
      },
      // Several values: Go writes them with the container's delimiters (none at the top level).
      {
        name: "Two",
        type: "Two",
        in: {},
        partial: '"a""b"',
        err: "json: cannot marshal from Go main.Two after offset 6: must read or write exactly one value",
      },
      {
        name: "Two/InSlice",
        type: "[]Two",
        in: [{}],
        partial: '["a","b"',
        err: "json: cannot marshal from Go main.Two after offset 9: must read or write exactly one value",
      },
      {
        name: "Two/InMap",
        type: "map[string]Two",
        in: new Map([["k", {}]]),
        partial: '{"k":"a","b"',
        err: 'json: cannot marshal from Go main.Two within "/b": must read or write exactly one value',
      },
      {
        name: "Multiline/Dup",
        type: "Dup",
        in: {},
        multiline: true,
        partial: '{\n\t"a": 1',
        err: 'json: cannot marshal from Go main.Dup: duplicate object member name "a"',
      },
      {
        name: "Multiline/Dup/Nested",
        type: "S",
        in: { X: [{}] },
        multiline: true,
        partial: '{\n\t"X": [\n\t\t{\n\t\t\t"a": 1',
        err: 'json: cannot marshal from Go main.Dup: duplicate object member name "a" within "/X/0"',
      },
      // Go's offset counts the indentation its encoder would write next.
      {
        name: "Multiline/FailAfter",
        type: "FailAfter",
        in: {},
        multiline: true,
        partial: "[",
        err: "json: cannot marshal from Go main.FailAfter after offset 3: half",
      },
      {
        name: "Multiline/FailAfter/InSlice",
        type: "[]FailAfter",
        in: [{}],
        multiline: true,
        partial: "[\n\t[",
        err: 'json: cannot marshal from Go main.FailAfter within "/0": half',
      },
    ];
  for (const goVersion of GO_VERSIONS)
    for (const c of cases)
      test(`Go${goVersion}/${c.name}`, () => {
        let got: { partial?: Uint8Array; message: string } | undefined;
        try {
          marshal(goType(c.type, d) as GoType, c.in as never, {
            goVersion,
            ...(c.multiline ? { multiline: true } : {}),
          });
        } catch (e) {
          got = e as { partial?: Uint8Array; message: string };
        }
        expect(got?.message).toBe(c.err);
        expect(text.decode(got?.partial)).toBe(c.partial);
      });
});

describe("Streaming method failing inside a level it opened (recorded from Go)", () => {
  // testdata/go-v2-json-to-inner.go.txt: Go points into the levels the method opened (the last
  // one only when a member's value is due) and counts the delimiter its encoder writes next.
  const d = parseGo(readFileSync(new URL("./testdata/go-v2-json-to-inner.go.txt", import.meta.url), "utf8"));
  const fail = () => {
    throw new Error("half");
  };
  const writes = (...tokens: Token[]) => ({
    MarshalJSONTo: (enc: MethodEncoder) => {
      for (const t of tokens) enc.writeToken(t);
      fail();
    },
  });
  const reads = (n: number) => ({
    UnmarshalJSONFrom: (dec: MethodDecoder) => {
      for (let i = 0; i < n; i++) dec.readToken();
      fail();
    },
  });
  withPackageMethods(d, {
    InObj: writes(BeginObject, stringToken("x")),
    InObjDone: writes(BeginObject, stringToken("x"), numberToken(1)),
    InArr: writes(BeginArray, numberToken(1), BeginArray),
    FromObj: reads(2),
    FromObjDone: reads(3),
    FromArr: reads(3),
  });
  const marshals: { type: string; in: unknown; want: string }[] = [
    { type: "InObj", in: {}, want: 'json: cannot marshal from Go main.InObj within "/x": half' },
    { type: "[]InObj", in: [{}], want: 'json: cannot marshal from Go main.InObj within "/0/x": half' },
    { type: "InObjDone", in: {}, want: "json: cannot marshal from Go main.InObjDone after offset 7: half" },
    { type: "InArr", in: {}, want: 'json: cannot marshal from Go main.InArr within "/1": half' },
    { type: "[]InArr", in: [{}], want: 'json: cannot marshal from Go main.InArr within "/0/1": half' },
    {
      type: "S",
      in: { A: [], B: {}, C: {} },
      want: 'json: cannot marshal from Go main.InObjDone within "/B": half',
    },
  ];
  const unmarshals: { type: string; in: string; want: string }[] = [
    { type: "FromObj", in: '{"x":1}', want: 'json: cannot unmarshal into Go main.FromObj within "/x": half' },
    {
      type: "[]FromObj",
      in: '[{"x":1}]',
      want: 'json: cannot unmarshal into Go main.FromObj within "/0/x": half',
    },
    {
      type: "FromObjDone",
      in: '{"x":1,"y":2}',
      want: "json: cannot unmarshal into Go main.FromObjDone after offset 5: half",
    },
    { type: "FromArr", in: "[1,[2]]", want: 'json: cannot unmarshal into Go main.FromArr within "/1": half' },
    {
      type: "map[string]FromArr",
      in: '{"k":[1,[2]]}',
      want: 'json: cannot unmarshal into Go main.FromArr within "/k/1": half',
    },
  ];
  const message = (f: () => unknown) => {
    try {
      f();
      return "no error";
    } catch (e) {
      return (e as Error).message;
    }
  };
  for (const goVersion of GO_VERSIONS) {
    for (const c of marshals)
      test(`Go${goVersion}/Marshal/${c.type}`, () => {
        expect(message(() => marshal(goType(c.type, d) as GoType, c.in as never, { goVersion }))).toBe(
          c.want,
        );
      });
    for (const c of unmarshals)
      test(`Go${goVersion}/Unmarshal/${c.type}`, () => {
        expect(message(() => unmarshal(goType(c.type, d) as GoType, c.in, { goVersion }))).toBe(c.want);
      });
  }
});
