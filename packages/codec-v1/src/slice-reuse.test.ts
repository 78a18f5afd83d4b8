/**
 * Go's slice capacity inside one Unmarshal: a shorter array value (a
 * duplicate member) cuts a slice, but Go's backing array keeps the cut
 * elements, and a later longer value grows the slice over them and decodes
 * into them (merging into structs, pointers and inner slices). `[]` and
 * `null` start a new slice. Expected values recorded with Go 1.26
 * (json.Unmarshal, then json.Marshal of the destination).
 */
import { goType, parseGo } from "@gojson/gotype";
import { describe, expect, test } from "vitest";
import { marshal, unmarshal } from "./index.js";

const D = parseGo(`
type E struct { A int; B int }
type S struct { N []E }
type P struct { N []*E }
type M struct { N [][]int }
`);
const text = new TextDecoder();

const cases: { name: string; type: string; in: string; into?: unknown; want: string }[] = [
  {
    name: "Struct/ShorterThenLonger",
    type: "S",
    in: `{"N":[{"A":1,"B":2},{"A":3,"B":4}],"N":[{"A":9}],"N":[{"A":8},{"A":7}]}`,
    want: `{"N":[{"A":8,"B":2},{"A":7,"B":4}]}`,
  },
  {
    name: "Struct/PastTheOldLength",
    type: "S",
    in: `{"N":[{"A":1,"B":2},{"A":3,"B":4},{"A":5,"B":6}],"N":[{"A":9}],"N":[{"A":8},{"A":7}],"N":[{},{},{},{}]}`,
    want: `{"N":[{"A":8,"B":2},{"A":7,"B":4},{"A":5,"B":6},{"A":0,"B":0}]}`,
  },
  {
    name: "Struct/EmptyArrayStartsANewSlice",
    type: "S",
    in: `{"N":[{"A":1,"B":2},{"A":3,"B":4}],"N":[],"N":[{"A":8},{"A":7}]}`,
    want: `{"N":[{"A":8,"B":0},{"A":7,"B":0}]}`,
  },
  {
    name: "Struct/NullStartsANewSlice",
    type: "S",
    in: `{"N":[{"A":1,"B":2},{"A":3,"B":4}],"N":null,"N":[{"A":8},{"A":7}]}`,
    want: `{"N":[{"A":8,"B":0},{"A":7,"B":0}]}`,
  },
  {
    name: "Pointer/PastTheOldLength",
    type: "P",
    in: `{"N":[{"A":1,"B":2},{"A":3,"B":4},{"A":5,"B":6}],"N":[{"A":9}],"N":[{"A":8},{"A":7}],"N":[{},{},{},{}]}`,
    want: `{"N":[{"A":8,"B":2},{"A":7,"B":4},{"A":5,"B":6},{"A":0,"B":0}]}`,
  },
  {
    name: "InnerSlice/Reused",
    type: "M",
    in: `{"N":[[1,2,3],[4,5]],"N":[[9]],"N":[[8],[7]]}`,
    want: `{"N":[[8],[7]]}`,
  },
  {
    name: "Into/ShorterThenLonger",
    type: "S",
    in: `{"N":[{"A":9}],"N":[{"A":8},{"A":7}]}`,
    into: {
      N: [
        { A: 1n, B: 2n },
        { A: 3n, B: 4n },
      ],
    },
    want: `{"N":[{"A":8,"B":2},{"A":7,"B":4}]}`,
  },
];

describe("slice capacity within one decode (Go 1.26)", () => {
  test.each(cases.map((c) => [c.name, c] as const))("%s", (_n, c) => {
    const t = goType(c.type, D);
    const v = unmarshal(t, c.in, c.into === undefined ? {} : { into: c.into });
    expect(text.decode(marshal(t, v))).toBe(c.want);
  });
});

// []byte decoded from JSON arrays keeps its backing array the same way (Go grows it with SetLen,
// which does not clear the bytes a shorter value cut off; an element that fails keeps its byte).
// Found by the differential fuzzer (v1, seed 300025020). Go 1.26, plain `go run`: json.Unmarshal
// into struct{ B []byte }, then json.Marshal of the destination; error texts as Go printed them.
const bytesCases: [string, string, string][] = [
  [
    `{"B":"AAE=","B":[null],"B":[{},{}]}`,
    `{"B":"AAE="}`,
    "json: cannot unmarshal object into Go struct field B.B of type uint8",
  ],
  [`{"B":[1,2,3],"B":[4],"B":[5,null,null]}`, `{"B":"BQID"}`, ""],
  [`{"B":[1,2,3],"B":[4],"B":[5,null,null,null]}`, `{"B":"BQIDAA=="}`, ""],
  [`{"B":[1,2,3],"B":[],"B":[null,null]}`, `{"B":"AAA="}`, ""],
  [`{"B":[1,2,3],"B":[4],"B":[5],"B":[6,null,null]}`, `{"B":"BgID"}`, ""],
  [
    `{"B":[1,2],"B":[3],"B":[4,"x"]}`,
    `{"B":"BAI="}`,
    "json: cannot unmarshal string into Go struct field B.B of type uint8",
  ],
];

describe("[]byte capacity within one decode (Go 1.26)", () => {
  const t = goType("B", parseGo("type B struct{ B []byte }"));
  test.each(bytesCases)("%s", (input, want, err) => {
    let v: unknown;
    let msg = "";
    try {
      v = unmarshal(t, input);
    } catch (e) {
      msg = (e as Error).message;
      v = (e as { value?: unknown }).value;
    }
    expect(msg).toBe(err);
    expect(text.decode(marshal(t, v))).toBe(want);
  });
});
