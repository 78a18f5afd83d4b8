import { describe, expect, test } from "vitest";
import { type GoType, parseGo, parseGoPackage, structFields } from "../src/index.js";

// A million declarations parse in linear time and bounded memory (no recursion
// per declaration, no quadratic scans). Measured on a shared 2-core VM: 5 to 45 s each.
describe("a million declarations", () => {
  const n = 1_000_000;
  test("Consts", () => {
    const lines = ["package p"];
    for (let i = 0; i < n; i++) lines.push(`const K${i} = ${i}`);
    lines.push(`type A [K${n - 1} - ${n - 2}]int`);
    const t = parseGo(lines.join("\n")).A;
    expect(t?.kind === "array" && t.len).toBe(1);
  });
  test("Vars and funcs", () => {
    const lines = ["package p"];
    for (let i = 0; i < n / 2; i++) lines.push(`var V${i} = []int{${i}}`, `func F${i}() int { return ${i} }`);
    expect(parseGoPackage([{ name: "big.go", source: lines.join("\n") }]).types).toEqual({});
  });
  test("Types", () => {
    const lines = ["package p"];
    for (let i = 0; i < n; i++) lines.push(`type T${i} int`);
    expect(Object.keys(parseGo(lines.join("\n"))).length).toBe(n);
  });
});

// Field resolution is linear in the fields times the embedding depth: a
// 100,000-field struct, and 100,000 fields spread over 100 levels of embedding.
describe("wide and deep structs", () => {
  test("100,000 fields", () => {
    const lines = ["package p", "type Wide struct {"];
    for (let i = 0; i < 100_000; i++) lines.push(`\tF${i} int \`json:"f${i},omitempty"\``);
    lines.push("}");
    const t = parseGo(lines.join("\n")).Wide as GoType;
    for (const v of ["v1", "v2"] as const) {
      const sf = structFields(t, v);
      expect(sf.fields.length).toBe(100_000);
      expect(sf.byName.get("f99999")?.index).toEqual([99_999]);
    }
  });
  test("a chain of 1,000 embedded structs", () => {
    const lines = ["package p"];
    for (let d = 0; d < 1000; d++)
      lines.push(`type E${d} struct {`, d < 999 ? `\tE${d + 1}` : "", `\tF${d} int \`json:"f${d}"\``, "}");
    const t = parseGo(lines.join("\n")).E0 as GoType;
    for (const v of ["v1", "v2"] as const) {
      const sf = structFields(t, v);
      expect(sf.fields.length).toBe(1000);
      expect(sf.byName.get("f999")?.index.length).toBe(1000);
    }
  });
  test("100 levels of 1,000 fields", () => {
    const lines = ["package p"];
    for (let d = 0; d < 100; d++) {
      lines.push(`type L${d} struct {`);
      if (d < 99) lines.push(`\tL${d + 1}`);
      for (let i = 0; i < 1000; i++) lines.push(`\tF${d}_${i} int \`json:"f${i % 500}_${d}"\``);
      lines.push("}");
    }
    const t = parseGo(lines.join("\n")).L0 as GoType;
    for (const v of ["v1", "v2"] as const) {
      // Each name appears twice at one depth: none of them is a JSON field.
      expect(structFields(t, v).fields.length).toBe(0);
    }
  });
});
