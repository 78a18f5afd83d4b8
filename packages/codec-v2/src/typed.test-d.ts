/**
 * Type tests (vitest typecheck): a `GoType<T>` carries its values' TypeScript type through
 * unmarshal, marshal, `into` and every stream function; an untyped `GoType` keeps working with
 * `unknown`.
 */
import { type GoType, mapOf, parseGo, sliceOf, T } from "@gojson/gotype";
import { Order } from "@gojson/test-support";
import { describe, expectTypeOf, test } from "vitest";
import {
  AsyncValueStream,
  decodeValues,
  encodeValues,
  marshal,
  marshalEncode,
  marshalToString,
  marshalWrite,
  unmarshal,
  unmarshalDecode,
  unmarshalRead,
  ValueSink,
  ValueStream,
} from "./index.js";

declare const order: Order;
declare const bytes: Uint8Array;

describe("typed codec-v2", () => {
  test("unmarshal returns T; into is typed", () => {
    expectTypeOf(unmarshal(Order, bytes)).toEqualTypeOf<Order>();
    expectTypeOf(unmarshal(Order, "{}", { into: order })).toEqualTypeOf<Order>();
    // @ts-expect-error: into must be an Order
    unmarshal(Order, "{}", { into: { ID: "x" } });
    expectTypeOf(unmarshal(T.int64, "1")).toEqualTypeOf<bigint>();
    expectTypeOf(unmarshal(sliceOf(T.string), "[]")).toEqualTypeOf<string[] | null>();
    expectTypeOf(unmarshal(mapOf(T.string, T.float64), "{}")).toEqualTypeOf<Map<string, number> | null>();
  });
  test("marshal takes T", () => {
    expectTypeOf(marshal(Order, order)).toEqualTypeOf<Uint8Array>();
    expectTypeOf(marshalToString(T.int64, 1n)).toEqualTypeOf<string>();
    // @ts-expect-error: an int64 is a bigint
    marshal(T.int64, 1);
    // @ts-expect-error: a []string is string[] | null
    marshal(sliceOf(T.string), "abc");
    // @ts-expect-error: a missing field
    marshal(Order, { ID: 1n });
  });
  test("streams are typed", () => {
    expectTypeOf(unmarshalRead(Order, bytes)).toEqualTypeOf<Promise<Order>>();
    expectTypeOf(unmarshalDecode(new ValueStream(bytes), Order)).toEqualTypeOf<Order>();
    expectTypeOf(unmarshalDecode(new AsyncValueStream(bytes), Order)).toEqualTypeOf<Promise<Order>>();
    expectTypeOf(decodeValues(Order, bytes)).toEqualTypeOf<AsyncGenerator<Order, void, undefined>>();
    expectTypeOf(marshalWrite(() => undefined, Order, order)).toEqualTypeOf<Promise<void>>();
    expectTypeOf(marshalEncode(new ValueSink(), Order, order)).toEqualTypeOf<boolean>();
    expectTypeOf(encodeValues(Order, [order], () => undefined)).toEqualTypeOf<Promise<void>>();
    // @ts-expect-error: values must be Orders
    encodeValues(Order, [1], () => undefined);
    // @ts-expect-error: marshalWrite takes an Order
    marshalWrite(() => undefined, Order, 1);
  });
  test("untyped GoType works with unknown", () => {
    const types = parseGo("package shop\ntype Order struct { ID int64 }");
    const U = types.Order as GoType;
    expectTypeOf(unmarshal(U, "{}")).toEqualTypeOf<unknown>();
    expectTypeOf(marshal(U, { anything: true })).toEqualTypeOf<Uint8Array>();
    expectTypeOf(unmarshalRead(U, "{}")).toEqualTypeOf<Promise<unknown>>();
  });
});
