import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { scanString } from "./scan-string.js";
import { unescapeLong, unescapeString } from "./unescape-string.js";
import { Utf8Watermark } from "./utf8-validate.js";

const enc = new TextEncoder();
/** String bodies: text, escapes (also lone surrogates), and invalid UTF-8 (valid under allowInvalidUTF8). */
const piece = fc.oneof(
  fc.string({ maxLength: 10 }).map((s) => enc.encode(s.replace(/["\\\u0000-\u001f]/g, ""))),
  fc.string({ unit: "binary", maxLength: 4 }).map((s) => enc.encode(s.replace(/["\\\u0000-\u001f]/g, ""))),
  fc
    .constantFrom(
      "\\n",
      "\\t",
      "\\/",
      '\\"',
      "\\\\",
      "\\u00e9",
      "\\u0000",
      "\\ud83d\\ude00",
      "\\ud83d",
      "\\udc00x",
      "\\uD83D\\uDE00",
    )
    .map((s) => enc.encode(s)),
  fc
    .constantFrom([0x80], [0xc0, 0x80], [0xed, 0xa0, 0x80], [0xf5], [0xe2, 0x82], [0xf0, 0x9f, 0x98])
    .map((b) => new Uint8Array(b)),
);

describe("unescapeString (into a code-unit buffer) agrees with unescaping piece by piece", () => {
  test.prop([fc.array(piece, { maxLength: 16 })], { numRuns: 1000 })("same string", (pieces) => {
    const bytes = new Uint8Array([0x22, ...pieces.flatMap((p) => [...p]), 0x22]);
    const view = new DataView(bytes.buffer);
    const end = scanString(bytes, view, 0, true, new Utf8Watermark());
    expect(end).toBe(bytes.length);
    expect(unescapeString(bytes, 0, end)).toBe(unescapeLong(bytes, 0, end));
  });
});
