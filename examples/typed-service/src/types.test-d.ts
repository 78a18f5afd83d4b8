/**
 * Type tests (checked by `tsc --noEmit`): the generated constants type the
 * codec's results and arguments, with no cast anywhere.
 */

import * as codecV1 from "@gojson/codec-v1";
import { marshal, unmarshal } from "@gojson/codec-v1";
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
