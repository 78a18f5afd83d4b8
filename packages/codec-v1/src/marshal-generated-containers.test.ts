/**
 * Lists and pointers over structs on the byte path: their first write runs a closure loop, later
 * ones code generated per type (calling the struct's generated encoder). Both alike, and both as
 * Go 1.26 writes them (encoding/json.Marshal); a value that does not fit its type fails as the
 * general encoder says.
 */
import { type GoType, parseGo } from "@gojson/gotype";
import { afterEach, describe, expect, it } from "vitest";
import { marshal } from "./index.js";
import { fastPaths } from "./marshal.js";

afterEach(() => {
  fastPaths.strict = false;
  fastPaths.bytes = true;
});

const L = parseGo(`package lists
type P struct {
	A int32  \`json:"a"\`
	S string \`json:"s"\`
}
type L struct {
	Ps []P   \`json:"ps"\`
	Pa [2]P  \`json:"pa"\`
	Pp []*P  \`json:"pp"\`
	Pt *P    \`json:"pt"\`
	Ll [][]P \`json:"ll"\`
	Pl *[]P  \`json:"pl"\`
}`).L as GoType;

const text = (b: Uint8Array) => new TextDecoder().decode(b);
const zeroP = { A: 0, S: "" };
const zero = { Ps: null, Pa: [zeroP, zeroP], Pp: null, Pt: null, Ll: null, Pl: null };

const cases: Array<{ name: string; in: unknown; want: string }> = [
  {
    name: "Nil",
    in: zero,
    want: '{"ps":null,"pa":[{"a":0,"s":""},{"a":0,"s":""}],"pp":null,"pt":null,"ll":null,"pl":null}',
  },
  {
    name: "Empty",
    in: { ...zero, Ps: [], Pp: [], Ll: [], Pl: [] },
    want: '{"ps":[],"pa":[{"a":0,"s":""},{"a":0,"s":""}],"pp":[],"pt":null,"ll":[],"pl":[]}',
  },
  {
    name: "Full",
    in: {
      Ps: [
        { A: 1, S: "x<y" },
        { A: 2, S: "" },
      ],
      Pa: [
        { A: 3, S: "a" },
        { A: 4, S: "b" },
      ],
      Pp: [null, { A: 5, S: "c" }],
      Pt: { A: 6, S: "&" },
      Ll: [null, [], [{ A: 7, S: "d" }]],
      Pl: [{ A: 8, S: "e" }],
    },
    want:
      '{"ps":[{"a":1,"s":"x\\u003cy"},{"a":2,"s":""}],"pa":[{"a":3,"s":"a"},{"a":4,"s":"b"}],' +
      '"pp":[null,{"a":5,"s":"c"}],"pt":{"a":6,"s":"\\u0026"},"ll":[null,[],[{"a":7,"s":"d"}]],"pl":[{"a":8,"s":"e"}]}',
  },
];

describe("marshal/GeneratedContainers", () => {
  for (const c of cases) {
    it(c.name, () => {
      fastPaths.strict = true;
      // The first write runs the closure loops, later ones the generated code: both alike.
      for (let i = 0; i < 4; i++) expect(text(marshal(L, c.in))).toBe(c.want);
    });
  }

  it("ManyElements", () => {
    fastPaths.strict = true;
    const ps = Array.from({ length: 3000 }, (_, i) => ({ A: i, S: i % 3 === 0 ? "" : `s${i}` }));
    const want = `{"ps":[${ps.map((p) => `{"a":${p.A},"s":"${p.S}"}`).join(",")}],"pa":[{"a":0,"s":""},{"a":0,"s":""}],"pp":null,"pt":null,"ll":null,"pl":null}`;
    for (let i = 0; i < 3; i++) expect(text(marshal(L, { ...zero, Ps: ps }))).toBe(want);
  });

  const bad: Array<{ name: string; in: unknown }> = [
    { name: "ArrayTooShort", in: { ...zero, Pa: [zeroP] } },
    { name: "ElementNotAStruct", in: { ...zero, Ps: [zeroP, 1] } },
    { name: "PointerToNumber", in: { ...zero, Pt: 2 } },
    { name: "InnerListNotAList", in: { ...zero, Ll: [[], "x"] } },
  ];
  for (const c of bad) {
    it(`Invalid/${c.name}`, () => {
      fastPaths.bytes = false;
      const want = (() => {
        try {
          marshal(L, c.in as never);
        } catch (e) {
          return String(e);
        }
        return "no error";
      })();
      expect(want).not.toBe("no error");
      fastPaths.bytes = true;
      for (let i = 0; i < 4; i++) {
        // Valid values in between keep the generated code warm.
        marshal(L, zero);
        expect(() => marshal(L, c.in as never)).toThrow(want.replace(/^\w+: /, ""));
      }
    });
  }
});
