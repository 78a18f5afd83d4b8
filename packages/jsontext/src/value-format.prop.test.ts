import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { canonicalize, compact, indent } from "./value.js";

const doc = fc.json({ depthSize: "small" });
const opts = fc.record(
  {
    withIndent: fc.constantFrom("", " ", "\t", "  "),
    withIndentPrefix: fc.constantFrom("", " ", "\t"),
    spaceAfterComma: fc.boolean(),
    escapeForHTML: fc.boolean(),
  },
  { requiredKeys: [] },
);

describe("value helpers", () => {
  test.prop([doc], { numRuns: 200 })("canonicalize is idempotent", (s) => {
    const once = canonicalize(s);
    expect(canonicalize(once)).toBe(once);
  });
  test.prop([doc, opts], { numRuns: 200 })("compact ∘ indent = compact", (s, o) => {
    expect(compact(indent(s, o), o)).toBe(compact(s, o));
  });
  test.prop([doc], { numRuns: 200 })("compact agrees with JSON.parse", (s) => {
    expect(JSON.parse(compact(s))).toEqual(JSON.parse(s));
  });
});
