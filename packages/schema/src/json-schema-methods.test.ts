/**
 * Types whose methods decide their JSON: v2's streaming methods (MarshalJSONTo, UnmarshalJSONFrom)
 * count as JSON methods and Go 1.24's AppendText as a text method wherever the v2 engine runs
 * (json/v2, and encoding/json on Go 1.27); classic v1 (Go 1.26's encoding/json) ignores all three.
 * Go's outputs and verdicts below were recorded with `GOEXPERIMENT=jsonv2 go run .` (Go 1.26.8),
 * `GOTOOLCHAIN=go1.27.3 go run .` (Go 1.27.3) and `go run .` (classic) over the same types.
 */
import { goType, parseGo } from "@gojson/gotype";
import Ajv2020 from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { type JsonSchemaOptions, toJsonSchema } from "./index.js";

const decls = parseGo(`package main

import "encoding/json/jsontext"

type To struct{ X int }

func (x To) MarshalJSONTo(enc *jsontext.Encoder) error

type From struct{ S string }

func (x *From) UnmarshalJSONFrom(dec *jsontext.Decoder) error

type Only struct{ X int }

func (x Only) AppendText(b []byte) ([]byte, error)

type NB byte

func (x NB) AppendText(b []byte) ([]byte, error)

type KI int

func (x KI) MarshalJSONTo(enc *jsontext.Encoder) error

type FI int

func (x *FI) UnmarshalJSONFrom(dec *jsontext.Decoder) error
`);
const ajv = new Ajv2020({ strict: true, strictTuples: false, validateFormats: false });

function accepts(expr: string, options: JsonSchemaOptions, json: string): boolean {
  return ajv.validate(toJsonSchema(goType(expr, decls), options), JSON.parse(json)) as boolean;
}

const engines: { name: string; options: Omit<JsonSchemaOptions, "direction"> }[] = [
  { name: "v2", options: { version: "v2" } },
  { name: "v1on127", options: { version: "v1", goVersion: "1.27" } },
  { name: "classic", options: { version: "v1", goVersion: "1.26" } },
];

/** What Go writes (marshal) or whether Go accepts (unmarshal), per engine. */
const cases: {
  name: string;
  type: string;
  direction: "marshal" | "unmarshal";
  json: string;
  want: Record<string, boolean>;
}[] = [
  // Go writes "to:1" (v2, v1 on Go 1.27) and {"X":1} (classic).
  {
    name: "MarshalJSONTo/Text",
    type: "To",
    direction: "marshal",
    json: '"to:1"',
    want: { v2: true, v1on127: true, classic: false },
  },
  // The method may write any JSON: the schema says so (a classic struct is an object).
  {
    name: "MarshalJSONTo/AnyJSON",
    type: "To",
    direction: "marshal",
    json: "[1,2]",
    want: { v2: true, v1on127: true, classic: false },
  },
  // Go writes "only:1" (v2, v1 on Go 1.27) and {"X":1} (classic).
  {
    name: "AppendText/Text",
    type: "Only",
    direction: "marshal",
    json: '"only:1"',
    want: { v2: true, v1on127: true, classic: false },
  },
  {
    name: "AppendText/Object",
    type: "Only",
    direction: "marshal",
    json: '{"X":1}',
    want: { v2: false, v1on127: false, classic: true },
  },
  // A named byte with AppendText: a list of its texts on the v2 engine, base64 in classic v1.
  {
    name: "AppendText/[]NB/List",
    type: "[]NB",
    direction: "marshal",
    json: '["n1","n2"]',
    want: { v2: true, v1on127: true, classic: false },
  },
  {
    name: "AppendText/[]NB/Base64",
    type: "[]NB",
    direction: "marshal",
    json: '"AQI="',
    want: { v2: false, v1on127: false, classic: true },
  },
  // json/v2 calls a key's MarshalJSONTo ({"ki:1":1}); v1 semantics write the integer ({"1":1}).
  {
    name: "MarshalJSONTo/MapKey",
    type: "map[KI]int",
    direction: "marshal",
    json: '{"ki:1":1}',
    want: { v2: true, v1on127: false, classic: false },
  },
  // UnmarshalJSONFrom reads any JSON: Go's From decodes "x" (v2, v1 on Go 1.27); classic wants an object.
  {
    name: "UnmarshalJSONFrom/String",
    type: "From",
    direction: "unmarshal",
    json: '"x"',
    want: { v2: true, v1on127: true, classic: false },
  },
  {
    name: "UnmarshalJSONFrom/Object",
    type: "From",
    direction: "unmarshal",
    json: '{"S":"s"}',
    want: { v2: true, v1on127: true, classic: true },
  },
  // json/v2 hands a key to UnmarshalJSONFrom ({"abc":1} decodes); v1 semantics parse an integer.
  {
    name: "UnmarshalJSONFrom/MapKey",
    type: "map[FI]int",
    direction: "unmarshal",
    json: '{"abc":1}',
    want: { v2: true, v1on127: false, classic: false },
  },
];

describe("toJsonSchema of types with MarshalJSONTo, UnmarshalJSONFrom and AppendText", () => {
  for (const c of cases)
    for (const e of engines)
      it(`${c.name}/${e.name}`, () => {
        expect(accepts(c.type, { ...e.options, direction: c.direction }, c.json)).toBe(c.want[e.name]);
      });
});
