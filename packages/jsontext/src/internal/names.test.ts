import { Buffer } from "node:buffer";
import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { quotedBytes } from "./names.js";
import { wellFormed } from "./well-formed.js";

// What quotedBytes stands for: the name quoted by JSON.stringify when that needs no escape and
// the name is well formed, as UTF-8; else null.
function want(name: string): Uint8Array | null {
  const q = JSON.stringify(name);
  return q.length === name.length + 2 && wellFormed(name) ? new Uint8Array(Buffer.from(q, "utf8")) : null;
}

describe("quotedBytes", () => {
  const cases: { name: string; in: string }[] = [
    { name: "Empty", in: "" },
    { name: "ASCII", in: "f123" },
    { name: "Punct", in: "a b~!#$%&'()*+,-./:;<=>?@[]^_`{|}" },
    { name: "Quote", in: 'a"b' },
    { name: "Backslash", in: "a\\b" },
    { name: "Control", in: "a\tb" },
    { name: "Del", in: "a\x7fb" },
    { name: "Latin1", in: "é" },
    { name: "Astral", in: "😀" },
    { name: "LoneSurrogate", in: "a\ud800" },
  ];
  for (const c of cases) it(c.name, () => expect(quotedBytes(c.in)).toEqual(want(c.in)));

  test.prop([fc.string({ unit: "binary" })])("MatchesJSONStringify", (s) => {
    expect(quotedBytes(s)).toEqual(want(s));
  });
});
