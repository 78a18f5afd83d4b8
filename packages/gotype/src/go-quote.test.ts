import { describe, expect, it } from "vitest";
import { goQuote } from "./go-quote.js";

// Recorded from Go 1.26 (go run: strconv.Quote).
describe("goQuote is Go's strconv.Quote", () => {
  it("escapes what Go's tables do not know as printable", () => {
    expect(goQuote("k:\u{2ebf0}\u00a0é\u{1f600}\u200b\ufffd")).toBe('"k:\\U0002ebf0\\u00a0é😀\\u200b�"');
  });
});
