import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { T } from "./constructors.js";
import { formatGoDecls } from "./format-go.js";
import { GoSyntaxError } from "./go-syntax-error.js";
import { jsonNumber, timeTime } from "./known.js";
import { goType, parseGo } from "./parse-go.js";
import { typeString } from "./type-string.js";
import type { GoType } from "./types.js";

const corpus = readFileSync(new URL("../test/fixtures/corpus.go.txt", import.meta.url), "utf8");

function hasGo(): boolean {
  try {
    execFileSync("go", ["version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

describe("parseGo corpus (a file go vet accepts)", () => {
  const d = parseGo(corpus);
  it("declares every type", () => {
    expect(Object.keys(d).sort()).toEqual(
      [
        "Alias",
        "Any",
        "Bytes",
        "Celsius",
        "Embedded",
        "Grid",
        "Item",
        "Mixed",
        "Node",
        "Order",
        "PP",
        "PtrEmbedded",
        "Ring",
        "Temps",
        "lower",
      ].sort(),
    );
  });
  it("aliases are the same object", () => expect(d.Alias).toBe(d.Order));
  it("fields, tags and constant array lengths", () => {
    const o = d.Order as GoType & { kind: "struct" };
    const f = (n: string) => o.fields.find((x) => x.name === n);
    expect(f("ID")?.tag).toBe('json:"id,omitempty"');
    expect(f("Note")?.tag).toBe('json:"note,omitempty"');
    expect(f("A")?.tag).toBe('json:",string"');
    expect(f("B")?.type).toBe(T.int);
    expect(f("hidden")?.exported).toBe(false);
    expect(f("When")?.type).toBe(timeTime);
    expect(f("Amount")?.type).toBe(jsonNumber);
    expect(
      ["Tags", "Bits", "Hexa", "Octa", "Old", "Lit"].map((n) => typeString(f(n)?.type as GoType)),
    ).toEqual(["[4]string", "[8]uint8", "[16]uint8", "[7]int32", "[8]int16", "[2]float32"]);
  });
  it("recursive types are cyclic object graphs", () => {
    const n = d.Node as GoType & { kind: "struct" };
    const next = n.fields[0]?.type as GoType & { kind: "pointer" };
    expect(next.elem).toBe(n);
  });
  it("embedded fields", () => {
    const item = d.Item as GoType & { kind: "struct" };
    expect(item.fields.map((f) => [f.name, f.embedded, f.exported])).toEqual([
      ["Embedded", true, true],
      ["PtrEmbedded", true, true],
      ["lower", true, false],
      ["Time", true, true],
      ["Qty", false, true],
    ]);
    const mixed = d.Mixed as GoType & { kind: "struct" };
    expect(mixed.fields.map((f) => f.name)).toEqual(["Alias", "Any"]);
  });
  it("round trip through formatGoDecls", () => {
    const again = parseGo(formatGoDecls(d));
    for (const k of Object.keys(d)) expect(typeString(again[k] as GoType)).toBe(typeString(d[k] as GoType));
    expect(formatGoDecls(again)).toBe(formatGoDecls(d));
  });
  it.skipIf(!hasGo())("formatGoDecls output passes go vet", () => {
    const dir = mkdtempSync(join(tmpdir(), "gotype-"));
    try {
      writeFileSync(join(dir, "go.mod"), "module x\n\ngo 1.24\n");
      writeFileSync(join(dir, "main.go"), `${formatGoDecls(d)}\nfunc main() {}\n`);
      execFileSync("go", ["vet", "."], { cwd: dir, stdio: "pipe" });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("goType", () => {
  it("expressions", () => {
    const d = parseGo("type Order struct{ ID int }");
    expect(typeString(goType("map[string][]*Order", d))).toBe("map[string][]*main.Order");
    expect(typeString(goType("[4]byte"))).toBe("[4]uint8");
    expect(goType("any")).toBe(T.any);
    expect(goType("interface{}")).toBe(T.any);
  });
});

// Each is rejected with the line:column of the offending token. Where the
// input is valid Go (generics, chan, func, error), go build accepts it and
// gotype declines it on purpose; the others go build rejects too.
const errors: { name: string; in: string; wantErr: string }[] = [
  {
    name: "Generic",
    in: "package main\ntype Box[T any] struct{ V T }",
    wantErr: "2:9: generic type Box is not supported",
  },
  {
    name: "Instantiation",
    in: "type A struct{ B Box[int] }",
    wantErr: "1:21: generic type instantiation is not supported",
  },
  { name: "Chan", in: "type A struct {\n\tC chan int\n}", wantErr: "2:4: channel types are not supported" },
  { name: "Func", in: "type A struct{ F func() }", wantErr: "1:18: function types are not supported" },
  {
    name: "Interface",
    in: "type A interface{ M() }",
    wantErr: "1:19: non-empty interfaces are not supported",
  },
  {
    name: "Error",
    in: "type A struct{ E error }",
    wantErr: "1:18: error: non-empty interfaces are not supported",
  },
  { name: "Complex", in: "type A complex128", wantErr: "1:8: complex128: complex numbers have no JSON form" },
  {
    name: "UnknownQualified",
    in: "type A struct{ U url.URL }",
    wantErr: "1:18: unsupported qualified type url.URL",
  },
  { name: "Undefined", in: "type A struct{ B Missing }", wantErr: "1:18: undefined type Missing" },
  { name: "Recursive", in: "type A struct{ a A }", wantErr: "1:6: invalid recursive type A" },
  { name: "RecursiveArray", in: "type A [2]A", wantErr: "1:6: invalid recursive type A" },
  { name: "Duplicate", in: "type A struct{ X int; X string }", wantErr: "1:23: X redeclared" },
  { name: "Redeclared", in: "type A int\ntype A string", wantErr: "2:6: A redeclared" },
  { name: "Ellipsis", in: "type A [...]int", wantErr: "1:9: [...]T array length" },
  { name: "SliceKey", in: "type A map[[]int]bool", wantErr: "1:12: invalid map key type slice" },
  { name: "BadLen", in: "type A [1.5]int", wantErr: "array length: 1.5 is not an integer constant" },
  { name: "NegLen", in: "type A [-1]int", wantErr: "invalid array length -1" },
  {
    name: "Unterminated",
    in: 'type A struct{ X int `json:"x" }',
    wantErr: "raw string literal not terminated",
  },
  { name: "Garbage", in: "type A struct{ X int } }", wantErr: "1:24: expected declaration" },
];

describe("parseGo errors", () => {
  for (const c of errors) {
    it(c.name, () => {
      let err: unknown;
      try {
        parseGo(c.in);
      } catch (e) {
        err = e;
      }
      expect(GoSyntaxError.isInstance(err)).toBe(true);
      expect((err as Error).message).toContain(c.wantErr);
    });
  }
});
