import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { lookupMethod } from "./methods.js";
import { parseGo } from "./parse-go.js";
import { structFields } from "./struct-fields.js";
import { lookupTag, parseTagV1 } from "./tags.js";
import { typeString } from "./type-string.js";

const src = readFileSync(new URL("../test/fixtures/struct-fields.go.txt", import.meta.url), "utf8");
const decls = parseGo(src);

// Recorded with Go 1.26: json.Marshal of the zero value (v1: encoding/json;
// v2: GOEXPERIMENT=jsonv2 encoding/json/v2). Keys are the resolved names in order.
const cases: { name: string; v1: string[]; v2: string[]; v2Err?: string }[] = [
  { name: "S1", v1: ["b", "A"], v2: ["b", "A"] },
  { name: "S2", v1: ["One", "Two"], v2: ["One", "Two"] },
  { name: "S3", v1: ["One", "Two", "Dup"], v2: ["One", "Two", "Dup"] },
  { name: "S4", v1: ["n", "N"], v2: ["n", "N"] },
  { name: "S6", v1: ["inner", "M"], v2: ["inner"] },
  {
    name: "S7",
    v1: [],
    v2: [],
    v2Err: 'main.S7: Go struct fields A and B conflict over JSON object name "a"',
  },
  {
    name: "S8",
    v1: [],
    v2: [],
    v2Err: 'main.S8: unexported Go struct field x cannot have non-ignored `json:"x"` tag',
  },
  { name: "S9", v1: ["A", "B", "C"], v2: ["quoted name", "B", "C"] },
  {
    name: "S10",
    v1: ["A"],
    v2: ["A"],
    v2Err:
      "main.S10: Go struct field A has invalid appearance of `omitEmpty` tag option; specify `omitempty` instead",
  },
  {
    name: "S11",
    v1: ["Celsius"],
    v2: ["Celsius"],
    v2Err:
      "main.S11: embedded Go struct field Celsius of non-struct type must be explicitly given a JSON name",
  },
  {
    name: "S12",
    v1: ["X"],
    v2: [],
    v2Err:
      "main.S12: inlined Go struct field X of type int must be a Go struct, Go map of string key, or jsontext.Value",
  },
  { name: "S13", v1: [], v2: [], v2Err: "main.S13: Go struct has no exported fields" },
  {
    name: "S14",
    v1: ["-"],
    v2: ["-"],
    v2Err: "main.S14: Go struct field A has malformed `json` tag: invalid trailing ',' character",
  },
  {
    name: "S15",
    v1: ["T"],
    v2: [],
    v2Err:
      "main.S15: inlined Go struct field T of type time.Time must not implement marshal or unmarshal methods",
  },
  { name: "S16", v1: [], v2: [] },
  {
    name: "S17",
    v1: ["a"],
    v2: ["a"],
    v2Err: "main.S17: Go struct field A has malformed `json` tag: invalid trailing ',' character",
  },
];

describe("structFields (recorded from Go)", () => {
  for (const c of cases) {
    it(`V1/${c.name}`, () => {
      expect(structFields(decls[c.name] as never, "v1").fields.map((f) => f.name)).toEqual(c.v1);
    });
    it(`V2/${c.name}`, () => {
      const r = structFields(decls[c.name] as never, "v2");
      if (c.v2Err === undefined) {
        expect(r.error).toBeUndefined();
        expect(r.fields.map((f) => f.name)).toEqual(c.v2);
      } else {
        expect(r.error && `${typeString(r.error.goType)}: ${r.error.message}`).toBe(c.v2Err);
      }
    });
  }
  it("v2: json.RawMessage is jsontext.Value (an inlined fallback; named so in errors)", () => {
    // GOEXPERIMENT=jsonv2 go run, json/v2 Marshal: R1 marshals its fallback members; R2's error is
    // "json: cannot marshal from Go main.R2: inlined Go struct field A of type
    // map[uint8]jsontext.Value must be a Go struct, Go map of string key, or jsontext.Value".
    const d = parseGo(
      'type R1 struct {\n\tB int\n\tA *json.RawMessage `json:",inline"`\n}\ntype R2 struct {\n\tA map[uint8]json.RawMessage `json:",unknown"`\n}',
    );
    const r1 = structFields(d.R1 as never, "v2");
    expect(r1.error).toBeUndefined();
    expect(r1.inlinedFallback?.path.map((s) => s.name)).toEqual(["A"]);
    expect(structFields(d.R2 as never, "v2").error?.message).toBe(
      "inlined Go struct field A of type map[uint8]jsontext.Value must be a Go struct, Go map of string key, or jsontext.Value",
    );
  });
  it("an inlined field whose type has only AppendText is refused (Go's allMethodTypes)", () => {
    // GOEXPERIMENT=jsonv2 go run (Go 1.26.8), json/v2 Marshal of S{}: "json: cannot marshal from Go
    // main.S: inlined Go struct field A of type main.Only must not implement marshal or unmarshal
    // methods"; GOTOOLCHAIN=go1.27.3 go run, of E{} (`embed`): "... main.E: embedded Go struct field
    // A of type main.Only must not implement marshal or unmarshal methods".
    const d = parseGo(
      'package main\ntype Only struct{ X int }\nfunc (x Only) AppendText(b []byte) ([]byte, error)\ntype S struct {\n\tA Only `json:",inline"`\n}\ntype E struct {\n\tA Only `json:",embed"`\n}',
    );
    expect(structFields(d.S as never, "v2").error?.message).toBe(
      "inlined Go struct field A of type main.Only must not implement marshal or unmarshal methods",
    );
    expect(structFields(d.E as never, "v2", "1.27").error?.message).toBe(
      "embedded Go struct field A of type main.Only must not implement marshal or unmarshal methods",
    );
  });
  it("an inlined field whose type has only MarshalJSONTo or UnmarshalJSONFrom is refused", () => {
    // GOEXPERIMENT=jsonv2 go run (Go 1.26.8), json/v2 Marshal: "json: cannot marshal from Go main.S1:
    // inlined Go struct field A of type main.To must not implement marshal or unmarshal methods",
    // and the same for S2 with main.From.
    const d = parseGo(
      'package main\nimport "encoding/json/jsontext"\ntype To struct{ X int }\nfunc (x To) MarshalJSONTo(enc *jsontext.Encoder) error\ntype From struct{ X int }\nfunc (x *From) UnmarshalJSONFrom(dec *jsontext.Decoder) error\ntype S1 struct {\n\tA To `json:",inline"`\n}\ntype S2 struct {\n\tA From `json:",inline"`\n}',
    );
    expect(structFields(d.S1 as never, "v2").error?.message).toBe(
      "inlined Go struct field A of type main.To must not implement marshal or unmarshal methods",
    );
    expect(structFields(d.S2 as never, "v2").error?.message).toBe(
      "inlined Go struct field A of type main.From must not implement marshal or unmarshal methods",
    );
  });
  it("S5: embedded time.Time promotes MarshalJSON (Go marshals S5 as a time)", () => {
    expect(lookupMethod(decls.S5 as never, "MarshalJSON")?.path.map((s) => s.name)).toEqual(["Time"]);
  });
  it("caches per type object", () => {
    const t = decls.S1 as never;
    expect(structFields(t, "v1")).toBe(structFields(t, "v1"));
    expect(structFields(t, "v2")).toBe(structFields(t, "v2"));
  });
  it("index paths, embedded pointers and lookup maps", () => {
    const d = parseGo(`type In struct { A int; b int }
type Out struct { *In; B string \`json:"bee,omitempty,string"\`; C *int \`json:",string"\`; D []int \`json:",string"\` }`);
    const r = structFields(d.Out as never, "v1");
    expect(r.fields.map((f) => [f.name, f.index, f.string])).toEqual([
      ["A", [0, 0], false],
      ["bee", [1], true],
      ["C", [2], true],
      ["D", [3], false],
    ]);
    expect(r.fields[0]?.path[0]?.pointer).toBe(true);
    expect(r.byName.get("bee")?.goName).toBe("B");
    expect(r.byFoldedName.get("BEE")?.name).toBe("bee");
    const v2 = structFields(d.Out as never, "v2");
    expect(v2.byFoldedNameAll.get("BEE")?.[0]?.omitEmpty).toBe(true);
  });
});

describe("tags", () => {
  it("reflect.StructTag.Lookup semantics", () => {
    expect(lookupTag('xml:"x" json:"id,omitempty"', "json")).toBe("id,omitempty");
    expect(lookupTag('json:"a\\"b"', "json")).toBe('a"b');
    expect(lookupTag('json: "x"', "json")).toBeUndefined();
    expect(lookupTag("json", "json")).toBeUndefined();
    expect(lookupTag('json:""', "json")).toBe("");
  });
  it("v1 parseTag", () => {
    expect(parseTagV1("a,omitempty,string")).toEqual({ name: "a", options: ["omitempty", "string"] });
  });
});

describe("v2 structural errors", () => {
  it('names a `json:"-,…"` field "-" as Go does', () => {
    // Recorded from Go 1.26 (GOEXPERIMENT=jsonv2): json.Marshal(S{}) with A int `json:"-,omitzero"`.
    const { S } = parseGo('type S struct {\n\tA int `json:"-,omitzero"`\n}');
    expect(structFields(S!, "v2").error?.message).toBe(
      'Go struct field A has JSON object name "-"; either use `json:"-"` to ignore the field or use `json:"\'-\',omitzero"` to specify "-" as the name',
    );
  });
});

// A struct's own fields share one frozen index path per position (flat resolution makes none).
describe("own field index paths", () => {
  const ts = parseGo(
    `package p\n\ntype A struct {\n\tX int\n\tY int\n}\ntype B struct {\n\tP string\n\tQ string\n}\ntype W struct {\n${Array.from({ length: 300 }, (_, i) => `\tF${i} int`).join("\n")}\n}\n`,
  );
  const cases: { name: string; type: string; field: number }[] = [
    { name: "First", type: "A", field: 0 },
    { name: "Second", type: "B", field: 1 },
    { name: "Wide", type: "W", field: 299 },
  ];
  for (const c of cases)
    it(c.name, () => {
      for (const v of ["v1", "v2"] as const) {
        const f = structFields(ts[c.type] as never, v).fields[c.field];
        expect(f?.index).toEqual([c.field]);
        expect(Object.isFrozen(f?.index)).toBe(true);
        expect(f?.path.map((s) => s.index)).toEqual([c.field]);
      }
    });
});
