/**
 * Type tests (checked by `tsc --noEmit`): the generated constants type the
 * codec's results and arguments, with no cast anywhere.
 */

import * as codecV1 from "@gojson/codec-v1";
import { marshal, unmarshal } from "@gojson/codec-v1";
import * as v2 from "@gojson/codec-v2";
import { GoTime } from "@gojson/gotype";
import { toStandardSchema } from "@gojson/schema";
import { expectTypeOf } from "vitest";
import { CreateOrder, type Line, Order } from "./shop.gen.js";

// unmarshal returns the generated interface.
const order = unmarshal(Order, '{"id":1}');
expectTypeOf(order).toEqualTypeOf<Order>();
expectTypeOf(order.ID).toEqualTypeOf<bigint>();
expectTypeOf(order.Lines).toEqualTypeOf<Line[] | null>();
expectTypeOf(order.Placed).toEqualTypeOf<GoTime>();
expectTypeOf(unmarshal(CreateOrder, "{}").Lines).toEqualTypeOf<Line[] | null>();

// marshal takes exactly that shape.
const ok: Order = { ID: 1n, Customer: "ann", Lines: null, TotalCents: 0n, Placed: new GoTime() };
marshal(Order, ok);
// @ts-expect-error an int64 is a bigint, not a number
marshal(Order, { ...ok, ID: 1 });
// @ts-expect-error every field is present (Go's zero values)
marshal(Order, { ID: 1n, Customer: "ann" });
// @ts-expect-error a []Line is Line[] | null, not a string
marshal(Order, { ...ok, Lines: "abc" });
// @ts-expect-error an Order is not a CreateOrder
marshal(CreateOrder, ok);

// A Standard Schema of the constant validates to the same type.
const schema = toStandardSchema(CreateOrder, { codec: codecV1 });
const result = schema["~standard"].validate(new Uint8Array());
if (!(result instanceof Promise) && result.issues === undefined)
  expectTypeOf(result.value).toEqualTypeOf<CreateOrder>();

// The same with codec-v2 (encoding/json/v2).
const order2 = v2.unmarshal(Order, '{"id":1}');
expectTypeOf(order2).toEqualTypeOf<Order>();
v2.marshal(Order, ok);
// @ts-expect-error a time.Time is a GoTime, not a string
v2.marshal(Order, { ...ok, Placed: "2026-12-04T10:00:00Z" });
// @ts-expect-error a CreateOrder has no ID
v2.marshal(CreateOrder, ok);
