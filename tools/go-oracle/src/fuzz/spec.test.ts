import { parseGo } from "@gojson/gotype";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { caseArb, requestFor } from "./differential.js";
import { deepInput, escapeBytes, renderGo, shapedJson, type TypeSpec, toBytes, typeSpecArb } from "./spec.js";

describe("fuzz generators (no Go needed)", () => {
  it("renders embedded structs and registry types with their declarations", () => {
    const spec: TypeSpec = {
      k: "struct",
      fields: [
        {
          name: "E1",
          json: "",
          opts: [],
          embed: true,
          t: { k: "ptr", e: { k: "struct", name: "E1", fields: [] } },
        },
        {
          name: "A",
          json: "a",
          opts: ["omitempty"],
          t: { k: "map", key: "UpperText", e: { k: "reg", name: "Node" } },
        },
        { name: "B", json: "", opts: [], t: { k: "reg", name: "OuterP" } },
      ],
    };
    const { goSource, type } = renderGo(spec);
    expect(type).toBe("S1");
    expect(goSource).toContain("\t*E1\n");
    expect(goSource).toContain("type UpperText string");
    expect(goSource).toContain("type Node struct");
    expect(goSource).toContain("type inner struct");
    const decls = parseGo(goSource);
    expect(Object.keys(decls).sort()).toEqual(["E1", "Node", "OuterP", "S1", "UpperText", "inner"]);
  });

  it("every generated type renders as Go that parseGo reads", () => {
    fc.assert(
      fc.property(typeSpecArb, (spec) => {
        const { goSource } = renderGo(spec);
        if (goSource) parseGo(goSource);
      }),
      { numRuns: 150, seed: 7 },
    );
  });

  it("every generated case builds a request", () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const r = requestFor(c, "v2");
        expect(r.input).toBeInstanceOf(Uint8Array);
      }),
      { numRuns: 100, seed: 11 },
    );
  });

  it("surrogate escapes carry raw bytes through text", () => {
    const raw = Uint8Array.from([0x5b, 0x22, 0xff, 0xc3, 0x22, 0x5d]);
    expect([...toBytes(escapeBytes(raw))]).toEqual([...raw]);
    expect([...toBytes("é😀")]).toEqual([...new TextEncoder().encode("é😀")]);
  });

  it("shapes duplicate and unknown members", () => {
    const t: TypeSpec = { k: "struct", fields: [{ name: "A", json: "a", opts: [], t: { k: "int" } }] };
    expect(shapedJson(t, { A: "1" }, { dup: true, extra: true, keyCase: "upper" }, { A: "2" })).toBe(
      '{"A":1,"a":2,"zz":1}',
    );
  });

  it("builds deep inputs for recursive types", () => {
    expect(deepInput({ k: "reg", name: "Chain" }, 3)).toBe("[[[]]]");
    expect(deepInput({ k: "ptr", e: { k: "reg", name: "Node" } }, 1)).toBe(
      '{"Val":1,"Next":{"Kids":[{"Val":2}]}}',
    );
    expect(deepInput({ k: "int" }, 3)).toBeUndefined();
  });
});
