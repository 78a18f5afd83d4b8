/**
 * Recursive types on the marshal byte path: trees, lists, maps and slices of themselves, and
 * types that reach each other. Expected bytes and errors recorded with Go 1.26's json.Marshal
 * (the same under GOEXPERIMENT=jsonv2). The byte path must write them without bailing, a value
 * deeper than its depth limit or a cycle must bail to the general encoder (which reports
 * Go's cycle error), and a recursive type the byte path refuses must leave no half-built
 * encoder behind for the types built with it.
 */

import { type GoType, goType, parseGo } from "@gojson/gotype";
import { describe, expect, test } from "vitest";
import { marshal } from "./index.js";
import { fastPaths } from "./marshal.js";
import { rootByteEncoderFor } from "./marshal-fast.js";

const decls = parseGo(`
type Node struct {
	Name string  \`json:"name"\`
	Kids []*Node \`json:"kids,omitempty"\`
}
type List struct {
	V    int   \`json:"v"\`
	Next *List \`json:"next"\`
}
type M map[string]M
type L []L
type A struct {
	B *B \`json:"b"\`
}
type B struct {
	A []A \`json:"a"\`
}
type Q struct {
	Kids []*Q \`json:"kids"\`
	N    int  \`json:"n,string"\`
}
`);

const text = new TextDecoder();
const type = (name: string) => decls[name] as GoType;

/** Writes v with the byte path, then with the general encoder alone; returns both, and the bails the byte path made. */
function both(t: GoType, v: unknown): { fast: string; general: string; bails: number } {
  const before = fastPaths.bails;
  const fast = text.decode(marshal(t, v as never));
  const bails = fastPaths.bails - before;
  fastPaths.bytes = false;
  try {
    return { fast, general: text.decode(marshal(t, v as never)), bails };
  } finally {
    fastPaths.bytes = true;
  }
}

function list(n: number): unknown {
  let l: unknown = null;
  for (let i = n; i >= 1; i--) l = { V: BigInt(i), Next: l };
  return l;
}

const cases: Array<{ name: string; type: GoType; in: unknown; want: string }> = [
  {
    name: "Tree/SliceOfPointers",
    type: type("Node"),
    in: {
      Name: "a",
      Kids: [
        { Name: "b", Kids: null },
        { Name: "c", Kids: [{ Name: "<d>", Kids: [] }] },
      ],
    },
    want: '{"name":"a","kids":[{"name":"b"},{"name":"c","kids":[{"name":"\\u003cd\\u003e"}]}]}',
  },
  {
    name: "List/Pointer",
    type: type("List"),
    in: list(3),
    want: '{"v":1,"next":{"v":2,"next":{"v":3,"next":null}}}',
  },
  {
    name: "Map/OfItself",
    type: type("M"),
    in: new Map<string, unknown>([
      ["b", new Map()],
      ["a", null],
    ]),
    want: '{"a":null,"b":{}}',
  },
  { name: "Slice/OfItself", type: type("L"), in: [[], [[]], null], want: "[[],[[]],null]" },
  {
    name: "Mutual/StructsThroughPointerAndSlice",
    type: type("A"),
    in: { B: { A: [{ B: null }, { B: { A: null } }] } },
    want: '{"b":{"a":[{"b":null},{"b":{"a":null}}]}}',
  },
];

describe("recursive types on the byte path (Go 1.26 json.Marshal)", () => {
  for (const c of cases)
    test(c.name, () => {
      expect(rootByteEncoderFor(c.type)).not.toBeNull();
      const got = both(c.type, c.in);
      expect(got).toEqual({ fast: c.want, general: c.want, bails: 0 });
    });

  test("Deep/PastTheByteDepthBailsToTheGeneralEncoder", () => {
    // 300 levels: Go writes 4,996 bytes; the byte path gives up at its depth limit, once.
    const got = both(type("List"), list(300));
    expect(got.fast).toBe(got.general);
    expect(got.fast).toHaveLength(4996);
    expect(got.fast.startsWith('{"v":1,"next":{"v":2,"next":{"')).toBe(true);
    expect(got.bails).toBe(1);
  });

  test("Cycle/GoError", () => {
    const l: { V: bigint; Next: unknown } = { V: 1n, Next: null };
    l.Next = l;
    expect(() => marshal(type("List"), l as never)).toThrow(
      "json: unsupported value: encountered a cycle via *main.List",
    );
    // Go marshaled a *Node: which of the pointer and the slice reports depends on the levels above.
    const n: { Name: string; Kids: unknown[] } = { Name: "x", Kids: [] };
    n.Kids.push(n);
    expect(() => marshal(goType("*Node", decls), n as never)).toThrow(
      "json: unsupported value: encountered a cycle via *main.Node",
    );
  });

  test("Refused/NoHalfBuiltEncodersLeft", () => {
    // Q's `,string` field keeps Q off the byte path; []*Q and *Q were built while Q was and
    // reached Q's stub: asked for afterwards they must refuse too, not call a stub with nothing behind it.
    const q = parseGo(`
type Q struct {
	Kids []*Q \`json:"kids"\`
	N    int  \`json:"n,string"\`
}`);
    const Q = q.Q as GoType;
    const before = fastPaths.bails;
    expect(rootByteEncoderFor(Q)).toBeNull();
    expect(text.decode(marshal(Q, { Kids: [{ Kids: null, N: 0n }], N: 7n } as never))).toBe(
      '{"kids":[{"kids":null,"n":"0"}],"n":"7"}',
    );
    const slice = parseGo(`
type Q struct {
	Kids []*Q \`json:"kids"\`
	N    int  \`json:"n,string"\`
}
type Qs []*Q`).Qs as GoType;
    expect(text.decode(marshal(slice, [{ Kids: null, N: 1n }, null] as never))).toBe(
      '[{"kids":null,"n":"1"},null]',
    );
    // The same types of the first declaration, asked for after Q was refused.
    const qSlice = (Q as GoType & { kind: "struct" }).fields[0]?.type as GoType;
    expect(rootByteEncoderFor(qSlice)).toBeNull();
    expect(text.decode(marshal(qSlice, [{ Kids: null, N: 1n }, null] as never))).toBe(
      '[{"kids":null,"n":"1"},null]',
    );
    expect(fastPaths.bails).toBe(before);
  });
});
