import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { Decoder, type DecoderOptions } from "./decoder.js";
import { skipWsRun, WS } from "./decoder-bytes.js";
import { SyntacticError } from "./errors.js";
import { validateDocument } from "./validate-value.js";

const enc = new TextEncoder();

/** JSON texts: valid documents, and damaged ones (a byte changed, cut short, names repeated, deep). */
const texts = fc.oneof(
  fc.json().map((s) => enc.encode(s)),
  fc.tuple(fc.json(), fc.nat(), fc.constantFrom(...'{}[],:"\\ x1-e.\u00e9\n\u0000')).map(([s, i, c]) => {
    const b = enc.encode(s);
    const j = i % (b.length + 1);
    return new Uint8Array([...b.slice(0, j), ...enc.encode(c), ...b.slice(j + 1)]);
  }),
  fc.tuple(fc.json(), fc.nat()).map(([s, i]) => enc.encode(s).slice(0, i % (s.length + 1))),
  fc
    .array(fc.constantFrom('"a"', '"b"', '"\\u0061"', '"\\ud800"', '"\u00e9"'), { maxLength: 5 })
    .map((names) => enc.encode(`{${names.map((n, i) => `${n}:${i}`).join(",")}}`)),
  fc.nat(12).map((d) => enc.encode(`${'[{"k":'.repeat(d)}1${"}]".repeat(d)}`)),
  // indented (runs of spaces read four at a time), and whitespace runs put anywhere
  fc
    .tuple(fc.json(), fc.constantFrom(1, 2, 3, 4, 5, 8, 9, "\t", " \t  "))
    .map(([s, ind]) => enc.encode(JSON.stringify(JSON.parse(s), null, ind))),
  fc
    .tuple(
      fc.json(),
      fc.array(fc.tuple(fc.nat(), fc.stringMatching(/^[ \t\n\r]{1,11}$/)), { maxLength: 4 }),
      fc.boolean(),
    )
    .map(([s, runs, crlf]) => {
      let t = JSON.stringify(JSON.parse(s), null, 2);
      if (crlf) t = t.replaceAll("\n", "\r\n");
      for (const [i, ws] of runs) {
        const j = i % (t.length + 1);
        t = t.slice(0, j) + ws + t.slice(j);
      }
      return enc.encode(t);
    }),
);

const options = fc.record({
  allowDuplicateNames: fc.boolean(),
  allowInvalidUTF8: fc.boolean(),
  maxDepth: fc.constantFrom(3, 10000),
});

/** Reads the text token by token (the exact path) and reports whether it is one valid value. */
function tokenByToken(bytes: Uint8Array, o: DecoderOptions): boolean {
  try {
    const d = new Decoder(bytes, o);
    if (d.peekKind() === "") return false;
    d.readToken();
    while (d.stackDepth > 0) d.readToken();
    d.checkEOF();
    return true;
  } catch (e) {
    if (SyntacticError.isInstance(e)) return false;
    throw e;
  }
}

/** The observable state after skipping each element of an array, by skipValue or token by token. */
function skipTrace(bytes: Uint8Array, o: DecoderOptions, fast: boolean): unknown[] {
  const out: unknown[] = [];
  const d = new Decoder(bytes, o);
  try {
    d.readToken();
    while (d.peekKind() !== "]") {
      if (fast) d.skipValue();
      else {
        const depth = d.stackDepth;
        d.readToken();
        while (d.stackDepth > depth) d.readToken();
      }
      out.push([d.inputOffset, d.previousOffset, d.stackPointer(), d.asciiOnly]);
    }
  } catch (e) {
    if (!SyntacticError.isInstance(e)) throw e;
    out.push(e.message, e.offset, e.pointer);
  }
  return out;
}

describe("the one-pass validator accepts exactly what the token-by-token decoder accepts", () => {
  test.prop([texts, options], { numRuns: 1500 })("validateDocument ⇔ readToken to the end", (bytes, o) => {
    const fast = validateDocument(bytes, o.allowInvalidUTF8, o.allowDuplicateNames, o.maxDepth) >= 0;
    expect(fast).toBe(tokenByToken(bytes, o));
  });

  test.prop([fc.array(texts, { minLength: 1, maxLength: 4 }), options], { numRuns: 500 })(
    "skipValue leaves the Decoder as reading the same tokens would (offsets, pointer, errors)",
    (parts, o) => {
      const bytes = enc.encode(`[${parts.map((p) => new TextDecoder().decode(p)).join(",")}]`);
      expect(skipTrace(bytes, o, true)).toEqual(skipTrace(bytes, o, false));
    },
  );
});

describe("skipWsRun", () => {
  test.prop([fc.stringMatching(/^[ \t\n\r]{0,40}[^ \t\n\r]?[ \t\n\r]{0,9}$/), fc.nat(8)], { numRuns: 500 })(
    "stops at the first non-whitespace byte, as a byte-by-byte loop does",
    (text, from) => {
      const b = enc.encode(text);
      const p = Math.min(from, b.length);
      let want = p;
      while (want < b.length && WS[b[want]!] === 1) want++;
      expect(skipWsRun(b, new DataView(b.buffer), p)).toBe(want);
    },
  );
});
