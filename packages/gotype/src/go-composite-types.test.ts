import { describe, expect, it } from "vitest";
import { parseGo } from "./parse-go.js";
import type { GoType, StructType } from "./types.js";

// Struct literals are interned per package: identical literals (Go's type identity: the same
// field names, types, tags and embedding, in order) are one type object, any other pair two.
const cases: { name: string; literals: string[]; same: [number, number][]; differ: [number, number][] }[] = [
  { name: "Struct/Empty", literals: ["struct{}", "struct{}"], same: [[0, 1]], differ: [] },
  {
    name: "Struct/SameFieldsAndTags",
    literals: ['struct{ N int `json:"n"`; S string }', 'struct{ N int `json:"n"`; S string }'],
    same: [[0, 1]],
    differ: [],
  },
  {
    name: "Struct/OtherTag",
    literals: ['struct{ N int `json:"n"` }', 'struct{ N int `json:"m"` }'],
    same: [],
    differ: [[0, 1]],
  },
  {
    name: "Struct/TagOrNone",
    literals: ['struct{ N int `json:"n"` }', "struct{ N int }"],
    same: [],
    differ: [[0, 1]],
  },
  {
    name: "Struct/OtherType",
    literals: ["struct{ N int }", "struct{ N int64 }"],
    same: [],
    differ: [[0, 1]],
  },
  { name: "Struct/OtherName", literals: ["struct{ N int }", "struct{ M int }"], same: [], differ: [[0, 1]] },
  { name: "Struct/Embedded", literals: ["struct{ E }", "struct{ E E }"], same: [], differ: [[0, 1]] },
  {
    // Same count and the same first and last names (one bucket): the middle decides.
    name: "Struct/OtherMiddleName",
    literals: [
      "struct{ A int; B int; C int }",
      "struct{ A int; X int; C int }",
      "struct{ A int; X int; C int }",
    ],
    same: [[1, 2]],
    differ: [
      [0, 1],
      [0, 2],
    ],
  },
  {
    name: "Struct/OtherMiddleType",
    literals: [
      "struct{ A int; B int; C int }",
      "struct{ A int; B string; C int }",
      "struct{ A int; B int; C int }",
    ],
    same: [[0, 2]],
    differ: [[0, 1]],
  },
  {
    name: "Struct/OtherMiddleTag",
    literals: ['struct{ A int; B int `x:"1"`; C int }', 'struct{ A int; B int `x:"2"`; C int }'],
    same: [],
    differ: [[0, 1]],
  },
  {
    // Same names and tags, other named types: the pointee decides (E and H0 are both declared).
    name: "Struct/OtherPointee",
    literals: [
      'struct{ A int; D *E `json:"d"` }',
      'struct{ A int; D *H0 `json:"d"` }',
      'struct{ A int; D *E `json:"d"` }',
    ],
    same: [[0, 2]],
    differ: [[0, 1]],
  },
  {
    name: "Struct/FieldOrder",
    literals: ["struct{ A int; B string }", "struct{ B string; A int }"],
    same: [],
    differ: [[0, 1]],
  },
  {
    name: "Struct/MoreFields",
    literals: ["struct{ A int; C int }", "struct{ A int; B int; C int }"],
    same: [],
    differ: [[0, 1]],
  },
  {
    name: "Struct/Blank",
    literals: ["struct{ _ int; _ int }", "struct{ _ int; _ int }"],
    same: [[0, 1]],
    differ: [],
  },
  {
    name: "Struct/NestedIdentical",
    literals: ["struct{ In struct{ N int } }", "struct{ In struct{ N int } }"],
    same: [[0, 1]],
    differ: [],
  },
  {
    name: "Struct/NestedOther",
    literals: ["struct{ In struct{ N int } }", "struct{ In struct{ N uint } }"],
    same: [],
    differ: [[0, 1]],
  },
];

function literalTypes(literals: readonly string[]): StructType[] {
  const decls = literals.map((l, i) => `type H${i} struct { F ${l} }`);
  const types = parseGo(`package p\n\ntype E int\n\n${decls.join("\n")}\n`) as Record<string, GoType>;
  return literals.map((_, i) => {
    const h = types[`H${i}`] as StructType;
    return h.fields[0]?.type as StructType;
  });
}

describe("struct literal identity", () => {
  for (const c of cases)
    it(c.name, () => {
      const ts = literalTypes(c.literals);
      for (const t of ts) expect(t.kind).toBe("struct");
      for (const [a, b] of c.same) expect(ts[a]).toBe(ts[b]);
      for (const [a, b] of c.differ) expect(ts[a]).not.toBe(ts[b]);
    });

  // The bucket hashes a named field type by name and position, not kind: a type declared after
  // the first literal (still undefined then) keeps its bucket once defined.
  it("Struct/DeclaredLater", () => {
    const types = parseGo(
      "package p\n\ntype H0 struct { F struct{ D Z } }\ntype Z []int\ntype H1 struct { F struct{ D Z } }\n",
    ) as Record<string, StructType>;
    expect(types.H0?.fields[0]?.type).toBe(types.H1?.fields[0]?.type);
  });

  // Generated types alike in every name but their number: each literal its own, alike ones one.
  it("Struct/ManyAlike", () => {
    const n = 300;
    const decls = Array.from(
      { length: n },
      (_, i) => `type T${i} struct { F struct{ A int; D *T${(i + 1) % n} \`json:"d"\` } }`,
    );
    const again = `type U struct { F struct{ A int; D *T7 \`json:"d"\` } }`;
    const types = parseGo(`package p\n\n${decls.join("\n")}\n${again}\n`) as Record<string, StructType>;
    const lits = new Set(Array.from({ length: n }, (_, i) => types[`T${i}`]?.fields[0]?.type));
    expect(lits.size).toBe(n);
    expect(types.U?.fields[0]?.type).toBe(types.T6?.fields[0]?.type);
  });

  it("Struct/Wide", () => {
    const body = Array.from({ length: 2000 }, (_, i) => `F${i} int \`json:"f${i}"\``).join("; ");
    const other = body.replace('F1000 int `json:"f1000"`', 'F1000 int `json:"g1000"`');
    const [a, b, c] = literalTypes([`struct{ ${body} }`, `struct{ ${body} }`, `struct{ ${other} }`]);
    expect(a).toBe(b);
    expect(c).not.toBe(a);
    expect(a?.fields).toHaveLength(2000);
  });
});
