/**
 * Property: marshal of wrongly shaped values (generated Go types, values of
 * the type with a wrong value here and there: strings for numbers, fractions
 * and out-of-range numbers for integers, numbers for bigints, undefined,
 * plain objects for maps, arrays of the wrong length, class instances, ...)
 * on every path (byte path, exact encoder, marshalIndent, Encoder) either
 * writes valid JSON or throws a JsonError (an InvalidValueError for the wrong
 * value, or Go's own error such as UnsupportedValueError for NaN), never
 * invalid JSON and never a raw TypeError; and every path gives the same
 * outcome.
 */
import { fc, test } from "@fast-check/vitest";
import type { GoType } from "@gojson/gotype";
import { goTypeArbitrary } from "@gojson/gotype/arbitrary";
import { JsonError } from "@gojson/jsontext";
import { afterAll, afterEach, describe, expect } from "vitest";
import { Encoder, InvalidValueError, marshal, marshalIndent } from "./index.js";
import { fastPaths } from "./marshal.js";

const RUNS = { numRuns: Number(process.env.GOJSON_PROP_RUNS ?? 300) };
const MAX_DEPTH = 3;
const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

afterEach(() => {
  fastPaths.bytes = true;
});

/** A value of some other shape than its type wants. */
const wrong: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(undefined, "", "x", "1", 1.5, -1, 2 ** 31, 2 ** 64, 300, 1, 1n, -1n, 2n ** 64n, true),
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, -0),
  fc.constant(null).map(() => ({ a: 1 })),
  fc.constant(null).map(() => [1, "a"]),
  fc.constant(null).map(() => new Map<unknown, unknown>([[1, 2]])),
  fc.constant(null).map(() => new Date(0)),
  fc.constant(null).map(() => new Uint8Array([1, 2])),
  fc.constant(null).map(() => [] as unknown[]),
);

function valueArb(t: GoType, depth: number): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 8, arbitrary: typedArb(t, depth) }, { weight: 1, arbitrary: wrong });
}

function typedArb(t: GoType, depth: number): fc.Arbitrary<unknown> {
  const deep = depth >= MAX_DEPTH;
  switch (t.kind) {
    case "bool":
      return fc.boolean();
    case "int8":
    case "int16":
    case "int32":
    case "uint8":
    case "uint16":
    case "uint32":
      return fc.integer({ min: 0, max: 127 });
    case "int":
    case "int64":
    case "uint":
    case "uint64":
    case "uintptr":
      return fc.bigInt({ min: 0n, max: 2n ** 63n - 1n });
    case "float32":
    case "float64":
      return fc.double({ noNaN: true, noDefaultInfinity: true });
    case "string":
      return fc.string({ maxLength: 8 });
    case "interface":
      return deep ? fc.constant(null) : fc.jsonValue({ maxDepth: 2 });
    case "pointer":
      // Never a non-nil value of `type P *P`-like chains: those nest forever.
      return deep || t.elem.kind === "pointer"
        ? fc.constant(null)
        : fc.option(valueArb(t.elem, depth + 1), { nil: null });
    case "slice":
      if (t.elem.kind === "uint8") return fc.option(fc.uint8Array({ maxLength: 4 }), { nil: null });
      return deep
        ? fc.constant(null)
        : fc.option(fc.array(valueArb(t.elem, depth + 1), { maxLength: 3 }), { nil: null });
    case "array":
      return fc.array(valueArb(t.elem, depth + 1), { minLength: t.len, maxLength: t.len });
    case "map": {
      if (deep) return fc.constant(null);
      const k = t.key.kind;
      const key: fc.Arbitrary<unknown> =
        k === "string"
          ? fc.string({ maxLength: 4 })
          : /^(int|int64|uint|uint64|uintptr)$/.test(k)
            ? fc.bigInt({ min: 0n, max: 100n })
            : fc.integer({ min: 0, max: 100 });
      return fc.option(
        fc
          .array(fc.tuple(fc.oneof({ weight: 8, arbitrary: key }, wrong), valueArb(t.elem, depth + 1)), {
            maxLength: 3,
          })
          .map((es) => new Map(es)),
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

/** A marshal path: bytes written, or the error thrown. */
type Path = (t: GoType, v: unknown) => Promise<Uint8Array>;
const paths: [string, Path][] = [
  ["bytes", async (t, v) => marshal(t, v)],
  [
    "exact",
    async (t, v) => {
      fastPaths.bytes = false;
      try {
        return marshal(t, v);
      } finally {
        fastPaths.bytes = true;
      }
    },
  ],
  ["indent", async (t, v) => marshalIndent(t, v, " ", "\t")],
  [
    "Encoder",
    async (t, v) => {
      const out: Uint8Array[] = [];
      await new Encoder((c) => out.push(c)).encode(t, v);
      return Buffer.concat(out);
    },
  ],
];

describe("marshal of wrongly shaped values", () => {
  let cases = 0;
  let invalid = 0;
  let written = 0;
  test.prop([typeAndValue], RUNS)("a JsonError or valid JSON, the same on every path", async ([t, v]) => {
    cases++;
    const outcomes: string[] = [];
    for (const [name, run] of paths) {
      let bytes: Uint8Array | undefined;
      let err: unknown;
      try {
        bytes = await run(t, v);
      } catch (e) {
        err = e;
      }
      let outcome: string;
      if (bytes !== undefined) {
        // Valid UTF-8 and valid JSON (a whole text; the Encoder adds a newline): these throw otherwise.
        JSON.parse(strictUtf8.decode(bytes));
        outcome = "ok";
        if (name === "bytes") written++;
      } else {
        expect(JsonError.isInstance(err), `${name}: ${String(err)}`).toBe(true);
        if (name === "bytes" && InvalidValueError.isInstance(err)) invalid++;
        outcome = `${(err as Error).name}: ${(err as Error).message}`;
      }
      outcomes.push(outcome);
    }
    expect(new Set(outcomes).size, outcomes.join("\n")).toBe(1);
  });
  afterAll(() => {
    // The generator must reach both outcomes often, or the property proves little.
    expect(invalid).toBeGreaterThan(cases / 10);
    expect(written).toBeGreaterThan(cases / 10);
  });
});
