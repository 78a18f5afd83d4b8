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
