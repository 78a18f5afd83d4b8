/**
 * Documents past the longest string, read element by element (large-document.ts): on small
 * inputs, the element-by-element reader gives what unmarshal (Go's Unmarshal, checked against Go
 * elsewhere) gives, values, error texts, offsets and the destination's state included.
 */
import { parseGo, sliceOf, T } from "@gojson/gotype";
import { describe, expect, it } from "vitest";
import { GoError } from "./errors.js";
import { unmarshal } from "./index.js";
import { canDecodeLarge, unmarshalLarge } from "./large-document.js";
import { MAX_INPUT_BYTES } from "./unmarshal.js";

const decls = parseGo(`package p
type Item struct {
	SKU string \`json:"sku"\`
	Qty int    \`json:"qty"\`
}
`);
const Item = decls.Item;
if (!Item) throw new Error("Item not declared");
const Items = sliceOf(Item);

function outcome(f: () => unknown) {
  try {
    return { value: f() };
  } catch (e) {
    const err = e as { message: string; offset?: number; value?: unknown; name: string };
    return { name: err.name, message: err.message, offset: err.offset, value: err.value };
  }
}

const CASES: { name: string; in: string }[] = [
  { name: "Empty", in: "[]" },
  { name: "Spaces", in: ' \n[ {"sku":"a","qty":1} ,\t{"sku":"b\\"]","qty":2}\n] ' },
  { name: "Null", in: " null " },
  { name: "NestedStrings", in: '[{"sku":"{[}]","qty":3},{"qty":4,"x":[1,{"y":"]"}]}]' },
  {
    name: "TypeError/FirstReportedRestFilled",
    in: '[{"sku":"a","qty":"x"},{"sku":2,"qty":5},{"sku":"c","qty":6}]',
  },
  { name: "SyntaxError", in: '[{"sku":"a","qty":1},{"sku":"b",}]' },
  { name: "Truncated", in: '[{"sku":"a"' },
  { name: "Trailing", in: "[] x" },
  { name: "NotAnArray", in: '{"sku":"a"}' },
  // The fast pass decodes these elements, then meets what only Go's scanner may report.
  { name: "TrailingComma", in: '[{"sku":"a","qty":1},]' },
  { name: "LeadingComma", in: '[,{"sku":"a","qty":1}]' },
  { name: "MissingComma", in: '[{"sku":"a","qty":1} {"sku":"b","qty":2}]' },
  { name: "TypeErrorThenTruncated", in: '[{"sku":"a","qty":"x"},{"sku":"b","qty":2}' },
  { name: "SyntaxErrorAfterValidElements", in: '[{"sku":"a","qty":1},{"sku":"b","qty":2},{"sku":"c",,}]' },
  { name: "TrailingGarbageAfterArray", in: '[{"sku":"a","qty":1}] ]' },
  { name: "DeepElement", in: `[{"sku":"a","qty":1,"x":${"[".repeat(300)}${"]".repeat(300)}}]` },
];

describe("unmarshalLarge", () => {
  for (const c of CASES)
    it(c.name, () => {
      const data = new TextEncoder().encode(c.in);
      expect(outcome(() => unmarshalLarge(Items, data, {}, false))).toEqual(
        outcome(() => unmarshal(Items, data)),
      );
    });

  it("NotASlice/TypedTooLargeError", () => {
    const e = outcome(() => unmarshalLarge(T.any, new TextEncoder().encode("[1]"), {}, false));
    expect(e.name).toBe(new GoError("too-large", "").name);
    expect(e.message).toContain(`${MAX_INPUT_BYTES} bytes`);
  });

  it("canDecodeLarge: slices (not []byte) past the limit only", () => {
    expect(canDecodeLarge(Items, MAX_INPUT_BYTES + 1)).toBe(true);
    expect(canDecodeLarge(Items, MAX_INPUT_BYTES)).toBe(false);
    expect(canDecodeLarge(sliceOf(T.uint8), MAX_INPUT_BYTES + 1)).toBe(false);
    expect(canDecodeLarge(T.any, MAX_INPUT_BYTES + 1)).toBe(false);
  });
});
