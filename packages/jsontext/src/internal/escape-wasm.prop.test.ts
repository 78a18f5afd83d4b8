/**
 * The WebAssembly escaper (escape-wasm.ts, through escapedWasm) against its JavaScript fallback
 * (escape-utf16.ts, through escapedUnits) and jsontext's quoting (quote.ts, checked against Go's),
 * in every escaping mode, on text heavy in units of two, three and four UTF-8 bytes: the SIMD
 * paths take eight units at a time, so what each path stops at is put at every place of the
 * first vectors, after runs of every kind.
 */
import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { BAIL } from "./cursor.js";
import { escaperOrNull, VIEW_MAX_UNITS } from "./escape-wasm.js";
import { FastWriter } from "./fast-writer.js";
import { QUOTE_MODES, quoted } from "./test-quote-modes.js";
import { escapedUnits, escapedWasm, writeStringEscaped } from "./write-string-escaped.js";

const text = (b: Uint8Array) => new TextDecoder().decode(b);

const modes = QUOTE_MODES;

const escaper = escaperOrNull();

/** The text one of the escapers writes for s (a fresh writer), or BAIL. */
function run(path: "wasm" | "js", s: string, mode: number): string | typeof BAIL {
  const w = new FastWriter(16);
  try {
    if (path === "js") escapedUnits(w, s, mode);
    else if (escaper === null) throw new Error("no WebAssembly escaper");
    else escapedWasm(w, s, mode, escaper);
  } catch (e) {
    if (e === BAIL) return BAIL;
    throw e;
  }
  return text(w.result());
}

/** Units of each kind the escaper tells apart, the edges of each range among them. */
const KINDS = {
  ascii: ["a", "z", " ", "~", "\u007f", "'", "/", "=", "?", "[", "]", ";"],
  escape: ['"', "\\", "\n", "\r", "\t", "\b", "\f", "\u0000", "\u0001", "\u000b", "\u001f", "<", ">", "&"],
  two: ["\u0080", "\u00a3", "é", "Ж", "\u05d0", "\u07ff"],
  three: [
    "\u0800",
    "€",
    "日",
    "テ",
    "\u2027",
    "\u202a",
    "\ud7ff",
    "\ue000",
    "\ufffd",
    "\uffff",
    "\u2028",
    "\u2029",
  ],
  four: ["😀", "🇳", "\u{10000}", "\u{10ffff}"],
  lone: ["\ud800", "\udbff", "\udc00", "\udfff"],
};
const unit = (kinds: (keyof typeof KINDS)[]) => fc.constantFrom(...kinds.flatMap((k) => KINDS[k]));

/** Text in runs of one kind of unit (as Cyrillic or CJK text has), with any unit between them. */
const runs = fc
  .array(
    fc.oneof(
      fc
        .tuple(unit(["ascii", "two", "three", "four"]), fc.integer({ min: 1, max: 20 }))
        .map(([c, k]) => c.repeat(k)),
      unit(["ascii", "escape", "two", "three", "four", "lone"]),
      fc.string({ unit: fc.constantFrom(...KINDS.two, ...KINDS.three, ...KINDS.ascii), maxLength: 24 }),
    ),
    { maxLength: 30 },
  )
  .map((parts) => parts.join(""));

/** Any units, mostly not ASCII. */
const heavy = fc.string({ unit: unit(["ascii", "escape", "two", "three", "four", "lone"]), maxLength: 120 });

describe("escapedWasm", () => {
  it("Exists", () => expect(escaper).not.toBeNull());
  for (const m of modes) {
    test.prop([fc.oneof(runs, heavy, fc.string({ unit: "binary", maxLength: 100 }))])(
      `equals escapedUnits and quoteString(${m.name})`,
      (s) => {
        const want = quoted(s, m.policy);
        expect(run("wasm", s, m.mode)).toBe(want);
        expect(run("js", s, m.mode)).toBe(want);
      },
    );
  }

  // Each kind of unit at every place of the first three vectors, after a run of each kind, and
  // before one (the vector paths stop at it, or take it in).
  const fillers = ["y", "é", "日", "😀", "\t", "Ж€y"];
  const stops = [...KINDS.escape, ...KINDS.two, ...KINDS.three, ...KINDS.four, ...KINDS.lone, "\u007f"];
  for (const m of modes)
    it(`EveryPlace/${m.name}`, () => {
      for (const c of stops)
        for (const lead of fillers)
          for (const tail of fillers)
            for (let at = 0; at < 26; at++) {
              const head = lead.repeat(Math.ceil(at / lead.length)).slice(0, at);
              // a cut surrogate pair stays a lone surrogate: the oracle says what to write
              const s = `${head}${c}${tail.repeat(9)}`;
              const want = quoted(s, m.policy);
              expect(run("wasm", s, m.mode)).toBe(want);
            }
    });

  // Every length up to a few vectors: the units end at every place of a vector (the end mark).
  for (const m of modes)
    it(`EveryLength/${m.name}`, () => {
      for (const fill of ["y", "é", "日", "😀", "é日y", '"'])
        for (let n = 0; n < 40; n++) {
          const s = fill.repeat(n);
          expect(run("wasm", s, m.mode)).toBe(quoted(s, m.policy));
        }
    });
});

describe("writeStringEscaped", () => {
  // Strings one after another into one writer (the output views of every size, the memory
  // grown past VIEW_MAX_UNITS and used again for short strings).
  test.prop([fc.array(fc.oneof(runs, heavy), { minLength: 1, maxLength: 8 })])("Sequence", (list) => {
    const big = `${"Привет, 日本 ".repeat(VIEW_MAX_UNITS / 4)}"`;
    const all = [...list, big, ...list];
    for (const m of modes) {
      const w = new FastWriter(16);
      let want = "";
      let bails = false;
      for (const s of all) {
        const q = quoted(s, m.policy);
        if (q === BAIL) {
          bails = true;
          break;
        }
        want += q;
        writeStringEscaped(w, s, m.mode);
      }
      if (!bails) expect(text(w.result())).toBe(want);
    }
  });
});
