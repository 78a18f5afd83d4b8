/**
 * UnmarshalTypeError.offset against Go 1.26.8. Go's convertNumber (a number
 * that overflows float64 while decoding into interface{}, including the
 * unquoted-value check of a `,string` field) reports d.off, one byte past the
 * end of the literal, where literalStore's own errors report readIndex (the
 * end of the literal). Recorded with /tmp/aud/off/main.go and st.go:
 *   var v any; err := json.Unmarshal(in, &v); ue := err.(*json.UnmarshalTypeError); ue.Offset
 * (and the same into the struct types below). Inputs are given as a JS string and as bytes.
 */
import { parseGo, T } from "@gojson/gotype";
import { describe, expect, test } from "vitest";
import { Decoder, unmarshal } from "./index.js";

const { S, ST } = parseGo(`
type S struct {
	A int    \`json:"a"\`
	B string \`json:"b"\`
}
type ST struct {
	I int \`json:",string"\`
	A any \`json:",string"\`
	M map[string]any
}`) as Record<string, import("@gojson/gotype").GoType>;

function errOf(f: () => unknown): string {
  try {
    f();
    return "<nil>";
  } catch (e) {
    const o = (e as { offset?: number }).offset;
    return o === undefined ? (e as Error).message : `${(e as Error).message} @${o}`;
  }
}

// [input, Go's error decoding into any, Go's error decoding into S]
const cases: [string, string, string][] = [
  [
    "1e999",
    "json: cannot unmarshal number 1e999 into Go value of type float64 @6",
    "json: cannot unmarshal number into Go value of type main.S @5",
  ],
  [
    " 1e999 ",
    "json: cannot unmarshal number 1e999 into Go value of type float64 @7",
    "json: cannot unmarshal number into Go value of type main.S @6",
  ],
  [
    "[1e999]",
    "json: cannot unmarshal number 1e999 into Go value of type float64 @7",
    "json: cannot unmarshal array into Go value of type main.S @1",
  ],
  [
    "[1e999 , 2]",
    "json: cannot unmarshal number 1e999 into Go value of type float64 @7",
    "json: cannot unmarshal array into Go value of type main.S @1",
  ],
  [
    '{"a":1e999}',
    "json: cannot unmarshal number 1e999 into Go value of type float64 @11",
    "json: cannot unmarshal number 1e999 into Go struct field S.a of type int @10",
  ],
  [
    '{"a":1e999 }',
    "json: cannot unmarshal number 1e999 into Go value of type float64 @11",
    "json: cannot unmarshal number 1e999 into Go struct field S.a of type int @10",
  ],
  [
    '{"a":[1,{"b":-1e999}]}',
    "json: cannot unmarshal number -1e999 into Go value of type float64 @20",
    "json: cannot unmarshal array into Go struct field S.a of type int @6",
  ],
  [
    '{"b": "😀", "a": 1e999}',
    "json: cannot unmarshal number 1e999 into Go value of type float64 @25",
    "json: cannot unmarshal number 1e999 into Go struct field S.a of type int @24",
  ],
  [
    '["x", 1e999, 1e999]',
    "json: cannot unmarshal number 1e999 into Go value of type float64 @12",
    "json: cannot unmarshal array into Go value of type main.S @1",
  ],
  [
    '{"a":1, "b":1e999}',
    "json: cannot unmarshal number 1e999 into Go value of type float64 @18",
    "json: cannot unmarshal number into Go struct field S.b of type string @17",
  ],
  [
    '{"é": x}',
    "invalid character 'x' looking for beginning of value @8",
    "invalid character 'x' looking for beginning of value @8",
  ],
  [
    '{"b": "😀😀", "a": true}',
    "<nil>",
    "json: cannot unmarshal bool into Go struct field S.a of type int @27",
  ],
];

// [input, Go's error decoding into ST]
const stCases: [string, string][] = [
  ['{"I":1e999}', "json: cannot unmarshal number 1e999 into Go struct field ST.I of type float64 @11"],
  [
    '{"I": 1e999 , "A":1}',
    "json: cannot unmarshal number 1e999 into Go struct field ST.I of type float64 @12",
  ],
  ['{"A":1e999}', "json: cannot unmarshal number 1e999 into Go struct field ST.A of type float64 @11"],
  ['{"M":{"k":1e999}}', "json: cannot unmarshal number 1e999 into Go struct field ST.M of type float64 @16"],
  [
    '{"M":{"é":[1,1e999]}}',
    "json: cannot unmarshal number 1e999 into Go struct field ST.M of type float64 @20",
  ],
];

describe("UnmarshalTypeError offsets (Go 1.26.8)", () => {
  const te = new TextEncoder();
  test.each(cases)("%s", (input, wantAny, wantS) => {
    for (const data of [input, te.encode(input)]) {
      expect(errOf(() => unmarshal(T.any, data))).toBe(wantAny);
      expect(errOf(() => unmarshal(S as never, data))).toBe(wantS);
    }
  });
  test.each(stCases)("%s", (input, want) => {
    expect(errOf(() => unmarshal(ST as never, input))).toBe(want);
    expect(errOf(() => unmarshal(ST as never, te.encode(input)))).toBe(want);
  });
  test("Decoder: offsets are relative to the value's bytes, leading space included (Go's d.init)", async () => {
    // Go: json.NewDecoder(strings.NewReader(`  {"x":1} [1e999] `)); Decode twice → ... @8
    const d = new Decoder('  {"x":1} [1e999] ');
    await d.decode(T.any);
    let got = "";
    try {
      await d.decode(T.any);
    } catch (e) {
      got = `${(e as Error).message} @${(e as { offset: number }).offset}`;
    }
    expect(got).toBe("json: cannot unmarshal number 1e999 into Go value of type float64 @8");
  });
});
