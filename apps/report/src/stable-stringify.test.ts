import { expect, test } from "vitest";
import { stableStringify, textOf } from "./stable-stringify.js";

test("stableStringify/SortsKeys", () => {
  expect(stableStringify({ b: 1, a: [{ d: 2, c: 3 }] })).toBe('{"a":[{"c":3,"d":2}],"b":1}');
});

test("textOf/StringsAsTheyAre", () => {
  expect(textOf('a"b')).toBe('a"b');
  expect(textOf(undefined)).toBe("");
  expect(textOf({ b: null, a: true })).toBe('{"a":true,"b":null}');
});
