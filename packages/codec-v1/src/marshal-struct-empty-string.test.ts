/**
 * The empty string of a string field is stored by the generated struct encoder itself (no call
 * to the string writer): its bytes beside other fields, through pointers and omitempty, with and
 * without HTML escaping, and across the writer's buffer growth. Expected texts from Go 1.26
 * (encoding/json.Marshal; the no-HTML case from an Encoder with SetEscapeHTML(false)).
 */
import { type GoType, parseGo } from "@gojson/gotype";
import { afterEach, describe, expect, it } from "vitest";
import { marshal } from "./index.js";
import { fastPaths } from "./marshal.js";

afterEach(() => {
  fastPaths.strict = false;
});

const S = parseGo(`package emptystr
type S struct {
	A string
	B string \`json:"b,omitempty"\`
	C *string
	D string \`json:"<d>"\`
	E int
	F string
}`).S as GoType;

const text = (b: Uint8Array) => new TextDecoder().decode(b);
const zero = { A: "", B: "", C: null, D: "", E: 0n, F: "" };

const cases: Array<{ name: string; in: unknown; html: boolean; want: string }> = [
  {
    name: "Struct/EmptyString/Zero",
    in: zero,
    html: true,
    want: '{"A":"","C":null,"\\u003cd\\u003e":"","E":0,"F":""}',
  },
  {
    name: "Struct/EmptyString/PointerToEmpty",
    in: { ...zero, C: "", E: 1n },
    html: true,
    want: '{"A":"","C":"","\\u003cd\\u003e":"","E":1,"F":""}',
  },
  {
    name: "Struct/EmptyString/Mixed",
    in: { A: "a", B: "b", C: "x<y", D: "&", E: -2n, F: "\u2028" },
    html: true,
    want: '{"A":"a","b":"b","C":"x\\u003cy","\\u003cd\\u003e":"\\u0026","E":-2,"F":"\\u2028"}',
  },
  {
    name: "Struct/EmptyString/NoHTML",
    in: { A: "a", B: "", C: "x<y", D: "&", E: -2n, F: "" },
    html: false,
    want: '{"A":"a","C":"x<y","<d>":"&","E":-2,"F":""}',
  },
];

describe("marshal/EmptyStringFields", () => {
  for (const c of cases) {
    it(c.name, () => {
      fastPaths.strict = true;
      // The first write runs the struct's table loop, later ones its generated code: both alike.
      for (let i = 0; i < 4; i++) expect(text(marshal(S, c.in, { escapeHTML: c.html }))).toBe(c.want);
    });
  }

  it("Struct/EmptyString/AcrossBufferGrowth", () => {
    fastPaths.strict = true;
    // Go: json.Marshal([]S{{}, {C: &e}}) with e = "", repeated: the writer's buffer grows many
    // times in the middle of runs of "" fields.
    const one = '{"A":"","C":null,"\\u003cd\\u003e":"","E":0,"F":""}';
    const two = '{"A":"","C":"","\\u003cd\\u003e":"","E":0,"F":""}';
    const list = parseGo(`package emptystrlist
type S struct {
	A string
	B string \`json:"b,omitempty"\`
	C *string
	D string \`json:"<d>"\`
	E int
	F string
}`).S as GoType;
    const sl = { kind: "slice", elem: list } as unknown as GoType;
    for (const n of [1, 2, 3, 1000, 5000]) {
      const v = Array.from({ length: n }, (_, i) => (i % 2 === 0 ? zero : { ...zero, C: "" }));
      const want = `[${Array.from({ length: n }, (_, i) => (i % 2 === 0 ? one : two)).join(",")}]`;
      expect(text(marshal(sl, v))).toBe(want);
    }
  });
});
