/**
 * Methods (MarshalJSON/MarshalText/UnmarshalJSON/UnmarshalText/IsZero) with
 * v1's addressability rules, unsupported values, and the byte helpers.
 * Expected texts recorded from Go 1.26 (program in the PR notes: /tmp/cv1/meth/main.go).
 */
import { GoTime, goType, mapOf, parseGo, pointerTo, sliceOf, T, withMethods } from "@gojson/gotype";
import { describe, expect, test } from "vitest";
import { compact, htmlEscape, indent, marshal, marshalIndent, unmarshal, valid } from "./index.js";

const text = (b: Uint8Array) => new TextDecoder().decode(b);

const D = parseGo(`
type Cents int64
type Inv struct { Total Cents \`json:"total"\` }
type V struct { A int }
type Bad struct {}
type Fail struct {}
type TK struct { X int }
type Upper string
type UJ struct { Raw string }
type Node struct { V int; Next *Node }
type Ev struct { time.Time; ID int }
type Z struct { N int }
type HasZ struct { A Z \`json:",omitzero"\`; B *Z \`json:",omitzero"\` }
type Holder struct { A UJ; B UJ; C *UJ; U Upper; MU map[Upper]int }
type TextErr struct { U Upper; N int }
type PU struct { P *Upper }
type PQ struct { P, Q *Cents }
`);
const ty = (e: string) => goType(e, D);

withMethods(
  ty("Cents"),
  { MarshalJSON: (c: bigint) => `"${c / 100n}.${String(c % 100n).padStart(2, "0")}"` },
  { receiver: "pointer" },
);
withMethods(ty("V"), { MarshalJSON: () => ` {"v": [1, 2], "h":"<&>"} ` });
withMethods(ty("Bad"), { MarshalJSON: () => "{bad" });
withMethods(ty("Fail"), {
  MarshalJSON: () => {
    throw new Error("boom");
  },
});
withMethods(ty("TK"), { MarshalText: (k: { X: bigint }) => `k${k.X}` });
withMethods(ty("Upper"), {
  UnmarshalText: (b: Uint8Array) => {
    const s = new TextDecoder().decode(b);
    if (s === "bad") throw new Error("bad text");
    return s.toUpperCase();
  },
});
withMethods(ty("UJ"), {
  UnmarshalJSON: (b: Uint8Array, cur: { Raw: string }) => {
    const s = new TextDecoder().decode(b);
    if (s === '"fail"') throw new Error("nope");
    cur.Raw = s;
    return cur;
  },
});
withMethods(ty("Z"), { IsZero: (z: { N: bigint }) => z.N === 42n });

interface MarshalCase {
  name: string;
  type: string | ReturnType<typeof ty>;
  in: unknown;
  want?: string;
  wantErr?: string;
}

const inv = { Total: 1234n };
const cycle: { V: bigint; Next: unknown } = { V: 1n, Next: null };
cycle.Next = cycle;
const cyclicMap: Record<string, unknown> = {};
cyclicMap.a = cyclicMap;

const marshalCases: MarshalCase[] = [
  { name: "Method/PtrRecv/Value", type: "Inv", in: inv, want: '{"total":1234}' },
  { name: "Method/PtrRecv/Pointer", type: "*Inv", in: inv, want: '{"total":"12.34"}' },
  { name: "Method/PtrRecv/SliceElem", type: "[]Inv", in: [inv], want: '[{"total":"12.34"}]' },
  {
    name: "Method/PtrRecv/MapValue",
    type: "map[string]Inv",
    in: new Map([["a", inv]]),
    want: '{"a":{"total":1234}}',
  },
  { name: "Method/PtrRecv/MapCents", type: "map[string]Cents", in: new Map([["a", 5n]]), want: '{"a":5}' },
  { name: "Method/PtrRecv/SliceCents", type: "[]Cents", in: [5n, 123n], want: '["0.05","1.23"]' },
  { name: "Method/PtrRecv/ArrayTop", type: "[2]Cents", in: [5n, 123n], want: "[5,123]" },
  { name: "Method/PtrRecv/PtrField", type: "PQ", in: { P: 7n, Q: null }, want: '{"P":"0.07","Q":null}' },
  { name: "Method/Compacted", type: "V", in: { A: 0n }, want: '{"v":[1,2],"h":"\\u003c\\u0026\\u003e"}' },
  {
    name: "Method/Invalid",
    type: "Bad",
    in: {},
    wantErr:
      "json: error calling MarshalJSON for type main.Bad: invalid character 'b' looking for beginning of object key string",
  },
  {
    name: "Method/Error",
    type: "Fail",
    in: {},
    wantErr: "json: error calling MarshalJSON for type main.Fail: boom",
  },
  {
    name: "Method/TextKey",
    type: "map[TK]int",
    in: new Map([
      [{ X: 10n }, 1n],
      [{ X: 9n }, 2n],
    ]),
    want: '{"k10":1,"k9":2}',
  },
  { name: "Value/NaN", type: T.float64, in: Number.NaN, wantErr: "json: unsupported value: NaN" },
  { name: "Value/Inf", type: T.float64, in: Infinity, wantErr: "json: unsupported value: +Inf" },
  { name: "Value/NegInf32", type: T.float32, in: -Infinity, wantErr: "json: unsupported value: -Inf" },
  {
    name: "Value/Cycle",
    type: "*Node",
    in: cycle,
    wantErr: "json: unsupported value: encountered a cycle via *main.Node",
  },
  {
    name: "Value/CycleMap",
    type: T.any,
    in: cyclicMap,
    wantErr: "json: unsupported value: encountered a cycle via map[string]interface {}",
  },
  {
    name: "Method/EmbeddedTime",
    type: "Ev",
    in: { Time: GoTime.date(2026, 10, 1, 12), ID: 5n },
    want: '"2026-10-01T12:00:00Z"',
  },
  { name: "OmitZero/IsZeroMethod", type: "HasZ", in: { A: { N: 42n }, B: { N: 42n } }, want: "{}" },
  {
    name: "OmitZero/IsZeroMethodFalse",
    type: "HasZ",
    in: { A: { N: 1n }, B: { N: 1n } },
    want: '{"A":{"N":1},"B":{"N":1}}',
  },
  { name: "Number/Invalid", type: "json.Number", in: "abc", wantErr: 'json: invalid number literal "abc"' },
  {
    name: "Time/YearRange",
    type: "time.Time",
    in: GoTime.date(10000, 1, 1),
    wantErr:
      "json: error calling MarshalJSON for type time.Time: Time.MarshalJSON: year outside of range [0,9999]",
  },
  { name: "String/LoneSurrogate", type: T.string, in: "\ud800", want: '"\\ufffd"' },
];

describe("marshal with methods and unsupported values", () => {
  test.each(marshalCases.map((c) => [c.name, c] as const))("%s", (_n, c) => {
    const t = typeof c.type === "string" ? ty(c.type) : c.type;
    if (c.wantErr !== undefined) expect(() => marshal(t, c.in)).toThrow(c.wantErr);
    else expect(text(marshal(t, c.in))).toBe(c.want);
  });
});

interface UnmarshalCase {
  name: string;
  type: string;
  in: string;
  want: string;
  wantErr?: string;
}

const unmarshalCases: UnmarshalCase[] = [
  {
    name: "Unmarshal/Methods",
    type: "Holder",
    in: '{"A": {"x" : 1 } ,"B":null,"C":null,"U":"abc","MU":{"x":1}}',
    want: '{"A":{"Raw":"{\\"x\\" : 1 }"},"B":{"Raw":"null"},"C":null,"U":"ABC","MU":{"X":1}}',
  },
  {
    name: "Unmarshal/MethodError",
    type: "Holder",
    in: '{"A":"fail","U":"x"}',
    want: '{"A":{"Raw":""},"B":{"Raw":""},"C":null,"U":"","MU":null}',
    wantErr: "nope",
  },
  {
    name: "Unmarshal/TextFromNumber",
    type: "TextErr",
    in: '{"U":5,"N":1}',
    want: '{"U":"","N":1}',
    wantErr: "json: cannot unmarshal number into Go struct field TextErr.U of type main.Upper",
  },
  {
    name: "Unmarshal/TextError",
    type: "TextErr",
    in: '{"U":"bad","N":1}',
    want: '{"U":"","N":0}',
    wantErr: "bad text",
  },
  {
    name: "Unmarshal/TextFromArray",
    type: "TextErr",
    in: '{"U":[1],"N":1}',
    want: '{"U":"","N":1}',
    wantErr: "json: cannot unmarshal array into Go struct field TextErr.U of type main.Upper",
  },
  {
    name: "Unmarshal/PtrTextFromBool",
    type: "PU",
    in: '{"P":true}',
    want: '{"P":""}',
    wantErr: "json: cannot unmarshal bool into Go struct field PU.P of type *main.Upper",
  },
];

describe("unmarshal with methods", () => {
  test.each(unmarshalCases.map((c) => [c.name, c] as const))("%s", (_n, c) => {
    const t = ty(c.type);
    let v: unknown;
    let err: string | undefined;
    try {
      v = unmarshal(t, c.in);
    } catch (e) {
      err = (e as Error).message;
      v = (e as { value: unknown }).value;
    }
    expect(err).toBe(c.wantErr);
    expect(text(marshal(t, v))).toBe(c.want);
  });
});

describe("byte helpers", () => {
  test("Encoder/NoEscapeHTML", () => {
    expect(
      text(marshal(mapOf(T.string, T.string), new Map([["<k>", "<a>&\u2028"]]), { escapeHTML: false })),
    ).toBe('{"<k>":"<a>&\\u2028"}');
  });
  test("MarshalIndent", () => {
    const v = { a: [1, { x: null }], b: "s" };
    expect(text(marshalIndent(T.any, v, "", "  "))).toBe(
      '{\n  "a": [\n    1,\n    {\n      "x": null\n    }\n  ],\n  "b": "s"\n}',
    );
  });
  test("Indent/Ok", () => {
    expect(text(indent(' {"a":[1,{}],"b":[]} ', "#", "-"))).toBe(
      '{\n#-"a": [\n#--1,\n#--{}\n#-],\n#-"b": []\n#} ',
    );
  });
  test("Indent/Error", () => {
    expect(() => indent('{"a":1,}', "", " ")).toThrow(
      "invalid character '}' looking for beginning of object key string",
    );
  });
  test("Compact", () => {
    expect(text(compact(' [1, "<a>" , {"b" : null}] '))).toBe('[1,"<a>",{"b":null}]');
    expect(() => compact("[1 2]")).toThrow("invalid character '2' after array element");
  });
  test("HTMLEscape", () => {
    expect(text(htmlEscape('{"<":"&\u2028"}'))).toBe('{"\\u003c":"\\u0026\\u2028"}');
  });
  test("Valid", () => {
    expect([valid('{"a":[1]}'), valid("{"), valid(" 1 ")]).toEqual([true, false, true]);
  });
  test("Raw/Compacted", () => {
    const t = goType("struct { R json.RawMessage; S json.RawMessage }", D);
    expect(text(marshal(t, { R: new TextEncoder().encode(' { "a" : 1 } '), S: null }))).toBe(
      '{"R":{"a":1},"S":null}',
    );
  });
  test("Pointer/SliceOf", () => {
    expect(text(marshal(sliceOf(pointerTo(ty("Cents"))), [1n, null]))).toBe('["0.01",null]');
  });
});

describe("late method attachment", () => {
  test("Methods/AttachedAfterFirstUse", () => {
    const L = parseGo(`
type Late struct { N int32 }
type HoldLate struct { L Late; P []Late }
`);
    const late = goType("Late", L);
    const hold = goType("HoldLate", L);
    const v = { L: { N: 1 }, P: [{ N: 2 }] };
    expect(text(marshal(hold, v))).toBe('{"L":{"N":1},"P":[{"N":2}]}');
    expect(unmarshal(hold, '{"L":{"N":3},"P":null}')).toEqual({ L: { N: 3 }, P: null });
    withMethods(late, {
      MarshalJSON: (x: { N: number }) => `"n=${x.N}"`,
      UnmarshalJSON: (b: Uint8Array) => ({ N: b.length }),
    });
    // Methods attached after the first use are seen by both directions.
    expect(text(marshal(hold, v))).toBe('{"L":"n=1","P":["n=2"]}');
    expect(unmarshal(hold, '{"L":"abc","P":[1]}')).toEqual({ L: { N: 5 }, P: [{ N: 1 }] });
  });
});
