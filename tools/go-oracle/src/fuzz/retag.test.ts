import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compiledSource } from "./campaign.js";
import { packSources } from "./compiled.js";
import { caseArb, type FuzzCase } from "./differential.js";
import { retag, seedTag } from "./retag.js";
import { needsCompiler, renderGo, type TypeSpec } from "./spec.js";

describe("retag", () => {
  it("renames declared types, embedded fields and the value keys that name them", () => {
    const e: TypeSpec = {
      k: "struct",
      name: "E1_0005",
      fields: [{ name: "A", json: "", opts: [], t: { k: "int" } }],
    };
    const spec: TypeSpec = {
      k: "struct",
      name: "S1_0005",
      fields: [
        { name: "E1_0005", json: "", opts: [], t: e, embed: true },
        { name: "B", json: "", opts: [], t: { k: "named", name: "N1_0005", u: { k: "any" } } },
      ],
    };
    const c = { spec, value: { E1_0005: { A: "1" }, B: "N1_0005x" } };
    const got = retag(c, "00az");
    expect(renderGo(got.spec).names.sort()).toEqual(["E1_00az", "N1_00az", "S1_00az"]);
    expect(got.value).toEqual({ E1_00az: { A: "1" }, B: "N1_0005x" });
    expect(retag(c, "0005")).toBe(c);
  });

  it("gives every case of a block its own names, so one program holds a block's compiled cases", () => {
    const compiled: FuzzCase[] = [];
    for (let s = 1; s <= 1024; s++) {
      const c = retag(fc.sample(caseArb, { seed: s, numRuns: 1 })[0] as FuzzCase, seedTag(s));
      if (needsCompiler(c.spec)) compiled.push(c);
    }
    expect(compiled.length).toBeGreaterThan(100);
    expect(packSources(compiled.map(compiledSource))).toHaveLength(1);
  });

  it("keeps the tag within its digits", () => {
    expect(seedTag(0)).toBe("0000");
    expect(seedTag(35)).toBe("000z");
    expect(seedTag(36 ** 4 + 1)).toBe("0001");
  });
});
