import { ALL, type GoldenCase, type GoldenGroup, V1S } from "./spec.js";

// Observations of seed 000 ("what came out" of internals.go, cost.go,
// jsonv2.go, strict.go) replayed on all three engines.

const USER = `type User struct {
	ID       int
	Name     string
	Email    string
	password string
	Tags     []string
	Address  Address
}

type Address struct {
	City string \`json:"city"\`
}`;

const OUTER = `type Outer struct {
	inner
	Y int
}

type inner struct {
	X int
}`;

const PERSON = `type Person struct {
	Name     string \`json:"name"\`
	Password string \`json:"-"\`
}`;

const PROFILE = `type Profile struct {
	ID     int            \`json:"id"\`
	Name   string         \`json:"name"\`
	City   string         \`json:"city"\`
	Counts map[string]int \`json:"counts"\`
	Tags   []string       \`json:"tags"\`
	Items  []Item         \`json:"items"\`
}

type Item struct {
	A int \`json:"a"\`
	B int \`json:"b"\`
}`;

const ROW = `type Row struct {
	ID int64 \`json:"id"\`
}

type RowS struct {
	ID int64 \`json:"id,string"\`
}`;

const INVOICE = `type CentsP int64

func (c *CentsP) MarshalJSON() ([]byte, error) { return centsJSON(int64(*c)), nil }

type Invoice struct {
	Total CentsP \`json:"total"\`
}`;

const CENTS_V = `type CentsV int64

func (c CentsV) MarshalJSON() ([]byte, error) { return centsJSON(int64(c)), nil }`;

const STAMPED = `type Stamped struct {
	time.Time
	ID   int    \`json:"id"\`
	Kind string \`json:"kind"\`
}`;

/** The five-field Order of cost.go. */
export const COST_ORDER_SOURCE = `type Order struct {
	ID       int64    \`json:"id"\`
	Customer string   \`json:"customer"\`
	Total    int64    \`json:"total"\`
	Paid     bool     \`json:"paid"\`
	Items    []string \`json:"items"\`
}`;

const COST_ORDER_JSON = `{"id":90210,"customer":"Ann Smith","total":12345,"paid":true,"items":["book","pen","lamp"]}`;

const omitKinds: [string, string, unknown][] = [
  ["Bool", "bool", false],
  ["Int", "int", "0"],
  ["String", "string", ""],
  ["NilPointer", "*int", null],
  ["NilInterface", "any", null],
  ["NilSlice", "[]int", null],
  ["EmptySlice", "[]int", []],
  ["NilMap", "map[string]int", null],
  ["EmptyMap", "map[string]int", []],
  ["PointerToZero", "*int", "0"],
  ["ZeroArray", "[2]int", ["0", "0"]],
  ["EmptyStruct", "struct{}", {}],
  ["ZeroAddress", "Address", {}],
  ["ZeroTime", "time.Time", "0001-01-01T00:00:00Z"],
];

function omitCases(opt: "omitempty" | "omitzero"): GoldenCase[] {
  return omitKinds.map(([name, type, value]) => ({
    name: `Seed000/Internals/${opt === "omitempty" ? "OmitEmpty" : "OmitZero"}/${name}`,
    goSource: `type Address struct {\n\tCity string \`json:"city"\`\n}\n\ntype T struct {\n\tV ${type} \`json:"v,${opt}"\`\n}`,
    type: "T",
    op: "marshal",
    value: { V: value } as never,
  }));
}

const caseInputs = ["name", "Name", "NAME", "nAmE"];

export const seed000: GoldenGroup = {
  group: "seed000",
  cases: (
    [
      {
        name: "Seed000/Internals/NoTags/Marshal",
        goSource: USER,
        type: "User",
        op: "marshal",
        value: { ID: "7", Name: "Ann", Email: "", password: "secret", Tags: null, Address: { City: "" } },
        note: 'Only exported fields; {"ID":7,"Name":"Ann","Email":"","Tags":null,"Address":{"city":""}} in v1',
      },
      {
        name: "Seed000/Internals/NoTags/Unmarshal",
        goSource: USER,
        type: "User",
        op: "unmarshal",
        input: `{"ID":7,"Name":"Ann","Email":"","password":"x","Tags":null,"Address":{"city":""}}`,
      },
      {
        name: "Seed000/Internals/EmbeddedUnexported/Marshal",
        goSource: OUTER,
        type: "Outer",
        op: "marshal",
        value: { inner: { X: "1" }, Y: "2" },
        note: 'Outer{inner{X: 1}, 2} gives {"X":1,"Y":2}',
      },
      ...omitCases("omitempty"),
      ...omitCases("omitzero"),
      ...caseInputs.map(
        (k): GoldenCase => ({
          name: `Seed000/Internals/CaseInsensitive/${k}`,
          goSource: PERSON,
          type: "Person",
          op: "unmarshal",
          input: `{"${k}":"ann"}`,
        }),
      ),
      {
        name: "Seed000/Internals/UnknownField/Ignored",
        goSource: PERSON,
        type: "Person",
        op: "unmarshal",
        input: `{"name":"ann","role":"admin"}`,
      },
      {
        name: "Seed000/Internals/UnknownField/Disallowed",
        goSource: PERSON,
        type: "Person",
        op: "unmarshal",
        input: `{"name":"ann","role":"admin"}`,
        optionsFor: {
          v1: { disallowUnknownFields: true },
          v1v2: { disallowUnknownFields: true },
          v2: { rejectUnknownMembers: true },
        },
        note: 'json: unknown field "role"',
      },
      {
        name: "Seed000/Internals/DashTag/Untouched",
        goSource: PERSON,
        type: "Person",
        op: "unmarshal",
        input: `{"name":"ann","password":"hunter2"}`,
        into: { Name: "", Password: "keep" },
      },
      {
        name: "Seed000/Internals/Merge/Struct",
        goSource: PROFILE,
        type: "Profile",
        op: "unmarshal",
        input: `{"name":null,"counts":{"likes":5},"tags":["z"],"items":[{"a":5}]}`,
        into: {
          ID: "1",
          Name: "Ann",
          City: "Oslo",
          Counts: [["visits", "3"]],
          Tags: ["a", "b", "c"],
          Items: [
            { A: "1", B: "2" },
            { A: "3", B: "4" },
          ],
        },
        note: "absent field kept, null leaves string, map augmented, slice element merged",
      },
      {
        name: "Seed000/Internals/Merge/TypeMismatch",
        goSource: PROFILE,
        type: "Profile",
        op: "unmarshal",
        input: `{"id":"7","name":"Bob","city":"Rome"}`,
        into: { ID: "1", Name: "Ann" },
        note: "json: cannot unmarshal string into Go struct field Profile.id of type int; other fields filled",
      },
      {
        name: "Seed000/Internals/Numbers/AnyFloat",
        type: "map[string]any",
        op: "unmarshal",
        input: `{"id":9007199254740993}`,
      },
      {
        name: "Seed000/Internals/Numbers/AnyFloatBack",
        type: "map[string]any",
        op: "marshal",
        value: [["id", { t: "float64", v: "9007199254740993" }]],
      },
      {
        name: "Seed000/Internals/Numbers/UseNumber",
        engines: V1S,
        type: "map[string]any",
        op: "unmarshal",
        input: `{"id":9007199254740993}`,
        options: { useNumber: true },
      },
      {
        name: "Seed000/Internals/Numbers/Int64Exact",
        goSource: ROW,
        type: "Row",
        op: "unmarshal",
        input: `{"id":9007199254740993}`,
      },
      {
        name: "Seed000/Internals/Numbers/StringTag",
        goSource: ROW,
        type: "RowS",
        op: "marshal",
        value: { ID: "9007199254740993" },
      },
      { name: "Seed000/Internals/Shapes/NilSlice", type: "[]string", op: "marshal", value: null },
      { name: "Seed000/Internals/Shapes/EmptySlice", type: "[]string", op: "marshal", value: [] },
      { name: "Seed000/Internals/Shapes/Bytes", type: "[]byte", op: "marshal", value: "aGk=" },
      {
        name: "Seed000/Internals/Shapes/MapKeyOrder",
        engines: V1S,
        type: "map[string]int",
        op: "marshal",
        value: [
          ["alpha", "1"],
          ["Mid", "2"],
          ["9", "3"],
          ["10", "4"],
        ],
      },
      {
        name: "Seed000/Internals/Shapes/MapKeyOrderDeterministic",
        engines: ["v2"],
        type: "map[string]int",
        op: "marshal",
        options: { deterministic: true },
        value: [
          ["alpha", "1"],
          ["Mid", "2"],
          ["9", "3"],
          ["10", "4"],
        ],
      },
      {
        name: "Seed000/Internals/Shapes/HTMLEscape",
        type: "string",
        op: "marshal",
        value: "<a href='x'>&</a>",
      },
      { name: "Seed000/Internals/Shapes/NaN", type: "float64", op: "marshal", value: "NaN" },
      {
        name: "Seed000/Internals/PointerMethod/Value",
        goSource: INVOICE,
        type: "Invoice",
        op: "marshal",
        value: { Total: "1234" },
      },
      {
        name: "Seed000/Internals/PointerMethod/Pointer",
        goSource: INVOICE,
        type: "*Invoice",
        op: "marshal",
        value: { Total: "1234" },
      },
      {
        name: "Seed000/Internals/PointerMethod/SliceElement",
        goSource: INVOICE,
        type: "[]Invoice",
        op: "marshal",
        value: [{ Total: "1234" }],
      },
      {
        name: "Seed000/Internals/PointerMethod/MapValue",
        goSource: INVOICE,
        type: "map[string]Invoice",
        op: "marshal",
        value: [["a", { Total: "1234" }]],
      },
      {
        name: "Seed000/Internals/Twin/EmbeddedTime",
        goSource: STAMPED,
        type: "Stamped",
        op: "marshal",
        value: { Time: "2026-10-01T12:00:00Z", ID: "1", Kind: "created" },
        note: "embedded time.Time promotes MarshalJSON: only the time string, id and kind lost",
      },
      ...[
        ["Minus1", "-1"],
        ["Minus123", "-123"],
        ["MinInt64", "-9223372036854775808"],
        ["Plus1234", "1234"],
      ].map(
        ([n, v]): GoldenCase => ({
          name: `Seed000/Internals/Cents/${n}`,
          goSource: CENTS_V,
          type: "CentsV",
          op: "marshal",
          value: v as string,
        }),
      ),
      {
        name: "Seed000/Internals/OutOfRange/Int64Field",
        goSource: ROW,
        type: "Row",
        op: "unmarshal",
        input: `{"id":9223372036854775808}`,
      },
      {
        name: "Seed000/Internals/OutOfRange/Any",
        type: "map[string]any",
        op: "unmarshal",
        input: `{"id":9223372036854775808}`,
      },
      {
        name: "Seed000/Cost/Order/Marshal",
        goSource: COST_ORDER_SOURCE,
        type: "Order",
        op: "marshal",
        value: {
          ID: "90210",
          Customer: "Ann Smith",
          Total: "12345",
          Paid: true,
          Items: ["book", "pen", "lamp"],
        },
      },
      {
        name: "Seed000/Cost/Order/Unmarshal",
        goSource: COST_ORDER_SOURCE,
        type: "Order",
        op: "unmarshal",
        input: COST_ORDER_JSON,
      },
      {
        name: "Seed000/Cost/Order/UnmarshalAny",
        type: "map[string]any",
        op: "unmarshal",
        input: COST_ORDER_JSON,
      },
      // jsonv2.go: the five comparisons.
      {
        name: "Seed000/JSONv2/DuplicateName",
        goSource: PERSON,
        type: "Person",
        op: "unmarshal",
        input: `{"name":"a","name":"b"}`,
      },
      {
        name: "Seed000/JSONv2/CaseMismatch",
        goSource: PERSON,
        type: "Person",
        op: "unmarshal",
        input: `{"NAME":"ann"}`,
      },
      {
        name: "Seed000/JSONv2/NilSliceAndMap",
        goSource: `type S struct {\n\tTags []string       \`json:"tags"\`\n\tAttrs map[string]int \`json:"attrs"\`\n}`,
        type: "S",
        op: "marshal",
        value: { Tags: null, Attrs: null },
      },
      {
        name: "Seed000/JSONv2/OmitEmptyIntZero",
        goSource: `type S struct {\n\tN int \`json:"n,omitempty"\`\n}`,
        type: "S",
        op: "marshal",
        value: { N: "0" },
      },
      {
        name: "Seed000/JSONv2/PointerMethodNonAddressable",
        goSource: INVOICE,
        type: "Invoice",
        op: "marshal",
        value: { Total: "1234" },
      },
      {
        name: "Seed000/JSONv2/NullIntoFilled",
        goSource: PERSON,
        type: "Person",
        op: "unmarshal",
        input: `{"name":null}`,
        into: { Name: "ann", Password: "" },
      },
    ] as GoldenCase[]
  ).map((c) => ({ engines: ALL, ...c })),
};
