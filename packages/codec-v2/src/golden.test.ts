/**
 * Golden vectors recorded from Go 1.26 (GOEXPERIMENT=jsonv2): the Go program
 * is testdata/go-v2-golden.go.txt, its output testdata/go-v2-golden.json
 * ("unable to" normalised to "cannot"). Each case rebuilds the same Go type
 * and value here and compares bytes or error text.
 */
import {
  arrayOf,
  GoTime,
  type GoType,
  jsontextValue,
  mapOf,
  named,
  pointerTo,
  sliceOf,
  structOf,
  T,
  timeDuration,
  timeTime,
} from "@gojson/gotype";
import { describe, expect, it } from "vitest";
import { marshalToString, unmarshal } from "./go126-support.js";
import { defaultOptionsV1, type Options, type UnmarshalOptions } from "./index.js";
import golden from "./testdata/go-v2-golden.json" with { type: "json" };

void jsontextValue;
const G = golden as Record<string, string>;
const f = (name: string, type: GoType, tag = "") => ({ name, type, tag });
const S = named(
  "S",
  structOf([
    f("A", T.int, 'json:"a"'),
    f("B", T.string, 'json:"b,omitempty"'),
    f("C", sliceOf(T.int), 'json:"c,omitzero"'),
  ]),
);
const Case = named(
  "Case",
  structOf([f("FirstName", T.string, 'json:"firstName"'), f("Opt", T.int, 'json:"opt,case:ignore"')]),
);
const Str = named(
  "Str",
  structOf([
    f("N", T.int64, 'json:"n,string"'),
    f("F", T.float64, 'json:"f,string"'),
    f("B", T.bool, 'json:"b,string"'),
    f("L", sliceOf(T.int), 'json:"l,string"'),
  ]),
);
const Nils = named(
  "Nils",
  structOf([
    f("S", sliceOf(T.int), 'json:"s"'),
    f("M", mapOf(T.string, T.int), 'json:"m"'),
    f("P", pointerTo(T.int), 'json:"p"'),
    f("E", sliceOf(T.int), 'json:"e,format:emitnull"'),
  ]),
);
const Bytes = named(
  "Bytes",
  structOf([
    f("A", arrayOf(4, T.uint8), 'json:"a"'),
    f("B", sliceOf(T.uint8), 'json:"b"'),
    f("H", sliceOf(T.uint8), 'json:"h,format:hex"'),
    f("U", sliceOf(T.uint8), 'json:"u,format:base64url"'),
    f("R", sliceOf(T.uint8), 'json:"r,format:array"'),
  ]),
);
const Durs = named(
  "Durs",
  structOf([
    f("N", timeDuration, 'json:"n,format:nano"'),
    f("U", timeDuration, 'json:"u,format:units"'),
    f("S", timeDuration, 'json:"s,format:sec"'),
    f("M", timeDuration, 'json:"m,format:milli"'),
  ]),
);
const Times = named(
  "Times",
  structOf([
    f("T", timeTime, 'json:"t"'),
    f("U", timeTime, 'json:"u,format:unix"'),
    f("UM", timeTime, 'json:"um,format:unixmilli"'),
  ]),
);
const Inline = named(
  "Inline",
  structOf([f("A", T.int, 'json:"a"'), f("Rest", mapOf(T.string, T.any), 'json:",unknown"')]),
);
const OmitE = named(
  "OmitE",
  structOf([
    f("I", T.int, 'json:"i,omitempty"'),
    f("P", pointerTo(T.int), 'json:"p,omitempty"'),
    f("S", T.string, 'json:"s,omitempty"'),
    f("M", mapOf(T.string, T.int), 'json:"m,omitempty"'),
    f("Z", T.int, 'json:"z,omitzero"'),
  ]),
);
const Floats = named(
  "Floats",
  structOf([f("F", T.float64, 'json:"f,format:nonfinite"'), f("G", T.float32, 'json:"g"')]),
);
const V1 = defaultOptionsV1();
const u8 = (...b: number[]) => Uint8Array.from(b);
const enc = new TextEncoder();

type M = [type: GoType, value: unknown, options?: Options | Options[]];
const marshalCases: Record<string, M> = {
  "S/Basic": [S, { A: 1n, B: "", C: null }],
  "S/Full": [S, { A: 1n, B: "x", C: [1n] }],
  "S/V1": [S, { A: 1n, B: "", C: null }, V1],
  "Nils/V2": [Nils, { S: null, M: null, P: null, E: null }],
  "Nils/V1": [Nils, { S: null, M: null, P: null, E: null }, V1],
  "Nils/Ptr": [Nils, { S: null, M: null, P: 1n, E: null }],
  "Str/V2": [Str, { N: 5n, F: 1.5, B: true, L: [1n, 2n] }],
  "Str/V1": [Str, { N: 5n, F: 1.5, B: true, L: [1n, 2n] }, V1],
  "Bytes/V2": [
    Bytes,
    { A: [1, 2, 3, 4], B: enc.encode("hi?>"), H: u8(0xde, 0xad), U: u8(0xfb, 0xff), R: u8(1, 2) },
  ],
  "Bytes/V1": [
    Bytes,
    { A: [1, 2, 3, 4], B: enc.encode("hi?>"), H: u8(0xde, 0xad), U: u8(0xfb, 0xff), R: u8(1, 2) },
    V1,
  ],
  Durs: [Durs, { N: 1500n, U: 3723500000000n, S: 1500000000n, M: 2500000n }],
  "Durs/Neg": [Durs, { N: -1n, U: -1500000n, S: -1000000000n, M: 0n }],
  Times: [
    Times,
    {
      T: GoTime.date(2024, 2, 29, 13, 4, 5, 120000000, 3600),
      U: GoTime.fromUnix(1700000000, 500000000),
      UM: GoTime.fromUnix(1700000000),
    },
  ],
  "Times/Zero": [Times, { T: new GoTime(), U: new GoTime(), UM: new GoTime() }],
  Inline: [Inline, { A: 1n, Rest: new Map([["x", true]]) }],
  "OmitE/V2": [OmitE, { I: 0n, P: null, S: "", M: null, Z: 0n }],
  "OmitE/V1": [OmitE, { I: 0n, P: null, S: "", M: null, Z: 0n }, V1],
  "OmitE/PtrZero": [OmitE, { I: 0n, P: 0n, S: "", M: new Map(), Z: 0n }],
  Floats: [Floats, { F: 0.1, G: Math.fround(0.1) }],
  "Escape/V2": [T.string, "<a&b>\u2028"],
  "Escape/V1": [T.string, "<a&b>\u2028", V1],
  "Escape/Ctl": [T.string, '\x00\x01\b\f\n\r\t"\\\x7f'],
  "InvalidUTF8/V2": [T.string, "a\ud800b"],
  "InvalidUTF8/V1": [T.string, "a\ud800b", V1],
  "Float/Exp": [sliceOf(T.float64), [1e21, 1e20, 1e-7, 1e-6, 0, 123456789.125, 5e-324]],
  Float32: [sliceOf(T.float32), [0.1, 1e21, 3.4e38, 1e-7].map(Math.fround)],
  "Map/Det": [
    mapOf(T.string, T.int),
    new Map([
      ["b", 1n],
      ["a", 2n],
      ["é", 3n],
      ["Z", 4n],
    ]),
    { deterministic: true },
  ],
  "Map/IntKeys": [
    mapOf(T.int, T.string),
    new Map([
      [10n, "a"],
      [9n, "b"],
      [-1n, "c"],
    ]),
    { deterministic: true },
  ],
  Multiline: [
    mapOf(T.string, T.any),
    new Map<string, unknown>([
      ["a", [1, {}]],
      ["b", []],
    ]),
    { deterministic: true, multiline: true },
  ],
  Indent: [
    mapOf(T.string, T.any),
    new Map<string, unknown>([["a", [1, "x"]]]),
    { withIndent: "  ", withIndentPrefix: "\t" },
  ],
  Stringify: [
    mapOf(T.string, T.any),
    new Map<string, unknown>([
      ["a", 1],
      ["b", [1]],
    ]),
    { stringifyNumbers: true, deterministic: true },
  ],
  Array3: [arrayOf(3, T.int), [1n, 2n, 3n]],
  "Dur/Default": [timeDuration, 5n],
  "Dur/V1": [timeDuration, 5n, V1],
};

type U = [type: GoType, input: string | Uint8Array, options?: UnmarshalOptions | UnmarshalOptions[]];
const into5 = (): UnmarshalOptions => ({ into: 5n });
const unmarshalCases: Record<string, U> = {
  "S/Basic": [S, '{"a":1,"b":"x","c":[1,2]}'],
  "S/Case": [S, '{"A":1}'],
  "S/CaseV1": [S, '{"A":1}', V1],
  "S/CaseOpt": [S, '{"A":1}', { matchCaseInsensitiveNames: true }],
  "Case/Tag": [Case, '{"firstname":"x","O_P_T":2}'],
  "Case/TagV1": [Case, '{"firstname":"x","O_P_T":2}', V1],
  "Case/Insensitive": [Case, '{"first_name":"x"}', { matchCaseInsensitiveNames: true }],
  "Case/InsensitiveV1Delim": [Case, '{"first_name":"x"}', V1],
  "Str/V2": [Str, '{"n":"5","f":"1.5","l":["1","2"]}'],
  "Str/V2Bool": [Str, '{"b":"true"}'],
  "Str/V1Bool": [Str, '{"b":"true"}', V1],
  "Str/Bad": [Str, '{"n":"x"}'],
  "Arr/Short": [arrayOf(3, T.int), "[1,2]"],
  "Arr/Long": [arrayOf(3, T.int), "[1,2,3,4]"],
  "Arr/ShortV1": [arrayOf(3, T.int), "[1,2]", V1],
  "Arr/LongV1": [arrayOf(3, T.int), "[1,2,3,4]", V1],
  "Arr/NestedShort": [mapOf(T.string, arrayOf(2, T.int)), '{"a":[1]}'],
  "Bytes/V2": [Bytes, '{"a":"AQIDBA==","b":"aGk/Pg==","h":"dead","u":"-_8=","r":[1,2]}'],
  "Bytes/BadB64": [Bytes, '{"b":"!!"}'],
  "Bytes/ArrLen": [Bytes, '{"a":"AQID"}'],
  Durs: [Durs, '{"n":1500,"u":"1h2m3.5s","s":1.5,"m":2.5}'],
  "Durs/BadUnits": [Durs, '{"u":"xyz"}'],
  Times: [Times, '{"t":"2024-02-29T13:04:05.12+01:00","u":1700000000.5,"um":1700000000000}'],
  "Times/Bad": [Times, '{"t":"2024-13-01T00:00:00Z"}'],
  Inline: [Inline, '{"a":1,"x":true,"y":{"z":null}}'],
  "Inline/Reject": [S, '{"a":1,"x":true}', { rejectUnknownMembers: true }],
  "Nested/Reject": [mapOf(T.string, S), '{"k":{"a":1,"x":true}}', { rejectUnknownMembers: true }],
  "Dup/V2": [mapOf(T.string, T.int), '{"a":1,"a":2}'],
  "Dup/V1": [mapOf(T.string, T.int), '{"a":1,"a":2}', V1],
  "Dup/Nested": [T.any, '{"x":[{"y":1,"y":2}]}'],
  "Dup/Fold": [S, '{"a":1,"A":2}', { matchCaseInsensitiveNames: true }],
  "UTF8/V2": [T.string, u8(0x22, 0x61, 0xff, 0x62, 0x22)],
  "UTF8/V1": [T.string, u8(0x22, 0x61, 0xff, 0x62, 0x22), V1],
  Surrogate: [T.string, '"\\ud800x"'],
  "Int/Range": [T.int8, "300"],
  "Int/Neg": [T.uint, "-1"],
  "Int/Frac": [T.int64, "1.5"],
  "Int/Exp": [T.int64, "1e2"],
  "Int/Big": [T.int64, "99999999999999999999"],
  "Uint64/Max": [T.uint64, "18446744073709551615"],
  "Float/Huge": [T.float64, "1e999"],
  "Float32/Over": [T.float32, "1e39"],
  "Float/NonFinite": [Floats, '{"f":"NaN"}'],
  "Float/Digits": [T.float64, `1${"0".repeat(400)}`],
  "Any/Nums": [T.any, "[1,1.5,-0,1e2]"],
  "Any/Obj": [T.any, '{"b":1,"a":[true,null,"s"]}'],
  "Mismatch/Str": [T.int, '"x"'],
  "Mismatch/Obj": [sliceOf(T.int), "{}"],
  "Mismatch/Field": [S, '{"a":true}'],
  "Mismatch/Deep": [mapOf(T.string, sliceOf(S)), '{"k":[{"a":"x"}]}'],
  "MapKey/Int": [mapOf(T.int, T.string), '{"1":"a","-2":"b"}'],
  "MapKey/Bad": [mapOf(T.int, T.int), '{"a":1}'],
  "Syntax/Empty": [T.any, ""],
  "Syntax/Ws": [T.any, "   "],
  "Syntax/TrailComma": [T.any, "[1,]"],
  "Syntax/ObjComma": [T.any, '{"a":1,}'],
  "Syntax/Colon": [T.any, '{"a" 1}'],
  "Syntax/ObjSep": [T.any, '{"a":1 "b":2}'],
  "Syntax/ArrSep": [T.any, "[1 2]"],
  "Syntax/Lit": [T.any, "tru"],
  "Syntax/LitBad": [T.any, "trux"],
  "Syntax/Str": [T.any, '"abc'],
  "Syntax/Lead0": [T.any, "01"],
  "Syntax/Minus": [T.any, "-"],
  "Syntax/MinusX": [T.any, "-x"],
  "Syntax/Dot": [T.any, "1."],
  "Syntax/DotX": [T.any, "1.x"],
  "Syntax/Exp": [T.any, "1e"],
  "Syntax/Esc": [T.any, '"\\q"'],
  "Syntax/Ctl": [T.any, '"a\x01"'],
  "Syntax/Trail": [T.any, "1 2"],
  "Syntax/NameNotStr": [T.any, "{1:2}"],
  "Syntax/Deep": [T.any, `${"[".repeat(10001)}${"]".repeat(10001)}`],
  "Syntax/Depth10000": [T.any, `${"[".repeat(10000)}${"]".repeat(10000)}`],
  "Null/Int": [T.int, "null", into5()],
  "Null/IntV1": [T.int, "null", [V1, into5()]],
  "Dur/Default": [timeDuration, "5"],
  "Dur/V1": [timeDuration, "5", V1],
};

/** How Go re-marshals the decoded value in the golden program. */
const REMARSHAL: Options = {
  deterministic: true,
  formatNilSliceAsNull: true,
  formatNilMapAsNull: true,
  formatDurationAsNano: true,
};

function run(fn: () => string): string {
  try {
    return fn();
  } catch (e) {
    return `ERR ${(e as Error).message}`;
  }
}

describe("Marshal (Go 1.26 golden)", () => {
  for (const [name, [type, value, options]] of Object.entries(marshalCases)) {
    it(name, () => {
      expect(run(() => marshalToString(type, value, options))).toBe(G[`m/${name}`]);
    });
  }
});

describe("Unmarshal (Go 1.26 golden)", () => {
  for (const [name, [type, input, options]] of Object.entries(unmarshalCases)) {
    it(name, () => {
      const got = run(() => marshalToString(type, unmarshal(type, input, options), REMARSHAL));
      expect(got).toBe(G[`u/${name}`]);
    });
  }
});
