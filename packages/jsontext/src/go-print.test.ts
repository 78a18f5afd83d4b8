import { describe, expect, it } from "vitest";
import { isGoPrint } from "./go-print.js";

// Recorded from Go 1.26 (go run: strconv.IsPrint, strconv.Quote).
describe("isGoPrint is Go's strconv.IsPrint (Unicode 15.0.0)", () => {
  const table: [number, boolean][] = [
    [0xa0, false],
    [0xad, false],
    [0x4e00, true],
    [0x1f600, true],
    [0xe000, false],
    [0x378, false],
    [0x31350, true],
    [0x2ebf0, false], // CJK Extension I (Unicode 15.1): printable for JavaScript's \p{L}, not for Go
    [0x2fffe, false],
    [0x10ffff, false],
    [0xfffd, true],
    [0x2028, false],
    [0x3000, false],
    [0x1b11f, true],
    [0x1b132, true],
  ];
  it.each(table)("U+%s", (r, want) => expect(isGoPrint(r)).toBe(want));
  it("ASCII: printable from space to ~", () => {
    for (let r = 0; r < 0x80; r++) expect(isGoPrint(r)).toBe(r >= 0x20 && r < 0x7f);
  });
});

// Recorded from Go 1.26 (GOEXPERIMENT=jsonv2, jsontext.Decoder.ReadValue).
describe("error texts quote with Go's table", () => {
  it("a CJK Extension I character (Unicode 15.1) is escaped, as Go does", async () => {
    const { Decoder } = await import("./decoder.js");
    expect(() => new Decoder(new TextEncoder().encode("[\u{2ebf0}]")).readValue()).toThrow(
      "jsontext: invalid character '\\U0002ebf0' at start of value within \"/0\" after offset 1",
    );
  });
});
