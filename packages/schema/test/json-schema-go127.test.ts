/**
 * The v1 JSON Schemas with `goVersion: "1.27"` against Go 1.27's
 * encoding/json (v1 on the v2 engine; test/verdicts/go1.27-v1.json), as
 * json-schema-verdicts.test.ts does for Go 1.26.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { goType, parseGo } from "@gojson/gotype";
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { type JsonSchemaOptions, toJsonSchema } from "../src/index.js";
import { inexpressibleReasons } from "./inexpressible.js";
import { loadGo127V1Verdicts } from "./verdicts.js";

const decls = parseGo(readFileSync(resolve(import.meta.dirname, "verdicts/types.go"), "utf8"));
const { go, rows } = loadGo127V1Verdicts();
const ajv = new Ajv2020({ strict: true, strictTuples: false, validateFormats: false });
const validators = new Map<string, ValidateFunction>();

function validator(target: string, options: JsonSchemaOptions): ValidateFunction {
  const key = `${target} ${JSON.stringify(options)}`;
  let v = validators.get(key);
  if (v === undefined) {
    v = ajv.compile(toJsonSchema(goType(target, decls), options));
    validators.set(key, v);
  }
  return v;
}

describe(`v1 JSON Schema for Go 1.27 against Go's verdicts (${go}, ${rows.length} payloads)`, () => {
  for (const strict of [false, true]) {
    const options: JsonSchemaOptions = strict
      ? { version: "v1", goVersion: "1.27", disallowUnknownFields: true }
      : { version: "v1", goVersion: "1.27" };
    it(`${strict ? "DisallowUnknownFields: " : ""}Go's accepts accepted, Go's rejects rejected but for the inexpressible`, () => {
      const wrong: string[] = [];
      let accepted = 0;
      for (const r of rows) {
        const goError = strict ? r.v1.strict : r.v1.err;
        const ok = validator(r.target, options)(JSON.parse(r.payload));
        if (goError === undefined) {
          accepted++;
          if (!ok) wrong.push(`${r.target} ${r.payload}: Go accepts, schema rejects`);
        } else if (ok && inexpressibleReasons(r.payload, goError).length === 0)
          wrong.push(`${r.target} ${r.payload}: Go rejects (${goError}), schema accepts`);
      }
      expect(wrong).toEqual([]);
      expect(accepted).toBeGreaterThan(1000);
    });
  }

  it("what Go 1.27's Marshal wrote fits the marshal-side schema", () => {
    const misfits: string[] = [];
    for (const r of rows) {
      const out = r.v1.out;
      if (
        out !== undefined &&
        !validator(r.target, { version: "v1", goVersion: "1.27", direction: "marshal" })(JSON.parse(out))
      )
        misfits.push(`${r.target} ${out}`);
    }
    expect(misfits).toEqual([]);
  });
});
