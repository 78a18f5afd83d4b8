/**
 * Fields whose Go type JSON cannot hold: func, chan, complex (Go's unsupported kinds), non-empty
 * interfaces, and types gotype could not resolve. Expected texts recorded with Go 1.27.3
 * (`GOTOOLCHAIN=go1.27.3 go run`: json/v2, and json with DefaultOptionsV1 = v1 on the v2 engine)
 * and Go 1.26.8 (`GOEXPERIMENT=jsonv2 go run`), which agree except where noted.
 */
import { GoSyntaxError, parseGo } from "@gojson/gotype";
import { describe, expect, it } from "vitest";
import { marshal, unmarshal } from "./api.js";
import { defaultOptionsV1, type Options } from "./options.js";

const decls = parseGo(`package main
type I interface{ M() }
type TF struct {
	B int
	F func()
}
type TC struct {
	B int
	C chan int
}
type TX struct {
	B int
	X complex128
}
type TI struct {
	B int
	I I
}
type TFZ struct {
	B int
	F func() \`json:",omitzero"\`
}
`);
const type = (name: string) => decls[name] as NonNullable<(typeof decls)[string]>;
const V1: Options = defaultOptionsV1();

function marshalResult(name: string, o: Options | undefined): [string, string | undefined] {
  try {
    return [new TextDecoder().decode(marshal(type(name), unmarshal(type(name), "{}"), o)), undefined];
  } catch (e) {
    const p = (e as { partial?: Uint8Array }).partial;
    return [(e as Error).message, p === undefined ? undefined : new TextDecoder().decode(p)];
  }
}

function unmarshalResult(name: string, input: string, o: Options | undefined): [string, unknown] {
  try {
    return ["", unmarshal(type(name), input, o)];
  } catch (e) {
    return [(e as Error).message, (e as { value?: unknown }).value];
  }
}

describe("opaque types: marshal", () => {
  // Go: v2 `json: cannot marshal from Go func() within "/F"` with `{"B":0,"F"`; v1 `json: unsupported type: func()`.
  const go: Record<string, [string, string, string]> = {
    TF: ['json: cannot marshal from Go func() within "/F"', '{"B":0,"F"', "json: unsupported type: func()"],
    TC: [
      'json: cannot marshal from Go chan int within "/C"',
      '{"B":0,"C"',
      "json: unsupported type: chan int",
    ],
    TX: [
      'json: cannot marshal from Go complex128 within "/X"',
      '{"B":0,"X"',
      "json: unsupported type: complex128",
    ],
  };
  it.each(Object.keys(go))("%s", (t) => {
    const [msg, partial, v1msg] = go[t] as [string, string, string];
    expect(marshalResult(t, undefined)).toEqual([msg, partial]);
    expect(marshalResult(t, { goVersion: "1.26" })).toEqual([msg, partial]);
    expect(marshalResult(t, V1)[0]).toBe(v1msg);
  });
  it("a nil non-empty interface is null; omitzero leaves out a nil func", () => {
    expect(marshalResult("TI", undefined)).toEqual(['{"B":0,"I":null}', undefined]);
    expect(marshalResult("TI", V1)).toEqual(['{"B":0,"I":null}', undefined]);
    expect(marshalResult("TFZ", undefined)).toEqual(['{"B":0}', undefined]);
    expect(marshalResult("TFZ", V1)).toEqual(['{"B":0}', undefined]);
  });
});

describe("opaque types: unmarshal", () => {
  const NULLS = `{"B":1,"F":null,"C":null,"X":null,"I":null}`;
  const NUMS = `{"B":1,"F":1,"C":1,"X":1,"I":1,"B":2}`;
  const OBJS = `{"B":1,"F":{},"C":{},"X":{},"I":{},"B":2}`;
  // [name, type, input, options, message, the destination's B]
  const table: [string, string, string, "v2" | "v1", string, bigint][] = [
    ["Func/v2/Absent", "TF", `{"B":1}`, "v2", "", 1n],
    ["Func/v2/Null", "TF", NULLS, "v2", 'json: cannot unmarshal into Go func() within "/F"', 1n],
    ["Func/v2/Number", "TF", NUMS, "v2", 'json: cannot unmarshal into Go func() within "/F"', 1n],
    // Go 1.26's v1 on v2 panics here (slice bounds out of range in UnquoteMayCopy); Go 1.27's answers.
    ["Func/v1/Null", "TF", NULLS, "v1", "", 1n],
    [
      "Func/v1/Number",
      "TF",
      NUMS,
      "v1",
      "json: cannot unmarshal number into Go struct field TF.F of type func()",
      2n,
    ],
    [
      "Func/v1/Object",
      "TF",
      OBJS,
      "v1",
      "json: cannot unmarshal object into Go struct field TF.F of type func()",
      2n,
    ],
    ["Chan/v2/Null", "TC", NULLS, "v2", 'json: cannot unmarshal into Go chan int within "/C"', 1n],
    [
      "Chan/v1/Object",
      "TC",
      OBJS,
      "v1",
      "json: cannot unmarshal object into Go struct field TC.C of type chan int",
      2n,
    ],
    ["Complex/v2/Object", "TX", OBJS, "v2", 'json: cannot unmarshal into Go complex128 within "/X"', 1n],
    ["Complex/v1/Null", "TX", NULLS, "v1", "", 1n],
    [
      "Complex/v1/Number",
      "TX",
      NUMS,
      "v1",
      "json: cannot unmarshal number into Go struct field TX.X of type complex128",
      2n,
    ],
    ["Interface/v2/Null", "TI", NULLS, "v2", "", 1n],
    [
      "Interface/v2/Number",
      "TI",
      NUMS,
      "v2",
      'json: cannot unmarshal into Go main.I within "/I": cannot derive concrete type for nil interface with finite type set',
      1n,
    ],
    [
      "Interface/v2/Object",
      "TI",
      OBJS,
      "v2",
      'json: cannot unmarshal into Go main.I within "/I": cannot derive concrete type for nil interface with finite type set',
      1n,
    ],
    ["Interface/v1/Null", "TI", NULLS, "v1", "", 1n],
    [
      "Interface/v1/Object",
      "TI",
      OBJS,
      "v1",
      "json: cannot unmarshal object into Go struct field TI.I of type main.I",
      2n,
    ],
  ];
  it.each(table)("%s", (_n, t, input, mode, msg, b) => {
    const [m, v] = unmarshalResult(t, input, mode === "v1" ? V1 : undefined);
    expect(m).toBe(msg);
    expect((v as { B: bigint }).B).toBe(b);
    if (mode === "v2" && msg !== "") expect(unmarshalResult(t, input, { goVersion: "1.26" })[0]).toBe(msg);
  });
});

describe("a field of a type gotype could not resolve", () => {
  const src = parseGo(`package p
import "example.com/x"
type T struct {
	A x.Thing
	B int
}
type U struct {
	A x.Thing \`json:"-"\`
	B int
}
`);
  const T = src.T as NonNullable<(typeof src)["T"]>;
  const U = src.U as NonNullable<(typeof src)["U"]>;
  it.each(["1.27", "1.26"] as const)(
    "is gotype's GoSyntaxError naming the field (Go %s rules)",
    (goVersion) => {
      expect(() => unmarshal(T, '{"B":1}', { goVersion })).toThrow(GoSyntaxError);
      expect(() => unmarshal(T, '{"B":1}', { goVersion })).toThrow(/field p\.T\.A has type x\.Thing/);
      expect(() => marshal(T, { A: null, B: 1n }, { goVersion })).toThrow(/field p\.T\.A has type x\.Thing/);
    },
  );
  it('is not an error where JSON never reads the field (json:"-")', () => {
    expect(new TextDecoder().decode(marshal(U, { A: null, B: 1n }))).toBe('{"B":1}');
    expect(unmarshal(U, '{"A":1,"B":2}')).toEqual({ A: null, B: 2n });
  });
});
