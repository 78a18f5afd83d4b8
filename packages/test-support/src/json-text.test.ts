import { fc, test } from "@fast-check/vitest";
import { goType } from "@gojson/gotype";
import { describe, expect } from "vitest";
import { jsonFor, type Members, nameText, quoteMixed } from "./json-text.js";
import { mangle } from "./mangle.js";

const noMembers: Members = () => [];

describe("json-text", () => {
  test.prop([fc.gen(), fc.string({ unit: "binary", maxLength: 30 })])(
    "quoteMixed/RoundTrips: JSON.parse gives the string back, lone surrogates included",
    (g, s) => {
      expect(JSON.parse(quoteMixed(g, s))).toBe(s);
      expect(JSON.parse(nameText(g, s))).toBe(s);
    },
  );

  test.prop([fc.gen()], { numRuns: 200 })(
    "jsonFor/Slices: a text for []bool is null, any JSON value, or an array of booleans and fillers",
    (g) => {
      const text = jsonFor(g, goType("[]bool"), noMembers, 3);
      expect(text.length).toBeGreaterThan(0);
      // Without strings, numbers or number near misses ("-", ".5"), only literals and nesting remain.
      if (text.startsWith("[") && !text.includes('"') && !/[\d.+-]/.test(text))
        expect(text).toMatch(/^\[((true|false|null|\[.*\]|\{.*\}),?)*\]$/s);
    },
  );

  test.prop([fc.gen(), fc.string({ unit: "binary", maxLength: 20 })], { numRuns: 300 })(
    "mangle/Forms: each result is the text or one of the listed breakages of it",
    (g, s) => {
      const text = JSON.stringify(s);
      const bytes = new TextEncoder().encode(text);
      const out = mangle(g, text);
      if (typeof out === "string") {
        const lone = text.replace(/^"/, '"\ud800');
        expect([text, `${text} x`, ` \n${text}\t `, `[${text}]`, lone]).toContain(out);
        return;
      }
      const same = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, k) => x === b[k]);
      const bom = out.length === bytes.length + 3 && same(out.subarray(3), bytes) && out[0] === 0xef;
      const prefix = out.length <= bytes.length && same(out, bytes.subarray(0, out.length));
      const replaced = out.length === bytes.length && out.filter((x, k) => x !== bytes[k]).length <= 3;
      expect(bom || prefix || replaced).toBe(true);
    },
  );
});
