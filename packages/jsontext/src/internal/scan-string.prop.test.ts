/**
 * Properties of the kernel's string reader: it reads back what JSON.stringify
 * writes (round trip, with escapes spelled in every form JSON allows), and it
 * agrees with jsontext's Decoder (the exact engine, itself checked against Go)
 * on arbitrary byte strings: the same text when both accept, a bail when the
 * Decoder rejects.
 */
import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { Decoder } from "../decoder.js";
import { BAIL } from "./cursor.js";
import { readString } from "./scan-string.js";
import { run, V1 } from "./test-cursor.js";

/** quoteMixed writes s as a JSON string with each char plain or \u-escaped (hex digits in either case) at random. */
function quoteMixed(s: string, picks: number[]): string {
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const pick = picks[i % picks.length] as number;
    const digits = c.toString(16).padStart(4, "0");
    const escaped = `\\u${pick & 1 ? digits.toUpperCase() : digits}`;
    if (c < 0x20 || c === 0x22 || c === 0x5c || (c >= 0xd800 && c < 0xe000) || pick % 3 === 0) out += escaped;
    else out += s[i];
  }
  return `${out}"`;
}

describe("readString properties", () => {
  test.prop([fc.string({ unit: "binary" })])("reads back JSON.stringify", (s) => {
    const got = run(JSON.stringify(s), readString);
    expect(got !== BAIL && got.value === s).toBe(true);
  });
  test.prop([fc.string({ unit: "binary" }), fc.array(fc.nat(11), { minLength: 1, maxLength: 8 })])(
    "reads back mixed escapes",
    (s, picks) => {
      const got = run(quoteMixed(s, picks), readString);
      expect(got !== BAIL && got.value === s).toBe(true);
    },
  );
  test.prop([
    fc.array(
      fc.oneof(
        fc.constantFrom(...Array.from('ab"\\/\n\u0001é€😀\\u\\n\\ud83d\\ude00\\uDE00\\x0Fa')),
        fc.constantFrom("\\u0041", "\\ud83d", "\\ude00", "\\u00", "é", "€", "😀"),
      ),
      { maxLength: 12 },
    ),
    fc.boolean(),
  ])("agrees with the Decoder", (parts, v1) => {
    const text = `"${parts.join("")}"`;
    let want: string | typeof BAIL;
    try {
      const d = new Decoder(text, v1 ? { allowInvalidUTF8: true, flavour: "v1" } : {});
      want = d.readString();
      // A string that ends early leaves bytes the Decoder would reject as trailing data.
      d.checkEOF();
    } catch {
      want = BAIL;
    }
    const got = run(text, readString, v1 ? V1 : {});
    if (want === BAIL) expect(got === BAIL || got.end !== got.n).toBe(true);
    else expect(got !== BAIL && got.value === want && got.end === got.n).toBe(true);
  });
});
