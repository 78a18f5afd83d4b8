/**
 * json.Number from JSON strings and UnmarshalJSON receiving null, compared with
 * Go 1.26.8 (testdata/go-v2-number-null.go.txt, GOEXPERIMENT=jsonv2 go run):
 *   {"p":null,"n":"12"}              → {P:{Got:called:null} N:12} <nil>
 *   {"n":"x"}                        → json: cannot unmarshal JSON string "x" into Go json.Number within "/n": invalid syntax
 *   {"n":"12"} with StringifyNumbers → {P:{Got:} N:12} <nil>
 */
import { JsonNumber, jsonNumber, named, structOf, T, withMethods } from "@gojson/gotype";
import { describe, expect, it } from "vitest";
import { unmarshal } from "./index.js";

const U = withMethods(named("U", structOf([{ name: "Got", type: T.string, tag: "" }])), {
  UnmarshalJSON: (b: Uint8Array, cur: { Got: string }) => ({
    ...cur,
    Got: `called:${new TextDecoder().decode(b)}`,
  }),
} as never);
const W = named(
  "W",
  structOf([
    { name: "P", type: U, tag: 'json:"p"' },
    { name: "N", type: jsonNumber, tag: 'json:"n"' },
  ]),
);
const num = (v: unknown) => (JsonNumber.isInstance(v) ? v.text : v);

describe("Number", () => {
  it("FromString", () => {
    const v = unmarshal(W, '{"p":null,"n":"12"}') as { P: { Got: string }; N: unknown };
    expect(num(v.N)).toBe("12");
    expect(v.P.Got).toBe("called:null");
  });
  it("FromString/Invalid", () => {
    expect(() => unmarshal(W, '{"n":"x"}')).toThrow(
      'json: cannot unmarshal JSON string "x" into Go json.Number within "/n": invalid syntax',
    );
  });
  it("FromString/StringifyNumbers", () => {
    const v = unmarshal(W, '{"n":"12"}', { stringifyNumbers: true }) as { P: { Got: string }; N: unknown };
    expect(num(v.N)).toBe("12");
    expect(v.P.Got).toBe("");
  });
});
