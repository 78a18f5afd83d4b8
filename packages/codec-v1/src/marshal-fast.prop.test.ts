/**
 * Differential property of marshal's byte path (./marshal-fast.ts): on
 * generated Go types (@gojson/gotype/arbitrary) and values, odd ones included
 * (-0, NaN, ±Inf, int64 past 2^53, lone surrogates, `<>&`, U+2028/U+2029,
 * control characters, long strings with and without escapes, 3- and 4-byte
 * UTF-8, values of the wrong JS type), with escapeHTML on and off, marshal
 * with the byte path gives exactly the general encoder's bytes, or the same
 * error.
 */
import { fc, test } from "@fast-check/vitest";
import { type GoType, sliceOf, T } from "@gojson/gotype";
import { goTypeArbitrary } from "@gojson/gotype/arbitrary";
import { afterAll, afterEach, beforeAll, describe, expect } from "vitest";
import { marshal } from "./index.js";
import { fastPaths } from "./marshal.js";
import { rootByteEncoderFor } from "./marshal-fast.js";

const stringType = T.string;
const stringSlice = sliceOf(T.string);
const RUNS = {
  numRuns: Number(process.env.GOJSON_PROP_RUNS ?? 200),
  endOnFailure: process.env.END_ON_FAILURE === "1",
};
const MAX_DEPTH = 3;

/** One marshal: its bytes as hex, or its error's class and message. */
function outcome(t: GoType, v: unknown, escapeHTML: boolean, bytes: boolean): string {
  fastPaths.bytes = bytes;
  try {
    return `ok ${Buffer.from(marshal(t, v, { escapeHTML })).toString("hex")}`;
  } catch (e) {
    return `err ${(e as Error).name}: ${(e as Error).message}`;
  } finally {
    fastPaths.bytes = true;
  }
}

afterEach(() => {
  fastPaths.bytes = true;
});
beforeAll(() => {
  fastPaths.strict = true;
});
afterAll(() => {
  fastPaths.strict = false;
});

const surrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));
const piece = fc.oneof(
  fc.string({ maxLength: 6 }),
  fc.string({ unit: "binary", maxLength: 6 }),
  fc.string({ unit: "grapheme", maxLength: 4 }),
  fc.constantFrom(
    "<a&b>",
    "\u2028",
    "\u2029",
    '"\\\n\t\r\b\f\u0000\u001f\u007f',
    "\ud83d\ude00",
    "é",
    "日本",
    "\ufffd",
    "\u00e2\u0080\u00a8",
    "__proto__",
  ),
  surrogate,
);
/** Strings short and long (the byte path has separate short and long writers). */
const text = fc.oneof(
  { weight: 3, arbitrary: piece },
  { weight: 2, arbitrary: fc.array(piece, { maxLength: 12 }).map((a) => a.join("")) },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.string({ minLength: 30, maxLength: 80 }), piece).map(([a, b]) => a + b),
  },
);
const oddNumber = fc.constantFrom(-0, 0, Number.NaN, Number.POSITIVE_INFINITY, -1e21, 1e21, 1e-7, 5e-324);

const anyValue: fc.Arbitrary<unknown> = fc.letrec<{ any: unknown }>((tie) => ({
  any: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constantFrom(null, undefined, true, false, 1.5, 2n ** 60n, 3n),
    oddNumber,
    fc.double(),
    text,
    fc.array(tie("any"), { maxLength: 3 }),
    fc.dictionary(text, tie("any"), { maxKeys: 3 }),
    fc.array(fc.tuple(text, tie("any")), { maxLength: 2 }).map((e) => new Map(e)),
    fc.uint8Array({ maxLength: 4 }),
  ),
})).any;

/**
 * A value of type `t`, mostly well typed, sometimes odd. (Pointers are always
 * nil or a value of their element, and the odd string is empty: a non-nil
 * value of `type P *P`, or "x" as a `type A [1]*A` ("x"[0] is "x"), would be
 * an endless chain the encoders follow forever.)
 */
function valueArb(t: GoType, depth: number): fc.Arbitrary<unknown> {
  const deep = depth >= MAX_DEPTH;
  const typed = typedArb(t, depth, deep);
  if (t.kind === "pointer") return typed;
  return fc.oneof({ weight: 12, arbitrary: typed }, fc.constantFrom(null, undefined, "", 1, 1n, -0));
}

function typedArb(t: GoType, depth: number, deep: boolean): fc.Arbitrary<unknown> {
  switch (t.kind) {
    case "bool":
      return fc.boolean();
    case "int8":
    case "int16":
    case "int32":
    case "uint8":
    case "uint16":
    case "uint32":
      return fc.oneof(fc.integer({ min: 0, max: 255 }), fc.integer(), oddNumber);
    case "int":
    case "int64":
    case "uint":
    case "uint64":
    case "uintptr":
      return fc.oneof(
        fc.bigInt({ min: -(2n ** 63n), max: 2n ** 64n - 1n }),
        fc.bigInt({ min: -1000n, max: 1000n }),
        fc.integer(),
      );
    case "float32":
      return fc.oneof(fc.float(), oddNumber);
    case "float64":
      return fc.oneof({ weight: 4, arbitrary: fc.double() }, oddNumber);
    case "string":
      return text;
    case "interface":
      return deep ? fc.constant(null) : anyValue;
    case "pointer":
      return deep ? fc.constant(null) : fc.option(valueArb(t.elem, depth + 1), { nil: null });
    case "slice":
      if (t.elem.kind === "uint8") return fc.option(fc.uint8Array({ maxLength: 5 }), { nil: null });
      if (deep) return fc.constant(null);
      return fc.option(fc.array(valueArb(t.elem, depth + 1), { maxLength: 3 }), { nil: null });
    case "array":
      return fc.array(valueArb(t.elem, depth + 1), { minLength: t.len, maxLength: t.len });
    case "map": {
      if (deep) return fc.constant(null);
      const k = t.key;
      const keyArb: fc.Arbitrary<unknown> | null =
        k.kind === "string"
          ? text
          : /^u?int(\d+|ptr)?$/.test(k.kind)
            ? fc.oneof(fc.integer({ min: -20, max: 20 }), fc.bigInt({ min: -20n, max: 20n }))
            : null;
      if (keyArb === null) return fc.constant(null);
      return fc.option(
        fc.oneof(
          fc.array(fc.tuple(keyArb, valueArb(t.elem, depth + 1)), { maxLength: 4 }).map((es) => new Map(es)),
          fc.dictionary(text, valueArb(t.elem, depth + 1), { maxKeys: 3 }),
        ),
        { nil: null },
      );
    }
    case "struct": {
      const rec: Record<string, fc.Arbitrary<unknown>> = {};
      for (const f of t.fields) rec[f.name] = valueArb(f.type, depth + 1);
      return fc.record(rec);
    }
    default:
      return fc.constant(null);
  }
}

const typeAndValue = goTypeArbitrary({ maxDepth: 3, known: false }).chain((t) =>
  fc.tuple(fc.constant(t), valueArb(t, 0)),
);

describe("marshal byte path", () => {
  let cases = 0;
  let ok = 0;
  let taken = 0;
  test.prop([typeAndValue, fc.boolean()], RUNS)(
    "equals the general encoder (bytes or error)",
    ([t, v], html) => {
      cases++;
      const exact = outcome(t, v, html, false);
      if (exact.startsWith("ok ")) ok++;
      if (rootByteEncoderFor(t) !== null) taken++;
      expect(outcome(t, v, html, true)).toBe(exact);
    },
  );
  test.prop([fc.array(text, { maxLength: 6 }), fc.boolean()], RUNS)(
    "strings and []string equal the general encoder",
    (a, html) => {
      for (const [type, v] of [
        [stringType, a.join("")],
        [stringSlice, a],
      ] as const)
        expect(outcome(type, v, html, true)).toBe(outcome(type, v, html, false));
    },
  );
  afterAll(() => {
    // The generators must reach successful marshals often, or the property proves little.
    expect(ok).toBeGreaterThan(cases / 4);
    expect(taken).toBeGreaterThan(cases / 4);
    if (process.env.SHOW_COUNTS) console.log({ cases, ok, taken });
  });
});
