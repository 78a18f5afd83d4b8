import * as v1 from "@gojson/codec-v1";
import * as v2 from "@gojson/codec-v2";
import { GoTime, parseGo } from "@gojson/gotype";
import type { StandardSchemaV1 as SpecSchema } from "@standard-schema/spec";
import { describe, expect, it } from "vitest";
import { toStandardSchema } from "./index.js";

// Expected texts: Go 1.26.8 (`go run` for v1, `GOEXPERIMENT=jsonv2 go run` with encoding/json/v2 for v2).
const decls = parseGo(`package main

import "time"

type Order struct {
	ID     int64           \`json:"id"\`
	Items  []Item          \`json:"items"\`
	Labels map[string]int8 \`json:"labels"\`
	When   time.Time       \`json:"when"\`
}

type Item struct {
	Qty uint8 \`json:"qty"\`
}
`);
const Order = decls.Order!;

describe("toStandardSchema", () => {
  it("is a Standard Schema v1 (vendor gojson) that returns the codec's value", () => {
    const s = toStandardSchema(Order, { codec: v2 });
    const spec: SpecSchema<unknown, unknown> = s;
    expect(spec["~standard"].version).toBe(1);
    expect(spec["~standard"].vendor).toBe("gojson");
    const r = s["~standard"].validate(
      new TextEncoder().encode('{"id":9007199254740993,"items":[{"qty":2}]}'),
    );
    if (r instanceof Promise || r.issues !== undefined) throw new Error("want a value");
    expect(r.value).toEqual({ ID: 9007199254740993n, Items: [{ Qty: 2 }], Labels: null, When: new GoTime() });
  });

  const cases: {
    name: string;
    codec: "v1" | "v2";
    options?: Record<string, unknown>;
    in: unknown;
    input?: "json";
    want: { message: string; path?: PropertyKey[] };
  }[] = [
    {
      name: "V2/Pointer",
      codec: "v2",
      in: { items: [{ qty: 1 }, { qty: 300 }] },
      want: {
        message:
          'json: cannot unmarshal JSON number 300 into Go uint8 within "/items/1/qty": value out of range',
        path: ["items", 1, "qty"],
      },
    },
    {
      name: "V1/OffsetToPath",
      codec: "v1",
      in: { items: [{ qty: 1 }, { qty: 300 }] },
      want: {
        message: "json: cannot unmarshal number 300 into Go struct field Item.items.qty of type uint8",
        path: ["items", 1, "qty"],
      },
    },
    {
      name: "V1/MapMemberPath",
      codec: "v1",
      in: { labels: { "0": "x" } },
      want: {
        message: "json: cannot unmarshal string into Go struct field Order.labels of type int8",
        path: ["labels", "0"],
      },
    },
    {
      name: "V2/UnknownMember",
      codec: "v2",
      options: { rejectUnknownMembers: true },
      in: { idd: 1 },
      want: {
        message: 'json: cannot unmarshal JSON string into Go main.Order: unknown object member name "idd"',
        path: ["idd"],
      },
    },
    {
      name: "V2/SyntaxFromJsonText",
      codec: "v2",
      input: "json",
      in: '{"id":1,}',
      want: { message: "jsontext: invalid character ',' at start of value after offset 7" },
    },
    {
      name: "NotJson",
      codec: "v2",
      in: { id: 1n },
      want: { message: "value is not JSON: Do not know how to serialize a BigInt" },
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const s = toStandardSchema(Order, {
        codec: c.codec === "v1" ? v1 : v2,
        ...(c.options ? { options: c.options } : {}),
        ...(c.input ? { input: c.input } : {}),
      });
      const r = s["~standard"].validate(c.in);
      if (r instanceof Promise) throw new Error("want a synchronous result");
      expect(r.issues?.[0]?.message.replace("unable to", "cannot")).toBe(c.want.message);
      if (c.want.path !== undefined) expect(r.issues?.[0]?.path).toEqual(c.want.path);
    });
  }

  it("rejects bad arguments with TypeErrors", () => {
    expect(() => toStandardSchema(Order, {} as never)).toThrow(/options.codec/);
    expect(() => toStandardSchema(Order, { codec: v2, opts: {} } as never)).toThrow(/unknown option "opts"/);
    expect(() => toStandardSchema(42 as never, { codec: v2 })).toThrow(/want a GoType/);
  });
});
