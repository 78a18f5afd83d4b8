/**
 * Values that do not fit their Go type: every marshal path (the byte path, the shadow path, the
 * exact encoder, v1 options, indented output, marshalWrite, marshalEncode, encodeValues) throws
 * the same InvalidValueError, naming the Go path, what the type takes and what came, and writes
 * nothing. (Go has no such error: a Go value always has its type; these texts are gojson's.)
 */
import {
  arrayOf,
  GoTime,
  type GoType,
  JsonNumber,
  jsonNumber,
  mapOf,
  named,
  pointerTo,
  sliceOf,
  structOf,
  T,
  timeDuration,
  timeTime,
} from "@gojson/gotype";
import { afterEach, describe, expect, it } from "vitest";
import {
  defaultOptionsV1,
  encodeValues,
  InvalidValueError,
  JsonError,
  marshal,
  marshalEncode,
  marshalToString,
  marshalWrite,
  SemanticError,
  ValueSink,
} from "./index.js";
import { describeValue } from "./invalid-value.js";
import { fastMarshal } from "./marshal-fast.js";

const Item = named("Item", structOf([{ name: "SKU", type: T.string, tag: 'json:"sku"' }]));
const Base = named("Base", structOf([{ name: "Created", type: T.int64, tag: "" }]));
const Order = named(
  "Order",
  structOf([
    { name: "Base", type: Base, tag: "", embedded: true },
    { name: "ID", type: T.int64, tag: 'json:"id"' },
    { name: "Name", type: T.string, tag: 'json:"name"' },
    { name: "Tags", type: sliceOf(T.string), tag: 'json:"tags"' },
    { name: "Qty", type: T.int32, tag: 'json:"qty,omitzero"' },
    { name: "Small", type: T.uint8, tag: "" },
    { name: "Big", type: T.uint64, tag: "" },
    { name: "Ratio", type: T.float32, tag: "" },
    { name: "Attrs", type: mapOf(T.string, T.int64), tag: "" },
    { name: "Raw", type: sliceOf(T.byte), tag: "" },
    { name: "Hash", type: arrayOf(4, T.uint8), tag: "" },
    { name: "Items", type: sliceOf(Item), tag: "" },
    { name: "Next", type: pointerTo(Item), tag: "" },
    { name: "Any", type: T.any, tag: "" },
    { name: "At", type: timeTime, tag: "" },
    { name: "Total", type: jsonNumber, tag: "" },
  ]),
);

function good(): Record<string, unknown> {
  return {
    Base: { Created: 1n },
    ID: 7n,
    Name: "n",
    Tags: ["a"],
    Qty: 2,
    Small: 255,
    Big: 18446744073709551615n,
    Ratio: 0.5,
    Attrs: new Map([["k", 1n]]),
    Raw: new Uint8Array([1, 2]),
    Hash: [1, 2, 3, 4],
    Items: [{ SKU: "x" }],
    Next: null,
    Any: { a: [1, "b"] },
    At: GoTime.parse("2024-01-02T03:04:05Z"),
    Total: new JsonNumber("1.50"),
  };
}

interface Case {
  name: string;
  t?: GoType;
  /** Changes to the good Order (undefined: the field is deleted). */
  set?: Record<string, unknown>;
  in?: unknown;
  want: string;
  /** The text under v1 options when it differs (v1 writes [N]byte as an array of numbers). */
  wantV1?: string;
}

const CASES: Case[] = [
  {
    name: "Int64/String",
    set: { ID: "not a bigint" },
    want: 'json: Order.ID: want int64 (bigint), got string "not a bigint"',
  },
  { name: "Int64/Number", set: { ID: 7 }, want: "json: Order.ID: want int64 (bigint), got number 7" },
  {
    name: "Int64/OutOfRange",
    set: { ID: 1n << 63n },
    want: "json: Order.ID: want int64 (bigint in [-9223372036854775808, 9223372036854775807]), got bigint 9223372036854775808",
  },
  {
    name: "Uint64/Negative",
    set: { Big: -1n },
    want: "json: Order.Big: want uint64 (bigint in [0, 18446744073709551615]), got bigint -1",
  },
  {
    name: "Struct/MissingField",
    set: { Name: undefined },
    want: "json: Order.Name: want string, got undefined (missing field)",
  },
  {
    name: "Struct/MissingOmitZeroField",
    set: { Qty: undefined },
    want: "json: Order.Qty: want int32 (integer number), got undefined (missing field)",
  },
  {
    name: "Struct/MissingPointerField",
    set: { Next: undefined },
    want: "json: Order.Next: want *main.Item (object or null), got undefined (missing field)",
  },
  {
    name: "Struct/MissingAnyField",
    set: { Any: undefined },
    want: "json: Order.Any: want interface {}, got undefined (missing field)",
  },
  {
    name: "Struct/MissingEmbedded",
    set: { Base: undefined },
    want: "json: Order.Base: want main.Base (object), got undefined (missing field)",
  },
  {
    name: "Struct/EmbeddedField",
    set: { Base: { Created: 1 } },
    want: "json: Order.Base.Created: want int64 (bigint), got number 1",
  },
  {
    name: "Slice/String",
    set: { Tags: "abc" },
    want: 'json: Order.Tags: want []string (array or null), got string "abc"',
  },
  { name: "Slice/Element", set: { Tags: ["a", 2] }, want: "json: Order.Tags[1]: want string, got number 2" },
  {
    name: "Int32/Fraction",
    set: { Qty: 1.5 },
    want: "json: Order.Qty: want int32 (integer number), got number 1.5",
  },
  {
    name: "Int32/OutOfRange",
    set: { Qty: 2 ** 31 },
    want: "json: Order.Qty: want int32 (integer number in [-2147483648, 2147483647]), got number 2147483648",
  },
  {
    name: "Uint8/OutOfRange",
    set: { Small: 256 },
    want: "json: Order.Small: want uint8 (integer number in [0, 255]), got number 256",
  },
  {
    name: "Uint8/NaN",
    set: { Small: Number.NaN },
    want: "json: Order.Small: want uint8 (integer number), got number NaN",
  },
  {
    name: "Float32/OutOfRange",
    set: { Ratio: 1e39 },
    want: "json: Order.Ratio: want float32 (number within ±3.4028234663852886e+38), got number 1e+39",
  },
  {
    name: "Map/PlainObject",
    set: { Attrs: { k: 1n } },
    want: "json: Order.Attrs: want map[string]int64 (Map or null), got object",
  },
  {
    name: "Map/Value",
    set: { Attrs: new Map([["k", "v"]]) },
    want: 'json: Order.Attrs["k"]: want int64 (bigint), got string "v"',
  },
  {
    name: "Map/Key",
    set: { Attrs: new Map([[1, 1n]]) },
    want: "json: Order.Attrs: want string as map key, got number 1",
  },
  {
    name: "Bytes/Array",
    set: { Raw: [1, 2] },
    want: "json: Order.Raw: want []uint8 (Uint8Array or null), got array of length 2",
  },
  {
    name: "Bytes/String",
    set: { Raw: "AQI=" },
    want: 'json: Order.Raw: want []uint8 (Uint8Array or null), got string "AQI="',
  },
  {
    name: "ByteArray/Length",
    set: { Hash: [1, 2, 3] },
    want: "json: Order.Hash: want [4]uint8 (array of length 4), got array of length 3",
  },
  {
    name: "ByteArray/Element",
    set: { Hash: [1, 2, 3, 300] },
    want: "json: Order.Hash: want [4]uint8 (array of length 4), got array of length 4",
    wantV1: "json: Order.Hash[3]: want uint8 (integer number in [0, 255]), got number 300",
  },
  {
    name: "Struct/Null",
    set: { Items: [null] },
    want: "json: Order.Items[0]: want main.Item (object), got null",
  },
  {
    name: "Struct/Element",
    set: { Items: [{ SKU: "a" }, { SKU: 1 }] },
    want: "json: Order.Items[1].SKU: want string, got number 1",
  },
  {
    name: "Pointer/Element",
    set: { Next: { SKU: null } },
    want: "json: Order.Next.SKU: want string, got null",
  },
  {
    name: "Time/Date",
    set: { At: new Date(0) },
    want: "json: Order.At: want time.Time (GoTime), got Date object",
  },
  {
    name: "Time/String",
    set: { At: "2024-01-02T03:04:05Z" },
    want: 'json: Order.At: want time.Time (GoTime), got string "2024-01-02T03:04:05Z"',
  },
  {
    name: "Number/Number",
    set: { Total: 1.5 },
    want: "json: Order.Total: want json.Number (JsonNumber or string), got number 1.5",
  },
  {
    name: "Root/NotAnObject",
    in: "order",
    want: 'json: Order: want main.Order (object), got string "order"',
  },
  { name: "Root/Array", in: [], want: "json: Order: want main.Order (object), got array of length 0" },
  { name: "Root/Int64", t: T.int64, in: 1, want: "json: int64: want int64 (bigint), got number 1" },
  {
    name: "Root/SliceOfMaps",
    t: sliceOf(mapOf(T.string, T.bool)),
    in: [new Map([["a", true]]), new Map([["b", "yes"]])],
    want: 'json: []map[string]bool[1]["b"]: want bool (boolean), got string "yes"',
  },
  {
    name: "Root/LongString",
    t: T.bool,
    in: "x".repeat(100),
    want: `json: bool: want bool (boolean), got string "${"x".repeat(40)}…"`,
  },
];

function input(c: Case): { t: GoType; v: unknown } {
  if (c.t !== undefined) return { t: c.t, v: c.in };
  if (c.in !== undefined) return { t: Order, v: c.in };
  const v = good();
  for (const [k, x] of Object.entries(c.set ?? {})) {
    if (x === undefined) delete v[k];
    else v[k] = x;
  }
  return { t: Order, v };
}

/** The error a synchronous marshal path throws (the test fails when nothing is thrown). */
function thrown(f: () => unknown): Error {
  let err: unknown;
  let out: unknown;
  try {
    out = f();
  } catch (e) {
    err = e;
  }
  expect(out).toBeUndefined();
  expect(err).toBeInstanceOf(Error);
  return err as Error;
}

function checkError(e: unknown, want: string): void {
  expect(InvalidValueError.isInstance(e)).toBe(true);
  expect(e).toBeInstanceOf(InvalidValueError);
  expect(JsonError.isInstance(e)).toBe(true);
  expect(SemanticError.isInstance(e)).toBe(true);
  const ive = e as InvalidValueError;
  expect(ive.message).toBe(want);
  expect(ive.code).toBe("GOJSON_ERR_INVALID_VALUE");
  expect(ive.name).toBe("InvalidValueError");
  expect(`json: ${ive.goPath}: want ${ive.want}, got ${ive.got}`).toBe(want);
}

afterEach(() => {
  fastMarshal.enabled = true;
});

describe("a value that does not fit its Go type is an InvalidValueError on every path", () => {
  it("the good value marshals (the cases below differ from it in one place)", () => {
    expect(marshalToString(Order, good())).toBe(
      '{"Created":1,"id":7,"name":"n","tags":["a"],"qty":2,"Small":255,"Big":18446744073709551615,"Ratio":0.5,"Attrs":{"k":1},"Raw":"AQI=","Hash":"AQIDBA==","Items":[{"sku":"x"}],"Next":null,"Any":{"a":[1,"b"]},"At":"2024-01-02T03:04:05Z","Total":1.50}',
    );
  });
  for (const c of CASES) {
    describe(c.name, () => {
      const { t, v } = input(c);
      it("marshal (byte path first)", () =>
        checkError(
          thrown(() => marshal(t, v)),
          c.want,
        ));
      it("marshalToString (shadow path first)", () =>
        checkError(
          thrown(() => marshalToString(t, v)),
          c.want,
        ));
      it("exact encoder", () => {
        fastMarshal.enabled = false;
        checkError(
          thrown(() => marshal(t, v)),
          c.want,
        );
      });
      it("v1 options", () =>
        checkError(
          thrown(() => marshal(t, v, defaultOptionsV1())),
          c.wantV1 ?? c.want,
        ));
      it("multiline", () =>
        checkError(
          thrown(() => marshal(t, v, { multiline: true })),
          c.want,
        ));
      it("marshalWrite writes nothing", async () => {
        const got: Uint8Array[] = [];
        await expect(marshalWrite((b: Uint8Array) => void got.push(b), t, v)).rejects.toThrow(want(c));
        expect(got).toEqual([]);
      });
      it("marshalEncode writes nothing", () => {
        const enc = new ValueSink();
        checkError(
          thrown(() => marshalEncode(enc, t, v)),
          c.want,
        );
        expect(enc.bytes().length).toBe(0);
      });
      it("encodeValues stops before the value", async () => {
        const got: Uint8Array[] = [];
        await expect(encodeValues(t, [v], (b: Uint8Array) => void got.push(b))).rejects.toThrow(want(c));
        expect(got).toEqual([]);
      });
    });
  }
});

function want(c: Case): string {
  return c.want;
}

describe("time.Duration (v1 options: a number of nanoseconds)", () => {
  it.each([
    [1.5, "number 1.5"],
    ["1s", 'string "1s"'],
    [1n << 63n, "bigint 9223372036854775808"],
  ])("%o", (v, got) => {
    for (const fast of [true, false]) {
      fastMarshal.enabled = fast;
      checkError(
        thrown(() => marshal(timeDuration, v as bigint, defaultOptionsV1())),
        `json: Duration: want time.Duration (bigint), got ${got}`,
      );
    }
    expect(marshalToString(timeDuration, 1500n, defaultOptionsV1())).toBe("1500");
  });
});

describe("describeValue", () => {
  it.each([
    [undefined, "undefined"],
    [null, "null"],
    ["a\nb", 'string "a\\nb"'],
    [-0, "number -0"],
    [12n, "bigint 12"],
    [true, "boolean true"],
    [[1, 2], "array of length 2"],
    [new Uint8Array(3), "Uint8Array of length 3"],
    [new Map([[1, 2]]), "Map of size 1"],
    [{}, "object"],
    [Object.create(null), "object"],
    [new Date(0), "Date object"],
    [new JsonNumber("1e2"), 'JsonNumber "1e2"'],
    [() => 1, "function"],
    [Symbol("s"), "symbol"],
  ])("%o → %s", (v, text) => {
    expect(describeValue(v)).toBe(text);
  });
});
