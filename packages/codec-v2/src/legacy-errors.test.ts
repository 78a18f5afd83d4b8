/**
 * Conformance fixes found by the Go oracle. Expected texts and values were recorded
 * from Go 1.26 (`GOEXPERIMENT=jsonv2 go run`): encoding/json (v1 API on the v2
 * engine, codec-v2 with defaultOptionsV1()) and encoding/json/v2.
 */
import { goType, parseGo } from "@gojson/gotype";
import { describe, expect, it } from "vitest";
import { marshal, unmarshal } from "./go126-support.js";
import { defaultOptionsV1, type Options } from "./options.js";

const decls = parseGo(`
type S struct {
	A string \`json:"a,string"\`
}
type B struct {
	A bool \`json:"a,string"\`
}
type D struct {
	A int           \`json:"-,omitzero"\`
	V time.Duration \`json:"-,string"\`
	B int
}
`);
const v1 = defaultOptionsV1();

interface Case {
  name: string;
  type: string;
  in: string;
  opts?: Options;
  want?: unknown;
  wantErr?: string;
}

const cases: Case[] = [
  {
    name: "V1/Syntax/EOF",
    type: "map[string]int",
    in: `{"a":1`,
    opts: v1,
    wantErr: "unexpected end of JSON input",
  },
  {
    name: "V1/Type/ArrayIntoMap",
    type: "map[string]int",
    in: "[1]",
    opts: v1,
    wantErr: "json: cannot unmarshal array into Go value of type map[string]int",
  },
  {
    name: "V1/String/NotQuotedInside",
    type: "S",
    in: `{"a":"abc"}`,
    opts: v1,
    wantErr:
      "json: cannot unmarshal string into Go struct field S.a of type string: invalid character 'a' looking for beginning of object key string",
  },
  {
    name: "V1/String/EOFInside",
    type: "S",
    in: `{"a":"\\"ab"}`,
    opts: v1,
    wantErr:
      "json: cannot unmarshal string into Go struct field S.a of type string: unexpected end of JSON input",
  },
  {
    name: "V1/Bool/BareWithString",
    type: "B",
    in: `{"a":true}`,
    opts: v1,
    wantErr: "json: cannot unmarshal bool into Go struct field B.a of type bool",
  },
  {
    name: "V1/Bool/BadQuoted",
    type: "B",
    in: `{"a":"x"}`,
    opts: v1,
    wantErr: `json: cannot unmarshal string "x" into Go struct field B.a of type bool: invalid syntax`,
  },
  { name: "V1/Bool/QuotedNull", type: "B", in: `{"a":"null"}`, opts: v1, want: { A: false } },
  {
    name: "V1/DashTag/Ignored",
    type: "D",
    in: `{"A":5,"-":6,"B":7}`,
    opts: v1,
    want: { A: 0n, V: 0n, B: 7n },
  },
  {
    name: "V1/Syntax/ObjectKey",
    type: "map[int][]*any",
    in: "{,}",
    opts: v1,
    wantErr: "invalid character ',' looking for beginning of object key string",
  },
  {
    name: "V2/Syntax/PartialSlice",
    type: "[]int8",
    in: "[-128,]",
    want: [-128, 0],
    wantErr: "jsontext: invalid character ',' at start of value after offset 5",
  },
  { name: "V2/RawMessagePointer/Null", type: "*json.RawMessage", in: "null", want: null },
  {
    name: "V2/ByteArray/ArrayRejected",
    type: "[1][1]uint8",
    in: "[[111]]",
    want: [[0]],
    wantErr: `json: cannot unmarshal JSON array into Go [1]uint8 within "/0"`,
  },
  {
    name: "V2/DashTag/StructuralError",
    type: "D",
    in: `{"A":5}`,
    want: { A: 0n, V: 0n, B: 0n },
    wantErr:
      'json: cannot unmarshal JSON object into Go main.D: Go struct field A has JSON object name "-"; either use `json:"-"` to ignore the field or use `json:"\'-\',omitzero"` to specify "-" as the name',
  },
];

describe("unmarshal agrees with Go", () => {
  for (const c of cases) {
    it(c.name, () => {
      const t = goType(c.type, decls);
      if (c.wantErr === undefined) {
        expect(unmarshal(t, c.in, c.opts)).toEqual(c.want);
        return;
      }
      let err: (Error & { value?: unknown }) | undefined;
      try {
        unmarshal(t, c.in, c.opts);
      } catch (e) {
        err = e as Error & { value?: unknown };
      }
      expect(err?.message).toBe(c.wantErr);
      if (c.want !== undefined) expect(err?.value).toEqual(c.want);
    });
  }
});

describe("marshal agrees with Go", () => {
  it("V1/UnsupportedValue/NaN", () => {
    expect(() => marshal(goType("float64"), Number.NaN, v1)).toThrow(/^json: unsupported value: NaN$/);
  });
  it("V1/DashTag/LeftOut", () => {
    const t = goType("D", decls);
    expect(new TextDecoder().decode(marshal(t, { A: 1n, V: 2n, B: 3n }, v1))).toBe('{"B":3}');
  });
  it("V2/NilTimePointerInMap", () => {
    const t = goType("map[string]*time.Time", decls);
    expect(new TextDecoder().decode(marshal(t, new Map([["a", null]])))).toBe('{"a":null}');
  });
});
