/**
 * readFloat against the native conversion (correctly rounded, as Go's
 * strconv.ParseFloat): any JSON number, and decimals of 14 to 21 significant
 * digits around the proved-rounding range (long-decimal.ts), near powers of
 * two and ties.
 */
import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { BAIL } from "./cursor.js";
import { readFloat, readFloatList } from "./scan-float.js";
import { run } from "./test-cursor.js";

type Gen = fc.GeneratorValue;

/** A decimal of 14 to 21 significant digits (the proved-rounding range and around it), sometimes near a tie. */
function longDecimalText(g: Gen): string {
  const nd = g(fc.integer, { min: 14, max: 21 });
  let digits = String(g(fc.integer, { min: 1, max: 9 }));
  for (let i = 1; i < nd; i++) digits += String(g(fc.nat, 9));
  switch (g(fc.nat, 5)) {
    case 0: {
      // Near a power of two or a midpoint between two doubles: shortest and 17-digit forms.
      const x = 2 ** g(fc.integer, { min: -20, max: 62 }) * (1 + g(fc.nat, 8) / 2 ** 52);
      const s = g(fc.boolean) ? x.toPrecision(17) : x.toPrecision(g(fc.integer, { min: 16, max: 20 }));
      if (!/e/.test(s)) return s;
      break;
    }
    case 1:
      digits = `9007199254740${digits.slice(13)}`;
      break;
  }
  const at = g(fc.nat, digits.length);
  const lead = g(fc.nat, 5) === 0 ? `0.${"0".repeat(g(fc.nat, 3))}` : "";
  const body =
    lead !== ""
      ? lead + digits
      : at === digits.length
        ? digits
        : `${digits.slice(0, at) || "0"}.${digits.slice(at)}`;
  return g(fc.boolean) ? `-${body}` : body;
}

/** A JSON number: integer part, optional fraction and exponent. */
const jsonNumber = fc
  .tuple(
    fc.boolean(),
    fc.oneof(fc.constant("0"), fc.stringMatching(/^[1-9][0-9]{0,25}$/)),
    fc.option(fc.stringMatching(/^[0-9]{1,25}$/)),
    fc.option(
      fc.tuple(fc.constantFrom("e", "E"), fc.constantFrom("", "+", "-"), fc.integer({ min: 0, max: 400 })),
    ),
  )
  .map(
    ([neg, int, frac, exp]) =>
      `${neg ? "-" : ""}${int}${frac === null ? "" : `.${frac}`}${exp === null ? "" : exp.join("")}`,
  );

describe("readFloat properties", () => {
  test.prop([jsonNumber])("equals the native conversion, or bails on overflow", (s) => {
    const want = Number(s);
    const got = run(s, readFloat);
    if (!Number.isFinite(want)) expect(got).toBe(BAIL);
    else expect(got !== BAIL && Object.is(got.value, want) && got.end === s.length).toBe(true);
  });
  test.prop([fc.gen()], { numRuns: 300 })("long decimals round as the native conversion", (g) => {
    const s = longDecimalText(g);
    const got = run(s, readFloat);
    expect(got !== BAIL && Object.is(got.value, Number(s)), s).toBe(true);
  });
});

describe("readFloat", () => {
  const cases: { name: string; in: string; want: number | typeof BAIL }[] = [
    { name: "Zero", in: "0", want: 0 },
    { name: "NegativeZero", in: "-0", want: -0 },
    { name: "MaxSafe", in: "9007199254740993", want: 9007199254740992 },
    { name: "Fraction22", in: "0.1234567890123456789012", want: Number("0.1234567890123456789012") },
    { name: "Overflow", in: "1e400", want: BAIL },
    { name: "Underflow", in: "1e-400", want: 0 },
    { name: "NoDigits", in: "-", want: BAIL },
    { name: "BadFraction", in: "1.e5", want: BAIL },
  ];
  for (const c of cases)
    it(c.name, () => {
      const got = run(c.in, readFloat);
      if (c.want === BAIL) expect(got).toBe(BAIL);
      else expect(got !== BAIL && Object.is(got.value, c.want)).toBe(true);
    });
  it("List/NullIsZero", () => {
    expect(run("[1, null, 2.5]", readFloatList)).toEqual({ value: [1, 0, 2.5], end: 14, n: 14 });
  });
  it("List/Short", () => {
    expect(run("[]", readFloatList)).toEqual({ value: [], end: 2, n: 2 });
    expect(run("[7]", readFloatList)).toEqual({ value: [7], end: 3, n: 3 });
    expect(run("[1,x]", readFloatList)).toBe(BAIL);
  });
});
