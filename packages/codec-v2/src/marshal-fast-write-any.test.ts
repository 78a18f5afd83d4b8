/**
 * The byte path's `any` objects (keys sorted by their UTF-8 bytes under v1's options), 64-bit
 * integers written by the kinds' own writers (map values) and lone float64s (a struct field and
 * an `any`). Outputs checked against Go 1.27's encoding/json (and Go 1.26 GOEXPERIMENT=jsonv2:
 * the same bytes) on the same values.
 */
import { parseGo } from "@gojson/gotype";
import { afterEach, describe, expect, it } from "vitest";
import { defaultOptionsV1, marshalToString, resolveOptions } from "./index.js";
import { fastEncoderFor, fastMarshal } from "./marshal-fast.js";

const types = parseGo(`package p
type F struct {
	A float64 \`json:"a"\`
	B any     \`json:"b"\`
}
type Any = any
type I64 map[string]int64
type U64 map[string]uint64`);
const T = (name: string) => types[name] as NonNullable<(typeof types)[string]>;

const V1 = defaultOptionsV1();

afterEach(() => {
  fastMarshal.enabled = true;
});

/** The byte path's own answer (undefined: it left the value to the other paths). */
function written(name: string, v: unknown): string | undefined {
  const b = fastEncoderFor(T(name), resolveOptions(V1))?.written(v);
  return b === undefined ? undefined : new TextDecoder().decode(b);
}

/** The exact encoder's text, or its error. */
function exact(name: string, v: unknown): string {
  fastMarshal.enabled = false;
  try {
    return marshalToString(T(name), v, V1);
  } catch (e) {
    return `error: ${(e as Error).message}`;
  } finally {
    fastMarshal.enabled = true;
  }
}

const twenty = Object.fromEntries(
  Array.from({ length: 20 }, (_, i) => [`k${String.fromCharCode(122 - i)}`, i]),
);

/** A case: its name, the type's name, the value and Go's bytes. */
type Case = [string, string, unknown, string];

describe("byte path under v1's options", () => {
  it.each<Case>([
    ["keys out of order", "Any", { b: 1, a: 2, 10: 3, 9: 4, "": 5 }, '{"":5,"10":3,"9":4,"a":2,"b":1}'],
    [
      "surrogates after U+E000..U+FFFF",
      "Any",
      { "\uffff": 1, "\u{1F600}": 2, "\ue000": 3, z: 4 },
      '{"z":4,"\ue000":3,"\uffff":1,"\u{1F600}":2}',
    ],
    [
      "more keys than the insertion sort takes",
      "Any",
      twenty,
      `{${Array.from({ length: 20 }, (_, i) => `"k${String.fromCharCode(103 + i)}":${19 - i}`).join(",")}}`,
    ],
    [
      "nested, escaped",
      "Any",
      { ab: { y: null, x: [true] }, a: "<&>" },
      '{"a":"\\u003c\\u0026\\u003e","ab":{"x":[true],"y":null}}',
    ],
    [
      "int64 values around 1e9 and 2^53",
      "I64",
      new Map<string, bigint>([
        ["a", 0n],
        ["b", 999999999n],
        ["c", 1000000000n],
        ["d", 9007199254740991n],
        ["e", 9007199254740992n],
        ["f", -9007199254740991n],
        ["g", -9007199254740992n],
        ["h", -9223372036854775808n],
        ["i", 9223372036854775807n],
      ]),
      '{"a":0,"b":999999999,"c":1000000000,"d":9007199254740991,"e":9007199254740992,"f":-9007199254740991,"g":-9007199254740992,"h":-9223372036854775808,"i":9223372036854775807}',
    ],
    [
      "uint64 values",
      "U64",
      new Map<string, bigint>([
        ["a", 0n],
        ["b", 9007199254740993n],
        ["c", 18446744073709551615n],
      ]),
      '{"a":0,"b":9007199254740993,"c":18446744073709551615}',
    ],
    ...(
      [
        [0.1, "0.1"],
        [-0, "-0"],
        [1e21, "1e+21"],
        [1e20, "100000000000000000000"],
        [1e-7, "1e-7"],
        [1e-6, "0.000001"],
        [123456.789, "123456.789"],
        [5e-324, "5e-324"],
        [Number.MAX_VALUE, "1.7976931348623157e+308"],
        [9007199254740994, "9007199254740994"],
        [-2.5, "-2.5"],
        [99482.2946, "99482.2946"],
        [3, "3"],
      ] as const
    ).map(([x, s]): Case => [`float64 ${s}`, "F", { A: x, B: x }, `{"a":${s},"b":${s}}`]),
  ])("%s: Go's bytes", (_name, type, v, want) => {
    expect(written(type, v)).toBe(want);
    expect(exact(type, v)).toBe(want);
  });

  it.each([
    ["a negative uint64", "U64", new Map([["a", -1n]])],
    ["a uint64 past 2^64", "U64", new Map([["a", 18446744073709551616n]])],
    ["an int64 past 2^63", "I64", new Map([["a", 9223372036854775808n]])],
    ["an int64 held as a number", "I64", new Map([["a", 1]])],
  ])("%s: left to the exact encoder", (_name, type, v) => {
    expect(written(type, v)).toBeUndefined();
    expect(exact(type, v)).toMatch(/^error: /);
  });
});
