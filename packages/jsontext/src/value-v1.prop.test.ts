/**
 * compactV1 and indentV1 rewrite valid input in one loop over its bytes and leave the rest to
 * the scanner-driven rewrite, whose output is Go's (value-format.test.ts checks it against
 * Go's recorded Compact and Indent). Both rewrites must give the same bytes for every valid
 * input: any JSON value, pretty-printed or not, with whitespace of every kind around and
 * inside it, strings full of escapes, and any prefix and indent.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { spacedJson } from "./spaced-json.test-support.js";
import { compactScanned, compactV1, indentScanned, indentV1 } from "./value-v1.js";

const enc = new TextEncoder();

describe("v1 Compact and Indent: one loop over valid input, as the scanner rewrites it", () => {
  it("Compact/SameBytes", () => {
    fc.assert(
      fc.property(spacedJson, (b) => {
        expect(Buffer.from(compactV1(b))).toEqual(Buffer.from(compactScanned(b)));
      }),
      { numRuns: 3_000 },
    );
  });

  it("Indent/SameBytes", () => {
    fc.assert(
      fc.property(
        spacedJson,
        fc.constantFrom("", "> ", "\t", "é"),
        fc.constantFrom("", "  ", "\t", "--", "ü"),
        (b, prefix, indent) => {
          expect(Buffer.from(indentV1(b, prefix, indent))).toEqual(
            Buffer.from(indentScanned(b, prefix, indent)),
          );
        },
      ),
      { numRuns: 3_000 },
    );
  });

  it.each([
    ["escaped quotes and backslashes", '{"a\\"b":"c\\\\","d":["\\"",  "\\\\\\""]}'],
    ["empty containers", ' { "a" : [ ] , "b" : { } , "c" : [ { } ] } '],
    ["top-level scalars with trailing space", " 12.5e3 \n\t"],
    ["invalid UTF-8 in a string", '["\xff\xfe", 1]'],
    ["deep nesting", `${"[".repeat(300)}1${"]".repeat(300)}`],
  ])("SameBytes/%s", (_name, text) => {
    const b = Uint8Array.from(text, (ch) => ch.charCodeAt(0));
    expect(Buffer.from(compactV1(b))).toEqual(Buffer.from(compactScanned(b)));
    expect(Buffer.from(indentV1(b, "> ", "\t"))).toEqual(Buffer.from(indentScanned(b, "> ", "\t")));
  });

  it("GrowsPastTheFirstGuess", () => {
    // Deep indents write many more bytes than the input holds.
    const b = enc.encode(`${"[".repeat(120)}${"]".repeat(120)}`.replace("[]", "[1]"));
    const out = indentV1(b, "", "        ");
    expect(out.length).toBeGreaterThan(4 * b.length);
    expect(Buffer.from(out)).toEqual(Buffer.from(indentScanned(b, "", "        ")));
  });
});
