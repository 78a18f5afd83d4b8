/**
 * The byte path under v1's options (defaultOptionsV1) and each of the options
 * it serves beside json/v2's defaults (HTML and JS escaping, invalid UTF-8,
 * [N]byte as numbers, []B as bytes, v1's omitempty), against the exact
 * encoder: on generated well-typed values the byte path must answer by itself
 * with the exact encoder's bytes; on odd values (lone surrogates, wrong JS
 * types, NaN) it answers with the same bytes or leaves the value to the exact
 * encoder. Table cases hold outputs checked against Go (GOEXPERIMENT=jsonv2,
 * json.Marshal: encoding/json's API on the v2 engine).
 */
import { fc, test } from "@fast-check/vitest";
import { arrayOf, type GoType, mapOf, named, parseGo, pointerTo, sliceOf, structOf, T } from "@gojson/gotype";
import { afterEach, describe, expect, it } from "vitest";
import { defaultOptionsV1, marshalToString, type Options, resolveOptions } from "./index.js";
import { fastEncoderFor, fastMarshal } from "./marshal-fast.js";

const RUNS = { numRuns: Number(process.env.FAST_RUNS ?? 200) };

afterEach(() => {
  fastMarshal.enabled = true;
});

/** The exact encoder's text, or its error. */
function exact(t: GoType, v: unknown, o: Options | Options[] | undefined): string {
  fastMarshal.enabled = false;
  try {
    return marshalToString(t, v, o);
  } catch (e) {
    return `error: ${(e as Error).message}`;
  } finally {
    fastMarshal.enabled = true;
  }
}

/** The byte path's own answer (undefined: it left the value to the shadow path and the exact encoder). */
function written(t: GoType, v: unknown, o: Options | Options[] | undefined): string | undefined {
  const b = fastEncoderFor(t, resolveOptions(o))?.written(v);
  return b === undefined ? undefined : new TextDecoder().decode(b);
}

const V1 = defaultOptionsV1();
/** Option sets the byte path serves: v1's, and its options one or two at a time over v2's defaults. */
const SERVED_SETS: (Options | Options[])[] = [
  V1,
  [V1, { deterministic: false }],
  [V1, { escapeForHTML: false }],
  [V1, { escapeForJS: false }],
  [V1, { allowInvalidUTF8: false }],
  [V1, { omitEmptyWithLegacySemantics: false, formatByteArrayAsArray: false }],
  { escapeForHTML: true },
  { escapeForJS: true },
  { escapeForHTML: true, allowInvalidUTF8: true },
  { formatByteArrayAsArray: true },
  { formatBytesWithLegacySemantics: true },
  { omitEmptyWithLegacySemantics: true, omitZeroStructFields: true },
];

/** Well-formed text with what the escaping options change mixed in, short and long. */
const text = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc.constantFrom("", "<a&b>", "\u2028\u2029", '"\\\n\t\u0000\u001f\u007f', "\ud83d\ude00", "\ufffd", "é€"),
  fc
    .tuple(
      fc.string({ unit: "grapheme", minLength: 20, maxLength: 60 }),
      fc.array(fc.constantFrom("<", ">", "&", "\u2028", "\u2029", "\n", '"', "é", "\ufffd"), {
        maxLength: 3,
      }),
    )
    .map(([s, x]) => s + x.join("") + s),
);
/** Text with a lone surrogate (invalid UTF-8: U+FFFD under allowInvalidUTF8, else Go's error). */
const badText = fc
  .tuple(text, fc.integer({ min: 0xd800, max: 0xdfff }), fc.string({ maxLength: 40 }))
  .map(([a, c, b]) => a + String.fromCharCode(c) + b);

const goName = fc.constantFrom("A", "B", "C", "D");
const jsonName = fc.constantFrom("", "a", "x<y", "a&b", "\u2028", "é", "q");
const tagOpts = fc.subarray(["omitempty", "omitzero"], { maxLength: 2 });
const Byte = named("B", T.uint8);

interface Gen {
  t: GoType;
  /** Values of the type. */
  v: fc.Arbitrary<unknown>;
  /** Values the exact encoder may refuse or the byte path may leave (wrong JS types, lone surrogates). */
  odd: fc.Arbitrary<unknown>;
}

function leaf(): fc.Arbitrary<Gen> {
  return fc.constantFrom<Gen>(
    { t: T.bool, v: fc.boolean(), odd: fc.constantFrom(0, "x") },
    { t: T.string, v: text, odd: fc.oneof(badText, fc.constant(1)) },
    { t: T.int32, v: fc.integer(), odd: fc.constantFrom(1.5, Number.NaN) },
    { t: T.uint8, v: fc.integer({ min: 0, max: 255 }), odd: fc.constant(256) },
    { t: T.int64, v: fc.bigInt({ min: -(1n << 63n), max: (1n << 63n) - 1n }), odd: fc.constant(7) },
    {
      t: T.float64,
      v: fc.double({ noNaN: true, noDefaultInfinity: true }),
      odd: fc.constantFrom(Number.NaN),
    },
    { t: T.float32, v: fc.float({ noNaN: true, noDefaultInfinity: true }), odd: fc.constant(1e300) },
    {
      t: T.any,
      v: fc.oneof(
        text,
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        // Plain objects (fc.dictionary's have no prototype: the byte path leaves those).
        fc
          .dictionary(text, fc.oneof(text, fc.boolean(), fc.constant(null)), { maxKeys: 3 })
          .map((d) => Object.fromEntries(Object.entries(d))),
        fc.array(fc.oneof(text, fc.integer()), { maxLength: 3 }),
      ),
      odd: fc.oneof(badText, fc.constant(new Map([["k", 1]]))),
    },
    {
      t: sliceOf(T.uint8),
      v: fc.oneof(fc.uint8Array({ maxLength: 5 }), fc.constant(null)),
      odd: fc.constant([1]),
    },
    { t: sliceOf(Byte), v: fc.uint8Array({ maxLength: 5 }), odd: fc.constant("x") },
    {
      t: arrayOf(3, T.uint8),
      v: fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 3, maxLength: 3 }),
      odd: fc.constant([1, 2]),
    },
    {
      t: arrayOf(2, Byte),
      v: fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 2, maxLength: 2 }),
      odd: fc.constant([1, 300]),
    },
    {
      t: sliceOf(T.float64),
      v: fc.array(fc.double({ noNaN: true, noDefaultInfinity: true }), { maxLength: 3 }),
      odd: fc.constant([Number.NaN]),
    },
  );
}

let structSeq = 0;

function gen(depth: number): fc.Arbitrary<Gen> {
  if (depth <= 0) return leaf();
  const sub = gen(depth - 1);
  return fc.oneof(
    leaf(),
    // Byte slices come from leaf() with their JS form (Uint8Array): an array of byte numbers is the
    // wrong form, which an omitempty field can hide from the exact encoder (it omits the empty
    // value unread) but not from the byte path (it leaves the value), so it is no well-typed value.
    sub
      .filter((g) => g.t.kind !== "uint8")
      .map((g) => ({
        t: sliceOf(g.t),
        v: fc.oneof(fc.constant(null), fc.array(g.v, { maxLength: 3 })),
        odd: fc.array(fc.oneof(g.v, g.odd), { minLength: 1, maxLength: 3 }),
      })),
    sub.map((g) => ({
      t: mapOf(T.string, g.t),
      v: fc.oneof(
        fc.constant(null),
        fc.array(fc.tuple(text, g.v), { maxLength: 3 }).map((e) => new Map(e)),
      ),
      odd: fc.tuple(fc.oneof(text, badText), fc.oneof(g.v, g.odd)).map(([k, x]) => new Map([[k, x]])),
    })),
    sub.map((g) => ({ t: pointerTo(g.t), v: fc.oneof(fc.constant(null), g.v), odd: g.odd })),
    fc
      .uniqueArray(fc.tuple(goName, jsonName, tagOpts, sub), {
        minLength: 1,
        maxLength: 4,
        selector: (x) => x[0],
      })
      // Distinct JSON names: Go drops (v1) or refuses (v2) fields named alike, which the exact encoder does.
      .filter((fields) => new Set(fields.map((f) => f[1] || f[0])).size === fields.length)
      .map((fields) => {
        // A name of its own: one Go package declares each type name once (a nested struct is another type).
        const t = named(
          `S${++structSeq}`,
          structOf(
            fields.map(([n, j, opts, g]) => ({
              name: n,
              type: g.t,
              tag: `json:"${[j, ...opts].join(",")}"`,
            })),
          ),
        );
        const v = fc.record(Object.fromEntries(fields.map(([n, , , g]) => [n, g.v])));
        const odd = fc.record(Object.fromEntries(fields.map(([n, , , g]) => [n, fc.oneof(g.v, g.odd)])));
        return { t, v, odd };
      }),
  );
}

const typed = gen(3);

describe("byte path under v1 options", () => {
  test.prop([typed.chain((g) => fc.tuple(fc.constant(g.t), g.v)), fc.constantFrom(...SERVED_SETS)], RUNS)(
    "well-typed values: the byte path answers, with the exact encoder's bytes",
    ([t, v], o) => {
      const want = exact(t, v, o);
      // A value whose JS form the options read otherwise ([]B: numbers in json/v2, a Uint8Array
      // under v1's legacy semantics) is refused by the exact encoder, and left by the byte path.
      if (want.startsWith("error: ")) {
        expect(written(t, v, o)).toBeUndefined();
        return;
      }
      expect(written(t, v, o)).toBe(want);
    },
  );
  test.prop([typed.chain((g) => fc.tuple(fc.constant(g.t), g.odd)), fc.constantFrom(...SERVED_SETS)], RUNS)(
    "odd values: the byte path gives the exact encoder's bytes or leaves the value",
    ([t, v], o) => {
      const got = written(t, v, o);
      if (got !== undefined) expect(got).toBe(exact(t, v, o));
    },
  );
});

/** Types of the table cases, as in the Go program that gave their outputs. */
const GO_SRC = `package main
type B byte
type Names struct {
	XY    string \`json:"x<y"\`
	AB    int    \`json:"a&b"\`
	LS    string \`json:"\u2028"\`
	Plain string
}
type Omit struct {
	I  int            \`json:"i,omitempty"\`
	S  string         \`json:"s,omitempty"\`
	P  *int           \`json:"p,omitempty"\`
	L  []int          \`json:"l,omitempty"\`
	M  map[string]int \`json:"m,omitempty"\`
	A0 [0]int         \`json:"a0,omitempty"\`
	A1 [1]int         \`json:"a1,omitempty"\`
	St struct{}       \`json:"st,omitempty"\`
	F  float64        \`json:"f,omitempty"\`
	Bo bool           \`json:"bo,omitempty"\`
	E  any            \`json:"e,omitempty"\`
	NB []byte         \`json:"nb,omitempty"\`
}
type Bytes struct {
	Arr  [3]byte
	NArr [2]B
	NS   []B
	S    []byte
	Nil  []byte
	NilL []int
	NilM map[string]int
}
`;
const types = parseGo(GO_SRC) as Record<string, GoType>;
const omitZero = {
  I: 0n,
  S: "",
  P: null,
  L: null,
  M: null,
  A0: [],
  A1: [0n],
  St: {},
  F: 0,
  Bo: false,
  E: null,
  NB: null,
};

/**
 * json.Marshal of Go 1.26 (GOEXPERIMENT=jsonv2: encoding/json on the v2 engine, v1's options) on
 * these values, every byte as Go wrote it (invalid UTF-8 in Go's strings stands as lone surrogates here).
 */
const GO_CASES: { name: string; t: GoType; v: unknown; want: string }[] = [
  {
    name: "Names/EscapedForHTMLAndJS",
    t: types.Names as GoType,
    v: { XY: "<a&b> \u2028\u2029 é\u{1f600}", AB: 1n, LS: "x", Plain: '"\\\n\t\u0001\u007f' },
    want: '{"x\\u003cy":"\\u003ca\\u0026b\\u003e \\u2028\\u2029 é\u{1f600}","a\\u0026b":1,"\\u2028":"x","Plain":"\\"\\\\\\n\\t\\u0001\u007f"}',
  },
  { name: "String/InvalidUTF8", t: T.string, v: "\udc00a\udc00", want: '"\ufffda\ufffd"' },
  {
    name: "Any/SortedEscapedKeys",
    t: T.any,
    v: { a: ["\u2029", 1.5, null, true], "<k>": "&", "\u2028": {} },
    want: '{"\\u003ck\\u003e":"\\u0026","a":["\\u2029",1.5,null,true],"\\u2028":{}}',
  },
  { name: "Omit/LegacyEmptyValues", t: types.Omit as GoType, v: omitZero, want: '{"a1":[0],"st":{}}' },
  {
    name: "Omit/LegacyNonEmpty",
    t: types.Omit as GoType,
    v: { ...omitZero, I: 1n, S: "s", L: [], M: new Map(), E: 0, NB: new Uint8Array(0) },
    want: '{"i":1,"s":"s","a1":[0],"st":{},"e":0}',
  },
  {
    name: "Bytes/ArraysAsNumbersNamedSliceAsBase64",
    t: types.Bytes as GoType,
    v: {
      Arr: [1, 2, 255],
      NArr: [7, 8],
      NS: new Uint8Array([1, 2, 3]),
      S: new TextEncoder().encode("hi<"),
      Nil: null,
      NilL: null,
      NilM: null,
    },
    want: '{"Arr":[1,2,255],"NArr":[7,8],"NS":"AQID","S":"aGk8","Nil":null,"NilL":null,"NilM":null}',
  },
  { name: "Strings/InvalidUTF8InList", t: sliceOf(T.string), v: ["\ud800", "ok"], want: '["\ufffd","ok"]' },
];

describe("byte path under v1 options against Go", () => {
  for (const c of GO_CASES)
    it(c.name, () => {
      expect(written(c.t, c.v, V1)).toBe(c.want);
      expect(exact(c.t, c.v, V1)).toBe(c.want);
    });
});
