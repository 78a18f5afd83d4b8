import { describe, expect, it } from "vitest";
import { arrayOf, mapOf, named, pointerTo, sliceOf, structOf, T } from "./constructors.js";
import { jsonNumber, jsonRawMessage, timeDuration, timeTime } from "./known.js";
import { goType, parseGo } from "./parse-go.js";
import { typeString, typeStringV2Build, typeStringV2Error } from "./type-string.js";

// Recorded with Go 1.26: fmt.Println(reflect.TypeOf(v).String()).
const decls = parseGo(`package main
type E struct{ X int }
type e struct{ Y int }
type Order struct{ ID int64 }
type Node struct{ Next *Node }
type Celsius float64
`);

const cases: { name: string; in: string; want: string }[] = [
  { name: "Named", in: "Order", want: "main.Order" },
  { name: "Bytes", in: "[]byte", want: "[]uint8" },
  { name: "MapAny", in: "map[string]any", want: "map[string]interface {}" },
  { name: "PtrNamed", in: "*Node", want: "*main.Node" },
  { name: "StructTag", in: 'struct { A int `json:"a"` }', want: 'struct { A int "json:\\"a\\"" }' },
  { name: "Time", in: "time.Time", want: "time.Time" },
  { name: "Number", in: "json.Number", want: "json.Number" },
  { name: "RawMessage", in: "json.RawMessage", want: "json.RawMessage" },
  { name: "Duration", in: "time.Duration", want: "time.Duration" },
  { name: "EmptyStruct", in: "struct{}", want: "struct {}" },
  {
    name: "Embedded",
    in: 'struct { E; *e; b string; C []any `json:"c,omitempty" xml:"c"` }',
    want: 'struct { main.E; *main.e; b string; C []interface {} "json:\\"c,omitempty\\" xml:\\"c\\"" }',
  },
  { name: "Array", in: "[4]byte", want: "[4]uint8" },
  { name: "MapNamedKey", in: "map[Celsius][]*Order", want: "map[main.Celsius][]*main.Order" },
  { name: "SliceIface", in: "[]interface{}", want: "[]interface {}" },
  { name: "PtrAny", in: "*any", want: "*interface {}" },
  { name: "IdentList", in: "struct{ A, B int }", want: "struct { A int; B int }" },
  { name: "NestedStruct", in: "struct{ A struct{ B int } }", want: "struct { A struct { B int } }" },
  { name: "Rune", in: "rune", want: "int32" },
  { name: "Uintptr", in: "uintptr", want: "uintptr" },
  { name: "Float32", in: "float32", want: "float32" },
  {
    name: "TagEscapes",
    in: 'struct { T string `json:"\\u00e9\t"` }',
    want: 'struct { T string "json:\\"\\\\u00e9\\t\\"" }',
  },
  { name: "Any", in: "any", want: "interface {}" },
];

describe("typeString (recorded from Go reflect)", () => {
  for (const c of cases) it(c.name, () => expect(typeString(goType(c.in, decls))).toBe(c.want));
  it("constructors agree", () => {
    expect(typeString(sliceOf(T.byte))).toBe("[]uint8");
    expect(typeString(mapOf(T.string, T.any))).toBe("map[string]interface {}");
    expect(typeString(pointerTo(named("Node", structOf([]))))).toBe("*main.Node");
    expect(typeString(arrayOf(2, timeTime))).toBe("[2]time.Time");
    expect(typeString(jsonNumber)).toBe("json.Number");
    expect(typeString(jsonRawMessage)).toBe("json.RawMessage");
    expect(typeString(timeDuration)).toBe("time.Duration");
    expect(typeString(named("X", T.int, { pkg: "other" }))).toBe("other.X");
  });
  it("v2 error form falls back to the kind over 100 bytes", () => {
    const fields = Array.from({ length: 12 }, (_, i) => ({ name: `Field${i}`, type: T.int }));
    expect(typeStringV2Error(structOf(fields))).toBe("struct");
    expect(typeStringV2Error(structOf([...fields, { name: "hidden", type: T.int }]))).toBe("main.struct");
    expect(typeStringV2Error(T.any)).toBe("interface {}");
  });
});

describe("typeStringV2Build", () => {
  // Recorded from Go 1.26: reflect.TypeOf(...).String(), plain build vs GOEXPERIMENT=jsonv2
  // (where encoding/json declares `type RawMessage = jsontext.Value`).
  const cases = [
    { name: "Slice", in: "[]json.RawMessage", plain: "[]json.RawMessage", v2: "[]jsontext.Value" },
    {
      name: "MapOfPointer",
      in: "map[string]*json.RawMessage",
      plain: "map[string]*json.RawMessage",
      v2: "map[string]*jsontext.Value",
    },
    { name: "Bare", in: "json.RawMessage", plain: "json.RawMessage", v2: "jsontext.Value" },
  ];
  it.each(cases)("$name", ({ in: expr, plain, v2 }) => {
    const t = goType(expr);
    expect(typeString(t)).toBe(plain);
    expect(typeStringV2Build(t)).toBe(v2);
    expect(typeStringV2Error(t)).toBe(v2);
  });
});
