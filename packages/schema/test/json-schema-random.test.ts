/**
 * The JSON Schemas of random Go type sets (gotype's goDeclsArbitrary, a
 * fixed seed; test/verdicts/random.json) against Go's recorded verdicts, as
 * json-schema-verdicts.test.ts does for the hand-written types.
 */
import { type GoType, parseGo } from "@gojson/gotype";
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { type JsonSchemaOptions, toJsonSchema } from "../src/index.js";
import { inexpressibleReasons } from "./inexpressible.js";
import { RANDOM_SETS } from "./verdict-random.js";
import { loadRandomVerdicts } from "./verdicts.js";

const { go, sources, rows } = loadRandomVerdicts();
const roots: GoType[] = sources.map((s) => parseGo(s).Root as GoType);
const ajv = new Ajv2020({ strict: true, strictTuples: false, validateFormats: false });
const validators = new Map<string, ValidateFunction>();

function validator(set: number, options: JsonSchemaOptions): ValidateFunction {
  const key = `${set} ${JSON.stringify(options)}`;
  let v = validators.get(key);
  if (v === undefined) {
    v = ajv.compile(toJsonSchema(roots[set] as GoType, options));
    validators.set(key, v);
  }
  return v;
}

describe(`JSON Schema of random types against Go's verdicts (${go}, ${sources.length} type sets, ${rows.length} payloads)`, () => {
  it("has every set", () => {
    expect(sources).toHaveLength(RANDOM_SETS);
    expect(new Set(rows.map((r) => r.set)).size).toBe(RANDOM_SETS);
  });

  for (const version of ["v1", "v2"] as const) {
    for (const strict of [false, true]) {
      const options: JsonSchemaOptions = !strict
        ? { version }
        : version === "v1"
          ? { version, disallowUnknownFields: true }
          : { version, rejectUnknownMembers: true };
      it(`${version}${strict ? " strict" : ""}: Go's accepts accepted, Go's rejects rejected but for the inexpressible`, () => {
        const wrong: string[] = [];
        let accepted = 0;
        for (const r of rows) {
          const goError = strict ? r[version].strict : r[version].err;
          const ok = validator(r.set, options)(JSON.parse(r.payload));
          if (goError === undefined) {
            accepted++;
            if (!ok) wrong.push(`set ${r.set} ${r.payload}: Go accepts, schema rejects`);
          } else if (ok && inexpressibleReasons(r.payload, goError).length === 0)
            wrong.push(`set ${r.set} ${r.payload}: Go rejects (${goError}), schema accepts`);
        }
        expect(wrong).toEqual([]);
        expect(accepted).toBeGreaterThan(200);
      });
    }
    it(`${version}: what Go's Marshal wrote fits the marshal-side schema`, () => {
      const misfits: string[] = [];
      let checked = 0;
      for (const r of rows) {
        const out = r[version].out;
        if (out === undefined) continue;
        checked++;
        if (!validator(r.set, { version, direction: "marshal" })(JSON.parse(out)))
          misfits.push(`set ${r.set} ${out}`);
      }
      expect(misfits).toEqual([]);
      expect(checked).toBeGreaterThan(200);
    });
  }
});
