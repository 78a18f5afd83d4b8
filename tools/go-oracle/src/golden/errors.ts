import { ALL, type GoldenCase, type GoldenGroup } from "./spec.js";

// Every error class the three engines return, with Go's err.Error() text.

const S =
  'type S struct {\n\tA int `json:"a"`\n\tB []Inner `json:"b"`\n}\n\ntype Inner struct {\n\tC bool `json:"c"`\n}';

export const errors: GoldenGroup = {
  group: "errors",
  cases: (
    [
      // syntax
      { name: "Errors/Syntax/Empty", type: "any", op: "unmarshal", input: "" },
      { name: "Errors/Syntax/Truncated", type: "any", op: "unmarshal", input: `{"a":` },
      { name: "Errors/Syntax/BadLiteral", type: "any", op: "unmarshal", input: "tru" },
      { name: "Errors/Syntax/TrailingComma", type: "any", op: "unmarshal", input: "[1,]" },
      { name: "Errors/Syntax/TrailingData", type: "any", op: "unmarshal", input: `{"a":1}x` },
      { name: "Errors/Syntax/TwoValues", type: "any", op: "unmarshal", input: `{} {}` },
      { name: "Errors/Syntax/LeadingZero", type: "any", op: "unmarshal", input: "01" },
      { name: "Errors/Syntax/BadEscape", type: "any", op: "unmarshal", input: `"\\x"` },
      { name: "Errors/Syntax/ControlChar", type: "any", op: "unmarshal", input: '"a\tb"' },
      { name: "Errors/Syntax/SingleQuote", type: "any", op: "unmarshal", input: "{'a':1}" },
      { name: "Errors/Syntax/MissingColon", type: "any", op: "unmarshal", input: `{"a" 1}` },
      {
        name: "Errors/Syntax/NestedDeep",
        goSource: S,
        type: "S",
        op: "unmarshal",
        input: `{"b":[{"c":tru}]}`,
      },
      { name: "Errors/Syntax/Compact", op: "compact", input: `{"a":}` },
      { name: "Errors/Syntax/Indent", op: "indent", input: `[1 2]` },
      // type mismatch
      { name: "Errors/Type/StringIntoInt", goSource: S, type: "S", op: "unmarshal", input: `{"a":"x"}` },
      {
        name: "Errors/Type/NumberIntoBool",
        goSource: S,
        type: "S",
        op: "unmarshal",
        input: `{"b":[{"c":1}]}`,
      },
      { name: "Errors/Type/ObjectIntoSlice", goSource: S, type: "S", op: "unmarshal", input: `{"b":{}}` },
      { name: "Errors/Type/FloatIntoInt", type: "int", op: "unmarshal", input: "1.5" },
      { name: "Errors/Type/Overflow", type: "int8", op: "unmarshal", input: "300" },
      { name: "Errors/Type/NegativeIntoUint", type: "uint", op: "unmarshal", input: "-1" },
      { name: "Errors/Type/ArrayIntoString", type: "string", op: "unmarshal", input: "[]" },
      { name: "Errors/Type/BadBase64", type: "[]byte", op: "unmarshal", input: `"!!"` },
      { name: "Errors/Type/BadTime", type: "time.Time", op: "unmarshal", input: `"yesterday"` },
      { name: "Errors/Type/MapKeyNotInt", type: "map[int]int", op: "unmarshal", input: `{"x":1}` },
      { name: "Errors/Type/BadNumberString", type: "json.Number", op: "unmarshal", input: `"abc"` },
      {
        name: "Errors/Type/StringTagBad",
        goSource: 'type T struct {\n\tN int `json:"n,string"`\n}',
        type: "T",
        op: "unmarshal",
        input: `{"n":"x"}`,
      },
      {
        name: "Errors/Type/KeepsGoing",
        goSource: S,
        type: "S",
        op: "unmarshal",
        input: `{"a":"x","b":[{"c":true}]}`,
      },
      // unknown fields
      {
        name: "Errors/UnknownField/V1",
        engines: ["v1", "v1v2"],
        goSource: S,
        type: "S",
        op: "unmarshal",
        input: `{"a":1,"z":2}`,
        options: { disallowUnknownFields: true },
      },
      {
        name: "Errors/UnknownField/V2",
        engines: ["v2"],
        goSource: S,
        type: "S",
        op: "unmarshal",
        input: `{"a":1,"z":2}`,
        options: { rejectUnknownMembers: true },
      },
      // marshal errors
      { name: "Errors/Marshal/NaN", type: "float64", op: "marshal", value: "NaN" },
      { name: "Errors/Marshal/Inf", type: "[]float32", op: "marshal", value: ["-Inf"] },
      {
        name: "Errors/Marshal/UnsupportedMapKey",
        type: "map[[2]int]string",
        op: "marshal",
        value: [[["1", "2"], "x"]],
      },
      {
        name: "Errors/Marshal/MarshalJSONInvalid",
        goSource: "type BadJSON struct{}",
        type: "BadJSON",
        op: "marshal",
        value: {},
      },
      {
        name: "Errors/Marshal/MarshalTextFails",
        goSource: "type FailText string",
        type: "FailText",
        op: "marshal",
        value: "x",
      },
      {
        name: "Errors/Marshal/MarshalTextKeyFails",
        goSource: "type FailText string",
        type: "map[FailText]int",
        op: "marshal",
        value: [["x", "1"]],
      },
      { name: "Errors/Marshal/DurationV2", type: "time.Duration", op: "marshal", value: "1" },
      {
        name: "Errors/Marshal/InvalidUTF8RawMessage",
        type: "json.RawMessage",
        op: "marshal",
        value: "eyJhIjp9",
      },
      {
        name: "Errors/Marshal/TimeYearOutOfRange",
        type: "time.Time",
        op: "marshal",
        value: "0000-01-01T00:00:00Z",
      },
      // methods
      {
        name: "Errors/Method/UnmarshalJSONFails",
        goSource: "type CentsV int64",
        type: "CentsV",
        op: "unmarshal",
        input: "12",
      },
      {
        name: "Errors/Method/UnmarshalJSONInField",
        goSource: 'type CentsV int64\n\ntype T struct {\n\tP CentsV `json:"p"`\n}',
        type: "T",
        op: "unmarshal",
        input: `{"p":true}`,
      },
    ] as GoldenCase[]
  ).map((c) => ({ engines: ALL, ...c })),
};
