import { parseGo } from "@gojson/gotype";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { packSources, programText } from "./compiled.js";
import { canon, caseArb, requestFor } from "./differential.js";
import { deepInput, mutate } from "./mutate.js";
import { reproduce } from "./repro.js";
import { goBytesLiteral, needsCompiler, renderGo, type TypeSpec, typeSpecArb } from "./spec.js";
import { escapeBytes, shapedJson, toBytes } from "./values.js";

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

describe("declared types and methods (no Go needed)", () => {
  const pb: TypeSpec = { k: "named", name: "PB_0001", u: { k: "ptr", e: { k: "bytes" } } };
  const n1: TypeSpec = {
    k: "named",
    name: "N1_0001",
    u: { k: "int8" },
    methods: [
      { m: "MarshalJSON", ptr: false, out: [0x22, 0x61, 0xff, 0x22] },
      { m: "UnmarshalJSON", ptr: true, fail: true },
    ],
  };
  const spec: TypeSpec = {
    k: "struct",
    name: "S1_0001",
    fields: [
      { name: "A", json: "", opts: [], t: pb },
      { name: "B", json: "b", opts: ["string"], t: n1 },
      {
        name: "C",
        json: "",
        opts: [],
        t: { k: "map", key: "float64", e: { k: "named", name: "NA_0001", u: { k: "any" } } },
      },
    ],
  };

  it("renders declared non-struct types, methods and float keys as Go", () => {
    const r = renderGo(spec);
    expect(r.type).toBe("S1_0001");
    expect(r.names).toEqual(["S1_0001", "PB_0001", "N1_0001", "NA_0001"]);
    expect(r.goSource).toContain("type PB_0001 *[]byte");
    expect(r.goSource).toContain(
      'func (N1_0001) MarshalJSON() ([]byte, error) { return []byte("\\"a\\xff\\""), nil }',
    );
    expect(r.goSource).toContain(
      'func (*N1_0001) UnmarshalJSON([]byte) error { return errors.New("uj: no") }',
    );
    expect(r.goSource).toContain("\tC map[float64]NA_0001");
    expect(Object.keys(parseGo(r.goSource)).sort()).toEqual(["N1_0001", "NA_0001", "PB_0001", "S1_0001"]);
    expect(needsCompiler(spec)).toBe(true);
    expect(needsCompiler({ k: "slice", e: { k: "int" } })).toBe(false);
  });

  it("writes byte strings as Go literals", () => {
    expect(goBytesLiteral([0x61, 0x22, 0x5c, 0xff, 0x0a])).toBe('"a\\"\\\\\\xff\\x0a"');
  });

  it("generated programs declare each case once and split cases whose names clash", () => {
    const a = { goSource: "type N1_x int", own: "type N1_x int", names: ["N1_x"], roots: ["N1_x"] };
    const b = { goSource: "type N1_x string", own: "type N1_x string", names: ["N1_x"], roots: ["[]N1_x"] };
    expect(packSources([a, a, b]).map((g) => g.length)).toEqual([1, 1]);
    const text = programText([a]);
    expect(text).toContain(
      '\t{"type N1_x int", []string{"N1_x"}, []string{"N1_x"}, []any{(*N1_x)(nil)}, []any{(*N1_x)(nil)}},',
    );
    expect(programText([b])).toContain('[]string{"[]N1_x"}, []any{(*N1_x)(nil)}, []any{(*[]N1_x)(nil)}},');
    expect(text).toContain("\tcore.Serve(registry, compiled)");
  });

  it("breaks member names where an object member starts", () => {
    expect(new TextDecoder().decode(mutate('{"a":{"b":1}}', { m: "name", at: 1, ch: "[" }))).toBe(
      '{"a":{[b":1}}',
    );
    expect([...mutate('{"a":1}', { m: "name", at: 0, ch: "\udcff" })]).toEqual([
      0x7b, 0xff, 0x61, 0x22, 0x3a, 0x31, 0x7d,
    ]);
  });

  it("generates declared types, methods and the new inputs, each case with its own type names", () => {
    let named = 0;
    let methods = 0;
    fc.assert(
      fc.property(typeSpecArb, (t) => {
        const r = renderGo(t);
        if (needsCompiler(t)) {
          named++;
          for (const n of r.names) expect(n).toMatch(/_[0-9a-z]{4}$/);
        }
        if (r.goSource.includes("func (")) methods++;
        if (r.goSource) parseGo(r.goSource);
      }),
      { numRuns: 300, seed: 3 },
    );
    expect(named).toBeGreaterThan(30);
    expect(methods).toBeGreaterThan(10);
  });
});

describe("standalone reproductions (no Go needed)", () => {
  it("write every generated case as a Go program and a TypeScript call", () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        for (const engine of ["v1", "v1v2", "v2"] as const) {
          const text = reproduce(c, engine, "1.27", {}, {});
          expect(text).toContain("func main() {");
          expect(text).toContain('goVersion: "1.27"');
        }
      }),
      { numRuns: 200, seed: 5 },
    );
  });

  it("write a slice of a declared byte type as its bytes", () => {
    const c = fc.sample(caseArb, { seed: 1, numRuns: 1 })[0] as Parameters<typeof reproduce>[0];
    const spec: TypeSpec = { k: "slice", e: { k: "named", name: "B_0001", u: { k: "uint8" } } };
    const text = reproduce({ ...c, spec, op: "marshal", value: "AQL/" }, "v1", "1.26", {}, {});
    expect(text).toContain("v := []B_0001{1, 2, 255}");
  });
});

describe("comparison (no Go needed)", () => {
  it("re-spells float map keys as it re-spells float values (Go writes 1e-07, TypeScript 1e-7)", () => {
    const t: TypeSpec = { k: "map", key: "float64", e: { k: "float64" } };
    expect(
      canon(t, [
        ["1e-07", "9.007199254740994e+15"],
        ["-0", "1"],
      ]),
    ).toEqual(
      canon(t, [
        ["-0", "1"],
        ["1e-7", "9007199254740994"],
      ]),
    );
  });
});
