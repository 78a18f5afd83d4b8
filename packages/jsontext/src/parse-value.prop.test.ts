import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { SyntacticError } from "./errors.js";
import { ASCII_TEXT_MAX_SHARE, asciiEscapedText, utf16Text } from "./parse-text.js";
import { type JsonPlain, parseValue } from "./parse-value.js";

const enc = new TextEncoder();
const dec = new TextDecoder();

/** What parseValue answers: its value, or the error text. */
function outcome(f: () => JsonPlain): { value: JsonPlain } | { error: string } {
  try {
    return { value: f() };
  } catch (e) {
    if (SyntacticError.isInstance(e)) return { error: e.message };
    throw e;
  }
}

/** numbersOf turns the literal numbers of a parseValue(…, { numbers: "literal" }) result into numbers. */
function numbersOf(v: JsonPlain, literal: JsonPlain): JsonPlain {
  if (Array.isArray(v)) return (literal as JsonPlain[]).map((x, i) => numbersOf(v[i]!, x));
  if (v !== null && typeof v === "object") {
    const o = literal as Record<string, JsonPlain>;
    const out: Record<string, JsonPlain> = {};
    for (const k of Object.keys(o)) out[k] = numbersOf(v[k]!, o[k]!);
    return out;
  }
  return typeof v === "number" ? Number(literal) : literal;
}

/** Text with mostly ASCII and a few non-ASCII characters (2-, 3- and 4-byte sequences), or mostly non-ASCII. */
const text = fc.oneof(
  fc.string({ unit: fc.constantFrom("a", "b", " ", "é", "€", "😀", "\u0800", "\uffff", "\u007f", "\u0080") }),
  fc.string({ unit: "grapheme", maxLength: 12 }),
  fc.string({ unit: fc.constantFrom("a", "z", "0", "_"), maxLength: 30 }),
);
const values = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof(
    { depthSize: "small" },
    text,
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("v"), { maxLength: 5 }),
    fc.dictionary(text, tie("v"), { maxKeys: 5 }),
  ),
})).v;

describe("parseValue's fast paths (latin1, ASCII with escapes, UTF-8 decode) equal the token-by-token path", () => {
  test.prop([values, fc.constantFrom(0, 2)], { numRuns: 400 })("valid documents", (v, indent) => {
    const bytes = enc.encode(JSON.stringify(v, null, indent));
    const fast = outcome(() => parseValue(bytes));
    const reference = JSON.parse(dec.decode(bytes)) as JsonPlain;
    expect(fast).toStrictEqual({ value: reference });
    const literal = outcome(() => parseValue(bytes, { numbers: "literal" }));
    expect("value" in literal && numbersOf(reference, literal.value)).toStrictEqual(reference);
  });
  test.prop([values, fc.array(fc.tuple(fc.nat(), fc.nat(255)), { minLength: 1, maxLength: 3 })], {
    numRuns: 400,
  })("mutated documents: the same value or the same error on every path", (v, edits) => {
    const b = enc.encode(JSON.stringify(v));
    for (const [i, x] of edits) if (b.length > 0) b[i % b.length] = x;
    const fast = outcome(() => parseValue(b));
    const slow = outcome(() => parseValue(b, { numbers: "literal" }));
    if ("error" in fast) expect(slow).toStrictEqual(fast);
    else {
      expect("value" in slow).toBe(true);
      if ("value" in slow) expect(numbersOf(fast.value, slow.value)).toStrictEqual(fast.value);
      expect(fast.value).toStrictEqual(JSON.parse(dec.decode(b)));
    }
  });
  test.prop([fc.string({ unit: "grapheme", maxLength: 40 })], { numRuns: 300 })(
    "asciiEscapedText: an ASCII text that JSON.parse reads as the same string",
    (s) => {
      const bytes = enc.encode(JSON.stringify(s));
      const runs: number[] = [];
      for (let i = 0; i < bytes.length; i++) {
        if (bytes[i]! < 0x80) continue;
        const a = i;
        while (i < bytes.length && bytes[i]! >= 0x80) i++;
        runs.push(a, i);
      }
      const t = asciiEscapedText(bytes, Int32Array.from(runs), runs.length);
      expect(t).not.toBeNull();
      expect(/^[\x00-\x7f]*$/.test(t!)).toBe(true);
      expect(JSON.parse(t!)).toBe(s);
      // a run left out is caught
      if (runs.length > 0)
        expect(asciiEscapedText(bytes, Int32Array.from(runs.slice(2)), runs.length - 2)).toBeNull();
    },
  );
  test.prop([fc.nat(40), fc.nat(10)])("mostly ASCII takes the escaped path", (ascii, other) => {
    expect(ASCII_TEXT_MAX_SHARE).toBeGreaterThan(1);
    const s = `${"a".repeat(ascii * 4)}${"é".repeat(other)}`;
    expect(parseValue(enc.encode(JSON.stringify({ [s]: [s] })))).toStrictEqual({ [s]: [s] });
  });
  test.prop([fc.string({ unit: "grapheme", maxLength: 60 }), fc.nat(3)], { numRuns: 300 })(
    "utf16Text decodes as TextDecoder does",
    (s, copies) => {
      const bytes = enc.encode(s.repeat(copies + 1));
      expect(utf16Text(bytes)).toBe(dec.decode(bytes));
    },
  );
});
