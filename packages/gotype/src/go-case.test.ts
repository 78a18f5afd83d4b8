import { describe, expect, it } from "vitest";
import { goStringOf, goToLower, goToUpper } from "./go-case.js";

// Recorded from Go 1.26 (go run): strings.ToUpper/ToLower, and the runes of `for _, r := range string(b)`.
// The case tables were also checked against Go for every rune (strings.ToUpper/ToLower of each).
describe("goToUpper/goToLower are Go's strings.ToUpper/ToLower (simple mappings, rune by rune)", () => {
  it("upper", () => expect(goToUpper("ᾀ և ß ǅ ſ ﬀ aσς")).toBe("ᾈ և ß Ǆ S ﬀ AΣΣ"));
  it("lower", () => expect(goToLower("İ ΑΣ K Ǆ ẞ")).toBe("i ασ k ǆ ß"));
});

describe("goStringOf reads bytes as a Go range loop does (one U+FFFD per invalid byte)", () => {
  const table: [number[], string][] = [
    [[0xe2, 0x82, 0x6b], "fffd fffd 6b"],
    [[0xed, 0xa0, 0x80], "fffd fffd fffd"],
    [[0xf4, 0x90, 0x80, 0x80], "fffd fffd fffd fffd"],
    [[0xc0, 0x80], "fffd fffd"],
    [[0xe0, 0x80, 0x80], "fffd fffd fffd"],
    [[0xf0, 0x9f, 0x98, 0x80], "1f600"],
    [[0xe2, 0x82, 0xac], "20ac"],
    [[0xf0, 0x9f, 0x98], "fffd fffd fffd"],
    [[0xff], "fffd"],
    [[0xc2], "fffd"],
  ];
  it.each(table)("%j", (b, want) => {
    const runes = [...goStringOf(Uint8Array.from(b))].map((c) => (c.codePointAt(0) as number).toString(16));
    expect(runes.join(" ")).toBe(want);
  });
});
