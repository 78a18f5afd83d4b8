import { describe, expect, it, test } from "vitest";
import { goQuote, goUnquote } from "./go-quote.js";

// Recorded from Go 1.26 (go run: strconv.Quote).
describe("goQuote is Go's strconv.Quote", () => {
  it("escapes what Go's tables do not know as printable", () => {
    expect(goQuote("k:\u{2ebf0}\u00a0é\u{1f600}\u200b\ufffd")).toBe('"k:\\U0002ebf0\\u00a0é😀\\u200b�"');
  });
});

// Recorded from Go 1.26.8 (strconv.Unquote); `undefined` where Go returns
// ErrSyntax ("invalid syntax"). goUnquote reads double-quoted literals only.
const unquote: { name: string; in: string; want: string | undefined }[] = [
  { name: "Plain", in: '"abc"', want: "abc" },
  { name: "Empty", in: '""', want: "" },
  { name: "Tab", in: '"a\\tb"', want: "a\tb" },
  { name: "Unicode", in: '"\\u00e9\\U0001F600"', want: "é😀" },
  { name: "HexAndOctal", in: '"\\x41\\101"', want: "AA" },
  { name: "U4", in: '"\\u0041"', want: "A" },
  { name: "Unterminated", in: '"unterminated', want: undefined },
  { name: "BadEscape", in: '"\\q"', want: undefined },
  { name: "Surrogate", in: '"\\ud800"', want: undefined },
  { name: "InnerQuote", in: '"a"b"', want: undefined },
  // Go keeps the byte 0xff (invalid UTF-8); gotype's string holds U+00FF instead, as documented.
  { name: "HighByte", in: '"\\xff"', want: "\u00ff" },
  // Go also unquotes `raw` and 'r' literals; goUnquote promises double-quoted ones only.
  { name: "RawNotAccepted", in: "`raw`", want: undefined },
  { name: "RuneNotAccepted", in: "'a'", want: undefined },
];

describe("goUnquote is Go's strconv.Unquote for double-quoted literals", () => {
  for (const c of unquote) test(`Unquote/${c.name}`, () => expect(goUnquote(c.in)).toBe(c.want));
  test("Unquote/RoundTrip", () => {
    for (const s of ["", 'a"b\\c', "\u0000\u007f\u2028", "😀é"]) expect(goUnquote(goQuote(s))).toBe(s);
  });
});
