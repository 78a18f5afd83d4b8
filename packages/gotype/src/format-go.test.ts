import { describe, expect, test } from "vitest";
import { arrayOf, mapOf, named, pointerTo, sliceOf, structOf, T } from "./constructors.js";
import { formatGo, formatGoDecl, formatGoDecls } from "./format-go.js";
import { jsonRawMessage, timeTime } from "./known.js";
import { goType, parseGo } from "./parse-go.js";
import type { GoType } from "./types.js";

const order = named("Order", structOf([{ name: "ID", type: T.int64, tag: 'json:"id"' }]));

// formatGo writes a Go type expression that parseGo reads back to the same type.
const exprs: { name: string; in: () => GoType; want: string; opts?: { localPackage?: string } }[] = [
  { name: "Predeclared", in: () => T.uint8, want: "uint8" },
  { name: "Any", in: () => T.any, want: "any" },
  { name: "Named", in: () => order, want: "Order" },
  { name: "Known", in: () => timeTime, want: "time.Time" },
  { name: "Composite", in: () => mapOf(T.string, sliceOf(pointerTo(order))), want: "map[string][]*Order" },
  { name: "Array", in: () => arrayOf(4, jsonRawMessage), want: "[4]json.RawMessage" },
  {
    name: "Struct",
    in: () => structOf([{ name: "A", type: T.int, tag: 'json:"a"' }, { type: order }]),
    want: 'struct {\n\tA int `json:"a"`\n\tOrder\n}',
  },
  {
    name: "TagWithBackquote",
    in: () => structOf([{ name: "A", type: T.int, tag: 'x:"`"' }]),
    want: 'struct {\n\tA int "x:\\"`\\""\n}',
  },
  {
    name: "OtherPackageQualified",
    in: () => parseGo("package shop\ntype Item struct{}").Item as GoType,
    want: "shop.Item",
  },
  {
    name: "OwnPackageUnqualified",
    in: () => parseGo("package shop\ntype Item struct{}").Item as GoType,
    want: "Item",
    opts: { localPackage: "shop" },
  },
  {
    name: "Generic",
    in: () =>
      goType(
        "Page[map[string]Item]",
        parseGo("package main\ntype Item struct{}\ntype Page[T any] struct{ Items []T }"),
      ),
    want: "Page[map[string]Item]",
  },
  {
    name: "Func",
    in: () => goType("func(int, ...string) (bool, error)"),
    want: "func(int, ...string) (bool, error)",
  },
  { name: "Chan", in: () => goType("<-chan []int"), want: "<-chan []int" },
  { name: "Complex", in: () => goType("complex64"), want: "complex64" },
  {
    name: "Interface",
    in: () => goType("interface{ String() string }"),
    want: "interface {\n\tString() string\n}",
  },
];

describe("formatGo", () => {
  for (const c of exprs) {
    test(`FormatGo/${c.name}`, () => expect(formatGo(c.in(), c.opts)).toBe(c.want));
  }
  test("FormatGo/Indent", () => {
    expect(formatGo(structOf([{ name: "A", type: T.int }]), { indent: "\t" })).toBe(
      "struct {\n\t\tA int\n\t}",
    );
  });
});

describe("formatGoDecl / formatGoDecls", () => {
  test("Decl/Named", () => {
    expect(formatGoDecl(order)).toBe('type Order struct {\n\tID int64 `json:"id"`\n}');
    expect(() => formatGoDecl(T.int as GoType & { name: undefined })).toThrow(
      "formatGoDecl: type has no name",
    );
  });
  test("Decls/ReachableTypesAndImports", () => {
    const types = parseGo(
      'package shop\nimport "net/netip"\ntype Order struct{ Items []Item; When time.Time; From netip.Addr; F func() `json:"-"` }\ntype Item struct{ Qty int32 }\ntype Alias = Order',
    );
    expect(formatGoDecls(types)).toBe(
      'package shop\n\nimport (\n\t"net/netip"\n\t"time"\n)\n\ntype Order struct {\n\tItems []Item\n\tWhen time.Time\n\tFrom netip.Addr\n\tF func() `json:"-"`\n}\n\ntype Item struct {\n\tQty int32\n}\n\ntype Alias = Order\n',
    );
    expect(formatGoDecls(types, { packageName: null, imports: false })).toMatch(/^type Order struct/);
  });
  test("Decls/RoundTrip", () => {
    const types = parseGo(
      "package main\ntype A struct{ B *B; C map[string][2]C }\ntype B A\ntype C struct{ X []byte }",
    );
    const again = parseGo(formatGoDecls(types));
    expect(formatGoDecls(again)).toBe(formatGoDecls(types));
  });
});
