import { Buffer } from "node:buffer";
import { afterEach, describe, expect, it } from "vitest";
import { beginScan, C, endScan, HEAP_TEXT, SHORT_MIN_BYTES, TEXT_PIECE } from "./cursor.js";
import { skipValue, ws } from "./scan.js";
import { readString } from "./scan-string.js";

const enc = new TextEncoder();
const saved = { ...HEAP_TEXT };

afterEach(() => {
  endScan();
  Object.assign(HEAP_TEXT, saved);
});

/** A JSON array of strings of about `bytes` bytes (ASCII unless `word` is not), ending with `last`. */
function bigArray(bytes: number, word: string, last: string): string {
  const item = JSON.stringify(word);
  const items = new Array<string>(Math.ceil(bytes / (item.length + 1))).fill(item);
  items.push(JSON.stringify(last));
  return `[${items.join(",")}]`;
}

// Past Node's EXTERN_APEX (0xFBEE9 bytes): Buffer#toString would make an external text.
const SIZE = 0x100000 + 3 * TEXT_PIECE + 17;

const texts = [
  { name: "external (default bounds)", set: {} },
  { name: "heap (a kept input)", set: {}, kept: true },
  { name: "heap (other external memory of at least HEAP_TEXT.external)", set: { external: 0 } },
  { name: "external (input of at least HEAP_TEXT.bytes)", set: { external: 0, bytes: 0x100000 } },
];

const inputs = [
  { name: "ASCII bytes", word: "plain ascii text", bytes: true },
  { name: "non-ASCII bytes", word: "Zoë Müller → 世界", bytes: true },
  { name: "ASCII string", word: "plain ascii text", bytes: false },
  { name: "non-ASCII string", word: "Zoë Müller → 世界", bytes: false },
];

describe("beginScan's one-char-per-byte text", () => {
  for (const t of texts)
    for (const i of inputs)
      it(`${t.name}, ${i.name}: the input's bytes one char per byte; strings read from it`, () => {
        Object.assign(HEAP_TEXT, t.set);
        const json = bigArray(SIZE, i.word, "the last string, sliced across pieces");
        const bytes = enc.encode(json);
        expect(bytes.length).toBeGreaterThan(SIZE);
        expect(beginScan(i.bytes ? bytes : json, t.kept)).toBe(true);
        expect(C.n).toBe(bytes.length);
        expect(C.t.length).toBe(bytes.length);
        expect(C.t === Buffer.from(bytes).toString("latin1")).toBe(true);
        // Skip to the last element and read it (a plain string sliced from the text).
        const at = json.lastIndexOf(',"') + 1;
        C.p = Buffer.byteLength(json.slice(0, at));
        expect(readString()).toBe("the last string, sliced across pieces");
        C.p = 0;
        skipValue(ws());
        expect(C.p).toBe(bytes.length);
      });
});

describe("beginScan's short-string sharing", () => {
  const small = enc.encode('["ab","ab","cd"]');
  const cases = [
    { name: "a small input", data: small, kept: false, share: false },
    { name: "a small kept input (a block of a large document)", data: small, kept: true, share: true },
    {
      name: "an input of SHORT_MIN_BYTES",
      data: enc.encode(bigArray(SHORT_MIN_BYTES, "ab", "cd")),
      kept: false,
      share: true,
    },
  ];
  for (const c of cases)
    it(`${c.name}: ${c.share ? "shared" : "sliced"}, read alike`, () => {
      expect(beginScan(c.data, c.kept)).toBe(true);
      expect(C.share).toBe(c.share);
      C.p = 1;
      expect(readString()).toBe("ab");
      C.p++;
      expect(readString()).toBe("ab");
    });
});
