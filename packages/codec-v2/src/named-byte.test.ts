/**
 * []B and [N]B where B is a named byte type: json/v2 treats them as []T and [N]T (arrays of
 * numbers; byte formats are invalid), v1's legacy semantics (formatBytesWithLegacySemantics,
 * part of defaultOptionsV1) as []byte. Expected texts recorded by running Go 1.26
 * (`GOEXPERIMENT=jsonv2 go run`, json/v2 and v1.DefaultOptionsV1()) by hand.
 */
import { goType, parseGo } from "@gojson/gotype";
import { describe, expect, it } from "vitest";
import { marshal, unmarshal } from "./go126-support.js";
import { fastMarshal } from "./marshal-fast.js";
import { defaultOptionsV1 } from "./options.js";
import { fastUnmarshal } from "./unmarshal-fast.js";

const decls = parseGo(`package main
type B byte
type S struct {
	A []B  \`json:"a"\`
	C [3]B \`json:"c"\`
	N []B  \`json:"n"\`
}
type T1 struct {
	A []B \`json:"a,format:base64"\`
}
type T2 struct {
	A []B \`json:"a,format:emitnull"\`
}
`);
const S = goType("S", decls);
const enc = (b: Uint8Array) => new TextDecoder().decode(b);
const bytes = (s: string) => new TextEncoder().encode(s);

const paths: Array<[string, (on: boolean) => void]> = [
  ["fast paths", () => {}],
  [
    "exact engine",
    (on) => {
      fastMarshal.enabled = on;
      fastUnmarshal.enabled = on;
    },
  ],
];

describe.each(paths)("named byte slices and arrays (%s)", (_, exact) => {
  const run = <T>(f: () => T): T => {
    exact(false);
    try {
      return f();
    } finally {
      exact(true);
    }
  };
  it("v2 marshals them as arrays of numbers", () => {
    const v = { A: Uint8Array.of(1, 2, 3), C: [4, 5, 6], N: null };
    expect(run(() => enc(marshal(S, v)))).toBe('{"a":[1,2,3],"c":[4,5,6],"n":[]}');
    expect(run(() => enc(marshal(S, { A: [1, 2, 3], C: Uint8Array.of(4, 5, 6), N: null })))).toBe(
      '{"a":[1,2,3],"c":[4,5,6],"n":[]}',
    );
  });
  it("v1 legacy semantics marshal []B as base64 ([N]B is an array there)", () => {
    const v = { A: Uint8Array.of(1, 2, 3), C: [4, 5, 6], N: null };
    expect(run(() => enc(marshal(S, v, defaultOptionsV1())))).toBe('{"a":"AQID","c":[4,5,6],"n":null}');
  });
  it("a byte format on []B is an invalid format flag", () => {
    expect(() => run(() => marshal(goType("T1", decls), { A: [1] }))).toThrow(
      'json: cannot marshal from Go []main.B within "/a": invalid format flag "base64"',
    );
  });
  it("emitnull applies to []B as to any slice", () => {
    expect(run(() => enc(marshal(goType("T2", decls), { A: null })))).toBe('{"a":null}');
  });
  it("v2 unmarshals them from arrays of numbers", () => {
    const v = run(() => unmarshal(S, bytes('{"a":[1,2,255],"c":[7,8,9],"n":[]}'))) as Record<
      string,
      ArrayLike<number>
    >;
    expect(Array.from(v.A as ArrayLike<number>)).toEqual([1, 2, 255]);
    expect(Array.from(v.C as ArrayLike<number>)).toEqual([7, 8, 9]);
    expect(Array.from(v.N as ArrayLike<number>)).toEqual([]);
  });
  it("v2 rejects base64 text for []B", () => {
    expect(() => run(() => unmarshal(S, bytes('{"a":"AQID"}')))).toThrow(
      'json: cannot unmarshal JSON string into Go []main.B within "/a"',
    );
  });
  it("v2 reports out-of-range elements of []B", () => {
    expect(() => run(() => unmarshal(S, bytes('{"a":[1,256]}')))).toThrow(
      'json: cannot unmarshal JSON number 256 into Go main.B within "/a/1": value out of range',
    );
  });
  it("v1 legacy semantics unmarshal []B from base64", () => {
    const v = run(() => unmarshal(S, bytes('{"a":"AQID"}'), defaultOptionsV1())) as Record<
      string,
      ArrayLike<number>
    >;
    expect(Array.from(v.A as ArrayLike<number>)).toEqual([1, 2, 3]);
  });
});
