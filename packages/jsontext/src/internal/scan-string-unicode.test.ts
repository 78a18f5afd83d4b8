import { describe, expect, it } from "vitest";
import { BAIL } from "./cursor.js";
import { readString } from "./scan-string.js";
import { HEX, hex4, hexPairs } from "./scan-string-tables.js";
import { run, V1 } from "./test-cursor.js";

// readString reads the four hex digits of a `\uXXXX` escape as one 32-bit word of the input and
// looks them up two at a time (hexPairs).

describe("hexPairs", () => {
  it("EveryPairOfBytes", () => {
    const t = hexPairs();
    const b = new Uint8Array(4);
    for (let x = 0; x < 256; x++)
      for (let y = 0; y < 256; y++) {
        const want =
          (HEX[x] as number) <= 15 && (HEX[y] as number) <= 15
            ? ((HEX[x] as number) << 4) | (HEX[y] as number)
            : -1;
        if (t[(x << 8) | y] !== want) throw new Error(`${x} ${y}`);
      }
    // Agrees with hex4 on a few words (the table is the pairs of hex4's digits).
    for (const s of ["0000", "ffff", "FFFF", "d83D", "00e9", "12g4", "+123", " 123"]) {
      for (let k = 0; k < 4; k++) b[k] = s.charCodeAt(k);
      const r =
        ((t[(b[0] as number) * 256 + (b[1] as number)] as number) << 8) |
        (t[(b[2] as number) * 256 + (b[3] as number)] as number);
      expect(r < 0 ? -1 : r).toBe(hex4(b, 0));
    }
  });
});

describe("readString/UnicodeEscape", () => {
  const cases: { name: string; in: string; want: string | typeof BAIL; v1?: string | typeof BAIL }[] = [
    { name: "Lower", in: '"\\u00e9"', want: "é" },
    { name: "Upper", in: '"\\u00E9\\uABCD"', want: "é\uabcd" },
    { name: "Zero", in: '"\\u0000"', want: "\u0000" },
    { name: "Max", in: '"\\uffff"', want: "\uffff" },
    { name: "Pair", in: '"\\uD83D\\uDE00"', want: "😀" },
    { name: "AfterText", in: '"é\\u0041b"', want: "éAb" },
    { name: "BadDigit0", in: '"\\ug041"', want: BAIL },
    { name: "BadDigit1", in: '"\\u0g41"', want: BAIL },
    { name: "BadDigit2", in: '"\\u00:1"', want: BAIL },
    { name: "BadDigit3", in: '"\\u004G"', want: BAIL },
    { name: "BadDigitInRun", in: '"\\u0041\\u0042\\u00x3"', want: BAIL },
    { name: "Short", in: '"\\u004"', want: BAIL },
    // The digits would be read from the zero bytes after the input.
    { name: "AtEnd1", in: '"\\u', want: BAIL },
    { name: "AtEnd3", in: '"\\u004', want: BAIL },
    { name: "AtEndAfterText", in: '"é\\u00', want: BAIL },
    { name: "LoneHigh", in: '"\\ud83dx"', want: BAIL, v1: "\ufffdx" },
    { name: "LoneLow", in: '"\\ude00"', want: BAIL, v1: "\ufffd" },
  ];
  for (const c of cases)
    for (const [flavour, flags, want] of [
      ["V2", {}, c.want],
      ["V1", V1, c.v1 ?? c.want],
    ] as const)
      it(`${flavour}/${c.name}`, () => {
        const got = run(c.in, readString, flags);
        expect(got === BAIL ? BAIL : got.value).toBe(want);
      });

  it("NextInputAfterABigOne", () => {
    // The input's view follows the cursor's bytes: a bigger input (a new copy), then a small one.
    const big = `"${"\\u0416".repeat(300_000)}"`;
    const got = run(big, readString);
    expect(got !== BAIL && got.value === "\u0416".repeat(300_000)).toBe(true);
    expect(run('"\\u0041"', readString)).toEqual({ value: "A", end: 8, n: 8 });
    const bytes = new TextEncoder().encode('"é\\u00e9"');
    expect(run(bytes, readString)).toEqual({ value: "éé", end: bytes.length, n: bytes.length });
  });
});
