/**
 * resolveV2 answers a struct without embedded fields in one pass where it can: whatever the
 * struct, the answer (fields, ids, error texts) must be the breadth-first walk's.
 */
import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { resolveV2, resolveWalkV2 } from "./fields-v2.js";
import { parseGo } from "./parse-go.js";
import type { StructFields } from "./struct-fields.js";
import type { StructType } from "./types.js";

const NAMES = ["A", "B", "Name", "ID", "x", "y"];
const TAGS = [
  "",
  '`json:"-"`',
  '`json:"-,"`',
  '`json:"a"`',
  '`json:"a,omitempty"`',
  '`json:"b,omitzero,string"`',
  '`json:",case:ignore"`',
  '`json:",inline"`',
  '`json:",unknown"`',
  '`json:",embed"`',
  '`json:"t,format:RFC3339"`',
  "`json:\"'q,x'\"`",
  '`json:"a,bogus"`',
  '`json:"name" xml:"n"`',
  '`xml:"only"`',
];
const TYPES = ["int", "string", "*int", "[]string", "map[string]any", "Inner", "*Inner"];

const field = fc.record({
  name: fc.constantFrom(...NAMES),
  type: fc.constantFrom(...TYPES),
  tag: fc.constantFrom(...TAGS),
  embedded: fc.boolean(),
});

const shape = (sf: StructFields) => ({
  fields: sf.fields.map((f) => ({ ...f, path: f.path.map((s) => s.name) })),
  error: sf.error?.message,
  unsupportedFormat: sf.unsupportedFormat?.message,
  fallback: sf.inlinedFallback?.name,
});

let n = 0;
describe("resolveV2", () => {
  test.prop([fc.array(field, { maxLength: 6 })], { numRuns: 400 })(
    "gives the walk's answer for any struct",
    (fields) => {
      const seen = new Set<string>();
      const lines: string[] = [];
      for (const f of fields) {
        // A Go struct cannot declare one field name twice (embedded fields are named by their type).
        const fieldName = f.embedded ? "Inner" : f.name;
        if (seen.has(fieldName)) continue;
        seen.add(fieldName);
        lines.push(f.embedded ? `\tInner ${f.tag}` : `\t${f.name} ${f.type} ${f.tag}`);
      }
      const src = `package p${n++}\ntype Inner struct { Z int }\ntype S struct {\n${lines.join("\n")}\n}`;
      const S = parseGo(src).S as StructType;
      for (const release of ["1.26", "1.27"] as const) {
        expect(shape(resolveV2(S, release)), `${release}\n${src}`).toEqual(shape(resolveWalkV2(S, release)));
      }
    },
  );
});
