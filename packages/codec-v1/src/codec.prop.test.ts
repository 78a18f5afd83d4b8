/**
 * Properties over generated Go types (@gojson/gotype/arbitrary) and values:
 * marshal → unmarshal → marshal is a fixpoint (the bytes Go would write for
 * the decoded value are the bytes we started from), and unmarshal never
 * throws anything but Go's errors on mangled input.
 */
import { fc, test } from "@fast-check/vitest";
import { GoTime, type GoType, JsonNumber } from "@gojson/gotype";
import { goTypeArbitrary } from "@gojson/gotype/arbitrary";
import { describe, expect } from "vitest";
import { GoError, JsonV1Error, marshal, UnsupportedTypeError, unmarshal } from "./index.js";
import { marshalToString } from "./marshal.js";

const MAX_DEPTH = 3;

/** Whether `t` holds a named pointer type to a type with UnmarshalJSON/UnmarshalText (see the fixpoint property). */
function hidesUnmarshalMethods(t: GoType, seen = new Set<GoType>()): boolean {
  if (seen.has(t)) return false;
  seen.add(t);
  switch (t.kind) {
    case "pointer":
      if (
        t.name !== undefined &&
        t.elem.methods !== undefined &&
        (t.elem.methods.UnmarshalJSON !== undefined || t.elem.methods.UnmarshalText !== undefined)
      )
        return true;
      return hidesUnmarshalMethods(t.elem, seen);
    case "slice":
    case "array":
      return hidesUnmarshalMethods(t.elem, seen);
    case "map":
      return hidesUnmarshalMethods(t.key, seen) || hidesUnmarshalMethods(t.elem, seen);
    case "struct":
      return t.fields.some((f) => hidesUnmarshalMethods(f.type, seen));
    default:
      return false;
  }
}
const utf8 = new TextEncoder();

function valueArb(t: GoType, depth: number): fc.Arbitrary<unknown> {
  const deep = depth >= MAX_DEPTH;
  switch (t.kind) {
    case "bool":
      return fc.boolean();
    case "int8":
      return fc.integer({ min: -128, max: 127 });
    case "int16":
      return fc.integer({ min: -32768, max: 32767 });
    case "int32":
      return fc.integer({ min: -2147483648, max: 2147483647 });
    case "uint8":
      return fc.integer({ min: 0, max: 255 });
    case "uint16":
      return fc.integer({ min: 0, max: 65535 });
    case "uint32":
      return fc.integer({ min: 0, max: 4294967295 });
    case "int":
    case "int64":
      return fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n });
    case "uint":
    case "uint64":
    case "uintptr":
      return fc.bigInt({ min: 0n, max: 2n ** 64n - 1n });
    case "float32":
      return fc.float({ noNaN: true, noDefaultInfinity: true });
    case "float64":
      return fc.oneof(
        { weight: 8, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
        { weight: 1, arbitrary: fc.constantFrom(-0, 1e21, 1e-7, 5e-324) },
      );
    case "string":
      if (t.known === "json.Number")
        return fc.constantFrom("0", "-1.5e3", "12", "0.25", "1E+2").map((s) => new JsonNumber(s));
      return fc.string({ unit: "binary", maxLength: 6 });
    case "interface":
      return deep ? fc.constant(null) : fc.jsonValue({ maxDepth: 2 });
    case "pointer":
      return deep ? fc.constant(null) : fc.option(valueArb(t.elem, depth + 1), { nil: null });
    case "slice":
      if (t.known === "json.RawMessage" || t.known === "jsontext.Value") {
        return fc.option(
          fc.jsonValue({ maxDepth: 2 }).map((v) => utf8.encode(JSON.stringify(v))),
          { nil: null },
        );
      }
      if (t.elem.kind === "uint8" && t.elem.methods === undefined) {
        return fc.option(fc.uint8Array({ maxLength: 5 }), { nil: null });
      }
      if (deep) return fc.constant(null);
      return fc.option(fc.array(valueArb(t.elem, depth + 1), { maxLength: 3 }), { nil: null });
    case "array":
      return fc.array(valueArb(t.elem, depth + 1), { minLength: t.len, maxLength: t.len });
    case "map": {
      if (deep) return fc.constant(null);
      const k = t.key;
      const keyArb: fc.Arbitrary<unknown> | null =
        k.kind === "string" && k.methods === undefined
          ? fc.string({ unit: "binary", maxLength: 4 })
          : /^u?int(\d+|ptr)?$/.test(k.kind)
            ? (valueArb(k, depth) as fc.Arbitrary<unknown>)
            : null;
      if (keyArb === null) return fc.constant(null);
      return fc.option(
        fc.array(fc.tuple(keyArb, valueArb(t.elem, depth + 1)), { maxLength: 3 }).map((es) => new Map(es)),
        { nil: null },
      );
    }
    case "struct": {
      if (t.known === "time.Time") {
        return fc
          .tuple(
            fc.integer({ min: -62135596800, max: 253402300799 - 86400 }),
            fc.integer({ min: 0, max: 999999999 }),
            fc.integer({ min: -14 * 60, max: 14 * 60 }),
          )
          .map(([s, ns, off]) => new GoTime(s, ns, off * 60));
      }
      const rec: Record<string, fc.Arbitrary<unknown>> = {};
      for (const f of t.fields) rec[f.name] = valueArb(f.type, depth + 1);
      return fc.record(rec);
    }
  }
}

const typeAndValue = goTypeArbitrary({ maxDepth: 3 }).chain((t) => fc.tuple(fc.constant(t), valueArb(t, 0)));

function tryMarshal(t: GoType, v: unknown): Uint8Array | null {
  try {
    return marshal(t, v);
  } catch (e) {
    // Unsupported map keys, and Go's panic for methods promoted through nil embedded pointers.
    if (UnsupportedTypeError.isInstance(e) || (GoError.isInstance(e) && e.kind === "panic")) return null;
    throw e;
  }
}

/** The outcome of `f`: its result, or the text of what it threw. */
function outcome(f: () => string): string {
  try {
    return `ok ${f()}`;
  } catch (e) {
    return `error ${(e as Error).message}`;
  }
}

const text = new TextDecoder();

describe("properties", () => {
  // marshal takes the byte path (./marshal-fast.ts) for the types it covers; the general
  // string encoder (./marshal-plan.ts) is the reference it must match, bytes and errors alike.
  test.prop([typeAndValue, fc.boolean(), fc.constantFrom(-0, Number.NaN, 1.5)], {
    numRuns: Number(process.env.GOJSON_PROP_RUNS ?? 150),
  })("the byte path writes what the general encoder writes", ([t, v], escapeHTML, odd) => {
    for (const value of [v, plantFloat(v, odd)]) {
      expect(outcome(() => text.decode(marshal(t, value, { escapeHTML })))).toBe(
        outcome(() => marshalToString(t, value, escapeHTML)),
      );
    }
  });

  // One round trip drops what JSON cannot see (fields tagged "-" inside omitzero structs, ...),
  // exactly as Go does; from then on marshal ∘ unmarshal must reproduce the same bytes.
  test.prop([typeAndValue], { numRuns: Number(process.env.GOJSON_PROP_RUNS ?? 150) })(
    "marshal ∘ unmarshal is a fixpoint after one round trip",
    ([t, v]) => {
      // Go itself does not round-trip through a named pointer type to a type with unmarshal
      // methods (`type R *json.RawMessage`): unmarshal does not see the methods, marshal does.
      fc.pre(!hidesUnmarshalMethods(t));
      const m1 = tryMarshal(t, v);
      fc.pre(m1 !== null);
      let m2 = "";
      let m3 = "";
      try {
        m2 = new TextDecoder().decode(marshal(t, unmarshal(t, m1 as Uint8Array)));
        m3 = new TextDecoder().decode(marshal(t, unmarshal(t, m2)));
      } catch (e) {
        fc.pre(!(GoError.isInstance(e) && e.kind === "panic"));
        throw e;
      }
      expect(m3).toBe(m2);
    },
  );

  test.prop([typeAndValue, fc.nat(), fc.uint8Array({ minLength: 1, maxLength: 3 })], {
    numRuns: Number(process.env.GOJSON_PROP_RUNS ?? 150),
  })("mangled input only ever throws Go's errors", ([t, v], at, junk) => {
    const m1 = tryMarshal(t, v);
    fc.pre(m1 !== null);
    const b = m1 as Uint8Array;
    const i = b.length === 0 ? 0 : at % b.length;
    const cut = b.slice(0, i);
    const mangled = new Uint8Array([...b.slice(0, i), ...junk, ...b.slice(i)]);
    for (const input of [cut, mangled]) {
      // Decoding may succeed (the junk can be valid JSON); when it fails, only with Go's errors.
      let err: unknown;
      try {
        unmarshal(t, input);
      } catch (e) {
        err = e;
      }
      expect(err === undefined || JsonV1Error.isInstance(err), String(err)).toBe(true);
    }
  });
});

/** `v` with its first number in an array replaced by `x` (a copy; -0 and NaN take the byte path's bail-outs). */
function plantFloat(v: unknown, x: number): unknown {
  if (Array.isArray(v)) {
    const i = v.findIndex((e) => typeof e === "number");
    if (i >= 0) return v.map((e, j) => (j === i ? x : e));
    return v.map((e) => plantFloat(e, x));
  }
  if (v !== null && typeof v === "object" && Object.getPrototypeOf(v) === Object.prototype) {
    const o: Record<string, unknown> = {};
    for (const [k, e] of Object.entries(v)) o[k] = plantFloat(e, x);
    return o;
  }
  return v;
}
