import { describe, expectTypeOf, test } from "vitest";
import { arrayOf, mapOf, pointerTo, sliceOf, T } from "./constructors.js";
import type { GoTime } from "./go-time.js";
import type { JsonNumber } from "./json-number.js";
import type { jsonNumber, jsonRawMessage, timeDuration, timeTime } from "./known.js";
import { parseGo } from "./parse-go.js";
import { typed } from "./typed.js";
import type { GoType, GoValueOf } from "./types.js";

interface Order {
  ID: bigint;
  Tags: string[] | null;
}

// Codec-shaped signatures (type level only): the value type flows from the GoType argument.
type Unmarshal = <V>(t: GoType<V>, data: string) => V;
type Marshal = <V>(t: GoType<V>, v: V) => Uint8Array;
const unmarshal = (() => undefined) as unknown as Unmarshal;
const marshal = (() => undefined) as unknown as Marshal;

describe("GoType<T>", () => {
  test("Typed/Predeclared", () => {
    expectTypeOf(T.int64).toMatchTypeOf<GoType<bigint>>();
    expectTypeOf<GoValueOf<typeof T.int64>>().toEqualTypeOf<bigint>();
    expectTypeOf<GoValueOf<typeof T.int32>>().toEqualTypeOf<number>();
    expectTypeOf<GoValueOf<typeof T.string>>().toEqualTypeOf<string>();
    expectTypeOf<GoValueOf<typeof T.bool>>().toEqualTypeOf<boolean>();
    expectTypeOf<GoValueOf<typeof T.any>>().toEqualTypeOf<unknown>();
  });
  test("Typed/Composite", () => {
    expectTypeOf<GoValueOf<ReturnType<typeof sliceOf<typeof T.string>>>>().toEqualTypeOf<string[] | null>();
    const bytes = sliceOf(T.byte);
    expectTypeOf<GoValueOf<typeof bytes>>().toEqualTypeOf<Uint8Array | null>();
    const ints = sliceOf(T.int32);
    expectTypeOf<GoValueOf<typeof ints>>().toEqualTypeOf<number[] | null>();
    const p = pointerTo(T.int64);
    expectTypeOf<GoValueOf<typeof p>>().toEqualTypeOf<bigint | null>();
    const m = mapOf(T.string, T.float64);
    expectTypeOf<GoValueOf<typeof m>>().toEqualTypeOf<Map<string, number> | null>();
    const a = arrayOf(4, T.uint8);
    expectTypeOf<GoValueOf<typeof a>>().toEqualTypeOf<number[]>();
  });
  test("Typed/Known", () => {
    expectTypeOf<GoValueOf<typeof timeTime>>().toEqualTypeOf<GoTime>();
    expectTypeOf<GoValueOf<typeof timeDuration>>().toEqualTypeOf<bigint>();
    expectTypeOf<GoValueOf<typeof jsonNumber>>().toEqualTypeOf<JsonNumber>();
    expectTypeOf<GoValueOf<typeof jsonRawMessage>>().toEqualTypeOf<Uint8Array | null>();
  });
  test("Typed/Codec signatures infer the value type", () => {
    const types = parseGo("package shop\ntype Order struct { ID int64; Tags []string }");
    const Order = typed<Order>(types.Order as GoType);
    expectTypeOf(Order).toMatchTypeOf<GoType>(); // a typed GoType is still a GoType
    expectTypeOf(unmarshal(Order, "{}")).toEqualTypeOf<Order>();
    expectTypeOf(marshal<Order>)
      .parameter(1)
      .toEqualTypeOf<Order>();
    // Untyped use keeps working and yields unknown.
    expectTypeOf(unmarshal(types.Order as GoType, "{}")).toEqualTypeOf<unknown>();
    expectTypeOf<GoValueOf<GoType>>().toEqualTypeOf<unknown>();
    expectTypeOf<GoValueOf<typeof Order>>().toEqualTypeOf<Order>();
  });
  test("Typed/Not interchangeable", () => {
    const Order = typed<Order>(T.any);
    // @ts-expect-error a GoType<Order> is not a GoType<string>
    const s: GoType<string> = Order;
    // @ts-expect-error an untyped GoType does not claim a value type
    const o: GoType<Order> = T.any as GoType;
    expectTypeOf(s).not.toBeAny();
    expectTypeOf(o).not.toBeAny();
  });
});
