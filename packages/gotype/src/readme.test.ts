import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { missingTwins, parseGoPackage, structFields, typeString, withPackageMethods } from "./index.js";
import type { GoType } from "./types.js";

// The README's first example, run as written (its Go files extracted from the README).
test("README/MultiFilePackage", () => {
  const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
  const block = readme.slice(
    readme.indexOf("const shop = parseGoPackage({"),
    readme.indexOf("typeString(shop.types.Order)"),
  );
  const files = [...block.matchAll(/"([a-z]+\.go)": `([\s\S]*?)`,\n/g)].map((m) => ({
    name: m[1] as string,
    source: (m[2] as string).replaceAll("\\`", "`").replaceAll("\\\\", "\\"),
  }));
  expect(files.map((f) => f.name)).toEqual(["order.go", "item.go"]);
  const shop = parseGoPackage(files);
  expect(typeString(shop.types.Order as GoType)).toBe("shop.Order");
  expect(structFields(shop.types.Order as GoType, "v1").fields.map((f) => f.name)).toEqual([
    "id",
    "items",
    "total",
    "when",
    "page",
  ]);
  expect(typeString(shop.type("Page[Item]"))).toBe("shop.Page[shop.Item]");
  expect(shop.types.Order?.doc).toBe("Order is what a customer bought.");
  expect(missingTwins(shop.types).map((m) => [m.type, m.method, m.receiver])).toEqual([
    ["Cents", "MarshalJSON", "value"],
  ]);
  withPackageMethods(shop.types, {
    Cents: { MarshalJSON: (c: bigint) => `"${c / 100n}.${String(c % 100n).padStart(2, "0")}"` },
  });
  expect(shop.types.Cents?.methods?.MarshalJSON?.fn(1234n)).toBe('"12.34"');
  expect(missingTwins(shop.types)).toEqual([]);
});
