import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { fullOptions, parseFieldOptions } from "./tag-v2.js";
import { lookupTag } from "./tags.js";

// parseFieldOptions answers plain tags (a name without quotes or escapes, known
// options once each) on a fast path; every tag must get what Go's whole grammar
// (fullOptions) gives it.
const partArb = fc.constantFrom(
  "a",
  "-",
  ",",
  "omitempty",
  "omitzero",
  "string",
  "inline",
  "unknown",
  "case:ignore",
  "format:x",
  "'q'",
  "\\",
  "x y",
  "é",
  "OmitEmpty",
  "",
);
const textArb = fc.array(partArb, { maxLength: 6 }).map((ps) => ps.join(""));

describe("parseFieldOptions", () => {
  test.prop([textArb], { numRuns: 2000 })("PlainPath/SameAsFullGrammar", (text) => {
    const tag = `json:"${text}"`;
    const value = lookupTag(tag, "json");
    if (value === undefined || value === "-") return; // ignored: no options to read
    const got = parseFieldOptions({ name: "F", tag, exported: true, embedded: false });
    expect(got).toEqual(fullOptions("F", value));
  });
});
