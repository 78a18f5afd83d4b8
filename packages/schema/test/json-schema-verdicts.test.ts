/**
 * The JSON Schemas against Go's recorded verdicts (test/verdicts/verdicts.json,
 * written by `pnpm run record-verdicts` with plain Go for v1 and
 * GOEXPERIMENT=jsonv2 for v2): every payload Go accepts, the schema accepts;
 * every payload Go rejects, the schema rejects unless a documented
 * limitation of JSON Schema explains it; every value Go's Marshal wrote fits
 * the marshal-side schema.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { goType, parseGo } from "@gojson/gotype";
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { type JsonSchemaOptions, toJsonSchema } from "../src/index.js";
import { inexpressibleReasons } from "./inexpressible.js";
import { TARGETS } from "./verdict-targets.js";
import { loadVerdicts, type VerdictRow } from "./verdicts.js";

const decls = parseGo(readFileSync(resolve(import.meta.dirname, "verdicts/types.go"), "utf8"));
const { go, rows } = loadVerdicts();
// strict: true as a user's ajv has it; only the formats are left to the patterns.
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

interface Mode {
  readonly name: string;
  readonly version: "v1" | "v2";
  readonly strict: boolean;
}
const MODES: Mode[] = [
  { name: "v1", version: "v1", strict: false },
  { name: "v1 DisallowUnknownFields", version: "v1", strict: true },
  { name: "v2", version: "v2", strict: false },
  { name: "v2 RejectUnknownMembers", version: "v2", strict: true },
];

function optionsOf(m: Mode): JsonSchemaOptions {
  if (!m.strict) return { version: m.version };
  return m.version === "v1"
    ? { version: "v1", disallowUnknownFields: true }
    : { version: "v2", rejectUnknownMembers: true };
}

describe(`JSON Schema against Go's verdicts (${go}, ${rows.length} payloads)`, () => {
  it("covers every target", () => {
    expect(new Set(rows.map((r) => r.target))).toEqual(new Set(TARGETS));
    expect(rows.length).toBeGreaterThan(8000);
  });

  for (const mode of MODES) {
    describe(mode.name, () => {
      const verdicts = rows.map((r: VerdictRow) => {
        const goError = mode.strict ? r[mode.version].strict : r[mode.version].err;
        const accepted = validator(r.target, optionsOf(mode))(JSON.parse(r.payload));
        return { r, goError, accepted };
      });

      it("accepts every payload Go accepts", () => {
        const falseRejects = verdicts.filter((v) => v.goError === undefined && !v.accepted);
        expect(falseRejects.map((v) => `${v.r.target} ${v.r.payload}`)).toEqual([]);
        expect(verdicts.filter((v) => v.goError === undefined).length).toBeGreaterThan(1000);
      });

      it("rejects every payload Go rejects, but for what JSON Schema cannot express", () => {
        const unexplained = verdicts.filter(
          (v) =>
            v.goError !== undefined &&
            v.accepted &&
            inexpressibleReasons(v.r.payload, v.goError).length === 0,
        );
        expect(unexplained.map((v) => `${v.r.target} ${v.r.payload}: ${v.goError}`)).toEqual([]);
        expect(verdicts.filter((v) => v.goError !== undefined && !v.accepted).length).toBeGreaterThan(3000);
      });
    });
  }

  for (const version of ["v1", "v2"] as const) {
    it(`${version}: what Go's Marshal wrote fits the marshal-side schema and reads back under the unmarshal-side one`, () => {
      let checked = 0;
      const misfits: string[] = [];
      for (const r of rows) {
        const out = r[version].out;
        if (out === undefined) continue;
        checked++;
        const value = JSON.parse(out);
        if (!validator(r.target, { version, direction: "marshal" })(value))
          misfits.push(`${r.target} marshal ${out}`);
        if (!validator(r.target, { version })(value)) misfits.push(`${r.target} unmarshal ${out}`);
      }
      expect(misfits).toEqual([]);
      expect(checked).toBeGreaterThan(1500);
    });
  }
});
