/**
 * Properties of marshal's value checks, on generated Go types:
 * - a well-typed value with one misfit placed anywhere (a wrong JS type, an integer out of range
 *   or with a fraction, a missing field, a wrong array length, a plain object for a map, a bad
 *   map key) is an InvalidValueError naming exactly that place, on every path and option set;
 * - any value at all (fast-check's `anything`) either marshals to valid JSON or throws a JsonError:
 *   never another error, never invalid JSON.
 */
import { fc, test } from "@fast-check/vitest";
import {
  arrayOf,
  GoTime,
  type GoType,
  JsonNumber,
  jsonNumber,
  mapOf,
  named,
  pointerTo,
  sliceOf,
  structOf,
  T,
  timeTime,
  typeString,
} from "@gojson/gotype";
import { valid } from "@gojson/jsontext";
import { afterEach, describe, expect } from "vitest";
import {
  defaultOptionsV1,
  InvalidValueError,
  JsonError,
  marshal,
  marshalToString,
  type Options,
} from "./index.js";
import { fastMarshal } from "./marshal-fast.js";

const RUNS = { numRuns: Number(process.env.FAST_RUNS ?? 200) };

/** A type, its well-typed values, and misfits with the Go path suffix where they sit. */
interface Gen {
  t: GoType;
  good: fc.Arbitrary<unknown>;
  bad: fc.Arbitrary<[unknown, string]> | undefined;
}

const at = (xs: unknown[]): fc.Arbitrary<[unknown, string]> => fc.constantFrom(...xs).map((x) => [x, ""]);
const date = GoTime.parse("2024-01-02T03:04:05.000000005+01:00");

const LEAVES: Gen[] = [
  { t: T.bool, good: fc.boolean(), bad: at(["true", 1, null, 1n]) },
  { t: T.string, good: fc.string({ maxLength: 6 }), bad: at([1, null, true, ["a"], 1n]) },
  {
    t: T.int8,
    good: fc.integer({ min: -128, max: 127 }),
    bad: at([128, -129, 1.5, Number.NaN, 1n, "1", null]),
  },
  {
    t: T.int32,
    good: fc.integer(),
    bad: at([2 ** 31, -(2 ** 31) - 1, 0.5, "1", 1n, null, Number.POSITIVE_INFINITY]),
  },
  { t: T.uint16, good: fc.integer({ min: 0, max: 65535 }), bad: at([-1, 65536, 0.5, 1n]) },
  { t: T.uint32, good: fc.integer({ min: 0, max: 2 ** 32 - 1 }), bad: at([-1, 2 ** 32, 1.25]) },
  {
    t: T.int64,
    good: fc.bigInt({ min: -(1n << 63n), max: (1n << 63n) - 1n }),
    bad: at([1, "1", 1n << 63n, -(1n << 63n) - 1n, null, 1.5]),
  },
  { t: T.uint64, good: fc.bigInt({ min: 0n, max: (1n << 64n) - 1n }), bad: at([-1n, 1n << 64n, 1, "18"]) },
  { t: T.float64, good: fc.double({ noNaN: true, noDefaultInfinity: true }), bad: at(["1", 1n, null, true]) },
  {
    t: T.float32,
    good: fc.float({ noNaN: true, noDefaultInfinity: true }),
    bad: at([1e39, -1e40, "1", null]),
  },
  {
    t: sliceOf(T.byte),
    good: fc.oneof(fc.constant(null), fc.uint8Array({ maxLength: 4 })),
    bad: at([[1], "AQ==", {}, 5]),
  },
  { t: T.any, good: fc.jsonValue({ maxDepth: 2 }), bad: undefined },
  { t: timeTime, good: fc.constant(date), bad: at([new Date(0), "2020-01-01T00:00:00Z", null, {}]) },
  { t: jsonNumber, good: fc.constant(new JsonNumber("1.5")), bad: at([1.5, null, {}, 2n]) },
];

const KEYS = ["a", "b", "k0", "é", "x y"];

function gen(depth: number): fc.Arbitrary<Gen> {
  const leaf = fc.constantFrom(...LEAVES);
  if (depth <= 0) return leaf;
  const sub = gen(depth - 1);
  return fc.oneof(
    { weight: 2, arbitrary: leaf },
    sub.map((g): Gen => {
      const t = sliceOf(g.t);
      const elems = fc.array(g.good, { maxLength: 3 });
      const badElem =
        g.bad === undefined
          ? undefined
          : fc.tuple(elems, g.bad, fc.nat()).map(([xs, [b, p], i]): [unknown, string] => {
              const k = i % (xs.length + 1);
              const out = [...xs];
              out.splice(k, 0, b);
              return [out, `[${k}]${p}`];
            });
      const badSelf = at(["abc", {}, new Map(), 5, undefined]);
      return {
        t,
        good: fc.oneof(fc.constant(null), elems),
        bad: badElem ? fc.oneof(badSelf, badElem) : badSelf,
      };
    }),
    fc.tuple(sub, fc.integer({ min: 1, max: 3 })).map(([g, n]): Gen => {
      const t = arrayOf(n, g.t);
      const elems = fc.array(g.good, { minLength: n, maxLength: n });
      const badLen = fc
        .array(g.good, { minLength: n + 1, maxLength: n + 2 })
        .map((xs): [unknown, string] => [xs, ""]);
      const badElem =
        g.bad === undefined
          ? undefined
          : fc.tuple(elems, g.bad, fc.nat()).map(([xs, [b, p], i]): [unknown, string] => {
              const k = i % n;
              const out = [...xs];
              out[k] = b;
              return [out, `[${k}]${p}`];
            });
      return { t, good: elems, bad: badElem ? fc.oneof(badLen, badElem) : badLen };
    }),
    sub.map((g): Gen => {
      const t = mapOf(T.string, g.t);
      const entries = fc.uniqueArray(fc.tuple(fc.constantFrom(...KEYS), g.good), {
        maxLength: 3,
        selector: (e) => e[0],
      });
      const badValue =
        g.bad === undefined
          ? undefined
          : fc
              .tuple(entries, g.bad)
              .map(([es, [b, p]]): [unknown, string] => [
                new Map([...es.filter((e) => e[0] !== "bad"), ["bad", b]]),
                `["bad"]${p}`,
              ]);
      const badSelf = at([{ a: 1 }, [], undefined, "m"]);
      const badKey = fc
        .tuple(entries, g.good)
        .map(([es, v]): [unknown, string] => [new Map<unknown, unknown>([...es, [7, v]]), ""]);
      return {
        t,
        good: fc.oneof(
          fc.constant(null),
          entries.map((es) => new Map(es)),
        ),
        bad: badValue ? fc.oneof(badSelf, badKey, badValue) : fc.oneof(badSelf, badKey),
      };
    }),
    sub.map((g): Gen => {
      const badSelf = at([undefined]);
      return {
        t: pointerTo(g.t),
        good: fc.oneof(fc.constant(null), g.good),
        // A null misfit of the element is a nil pointer (fine): left out here.
        bad:
          g.bad === undefined
            ? badSelf
            : fc.oneof(
                badSelf,
                g.bad.filter(([b, p]) => !(b === null && p === "")),
              ),
      };
    }),
    fc
      .uniqueArray(fc.tuple(fc.constantFrom("A", "B", "C", "D"), fc.constantFrom("", ",omitempty"), sub), {
        minLength: 1,
        maxLength: 3,
        selector: (x) => x[0],
      })
      .map((fields): Gen => {
        const t = named(
          "S",
          structOf(
            fields.map(([n, opt, g]) => ({ name: n, type: g.t, tag: opt === "" ? "" : `json:"${opt}"` })),
          ),
        );
        const good = fc.record(Object.fromEntries(fields.map(([n, , g]) => [n, g.good])));
        const choices: fc.Arbitrary<[unknown, string]>[] = [at(["s", null, [1], 3])];
        fields.forEach(([n, , g], i) => {
          // The field left out, or a misfit in it.
          choices.push(
            good.map((v): [unknown, string] => {
              const o = { ...(v as object) } as Record<string, unknown>;
              delete o[n];
              return [o, `.${n}`];
            }),
          );
          const gb = g.bad;
          if (gb !== undefined)
            choices.push(
              fc
                .tuple(good, gb)
                .map(([v, [b, p]]): [unknown, string] => [{ ...(v as object), [n]: b }, `.${n}${p}`]),
            );
          void i;
        });
        return { t, good, bad: fc.oneof(...choices) };
      }),
  );
}

const OPTIONS: (Options | undefined)[] = [
  undefined,
  defaultOptionsV1(),
  { deterministic: true },
  { multiline: true },
  { formatNilSliceAsNull: true, formatNilMapAsNull: true },
];

/** Types with a misfit generator, and a misfit with its full Go path. */
const misfit = gen(3)
  .filter((g) => g.bad !== undefined)
  .chain((g) => fc.tuple(fc.constant(g.t), g.good, g.bad as fc.Arbitrary<[unknown, string]>));

afterEach(() => {
  fastMarshal.enabled = true;
});

function rootName(t: GoType): string {
  return t.name ?? typeString(t);
}

/** v1 writes [N]byte as numbers: none are generated ([N]T elements are never bytes here). */
describe("marshal checks values against their Go type", () => {
  test.prop([misfit, fc.constantFrom(...OPTIONS)], RUNS)(
    "a misfit anywhere is an InvalidValueError naming its Go path, on every path",
    ([t, goodValue, [bad, path]], o) => {
      // The well-typed value marshals to valid JSON.
      expect(valid(marshal(t, goodValue, o))).toBe(true);
      const want = `${rootName(t)}${path}`;
      for (const run of [
        () => marshal(t, bad, o),
        () => marshalToString(t, bad, o),
        () => {
          fastMarshal.enabled = false;
          try {
            return marshal(t, bad, o);
          } finally {
            fastMarshal.enabled = true;
          }
        },
      ]) {
        let err: unknown;
        let out: unknown;
        try {
          out = run();
        } catch (e) {
          err = e;
        }
        expect(out).toBeUndefined();
        expect(InvalidValueError.isInstance(err)).toBe(true);
        expect((err as InvalidValueError).goPath).toBe(want);
      }
    },
  );

  test.prop(
    [
      gen(3),
      fc.anything({ withBigInt: true, withMap: true, withTypedArray: true, withNullPrototype: true }),
      fc.constantFrom(...OPTIONS),
    ],
    RUNS,
  )("any value: valid JSON or a JsonError, never invalid JSON nor another error", (g, v, o) => {
    for (const fast of [true, false]) {
      fastMarshal.enabled = fast;
      let out: Uint8Array | undefined;
      let err: unknown;
      try {
        out = marshal(g.t, v, o);
      } catch (e) {
        err = e;
      }
      if (out === undefined)
        expect(JsonError.isInstance(err), String((err as Error)?.stack ?? err)).toBe(true);
      else expect(valid(out), `${fast} ${new TextDecoder().decode(out)}`).toBe(true);
    }
  });
});
