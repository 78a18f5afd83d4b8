/**
 * Values that do not fit their Go type: marshal throws an InvalidValueError
 * naming the Go path, what was expected and what came, before writing a byte,
 * on every path (byte path, exact encoder, Encoder stream, marshalIndent).
 */
import { GoTime, type GoType, goType, JsonNumber, parseGo } from "@gojson/gotype";
import { afterEach, describe, expect, test } from "vitest";
import {
  Encoder,
  InvalidValueError,
  marshal,
  marshalIndent,
  UnsupportedValueError,
  unmarshal,
} from "./index.js";
import { fastPaths } from "./marshal.js";

afterEach(() => {
  fastPaths.bytes = true;
  fastPaths.strict = false;
});

const decls = parseGo(`import ("encoding/json"; "time")
type Item struct {
	SKU string
	Qty int32
}
type Level int8
type Base struct {
	Created int64
}
type Order struct {
	ID    int64 \`json:"id"\`
	Name  string
	Tags  []string
	Qty   int32
	Items []Item
	Attrs map[string]int64
	ByNum map[int16]string
	Data  []byte
	Pair  [2]int8
	Note  *string
	Any   any
	At    time.Time
	N     json.Number
	U8    uint8
	U64   uint64
	F     float64
	F32   float32
	Ok    bool
	L     Level
	Opt   []int \`json:",omitempty"\`
	Q     int64 \`json:",string"\`
	Base
	Ref   *Base
}`);
const Order = decls.Order as GoType;
const optionals = parseGo(`type Opt0 struct {
	A [0]bool \`json:"a,omitempty"\`
}
type OptS struct {
	S string \`json:",omitempty"\`
	N []int  \`json:",omitempty"\`
}`);
const base = (): Record<string, unknown> => unmarshal(Order, "{}") as Record<string, unknown>;

/** [name, value maker, message] */
const cases: [string, () => unknown, string, GoType?][] = [
  [
    "Field/StringForInt64",
    () => ({ ...base(), ID: "not a bigint" }),
    'json: Order.ID: want int64 (bigint), got string "not a bigint"',
  ],
  ["Field/NumberForInt64", () => ({ ...base(), ID: 7 }), "json: Order.ID: want int64 (bigint), got number 7"],
  [
    "Field/Missing",
    () => {
      const v = base();
      delete v.Name;
      return v;
    },
    "json: Order.Name: want string, got undefined (missing field)",
  ],
  [
    "Field/Undefined",
    () => ({ ...base(), Qty: undefined }),
    "json: Order.Qty: want int32 (integer number), got undefined (missing field)",
  ],
  [
    "Slice/StringForStrings",
    () => ({ ...base(), Tags: "abc" }),
    'json: Order.Tags: want []string (array or null), got string "abc"',
  ],
  ["Slice/Element", () => ({ ...base(), Tags: ["a", 1] }), "json: Order.Tags[1]: want string, got number 1"],
  [
    "Int32/Fraction",
    () => ({ ...base(), Qty: 1.5 }),
    "json: Order.Qty: want int32 (integer number), got number 1.5",
  ],
  [
    "Int32/OutOfRange",
    () => ({ ...base(), Qty: 2 ** 31 }),
    "json: Order.Qty: want int32 (integer number in [-2147483648, 2147483647]), got number 2147483648",
  ],
  [
    "Int32/NaN",
    () => ({ ...base(), Qty: Number.NaN }),
    "json: Order.Qty: want int32 (integer number), got number NaN",
  ],
  [
    "Int32/Bigint",
    () => ({ ...base(), Qty: 3n }),
    "json: Order.Qty: want int32 (integer number), got bigint 3",
  ],
  [
    "Uint8/256",
    () => ({ ...base(), U8: 256 }),
    "json: Order.U8: want uint8 (integer number in [0, 255]), got number 256",
  ],
  [
    "Uint8/Negative",
    () => ({ ...base(), U8: -1 }),
    "json: Order.U8: want uint8 (integer number in [0, 255]), got number -1",
  ],
  [
    "Uint64/Negative",
    () => ({ ...base(), U64: -1n }),
    "json: Order.U64: want uint64 (bigint in [0, 18446744073709551615]), got bigint -1",
  ],
  [
    "Uint64/TooBig",
    () => ({ ...base(), U64: 2n ** 64n }),
    "json: Order.U64: want uint64 (bigint in [0, 18446744073709551615]), got bigint 18446744073709551616",
  ],
  [
    "Int64/TooBig",
    () => ({ ...base(), ID: 2n ** 63n }),
    "json: Order.ID: want int64 (bigint in [-9223372036854775808, 9223372036854775807]), got bigint 9223372036854775808",
  ],
  ["Int64/StringTag", () => ({ ...base(), Q: "5" }), 'json: Order.Q: want int64 (bigint), got string "5"'],
  [
    "Named/Level",
    () => ({ ...base(), L: 128 }),
    "json: Order.L: want main.Level (integer number in [-128, 127]), got number 128",
  ],
  ["Float/String", () => ({ ...base(), F: "1" }), 'json: Order.F: want float64 (number), got string "1"'],
  ["Float32/Bigint", () => ({ ...base(), F32: 1n }), "json: Order.F32: want float32 (number), got bigint 1"],
  ["Bool/Number", () => ({ ...base(), Ok: 1 }), "json: Order.Ok: want bool (boolean), got number 1"],
  [
    "Struct/NestedField",
    () => ({
      ...base(),
      Items: [
        { SKU: "a", Qty: 1 },
        { SKU: "b", Qty: "3" },
      ],
    }),
    'json: Order.Items[1].Qty: want int32 (integer number), got string "3"',
  ],
  [
    "Struct/ArrayForStruct",
    () => ({ ...base(), Items: [[]] }),
    "json: Order.Items[0]: want main.Item (object), got array of length 0",
  ],
  [
    "Map/PlainObject",
    () => ({ ...base(), Attrs: { a: 1n } }),
    "json: Order.Attrs: want map[string]int64 (Map or null), got object",
  ],
  [
    "Map/Value",
    () => ({ ...base(), Attrs: new Map([["a", 1]]) }),
    'json: Order.Attrs["a"]: want int64 (bigint), got number 1',
  ],
  [
    "Map/StringKey",
    () => ({ ...base(), Attrs: new Map([[1, 1n]]) }),
    "json: Order.Attrs[1]: want string map key, got number 1",
  ],
  [
    "Map/IntKey",
    () => ({ ...base(), ByNum: new Map([[70000, "x"]]) }),
    "json: Order.ByNum[70000]: want int16 (integer number in [-32768, 32767]) map key, got number 70000",
  ],
  [
    "Bytes/Array",
    () => ({ ...base(), Data: [1, 2] }),
    "json: Order.Data: want []uint8 (Uint8Array or null), got array of length 2",
  ],
  [
    "Array/Length",
    () => ({ ...base(), Pair: [1] }),
    "json: Order.Pair: want [2]int8 (array of length 2), got array of length 1",
  ],
  [
    "Array/Element",
    () => ({ ...base(), Pair: [1, 300] }),
    "json: Order.Pair[1]: want int8 (integer number in [-128, 127]), got number 300",
  ],
  [
    "Pointer/Undefined",
    () => ({ ...base(), Note: undefined }),
    "json: Order.Note: want *string (a value or null), got undefined (missing field)",
  ],
  ["Pointer/Element", () => ({ ...base(), Note: 5 }), "json: Order.Note: want string, got number 5"],
  [
    "Any/Undefined",
    () => ({ ...base(), Any: { b: 1, a: [1, undefined] } }),
    'json: Order.Any["a"][1]: want interface {} (null, boolean, number, bigint, string, array, plain object, Map with string keys, Uint8Array, JsonNumber or GoTime), got undefined',
  ],
  [
    "Any/ClassInstance",
    () => ({ ...base(), Any: [new Date(0)] }),
    "json: Order.Any[0]: want interface {} (null, boolean, number, bigint, string, array, plain object, Map with string keys, Uint8Array, JsonNumber or GoTime), got Date object",
  ],
  [
    "Any/MapKey",
    () => ({ ...base(), Any: new Map([[1, 2]]) }),
    "json: Order.Any[1]: want string map key, got number 1",
  ],
  [
    "Time/String",
    () => ({ ...base(), At: "2020" }),
    'json: Order.At: want time.Time (GoTime), got string "2020"',
  ],
  [
    "Number/Number",
    () => ({ ...base(), N: 5 }),
    "json: Order.N: want json.Number (JsonNumber or string), got number 5",
  ],
  [
    "Number/Object",
    () => ({ ...base(), N: { text: "5" } }),
    "json: Order.N: want json.Number (JsonNumber or string), got object",
  ],
  [
    "Embedded/Missing",
    () => {
      const v = base();
      delete v.Base;
      return v;
    },
    "json: Order.Base: want main.Base (object), got undefined (missing field)",
  ],
  [
    "Embedded/Field",
    () => ({ ...base(), Base: { Created: "x" } }),
    'json: Order.Base.Created: want int64 (bigint), got string "x"',
  ],
  [
    "Pointer/Struct",
    () => ({ ...base(), Ref: { Created: 1 } }),
    "json: Order.Ref.Created: want int64 (bigint), got number 1",
  ],
  ["Root/Undefined", () => undefined, "json: Order: want main.Order (object), got undefined"],
  [
    "Root/Unnamed",
    () => [{ ...base(), ID: "x" }],
    'json: []main.Order[0].ID: want int64 (bigint), got string "x"',
    goType("[]Order", decls),
  ],
  ["Root/Scalar", () => 1, "json: int64: want int64 (bigint), got number 1", goType("int64")],
  [
    "Root/IntList",
    () => [1, 2, 1.5],
    "json: []int32[2]: want int32 (integer number), got number 1.5",
    goType("[]int32"),
  ],
  [
    "Root/BigList",
    () => [1n, 2],
    "json: []uint64[1]: want uint64 (bigint), got number 2",
    goType("[]uint64"),
  ],
  [
    "Root/FloatArray",
    () => [1, 2],
    "json: [3]float64: want [3]float64 (array of length 3), got array of length 2",
    goType("[3]float64"),
  ],
  [
    "Root/FloatTree",
    () => [[1], "x"],
    'json: [][]float64[1]: want []float64 (array or null), got string "x"',
    goType("[][]float64"),
  ],
  // Structs whose every field has an omit test: nothing read bails on an array, so the struct checks it.
  [
    "Root/ArrayForStructOfEmptyArray",
    () => [],
    "json: Opt0: want main.Opt0 (object), got array of length 0",
    optionals.Opt0 as GoType,
  ],
  [
    "Root/ArrayForStructOfOmitempty",
    () => ["x"],
    "json: OptS: want main.OptS (object), got array of length 1",
    optionals.OptS as GoType,
  ],
];

const td = new TextDecoder();

/** Each marshal path: returns the error thrown, or the bytes written. */
const paths: [string, (t: GoType, v: unknown) => Promise<unknown>][] = [
  ["bytes", async (t, v) => marshal(t, v)],
  [
    "exact",
    async (t, v) => {
      fastPaths.bytes = false;
      return marshal(t, v);
    },
  ],
  ["indent", async (t, v) => marshalIndent(t, v, "", "  ")],
  [
    "Encoder",
    async (t, v) => {
      const chunks: Uint8Array[] = [];
      await new Encoder((c) => chunks.push(c)).encode(t, v);
      return chunks;
    },
  ],
];

describe("marshal checks values before writing", () => {
  for (const [pathName, run] of paths) {
    test.each(cases)(`${pathName}: %s`, async (_name, make, want, t = Order) => {
      const err = await run(t, make()).then(
        (r) => r,
        (e: unknown) => e,
      );
      expect(InvalidValueError.isInstance(err), `no InvalidValueError: ${String(err)}`).toBe(true);
      expect((err as InvalidValueError).message).toBe(want);
      expect((err as InvalidValueError).code).toBe("GOJSON_ERR_INVALID_VALUE");
    });
  }

  test("the error's fields", () => {
    expect.assertions(5);
    try {
      marshal(Order, { ...base(), Items: [{ SKU: "a", Qty: 2 ** 40 }] });
    } catch (e) {
      const err = e as InvalidValueError;
      expect(err.goPath).toBe("Order.Items[0].Qty");
      expect(err.want).toBe("int32 (integer number in [-2147483648, 2147483647])");
      expect(err.got).toBe("number 1099511627776");
      expect(err.goType).toBe("int32");
      expect(err).toBeInstanceOf(InvalidValueError);
    }
  });

  test("NaN and ±Inf stay Go's UnsupportedValueError", () => {
    for (const [pathName, f] of [
      ["bytes", true],
      ["exact", false],
    ] as const) {
      fastPaths.bytes = f;
      expect(() => marshal(Order, { ...base(), F: Number.NaN }), pathName).toThrow(UnsupportedValueError);
      expect(() => marshal(Order, { ...base(), F: Number.POSITIVE_INFINITY }), pathName).toThrow(
        "json: unsupported value: +Inf",
      );
    }
  });

  test("well-typed values still marshal as Go does", () => {
    const v = {
      ...base(),
      ID: 7n,
      Tags: ["a"],
      Attrs: new Map([["k", 1n]]),
      Data: new Uint8Array([1]),
      Pair: [-1, 2],
      Note: "n",
      Any: { x: [1, "y", null, true, 2n] },
      At: new GoTime(),
      N: new JsonNumber("1.5"),
      F32: 0.1,
      Opt: null,
    };
    for (const f of [true, false]) {
      fastPaths.bytes = f;
      expect(td.decode(marshal(Order, v))).toBe(
        '{"id":7,"Name":"","Tags":["a"],"Qty":0,"Items":null,"Attrs":{"k":1},"ByNum":null,"Data":"AQ==","Pair":[-1,2],"Note":"n","Any":{"x":[1,"y",null,true,2]},"At":"0001-01-01T00:00:00Z","N":1.5,"U8":0,"U64":0,"F":0,"F32":0.1,"Ok":false,"L":0,"Q":"0","Created":0,"Ref":null}',
      );
    }
  });

  test("a missing embedded struct is reported, also through a pointer, by both paths", () => {
    const D = parseGo("type B struct { X int }\ntype P struct { *B; Y int8 }\ntype V struct { B; Y int8 }");
    for (const f of [true, false]) {
      fastPaths.bytes = f;
      fastPaths.strict = true; // a defect of the byte path (a TypeError) would surface
      expect(() => marshal(D.P as GoType, { Y: 1 })).toThrow(
        "json: P.B: want *main.B (a value or null), got undefined (missing field)",
      );
      expect(() => marshal(D.V as GoType, { B: null, Y: 1 })).toThrow(
        "json: V.B: want main.B (object), got null",
      );
      expect(new TextDecoder().decode(marshal(D.P as GoType, { B: null, Y: 1 }))).toBe('{"Y":1}');
    }
  });

  test("a value of the wrong type is never empty (omitempty does not hide it)", () => {
    expect(() => marshal(Order, { ...base(), Opt: "" })).toThrow(
      'json: Order.Opt: want []int (array or null), got string ""',
    );
  });

  test("a path thousands of levels deep is cut short", () => {
    const Deep = parseGo("type Node struct { N *Node; V int }").Node as GoType;
    let v: unknown = { N: null, V: "bad" };
    for (let i = 0; i < 3000; i++) v = { N: v, V: 1n };
    let msg = "";
    try {
      marshal(Deep, v);
    } catch (e) {
      msg = (e as Error).message;
    }
    expect(msg).toMatch(/^json: Node(…)?(\.N){16}…(\.N){23}\.V: want int \(bigint\), got string "bad"$/);
  });
});
