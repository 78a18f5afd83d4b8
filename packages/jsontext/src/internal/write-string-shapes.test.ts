/**
 * writeStringEscaped and escapedChars on strings of every representation V8 gives a writer (flat
 * one-byte and two-byte, sliced, concatenated, internalized), all through the same functions so
 * that their feedback sees every shape (escapedChars reads the length of `"" + s`, a string check,
 * not a megamorphic `s.length`): the bytes are jsontext's quoting in every mode.
 */
import { describe, expect, it } from "vitest";
import { BAIL } from "./cursor.js";
import { FastWriter } from "./fast-writer.js";
import { QUOTE_MODES, quoted } from "./test-quote-modes.js";
import { escapedChars, writeStringEscaped } from "./write-string-escaped.js";

const text = (b: Uint8Array) => new TextDecoder().decode(b);

/** write of s in mode, or BAIL. */
function written(write: typeof writeStringEscaped, s: string, mode: number): string | typeof BAIL {
  const w = new FastWriter(16);
  try {
    write(w, s, mode);
  } catch (e) {
    if (e === BAIL) return BAIL;
    throw e;
  }
  return text(w.result());
}

const PARENT_ASCII = 'The quick <brown> fox & "friends" jump\tover\\the lazy dog '.repeat(4);
const PARENT_WIDE = '日本語のテキスト, é and \u2028 😀 with <tags> & "quotes"\n'.repeat(4);

/** Strings of length n in several representations (the same text each time, built differently). */
function shapes(parent: string, n: number): string[] {
  const flat = parent.slice(0, n).split("").join("");
  const sliced = `${parent} `.slice(0, n); // a slice of a longer string (sliced from 13 units)
  const half = n >> 1;
  const cons = parent.slice(0, half) + parent.slice(half, n); // concatenated
  const internalized = Object.keys({ [flat]: 1 })[0] as string;
  return [flat, sliced, cons, internalized];
}

describe("writeStringEscaped/Shapes", () => {
  for (const [pname, parent] of [
    ["ASCII", PARENT_ASCII],
    ["Wide", PARENT_WIDE],
  ] as const) {
    it(`${pname}/EveryLengthAndShape`, () => {
      // Lengths across the short path's bound (32 units) and into the long path, in every mode.
      for (let n = 0; n <= 80; n++) {
        for (const s of shapes(parent, n)) {
          for (const { mode, policy } of QUOTE_MODES) {
            const want = quoted(s, policy);
            expect(written(writeStringEscaped, s, mode)).toBe(want);
            expect(written(escapedChars, s, mode)).toBe(want);
          }
        }
      }
    });
  }
});
