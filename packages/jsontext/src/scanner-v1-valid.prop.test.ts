/**
 * checkValidV1 answers "valid" from the byte validator and runs Go v1's scanner only for the
 * error. The validator must accept exactly what the scanner accepts (the scanner's verdicts are
 * Go's: json-test-suite.test.ts), so both are compared here on near-JSON bytes: the grammar's
 * punctuation, literals, numbers, escapes (lone surrogates too), control characters, invalid
 * UTF-8 and nesting at Go's limit.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_NESTING_DEPTH } from "./limits.js";
import { checkValidV1, scanValidV1 } from "./scanner-v1.js";

const enc = new TextEncoder();

/** Pieces of JSON text and of almost-JSON text. */
const PIECES = [
  "{",
  "}",
  "[",
  "]",
  ",",
  ":",
  '"',
  '"a"',
  '"a":',
  "\\",
  "\\u",
  "\\ud800",
  "\\udc00",
  "\\n",
  "\\x",
  "u00e9",
  "0",
  "1",
  "-",
  "+",
  ".",
  "e",
  "E",
  "1.5e-3",
  "01",
  "true",
  "tru",
  "null",
  "false",
  " ",
  "\n",
  "\t",
  "\r",
  "\u00a0",
  "é",
  "\u0001",
  "\u007f",
];

/** Raw bytes no encoder writes: invalid UTF-8, a BOM, NUL. */
const RAW = [[0xff], [0xc0, 0x80], [0xed, 0xa0, 0x80], [0xe2, 0x82], [0xef, 0xbb, 0xbf], [0x00], [0x80]];

const nearJson = fc
  .array(
    fc.oneof(
      fc.constantFrom(...PIECES).map((p) => [...enc.encode(p)]),
      fc.constantFrom(...RAW),
    ),
    {
      maxLength: 40,
    },
  )
  .map((parts) => new Uint8Array(parts.flat()));

/** A value that nests `depth` arrays or objects around 1. */
function nested(depth: number, open: string, close: string): Uint8Array {
  return enc.encode(`${open.repeat(depth)}1${close.repeat(depth)}`);
}

describe("checkValidV1's validator and Go v1's scanner", () => {
  it("SameVerdict/NearJson", () => {
    fc.assert(
      fc.property(nearJson, (b) => {
        expect(checkValidV1(b) === null).toBe(scanValidV1(b) === null);
      }),
      { numRuns: 20_000 },
    );
  });

  it("SameVerdict/Json", () => {
    fc.assert(
      fc.property(fc.json(), (j) => {
        const b = enc.encode(j);
        expect(checkValidV1(b)).toBeNull();
        expect(scanValidV1(b)).toBeNull();
      }),
      { numRuns: 2_000 },
    );
  });

  it.each([
    ["arrays", "[", "]"],
    ["objects", '{"a":', "}"],
  ])("SameVerdict/NestingLimit/%s", (_name, open, close) => {
    for (const depth of [MAX_NESTING_DEPTH - 1, MAX_NESTING_DEPTH, MAX_NESTING_DEPTH + 1]) {
      const b = nested(depth, open, close);
      const want = depth <= MAX_NESTING_DEPTH;
      expect(scanValidV1(b) === null).toBe(want);
      expect(checkValidV1(b) === null).toBe(want);
    }
  });

  it("ErrorsStayTheScanners", () => {
    const b = enc.encode('{"a": [1, 2,]}');
    expect(checkValidV1(b)?.message).toBe(scanValidV1(b)?.message);
    expect(checkValidV1(b)?.offset).toBe(13);
  });
});
