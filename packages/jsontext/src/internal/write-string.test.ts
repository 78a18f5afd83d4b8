/**
 * The byte paths' string writers against jsontext's quoting (quote.ts, whose
 * outputs are checked against Go's): v1's with and without HTML escaping, and
 * v2's minimal escaping, which bails on a lone surrogate, and v2's other
 * policies (EscapeForHTML, EscapeForJS, AllowInvalidUTF8) in every combination.
 */
import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { QUOTE_V1, QUOTE_V1_NO_HTML, QUOTE_V2, quotePolicy, quoteString } from "../quote.js";
import { BAIL } from "./cursor.js";
import { ESCAPER_MAX_UNITS, escaperOrNull } from "./escape-wasm.js";
import { FastWriter } from "./fast-writer.js";
import { QUOTE_MODES, quoted, v2Mode } from "./test-quote-modes.js";
import {
  escapedUnits,
  escapedWasm,
  STRING_HTML,
  STRING_JS,
  writeStringEscaped,
} from "./write-string-escaped.js";
import { writeStringV1 } from "./write-string-v1.js";
import { writeStringV2 } from "./write-string-v2.js";

const text = (b: Uint8Array) => new TextDecoder().decode(b);

/** v1 writes s into a fresh writer (html or not) and returns the text. */
function v1(s: string, html: boolean): string {
  const w = new FastWriter(16);
  w.html = html;
  writeStringV1(w, s);
  return text(w.result());
}

/** v2 writes s and returns the text, or BAIL. */
function v2(s: string): string | typeof BAIL {
  const w = new FastWriter(16);
  try {
    writeStringV2(w, s);
  } catch (e) {
    if (e === BAIL) return BAIL;
    throw e;
  }
  return text(w.result());
}

/** Strings long and short, with what each policy escapes mixed in. */
const strings = fc.oneof(
  fc.string({ unit: "binary" }),
  fc
    .tuple(
      fc.string({ unit: "grapheme", maxLength: 80 }),
      fc.array(
        fc.constantFrom(
          "<",
          ">",
          "&",
          "\u2028",
          "\u2029",
          "\ufffd",
          "\n",
          '"',
          "\\",
          "\u0001",
          "\ud800",
          "é",
        ),
        {
          maxLength: 4,
        },
      ),
      fc.nat(200),
    )
    .map(([s, specials, pad]) => "x".repeat(pad) + s + specials.join("") + s),
);

describe("writeStringV1", () => {
  test.prop([strings])("equals quoteString(QUOTE_V1)", (s) => {
    expect(v1(s, true)).toBe(quoteString(s, QUOTE_V1));
  });
  test.prop([strings])("equals quoteString(QUOTE_V1_NO_HTML)", (s) => {
    expect(v1(s, false)).toBe(quoteString(s, QUOTE_V1_NO_HTML));
  });
  const cases: { name: string; in: string; want: string }[] = [
    { name: "HTML", in: "<a&b>", want: '"\\u003ca\\u0026b\\u003e"' },
    { name: "LineSeparators", in: "\u2028\u2029", want: '"\\u2028\\u2029"' },
    { name: "LoneSurrogate", in: "a\ud800b", want: '"a\\ufffdb"' },
    { name: "LongLoneSurrogate", in: `${"y".repeat(40)}\ud800\n`, want: `"${"y".repeat(40)}\\ufffd\\n"` },
    { name: "LongReplacementChar", in: `${"y".repeat(40)}\ufffd\n`, want: `"${"y".repeat(40)}\ufffd\\n"` },
    // An escape first, then U+FFFD itself and a lone surrogate (both written U+FFFD natively).
    {
      name: "LongEscapeThenReplacementThenLone",
      in: `<${"y".repeat(40)}\ufffd\uffef\udfff`,
      want: `"\\u003c${"y".repeat(40)}\ufffd\uffef\\ufffd"`,
    },
    {
      name: "LongEscapeThenLoneAtEnd",
      in: `\t${"y".repeat(40)}\ud83d`,
      want: `"\\t${"y".repeat(40)}\\ufffd"`,
    },
    {
      name: "LongEscapeThenPair",
      in: `\t${"y".repeat(40)}\ud83d\ude00`,
      want: `"\\t${"y".repeat(40)}\ud83d\ude00"`,
    },
  ];
  for (const c of cases) it(c.name, () => expect(v1(c.in, true)).toBe(c.want));
});

describe("writeStringV2", () => {
  test.prop([strings])("equals quoteString(QUOTE_V2), or bails where it throws", (s) => {
    let want: string | typeof BAIL;
    try {
      want = quoteString(s, QUOTE_V2);
    } catch {
      want = BAIL;
    }
    expect(v2(s)).toBe(want);
  });
  const bails: { name: string; in: string }[] = [
    { name: "LongEscapeThenLone", in: `\n${"y".repeat(40)}\ufffd\udc00` },
    { name: "LongPairThenEscapeThenLone", in: `\ud83d\ude00${"y".repeat(40)}"\ud800z` },
  ];
  for (const c of bails) it(`Bails/${c.name}`, () => expect(v2(c.in)).toBe(BAIL));
  it("LongEscapeAndReplacementChar", () => {
    const s = `\n${"y".repeat(40)}\ufffd\uffef😀`;
    expect(v2(s)).toBe(JSON.stringify(s));
  });
  it("LongCleanHeadThenEscape", () => {
    const s = `${"z".repeat(100)}\t${"é".repeat(10)}`;
    expect(v2(s)).toBe(JSON.stringify(s));
  });
});

/** writeStringEscaped's text of s in mode, or BAIL. */
function escaped(s: string, mode: number): string | typeof BAIL {
  const w = new FastWriter(16);
  try {
    writeStringEscaped(w, s, mode);
  } catch (e) {
    if (e === BAIL) return BAIL;
    throw e;
  }
  return text(w.result());
}

describe("writeStringEscaped", () => {
  const policies = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => ({
    html: (i & 1) !== 0,
    js: (i & 2) !== 0,
    invalid: (i & 4) !== 0,
  }));
  for (const p of policies)
    test.prop([strings])(
      `equals quoteString(v2, html=${p.html}, js=${p.js}, allowInvalidUTF8=${p.invalid}), or bails where it throws`,
      (s) => {
        let want: string | typeof BAIL;
        try {
          want = quoteString(
            s,
            quotePolicy("v2", { escapeHTML: p.html, escapeForJS: p.js, allowInvalidUTF8: p.invalid }),
          );
        } catch {
          want = BAIL;
        }
        expect(escaped(s, v2Mode(p.html, p.js, p.invalid))).toBe(want);
      },
    );
  const long = "y".repeat(40);
  const cases: { name: string; in: string; mode: number; want: string | typeof BAIL }[] = [
    { name: "HTMLOnly", in: "<\u2028>", mode: v2Mode(true, false, false), want: '"\\u003c\u2028\\u003e"' },
    { name: "JSOnly", in: "<\u2028>", mode: v2Mode(false, true, false), want: '"<\\u2028>"' },
    { name: "LoneSurrogateRaw", in: "a\ud800b", mode: v2Mode(true, true, true), want: '"a\ufffdb"' },
    {
      name: "LongLoneSurrogateRaw",
      in: `${long}\udc00<`,
      mode: v2Mode(true, true, true),
      want: `"${long}\ufffd\\u003c"`,
    },
    { name: "LongLoneSurrogateBails", in: `${long}\ud800<`, mode: v2Mode(true, true, false), want: BAIL },
    { name: "ShortLoneSurrogateBails", in: "\ud800", mode: v2Mode(false, true, false), want: BAIL },
    {
      name: "LongReplacementChar",
      in: `${long}\ufffd&`,
      mode: v2Mode(true, true, false),
      want: `"${long}\ufffd\\u0026"`,
    },
  ];
  for (const c of cases) it(c.name, () => expect(escaped(c.in, c.mode)).toBe(c.want));
  // Each escaping mode copies clean runs four bytes at a time: a special byte at every place
  // of a word, in the last three bytes (copied one by one), and two specials in one word.
  const specials = ['"', "\\", "\n", "\u001f", "<", ">", "&", "\u2028", "\u2029", "€", "é", "😀", "\ufffd"];
  for (const p of policies)
    it(`Runs/EveryPlace(html=${p.html}, js=${p.js}, allowInvalidUTF8=${p.invalid})`, () => {
      const policy = quotePolicy("v2", {
        escapeHTML: p.html,
        escapeForJS: p.js,
        allowInvalidUTF8: p.invalid,
      });
      for (const c of specials)
        for (let head = 33; head < 50; head++)
          for (const tail of ["", "z", "zz", "zzz", "zzzz", `${c}z`, "日本"]) {
            const s = `${"y".repeat(head)}${c}${tail}`;
            expect(escaped(s, v2Mode(p.html, p.js, p.invalid))).toBe(quoteString(s, policy));
          }
    });
  // Short strings test four ASCII characters as a word, then one by one: a special character
  // (and the bytes next to those the word tests look for) at every place of the first words.
  const neighbours = [" ", "!", "#", "%", "'", ";", "=", "?", "[", "]", "\u007f", "\u0080", "\u0000"];
  for (const p of policies)
    it(`Short/EveryPlace(html=${p.html}, js=${p.js}, allowInvalidUTF8=${p.invalid})`, () => {
      const policy = quotePolicy("v2", {
        escapeHTML: p.html,
        escapeForJS: p.js,
        allowInvalidUTF8: p.invalid,
      });
      for (const c of [...specials, ...neighbours, "\ud800", "\udfff"])
        for (let head = 0; head < 9; head++)
          for (const tail of ["", "z", "zzz", "zzzz", `${c}zz`, "日本"]) {
            const s = `${"y".repeat(head)}${c}${tail}`;
            let want: string | typeof BAIL;
            try {
              want = quoteString(s, policy);
            } catch {
              want = BAIL;
            }
            expect(escaped(s, v2Mode(p.html, p.js, p.invalid))).toBe(want);
            if (p.js && !p.invalid) {
              expect(v1(s, p.html)).toBe(quoteString(s, p.html ? QUOTE_V1 : QUOTE_V1_NO_HTML));
              // The same text as a slice of a longer string (V8 keeps it as a SlicedString).
              const sliced = `${"#".repeat(20)}${s}`.slice(20);
              expect(v1(sliced, p.html)).toBe(quoteString(s, p.html ? QUOTE_V1 : QUOTE_V1_NO_HTML));
            }
          }
    });
});

const modes = QUOTE_MODES;

// Short strings look each ASCII character up in the mode's escape table, four as a word, then
// one by one: every ASCII character at every place of strings of 4 to 9 characters, flat and
// as a slice of a longer string, in every mode.
describe("escapedChars", () => {
  for (const m of modes)
    it(`EveryASCII/${m.name}`, () => {
      for (let n = 4; n < 10; n++)
        for (let at = 0; at < n; at++)
          for (let c = 0; c < 0x80; c++) {
            const s = `${"y".repeat(at)}${String.fromCharCode(c)}${"z".repeat(n - at - 1)}`;
            const want = quoted(s, m.policy);
            expect(escaped(s, m.mode)).toBe(want);
            expect(escaped(`${"#".repeat(20)}${s}`.slice(20), m.mode)).toBe(want);
          }
    });
  // Units of two, three and four UTF-8 bytes are stored as one word (two, three bytes of it
  // kept): each kind at every place of strings of 1 to 9 units, beside ASCII and beside other
  // wide units, flat and sliced, in every mode.
  const wide = [
    { name: "Latin1", unit: "\u00e9" },
    { name: "TwoBytesLast", unit: "\u07ff" },
    { name: "ThreeBytesFirst", unit: "\u0800" },
    { name: "CJK", unit: "\u65e5" },
    { name: "LineSeparator", unit: "\u2028" },
    { name: "ParagraphSeparator", unit: "\u2029" },
    { name: "ReplacementChar", unit: "\ufffd" },
    { name: "LastBMP", unit: "\uffff" },
    { name: "Emoji", unit: "\ud83d\ude00" },
    { name: "LoneHigh", unit: "\ud800" },
    { name: "LoneLow", unit: "\udc00" },
  ];
  for (const m of modes)
    for (const { name, unit } of wide)
      it(`EveryWidth/${name}/${m.name}`, () => {
        for (const fill of ["a", "\u00fc", "\u672c", "<"])
          for (let n = 1; n < 10; n++)
            for (let at = 0; at < n; at++) {
              const s = `${fill.repeat(at)}${unit}${fill.repeat(n - at - 1)}`;
              const want = quoted(s, m.policy);
              expect(escaped(s, m.mode)).toBe(want);
              expect(escaped(`${"#".repeat(20)}${s}`.slice(20), m.mode)).toBe(want);
            }
      });
});

// The two escapers of long strings, each called directly on strings of any length: the
// WebAssembly one (escape-wasm.ts, which this runtime has) and the JavaScript fallback.
const escaper = escaperOrNull();
const paths = [
  {
    name: "Wasm",
    write: (w: FastWriter, s: string, mode: number) => {
      if (escaper === null) throw new Error("no WebAssembly escaper");
      escapedWasm(w, s, mode, escaper);
    },
  },
  { name: "JS", write: escapedUnits },
];
for (const path of paths)
  describe(`escapedBytes/${path.name}`, () => {
    const run = (s: string, mode: number): string | typeof BAIL => {
      const w = new FastWriter(16);
      try {
        path.write(w, s, mode);
      } catch (e) {
        if (e === BAIL) return BAIL;
        throw e;
      }
      return text(w.result());
    };
    for (const m of modes)
      test.prop([strings])(`equals quoteString(${m.name})`, (s) => {
        expect(run(s, m.mode)).toBe(quoted(s, m.policy));
      });
    // Eight units are tested at a time (SIMD lanes): a special unit at every place of the first
    // vectors and in the tail, each after clean ASCII and after units of other kinds.
    const specials = [
      '"',
      "\\",
      "\n",
      "\u001f",
      "\u0000",
      "<",
      ">",
      "&",
      "\u2028",
      "\u2029",
      "é",
      "€",
      "😀",
      "\ud800",
      "\udfff",
      "\ufffd",
      "\u007f",
      "\u0080",
      "\uffff",
    ];
    for (const m of modes)
      it(`EveryPlace/${m.name}`, () => {
        for (const c of specials)
          for (const lead of ["", "日", "\t"])
            for (let head = 0; head < 20; head++)
              for (const tail of ["", "z", "zzzzzzzz", `${c}zz`, "日本", "\ud83d"]) {
                const s = `${lead}${"y".repeat(head)}${c}${tail}`;
                expect(run(s, m.mode)).toBe(quoted(s, m.policy));
              }
      });
    it("Empty", () => expect(run("", STRING_JS)).toBe('""'));
    // Long enough to grow the WebAssembly memory (eight bytes a unit), and again.
    for (const n of [10_000, 100_000])
      it(`Long/${n}`, () => {
        const s = `${"ab<\u2028é日😀\n".repeat(n / 10)}\ud800`;
        for (const m of modes) expect(run(s, m.mode)).toBe(quoted(s, m.policy));
      });
  });

describe("escapedBytes", () => {
  it("UsesWasm", () => expect(escaperOrNull()).not.toBeNull());
  // Past ESCAPER_MAX_UNITS, the JavaScript escaper writes the string.
  it("LongerThanEscaperMax", () => {
    const s = `${"x".repeat(ESCAPER_MAX_UNITS)}<\n`;
    expect(escaped(s, STRING_HTML | STRING_JS)).toBe(`"${"x".repeat(ESCAPER_MAX_UNITS)}\\u003c\\n"`);
  });
});

describe("FastWriter", () => {
  it("Grows", () => {
    const w = new FastWriter(4);
    w.byte(0x5b);
    w.int53(-9007199254740991);
    w.byte(0x2c);
    w.nul();
    w.byte(0x2c);
    w.ascii("x".repeat(40));
    w.byte(0x2c);
    w.raw(new TextEncoder().encode('"k":'));
    w.byte(0x5d);
    expect(text(w.result())).toBe(`[-9007199254740991,null,${"x".repeat(40)},"k":]`);
    // result() empties the writer.
    expect(w.pos).toBe(0);
  });
  it("Result/HandsOverLargeOutput", () => {
    const w = new FastWriter(1 << 16);
    w.ascii("a".repeat(50_000));
    w.ascii("b".repeat(20_000));
    const out = w.result();
    expect(out.length).toBe(70_000);
    expect(out[0]).toBe(0x61);
    expect(out[69_999]).toBe(0x62);
  });
});
