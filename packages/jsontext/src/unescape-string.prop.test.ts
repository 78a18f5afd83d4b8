import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { hex4 } from "./decoder-bytes.js";
import { scanString } from "./scan-string.js";
import { unescapeLong, unescapeString } from "./unescape-string.js";
import { decodeStringBytes } from "./utf8.js";
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

/**
 * The reference: runs between escapes decoded by decodeStringBytes and escapes appended
 * one by one (the long-string unescaper before it counted and decoded into one buffer).
 */
function reference(s: Uint8Array, a: number, b: number): string {
  let out = "";
  let start = a + 1;
  const end = b - 1;
  let i = s.subarray(0, end).indexOf(0x5c, start);
  while (i >= 0) {
    if (i > start) out += decodeStringBytes(s, start, i);
    const e = s[i + 1]!;
    if (e === 0x75) {
      const v1 = hex4(s, i + 2);
      i += 6;
      const v2 = v1 >= 0xd800 && v1 < 0xdc00 && s[i] === 0x5c && s[i + 1] === 0x75 ? hex4(s, i + 2) : -1;
      if (v2 >= 0xdc00 && v2 <= 0xdfff) {
        out += String.fromCharCode(v1, v2);
        i += 6;
      } else out += v1 >= 0xd800 && v1 <= 0xdfff ? "\ufffd" : String.fromCharCode(v1);
    } else {
      out +=
        ({ b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" } as Record<string, string>)[String.fromCharCode(e)] ??
        String.fromCharCode(e);
      i += 2;
    }
    start = i;
    i = s.subarray(0, end).indexOf(0x5c, start);
  }
  if (start < end) out += decodeStringBytes(s, start, end);
  return out;
}

describe("unescapeString and unescapeLong agree with unescaping piece by piece", () => {
  test.prop([fc.array(piece, { maxLength: 16 }), fc.nat(3)], { numRuns: 1000 })(
    "same string",
    (pieces, copies) => {
      // Copies make some bodies longer than the short path's buffer.
      const body = pieces.flatMap((p) => [...p]);
      const bytes = new Uint8Array([
        0x22,
        ...Array.from({ length: 1 + copies * 40 }, () => body).flat(),
        0x22,
      ]);
      const view = new DataView(bytes.buffer);
      const end = scanString(bytes, view, 0, true, new Utf8Watermark());
      expect(end).toBe(bytes.length);
      const want = reference(bytes, 0, end);
      expect(unescapeString(bytes, 0, end)).toBe(want);
      expect(unescapeLong(bytes, 0, end)).toBe(want);
    },
  );
});
