import { describe, expect, it } from "vitest";
import { parseGoPackage } from "./go-package.js";
import { parseGo } from "./parse-go.js";
import { typeString } from "./type-string.js";
import type { GoType } from "./types.js";

// The field types of a struct type, as Go prints them.
function fieldTypes(t: GoType | undefined): string[] {
  if (t?.kind !== "struct") throw new Error("not a struct");
  return t.fields.map((f) => typeString(f.type));
}

// A universe name (`int`) found once is read from a per-file cache by later lookups: what could
// shadow it must still win, whatever the order of the lookups.
describe("resolve/UniverseNames", () => {
  const cases: { name: string; src: string; want: Record<string, string[]> }[] = [
    {
      name: "Plain",
      src: "package p\ntype S struct { A int; B string; C int }\ntype T struct { D int }\n",
      want: { S: ["int", "string", "int"], T: ["int"] },
    },
    {
      name: "DeclaredAfterUse",
      src: "package p\ntype S struct { A int; B string }\ntype T struct { C int }\ntype int struct { X bool }\n",
      want: { S: ["p.int", "string"], T: ["p.int"] },
    },
    {
      name: "TypeParameter",
      src: "package p\ntype U struct { X int; Y G[string]; Z int }\ntype G[int any] struct { A int; B string }\n",
      want: { U: ["int", "p.G[string]", "int"] },
    },
  ];
  for (const c of cases)
    it(c.name, () => {
      const types = parseGo(c.src);
      for (const [name, want] of Object.entries(c.want)) expect(fieldTypes(types[name])).toEqual(want);
    });
  it("TypeParameter/Instance", () => {
    const types = parseGo(cases[2]?.src as string);
    const g = (types.U as GoType & { kind: "struct" }).fields[1]?.type;
    expect(fieldTypes(g)).toEqual(["string", "string"]);
  });
  it("Files (one with a dot import)", () => {
    const pkg = parseGoPackage([
      { name: "a.go", source: "package p\ntype S struct { A int; B bool }\n" },
      { name: "b.go", source: 'package p\nimport . "time"\ntype T struct { B int; D Duration; E int }\n' },
      { name: "c.go", source: "package p\ntype U struct { C int; M Month }\ntype Month uint8\n" },
    ]);
    expect(fieldTypes(pkg.types.S)).toEqual(["int", "bool"]);
    expect(fieldTypes(pkg.types.T)).toEqual(["int", "time.Duration", "int"]);
    expect(fieldTypes(pkg.types.U)).toEqual(["int", "p.Month"]);
  });
});
