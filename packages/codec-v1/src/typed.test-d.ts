/**
 * Type tests (vitest typecheck): a `GoType<T>` carries its values' TypeScript
 * type through unmarshal, marshal, `into`, the Decoder and the Encoder; an
 * untyped `GoType` keeps working with `unknown`.
 */
import {
  type GoTime,
  type GoType,
  type JsonNumber,
  jsonNumber,
  mapOf,
  parseGo,
  pointerTo,
  sliceOf,
  T,
  timeTime,
} from "@gojson/gotype";
import { Order } from "@gojson/test-support";
import { describe, expectTypeOf, test } from "vitest";
import { Decoder, Encoder, marshal, marshalIndent, unmarshal } from "./index.js";

describe("typed codec-v1", () => {
  test("unmarshal returns the type's value type", () => {
    expectTypeOf(unmarshal(Order, "{}")).toEqualTypeOf<Order>();
    expectTypeOf(unmarshal(T.int64, "1")).toEqualTypeOf<bigint>();
    expectTypeOf(unmarshal(T.int32, "1")).toEqualTypeOf<number>();
    expectTypeOf(unmarshal(sliceOf(T.string), "[]")).toEqualTypeOf<string[] | null>();
    expectTypeOf(unmarshal(sliceOf(T.byte), '""')).toEqualTypeOf<Uint8Array | null>();
    expectTypeOf(unmarshal(mapOf(T.string, T.int64), "{}")).toEqualTypeOf<Map<string, bigint> | null>();
    expectTypeOf(unmarshal(pointerTo(Order), "null")).toEqualTypeOf<Order | null>();
    expectTypeOf(unmarshal(timeTime, '"2020-01-01T00:00:00Z"')).toEqualTypeOf<GoTime>();
    expectTypeOf(unmarshal(jsonNumber, "1")).toEqualTypeOf<JsonNumber>();
  });

  test("an untyped GoType gives unknown", () => {
    const u: GoType = parseGo("type U struct{ A int }").U as GoType;
    expectTypeOf(unmarshal(u, "{}")).toEqualTypeOf<unknown>();
    expectTypeOf(marshal).toBeCallableWith(u, 42);
  });

  test("into is typed", () => {
    const o = unmarshal(Order, "{}");
    expectTypeOf(unmarshal(Order, "{}", { into: o })).toEqualTypeOf<Order>();
    // @ts-expect-error into must be an Order
    unmarshal(Order, "{}", { into: 42 });
    // @ts-expect-error into must be a bigint
    unmarshal(T.int64, "1", { into: "1" });
  });

  test("marshal takes the type's value type", () => {
    const o = unmarshal(Order, "{}");
    expectTypeOf(marshal(Order, o)).toEqualTypeOf<Uint8Array>();
    expectTypeOf(marshalIndent(Order, o, "", "  ")).toEqualTypeOf<Uint8Array>();
    // @ts-expect-error a string is not an int64 (bigint)
    marshal(T.int64, "not a bigint");
    // @ts-expect-error a number is not an int64 (bigint)
    marshal(T.int64, 1);
    // @ts-expect-error Tags is string[] | null
    marshal(Order, { ...o, Tags: "abc" });
    // @ts-expect-error Attrs is a Map
    marshal(Order, { ...o, Attrs: { a: 1 } });
    // @ts-expect-error Name is missing
    marshal(Order, { ID: 1n });
  });

  test("streams are typed", async () => {
    const d = new Decoder("{}");
    expectTypeOf(d.decode(Order)).toEqualTypeOf<Promise<Order>>();
    expectTypeOf(d.decode(T.string)).toEqualTypeOf<Promise<string>>();
    const e = new Encoder(() => undefined);
    expectTypeOf(e.encode(T.bool, true)).toEqualTypeOf<Promise<void>>();
    // @ts-expect-error a bool takes a boolean
    void e.encode(T.bool, 1);
  });
});
