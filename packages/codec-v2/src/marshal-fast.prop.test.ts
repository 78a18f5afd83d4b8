/**
 * Differential property of the fast marshal path: on generated Go types and
 * values (odd values included: -0, NaN, int64 past 2^53, lone surrogates,
 * index-like and `__proto__` map keys, undefined under any, values of the
 * wrong JS type) and under several option sets, marshal with the fast path
 * gives exactly the exact encoder's bytes, or the same error.
 */
import { fc, test } from "@fast-check/vitest";
import { arrayOf, type GoType, mapOf, named, pointerTo, sliceOf, structOf, T } from "@gojson/gotype";
import { afterAll, afterEach, describe, expect } from "vitest";
import { defaultOptionsV1, marshal, marshalToString, type Options, resolveOptions } from "./index.js";
import { fastEncoderFor, fastMarshal } from "./marshal-fast.js";

const RUNS = { numRuns: Number(process.env.FAST_RUNS ?? 150) };

/** One marshal: its text, or its error's class and message. */
function outcome(t: GoType, v: unknown, o: Options | Options[] | undefined, fast: boolean): string {
  fastMarshal.enabled = fast;
  let text: string;
  let bytes: Uint8Array;
  try {
    text = marshalToString(t, v, o);
    bytes = marshal(t, v, o);
  } catch (e) {
    return `err ${(e as Error).name}: ${(e as Error).message}`;
  } finally {
    fastMarshal.enabled = true;
  }
  // marshal's bytes (the fast path writes them without a joined string) are the text's UTF-8.
  expect(Buffer.from(bytes).equals(Buffer.from(text))).toBe(true);
  return `ok ${text}`;
}

afterEach(() => {
  fastMarshal.enabled = true;
});

const OPTION_SETS: (Options | Options[] | undefined)[] = [
  undefined,
  defaultOptionsV1(),
  { deterministic: true },
  { escapeForHTML: true, escapeForJS: true },
  { allowInvalidUTF8: true },
  { stringifyNumbers: true },
  { formatNilSliceAsNull: true, formatNilMapAsNull: true },
  { omitZeroStructFields: true },
  { omitEmptyWithLegacySemantics: true, stringifyWithLegacySemantics: true },
  { multiline: true, withIndent: "  " },
];

const surrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));
const text = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc.string({ unit: "binary", maxLength: 6 }),
  fc.constantFrom("", "<a&b>", "\u2028\u2029", '"\\\n\t\u0000\u001f\u007f', "\ud83d\ude00", "__proto__"),
  fc.tuple(fc.string({ maxLength: 3 }), surrogate).map(([a, b]) => a + b),
  // Long strings (the byte path writes them natively): plain, non-ASCII, with escapes, with a lone surrogate.
  fc.string({ minLength: 30, maxLength: 60 }),
  fc.string({ unit: "grapheme", minLength: 20, maxLength: 50 }),
  fc
    .tuple(
      fc.string({ unit: "binary", minLength: 30, maxLength: 50 }),
      fc.constantFrom("", '"', "\\", "\n", "\u0001", "\u00e9", "\u20ac"),
    )
    .map(([a, b]) => a + b),
  fc.tuple(fc.string({ minLength: 33, maxLength: 40 }), surrogate).map(([a, b]) => b + a),
);
const key = fc.oneof(
  text,
  fc.constantFrom("0", "1", "7", "10", "01", "4294967295", "-1", "__proto__", "toJSON"),
);
const goName = fc.constantFrom("A", "B", "C", "D", "E");
const jsonName = fc.oneof(
  fc.constantFrom("", "a", "b", "x-y", "1", "2", "__proto__", "a<b", "\u2028"),
  fc.string({ maxLength: 4 }).filter((s) => !/[,"`\\:\s]/.test(s)),
);
const tagOpts = fc.subarray(
  ["omitempty", "omitzero", "string", "format:emitnull", "format:nonfinite", "format:hex"],
  {
    maxLength: 2,
  },
);

interface Gen {
  t: GoType;
  v: fc.Arbitrary<unknown>;
}

const anyValue: fc.Arbitrary<unknown> = fc.letrec<{ any: unknown }>((tie) => ({
  any: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constantFrom(null, undefined, true, false, -0, 0, 1.5, 1e21, 5e-324, 2n ** 60n, 3n),
    fc.double(),
    text,
    fc.array(tie("any"), { maxLength: 3 }),
    fc.dictionary(key, tie("any"), { maxKeys: 3 }),
    fc.array(fc.tuple(key, tie("any")), { maxLength: 2 }).map((e) => new Map(e)),
    fc.uint8Array({ maxLength: 4 }),
  ),
})).any;

/**
 * A float64 the byte path writes digit by digit: any double (-0, NaN and ±Inf included), edge
 * magnitudes, short decimals, and 15 to 17 digit values at magnitudes from 1e-6 to 1e16.
 */
const float = fc.oneof(
  fc.double(),
  fc.constantFrom(-0, 0, 2.5, 1e21, 1e-7, 1e-6, 1e-5, 5e-324, 1e15, 2 ** 53, 2 ** 53 + 2, 0.1, 1 / 3),
  fc
    .tuple(fc.integer({ min: -99999999, max: 99999999 }), fc.integer({ min: 0, max: 10 }))
    .map(([m, k]) => m / 10 ** k),
  fc
    .tuple(fc.double({ min: 1, max: 10, noNaN: true }), fc.integer({ min: -6, max: 16 }), fc.boolean())
    .map(([m, e, neg]) => (neg ? -m : m) * 10 ** e),
);
const floats = fc.array(float, { maxLength: 4 });

function leaf(): fc.Arbitrary<Gen> {
  return fc.constantFrom<Gen>(
    { t: T.bool, v: fc.oneof(fc.boolean(), fc.constantFrom(0, "x")) },
    { t: T.string, v: fc.oneof(text, fc.constantFrom(1, null)) },
    { t: T.int8, v: fc.oneof(fc.integer({ min: -128, max: 127 }), fc.constantFrom(Number.NaN, 1n)) },
    { t: T.int32, v: fc.integer() },
    { t: T.int64, v: fc.oneof(fc.bigInt({ min: -(1n << 63n), max: (1n << 63n) - 1n }), fc.constant(7)) },
    { t: T.uint64, v: fc.bigInt({ min: 0n, max: (1n << 64n) - 1n }) },
    { t: T.float32, v: fc.float() },
    { t: T.float64, v: fc.oneof(fc.double(), fc.constantFrom(-0, 0, 1e-7, "1")) },
    { t: T.any, v: anyValue },
    { t: sliceOf(T.uint8), v: fc.oneof(fc.uint8Array({ maxLength: 5 }), fc.constant(null)) },
    // Numeric lists the byte path writes in one native call after a check pass.
    {
      t: sliceOf(sliceOf(T.float64)),
      v: fc.oneof(fc.constant(null), fc.array(fc.oneof(fc.constant(null), floats), { maxLength: 3 })),
    },
    {
      t: sliceOf(arrayOf(2, T.float64)),
      v: fc.array(
        fc.oneof(
          { weight: 6, arbitrary: fc.array(float, { minLength: 2, maxLength: 2 }) },
          // Wrong lengths and nil: the byte path bails, as the exact encoder reports an error.
          fc.array(float, { maxLength: 3 }),
          fc.constant(null),
        ),
        { maxLength: 3 },
      ),
    },
    { t: sliceOf(T.float64), v: fc.oneof(fc.constant(null), floats) },
    {
      t: sliceOf(T.int64),
      v: fc.oneof(
        fc.constant(null),
        fc.array(
          fc.oneof(
            fc.bigInt({ min: -(1n << 63n), max: (1n << 63n) - 1n }),
            fc.bigInt({ min: -(1n << 54n), max: 1n << 54n }),
            fc.integer(),
            fc.constantFrom(
              -0,
              Number.NaN,
              "1",
              1.5,
              2 ** 53,
              -(2 ** 53) + 1,
              1n << 53n,
              -(1n << 53n) + 1n,
              1n << 70n,
            ),
          ),
          { maxLength: 4 },
        ),
      ),
    },
    { t: sliceOf(T.int16), v: fc.array(fc.integer({ min: -32768, max: 32767 }), { maxLength: 4 }) },
  );
}

/** Integer map key types and their keys (out of range and of the wrong JS type now and then). */
const intKey = fc.constantFrom<Gen>(
  { t: T.int8, v: fc.oneof(fc.integer({ min: -128, max: 127 }), fc.constantFrom(128, -0, 1.5, 1n, "1")) },
  { t: named("K", T.uint16), v: fc.oneof(fc.integer({ min: 0, max: 65535 }), fc.constant(-1)) },
  { t: T.uint32, v: fc.oneof(fc.integer({ min: 0, max: 2 ** 32 - 1 }), fc.constant(2 ** 32)) },
  {
    t: T.int64,
    v: fc.oneof(
      fc.bigInt({ min: -(1n << 63n), max: (1n << 63n) - 1n }),
      fc.bigInt({ min: -20n, max: 20n }),
      fc.constantFrom(1n << 53n, -(1n << 53n), 1n << 63n, 7),
    ),
  },
  {
    t: T.uint64,
    v: fc.oneof(fc.bigInt({ min: 0n, max: (1n << 64n) - 1n }), fc.constantFrom(-1n, 1n << 64n)),
  },
);

function gen(depth: number): fc.Arbitrary<Gen> {
  if (depth <= 0) return leaf();
  const sub = gen(depth - 1);
  return fc.oneof(
    leaf(),
    sub.map((g) => ({ t: sliceOf(g.t), v: fc.oneof(fc.constant(null), fc.array(g.v, { maxLength: 3 })) })),
    fc.tuple(sub, fc.integer({ min: 0, max: 2 })).map(([g, n]) => ({
      t: arrayOf(n, g.t),
      v: fc.array(g.v, { minLength: n, maxLength: n }),
    })),
    sub.map((g) => ({
      t: mapOf(T.string, g.t),
      v: fc.oneof(
        fc.constant(null),
        fc.array(fc.tuple(key, g.v), { maxLength: 3 }).map((e) => new Map(e)),
      ),
    })),
    fc.tuple(sub, intKey).map(([g, k]) => ({
      t: mapOf(k.t, g.t),
      v: fc.oneof(
        fc.constant(null),
        fc.array(fc.tuple(k.v, g.v), { maxLength: 4 }).map((e) => new Map(e)),
      ),
    })),
    sub.map((g) => ({ t: pointerTo(g.t), v: fc.oneof(fc.constant(null), g.v) })),
    fc
      .uniqueArray(fc.tuple(goName, jsonName, tagOpts, sub), {
        minLength: 1,
        maxLength: 4,
        selector: (x) => x[0],
      })
      .map((fields) => {
        const t = named(
          "S",
          structOf(
            fields.map(([n, j, opts, g]) => ({
              name: n,
              type: g.t,
              tag: `json:"${[j, ...opts].join(",")}"`,
            })),
          ),
        );
        const v = fc.record(Object.fromEntries(fields.map(([n, , , g]) => [n, g.v])));
        return { t, v };
      }),
  );
}

const typeAndValue = gen(3).chain((g) => fc.tuple(fc.constant(g.t), g.v));

describe("marshal fast path", () => {
  let cases = 0;
  let taken = 0;
  let written = 0;
  test.prop([typeAndValue, fc.constantFrom(...OPTION_SETS)], RUNS)(
    "equals the exact encoder (bytes or error)",
    ([t, v], o) => {
      cases++;
      const exact = outcome(t, v, o, false);
      expect(outcome(t, v, o, true)).toBe(exact);
      // When the fast path answers by itself, the exact encoder succeeds with the same (compact) text.
      const enc = fastEncoderFor(t, resolveOptions(o));
      // The byte path's own bytes, when it answers, are the exact encoder's.
      const bytes = enc?.written(v);
      if (bytes !== undefined) {
        written++;
        expect(`ok ${new TextDecoder().decode(bytes)}`).toBe(exact);
      }
      const fast = enc?.text(v);
      if (fast !== undefined) {
        taken++;
        expect(exact.startsWith("ok ")).toBe(true);
        if (!Array.isArray(o) && !o?.multiline) expect(`ok ${fast}`).toBe(exact);
      }
    },
  );
  afterAll(() => {
    // The generators must keep the fast path busy, or the property proves nothing.
    expect(taken).toBeGreaterThan(cases / 5);
    expect(written).toBeGreaterThan(cases / 10);
  });
});
