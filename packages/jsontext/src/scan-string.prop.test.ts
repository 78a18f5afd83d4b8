import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { Decoder } from "./decoder.js";
import { hex4, utf8Size } from "./decoder-bytes.js";
import { SyntacticError } from "./errors.js";
import { scanString, stringError } from "./scan-string.js";
import { isIncompleteUTF8 } from "./utf8.js";
import { UTF8_VALIDATE_CHUNK, Utf8Watermark } from "./utf8-validate.js";

/**
 * The reference: the string grammar walked one byte at a time (the scanner before it
 * read four bytes at a time and validated UTF-8 in bulk). Returns the end, or the
 * error position.
 */
function reference(s: Uint8Array, p: number, allowInvalid: boolean): { end: number } | { errAt: number } {
  const n = s.length;
  let i = p + 1;
  for (;;) {
    if (i >= n) return { errAt: n };
    const c = s[i]!;
    if (c === 0x22) return { end: i + 1 };
    if (c < 0x20) return { errAt: i };
    if (c === 0x5c) {
      if (i + 2 > n) return { errAt: i };
      const e = s[i + 1]!;
      if ('"\\/bfnrt'.includes(String.fromCharCode(e))) {
        i += 2;
        continue;
      }
      if (e !== 0x75) return { errAt: i };
      const v1 = i + 6 <= n ? hex4(s, i + 2) : -1;
      if (v1 < 0) return { errAt: i };
      if (!allowInvalid && v1 >= 0xd800 && v1 <= 0xdfff) {
        const v2 = i + 12 <= n && s[i + 6] === 0x5c && s[i + 7] === 0x75 ? hex4(s, i + 8) : -1;
        if (v1 >= 0xdc00 || v2 < 0xdc00 || v2 > 0xdfff) return { errAt: i };
        i += 12;
      } else i += 6;
      continue;
    }
    if (c >= 0x80) {
      const size = utf8Size(s, i);
      if (size > 0) i += size;
      else if (allowInvalid && !isIncompleteUTF8(s, i)) i++;
      else return { errAt: i };
      continue;
    }
    i++;
  }
}

const enc = new TextEncoder();
/** Pieces of string bodies: plain and non-ASCII text, escapes (valid or not), controls, invalid UTF-8. */
const piece = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 12 }).map((s) => enc.encode(s.replace(/["\\]/g, ""))) },
  { weight: 3, arbitrary: fc.string({ unit: "binary", maxLength: 6 }).map((s) => enc.encode(s)) },
  {
    weight: 2,
    arbitrary: fc
      .constantFrom(
        "\\n",
        "\\u00e9",
        "\\ud83d\\ude00",
        "\\ud83d",
        "\\udc00",
        "\\ud83dx",
        "\\uZZZZ",
        "\\x",
        "\\",
        "\\u12",
        '\\"',
      )
      .map((s) => enc.encode(s)),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom(
        [0x80],
        [0xc0, 0x80],
        [0xed, 0xa0, 0x80],
        [0xf5],
        [0xe2, 0x82],
        [0xf0, 0x9f, 0x98],
        [0x01],
        [0x1f],
      )
      .map((b) => new Uint8Array(b)),
  },
);

/** A string token (maybe unterminated) after a prefix, in a buffer at a random byte offset. */
const placed = fc
  .tuple(fc.array(piece, { maxLength: 12 }), fc.boolean(), fc.nat(7), fc.string({ maxLength: 5 }))
  .map(([pieces, closed, offset, prefix]) => {
    const pre = enc.encode(prefix.replace(/["\\]/g, ""));
    const body = pieces.flatMap((p) => [...p]);
    const bytes = [...pre, 0x22, ...body, ...(closed ? [0x22] : [])];
    const backing = new Uint8Array(offset + bytes.length + 3);
    backing.set(bytes, offset);
    return { s: backing.subarray(offset, offset + bytes.length), p: pre.length };
  });

describe("scanString (four bytes at a time, bulk UTF-8) agrees with a byte-at-a-time walk", () => {
  test.prop([placed, fc.boolean()], { numRuns: 1000 })(
    "end, or the error's offset",
    ({ s, p }, allowInvalid) => {
      const view = new DataView(s.buffer, s.byteOffset, s.byteLength);
      const want = reference(s, p, allowInvalid);
      const end = scanString(s, view, p, allowInvalid, new Utf8Watermark());
      if ("end" in want) expect(end).toBe(want.end);
      else {
        expect(end).toBe(-1);
        expect(stringError(s, p, allowInvalid).pos).toBe(want.errAt);
      }
    },
  );
});

/**
 * Long runs of valid non-ASCII text (skipped a word at a time below the watermark, ending
 * at the first ASCII byte of a word) broken by ASCII bytes, with invalid UTF-8 at random positions.
 */
const runs = fc
  .tuple(
    fc.array(
      fc.tuple(
        fc.array(fc.constantFrom("é", "名", "前", "😋", "✨", "\u00e9"), { minLength: 1, maxLength: 20 }),
        fc.constantFrom("", " ", "a", ":", "!!", "abc", "\\n", "\n"),
      ),
      { maxLength: 10 },
    ),
    fc.array(fc.tuple(fc.nat(), fc.constantFrom(0x80, 0xff, 0xc3, 0xe5, 0xf0, 0x22, 0x0a)), { maxLength: 2 }),
    fc.boolean(),
    fc.nat(7),
  )
  .map(([parts, bad, closed, offset]) => {
    const body = [...enc.encode(parts.map(([t, a]) => t.join("") + a).join(""))];
    for (const [at, byte] of bad) if (body.length > 0) body[at % body.length] = byte;
    const bytes = [0x22, ...body, ...(closed ? [0x22] : [])];
    const backing = new Uint8Array(offset + bytes.length + 3);
    backing.set(bytes, offset);
    return backing.subarray(offset, offset + bytes.length);
  });

describe("skipping runs of known-valid non-ASCII bytes agrees with a byte-at-a-time walk", () => {
  test.prop([runs, fc.boolean()], { numRuns: 500 })("end, or the error's offset", (s, allowInvalid) => {
    const view = new DataView(s.buffer, s.byteOffset, s.byteLength);
    const want = reference(s, 0, allowInvalid);
    const end = scanString(s, view, 0, allowInvalid, new Utf8Watermark());
    if ("end" in want) expect(end).toBe(want.end);
    else {
      expect(end).toBe(-1);
      expect(stringError(s, 0, allowInvalid).pos).toBe(want.errAt);
    }
  });
});

describe("bulk UTF-8 validation keeps Go's offsets around its chunk boundary", () => {
  const dec = (b: Uint8Array) => {
    try {
      new Decoder(b).skipValue();
      return null;
    } catch (e) {
      if (SyntacticError.isInstance(e)) return e;
      throw e;
    }
  };
  for (const delta of [-4, -3, -2, -1, 0, 1, 2, 3, 5]) {
    it(`InvalidByte/ChunkBoundary${delta >= 0 ? "+" : ""}${delta}`, () => {
      // ["ééé…<invalid>…"] with the invalid byte near where the first bulk check ends
      const size = UTF8_VALIDATE_CHUNK * 2;
      const b = new Uint8Array(size + 4);
      b[0] = 0x5b;
      b[1] = 0x22;
      for (let i = 2; i + 1 < size; i += 2) {
        b[i] = 0xc3;
        b[i + 1] = 0xa9;
      }
      b[size] = 0x22;
      b[size + 1] = 0x5d;
      b[size + 2] = 0x20;
      b[size + 3] = 0x20;
      let bad = 2 + UTF8_VALIDATE_CHUNK + delta;
      if ((bad & 1) === 1) bad--; // on a sequence start
      b[bad] = 0xff;
      const e = dec(b);
      expect(e?.offset).toBe(bad);
      expect(e?.message).toBe(`jsontext: invalid UTF-8 within "/0" after offset ${bad}`);
      expect(() => new Decoder(b, { allowInvalidUTF8: true }).skipValue()).not.toThrow();
    });
  }
});
