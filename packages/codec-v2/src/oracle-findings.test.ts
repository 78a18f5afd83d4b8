/**
 * Findings of the Go oracle's conformance campaigns (V2-1 … V2-6), each recorded from Go 1.26.8
 * (`GOEXPERIMENT=jsonv2 go run`) and Go 1.27.3 (`GOTOOLCHAIN=go1.27.3 go run`), which agree:
 * a pointer Go allocated before an UnmarshalJSON that left its value nil, or before a method's
 * value failed to read, stays allocated; the text of a number error on a map key with a lone
 * surrogate; where `within` goes for trailing data after a MarshalJSON value; syntax errors inside
 * member names (a named interface reads the name as a value; a bool map key does not).
 */
import { goType, parseGo, withMethods } from "@gojson/gotype";
import { describe, expect, it } from "vitest";
import { defaultOptionsV1, GO_VERSIONS, marshal, type Options, unmarshal } from "./index.js";

const decls = parseGo(`package main
type N []byte
func (*N) UnmarshalJSON([]byte) error { return nil }
type U []byte
func (U) UnmarshalJSON([]byte) error { return errors.New("uj: no") }
type T uint64
func (*T) MarshalJSON() ([]byte, error) { return []byte(\`{"a":1} x\`), nil }
type NA any
type B [2]bool
`);
withMethods(
  decls.N as NonNullable<(typeof decls)["N"]>,
  { UnmarshalJSON: (_d: Uint8Array, cur: unknown) => cur },
  {
    receiver: "pointer",
  },
);
withMethods(
  decls.U as NonNullable<(typeof decls)["U"]>,
  {
    UnmarshalJSON: () => {
      throw new Error("uj: no");
    },
  },
  { receiver: "value" },
);
withMethods(
  decls.T as NonNullable<(typeof decls)["T"]>,
  { MarshalJSON: () => new TextEncoder().encode('{"a":1} x') },
  { receiver: "pointer" },
);

function result(f: () => unknown): { err: string; value: unknown } {
  try {
    return { err: "", value: f() };
  } catch (e) {
    return { err: (e as Error).message, value: (e as { value?: unknown }).value };
  }
}

for (const goVersion of GO_VERSIONS) {
  const V2: Options = { goVersion };
  const V1: Options = { ...defaultOptionsV1(), goVersion };
  describe(`Go ${goVersion}`, () => {
    it("V2-1: *N whose UnmarshalJSON leaves it nil is allocated (Go: nil=false)", () => {
      for (const o of [V2, V1])
        expect(result(() => unmarshal(goType("*N", decls), '"BMo="', o))).toEqual({
          err: "",
          value: new Uint8Array(0),
        });
    });
    it("V2-2: a lone surrogate in a map key's number error is U+FFFD (v1 semantics)", () => {
      const r = result(() => unmarshal(goType("map[uint8]uintptr", decls), '{"\\ud8000":0}', V1));
      expect(r.err).toBe("json: cannot unmarshal number \ufffd0 into Go struct field .\ufffd0 of type uint8");
    });
    it("V2-3: *U is allocated before its value-receiver UnmarshalJSON reads a broken value (v2)", () => {
      expect(result(() => unmarshal(goType("*U", decls), '"0kEB\\"', V2))).toEqual({
        err: "jsontext: unexpected EOF after offset 7",
        value: new Uint8Array(0),
      });
      // v1 semantics check the whole input first: nothing is allocated.
      expect(result(() => unmarshal(goType("*U", decls), '"0kEB\\"', V1))).toEqual({
        err: "unexpected end of JSON input",
        value: null,
      });
    });
    it("V2-4: trailing data after a MarshalJSON value: the pointer is the value's, not the syntax error's", () => {
      expect(result(() => marshal(goType("[1]T", decls), [1n], V2)).err).toBe(
        `json: cannot marshal from Go main.T within "/0": invalid character 'x' after top-level value after offset 9`,
      );
      expect(new TextDecoder().decode(marshal(goType("[1]T", decls), [1n], V1))).toBe("[1]");
    });
    it.each([
      ["*NA", '{{"M8Y@"', 'jsontext: unexpected EOF within "/M8Y@" after offset 8'],
      ["any", '{{"M8Y@"', "jsontext: object member name must be a string after offset 1"],
      ["map[bool]B", "{[null", "jsontext: object member name must be a string after offset 1"],
      ["map[string]B", "{[null", "jsontext: unexpected EOF after offset 6"],
    ])("V2-5/6: %s <- %s", (type, input, want) => {
      expect(result(() => unmarshal(goType(type, decls), input, V2)).err).toBe(want);
    });
  });
}
