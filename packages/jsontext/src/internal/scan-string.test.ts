import { describe, expect, it } from "vitest";
import { BAIL, C, SHORT_MIN_BYTES } from "./cursor.js";
import { readString, skipString } from "./scan-string.js";
import { run, V1 } from "./test-cursor.js";

describe("readString", () => {
  // want: v2's answer; v1: v1's when it differs (expected outputs as Go's Unmarshal into a string gives them).
  const cases: { name: string; in: string; want: string | typeof BAIL; v1?: string | typeof BAIL }[] = [
    { name: "Plain", in: '"abc"', want: "abc" },
    { name: "Empty", in: '""', want: "" },
    { name: "ShortEscapes", in: '"\\"\\\\\\/\\b\\f\\n\\r\\t"', want: '"\\/\b\f\n\r\t' },
    { name: "UnicodeEscape", in: '"\\u00e9\\u20AC"', want: "é€" },
    { name: "SurrogatePairEscape", in: '"\\ud83d\\ude00"', want: "😀" },
    { name: "LoneHigh", in: '"\\ud83d"', want: BAIL, v1: "\ufffd" },
    { name: "LoneLow", in: '"\\ude00x"', want: BAIL, v1: "\ufffdx" },
    { name: "HighThenEscape", in: '"\\ud83d\\u0041"', want: BAIL, v1: "\ufffdA" },
    { name: "HighHigh", in: '"\\ud83d\\ud83d\\ude00"', want: BAIL, v1: "\ufffd😀" },
    { name: "UTF8/TwoBytes", in: '"é"', want: "é" },
    { name: "UTF8/ThreeBytes", in: '"€"', want: "€" },
    { name: "UTF8/FourBytes", in: '"😀"', want: "😀" },
    { name: "UTF8/MixedWithEscapes", in: '"aé\\n😀b"', want: "aé\n😀b" },
    { name: "BadEscape", in: '"\\a"', want: BAIL },
    { name: "BadHex", in: '"\\u12g4"', want: BAIL },
    { name: "ShortHex", in: '"\\u12"', want: BAIL },
    { name: "Control", in: '"\t"', want: BAIL },
    { name: "ControlAfterEscape", in: '"\\n\u0001"', want: BAIL },
    { name: "Unterminated", in: '"abc', want: BAIL },
    { name: "UnterminatedAfterEscape", in: '"\\n', want: BAIL },
    { name: "Del", in: '"\u007f"', want: "\u007f" },
    // Runs of \u escapes (read in a loop of their own).
    { name: "EscapeRun/ThenPlain", in: '"\\u0416\\u0436\\u00e9ab"', want: "Жжéab" },
    { name: "EscapeRun/ThenShortEscape", in: '"\\u0416\\u0436\\n"', want: "Жж\n" },
    { name: "EscapeRun/ThenUTF8", in: '"\\u0416é"', want: "Жé" },
    { name: "EscapeRun/PairInside", in: '"\\u0041\\uD83D\\uDE00\\u0042"', want: "A😀B" },
    { name: "EscapeRun/LoneHighInside", in: '"\\u0041\\ud83d\\u0042"', want: BAIL, v1: "A\ufffdB" },
    { name: "EscapeRun/LoneLowInside", in: '"\\u0041\\udc00\\u0042"', want: BAIL, v1: "A\ufffdB" },
    { name: "EscapeRun/HighLast", in: '"\\u0041\\ud83d"', want: BAIL, v1: "A\ufffd" },
    { name: "EscapeRun/BadHexInside", in: '"\\u0041\\u00G1"', want: BAIL },
    { name: "EscapeRun/BackslashU", in: '"\\u0041\\u"', want: BAIL },
    { name: "EscapeRun/Unterminated", in: '"\\u0041\\u0042', want: BAIL },
    { name: "EscapeRun/EndOfInput", in: '"\\u0041\\u004', want: BAIL },
  ];
  for (const c of cases) {
    for (const [flavour, flags, want] of [
      ["V2", {}, c.want],
      ["V1", V1, c.v1 ?? c.want],
    ] as const) {
      it(`${flavour}/${c.name}`, () => {
        const got = run(c.in, readString, flags);
        if (want === BAIL) expect(got).toBe(BAIL);
        else
          expect(got).toEqual({ value: want, end: got === BAIL ? -1 : got.n, n: got === BAIL ? -1 : got.n });
      });
      it(`${flavour}/${c.name}/Skip`, () => {
        const got = run(c.in, skipString, flags);
        if (want === BAIL) expect(got).toBe(BAIL);
        else expect(got).not.toBe(BAIL);
      });
    }
  }
  it("Long/GrowsTheBuffer", () => {
    // Longer than the shared buffer's first size and than the size it keeps, escapes all along.
    const s = "é\n\u2028😀".repeat(40_000);
    const got = run(JSON.stringify(s), readString);
    expect(got !== BAIL && got.value === s).toBe(true);
    // The next string still decodes (the buffer was dropped after the long one).
    expect(run('"a\\nb"', readString)).toEqual({ value: "a\nb", end: 6, n: 6 });
  });
  // Strings past the shared buffer's kept size finish in scan-string-long.ts (counted, then decoded).
  const long = "x".repeat(70_000);
  const longCases: { name: string; in: string; want: string | typeof BAIL; v1?: string | typeof BAIL }[] = [
    { name: "Long/PlainHeadThenEscape", in: `"${long}\\n"`, want: `${long}\n` },
    { name: "Long/Latin1", in: `"\\u00e9${long}é\\t"`, want: `é${long}é\t` },
    { name: "Long/Wide", in: `"é${long}€😀\\ud83d\\ude00"`, want: `é${long}€😀😀` },
    { name: "Long/LoneSurrogate", in: `"\\n${long}\\ud83dx"`, want: BAIL, v1: `\n${long}\ufffdx` },
    { name: "Long/BadEscape", in: `"\\n${long}\\q"`, want: BAIL },
    { name: "Long/Control", in: `"\\n${long}\u0001"`, want: BAIL },
    { name: "Long/Unterminated", in: `"\\n${long}`, want: BAIL },
  ];
  for (const c of longCases)
    for (const [flavour, flags, want] of [
      ["V2", {}, c.want],
      ["V1", V1, c.v1 ?? c.want],
    ] as const)
      it(`${flavour}/${c.name}`, () => {
        const got = run(c.in, readString, flags);
        if (want === BAIL) expect(got).toBe(BAIL);
        else expect(got !== BAIL && got.value === want && got.end === got.n).toBe(true);
      });
  it("ShortStrings/SharedOnlyWhenEqual", () => {
    // A big input's short plain strings come from a cache of their bytes: every one read back
    // must be itself, across lengths, strings of equal length and hash collisions (far more
    // strings than slots), in the input that filled the cache and in the next one.
    const words: string[] = [];
    for (let n = 1; n <= 14; n++)
      for (let i = 0; i < 700; i++)
        words.push(`${i.toString(36)}${"abcdefghijklmn".slice(0, n)}`.slice(0, n));
    const big = `${JSON.stringify(words)}${" ".repeat(SHORT_MIN_BYTES)}`;
    for (const round of [1, 2]) {
      const all = run(big, () => {
        expect(C.share).toBe(true);
        const out: string[] = [];
        while (C.p < C.n)
          if (C.b[C.p] === 0x22) out.push(readString());
          else C.p++;
        return out;
      });
      expect({ round, ok: all !== BAIL && all.value.every((w, i) => w === words[i]) }).toEqual({
        round,
        ok: true,
      });
    }
    // A small input does not use the cache.
    expect(run('"ab"', () => C.share)).toEqual({ value: false, end: 0, n: 4 });
  });
  it("EscapeRun/GrowsTheBuffer", () => {
    // A string written all in \u escapes, longer than the shared buffer's first size (the run
    // stops at the buffer's end and goes on after it grew), surrogate pairs all along.
    const s = "\u0416😀".repeat(1500);
    let escaped = "";
    for (let k = 0; k < s.length; k++) escaped += `\\u${s.charCodeAt(k).toString(16).padStart(4, "0")}`;
    for (const [lead, want] of [
      ["", ""],
      ["a", "a"],
      ["\\u0041", "A"],
    ] as const) {
      const got = run(`"${lead}${escaped}"`, readString);
      expect(got !== BAIL && got.value === `${want}${s}`).toBe(true);
    }
  });
  it("PlainHeadThenEscape", () => {
    const head = "x".repeat(3000);
    const got = run(`"${head}\\t"`, readString);
    expect(got !== BAIL && got.value === `${head}\t`).toBe(true);
  });
});
