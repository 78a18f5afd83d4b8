// The repository README's first example, verbatim between the markers, run
// and type-checked (strict, noUncheckedIndexedAccess, no casts) with the rest
// of this project: if the README's promise breaks, this test does.

import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { marshal, unmarshal } from "@gojson/codec-v1";
import { parseGoPackage, typed } from "@gojson/gotype";
import { expect, test } from "vitest";

test("README: a multi-file Go package, typed values, Go's bytes", () => {
  const logs: string[] = [];
  const console = { log: (s: unknown) => logs.push(typeof s === "string" ? s : String(s)) };
  // README-EXAMPLE-START
  const shop = parseGoPackage({
    "order.go": `package shop

import "sync"

// Order is what a customer bought.
type Order struct {
	ID    int64  \`json:"id"\`
	Items []Item \`json:"items"\`
	mu    sync.Mutex // encoding/json never looks at it
}`,
    "item.go": `package shop

type Item struct {
	SKU string \`json:"sku"\`
	Qty int32  \`json:"qty,omitempty"\`
}`,
  });
  interface Item {
    SKU: string;
    Qty: number;
  }
  interface Order {
    ID: bigint;
    Items: Item[] | null;
  }
  const Order = typed<Order>(shop.type("Order"));

  // v1 matches "ID" to the field tagged "id" and keeps int64 exact:
  const order = unmarshal(Order, '{"ID": 9007199254740993, "items": [{"sku": "A1"}]}');
  console.log(order.ID); // typed: bigint
  // → 9007199254740993n
  console.log(new TextDecoder().decode(marshal(Order, { ID: 1n, Items: null })));
  // → {"id":1,"items":null}
  // README-EXAMPLE-END
  expect(logs).toEqual(["9007199254740993", '{"id":1,"items":null}']);
  expect(order.Items).toEqual([{ SKU: "A1", Qty: 0 }]);
});

test("README: the example in the README is the one tested here", () => {
  const here = readFileSync(fileURLToPath(import.meta.url), "utf8");
  const tested = here.split("// README-EXAMPLE-START\n")[1]?.split("  // README-EXAMPLE-END")[0] ?? "";
  const readme = readFileSync(fileURLToPath(new URL("../../../README.md", import.meta.url)), "utf8");
  const dedented = tested
    .split("\n")
    .map((l) => (l.startsWith("  ") ? l.slice(2) : l))
    .join("\n")
    .trimEnd();
  expect(tested.length).toBeGreaterThan(100);
  expect(readme).toContain(dedented);
});
