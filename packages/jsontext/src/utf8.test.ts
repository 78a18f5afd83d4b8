import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { utf8Length } from "./utf8.js";

const enc = new TextEncoder();

describe("utf8Length", () => {
  const cases: { name: string; in: string; want: number }[] = [
    { name: "Empty", in: "", want: 0 },
    { name: "ASCII", in: "abc", want: 3 },
    { name: "TwoByte", in: "é", want: 2 },
    { name: "ThreeByte", in: "€", want: 3 },
    { name: "SurrogatePair", in: "😀", want: 4 },
    { name: "Mixed", in: "a😀é€", want: 10 },
    { name: "TwoPairs", in: "😀😀", want: 8 },
    // lone surrogates are written as U+FFFD (3 bytes), as TextEncoder and Go's encoders do
    { name: "LoneHigh", in: "\ud83d", want: 3 },
    { name: "LoneHighThenASCII", in: "\ud83da", want: 4 },
    { name: "LoneHighThenHigh", in: "\ud83d\ud83d", want: 6 },
    { name: "LoneLow", in: "\ude00", want: 3 },
    { name: "LowThenHigh", in: "\ude00\ud83d", want: 6 },
  ];
  for (const c of cases) {
    it(c.name, () => {
      expect(utf8Length(c.in)).toBe(c.want);
      expect(utf8Length(c.in)).toBe(enc.encode(c.in).length);
    });
  }
  test.prop([fc.string({ unit: "binary" })], { numRuns: 300 })(
    "equals TextEncoder's length (well-formed)",
    (s) => {
      expect(utf8Length(s)).toBe(enc.encode(s).length);
    },
  );
  test.prop(
    [
      fc.string({
        unit: fc.oneof(
          fc.constantFrom("\ud83d", "\ude00", "a", "é"),
          fc.string({ unit: "grapheme", maxLength: 1 }),
        ),
      }),
    ],
    {
      numRuns: 300,
    },
  )("equals TextEncoder's length (lone surrogates)", (s) => {
    expect(utf8Length(s)).toBe(enc.encode(s).length);
  });
});
