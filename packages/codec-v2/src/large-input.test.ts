/**
 * Documents past V8's string limit (2^29 - 24 characters): inputs of more than jsontext's
 * LARGE_INPUT bytes are decoded by the exact engine, which never makes one string of the whole
 * input. Tested with the limit lowered (a 600 MB input belongs in a benchmark, not a unit test):
 * any latin1 string longer than one token makes the test fail, and the result is the same.
 */
import { named, sliceOf, structOf, T } from "@gojson/gotype";
import { LARGE_INPUT } from "@gojson/jsontext/internal";
import { afterEach, describe, expect, it } from "vitest";
import { stringLimitError } from "./api.js";
import { JsonError, unmarshal, unmarshalRead } from "./index.js";
import { limitStrings, restoreStrings } from "./latin1-strings.test-support.js";

const Event = named(
  "Event",
  structOf([
    { name: "ID", type: T.int64, tag: 'json:"id"' },
    { name: "Kind", type: T.string, tag: 'json:"kind"' },
    { name: "Tags", type: sliceOf(T.string), tag: 'json:"tags"' },
    { name: "Data", type: T.any, tag: 'json:"data"' },
  ]),
);
const events = Array.from({ length: 50 }, (_, i) => ({
  id: i,
  kind: `kind-${i % 3}`,
  tags: ["a", "é"],
  data: { n: i / 2, s: "x".repeat(i % 7), list: [true, null] },
}));
const doc = new TextEncoder().encode(JSON.stringify(events));

const saved = LARGE_INPUT.bytes;
afterEach(() => {
  LARGE_INPUT.bytes = saved;
  restoreStrings();
});

/**
 * The longest string the element-wise path may make with LARGE_INPUT at 256: a block of elements
 * (a quarter of the limit, plus the element that passes it, and its brackets).
 */
const longestElement = 64 + Math.max(...events.map((e) => JSON.stringify(e).length)) + 2;

const Wrapper = named("Wrapper", structOf([{ name: "Events", type: sliceOf(Event), tag: "" }]));
const wrapped = new TextEncoder().encode(JSON.stringify({ Events: events }));

describe("inputs past LARGE_INPUT never become one string", () => {
  it("an array into a slice: element by element through the fast path", () => {
    const want = unmarshal(sliceOf(Event), doc);
    LARGE_INPUT.bytes = 256;
    const longest = limitStrings(longestElement);
    expect(unmarshal(sliceOf(Event), doc)).toEqual(want);
    expect(longest()).toBeLessThanOrEqual(longestElement);
    // Blocks of elements went to the fast path (the exact engine makes token-sized strings only).
    expect(longest()).toBeGreaterThan(64);
  });
  it("any other document: the exact engine, one token at a time", () => {
    const want = unmarshal(Wrapper, wrapped);
    LARGE_INPUT.bytes = 256;
    const longest = limitStrings(64);
    expect(unmarshal(Wrapper, wrapped)).toEqual(want);
    expect(longest()).toBeLessThanOrEqual(64);
  });
  it.each([
    ["Empty", "[]"],
    ["Spaces", ' [ {"id":1} , {"id":2} ] \n'],
    ["Escapes", '[{"kind":"a\\"b\\u00e9","tags":["\\n"]}]'],
    ["TrailingComma", '[{"id":1},]'],
    ["Trailing", '[{"id":1}] x'],
    ["TypeError", '[{"id":1},{"id":"x"}]'],
    ["Duplicate", '[{"id":1,"id":2}]'],
    ["Truncated", '[{"id":1}'],
    ["NotArray", '{"id":1}'],
    ["NullElement", "[null]"],
    ["Scalars", "[1]"],
  ])("%s: the same answer as the whole-input path", (_name, text) => {
    const b = new TextEncoder().encode(text);
    const run = () => {
      try {
        return JSON.stringify(unmarshal(sliceOf(Event), b), (_k, v) => (typeof v === "bigint" ? `${v}n` : v));
      } catch (e) {
        return `${(e as Error).name}: ${(e as Error).message}`;
      }
    };
    const want = run();
    LARGE_INPUT.bytes = 1;
    expect(run()).toBe(want);
  });
  it("unmarshalRead of a chunked source", async () => {
    const want = unmarshal(sliceOf(Event), doc);
    LARGE_INPUT.bytes = 256;
    limitStrings(longestElement);
    const chunks = [doc.subarray(0, 1000), doc.subarray(1000)];
    expect(await unmarshalRead(sliceOf(Event), chunks)).toEqual(want);
  });
  it("below the limit the fast path maps the whole input (what the limit protects against)", () => {
    const longest = limitStrings(Number.POSITIVE_INFINITY);
    unmarshal(sliceOf(Event), doc);
    expect(longest()).toBeGreaterThanOrEqual(doc.length);
  });
  it("V8's RangeError for a string past its limit becomes a JsonError", () => {
    const e = stringLimitError(new RangeError("Cannot create a string longer than 0x1fffffe8 characters"));
    expect(JsonError.isInstance(e)).toBe(true);
    expect((e as JsonError).code).toBe("GOJSON_ERR_STRING_TOO_LONG");
    expect((e as Error).message).toBe(
      "gojson: a JSON string in the input is longer than a JavaScript string can be (0x1fffffe8 characters)",
    );
    const other = new RangeError("Maximum call stack size exceeded");
    expect(stringLimitError(other)).toBe(other);
  });
});
