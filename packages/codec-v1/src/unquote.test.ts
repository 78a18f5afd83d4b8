/**
 * Runs of \uXXXX escapes in strings (decoded together in readStringSlow),
 * with surrogate pairs and lone surrogates (Go writes U+FFFD for each lone
 * one). Expected strings recorded with Go 1.26 (json.Unmarshal into a
 * string, then json.Marshal).
 */
import { goType } from "@gojson/gotype";
import { describe, expect, test } from "vitest";
import { marshal, unmarshal } from "./index.js";

const text = new TextDecoder();

describe("unquoting \\u runs (Go 1.26)", () => {
  test.each([
    ["Mixed", String.raw`"\u0041\u00e9\ud83d\ude00\ud800\u0042"`, '"Aé\u{1F600}\ufffdB"'],
    ["LoneHighThenPair", String.raw`"\ud800\ud800\udc00x"`, '"\ufffd\u{10000}x"'],
    ["RunsBetweenText", String.raw`"a\u0627\u0644b\n\u0041"`, '"a\u0627\u0644b\\nA"'],
    ["LoneLow", String.raw`"\udc00\u0041"`, '"\ufffdA"'],
    ["LoneHighAtEnd", String.raw`"\ud83d"`, '"\ufffd"'],
    ["HighThenNotLow", String.raw`"\ud83d\u0041\ude00"`, '"\ufffdA\ufffd"'],
  ])("%s", (_n, input, want) => {
    const t = goType("string");
    expect(text.decode(marshal(t, unmarshal(t, input)))).toBe(want);
  });
});
