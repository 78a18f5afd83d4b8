import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { StrictBodyError } from "./errors.js";
import { checkStrict, parseStrict } from "./parse-strict.js";

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
    let err: unknown;
    try {
      parseStrict(b);
    } catch (e) {
      err = e ?? new Error("threw a nullish value");
    }
    // Accepting the bytes is fine; a rejection must be a StrictBodyError within the input.
    if (err !== undefined) {
      expect(StrictBodyError.isInstance(err)).toBe(true);
      expect((err as StrictBodyError).offset).toBeLessThanOrEqual(b.length);
    }
  });

  test.prop([fc.string({ unit: "binary", maxLength: 30 })], { numRuns: 300 })("Strings/RoundTrip", (s) => {
    const text = JSON.stringify(s);
    // Lone surrogates are serialized as \uXXXX by JSON.stringify and must be rejected.
    const lone = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(s);
    if (lone) expect(() => parseStrict(enc.encode(text))).toThrow(StrictBodyError);
    else expect(parseStrict(enc.encode(text))).toBe(s);
  });

  const verdict = (f: () => unknown): unknown => {
    try {
      f();
      return "ok";
    } catch (e) {
      const se = e as StrictBodyError;
      return [se.code, se.offset, se.pointer];
    }
  };
  const jsonish = fc.oneof(
    fc.uint8Array({ maxLength: 40 }),
    fc.jsonValue({ maxDepth: 3 }).map((v) => enc.encode(JSON.stringify(v))),
    fc
      .array(
        fc.constantFrom(
          "{",
          "}",
          "[",
          "]",
          ",",
          ":",
          '"a"',
          '"__proto__"',
          "1",
          "1e999",
          "9007199254740993",
          "null",
        ),
      )
      .map((t) => enc.encode(t.join(""))),
  );
  test.prop([jsonish, fc.boolean()], { numRuns: 400 })("CheckStrict/SameVerdictAsParseStrict", (b, lax) => {
    const opts = lax ? { bigint: true, allowOverflow: true } : {};
    expect(verdict(() => checkStrict(b, opts))).toEqual(verdict(() => parseStrict(b, opts)));
  });
});
