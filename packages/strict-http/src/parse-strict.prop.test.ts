import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { StrictBodyError } from "./errors.js";
import { parseStrict } from "./parse-strict.js";

const enc = new TextEncoder();
const safeJson = fc.jsonValue({ maxDepth: 4 }).filter((v) => {
  const s = JSON.stringify(v);
  return !/__proto__|"constructor"/.test(s) && !/\d{16,}/.test(s);
});

describe("parseStrict properties", () => {
  test.prop([safeJson], { numRuns: 300 })("Differential/AgreesWithJSONParse", (v) => {
    const text = JSON.stringify(v);
    expect(parseStrict(enc.encode(text))).toEqual(JSON.parse(text));
  });

  test.prop([fc.uint8Array({ maxLength: 40 })], { numRuns: 500 })("Fuzz/OnlyStrictBodyErrors", (b) => {
    try {
      parseStrict(b);
    } catch (e) {
      expect(StrictBodyError.isInstance(e)).toBe(true);
      expect((e as StrictBodyError).offset).toBeLessThanOrEqual(b.length);
    }
  });

  test.prop([fc.string({ unit: "binary", maxLength: 30 })], { numRuns: 300 })("Strings/RoundTrip", (s) => {
    const text = JSON.stringify(s);
    // Lone surrogates are serialized as \uXXXX by JSON.stringify and must be rejected.
    const lone = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(s);
    if (lone) expect(() => parseStrict(enc.encode(text))).toThrow(StrictBodyError);
    else expect(parseStrict(enc.encode(text))).toBe(s);
  });
});
