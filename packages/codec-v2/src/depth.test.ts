/**
 * Nesting depth and cycles. Expected texts recorded from Go 1.26.8
 * (GOEXPERIMENT=jsonv2 go run: json.Unmarshal into any / a struct, json.Marshal
 * of nested []any, map[string]any and self-referencing values).
 */
import { goType, named, parseGo, pointerTo, structOf, T } from "@gojson/gotype";
import { describe, expect, it } from "vitest";
import { defaultOptionsV1, MAX_NESTING_DEPTH, marshalToString, unmarshal } from "./index.js";

const err = (f: () => unknown): string => {
  try {
    f();
    return "";
  } catch (e) {
    return (e as Error).message;
  }
};
/** The error f throws (the test fails when f returns). */
const thrown = (f: () => unknown): Error & { value?: unknown } => {
  try {
    f();
  } catch (e) {
    return e as Error & { value?: unknown };
  }
  throw new Error("expected an error, got none");
};
/** Go's TruncatePointer of a long pointer of repeated segments. */
const zeros = `${"/0".repeat(24)}/…${"/0".repeat(25)}`;
const bzeros = `/b${"/0".repeat(23)}/…${"/0".repeat(25)}`;
const as = `${"/a".repeat(24)}/…${"/a".repeat(25)}`;
const xs = `${"/x".repeat(24)}/…${"/x".repeat(25)}`;

const nested = (n: number) => "[".repeat(n) + "]".repeat(n);
const nestSlice = (n: number) => {
  let v: unknown = null;
  for (let i = 0; i < n; i++) v = [v];
  return v;
};
const nestMap = (n: number) => {
  let v: unknown = 1;
  for (let i = 0; i < n; i++) v = { a: v };
  return v;
};
const S = named("S", structOf([{ name: "A", type: T.int, tag: 'json:"a"' }]));

describe("Depth", () => {
  it("Unmarshal/Any/AtLimit", () => {
    expect(MAX_NESTING_DEPTH).toBe(10000);
    let v = unmarshal(T.any, nested(MAX_NESTING_DEPTH)) as unknown[];
    let depth = 0;
    while (Array.isArray(v)) {
      depth++;
      v = v[0] as unknown[];
    }
    expect(depth).toBe(MAX_NESTING_DEPTH);
  });
  it("Unmarshal/Any/OverLimit", () => {
    expect(err(() => unmarshal(T.any, nested(10001)))).toBe(
      `jsontext: exceeded max depth within "${zeros}" after offset 10000`,
    );
  });
  it("Unmarshal/Skip/OverLimit", () => {
    const want = `jsontext: exceeded max depth within "${bzeros}" after offset 10004`;
    expect(err(() => unmarshal(S, `{"b":${nested(10000)}}`))).toBe(want);
    expect(err(() => unmarshal(S, `{"b":${nested(10001)}}`))).toBe(want);
  });
  it("Marshal/Any/AtLimit", () => {
    expect(marshalToString(T.any, nestSlice(10000)).length).toBe(20004);
    expect(marshalToString(T.any, nestMap(10000)).length).toBe(60001);
  });
  it("Marshal/Any/OverLimit", () => {
    expect(err(() => marshalToString(T.any, nestSlice(10001)))).toBe(
      `jsontext: exceeded max depth within "${zeros}" after offset 10000`,
    );
    expect(err(() => marshalToString(T.any, nestMap(10001)))).toBe(
      `jsontext: exceeded max depth within "${as}" after offset 50000`,
    );
  });
  it("Marshal/Any/Cycle", () => {
    const m: Record<string, unknown> = {};
    m.x = m;
    expect(err(() => marshalToString(T.any, m))).toBe(
      `json: cannot marshal from Go map[string]interface {} within "${xs}": encountered a cycle`,
    );
    const a: unknown[] = [null];
    a[0] = a;
    expect(err(() => marshalToString(T.any, a))).toBe(
      `json: cannot marshal from Go []interface {} within "${zeros}": encountered a cycle`,
    );
  });
});

/**
 * Deeply nested typed values (explicit-stack path past DEEP_AFTER levels).
 * Expected texts recorded from Go 1.26.8 (GOEXPERIMENT=jsonv2 go run) with
 * `type Node struct { Kids []Node; Next *Node }`.
 */
const { Node } = parseGo("type Node struct { Kids []Node; Next *Node }") as {
  Node: ReturnType<typeof goType>;
};
const PNode = pointerTo(Node);
type N = { Kids: N[] | null; Next: N | null };
const nextChain = (n: number) => `${'{"Next":'.repeat(n - 1)}{}${"}".repeat(n - 1)}`;
const kidsChain = (n: number) => '{"Kids":['.repeat(n) + "]}".repeat(n);
const chainValue = (n: number): N => {
  const root: N = { Kids: null, Next: null };
  let c = root;
  for (let i = 1; i < n; i++) {
    c.Next = { Kids: null, Next: null };
    c = c.Next;
  }
  return root;
};
const kidsValue = (n: number): N => {
  const root: N = { Kids: null, Next: null };
  let c = root;
  for (let i = 1; i < n; i++) {
    const k: N = { Kids: null, Next: null };
    c.Kids = [k];
    c = k;
  }
  return root;
};
const nextDepth = (v: N | null): number => {
  let d = 0;
  for (let c = v; c; c = c.Next) d++;
  return d;
};
const nexts = `${"/Next".repeat(9)}/…${"/Next".repeat(10)}`;
const kids0 = `${"/Kids/0".repeat(7)}/…${"/Kids/0".repeat(7)}`;

describe("Depth/Typed", () => {
  it("Unmarshal/Struct/AtLimit", () => {
    expect(nextDepth(unmarshal(Node, nextChain(10000)) as N)).toBe(10000);
    expect(nextDepth(unmarshal(PNode, nextChain(10000)) as N)).toBe(10000);
    expect(nextDepth(unmarshal(Node, nextChain(10000), defaultOptionsV1()) as N)).toBe(10000);
    expect(err(() => unmarshal(Node, kidsChain(5000)))).toBe("");
  });
  it("Unmarshal/Struct/OverLimit", () => {
    const want = `jsontext: exceeded max depth within "${nexts}" after offset 80000`;
    expect(err(() => unmarshal(Node, nextChain(10001)))).toBe(want);
    expect(err(() => unmarshal(PNode, nextChain(10001)))).toBe(want);
    expect(err(() => unmarshal(Node, nextChain(10001), defaultOptionsV1()))).toBe("exceeded max depth");
    expect(err(() => unmarshal(Node, kidsChain(5001)))).toBe(
      `jsontext: exceeded max depth within "${kids0}" after offset 45000`,
    );
    // Go leaves 10001 nodes allocated.
    expect(nextDepth(thrown(() => unmarshal(Node, nextChain(10001))).value as N)).toBe(10001);
  });
  it("Unmarshal/Struct/CutOffDeep", () => {
    const s = nextChain(300).slice(0, -5);
    const e = thrown(() => unmarshal(Node, s));
    expect(e.message).toBe('jsontext: unexpected EOF within "/Next/Next/Next/Next" after offset 2688');
    expect(nextDepth(e.value as N)).toBe(300);
  });
  it("Marshal/Struct/AtLimit", () => {
    expect(marshalToString(PNode, chainValue(10000)).length).toBe(190004);
    expect(marshalToString(PNode, chainValue(10000), defaultOptionsV1()).length).toBe(210004);
  });
  it("Marshal/Struct/OverLimit", () => {
    expect(err(() => marshalToString(PNode, chainValue(10001)))).toBe(
      `jsontext: exceeded max depth within "${nexts}" after offset 180000`,
    );
    expect(err(() => marshalToString(PNode, chainValue(10001), defaultOptionsV1()))).toBe(
      "exceeded max depth",
    );
    expect(err(() => marshalToString(Node, kidsValue(5001)))).toBe(
      `jsontext: exceeded max depth within "${kids0}" after offset 45000`,
    );
  });
  it("Marshal/Struct/Cycle", () => {
    const c: N = { Kids: null, Next: null };
    c.Next = c;
    const want = `json: cannot marshal from Go *main.Node within "${nexts}": encountered a cycle`;
    expect(err(() => marshalToString(PNode, c))).toBe(want);
    expect(err(() => marshalToString(Node, c))).toBe(want);
    expect(err(() => marshalToString(PNode, c, defaultOptionsV1()))).toBe(
      "json: unsupported value: encountered a cycle via *main.Node",
    );
    const k: N = { Kids: [{ Kids: null, Next: null }], Next: null };
    (k.Kids as N[])[0] = { Kids: null, Next: k };
    expect(err(() => marshalToString(PNode, k))).toBe(
      `json: cannot marshal from Go []main.Node within "${"/Kids/0/Next".repeat(4)}/…${"/0/Next/Kids".repeat(3)}/0/Next/Kids": encountered a cycle`,
    );
    expect(err(() => marshalToString(PNode, k, defaultOptionsV1()))).toBe(
      "json: unsupported value: encountered a cycle via []main.Node",
    );
  });
});

describe("Names/CutOff", () => {
  // Go reads a member name as a whole value: a cut-off object or array there is an unexpected EOF.
  const cases: { name: string; in: string; wantErr: string }[] = [
    { name: "Object", in: '{"Kids":[],{', wantErr: "jsontext: unexpected EOF after offset 12" },
    {
      name: "EmptyObject",
      in: '{"Kids":[],{}}',
      wantErr: "jsontext: object member name must be a string after offset 11",
    },
    {
      name: "Number",
      in: '{"Kids":[],1',
      wantErr: "jsontext: object member name must be a string after offset 11",
    },
    { name: "Array", in: '{"Kids":[],[', wantErr: "jsontext: unexpected EOF after offset 12" },
    { name: "True", in: '{"Kids":[],tru', wantErr: "jsontext: unexpected EOF after offset 14" },
    {
      name: "Invalid",
      in: '{"Kids":[],x',
      wantErr: "jsontext: invalid character 'x' at start of value after offset 11",
    },
    { name: "Nested", in: "{{", wantErr: "jsontext: unexpected EOF after offset 2" },
  ];
  for (const c of cases) it(c.name, () => expect(err(() => unmarshal(Node, c.in))).toBe(c.wantErr));
  it("Map", () =>
    expect(err(() => unmarshal(goType("map[string]int"), "{{"))).toBe(
      "jsontext: unexpected EOF after offset 2",
    ));
  it("Any", () =>
    expect(err(() => unmarshal(T.any, '{"a":[],{'))).toBe(
      "jsontext: object member name must be a string after offset 8",
    ));
});
