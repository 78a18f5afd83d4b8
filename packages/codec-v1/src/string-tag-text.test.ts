/**
 * `,string` on a field whose type has UnmarshalText (through a pointer): Go names the field's own
 * type in the errors of that branch (`*main.UpperText`), the pointed-to type elsewhere (`int`).
 * Found by the differential fuzzer (v1, seed 600013228). Expected texts recorded with Go 1.26,
 * plain `go run`: json.Unmarshal; UpperText is the registry type (pointer UnmarshalText).
 */
import { withRegistryMethods } from "@gojson/fixtures";
import { goType, parseGo } from "@gojson/gotype";
import { describe, expect, test } from "vitest";
import { unmarshal } from "./index.js";

const D = withRegistryMethods(
  parseGo(`type UpperText string
type P struct {
	B *UpperText \`json:",string"\`
}
type V struct {
	B UpperText \`json:",string"\`
}
type I struct {
	B *int \`json:",string"\`
}`),
);

const pre = "json: invalid use of ,string struct tag, trying to unmarshal";
const table: [string, string, string][] = [
  ["P", `{"B":"\\u0000"}`, `${pre} "\\x00" into *main.UpperText`],
  ["P", `{"B":"x"}`, `${pre} "x" into *main.UpperText`],
  ["P", `{"B":"1"}`, `${pre} "1" into *main.UpperText`],
  ["P", `{"B":"\\"x\\""}`, ""],
  ["V", `{"B":"x"}`, `${pre} "x" into main.UpperText`],
  ["I", `{"B":"x"}`, `${pre} "x" into int`],
];

describe("`,string` with UnmarshalText behind a pointer (Go 1.26)", () => {
  test.each(table)("%s %s", (type, input, want) => {
    let msg = "";
    try {
      unmarshal(goType(type, D), input);
    } catch (e) {
      msg = (e as Error).message;
    }
    expect(msg).toBe(want);
  });
});
