import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { DuplicateNames } from "./duplicate-names.js";
import { scannedStringFlags, scanString } from "./scan-string.js";
import { unescapeString } from "./unescape-string.js";
import { Utf8Watermark } from "./utf8-validate.js";

const enc = new TextEncoder();

/** The chars names are made of (a few, so that names repeat). */
const CHARS = ["a", "k", "é", "€", "😀", "/", "\n", '"', "\\", "\ud83d", "\ude00"];
const HOWS = ["raw", "u", "U", "short"] as const;
const SHORT: Record<string, string> = { "\n": "\\n", '"': '\\"', "\\": "\\\\", "/": "\\/" };

/** write writes one char of a name: raw, \uXXXX (lower or upper hex), or a short escape; chars that cannot be raw or short are \u-escaped. */
function write(c: string, how: (typeof HOWS)[number]): number[] {
  const lone = c.length === 1 && c.charCodeAt(0) >= 0xd800 && c.charCodeAt(0) <= 0xdfff;
  if (how === "short" && SHORT[c]) return [...enc.encode(SHORT[c])];
  if (how === "raw" && !lone && (c === "/" || !SHORT[c])) return [...enc.encode(c)];
  const hex = (u: number) => u.toString(16).padStart(4, "0");
  const units = Array.from({ length: c.length }, (_, i) => c.charCodeAt(i));
  return [...enc.encode(units.map((u) => `\\u${how === "U" ? hex(u).toUpperCase() : hex(u)}`).join(""))];
}

/** Logical names (char indexes; 99 is an invalid byte 0xff), written anew at every use. */
const names = fc.array(fc.array(fc.integer({ min: 0, max: CHARS.length }), { maxLength: 3 }), {
  minLength: 1,
  maxLength: 5,
});
/** Operations: add logical name n (written with the given styles) at depth d, or open a new object at depth d. */
const ops = fc.array(
  fc.oneof(
    fc.record({
      add: fc.nat(),
      hows: fc.array(fc.constantFrom(...HOWS), { minLength: 3, maxLength: 3 }),
      d: fc.integer({ min: 1, max: 3 }),
    }),
    fc.record({ reset: fc.integer({ min: 1, max: 3 }) }),
  ),
  { maxLength: 80 },
);

describe("DuplicateNames agrees with a Set of unescaped names", () => {
  test.prop([names, ops], { numRuns: 500 })(
    "random names, escapes, invalid bytes, nested objects",
    (ns, list) => {
      // every add writes its name anew into one buffer: the same name in different spellings
      const tokens: number[][] = [];
      for (const op of list) {
        if (!("add" in op)) continue;
        const chars = ns[op.add % ns.length]!;
        tokens.push([
          0x22,
          ...chars.flatMap((c, i) => (c === CHARS.length ? [0xff] : write(CHARS[c]!, op.hows[i]!))),
          0x22,
        ]);
      }
      const buf = new Uint8Array(tokens.flatMap((t) => [...t, 0x2c]));
      const view = new DataView(buf.buffer);
      const spans: [number, number, number][] = [];
      let p = 0;
      for (const t of tokens) {
        const end = scanString(buf, view, p, true, new Utf8Watermark());
        expect(end).toBe(p + t.length);
        spans.push([p, end, scannedStringFlags]);
        p = end + 1;
      }
      const dn = new DuplicateNames(buf);
      const ref = new Map<number, Set<string>>();
      for (const d of [1, 2, 3]) {
        dn.reset(d);
        ref.set(d, new Set());
      }
      let k = 0;
      for (const op of list) {
        if ("reset" in op) {
          dn.reset(op.reset);
          ref.get(op.reset)!.clear();
          continue;
        }
        const [a, b, flags] = spans[k++]!;
        const text = unescapeString(buf, a, b);
        const set = ref.get(op.d)!;
        const want = !set.has(text);
        set.add(text);
        expect(dn.add(op.d, a, b, flags)).toBe(want);
      }
    },
  );
  test.prop([fc.array(fc.string({ unit: "binary", maxLength: 6 }), { minLength: 1, maxLength: 300 })], {
    numRuns: 100,
  })("large objects (tables grow): the same answers as a Set", (strs) => {
    const tokens = strs.map((x) => JSON.stringify(x));
    const text = tokens.join(",");
    const buf = enc.encode(text);
    const view = new DataView(buf.buffer);
    const names = new DuplicateNames(buf);
    names.reset(1);
    const seen = new Set<string>();
    let p = 0;
    for (const _ of tokens) {
      const end = scanString(buf, view, p, true, new Utf8Watermark());
      const v = unescapeString(buf, p, end);
      expect(names.add(1, p, end, scannedStringFlags)).toBe(!seen.has(v));
      seen.add(v);
      p = end + 1;
    }
  });
  test.prop(
    [
      fc.array(fc.array(fc.nat(7), { maxLength: 8 }), { minLength: 1, maxLength: 6 }),
      fc.array(fc.tuple(fc.nat(), fc.nat(), fc.nat(7)), { maxLength: 20 }),
    ],
    { numRuns: 300 },
  )("objects that repeat the previous object's names (with edits) at one depth", (pool, edits) => {
    // a sequence of objects: each one a pool list, or the previous one with one name replaced
    const spell = ["a", "b", "k0", "k1", "\\u0061", "é", "\\u00e9", "k\\u0030"];
    const objects: number[][] = [];
    for (const [i, j, v] of edits) {
      const prev = objects.length > 0 && i % 3 !== 0 ? objects[objects.length - 1]! : pool[i % pool.length]!;
      const next = [...prev];
      if (next.length > 0 && i % 2 === 0) next[j % next.length] = v;
      objects.push(next);
    }
    const text = objects.map((o) => o.map((k) => `"${spell[k]}"`).join(",")).join(",");
    const buf = enc.encode(text);
    const view = new DataView(buf.buffer);
    const dn = new DuplicateNames(buf);
    let p = 0;
    for (const o of objects) {
      dn.reset(2);
      const seen = new Set<string>();
      for (const _ of o) {
        const end = scanString(buf, view, p, false, new Utf8Watermark());
        const v = unescapeString(buf, p, end);
        expect(dn.add(2, p, end, scannedStringFlags)).toBe(!seen.has(v));
        seen.add(v);
        p = end + 1;
      }
    }
  });
});
