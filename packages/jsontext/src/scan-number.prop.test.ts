import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { numberError, scanNumber } from "./scan-number.js";

/** The reference: RFC 8259 §6 read one char at a time (the end of the number, or -1 where the grammar breaks). */
function reference(text: string): number {
  const digit = (k: number) => k < text.length && text[k]! >= "0" && text[k]! <= "9";
  let i = 0;
  if (text[i] === "-") i++;
  if (text[i] === "0") i++;
  else if (digit(i) && text[i] !== "0") while (digit(i)) i++;
  else return -1;
  if (text[i] === ".") {
    i++;
    if (!digit(i)) return -1;
    while (digit(i)) i++;
  }
  if (text[i] === "e" || text[i] === "E") {
    i++;
    if (text[i] === "+" || text[i] === "-") i++;
    if (!digit(i)) return -1;
    while (digit(i)) i++;
  }
  return i;
}

const enc = new TextEncoder();
/** Number-like texts: digits, signs, dots and exponents in any order, maybe followed by a delimiter. */
const numberish = fc
  .tuple(
    fc.constantFrom("", "-"),
    fc.array(fc.constantFrom(..."0123456789012345678901234567890123456789.eE+-x"), { maxLength: 30 }),
    fc.constantFrom("", ",", "]", " ", "}"),
    fc.nat(7),
  )
  .map(([sign, body, end, offset]) => {
    const text = `${sign}${body.join("")}${end}`;
    const bytes = enc.encode(text);
    const backing = new Uint8Array(offset + bytes.length + 3);
    backing.set(bytes, offset);
    return { text, s: backing.subarray(offset, offset + bytes.length) };
  })
  .filter(({ text }) => text.length > 0 && /^[-0-9]/.test(text));

describe("scanNumber (four digits at a time) agrees with the grammar", () => {
  test.prop([numberish], { numRuns: 2000 })("the end of the number, or an error", ({ text, s }) => {
    const view = new DataView(s.buffer, s.byteOffset, s.byteLength);
    const end = scanNumber(s, view, 0);
    const want = reference(text);
    if (want >= 0) expect(end).toBe(want);
    else {
      expect(end).toBeLessThan(0);
      expect(numberError(s, 0, -1 - end).pos).toBeGreaterThanOrEqual(0);
    }
  });
});
