import { describe, expect, it } from "vitest";
import { arrayOf, T } from "./constructors.js";
import { GoTime } from "./go-time.js";
import { JsonNumber } from "./json-number.js";
import { withMethods } from "./methods.js";
import { parseGo } from "./parse-go.js";
import type { GoType } from "./types.js";
import { checkValue, isZero, zero } from "./values.js";

const d = parseGo(`
type Item struct { Qty int32; Name string }
type Order struct {
	ID int64
	Items []Item
	When time.Time
	N json.Number
	Raw json.RawMessage
	Grid [2]Item
	M map[string]int
	p *Order
	Embedded
}
type Embedded struct{ E float64 }
type Z struct{ A int }
`);

describe("zero", () => {
  it("follows the contract's shapes", () => {
    const z = zero(d.Order as GoType) as Record<string, unknown>;
    expect(z.ID).toBe(0n);
    expect(z.Items).toBeNull();
    expect(GoTime.isInstance(z.When) && (z.When as GoTime).isZero()).toBe(true);
    expect(JsonNumber.isInstance(z.N)).toBe(true);
    expect(z.Raw).toBeNull();
    expect(z.Grid).toEqual([
      { Qty: 0, Name: "" },
      { Qty: 0, Name: "" },
    ]);
    expect(z.p).toBeNull();
    expect(z.Embedded).toEqual({ E: 0 });
    expect(zero(arrayOf(2, T.uint64))).toEqual([0n, 0n]);
  });
});

describe("isZero", () => {
  it("reflect semantics and IsZero methods", () => {
    // Go 1.26 and 1.27: reflect.Value.IsZero is v.Float() == 0 (json/v2 omitzero of -0 and [1]float64{-0} writes {}).
    expect(isZero(T.float64, 0)).toBe(true);
    expect(isZero(T.float64, -0)).toBe(true);
    expect(isZero(T.float32, Number.NaN)).toBe(false);
    expect(isZero(arrayOf(1, T.float64), [-0])).toBe(true);
    expect(isZero(d.Order as GoType, zero(d.Order as GoType))).toBe(true);
    const Zt = withMethods(d.Z as GoType, { IsZero: (v: { A: bigint }) => v.A === 7n });
    expect(isZero(Zt, { A: 7n })).toBe(true);
    expect(isZero(Zt, { A: 0n })).toBe(false);
    expect(isZero(T.any, null)).toBe(true);
  });
});

describe("checkValue", () => {
  it("reports the path", () => {
    const v = zero(d.Order as GoType) as Record<string, unknown>;
    v.Items = [
      { Qty: 1, Name: "a" },
      { Qty: 2, Name: "b" },
      { Qty: 3.5, Name: "c" },
    ];
    expect(checkValue(d.Order as GoType, v)?.message).toBe("Order.Items[2].Qty: want int32, got 3.5");
    v.Items = null;
    expect(checkValue(d.Order as GoType, v)).toBeUndefined();
    expect(checkValue(T.int64, 1)?.message).toBe("int64: want int64, got 1");
    expect(checkValue(T.uint8, 256)?.message).toBe("uint8: want uint8, got 256");
  });
  it("reports the first mismatch in field and element order", () => {
    const t = parseGo("package p\ntype I struct{ Q int32 }\ntype S struct{ A []I; B int8; C I }").S as GoType;
    const cases: [unknown, string | undefined][] = [
      [{ A: [{ Q: 1 }, { Q: "x" }], B: 300, C: { Q: 1 } }, 'S.A[1].Q: want int32, got "x"'],
      [{ A: null, B: 300, C: {} }, "S.B: want int8, got 300"],
      [{ A: null, B: 1, C: {} }, "S.C.Q: want int32, got missing field"],
      [{ A: [{}], B: 1 }, "S.A[0].Q: want int32, got missing field"],
      [{ A: null, B: 1 }, "S.C: want p.I, got missing field"],
      [{ A: null, B: 1, C: { Q: 2 } }, undefined],
    ];
    for (const [v, want] of cases) expect(checkValue(t, v)?.message).toBe(want);
  });
  it("accepts cyclic values and values met twice", () => {
    const t = parseGo("package p\ntype N struct{ Next *N; V int8 }").N as GoType;
    const a: Record<string, unknown> = { Next: null, V: 1 };
    a.Next = a;
    expect(checkValue(t, a)).toBeUndefined();
    const shared = { Next: null, V: 2 };
    expect(checkValue(t, { Next: { Next: shared, V: 1 }, V: 0 })).toBeUndefined();
    expect(checkValue(t, { Next: { Next: null, V: 1000 }, V: 0 })?.message).toBe(
      "N.Next.V: want int8, got 1000",
    );
  });
});

describe("checkValue and fields JSON never reads", () => {
  it("accepts any value, or none, for unexported and opaque fields", async () => {
    const { parseGo } = await import("./parse-go.js");
    const { checkValue } = await import("./values.js");
    const t = parseGo(
      'package p\nimport "sync"\ntype A struct {\n\tN int `json:"n"`\n\tF func() `json:"-"`\n\tmu sync.Mutex\n\tc chan int\n}',
    ).A;
    expect(checkValue(t as never, { N: 1n, F: () => 1 })).toBeUndefined();
    expect(checkValue(t as never, { N: 1n, F: null, mu: "anything", c: 3 })).toBeUndefined();
    expect(checkValue(t as never, { F: null })?.message).toContain("A.N");
  });
});
