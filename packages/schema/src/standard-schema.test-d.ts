/** Type tests (checked by `tsc --noEmit`): the validator's output type is the Go type's value type. */
import * as codecV2 from "@gojson/codec-v2";
import { type GoType, sliceOf, T } from "@gojson/gotype";
import type { StandardSchemaV1 as Spec } from "@standard-schema/spec";
import { expectTypeOf } from "vitest";
import { type GoStandardSchema, toStandardSchema } from "./index.js";

interface Order {
  ID: bigint;
  Items: string[] | null;
}
declare const Order: GoType<Order>;

const orders = toStandardSchema(Order, { codec: codecV2 });
expectTypeOf(orders).toEqualTypeOf<GoStandardSchema<Order>>();
expectTypeOf(orders.goType).toEqualTypeOf<GoType<Order>>();
// The spec's own type accepts it, and infers the output.
const spec: Spec<unknown, Order> = orders;
expectTypeOf<Spec.InferOutput<typeof spec>>().toEqualTypeOf<Order>();

const r = orders["~standard"].validate("{}");
if (!(r instanceof Promise)) {
  if (r.issues === undefined) expectTypeOf(r.value).toEqualTypeOf<Order>();
  else expectTypeOf(r.issues[0]?.path).toEqualTypeOf<ReadonlyArray<PropertyKey> | undefined>();
}

// Constructors carry their types through.
expectTypeOf(toStandardSchema(sliceOf(T.int64), { codec: codecV2 }).goType).toEqualTypeOf<
  GoType<bigint[] | null>
>();
// @ts-expect-error the codec is required
toStandardSchema(Order, {});
