import { ALL, type GoldenCase, type GoldenGroup } from "./spec.js";

// The shapes an independent differential run reached and the project's generator did not (issue
// 22): declared non-struct types (named pointers, named interfaces), failed decodes into
// pre-allocated destinations, `string` on unusual kinds, -0 map keys, invalid UTF-8 in raw
// values and method output, syntax errors inside member names. The oracle compiles these
// sources (reflect cannot build them), so Go answers with its own types.

const bytes = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));

const cases: GoldenCase[] = [
  // 2. pointers allocated before a failed decode
  {
    name: "Shapes/NamedPointer/False",
    goSource: "type PB *[]byte",
    type: "PB",
    op: "unmarshal",
    input: "false",
  },
  { name: "Shapes/NamedPointer/Empty", goSource: "type PB *[]byte", type: "PB", op: "unmarshal", input: "" },
  {
    name: "Shapes/NamedPointer/BadBase64",
    goSource: "type PB *[]byte",
    type: "PB",
    op: "unmarshal",
    input: '"A!"',
  },
  {
    name: "Shapes/PointerField/BadBase64",
    goSource: "type S struct {\n\tB *[]byte\n}",
    type: "S",
    op: "unmarshal",
    input: '{"B":"A!"}',
  },
  {
    name: "Shapes/PointerField/StringNull",
    goSource: 'type S struct {\n\tP *string `json:",string"`\n}',
    type: "S",
    op: "unmarshal",
    input: '{"P":"null"}',
  },
  {
    name: "Shapes/PointerField/IntoExisting",
    goSource: "type S struct {\n\tB *[]int\n}",
    type: "S",
    op: "unmarshal",
    input: '{"B":[1,"x"]}',
    into: { B: ["7", "8", "9"] },
  },
  // 3. a named empty interface receives the peeked kind's zero before a syntax error
  { name: "Shapes/NamedAny/Truncated", goSource: "type NA any", type: "NA", op: "unmarshal", input: '"a' },
  {
    name: "Shapes/NamedAny/BadLiteral",
    goSource: "type NA any",
    type: "NA",
    op: "unmarshal",
    input: bytes("t\xffrue"),
  },
  { name: "Shapes/PlainAny/Truncated", type: "any", op: "unmarshal", input: '"a' },
  // 4. classic v1: a named pointer type hides the pointee's methods
  {
    name: "Shapes/NamedPointer/Time",
    goSource: "type PT *time.Time",
    type: "PT",
    op: "unmarshal",
    input: '"2020-01-02T03:04:05Z"',
  },
  {
    name: "Shapes/NamedPointer/RawMessage",
    goSource: "type PR *json.RawMessage",
    type: "PR",
    op: "unmarshal",
    input: "[1]",
  },
  // 5. `string` on a named pointer type
  {
    name: "Shapes/StringTag/NamedPointer/Marshal",
    goSource: 'type RefB *bool\n\ntype S struct {\n\tB RefB `json:",string"`\n}',
    type: "S",
    op: "marshal",
    value: { B: true },
  },
  {
    name: "Shapes/StringTag/NamedPointer/Unmarshal",
    goSource: 'type RefB *bool\n\ntype S struct {\n\tB RefB `json:",string"`\n}',
    type: "S",
    op: "unmarshal",
    input: '{"B":"true"}',
  },
  {
    name: "Shapes/StringTag/Map",
    goSource: 'type S struct {\n\tM map[string]int `json:",string"`\n}',
    type: "S",
    op: "marshal",
    value: { M: [["a", "1"]] },
  },
  // 6. json.Number with invalid bytes
  { name: "Shapes/Number/InvalidUTF8", type: "json.Number", op: "unmarshal", input: bytes('"\xff"') },
  // 7. a lone surrogate escape inside `string` content
  {
    name: "Shapes/StringTag/LoneSurrogate",
    goSource: 'type S struct {\n\tA string `json:",string"`\n}',
    type: "S",
    op: "unmarshal",
    input: '{"A":"\\"\\\\ud800\\""}',
  },
  // 8. -0 as a float map key
  { name: "Shapes/FloatKey/NegativeZero", type: "map[float64]int", op: "marshal", value: [["-0", "1"]] },
  { name: "Shapes/FloatKey/Unmarshal", type: "map[float64]int", op: "unmarshal", input: '{"-0":1,"1e2":2}' },
  // 9. raw values and method output with invalid UTF-8
  { name: "Shapes/RawMessage/InvalidUTF8", type: "json.RawMessage", op: "marshal", value: "Iv8i" },
  {
    name: "Shapes/Method/InvalidUTF8",
    goSource: 'type N int\n\nfunc (N) MarshalJSON() ([]byte, error) { return []byte("\\"a\\xffb\\""), nil }',
    type: "N",
    op: "marshal",
    value: "1",
  },
  {
    name: "Shapes/Method/TextInvalidUTF8",
    goSource: 'type N int\n\nfunc (N) MarshalText() ([]byte, error) { return []byte("a\\xffb"), nil }',
    type: "N",
    op: "marshal",
    value: "1",
  },
  // 10. base64 into an existing slice's backing array before failing
  {
    name: "Shapes/Base64/IntoExisting",
    type: "[]byte",
    op: "unmarshal",
    input: '"AAAA!A=="',
    into: "AQIDBAUG",
  },
  // 11. syntax errors inside member names
  { name: "Shapes/MemberName/Array", type: "any", op: "unmarshal", input: '{["a"]:1}' },
  { name: "Shapes/MemberName/Object", type: "any", op: "unmarshal", input: '{{"a":1}:2}' },
  {
    name: "Shapes/MemberName/Struct",
    goSource: "type S struct {\n\tA int\n}",
    type: "S",
    op: "unmarshal",
    input: '{"A":1,[',
  },
];

/** Shapes of issue 22, on every engine. */
export const shapes: GoldenGroup = { group: "shapes", cases: cases.map((c) => ({ engines: ALL, ...c })) };
