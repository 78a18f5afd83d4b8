/**
 * The fast marshal path against the exact encoder: the benchmark payloads and
 * corpora (every byte equal, and the fast path really taken), and table cases
 * for what the generators of marshal-fast.prop.test.ts do not build (embedded
 * fields, deep and cyclic values, methods, index-like names, raw markers).
 */
import { CORPUS_NAMES, corpusBytes, corpusInfo, PAYLOAD_NAMES, payload } from "@gojson/fixtures";
import {
  arrayOf,
  type GoType,
  goType,
  mapOf,
  named,
  parseGo,
  pointerTo,
  sliceOf,
  structOf,
  T,
  withMethods,
} from "@gojson/gotype";
import { afterEach, describe, expect, it } from "vitest";
import {
  defaultOptionsV1,
  marshal,
  marshalToString,
  type Options,
  resolveOptions,
  unmarshal,
} from "./index.js";
import { fastEncoderFor, fastMarshal } from "./marshal-fast.js";

afterEach(() => {
  fastMarshal.enabled = true;
});

function exact(t: GoType, v: unknown, o?: Options | Options[]): string {
  fastMarshal.enabled = false;
  try {
    return marshalToString(t, v, o);
  } catch (e) {
    return `error: ${(e as Error).message}`;
  } finally {
    fastMarshal.enabled = true;
  }
}

function fastOrExact(t: GoType, v: unknown, o?: Options | Options[]): string {
  try {
    return marshalToString(t, v, o);
  } catch (e) {
    return `error: ${(e as Error).message}`;
  }
}

/** The fast path's own answer (undefined: it passed the value to the exact encoder). */
function fastOnly(t: GoType, v: unknown, o?: Options | Options[]): string | undefined {
  return fastEncoderFor(t, resolveOptions(o))?.text(v);
}

describe("marshal fast path on the benchmark inputs", () => {
  const inputs = [
    ...PAYLOAD_NAMES.map((n) => {
      const p = payload(n, { size: "small" });
      return { id: n, bytes: p.bytes, src: p.goSource, expr: p.goType };
    }),
    ...CORPUS_NAMES.map((n) => {
      const i = corpusInfo(n);
      return { id: n, bytes: corpusBytes(n), src: i.goSource, expr: i.goType };
    }),
  ];
  for (const inp of inputs) {
    it(`Payload/${inp.id}`, () => {
      const t = goType(inp.expr, parseGo(inp.src));
      const v = unmarshal(t, inp.bytes);
      for (const o of [undefined, defaultOptionsV1(), { deterministic: true }] as (Options | undefined)[]) {
        const want = exact(t, v, o);
        const fast = fastOnly(t, v, o);
        if (o === undefined) expect(fast).toBeDefined();
        if (fast !== undefined) expect(fast).toBe(want);
        expect(fastOrExact(t, v, o)).toBe(want);
        expect(new TextDecoder().decode(marshal(t, v, o))).toBe(want);
      }
    });
  }
});

interface Case {
  name: string;
  t: GoType;
  in: unknown;
  opts?: Options | Options[];
  /** Expected output (from the exact encoder, checked against Go by the golden vectors and the oracle). */
  want: string;
  /** Whether the fast path answers by itself. */
  fast: boolean;
}

const Inner = named("Inner", structOf([{ name: "X", type: T.int64, tag: 'json:"x"' }]));
const Outer = named(
  "Outer",
  structOf([
    { type: pointerTo(Inner), embedded: true },
    { name: "Y", type: T.string, tag: 'json:"y,omitempty"' },
  ]),
);
const Node = named("Node", structOf([]));
(Node as { fields: unknown }).fields = Object.freeze([
  Object.freeze({ name: "Next", type: pointerTo(Node), tag: 'json:"next"', embedded: false, exported: true }),
]);
const Indexed = named(
  "Indexed",
  structOf([
    { name: "B", type: T.int32, tag: 'json:"2"' },
    { name: "A", type: T.int32, tag: 'json:"1"' },
  ]),
);
const Stamp = withMethods(named("Stamp", T.string), { marshalText: (v: unknown) => `<${String(v)}>` });

function chain(n: number): unknown {
  let v: unknown = null;
  for (let i = 0; i < n; i++) v = { Next: v };
  return v;
}

const cyclic: { Next: unknown } = { Next: null };
cyclic.Next = cyclic;

const CASES: Case[] = [
  { name: "Embedded/Set", t: Outer, in: { Inner: { X: 1n }, Y: "" }, want: '{"x":1}', fast: true },
  { name: "Embedded/NilPointer", t: Outer, in: { Inner: null, Y: "y" }, want: '{"y":"y"}', fast: true },
  {
    name: "Int64/BeyondSafe",
    t: sliceOf(T.int64),
    in: [2n ** 60n, -(2n ** 63n)],
    want: "[1152921504606846976,-9223372036854775808]",
    fast: true,
  },
  {
    name: "Float64/NegativeZero",
    t: sliceOf(T.float64),
    in: [-0, 0, 1e21, 1e-7],
    want: "[-0,0,1e+21,1e-7]",
    fast: true,
  },
  {
    name: "Float32/Shortest",
    t: sliceOf(T.float32),
    in: [Math.fround(0.1), Math.fround(3.4e38)],
    want: "[0.1,3.4e+38]",
    fast: true,
  },
  {
    name: "Float64/NaN",
    t: T.float64,
    in: Number.NaN,
    want: "error: json: cannot marshal from Go float64: unsupported value: NaN",
    fast: false,
  },
  {
    name: "String/InvalidUTF8",
    t: T.string,
    in: "a\ud800",
    want: "error: jsontext: invalid UTF-8",
    fast: false,
  },
  {
    name: "String/InvalidUTF8/Allowed",
    t: T.string,
    in: "a\ud800",
    opts: { allowInvalidUTF8: true },
    want: '"a\ufffd"',
    fast: true,
  },
  {
    name: "String/EscapeForHTML",
    t: T.string,
    in: "<&>\u2028",
    opts: { escapeForHTML: true },
    want: '"\\u003c\\u0026\\u003e\u2028"',
    fast: true,
  },
  {
    name: "Map/IndexKeysOutOfOrder",
    t: mapOf(T.string, T.int32),
    in: new Map([
      ["b", 1],
      ["2", 2],
      ["1", 3],
    ]),
    want: '{"b":1,"2":2,"1":3}',
    fast: true,
  },
  {
    name: "Map/Proto",
    t: mapOf(T.string, T.bool),
    in: new Map([["__proto__", true]]),
    want: '{"__proto__":true}',
    fast: true,
  },
  {
    name: "Map/Deterministic",
    t: mapOf(T.string, T.bool),
    in: new Map([
      ["b", true],
      ["a", false],
      ["10", true],
      ["9", true],
    ]),
    opts: { deterministic: true },
    want: '{"10":true,"9":true,"a":false,"b":true}',
    fast: true,
  },
  { name: "Struct/IndexNamesOutOfOrder", t: Indexed, in: { B: 2, A: 1 }, want: '{"2":2,"1":1}', fast: false },
  {
    name: "Any/Undefined",
    t: T.any,
    in: { a: undefined, b: [undefined] },
    want: '{"a":null,"b":[null]}',
    fast: true,
  },
  { name: "Any/ToJSON", t: T.any, in: { toJSON: 1 }, want: '{"toJSON":1}', fast: true },
  { name: "Any/NegativeZero", t: T.any, in: [-0], want: "[-0]", fast: true },
  {
    name: "Deep/Chain100",
    t: pointerTo(Node),
    in: chain(100),
    want: `${'{"next":'.repeat(100)}null${"}".repeat(100)}`,
    fast: true,
  },
  {
    name: "Deep/Chain2000",
    t: pointerTo(Node),
    in: chain(2000),
    want: `${'{"next":'.repeat(2000)}null${"}".repeat(2000)}`,
    fast: false,
  },
  { name: "Cycle", t: pointerTo(Node), in: cyclic, want: exact(pointerTo(Node), cyclic), fast: false },
  { name: "Methods/NotFast", t: sliceOf(Stamp), in: ["a"], want: '["<a>"]', fast: false },
  { name: "WrongJSType/Int64AsString", t: T.int64, in: "12", want: exact(T.int64, "12"), fast: false },
];

describe("marshal fast path re-entered", () => {
  it("Any/GetterMarshals: a getter that marshals keeps the outer raw markers", () => {
    const inner = {
      get big() {
        return marshalToString(sliceOf(T.int64), [2n ** 60n]);
      },
    };
    const v = [2n ** 60n, inner];
    const want = exact(T.any, v);
    expect(want).toBe('[1152921504606846976,{"big":"[1152921504606846976]"}]');
    expect(fastOrExact(T.any, v)).toBe(want);
  });
});

describe("marshal fast path cases", () => {
  for (const c of CASES) {
    it(c.name, () => {
      const want = exact(c.t, c.in, c.opts);
      expect(want).toBe(c.want);
      expect(fastOrExact(c.t, c.in, c.opts)).toBe(want);
      // marshal's bytes (the byte path where it serves the options) say the same.
      if (!want.startsWith("error: "))
        expect(new TextDecoder().decode(marshal(c.t, c.in, c.opts))).toBe(want);
      const fast = fastOnly(c.t, c.in, c.opts);
      expect(fast !== undefined).toBe(c.fast);
      if (fast !== undefined) expect(fast).toBe(want);
    });
  }
});

/** The byte path's own answer (undefined: the options are not served, or it bailed to the shadow path). */
function writtenOnly(t: GoType, v: unknown, o?: Options | Options[]): string | undefined {
  const b = fastEncoderFor(t, resolveOptions(o))?.written(v);
  return b === undefined ? undefined : new TextDecoder().decode(b);
}

const OmitFields = named(
  "Omit",
  structOf([
    { name: "A", type: T.string, tag: 'json:"a,omitempty"' },
    { name: "B", type: sliceOf(T.int), tag: 'json:"b,omitempty"' },
    { name: "C", type: mapOf(T.string, T.int), tag: 'json:"c,omitempty"' },
    { name: "D", type: pointerTo(T.int), tag: 'json:"d,omitempty"' },
    { name: "E", type: T.int, tag: 'json:"e,omitempty"' },
    { name: "F", type: structOf([]), tag: 'json:"f,omitempty"' },
  ]),
);
const OmitAll = named(
  "OmitAll",
  structOf([
    { name: "A", type: T.string, tag: 'json:"a,omitempty"' },
    { name: "B", type: sliceOf(T.int), tag: 'json:"b,omitempty"' },
  ]),
);

/** Byte-path cases; every `want` is Go 1.26's json/v2 output (GOEXPERIMENT=jsonv2 go run, by hand). */
const WRITE_CASES: (Omit<Case, "fast"> & { written: boolean })[] = [
  // Go's answers (GOEXPERIMENT=jsonv2, go1.26.8): the per-type generated list and pointer encoders.
  {
    name: "List/Pointers",
    t: sliceOf(pointerTo(T.int)),
    in: [1, null, 3],
    want: "[1,null,3]",
    written: true,
  },
  {
    name: "List/NestedNilSlice",
    t: sliceOf(sliceOf(T.string)),
    in: [null, ["a"]],
    want: '[[],["a"]]',
    written: true,
  },
  {
    name: "List/NestedNilSliceAsNull",
    t: sliceOf(sliceOf(T.string)),
    in: [null, ["a"]],
    opts: { formatNilSliceAsNull: true },
    want: '[null,["a"]]',
    written: true,
  },
  {
    name: "Map/PointersDeterministic",
    t: mapOf(T.string, pointerTo(T.int)),
    in: new Map<string, number | null>([
      ["b", 1],
      ["a", null],
      ["é", 1],
    ]),
    opts: { deterministic: true },
    want: '{"a":null,"b":1,"é":1}',
    written: true,
  },
  {
    name: "Map/NilSliceValue",
    t: mapOf(T.string, sliceOf(T.string)),
    in: new Map([["x", null]]),
    opts: { deterministic: true },
    want: '{"x":[]}',
    written: true,
  },
  {
    name: "Array/OfArrays",
    t: arrayOf(1, arrayOf(2, T.bool)),
    in: [[true, false]],
    want: "[[true,false]]",
    written: true,
  },
  {
    name: "List/PointersToFloat32Lists",
    t: sliceOf(pointerTo(sliceOf(T.float32))),
    in: [null, [1.5]],
    want: "[null,[1.5]]",
    written: true,
  },
  {
    name: "String/Long/Escapes",
    t: T.string,
    in: `${"x".repeat(70)}"\\\n\t\u0001é€😀`,
    want: `"${"x".repeat(70)}\\"\\\\\\n\\t\\u0001é€😀"`,
    written: true,
  },
  {
    name: "String/Long/NoEscapeForJSOrHTML",
    t: T.string,
    in: `${"a".repeat(40)}\u2028<>&`,
    want: `"${"a".repeat(40)}\u2028<>&"`,
    written: true,
  },
  {
    name: "String/Short/Escapes",
    t: T.string,
    in: '\u0000\b\f\u001f"\\\u007f',
    want: '"\\u0000\\b\\f\\u001f\\"\\\\\u007f"',
    written: true,
  },
  {
    name: "String/Long/InvalidUTF8",
    t: T.string,
    in: `${"a".repeat(40)}\ud800`,
    want: "error: jsontext: invalid UTF-8",
    written: false,
  },
  {
    name: "String/Long/InvalidUTF8AfterEscape",
    t: T.string,
    in: `${"a".repeat(70)}\n\udc00`,
    want: "error: jsontext: invalid UTF-8",
    written: false,
  },
  {
    name: "Float64/Tree/NegativeZeroAndNil",
    t: sliceOf(sliceOf(T.float64)),
    in: [[1.5, -0], null, []],
    want: "[[1.5,-0],[],[]]",
    written: true,
  },
  {
    name: "Float64/Tuples",
    t: sliceOf(arrayOf(2, T.float64)),
    in: [
      [1, 2],
      [3, 4],
    ],
    want: "[[1,2],[3,4]]",
    written: true,
  },
  {
    name: "Int64/Mixed",
    t: sliceOf(T.int64),
    in: [1n, 2n ** 60n, -3],
    want: "[1,1152921504606846976,-3]",
    written: true,
  },
  {
    name: "Struct/OmitEmpty",
    t: OmitFields,
    in: { A: "", B: null, C: null, D: null, E: 0n, F: {} },
    want: '{"e":0}',
    written: true,
  },
  { name: "Struct/OmitEmpty/All", t: OmitAll, in: { A: "", B: [] }, want: "{}", written: true },
  { name: "Bytes/Nil", t: sliceOf(T.uint8), in: null, want: '""', written: true },
  { name: "Bytes/Array", t: arrayOf(3, T.uint8), in: [1, 2, 3], want: '"AQID"', written: true },
  {
    name: "Slice/NilAsNull",
    t: sliceOf(T.int),
    in: null,
    opts: { formatNilSliceAsNull: true },
    want: "null",
    written: true,
  },
  {
    name: "Map/NilAsNull",
    t: mapOf(T.string, T.int),
    in: null,
    opts: { formatNilMapAsNull: true },
    want: "null",
    written: true,
  },
];

describe("marshal byte path cases", () => {
  for (const c of WRITE_CASES) {
    it(c.name, () => {
      const want = exact(c.t, c.in, c.opts);
      expect(want).toBe(c.want);
      expect(fastOrExact(c.t, c.in, c.opts)).toBe(want);
      if (!want.startsWith("error: "))
        expect(new TextDecoder().decode(marshal(c.t, c.in, c.opts))).toBe(want);
      const written = writtenOnly(c.t, c.in, c.opts);
      expect(written !== undefined).toBe(c.written);
      if (written !== undefined) expect(written).toBe(want);
    });
  }

  it("Any/GetterMarshals: a getter that marshals to bytes gets a writer of its own", () => {
    const inner = {
      get text() {
        return new TextDecoder().decode(marshal(sliceOf(T.string), ["a".repeat(40)]));
      },
    };
    const v = ["b".repeat(40), inner, 2n ** 60n];
    const want = exact(T.any, v);
    expect(writtenOnly(T.any, v)).toBe(want);
    expect(new TextDecoder().decode(marshal(T.any, v))).toBe(want);
  });

  it("Large/HandedOver: large outputs are their own bytes, unchanged by later calls", () => {
    const t = sliceOf(T.string);
    const v = Array.from({ length: 3000 }, (_, i) => `item ${i} ${"z".repeat(40)}`);
    const a = marshal(t, v);
    const copy = a.slice();
    marshal(
      t,
      v.map((s) => s.toUpperCase()),
    );
    expect(Buffer.from(a).equals(Buffer.from(copy))).toBe(true);
    expect(new TextDecoder().decode(a)).toBe(exact(t, v));
  });
});
