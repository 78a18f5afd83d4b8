/**
 * Chunking invariance of AsyncValueStream: whatever the split of the input into chunks, decoding
 * its top-level values gives exactly what the in-memory ValueStream gives over the whole input
 * (the same values, then the same EOF or error text, offsets counted from the stream's start).
 */
import { fc, test } from "@fast-check/vitest";
import { type GoType, named, sliceOf, structOf, T } from "@gojson/gotype";
import { describe, expect } from "vitest";
import { AsyncValueStream, marshalToString, unmarshalDecode, ValueStream } from "./index.js";

const RUNS = { numRuns: Number(process.env.FAST_RUNS ?? 150) };

const Event = named(
  "Event",
  structOf([
    { name: "ID", type: T.int64, tag: 'json:"id"' },
    { name: "Kind", type: T.string, tag: 'json:"kind,omitempty"' },
    { name: "Tags", type: sliceOf(T.string), tag: 'json:"tags"' },
  ]),
);

const value = fc.oneof(
  { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)) },
  {
    weight: 3,
    arbitrary: fc
      .record({
        id: fc.integer(),
        kind: fc.string({ maxLength: 4 }),
        tags: fc.array(fc.string({ maxLength: 3 })),
      })
      .map((v) => JSON.stringify(v)),
  },
  // Odd or broken values: Go's error texts and offsets must come through the windows.
  fc.constantFrom(
    "1x",
    "tru",
    '{"a":',
    "[1,]",
    '"\\u00e9\\ud800"',
    "}",
    ",",
    '{"id":"x"}',
    "\u00e9",
    "nul",
    '"é"',
  ),
);
const space = fc.constantFrom("", " ", "\n", "\r\n", "\t ", "  \n ");
const text = fc
  .array(fc.tuple(space, value), { maxLength: 6 })
  .chain((parts) => space.map((tail) => parts.map(([s, v]) => s + v).join("") + tail));

function splitAt(b: Uint8Array, cuts: number[]): Uint8Array[] {
  const at = [...new Set(cuts.map((c) => c % (b.length + 1)))].sort((x, y) => x - y);
  const out: Uint8Array[] = [];
  let last = 0;
  for (const c of at) {
    out.push(b.subarray(last, c));
    last = c;
  }
  out.push(b.subarray(last));
  return out;
}

function show(t: GoType, v: unknown): string {
  return marshalToString(t, v, { deterministic: true });
}

const LIMIT = 10;

describe("AsyncValueStream over any split gives ValueStream's answers", () => {
  test.prop([text, fc.array(fc.nat(), { maxLength: 8 }), fc.constantFrom<GoType>(T.any, Event)], RUNS)(
    "values, then EOF or the same error",
    async (s, cuts, t) => {
      const b = new TextEncoder().encode(s);
      const want: string[] = [];
      const whole = new ValueStream(b);
      for (let i = 0; i < LIMIT; i++) {
        try {
          want.push(show(t, unmarshalDecode(whole, t)));
        } catch (e) {
          want.push(`${(e as Error).name}: ${(e as Error).message}`);
          break;
        }
      }
      const dec = new AsyncValueStream(splitAt(b, cuts));
      const got: string[] = [];
      for (let i = 0; i < LIMIT; i++) {
        try {
          got.push(show(t, await unmarshalDecode(dec, t)));
        } catch (e) {
          got.push(`${(e as Error).name}: ${(e as Error).message}`);
          break;
        }
      }
      expect(got).toEqual(want);
    },
  );
});
