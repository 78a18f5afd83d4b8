import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { parseGoModule } from "./go-module.js";
import { findModuleRoot, readGoModule, readGoPackage } from "./node.js";
import { typeString } from "./type-string.js";
import type { GoType } from "./types.js";

const moduleFiles: Record<string, string> = {
  "go.mod": "module example.com/shop // the shop\n\ngo 1.24\n",
  "main.go": 'package main\n\nimport "example.com/shop/orders"\n\nvar _ orders.Order\n\nfunc main() {}\n',
  "orders/order.go":
    'package orders\n\nimport (\n\t"example.com/shop/inventory"\n\tv1 "example.com/shop/api/v1"\n)\n\n// Order is an order.\ntype Order struct {\n\tItems []inventory.Item `json:"items"`\n\tMeta  v1.Meta          `json:"meta"`\n}\n',
  "orders/order_test.go": "package orders\n\ntype testOnly struct{}\n",
  "inventory/item.go": 'package inventory\n\ntype Item struct{ SKU string `json:"sku"` }\n',
  "api/v1/meta.go": "package v1\n\ntype Meta struct{ Version int }\n",
  "legacy/v1/meta.go": "package v1\n\ntype Meta struct{ Old bool }\n",
};

function fieldType(t: GoType | undefined, i: number): GoType {
  if (t?.kind !== "struct") throw new TypeError("not a struct");
  return t.fields[i]?.type as GoType;
}

describe("modules", () => {
  test("Module/ImportsBetweenPackages", () => {
    const mod = parseGoModule(moduleFiles);
    expect(mod.path).toBe("example.com/shop");
    expect(mod.goVersion).toBe("1.24");
    expect(mod.packagePaths).toEqual([
      "example.com/shop",
      "example.com/shop/api/v1",
      "example.com/shop/inventory",
      "example.com/shop/legacy/v1",
      "example.com/shop/orders",
    ]);
    const orders = mod.package("orders");
    expect(orders.path).toBe("example.com/shop/orders");
    expect(typeString(orders.types.Order as GoType)).toBe("orders.Order");
    const items = fieldType(orders.types.Order, 0);
    expect(items.kind === "slice" && items.elem).toBe(mod.package("example.com/shop/inventory").types.Item);
    expect(typeString(items)).toBe("[]inventory.Item");
    // Two packages named v1 at different paths stay apart.
    const meta = fieldType(orders.types.Order, 1);
    expect(meta).toBe(mod.package("api/v1").types.Meta);
    expect(meta).not.toBe(mod.package("legacy/v1").types.Meta);
    expect(meta.pkgPath).toBe("example.com/shop/api/v1");
    expect(mod.package(".").name).toBe("main");
  });

  test("Module/ErrorsNameFilesRelativeToTheRoot", () => {
    const mod = parseGoModule({
      ...moduleFiles,
      "inventory/bad.go": "package inventory\n\ntype Bad struct {",
    });
    expect(() => mod.package("orders")).toThrow(
      "inventory/bad.go:3:18: syntax error: unexpected EOF, expected }",
    );
  });

  test("Module/ImportCycle", () => {
    const mod = parseGoModule({
      "go.mod": "module m",
      "a/a.go": 'package a\nimport "m/b"\ntype A struct{ B b.B }',
      "b/b.go": 'package b\nimport "m/a"\ntype B struct{ A *a.A }',
    });
    expect(() => mod.package("a")).toThrow("import cycle not allowed: m/a -> m/b -> m/a");
  });

  test("Module/GoModWithoutModule", () => {
    expect(() => parseGoModule({ "go.mod": "go 1.24\n" })).toThrow("go.mod:1:1: no module statement");
  });
});

describe("node: reading from disk", () => {
  const root = mkdtempSync(join(tmpdir(), "gotype-node-"));
  for (const [p, text] of Object.entries(moduleFiles)) {
    mkdirSync(join(root, p, ".."), { recursive: true });
    writeFileSync(join(root, p), text);
  }
  mkdirSync(join(root, "orders", "testdata"), { recursive: true });
  writeFileSync(join(root, "orders", "testdata", "x.go"), "package broken {");
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  test("Node/ReadGoPackageFindsTheModule", () => {
    const orders = readGoPackage(join(root, "orders"));
    expect(orders.path).toBe("example.com/shop/orders");
    expect(orders.files).toEqual(["orders/order.go"]);
    expect(orders.ignoredFiles).toEqual([{ name: "orders/order_test.go", reason: "test file" }]);
    expect(typeString(fieldType(orders.types.Order, 0))).toBe("[]inventory.Item");
    expect(orders.types.Order?.doc).toBe("Order is an order.");
  });

  test("Node/ReadGoModuleSkipsTestdata", () => {
    const mod = readGoModule(root);
    expect(mod.packagePaths).not.toContain("example.com/shop/orders/testdata");
    expect(mod.packagePaths).toContain("example.com/shop/inventory");
    expect(findModuleRoot(join(root, "api", "v1"))).toBe(root);
  });

  test("Node/PackageOutsideAModule", () => {
    const lone = mkdtempSync(join(tmpdir(), "gotype-lone-"));
    try {
      writeFileSync(join(lone, "a.go"), "package lone\ntype A struct{ B B }");
      writeFileSync(join(lone, "b.go"), "package lone\ntype B int");
      const pkg = readGoPackage(lone);
      expect([pkg.name, pkg.path, Object.keys(pkg.types)]).toEqual(["lone", "lone", ["A", "B"]]);
    } finally {
      rmSync(lone, { recursive: true, force: true });
    }
  });
});
