import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { split, traceStream, traceWhole } from "../test/trace.js";

const enc = new TextEncoder();

/** JSON texts: valid documents, several top-level values, and damaged ones (cut short or with a byte changed). */
const texts = fc.oneof(
  fc.json().map((s) => enc.encode(s)),
  fc.array(fc.json(), { minLength: 1, maxLength: 4 }).map((a) => enc.encode(a.join(" "))),
  fc.tuple(fc.json(), fc.nat(), fc.constantFrom(...'{}[],:"\\ x1-e.\u00e9\n')).map(([s, i, c]) => {
    const b = enc.encode(s);
    const j = i % (b.length + 1);
    return new Uint8Array([...b.slice(0, j), ...enc.encode(c), ...b.slice(j + 1)]);
  }),
  fc.tuple(fc.json(), fc.nat()).map(([s, i]) => enc.encode(s).slice(0, i % (s.length + 1))),
);

describe("chunking invariance", () => {
  test.prop([texts, fc.array(fc.nat(), { maxLength: 8 }), fc.boolean()], { numRuns: 300 })(
    "any split gives the same tokens, errors and offsets as the whole-input Decoder",
    async (bytes, cuts, values) => {
      expect(await traceStream(split(bytes, cuts), values)).toEqual(traceWhole(bytes, values));
    },
  );
});
