import { goType, parseGo, typeString } from "@gojson/gotype";
import Ajv2020 from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { type JsonSchemaOptions, toJsonSchema, toJsonSchemaDefs } from "./index.js";

const decls = parseGo(`package shop

type Order struct {
	ID    int64            \`json:"id"\`
	Items []Item           \`json:"items,omitempty"\`
	Next  *Order           \`json:"next"\`
	Tags  map[string]int32 \`json:"tags,omitzero"\`
}

type Item struct {
	Qty uint8 \`json:"qty"\`
}
`);
const ajv = new Ajv2020({ strict: true, strictTuples: false, validateFormats: false });

function accepts(expr: string, options: JsonSchemaOptions, json: string): boolean {
  return ajv.validate(toJsonSchema(goType(expr, decls), options), JSON.parse(json)) as boolean;
}

describe("toJsonSchema", () => {
  it("writes a 2020-12 document with named types under $defs, recursion through $ref", () => {
    const s = toJsonSchema(decls.Order!, { version: "v2" });
    expect(s.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
    expect(s.title).toBe(typeString(decls.Order!));
    expect(s.$ref).toBe("#/$defs/Order");
    expect(Object.keys(s.$defs as object)).toEqual(["Order", "Item"]);
    expect(JSON.stringify(s)).toContain('"next":{"anyOf":[{"type":"null"},{"$ref":"#/$defs/Order"}]}');
  });

  it("points $refs where refPrefix says (OpenAPI components)", () => {
    const s = toJsonSchema(decls.Order!, {
      version: "v1",
      refPrefix: "#/components/schemas/",
      id: "urn:order",
    });
    expect(s.$ref).toBe("#/components/schemas/Order");
    expect(s.$id).toBe("urn:order");
  });

  const cases: { name: string; type: string; options: JsonSchemaOptions; in: string; want: boolean }[] = [
    { name: "V1/CaseInsensitiveName", type: "Order", options: { version: "v1" }, in: '{"ID":1}', want: true },
    {
      name: "V1/CaseVariantChecked",
      type: "Order",
      options: { version: "v1" },
      in: '{"ID":"x"}',
      want: false,
    },
    {
      name: "V2/CaseVariantIsUnknown",
      type: "Order",
      options: { version: "v2" },
      in: '{"ID":"x"}',
      want: true,
    },
    {
      name: "V2/CaseVariantRejectedAsUnknown",
      type: "Order",
      options: { version: "v2", rejectUnknownMembers: true },
      in: '{"ID":1}',
      want: false,
    },
    {
      name: "V2/MatchCaseInsensitiveNames",
      type: "Order",
      options: { version: "v2", rejectUnknownMembers: true, matchCaseInsensitiveNames: true },
      in: '{"I_D":1}',
      want: true,
    },
    { name: "V1/UnknownAllowed", type: "Order", options: { version: "v1" }, in: '{"zzz":1}', want: true },
    {
      name: "V1/DisallowUnknownFields",
      type: "Order",
      options: { version: "v1", disallowUnknownFields: true },
      in: '{"zzz":1}',
      want: false,
    },
    {
      name: "Both/NullEverywhere",
      type: "Order",
      options: { version: "v1" },
      in: '{"id":null,"items":[null]}',
      want: true,
    },
    { name: "V1/Uint8Range", type: "Item", options: { version: "v1" }, in: '{"qty":256}', want: false },
    {
      name: "Marshal/V2/NilSliceIsEmptyArray",
      type: "[]int",
      options: { version: "v2", direction: "marshal" },
      in: "null",
      want: false,
    },
    {
      name: "Marshal/V1/NilSliceIsNull",
      type: "[]int",
      options: { version: "v1", direction: "marshal" },
      in: "null",
      want: true,
    },
    {
      name: "Marshal/V2/FormatNilSliceAsNull",
      type: "[]int",
      options: { version: "v2", direction: "marshal", formatNilSliceAsNull: true },
      in: "null",
      want: true,
    },
    {
      name: "Marshal/RequiredUnlessOmitted",
      type: "Order",
      options: { version: "v2", direction: "marshal" },
      in: '{"id":1,"next":null}',
      want: true,
    },
    {
      name: "Marshal/MissingRequired",
      type: "Order",
      options: { version: "v2", direction: "marshal" },
      in: '{"id":1}',
      want: false,
    },
    { name: "V2/IntKeys", type: "map[int]bool", options: { version: "v2" }, in: '{"+1":true}', want: false },
    {
      name: "V1/IntKeysParseInt",
      type: "map[int]bool",
      options: { version: "v1" },
      in: '{"+1":true}',
      want: true,
    },
    {
      name: "V2/StringifyNumbers",
      type: "[]int64",
      options: { version: "v2", stringifyNumbers: true },
      in: '["1"]',
      want: true,
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      expect(accepts(c.type, c.options, c.in)).toBe(c.want);
    });
  }

  it("rejects unknown and misplaced options", () => {
    expect(() => toJsonSchema(decls.Order!, { version: "v3" } as never)).toThrow(TypeError);
    expect(() => toJsonSchema(decls.Order!, { version: "v1", rejectUnknownMember: true } as never)).toThrow(
      /unknown option "rejectUnknownMember"/,
    );
    expect(() => toJsonSchema(decls.Order!, { version: "v1", rejectUnknownMembers: true } as never)).toThrow(
      /rejectUnknownMembers is a v2 option/,
    );
    expect(() => toJsonSchema(decls.Order!, { version: "v2", stringifyNumbers: 1 } as never)).toThrow(
      /a boolean/,
    );
    expect(() => toJsonSchema(undefined as never, { version: "v2" })).toThrow(/want a GoType/);
  });
});

describe("toJsonSchemaDefs", () => {
  it("gives an OpenAPI components.schemas object: one entry per named type, refs into it", () => {
    const defs = toJsonSchemaDefs(decls, { version: "v2", direction: "marshal" });
    expect(Object.keys(defs).sort()).toEqual(["Item", "Order"]);
    expect(JSON.stringify(defs.Order)).toContain(
      '{"type":"array","items":{"$ref":"#/components/schemas/Item"}}',
    );
    const doc = {
      $schema: "https://json-schema.org/draft/2020-12/schema",
      $ref: "#/components/schemas/Order",
      components: { schemas: defs },
    };
    const openApi = new Ajv2020({ strict: true, validateFormats: false });
    openApi.addVocabulary(["components"]);
    expect(openApi.validate(doc, { id: 1, next: null, items: [{ qty: 1 }] })).toBe(true);
    expect(openApi.validate(doc, { id: 1, next: null, items: [{ qty: "1" }] })).toBe(false);
  });
});
