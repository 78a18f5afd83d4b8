import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { formatGoDecls } from "./format-go.js";
import { parseGoPackage } from "./go-package.js";
import { GoSyntaxError } from "./go-syntax-error.js";
import { goType, parseGo } from "./parse-go.js";
import { structFields } from "./struct-fields.js";
import { typeString } from "./type-string.js";
import type { GoType, StructType } from "./types.js";
import { zero } from "./values.js";

function hasGo(): boolean {
  try {
    execFileSync("go", ["version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

function fields(t: GoType | undefined): StructType["fields"] {
  if (t?.kind !== "struct") throw new TypeError("not a struct");
  return t.fields;
}

// A file as written: package clause, imports of every form, consts and iota,
// vars, funcs, methods, interfaces, generics, a build constraint, fields JSON
// never reads with types JSON cannot encode, struct tags with several keys.
const orderFile = `// Package shop sells things.
//go:build linux || darwin

package shop

import (
	"encoding/json"
	"fmt"
	u "github.com/google/uuid"
	. "time"
	_ "embed"
	"sync"
	"unsafe"
)

const (
	KindA Kind = iota
	KindB
	Size = 4 << 1
)

var registry = map[string]func() error{"a": func() error { return nil }}

// Kind is a kind.
type Kind int

// Order is an order.
// It has items.
type Order struct {
	// ID identifies the order.
	ID    int64           \`json:"id" db:"id" xml:"id,attr"\`
	Items []Item          \`json:"items"\` // the items
	When  Time            \`json:"when"\`
	Page  Page[Item]      \`json:"page"\`
	Codes [Size]byte      \`json:"codes"\`
	F     func(int) error \`json:"-"\`
	c     chan<- string
	z     complex128
	p     unsafe.Pointer
	mu    sync.Mutex
	s     fmt.Stringer
	owner u.UUID
	Err   error \`json:"-"\`
}

type Item struct{ SKU string \`json:"sku"\` }

type Page[T any] struct {
	Items []T      \`json:"items"\`
	Next  *Page[T] \`json:"next,omitempty"\`
}

type Shape interface {
	Area() float64
	fmt.Stringer
}

type Number interface{ ~int | ~float64 }

type Handler func(w any) error

func (o Order) MarshalJSON() ([]byte, error) { return json.Marshal(nil) }
func (o *Order) UnmarshalJSON(b []byte) error { return nil }
func (k Kind) String() string                  { return fmt.Sprint(int(k)) }
func Sum[T Number](xs ...T) (s T)             { for _, x := range xs { s += x }; return }
`;

describe("whole files", () => {
  const types = parseGo(orderFile, { fileName: "order.go" });

  test("File/DeclaresEveryType", () => {
    expect(Object.keys(types)).toEqual(["Kind", "Order", "Item", "Shape", "Number", "Handler"]);
    expect(typeString(types.Order as GoType)).toBe("shop.Order");
    expect(typeString(types.Handler as GoType)).toBe("shop.Handler");
  });

  test("File/FieldsJsonNeverReadsKeepAnyType", () => {
    const fs = fields(types.Order);
    expect(fs.map((f) => [f.name, typeString(f.type)])).toEqual([
      ["ID", "int64"],
      ["Items", "[]shop.Item"],
      ["When", "time.Time"],
      ["Page", "shop.Page[shop.Item]"],
      ["Codes", "[8]uint8"],
      ["F", "func(int) error"],
      ["c", "chan<- string"],
      ["z", "complex128"],
      ["p", "unsafe.Pointer"],
      ["mu", "sync.Mutex"],
      ["s", "fmt.Stringer"],
      ["owner", "u.UUID"],
      ["Err", "error"],
    ]);
    // JSON sees exactly what Go's encoding/json sees.
    expect(structFields(types.Order as GoType, "v1").fields.map((f) => f.name)).toEqual([
      "id",
      "items",
      "when",
      "page",
      "codes",
    ]);
    expect(structFields(types.Order as GoType, "v2").fields.map((f) => f.name)).toEqual([
      "id",
      "items",
      "when",
      "page",
      "codes",
    ]);
    expect(structFields(types.Order as GoType, "v2").error).toBeUndefined();
    const z = zero(types.Order as GoType) as Record<string, unknown>;
    expect([z.F, z.c, z.z, z.p, z.s, z.owner, z.Err]).toEqual([null, null, null, null, null, null, null]);
    expect(z.mu).toEqual({ state: 0, sema: 0 });
  });

  test("File/PackageDoc", () => {
    expect(parseGoPackage([{ name: "order.go", source: orderFile }]).doc).toBeUndefined(); // a //go:build line sits between
    expect(
      parseGoPackage([{ name: "d.go", source: "// Package shop sells things.\npackage shop" }]).doc,
    ).toBe("Package shop sells things.");
  });

  test("File/DocComments", () => {
    expect(types.Order?.doc).toBe("Order is an order.\nIt has items.");
    expect(types.Kind?.doc).toBe("Kind is a kind.");
    const fs = fields(types.Order);
    expect(fs[0]?.doc).toBe("ID identifies the order.");
    expect(fs[1]?.doc).toBe("the items");
    expect(fs[2]?.doc).toBeUndefined();
    expect(fs[0]?.pos).toEqual({ file: "order.go", line: 31, col: 2 });
  });

  test("File/ConstantsSizeArrays", () => {
    expect(typeString(fields(types.Order)[4]?.type as GoType)).toBe("[8]uint8");
  });

  test("File/Interfaces", () => {
    const shape = types.Shape as GoType;
    expect(shape.kind === "interface" && shape.interfaceMethods?.map((m) => m.name)).toEqual([
      "Area",
      "fmt.Stringer",
    ]);
    const num = types.Number as GoType;
    expect(num.kind === "interface" && num.opaque?.kind).toBe("constraint");
  });

  test("File/MethodsSeenInSource", () => {
    const ms = (types.Order as GoType).methods ?? {};
    expect(Object.keys(ms)).toEqual(["MarshalJSON", "UnmarshalJSON"]);
    expect([ms.MarshalJSON?.receiver, ms.UnmarshalJSON?.receiver]).toEqual(["value", "pointer"]);
    expect(ms.MarshalJSON?.declaredOnly).toBe(true);
    expect((types.Kind as GoType).methods).toBeUndefined(); // String() is not a JSON method
  });

  test("File/RoundTripThroughFormatGoDecls", () => {
    const src = formatGoDecls(types);
    expect(src).toContain("package shop");
    expect(src).toContain("type Page[T any] struct {");
    expect(src).toContain('\tF func(int) error `json:"-"`');
    expect(src).toContain('\tu "github.com/google/uuid"');
    const again = parseGo(src);
    for (const k of Object.keys(types))
      expect(typeString(again[k] as GoType)).toBe(typeString(types[k] as GoType));
    expect(formatGoDecls(again)).toBe(src);
  });

  test("File/UnknownTypeIsAnErrorOnlyWhereJsonNeedsIt", () => {
    const t = parseGo(
      'package shop\nimport "github.com/google/uuid"\ntype A struct {\n\tID uuid.UUID `json:"id"`\n\tskip uuid.UUID\n\tAlso uuid.UUID `json:"-"`\n}',
      { fileName: "a.go" },
    );
    expect(() => structFields(t.A as GoType, "v1")).toThrow(GoSyntaxError);
    expect(() => structFields(t.A as GoType, "v2")).toThrow(
      'a.go:4:5: field shop.A.ID has type uuid.UUID (package "github.com/google/uuid"), which gotype does not know; JSON needs it:',
    );
    const ok = parseGo(
      'package shop\nimport "github.com/google/uuid"\ntype B struct{ skip uuid.UUID; N int }',
    );
    expect(structFields(ok.B as GoType, "v1").fields.map((f) => f.name)).toEqual(["N"]);
    expect(() => goType("[]uuid.UUID", ok)).toThrow("type uuid.UUID");
  });
});

// Type names recorded from Go 1.26.8: reflect.TypeOf(x).String() for each instantiation.
const generics: { name: string; src: string; expr: string; want: string }[] = [
  {
    name: "Struct",
    src: 'type Order struct{ ID int64 }\ntype Page[T any] struct { Items []T `json:"items"`; N int `json:"n"` }',
    expr: "Page[Order]",
    want: "main.Page[main.Order]",
  },
  {
    name: "TwoParams",
    src: 'import "time"\ntype Pair[K comparable, V any] struct{ K K; V V }',
    expr: "Pair[string, time.Time]",
    want: "main.Pair[string,time.Time]",
  },
  {
    name: "CompositeArg",
    src: "type Order struct{}\ntype Page[T any] struct{ Items []T }",
    expr: "Page[[]*Order]",
    want: "main.Page[[]*main.Order]",
  },
  {
    name: "Nested",
    src: "type Page[T any] struct{ Items []T }",
    expr: "Page[map[string]Page[int]]",
    want: "main.Page[map[string]main.Page[int]]",
  },
  {
    name: "StructArg",
    src: "type Page[T any] struct{ Items []T }",
    expr: "Page[struct{ A int }]",
    want: "main.Page[struct { A int }]",
  },
  { name: "Slice", src: "type Box[T any] []T", expr: "Box[int]", want: "main.Box[int]" },
];

describe("generics", () => {
  for (const g of generics) {
    test(`Generics/${g.name}`, () => {
      const types = parseGo(`package main\n${g.src}`);
      const t = goType(g.expr, types);
      expect(typeString(t)).toBe(g.want);
      expect(goType(g.expr, types)).toBe(t); // one object per instantiation
    });
  }

  test("Generics/ArgsFromAnotherModulePackageUseTheImportPath", () => {
    // Go: reflect prints main.Page[example.com/gen/inv.Item] and *v1 errors name Page[example.com/gen/inv.Item].
    const inv = parseGoPackage(
      [{ name: "inv.go", source: "package inventory\ntype Item struct{ SKU string }" }],
      {
        path: "example.com/gen/inv",
      },
    );
    const main = parseGoPackage(
      [
        {
          name: "main.go",
          source:
            'package main\nimport "example.com/gen/inv"\ntype Page[T any] struct{ Items []T }\ntype Uses struct{ P Page[inventory.Item] }',
        },
      ],
      { imports: [inv] },
    );
    expect(typeString(fields(main.types.Uses)[0]?.type as GoType)).toBe(
      "main.Page[example.com/gen/inv.Item]",
    );
    expect(typeString(main.type("Page[*inventory.Item]"))).toBe("main.Page[*example.com/gen/inv.Item]");
  });

  test("Generics/RecursiveInstantiation", () => {
    const types = parseGo(
      "package main\ntype List[T any] struct { V T; Next *List[T] }\ntype L struct{ X List[int] }",
    );
    const li = fields(types.L)[0]?.type as GoType;
    const next = fields(li)[1]?.type as GoType;
    expect(next.kind === "pointer" && next.elem).toBe(li);
  });

  test("Generics/MethodsOfGenericTypes", () => {
    const types = parseGo(
      "package main\ntype Opt[T any] struct{ V T }\nfunc (o Opt[T]) MarshalJSON() ([]byte, error) { return nil, nil }\ntype U struct{ A Opt[int] }",
    );
    const opt = fields(types.U)[0]?.type as GoType;
    expect(opt.methods?.MarshalJSON?.receiver).toBe("value");
  });

  test("Generics/StdNullOfT", () => {
    // Go: sql.Null[int]{V: 3, Valid: true} marshals as {"V":3,"Valid":true}.
    const t = goType("sql.Null[int]", parseGo('package main\nimport "database/sql"'));
    expect(typeString(t)).toBe("sql.Null[int]");
    expect(structFields(t, "v1").fields.map((f) => f.name)).toEqual(["V", "Valid"]);
  });
});

describe("packages", () => {
  test("Package/ManyFiles", () => {
    const pkg = parseGoPackage({
      "order.go": "package shop\n\ntype Order struct{ Items []Item }",
      "item.go": "package shop\n\ntype Item struct{ SKU string }",
      "item_test.go": "package shop\n\ntype testOnly int",
      "zz_windows.go": "package shop\n\ntype platform int",
      "zz_linux.go": "package shop\n\ntype platform uint",
      "gen.go": "//go:build ignore\n\npackage main\n\nfunc main() {}",
    });
    expect(pkg.name).toBe("shop");
    expect(Object.keys(pkg.types)).toEqual(["Order", "Item", "platform"]);
    expect(typeString(pkg.types.platform as GoType)).toBe("shop.platform");
    expect((pkg.types.platform as GoType).kind).toBe("uint");
    expect(pkg.ignoredFiles).toEqual([
      { name: "item_test.go", reason: "test file" },
      { name: "zz_windows.go", reason: "built only for GOOS=windows" },
      { name: "gen.go", reason: "//go:build ignore" },
    ]);
    const win = parseGoPackage(
      { "a.go": "package shop\ntype A int", "zz_windows.go": "package shop\ntype platform int" },
      { build: { goos: "windows" } },
    );
    expect(Object.keys(win.types)).toEqual(["A", "platform"]);
  });

  test("Package/ErrorsNameTheFile", () => {
    expect(() =>
      parseGoPackage({ "a.go": "package shop\ntype A int", "b.go": "package shop\n\ntype A string" }),
    ).toThrow("b.go:3:6: A redeclared in this block\n\ta.go:2:6: other declaration of A");
    expect(() => parseGoPackage({ "a.go": "package shop", "b.go": "package inventory" })).toThrow(
      "b.go:1:9: found packages shop (a.go) and inventory (b.go)",
    );
    expect(() => parseGoPackage([{ name: "c.go", source: "package shop\ntype A struct{" }])).toThrow(
      "c.go:2:15: syntax error: unexpected EOF, expected }",
    );
  });

  test("Package/ImportsBetweenPackages", () => {
    const inventory = parseGoPackage(
      [
        {
          name: "item.go",
          source: 'package inventory\n// Item is stock.\ntype Item struct{ SKU string `json:"sku"` }',
        },
      ],
      { path: "example.com/shop/inventory" },
    );
    const shop = parseGoPackage(
      [
        {
          name: "order.go",
          source:
            'package shop\nimport inv "example.com/shop/inventory"\ntype Order struct{ Items []inv.Item `json:"items"` }',
        },
      ],
      { path: "example.com/shop", imports: { "example.com/shop/inventory": inventory } },
    );
    const item = fields(shop.types.Order)[0]?.type as GoType;
    expect(item.kind === "slice" && item.elem).toBe(inventory.types.Item);
    expect(typeString(item)).toBe("[]inventory.Item");
    // Printed back under the package's own name.
    expect(formatGoDecls(shop.types)).toContain('\t"example.com/shop/inventory"');
    expect(formatGoDecls(shop.types)).toContain("Items []inventory.Item");
  });

  test("Package/SameNameDifferentPaths", () => {
    const a = parseGoPackage({ "t.go": "package v1\ntype T struct{ A int }" }, { path: "example.com/a/v1" });
    const b = parseGoPackage({ "t.go": "package v1\ntype T struct{ B int }" }, { path: "example.com/b/v1" });
    const user = parseGoPackage(
      {
        "u.go":
          'package main\nimport (\n\tav1 "example.com/a/v1"\n\tbv1 "example.com/b/v1"\n)\ntype U struct{ A av1.T; B bv1.T }',
      },
      { imports: [a, b] },
    );
    const [fa, fb] = fields(user.types.U);
    expect(fa?.type).toBe(a.types.T);
    expect(fb?.type).toBe(b.types.T);
    expect(fa?.type).not.toBe(fb?.type);
    expect([typeString(fa?.type as GoType), typeString(fb?.type as GoType)]).toEqual(["v1.T", "v1.T"]);
    expect([fa?.type.pkgPath, fb?.type.pkgPath]).toEqual(["example.com/a/v1", "example.com/b/v1"]);
  });

  test("Package/DotImport", () => {
    const inv = parseGoPackage({ "i.go": "package inventory\ntype Item struct{}" }, { path: "x/inventory" });
    const p = parseGoPackage(
      { "a.go": 'package shop\nimport . "x/inventory"\ntype A struct{ I Item }' },
      { imports: [inv] },
    );
    expect(fields(p.types.A)[0]?.type).toBe(inv.types.Item);
  });
});

describe("parseGo cache", () => {
  const src = "package cached\ntype A struct{ B []B }\ntype B struct{ N int }";
  test("Cache/SameSourceSameTypes", () => {
    const a = parseGo(src);
    expect(parseGo(src)).toBe(a);
    expect(Object.isFrozen(a)).toBe(true);
    expect(Object.isFrozen(a.A)).toBe(true);
    expect(parseGo(src, { fileName: "other.go" })).not.toBe(a);
  });
  test("Cache/AttachingMethodsDropsTheEntry", async () => {
    const { withMethods } = await import("./methods.js");
    const a = parseGo(`${src}\n// evict`);
    withMethods(a.B as GoType, { MarshalJSON: () => "1" });
    const b = parseGo(`${src}\n// evict`);
    expect(b).not.toBe(a);
    expect((b.B as GoType).methods).toBeUndefined();
  });
  test("Cache/MethodsOption", async () => {
    const { clearParseCache } = await import("./parse-go.js");
    const twins = { B: { MarshalJSON: () => "1" } };
    const s2 = `${src}\n// twins`;
    const a = parseGo(s2, { methods: twins });
    expect((a.B as GoType).methods?.MarshalJSON?.fn).toBe(twins.B.MarshalJSON);
    // The same twins object: the same types (a server parsing per request does not recompile).
    expect(parseGo(s2, { methods: twins })).toBe(a);
    // Without twins, or with other twins: other types, without these methods.
    const plain = parseGo(s2);
    expect(plain).not.toBe(a);
    expect((plain.B as GoType).methods).toBeUndefined();
    expect(parseGo(s2, { methods: { ...twins } })).not.toBe(a);
    clearParseCache();
    expect(parseGo(s2, { methods: twins })).not.toBe(a);
  });
  test("Cache/Bounded", async () => {
    const { PARSE_CACHE_MAX_ENTRIES } = await import("./parse-go.js");
    const first = parseGo("package bounded\ntype X0 int");
    for (let i = 1; i <= PARSE_CACHE_MAX_ENTRIES; i++) parseGo(`package bounded\ntype X${i} int`);
    expect(parseGo("package bounded\ntype X0 int")).not.toBe(first);
    const last = parseGo(`package bounded\ntype X${PARSE_CACHE_MAX_ENTRIES} int`);
    expect(parseGo(`package bounded\ntype X${PARSE_CACHE_MAX_ENTRIES} int`)).toBe(last);
  });
});

// skip: Go is not installed: the Go toolchain is the judge here
describe.skipIf(!hasGo())("go vet accepts what formatGoDecls prints", () => {
  test("Vet/GenericsOpaqueAndInterfaces", () => {
    const types = parseGo(
      'package main\nimport "sync"\ntype Order struct{ F func(int) error `json:"-"`; c chan<- string; mu sync.Mutex; P Page[Item] }\ntype Item struct{ A int }\ntype Page[T any] struct{ Items []T }\ntype Shape interface{ Area() float64 }\ntype Number interface{ ~int | ~float64 }',
    );
    const dir = mkdtempSync(join(tmpdir(), "gotype-"));
    try {
      writeFileSync(join(dir, "go.mod"), "module x\n\ngo 1.24\n");
      writeFileSync(join(dir, "main.go"), `${formatGoDecls(types)}\nfunc main() {}\n`);
      execFileSync("go", ["vet", "."], { cwd: dir, stdio: "pipe" });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("build selection", () => {
  test("Build/PlusBuildLines", () => {
    // Files from before Go 1.17 carry only `// +build` lines.
    const pkg = parseGoPackage({
      "a.go": "// +build !sloppy\n\npackage p\n\ntype Mode int\n",
      "b.go": "// +build sloppy\n\npackage p\n\ntype Mode string\n",
      "c.go": "// +build linux,amd64 darwin\n// +build go1.4\n\npackage p\n\ntype OK int\n",
    });
    expect((pkg.types.Mode as GoType).kind).toBe("int");
    expect(Object.keys(pkg.types)).toEqual(["Mode", "OK"]);
    expect(
      parseGoPackage(
        {
          "a.go": "// +build !sloppy\n\npackage p\ntype Mode int",
          "b.go": "// +build sloppy\n\npackage p\ntype Mode string",
        },
        { build: { tags: ["sloppy"] } },
      ).types.Mode?.kind,
    ).toBe("string");
  });
  test("Build/CgoFilesLeftOut", () => {
    const pkg = parseGoPackage({
      "tls.go": 'package p\n\nimport "C"\n\nfunc testTLS() {}\n',
      "tls_none.go": "//go:build !cgo\n\npackage p\n\nfunc testTLS() {}\n",
    });
    expect(pkg.ignoredFiles).toEqual([{ name: "tls.go", reason: 'uses cgo (import "C"); build.cgo is off' }]);
  });
  test("Build/QualifiedConstantLengths", () => {
    const t = parseGo('package p\nimport "crypto/sha256"\ntype Sum struct{ B [sha256.Size]byte `json:"b"` }');
    expect(typeString(fields(t.Sum)[0]?.type as GoType)).toBe("[32]uint8");
    const inv = parseGoPackage({ "i.go": "package inv\nconst Slots = 3 * 2" }, { path: "x/inv" });
    const u = parseGoPackage(
      { "u.go": 'package u\nimport "x/inv"\ntype U [inv.Slots]int' },
      { imports: [inv] },
    );
    expect(typeString(u.types.U as GoType)).toBe("u.U");
    expect((u.types.U as GoType).kind === "array" && (u.types.U as GoType & { len: number }).len).toBe(6);
  });
});
