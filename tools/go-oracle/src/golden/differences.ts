import { ALL, type GoldenCase, type GoldenGroup } from "./spec.js";

// The sixteen v1/v2 differences listed in Go's "Migrating to v2" doc
// (encoding/json, v2_options.go), each run on v1, v1-on-v2 and v2.

const S = (body: string) => `type S struct {\n${body}\n}`;

export const differences: GoldenGroup = {
  group: "differences",
  cases: (
    [
      // 1. case-insensitive matching
      {
        name: "Diff/01-CaseSensitivity/Exact",
        goSource: S('\tFoo int `json:"foo"`'),
        type: "S",
        op: "unmarshal",
        input: `{"foo":1}`,
      },
      {
        name: "Diff/01-CaseSensitivity/Folded",
        goSource: S('\tFoo int `json:"foo"`'),
        type: "S",
        op: "unmarshal",
        input: `{"FOO":1}`,
      },
      {
        name: "Diff/01-CaseSensitivity/Delimiter",
        goSource: S('\tFooBar int `json:"foo_bar"`'),
        type: "S",
        op: "unmarshal",
        input: `{"FooBar":1}`,
      },
      {
        name: "Diff/01-CaseSensitivity/CaseIgnoreTag",
        goSource: S('\tFoo int `json:"foo,case:ignore"`'),
        type: "S",
        op: "unmarshal",
        input: `{"FOO":1}`,
      },
      // 2. omitempty
      ...(
        [
          ["Bool", "bool", false],
          ["Int", "int", "0"],
          ["NilPtr", "*int", null],
          ["PtrToEmptyString", "*string", ""],
          ["NilAny", "any", null],
          ["AnyEmptyString", "any", { t: "string", v: "" }],
          ["EmptyStruct", "struct{}", {}],
          ["ZeroArray", "[0]int", []],
        ] as const
      ).map(
        ([n, t, v]): GoldenCase => ({
          name: `Diff/02-OmitEmpty/${n}`,
          goSource: S(`\tV ${t} \`json:"v,omitempty"\``),
          type: "S",
          op: "marshal",
          value: { V: v as never },
        }),
      ),
      // 3. string option
      {
        name: "Diff/03-String/Int",
        goSource: S('\tV int `json:"v,string"`'),
        type: "S",
        op: "marshal",
        value: { V: "5" },
      },
      {
        name: "Diff/03-String/Bool",
        goSource: S('\tV bool `json:"v,string"`'),
        type: "S",
        op: "marshal",
        value: { V: true },
      },
      {
        name: "Diff/03-String/String",
        goSource: S('\tV string `json:"v,string"`'),
        type: "S",
        op: "marshal",
        value: { V: "x" },
      },
      {
        name: "Diff/03-String/SliceOfInt",
        goSource: S('\tV []int `json:"v,string"`'),
        type: "S",
        op: "marshal",
        value: { V: ["1", "2"] },
      },
      {
        name: "Diff/03-String/UnmarshalQuotedInt",
        goSource: S('\tV int `json:"v,string"`'),
        type: "S",
        op: "unmarshal",
        input: `{"v":"5"}`,
      },
      {
        name: "Diff/03-String/UnmarshalBareInt",
        goSource: S('\tV int `json:"v,string"`'),
        type: "S",
        op: "unmarshal",
        input: `{"v":5}`,
      },
      // 4. nil slices and maps
      { name: "Diff/04-NilSliceMap/NilSlice", type: "[]int", op: "marshal", value: null },
      { name: "Diff/04-NilSliceMap/NilMap", type: "map[string]int", op: "marshal", value: null },
      { name: "Diff/04-NilSliceMap/NilBytes", type: "[]byte", op: "marshal", value: null },
      {
        name: "Diff/04-NilSliceMap/FormatEmitNull",
        goSource: S('\tV []int `json:"v,format:emitnull"`'),
        type: "S",
        op: "marshal",
        value: { V: null },
      },
      // 5. array length
      { name: "Diff/05-Arrays/Shorter", type: "[3]int", op: "unmarshal", input: "[1,2]" },
      { name: "Diff/05-Arrays/Longer", type: "[2]int", op: "unmarshal", input: "[1,2,3]" },
      { name: "Diff/05-Arrays/Exact", type: "[2]int", op: "unmarshal", input: "[1,2]" },
      // 6. byte arrays
      { name: "Diff/06-ByteArrays/Marshal", type: "[4]byte", op: "marshal", value: ["1", "2", "3", "4"] },
      { name: "Diff/06-ByteArrays/UnmarshalArray", type: "[4]byte", op: "unmarshal", input: "[1,2,3,4]" },
      { name: "Diff/06-ByteArrays/UnmarshalBase64", type: "[4]byte", op: "unmarshal", input: `"AQIDBA=="` },
      // 7. pointer-receiver MarshalJSON
      {
        name: "Diff/07-PointerReceiver/NonAddressable",
        goSource: 'type CentsP int64\n\ntype S struct {\n\tV CentsP `json:"v"`\n}',
        type: "S",
        op: "marshal",
        value: { V: "1250" },
      },
      {
        name: "Diff/07-PointerReceiver/Addressable",
        goSource: "type CentsP int64",
        type: "*CentsP",
        op: "marshal",
        value: "1250",
      },
      // 8. map keys with MarshalJSON / UnmarshalJSON
      {
        name: "Diff/08-MapKeyMethods/Marshal",
        goSource: "type KeyJSON string",
        type: "map[KeyJSON]int",
        op: "marshal",
        value: [["a", "1"]],
      },
      {
        name: "Diff/08-MapKeyMethods/Unmarshal",
        goSource: "type KeyJSON string",
        type: "map[KeyJSON]int",
        op: "unmarshal",
        input: `{"k:a":1}`,
      },
      {
        name: "Diff/08-MapKeyMethods/TextKey",
        goSource: "type UpperText string",
        type: "map[UpperText]int",
        op: "marshal",
        value: [["a", "1"]],
      },
      // 9. map determinism (v2 shown with deterministic; the single-key case is order-free)
      { name: "Diff/09-MapOrder/SingleKey", type: "map[string]int", op: "marshal", value: [["b", "1"]] },
      {
        name: "Diff/09-MapOrder/Deterministic",
        type: "map[string]int",
        op: "marshal",
        optionsFor: { v2: { deterministic: true } },
        value: [
          ["b", "1"],
          ["a", "2"],
          ["c", "3"],
        ],
      },
      // 10. HTML / JS escaping
      { name: "Diff/10-Escape/HTML", type: "string", op: "marshal", value: "<tag>&amp;" },
      { name: "Diff/10-Escape/LineSeparator", type: "string", op: "marshal", value: "a\u2028b\u2029c" },
      {
        name: "Diff/10-Escape/EscapeForHTMLOption",
        engines: ["v2"],
        type: "string",
        op: "marshal",
        value: "<&>",
        options: { escapeForHTML: true },
      },
      {
        name: "Diff/10-Escape/EscapeHTMLFalse",
        engines: ["v1", "v1v2"],
        type: "string",
        op: "marshal",
        value: "<&>",
        options: { escapeHTML: false },
      },
      // 11. invalid UTF-8
      {
        name: "Diff/11-InvalidUTF8/Unmarshal",
        type: "string",
        op: "unmarshal",
        input: new Uint8Array([0x22, 0x61, 0xff, 0x62, 0x22]),
      },
      {
        name: "Diff/11-InvalidUTF8/Valid",
        op: "valid",
        input: new Uint8Array([0x22, 0x61, 0xff, 0x62, 0x22]),
      },
      {
        name: "Diff/11-InvalidUTF8/AllowInvalidUTF8",
        engines: ["v2"],
        type: "string",
        op: "unmarshal",
        input: new Uint8Array([0x22, 0x61, 0xff, 0x62, 0x22]),
        options: { allowInvalidUTF8: true },
      },
      // 12. duplicate names
      {
        name: "Diff/12-DuplicateNames/Struct",
        goSource: S('\tA int `json:"a"`'),
        type: "S",
        op: "unmarshal",
        input: `{"a":1,"a":2}`,
      },
      { name: "Diff/12-DuplicateNames/Map", type: "map[string]int", op: "unmarshal", input: `{"a":1,"a":2}` },
      { name: "Diff/12-DuplicateNames/Any", type: "any", op: "unmarshal", input: `{"a":1,"a":2}` },
      { name: "Diff/12-DuplicateNames/Valid", op: "valid", input: `{"a":1,"a":2}` },
      {
        name: "Diff/12-DuplicateNames/Allowed",
        engines: ["v2"],
        type: "map[string]int",
        op: "unmarshal",
        input: `{"a":1,"a":2}`,
        options: { allowDuplicateNames: true },
      },
      // 13. merge null
      { name: "Diff/13-MergeNull/Int", type: "int", op: "unmarshal", input: "null", into: "5" },
      { name: "Diff/13-MergeNull/String", type: "string", op: "unmarshal", input: "null", into: "x" },
      { name: "Diff/13-MergeNull/Bool", type: "bool", op: "unmarshal", input: "null", into: true },
      { name: "Diff/13-MergeNull/Slice", type: "[]int", op: "unmarshal", input: "null", into: ["1"] },
      {
        name: "Diff/13-MergeNull/Map",
        type: "map[string]int",
        op: "unmarshal",
        input: "null",
        into: [["a", "1"]],
      },
      { name: "Diff/13-MergeNull/Pointer", type: "*int", op: "unmarshal", input: "null", into: "1" },
      {
        name: "Diff/13-MergeNull/Struct",
        goSource: S('\tA int `json:"a"`'),
        type: "S",
        op: "unmarshal",
        input: "null",
        into: { A: "1" },
      },
      {
        name: "Diff/13-MergeNull/Any",
        type: "any",
        op: "unmarshal",
        input: "null",
        into: { t: "float64", v: "1" },
      },
      // 14. merge composite
      {
        name: "Diff/14-MergeComposite/MapValue",
        goSource: S('\tA int `json:"a"`\n\tB int `json:"b"`'),
        type: "map[string]S",
        op: "unmarshal",
        input: `{"k":{"b":2}}`,
        into: [["k", { A: "1", B: "0" }]],
      },
      {
        name: "Diff/14-MergeComposite/SliceElement",
        goSource: S('\tA int `json:"a"`\n\tB int `json:"b"`'),
        type: "[]S",
        op: "unmarshal",
        input: `[{"b":2}]`,
        into: [{ A: "1", B: "0" }],
      },
      {
        name: "Diff/14-MergeComposite/ArrayElement",
        goSource: S('\tA int `json:"a"`\n\tB int `json:"b"`'),
        type: "[1]S",
        op: "unmarshal",
        input: `[{"b":2}]`,
        into: [{ A: "1", B: "0" }],
      },
      {
        name: "Diff/14-MergeComposite/AnyHoldingMap",
        type: "any",
        op: "unmarshal",
        input: `{"b":2}`,
        into: { t: "map[string]interface {}", v: [["a", { t: "float64", v: "1" }]] },
      },
      // 15. time.Duration
      { name: "Diff/15-Duration/Marshal", type: "time.Duration", op: "marshal", value: "1500000000" },
      {
        name: "Diff/15-Duration/UnmarshalNumber",
        type: "time.Duration",
        op: "unmarshal",
        input: "1500000000",
      },
      { name: "Diff/15-Duration/UnmarshalString", type: "time.Duration", op: "unmarshal", input: `"1.5s"` },
      {
        name: "Diff/15-Duration/FormatUnits",
        goSource: S('\tD time.Duration `json:"d,format:units"`'),
        type: "S",
        op: "marshal",
        value: { D: "1500000000" },
      },
      {
        name: "Diff/15-Duration/FormatNano",
        goSource: S('\tD time.Duration `json:"d,format:nano"`'),
        type: "S",
        op: "marshal",
        value: { D: "1500000000" },
      },
      // 16. structural errors
      {
        name: "Diff/16-StructuralErrors/OnlyUnexported",
        goSource: S("\ta int"),
        type: "S",
        op: "marshal",
        value: { a: "1" },
      },
      {
        name: "Diff/16-StructuralErrors/BadTagOption",
        goSource: S('\tA int `json:"a,format:bogus"`'),
        type: "S",
        op: "marshal",
        value: { A: "1" },
      },
      {
        name: "Diff/16-StructuralErrors/DuplicateNames",
        goSource: S('\tA int `json:"x"`\n\tB int `json:"x"`'),
        type: "S",
        op: "marshal",
        value: { A: "1", B: "2" },
      },
      {
        name: "Diff/16-StructuralErrors/UnknownOption",
        goSource: S('\tA int `json:"a,bogus"`'),
        type: "S",
        op: "marshal",
        value: { A: "1" },
      },
    ] as GoldenCase[]
  ).map((c) => ({ engines: ALL, ...c })),
};
