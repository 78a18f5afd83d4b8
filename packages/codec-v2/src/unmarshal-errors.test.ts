/**
 * Syntax and type errors on unmarshal, compared with Go 1.26.8: the Go program is
 * testdata/go-v2-unmarshal-errors.go.txt (GOEXPERIMENT=jsonv2 go run, inputs in
 * its inputs.json), its output testdata/go-v2-unmarshal-errors.json ("unable to"
 * normalised to "cannot"). Each input is unmarshaled into `any` and into S.
 */
import { mapOf, named, sliceOf, structOf, T } from "@gojson/gotype";
import { describe, expect, it } from "vitest";
import { unmarshal } from "./index.js";
import vectors from "./testdata/go-v2-unmarshal-errors.json" with { type: "json" };

const S = named(
  "S",
  structOf([
    { name: "A", type: T.int, tag: 'json:"a"' },
    { name: "B", type: sliceOf(T.int), tag: 'json:"b"' },
    { name: "M", type: mapOf(T.string, T.int), tag: 'json:"m"' },
    { name: "C", type: T.any, tag: 'json:"c"' },
  ]),
);
const err = (f: () => unknown): string => {
  try {
    f();
    return "";
  } catch (e) {
    return (e as Error).message;
  }
};

describe("UnmarshalErrors", () => {
  for (const v of vectors as { in: string; any: string; s: string }[]) {
    it(`Any/${JSON.stringify(v.in)}`, () => expect(err(() => unmarshal(T.any, v.in))).toBe(v.any));
    it(`Struct/${JSON.stringify(v.in)}`, () => expect(err(() => unmarshal(S, v.in))).toBe(v.s));
  }
});
