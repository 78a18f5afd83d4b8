/**
 * Maps with integer keys on the byte path: the names are the keys' decimals, sorted by their
 * bytes under the deterministic option (and v1's options). Outputs checked against Go 1.26
 * (GOEXPERIMENT=jsonv2: json/v2's Marshal with Deterministic(true), and encoding/json's
 * Marshal) on the same declarations and values.
 */
import { parseGo } from "@gojson/gotype";
import { describe, expect, it } from "vitest";
import { defaultOptionsV1, marshalToString, type Options, resolveOptions } from "./index.js";
import { fastEncoderFor } from "./marshal-fast.js";

const types = parseGo(`package p
type Named int16
type U8 uint8
type S struct {
	A map[int64]string \`json:"a"\`
	B map[int8]int     \`json:"b,omitempty"\`
	C map[uint64]bool  \`json:"c"\`
	D map[Named][]int  \`json:"d"\`
	E map[U8]string    \`json:"e"\`
	F map[uint32]any   \`json:"f,omitempty"\`
	G map[int]float64  \`json:"g"\`
}`);
const S = types.S as NonNullable<(typeof types)["S"]>;

const value = {
  A: new Map<bigint, string>([
    [-1n, "m1"],
    [-2n, "m2"],
    [0n, "z"],
    [10n, "ten"],
    [9n, "nine"],
    [9007199254740993n, "big"],
    [-9223372036854775808n, "min"],
  ]),
  B: new Map(),
  C: new Map<bigint, boolean>([
    [18446744073709551615n, true],
    [1n, false],
  ]),
  D: new Map<number, bigint[] | null>([
    [-32768, [1n]],
    [32767, null],
  ]),
  E: new Map<number, string>([
    [255, "<&>"],
    [0, ""],
  ]),
  F: null,
  G: null,
};

/** The byte path's own answer (undefined: it did not write the value). */
function written(v: unknown, o: Options | undefined): string | undefined {
  const b = fastEncoderFor(S, resolveOptions(o))?.written(v);
  return b === undefined ? undefined : new TextDecoder().decode(b);
}

describe("byte path: integer map keys", () => {
  it("writes Go's names, sorted as Go sorts them", () => {
    // json.Marshal(s, json.Deterministic(true))
    const v2 =
      '{"a":{"-1":"m1","-2":"m2","-9223372036854775808":"min","0":"z","10":"ten","9":"nine","9007199254740993":"big"},"c":{"1":false,"18446744073709551615":true},"d":{"-32768":[1],"32767":[]},"e":{"0":"","255":"<&>"},"g":{}}';
    expect(written(value, { deterministic: true })).toBe(v2);
    expect(marshalToString(S, value as never, { deterministic: true })).toBe(v2);
    // encoding/json's Marshal (v1 on the v2 engine)
    const v1 =
      '{"a":{"-1":"m1","-2":"m2","-9223372036854775808":"min","0":"z","10":"ten","9":"nine","9007199254740993":"big"},"c":{"1":false,"18446744073709551615":true},"d":{"-32768":[1],"32767":null},"e":{"0":"","255":"\\u003c\\u0026\\u003e"},"g":null}';
    expect(written(value, defaultOptionsV1())).toBe(v1);
  });

  it("keeps the Map's order without the deterministic option", () => {
    expect(written(value, undefined)).toBe(
      '{"a":{"-1":"m1","-2":"m2","0":"z","10":"ten","9":"nine","9007199254740993":"big","-9223372036854775808":"min"},"c":{"18446744073709551615":true,"1":false},"d":{"-32768":[1],"32767":[]},"e":{"255":"<&>","0":""},"g":{}}',
    );
  });

  it("leaves a key that does not fit its type to the exact encoder", () => {
    const bad = [
      { ...value, A: new Map([[1, "number for int64"]]) },
      { ...value, C: new Map([[-1n, true]]) },
      { ...value, C: new Map([[1n << 64n, true]]) },
      { ...value, D: new Map([[32768, null]]) },
      { ...value, E: new Map([["1", ""]]) },
      { ...value, E: new Map([[1.5, ""]]) },
    ];
    for (const v of bad)
      for (const o of [undefined, { deterministic: true }]) {
        expect(written(v, o)).toBeUndefined();
        expect(() => marshalToString(S, v as never, o)).toThrow(/map key/);
      }
  });
});
