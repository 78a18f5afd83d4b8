/**
 * A TextUnmarshaler reached through pointers meets a non-string: Go names the type where the
 * value sits (the field's `**main.UpperText`, the root's pointer `***main.UpperText`), not the
 * pointer the method is on. Found by the differential fuzzer (v1, seed 1900026029: `{}` into
 * `**UpperText`). Expected texts recorded with Go 1.26, plain `go run`: json.Unmarshal;
 * UpperText is the registry type (pointer UnmarshalText).
 */
import { withRegistryMethods } from "@gojson/fixtures";
import { goType, parseGo } from "@gojson/gotype";
import { describe, expect, test } from "vitest";
import { unmarshal } from "./index.js";

const D = withRegistryMethods(
  parseGo(`type UpperText string
type S struct {
	A **UpperText
	B *UpperText
	C UpperText
	D []**UpperText
	M map[string]*UpperText
}`),
);

const pre = "json: cannot unmarshal";
// [type, input, Go's error]
const table: [string, string, string][] = [
  ["UpperText", "{}", `${pre} object into Go value of type *main.UpperText`],
  ["*UpperText", "{}", `${pre} object into Go value of type **main.UpperText`],
  ["**UpperText", "{}", `${pre} object into Go value of type ***main.UpperText`],
  ["**UpperText", "[]", `${pre} array into Go value of type ***main.UpperText`],
  ["**UpperText", "1", `${pre} number into Go value of type ***main.UpperText`],
  ["**UpperText", "true", `${pre} bool into Go value of type ***main.UpperText`],
  ["S", `{"A":{}}`, `${pre} object into Go struct field S.A of type **main.UpperText`],
  ["S", `{"A":1}`, `${pre} number into Go struct field S.A of type **main.UpperText`],
  ["S", `{"B":[]}`, `${pre} array into Go struct field S.B of type *main.UpperText`],
  ["S", `{"C":true}`, `${pre} bool into Go struct field S.C of type main.UpperText`],
  ["S", `{"D":[{}]}`, `${pre} object into Go struct field S.D of type **main.UpperText`],
  ["S", `{"M":{"k":1}}`, `${pre} number into Go struct field S.M of type *main.UpperText`],
];

describe("TextUnmarshaler through pointers: the type named in UnmarshalTypeError", () => {
  test.each(table)("%s ← %s", (ty, input, want) => {
    expect(() => unmarshal(goType(ty, D), input)).toThrow(want);
  });
});
