import type { GoType, StructType } from "@gojson/gotype";
import { describe, expect, it } from "vitest";
import { chainText, chainValue, typeChain, wideStruct } from "./wide-structs.js";

const fieldNames = (t: GoType) => (t as StructType).fields.map((f) => f.name);

describe("wide-structs", () => {
  it("wideStruct/Fields: two embedded structs then n fields, one value for each", () => {
    const { t, values } = wideStruct(20);
    expect(fieldNames(t)).toEqual(["Emb", "PEmb", ...Array.from({ length: 20 }, (_, i) => `F${i}`)]);
    expect(Object.keys(values(3)).sort()).toEqual([...fieldNames(t)].sort());
    expect(values(0)).not.toEqual(values(1));
  });

  it("typeChain/Links: C points at the next type, D is a slice of the seventh next, indexes wrap", () => {
    const types = typeChain(10, 'M map[bool]int `json:"m"`');
    expect(Object.keys(types)).toHaveLength(10);
    const f = (types.T9 as StructType).fields;
    const c = f.find((x) => x.name === "C")?.type;
    expect(c?.kind === "pointer" ? c.elem : undefined).toBe(types.T0);
    const d = f.find((x) => x.name === "D")?.type;
    expect(d?.kind === "slice" ? d.elem : undefined).toBe(types.T6);
    expect(f.map((x) => x.name)).toEqual(["A", "B", "C", "D", "M"]);
  });

  it("chainText/Value: the text parses to the value's shape, depth by depth", () => {
    for (const depth of [0, 1, 5]) {
      let text = JSON.parse(chainText(depth)) as Record<string, unknown>;
      let value = chainValue(depth) as Record<string, unknown>;
      for (let i = 0; i < depth; i++) {
        expect([text.a, text.b]).toEqual([Number(value.A), value.B]);
        text = text.c as Record<string, unknown>;
        value = value.C as Record<string, unknown>;
      }
      expect([text.a, text.b, value.C]).toEqual([depth, "end", null]);
    }
  });
});
