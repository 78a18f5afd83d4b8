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
    in: [1n, null, 3n],
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
    in: new Map<string, bigint | null>([
      ["b", 1n],
      ["a", null],
      ["é", 1n],
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
    in: [1n, 2n ** 60n, -3n],
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

/**
 * Float64s as Go writes them (GOEXPERIMENT=jsonv2 go1.26, `json.Marshal([]float64{...})`): edge
 * values (-0, 5e-324, MaxFloat64, 1e21, 1e-7, powers of two, 2^53 +- 1, near ties, 16 and 17 digits
 * above 2^53 once scaled) and 160 values from a seeded PCG (random bits, short decimals, 17 digits).
 * FLOAT_BITS holds their IEEE 754 bits in hex, FLOAT_GO Go's array text of them.
 */
const FLOAT_BITS =
  "0 8000000000000000 3ff0000000000000 bff0000000000000 3fb999999999999a 3fc999999999999a " +
  "3fd3333333333334 3fd5555555555555 3fe5555555555555 405910432ca57a78 c0506745803cd140 " +
  "4045b5cb81733228 c0573db0813cab80 40589b995dfc8000 1 10000000000000 7fefffffffffffff " +
  "444b1ae4d6e2ef50 4415af1d78b58c40 441ac53a7e04bcda 444b1ae4d6e2ef4f 3e7ad7f29abcaf48 " +
  "3eb0c6f7a0b5ed8d 3eb92a737110e454 3eb0c6f7a0b5ed8d 3ee4f8b588e368f1 3ee4f8b588e368f0 " +
  "3ee4f8b588e368f1 3f201f31f46ed246 430c6bf526340000 430c6bf52633ffff 430c6bf52633fffc " +
  "430c6bf526340002 4340000000000000 433fffffffffffff 4340000000000001 43b0000000000000 " +
  "3fe0000000000000 3fd0000000000000 3eb0000000000000 4090000000000000 4011666666666666 " +
  "4005666666666666 3ff0147ae147ae14 3f8eb851eb851eb8 3f0a36e2eb1c432d 419d6f3454000000 " +
  "7e45798ee2308c39 1ca784379d99db4 4340000000000000 432fffffffffffff 4330000000000000 " +
  "3fe999999999999a 3c6494af6ce5221f 4480f0cf064dd592 44b52d02c7e14af6 41678c29dcd6e9e0 " +
  "41d26580b487e6b7 3fefffffffffffff 4023ffffffffffff 4058ffffffffffff c20ec3ad077dec6c " +
  "401f608aefb2aae3 3e75f567b8fb4ee7 b97a3780429cd279 3f4901a1947094b0 40b9db29eecbfb16 " +
  "bec4c2c2f92ccba4 643651da3ac4115e 41e2bd645f29ed22 c0f1e0430a3d70a4 40f073e9399760da " +
  "2d1c6f618e5ce2d c02d01401eaeda70 401d875217fac889 4031013c5f7f6503 5611583a020620b3 " +
  "40e7504b266d74a1 3fe3b0249b14eed0 bee04322eb49a696 738255ca2387d6b8 42612e08710c8b94 " +
  "c190a9b39c000000 4021c69a9b8a40bc c788fc847a92198d c290b424e7090b87 3fea82d1b6c172a7 " +
  "3f7465e3ae511b33 cb510defd0716095 42ff76891f2be860 40c2edc4a8c154ca c02181b1952271bd " +
  "e42a9edd4051a708 3f3457f0494b541e c0c00974fdf3b646 41cdb1a122d62a0b ed9cffed41074b67 " +
  "c03fbabffccc5c95 4055ee05bc01a36e 3f1557370450ad8f 9dacda8178cadd00 3f2c9edc0165396d " +
  "401942ad0f982378 c0b8b171781fbdd7 1a1205d625c729ff 3fe8cd411aeef757 c080dced3d859c8d " +
  "426400c57de3aad3 329f47a78b825658 c25d0e0fc311df0d 3fe73fb1407f4c10 3f03aeda24378740 " +
  "a03da94ae24b192a 421adef62bdf3058 409112028f5c28f6 c1dd773246bb9a37 3dc02568b751daaf " +
  "42c7d07ddeccff44 c0b650644d013a93 3e72eb53282c6f05 7f214048a8e473ff c1d78488f1a0f3c2 " +
  "41912dc944000000 41c638c27e538837 171d34cc3fd60d41 42df313511807ae0 40b87deb645a1cac " +
  "bea351947d5ec61e a37edb5cb53f0714 410ba494a2e3f660 c083b88a32f44913 41613b7e2d6e5d8a " +
  "b61b588aa04fae4e c09e15d7f45215cf 4022e21101b00368 3f48aadbf513cef4 14189957e3bfec7f " +
  "407abc9b5a7e70c7 4021c6491afc04c9 bf7707b2a81b50a2 23cd7287ab124ffd 40369c1f0ce74f2f " +
  "c0c9f985c28f5c29 42343c02f35afc95 8404f223ea8802c3 c08402ce0ceb7667 4077fff1950331e4 " +
  "3fef9ab0df6e2857 602ffc81beff61aa 4278cdb7fd9f6745 3fa1efb73286baf0 c0881e4e6698d926 " +
  "e742829a6f286b9d 407157b3f7b9a7fe c0476f0f49491f2e 3e7298ffd13e0789 b3dbfe41f5a6c71f " +
  "bf2145b51d0654b5 40d960db645a1cac 40e46401584423f2 9ceb05544c99cdd8 409cf2a54b8cbc97 " +
  "40f8bddd47ae147b bea2f3abe2b8337c d8f28e36c446b83c 42d4fe65c61a1d6b c197852bcc000000 " +
  "4147731495ebb977 7caf1106758823a4 c0f0f4fa678b017a 40b0c3fb1c432ca5 3f80c87327335779 " +
  "282efd29a30b70af 41731b458cb0b099 41937ce23c000000 be9c443e46b9ae23 21da76e32410ef45 " +
  "40421fa10e7cca75 c058e4ef1fddebd9 4157de2494bf888c f56606b2fda09523 bf629692955b98c8 " +
  "40ef1990a3d70a3d 3e77124254db684e 646ab174aea7115b 4147105fd40a4968 415c1038e0000000 " +
  "bf44e37046531977 d3dd35c3f6d980a7 4087714fbd72aeab c01225c21690653d 415564d054d4a6c4 " +
  "ecd36c30b63e54f8 c1822f03431fa423 40800a90ff972474 4265790768cdc7a0 889135e12c0996f6 " +
  "3ed9b48ebbbc3c8b 40d89ee374bc6a7f c164faba7e429f1f e94ec5f4976c4e2f 40e29d033c536c56 " +
  "bfdf2aedca1d6ffd 3ead1aca4b4bf7c4 19e0ec976e852c85 c0326bb05364d08c 412677df33333333 " +
  "3e961706379ab8be 7d1b06be44e4bc7c 3eb50bd1599070f6 40f21756f5c28f5c bf7bbbf9bf5139af " +
  "4acef0083ff3443b 42f4d30c675d1cad c02305378b87881f 4152cb33dc0586c7 aea3330f8b0c0190 " +
  "bf698c6903c5c2c6 3fe29aa674736f63 403571f1e775fdf6 f0fbb1b38ce4d159";
const FLOAT_GO =
  "[" +
  "0,-0,1,-1,0.1,0.2,0.30000000000000004,0.3333333333333333,0.6666666666666666,100.2541," +
  "-65.61361699999998,43.42027300000001,-92.96389799999997,98.43123578699306,5e-324," +
  "2.2250738585072014e-308,1.7976931348623157e+308,1e+21,100000000000000000000," +
  "123456789012345680000,999999999999999900000,1e-7,0.000001,0.0000015,0.000001,0.00001," +
  "0.000009999999999999999,0.00001,0.000123,1000000000000000,999999999999999.9," +
  "999999999999999.5,1000000000000000.2,9007199254740992,9007199254740991,9007199254740994," +
  "1152921504606847000,0.5,0.25,9.5367431640625e-7,1024,4.35,2.675,1.005,0.015,0.00005," +
  "123456789,1.7976931348623156e+300,4.9406564584124654e-300,9007199254740992," +
  "4503599627370495.5,4503599627370496,0.8,8.9255e-18,1e+22,1e+23,12345678.901234567," +
  "1234567890.1234567,0.9999999999999999,9.999999999999998,99.99999999999999," +
  "-16516489455.74044,7.84428,8.180221144497517e-8,-8.078675487076821e-32," +
  "0.0007631339038921738,6619.1638,-0.0000024748787351923504,5.520349307387154e+174," +
  "2515215097.310197,-73220.19,67390.57656038125,4.34918054579481e-295,-14.502442320675272," +
  "7.3821491,17.004827469446365,3.977989666642893e+106,47746.34844086436,0.61525183," +
  "-0.000007754445826085946,2.5639531994100433e+248,590293993572.3618,-69889255," +
  "8.887898312212535,-4.151577212038496e+36,-4591474819650.882,0.82846914," +
  "0.004979981783498388,-6.533963514035377e+54,553503473974918,9691.5364,-8.75330797238791," +
  "-3.292037332174219e+174,0.00031041733136067003,-8210.914,996360773.673158," +
  "-1.0236949627348058e+220,-31.729491996663075,87.7191,0.00008140824600449111," +
  "-9.786141087169894e-166,0.00021835742581761565,6.3151133,-6321.443239196632," +
  "4.241552837103356e-183,0.7750554586452648,-539.61584,687298309917.3383," +
  "7.4255103054852455e-65,-499159862343.48517,0.72652495,0.0000375423737997275," +
  "-2.2122407364059337e-153,28852456183.79721,1092.5025,-1977403674.9312875," +
  "2.936963772439534e-11,52368464779774.53,-5712.3918,7.047965237507037e-8," +
  "2.366043066254059e+304,-1578247110.5148778,72053329,745637116.6525944," +
  "2.4419598916501445e-197,137184816792043.5,6269.9195,-5.757412917443548e-7," +
  "-1.0364635974480541e-137,226450.57953636628,-631.06748,9034737.419722337," +
  "-4.677700073967567e-48,-1925.4608929467975,9.441536,0.0007527898798387043," +
  "7.307022872126384e-212,427.7879280985912,8.8872765,-0.005622575643162405," +
  "3.165181891549365e-136,22.60984879157257,-13299.045,86906172250.98665," +
  "-2.6866579815013176e-289,-640.350610580016,383.99648,0.9876331676362139," +
  "2.1443345055506012e+155,1704489638390.4543,0.03503201,-771.7882816258686," +
  "-2.577256676911405e+189,277.48143742105447,-46.867654,6.928165801996011e-8," +
  "-6.968082948379397e-59,-0.00013177715164817074,25987.428,41760.04202467938," +
  "-2.2374376146678815e-169,1852.6614210119349,101341.83,-5.6480889071426e-7," +
  "-2.994687340801866e+120,92331446921333.67,-98650867,3073577.17125624," +
  "3.8752364107818903e+292,-69455.6502790506,4291.9809,0.008194827684217408," +
  "3.932403393892156e-115,20034648.793137167,81737871,-4.212047943544247e-7," +
  "1.3245983665222503e-145,36.247102557118446,-99.577095,6256786.32419027," +
  "-3.3072366410566126e+257,-0.0022690642316432787,63692.52,8.594738184643187e-8," +
  "5.281629262457103e+175,3023039.6565639265,7356643.5,-0.0006374643532119213," +
  "-9.748785482434416e+95,750.1639355620913,-4.5368732,5608257.325479213," +
  "-1.6738813827484315e+216,-38133864.390449785,513.3208,737798735470.2383," +
  "-2.084954186794755e-267,0.000006128621801839512,25211.554,-10999251.945632515," +
  "-1.8402664377800566e+199,38120.101113998026,-0.48699517,8.673861403294391e-7," +
  "4.978751371334087e-184,-18.420659267533253,736239.6,3.291657360943225e-7," +
  "4.31522082724404e+294,0.0000012544490799521087,74101.435,-0.00677106435348522," +
  "2.3150280131450737e+52,366346860089802.8,-9.5101894,4926671.437837309," +
  "-4.941515251649498e-84,-0.0031187106198376805,0.5813782,21.445097414309167," +
  "-1.7611023430064327e+236" +
  "]";

function fromBits(hex: string): number {
  const dv = new DataView(new ArrayBuffer(8));
  dv.setBigUint64(0, BigInt(`0x${hex}`));
  return dv.getFloat64(0);
}

/** A small seeded generator (mulberry32): the sweep is the same on every run. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Doubles of the shapes the float writer tells apart, from one seed. */
function floatSweep(seed: number, n: number): number[] {
  const r = seeded(seed);
  const dv = new DataView(new ArrayBuffer(8));
  const out: number[] = [];
  const step = (x: number, d: number): number => {
    dv.setFloat64(0, x);
    dv.setBigUint64(0, dv.getBigUint64(0) + BigInt(d));
    return dv.getFloat64(0);
  };
  while (out.length < n) {
    const sign = r() < 0.5 ? -1 : 1;
    // A short or long decimal at a magnitude from 1e-8 to 1e17, and its two neighbours.
    const digits = 1 + Math.floor(r() * 17);
    const m = 1 + Math.floor(r() * 10 ** digits);
    const x = sign * Number(`${m}e${Math.floor(r() * 26) - 8 - digits}`);
    out.push(x, step(x, 1), step(x, -1));
    // Random bits with an exponent around the fast range.
    dv.setUint32(0, ((1023 - 24 + Math.floor(r() * 80)) << 20) | Math.floor(r() * 0x100000));
    dv.setUint32(4, Math.floor(r() * 4294967296));
    out.push(sign * dv.getFloat64(0));
    // Few mantissa bits (exact halves), integers near 2^53, powers of two.
    out.push(sign * ((Math.floor(r() * 2 ** 20) + 0.5) / 2 ** Math.floor(r() * 30)));
    out.push(sign * (2 ** 53 - Math.floor(r() * 4)), sign * 2 ** (Math.floor(r() * 120) - 60));
  }
  return out;
}

describe("marshal byte path numbers", () => {
  const xs = FLOAT_BITS.split(" ").map(fromBits);

  it("Float64/Go: the float writer writes Go's bytes (lists, fields, any)", () => {
    const t = sliceOf(T.float64);
    expect(writtenOnly(t, xs)).toBe(FLOAT_GO);
    expect(exact(t, xs)).toBe(FLOAT_GO);
    expect(writtenOnly(sliceOf(T.any), xs)).toBe(FLOAT_GO);
    const S = named("F", structOf([{ name: "X", type: T.float64, tag: "" }]));
    for (const [i, want] of FLOAT_GO.slice(1, -1).split(",").entries())
      expect(writtenOnly(S, { X: xs[i] })).toBe(`{"X":${want}}`);
  });

  it("Float64/Ties: two shortest decimals equally near (Go rounds the digits to even)", () => {
    // Go's answer (GOEXPERIMENT=jsonv2 go1.26) for these values, given by their bits.
    const v = [
      "42d6bcc41e900008",
      "42d6bcc41e900018",
      "42dc12218377de68",
      "4300000000000005",
      "42ff438daa060006",
    ];
    const want =
      "[100000000000000.12,100000000000000.38,123456789012345.62,562949953421312.6,550000000000000.4]";
    expect(writtenOnly(sliceOf(T.float64), v.map(fromBits))).toBe(want);
  });

  it("Float64/Sweep: float lists and lists of pairs equal the exact encoder", () => {
    const v = floatSweep(6, 24000);
    const t = sliceOf(T.float64);
    const want = exact(t, v);
    expect(writtenOnly(t, v)).toBe(want);
    const pairs: number[][] = [];
    for (let i = 0; i + 1 < v.length; i += 2) pairs.push([v[i] as number, v[i + 1] as number]);
    for (const pt of [sliceOf(arrayOf(2, T.float64)), sliceOf(sliceOf(T.float64))])
      expect(writtenOnly(pt, pairs)).toBe(exact(pt, pairs));
  });

  it("Float64/Lists: nil, wrong length, NaN, Inf, -0 and non-numbers in nested float lists", () => {
    const pairs = sliceOf(arrayOf(2, T.float64));
    const rings = sliceOf(sliceOf(T.float64));
    const cases: [GoType, unknown, boolean][] = [
      [rings, [[1.5, -0], null, [], [0.1, 2e-7, 1e21]], true],
      [rings, [[1, Number.NaN]], false],
      [rings, [[1, Number.POSITIVE_INFINITY]], false],
      [rings, [[1, "2"]], false],
      [rings, [null, [1, 2], 3], false],
      [pairs, [[1, 2], [3]], false],
      [pairs, [[1, 2], null], false],
      [pairs, [[1, 2, 3]], false],
      [
        pairs,
        [
          [-0, 5e-324],
          [1.7976931348623157e308, -1e-5],
        ],
        true,
      ],
      [sliceOf(T.float64), [1, -0, Number.NEGATIVE_INFINITY], false],
    ];
    for (const [t, v, written] of cases) {
      for (const o of [undefined, { formatNilSliceAsNull: true }]) {
        const want = exact(t, v, o);
        expect(fastOrExact(t, v, o)).toBe(want);
        const got = writtenOnly(t, v, o);
        expect(got !== undefined).toBe(written);
        if (got !== undefined) expect(got).toBe(want);
      }
    }
  });

  it("Int/Lists: bigints by hand below 2^53, as String beyond; misfits declined, the exact encoder's error", () => {
    const big = [
      0n,
      -1n,
      2n ** 53n - 1n,
      -(2n ** 53n) + 1n,
      2n ** 53n,
      -(2n ** 53n),
      2n ** 63n - 1n,
      -(2n ** 63n),
    ];
    // Values that fit their Go type: the byte path must write them itself (a path that quietly
    // declines fails here).
    const written: [GoType, unknown][] = [
      [sliceOf(T.int64), [...big, 12345678n, 100000000n, -99999999n, 1234567890123n]],
      [sliceOf(T.uint64), [2n ** 64n - 1n, 0n, 1n]],
      // Around the int64 words' boundaries (the high word in (-2^21, 2^21) is the hand-written range).
      [
        sliceOf(T.int64),
        [
          2n ** 32n - 1n,
          2n ** 32n,
          -(2n ** 32n),
          -(2n ** 32n) - 1n,
          2n ** 53n - 2n ** 32n,
          -(2n ** 53n) + 2n ** 32n - 1n,
        ],
      ],
      [sliceOf(T.uint64), [2n ** 53n - 1n, 2n ** 53n, 2n ** 63n - 1n, 2n ** 63n, 2n ** 32n]],
    ];
    for (const [t, v] of written) {
      const want = exact(t, v);
      expect(want).not.toMatch(/^error/);
      expect(fastOrExact(t, v)).toBe(want);
      expect(writtenOnly(t, v)).toBe(want);
    }
    // Values that do not fit their Go type: the byte path declines and the exact encoder's answer is an InvalidValueError.
    const misfits: [GoType, unknown][] = [
      [sliceOf(T.int64), [2n ** 70n, -(2n ** 70n)]],
      [sliceOf(T.uint64), [1n, -1n]],
      [sliceOf(T.uint64), [1n, 2n ** 64n]],
      [sliceOf(T.int64), [1n, 2n ** 63n]],
      [sliceOf(T.int), [0, -0, 7, -12, 2 ** 53 - 1, -(2 ** 53), 1e300, 1.5]],
      [sliceOf(T.int64), [1n, Number.NaN]],
      [sliceOf(T.int64), [1n, "2"]],
      [sliceOf(T.int32), [1, 2 ** 31]],
      [sliceOf(T.uint8), [1, 256]],
      [sliceOf(T.int8), [1, 1.5]],
      [arrayOf(2, T.int32), [1, 2, 3]],
    ];
    for (const [t, v] of misfits) {
      const want = exact(t, v);
      expect(want).toMatch(/^error: json: .*: want .*, got /);
      expect(fastOrExact(t, v)).toBe(want);
      expect(writtenOnly(t, v)).toBeUndefined();
    }
    const S = named("I", structOf([{ name: "N", type: T.int64, tag: "" }]));
    for (const n of [...big, 123456789012n]) expect(writtenOnly(S, { N: n })).toBe(exact(S, { N: n }));
    expect(writtenOnly(S, { N: 2n ** 70n })).toBeUndefined();
    // An unsigned field (its first write runs the table writer, the next ones generated code).
    const U = named("U", structOf([{ name: "N", type: T.uint64, tag: "" }]));
    for (const n of [0n, 1n, 2n ** 53n - 1n, 2n ** 53n, 2n ** 63n, 2n ** 64n - 1n])
      for (let k = 0; k < 2; k++) expect(writtenOnly(U, { N: n })).toBe(exact(U, { N: n }));
    for (const n of [-1n, -(2n ** 53n) + 1n, 2n ** 64n]) {
      expect(writtenOnly(U, { N: n })).toBeUndefined();
      expect(exact(U, { N: n })).toMatch(/^error: json: U.N: want uint64/);
    }
    expect(exact(S, { N: 2n ** 70n })).toBe(
      "error: json: I.N: want int64 (bigint in [-9223372036854775808, 9223372036854775807]), got bigint 1180591620717411303424",
    );
  });
});

describe("marshal output size", () => {
  it("large outputs are exactly sized (no growth buffer of up to twice the size kept alive)", () => {
    const v = Array.from({ length: 2_000_000 }, (_, i) => `s${i}xxxxxx`);
    const b = marshal(sliceOf(T.string), v);
    expect(b.length).toBeGreaterThan(16 << 20);
    expect(b.buffer.byteLength).toBe(b.length);
    expect(b[0]).toBe(0x5b);
    expect(b[b.length - 1]).toBe(0x5d);
  });
});
