import { ALL, type GoldenCase, type GoldenGroup } from "./spec.js";

// Behaviours the widened conformance generator reaches (issues 22 and 28), recorded so the codec
// tests have Go's answers without Go: time.Time whose MarshalJSON fails, `string` on every kind
// (Go 1.27's json/v2 rejects it on kinds it cannot stringify), malformed and single-quoted tag
// names and options, time.Duration without a format, values left after errors that changed in 1.27.

const st = (field: string) => `type S struct {\n\t${field}\n}`;

/** `string` on a field of each kind: marshal of a value, unmarshal of a quoted and a plain input. */
const STRING_TAG: { kind: string; go: string; value: unknown; quoted: string; plain: string }[] = [
  { kind: "String", go: "string", value: "a", quoted: '"\\"a\\""', plain: '"a"' },
  { kind: "Bytes", go: "[]byte", value: "AQI=", quoted: '"\\"AQI=\\""', plain: '"AQI="' },
  { kind: "Map", go: "map[string]int", value: [["a", "1"]], quoted: '"{\\"a\\":1}"', plain: '{"a":1}' },
  { kind: "Slice", go: "[]int", value: ["1"], quoted: '"[1]"', plain: "[1]" },
  { kind: "RawMessage", go: "json.RawMessage", value: "WzFd", quoted: '"[1]"', plain: "[1]" },
  {
    kind: "Time",
    go: "time.Time",
    value: "2000-01-01T00:00:00Z",
    quoted: '"\\"2000-01-01T00:00:00Z\\""',
    plain: '"2000-01-01T00:00:00Z"',
  },
  { kind: "Duration", go: "time.Duration", value: "1", quoted: '"1"', plain: "1" },
  { kind: "Number", go: "json.Number", value: "12", quoted: '"12"', plain: "12" },
  { kind: "Any", go: "any", value: { t: "float64", v: "1" }, quoted: '"1"', plain: "1" },
  { kind: "PointerInt", go: "*int", value: "1", quoted: '"1"', plain: "1" },
  { kind: "PointerString", go: "*string", value: "a", quoted: '"\\"a\\""', plain: '"a"' },
  { kind: "Struct", go: "struct{ X int }", value: { X: "1" }, quoted: '"{\\"X\\":1}"', plain: '{"X":1}' },
  { kind: "Array", go: "[1]bool", value: [true], quoted: '"[true]"', plain: "[true]" },
  { kind: "Uintptr", go: "uintptr", value: "7", quoted: '"7"', plain: "7" },
];

const stringTag: GoldenCase[] = STRING_TAG.flatMap(({ kind, go, value, quoted, plain }) => {
  const goSource = st(`F ${go} \`json:"f,string"\``);
  return [
    { name: `Edges/StringTag/${kind}/Marshal`, goSource, type: "S", op: "marshal", value: { F: value } },
    {
      name: `Edges/StringTag/${kind}/UnmarshalQuoted`,
      goSource,
      type: "S",
      op: "unmarshal",
      input: `{"f":${quoted}}`,
    },
    {
      name: `Edges/StringTag/${kind}/UnmarshalPlain`,
      goSource,
      type: "S",
      op: "unmarshal",
      input: `{"f":${plain}}`,
    },
  ] as GoldenCase[];
});

/** Tags v2 reads as single-quoted names or malformed options. */
const TAGS: { name: string; tag: string; member: string }[] = [
  { name: "QuotedDash", tag: "'-'", member: "-" },
  { name: "QuotedComma", tag: "'a,b'", member: "a,b" },
  { name: "QuotedPlain", tag: "'x'", member: "x" },
  { name: "QuotedOption", tag: "a,'string'", member: "a" },
  { name: "QuotedOmitempty", tag: "a,'omitempty'", member: "a" },
  { name: "UnterminatedQuote", tag: "'a", member: "'a" },
  { name: "SpaceOption", tag: "a, string", member: "a" },
];

const tags: GoldenCase[] = TAGS.flatMap(({ name, tag, member }) => {
  const goSource = st(`F int \`json:"${tag}"\``);
  return [
    { name: `Edges/Tag/${name}/Marshal`, goSource, type: "S", op: "marshal", value: { F: "1" } },
    {
      name: `Edges/Tag/${name}/Unmarshal`,
      goSource,
      type: "S",
      op: "unmarshal",
      input: `{${JSON.stringify(member)}:2,"F":3}`,
    },
  ] as GoldenCase[];
});

const cases: GoldenCase[] = [
  ...stringTag,
  ...tags,
  // time.Time whose MarshalJSON fails: a zone hour Go's parser took (+24:00, +23:60)
  {
    name: "Edges/Time/Offset24/Marshal",
    type: "time.Time",
    op: "marshal",
    value: "2000-01-01T00:00:00+24:00",
  },
  {
    name: "Edges/Time/Offset24/MarshalField",
    goSource: st("T time.Time"),
    type: "S",
    op: "marshal",
    value: { T: "2000-01-01T00:00:00+23:60" },
  },
  {
    name: "Edges/Time/Offset24/MarshalPointer",
    type: "*time.Time",
    op: "marshal",
    value: "2000-01-01T00:00:00+24:00",
  },
  {
    name: "Edges/Time/Offset24/MarshalMap",
    type: "map[string]time.Time",
    op: "marshal",
    value: [["k", "2000-01-01T00:00:00+24:00"]],
  },
  {
    name: "Edges/Time/Offset24/Unmarshal",
    type: "time.Time",
    op: "unmarshal",
    input: '"2000-01-01T00:00:00+24:00"',
  },
  { name: "Edges/Time/Year0/Marshal", type: "time.Time", op: "marshal", value: "0000-01-01T00:00:00+00:01" },
  {
    name: "Edges/Time/Year9999/Marshal",
    type: "time.Time",
    op: "marshal",
    value: "9999-12-31T23:59:59.999999999-23:59",
  },
  // a zone name under a layout that prints it: "Z" is UTC, a numeric offset (+00:00 too) an unnamed zone
  ...(
    [
      ["UTC", "1970-01-01T00:00:00Z"],
      ["ZeroOffset", "1970-01-01T00:00:00.201234+00:00"],
      ["Offset", "1970-01-01T01:00:00+01:00"],
    ] as const
  ).map(
    ([zone, t]): GoldenCase => ({
      name: `Edges/Time/RFC1123/${zone}/Marshal`,
      goSource: st('T time.Time `json:",format:RFC1123"`'),
      type: "S",
      op: "marshal",
      value: { T: t },
    }),
  ),
  // a map key's UnmarshalJSON reads the member name's raw text, escapes kept (json/v2)
  {
    name: "Edges/MapKey/UnmarshalJSON/RawName",
    goSource: "type CentsV int64",
    type: "map[CentsV]int",
    op: "unmarshal",
    input: '{"1\\u002e5":1,"-274\\ud800\\u0041":2}',
    optionsFor: { v2: { allowInvalidUTF8: true } },
  },
  // time.Duration without a format (json/v2 has no default representation)
  {
    name: "Edges/Duration/NoFormat/MarshalField",
    goSource: st("D time.Duration"),
    type: "S",
    op: "marshal",
    value: { D: "1" },
  },
  { name: "Edges/Duration/NoFormat/Unmarshal", type: "time.Duration", op: "unmarshal", input: "1" },
  {
    name: "Edges/Duration/NoFormat/UnmarshalField",
    goSource: st("D time.Duration"),
    type: "S",
    op: "unmarshal",
    input: '{"D":"1s"}',
  },
  // what a destination holds after an error (changed in Go 1.27)
  {
    name: "Edges/AfterError/FloatRange",
    goSource: st("F float64\n\tG int"),
    type: "S",
    op: "unmarshal",
    input: '{"F":1e400,"G":1}',
    into: { F: "2", G: "3" },
  },
  { name: "Edges/AfterError/Float32Range", type: "float32", op: "unmarshal", input: "1e39" },
  {
    name: "Edges/AfterError/Base64Late",
    type: "[]byte",
    op: "unmarshal",
    input: '"AQIDBAUG!"',
    into: "CQkJCQkJCQk=",
  },
  {
    name: "Edges/AfterError/Base64Padding",
    type: "[]byte",
    op: "unmarshal",
    input: '"AQID===="',
    into: "CQkJ",
  },
  { name: "Edges/AfterError/SurrogateInAny", type: "any", op: "unmarshal", input: '"a\\ud800b"' },
  {
    name: "Edges/AfterError/SurrogateInMapAny",
    type: "map[string]any",
    op: "unmarshal",
    input: '{"a":"\\udc00","b":1}',
  },
  {
    name: "Edges/AfterError/SurrogateInName",
    type: "map[string]int",
    op: "unmarshal",
    input: '{"\\ud800":1}',
  },
  // pointers allocated on the way to a value that fails stay allocated (classic v1 records the
  // type error and goes on; want.value holds the non-nil pointer to the zero value)
  { name: "Edges/AfterError/PointerToMap/Number", type: "*map[string]bool", op: "unmarshal", input: "0" },
  {
    name: "Edges/AfterError/PointerToMap/FloatKeys",
    type: "*map[float64]string",
    op: "unmarshal",
    input: "{}",
  },
  {
    name: "Edges/AfterError/PointerToBytes/Base64",
    type: "[1]*[]byte",
    op: "unmarshal",
    input: '["\\ud800"]',
  },
  {
    name: "Edges/AfterError/NamedPointerToRaw/Object",
    goSource: "type PR *json.RawMessage",
    type: "PR",
    op: "unmarshal",
    input: "{}",
  },
  {
    name: "Edges/AfterError/PointerField/Number",
    goSource: st("A *[]byte"),
    type: "S",
    op: "unmarshal",
    input: '{"A":0}',
  },
  {
    name: "Edges/AfterError/SurrogateInStringTag",
    goSource: st('S string `json:",string"`'),
    type: "S",
    op: "unmarshal",
    input: '{"S":"\\"\\\\ud800\\""}',
    into: { S: "keep" },
  },
];

/** Edges the widened generator reaches, on every engine. */
export const edges: GoldenGroup = { group: "edges", cases: cases.map((c) => ({ engines: ALL, ...c })) };
