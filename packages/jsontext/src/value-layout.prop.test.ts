/**
 * formatValue lays valid input out in one loop (layout-valid.ts) when the options only move
 * whitespace, and leaves everything else to the Reformatter, whose output is Go's
 * (value-format.test.ts checks it against Go's recorded Compact, Indent and Format). Both must
 * give the same bytes, or the same error, for every input and every such option set:
 * multiline or not, any indent and prefix, spaces after colons and commas, duplicate names
 * and invalid UTF-8 allowed or not.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type EncoderOptions, resolveEncoderOptions } from "./encoder-options.js";
import { MAX_NESTING_DEPTH } from "./limits.js";
import { spacedJson } from "./spaced-json.test-support.js";
import { formatValue, reformatAll } from "./value.js";

const enc = new TextEncoder();

/** Inputs the options decide on: a duplicate name, invalid UTF-8 in a string, both, neither. */
const SPECIAL = [
  '{"a":1,"a":2}',
  '{"a":{"b":[],"b":{}}}',
  '["\xff", {"k\xfe":0}]',
  '{"x":"\xc3\x28","x":null}',
  '{"a" : [1, 2,]}',
].map((t) => Uint8Array.from(t, (ch) => ch.charCodeAt(0)));

const layoutOptions: fc.Arbitrary<EncoderOptions> = fc.record(
  {
    multiline: fc.boolean(),
    withIndent: fc.constantFrom("", "  ", "\t", "    "),
    withIndentPrefix: fc.constantFrom("", " ", "\t", " \t"),
    spaceAfterColon: fc.boolean(),
    spaceAfterComma: fc.boolean(),
    allowDuplicateNames: fc.boolean(),
    allowInvalidUTF8: fc.boolean(),
    preserveRawStrings: fc.constant(true),
  },
  { requiredKeys: ["preserveRawStrings"] },
);

function outcome(f: () => Uint8Array): string {
  try {
    return `ok ${Buffer.from(f()).toString("latin1")}`;
  } catch (e) {
    return `error ${(e as Error).message} @${(e as { offset?: number }).offset}`;
  }
}

describe("formatValue: one loop over valid input, as the Reformatter lays it out", () => {
  it("SameBytes/AnyLayout", () => {
    fc.assert(
      fc.property(spacedJson, layoutOptions, (b, o) => {
        const fmt = resolveEncoderOptions(o);
        expect(outcome(() => formatValue(b, fmt))).toBe(outcome(() => reformatAll(b, fmt)));
      }),
      { numRuns: 3_000 },
    );
  });

  it("SameBytes/LongStringsAndNumbers", () => {
    // Strings and numbers long enough for the four-byte copies, with quotes, escapes and
    // delimiters at every offset.
    const piece = fc.constantFrom("a", "abcd", '"', "\\", "é", "\n", ",", "]", "}", ":", " ", "0");
    const str = fc.array(piece, { maxLength: 24 }).map((p) => p.join(""));
    const num = fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.bigInt().map(Number));
    fc.assert(
      fc.property(
        fc.array(fc.oneof(str, num), { maxLength: 6 }),
        fc.constantFrom("", " "),
        layoutOptions,
        (vs, gap, o) => {
          const b = enc.encode(`[${vs.map((v) => JSON.stringify(v)).join(`,${gap}`)}]`);
          const fmt = resolveEncoderOptions(o);
          expect(outcome(() => formatValue(b, fmt))).toBe(outcome(() => reformatAll(b, fmt)));
        },
      ),
      { numRuns: 3_000 },
    );
  });

  it("SameOutcome/DuplicatesInvalidUtf8Depth", () => {
    fc.assert(
      fc.property(fc.constantFrom(...SPECIAL), layoutOptions, (b, o) => {
        const fmt = resolveEncoderOptions(o);
        expect(outcome(() => formatValue(b, fmt))).toBe(outcome(() => reformatAll(b, fmt)));
      }),
      { numRuns: 300 },
    );
  });

  it.each([MAX_NESTING_DEPTH, MAX_NESTING_DEPTH + 1])("SameOutcome/NestedArrays/%i", (depth) => {
    const b = enc.encode(`${"[".repeat(depth)}${"]".repeat(depth)}`);
    for (const o of [{}, { spaceAfterComma: true }, { multiline: true, withIndent: "" }]) {
      const fmt = resolveEncoderOptions({ preserveRawStrings: true, ...o });
      expect(outcome(() => formatValue(b, fmt))).toBe(outcome(() => reformatAll(b, fmt)));
    }
  });
});
