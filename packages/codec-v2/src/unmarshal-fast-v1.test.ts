/**
 * The fast unmarshal path under defaultOptionsV1(): table cases whose expected values are Go's
 * (encoding/json.Unmarshal, v1 on the v2 engine: Go 1.26.8 with GOEXPERIMENT=jsonv2 and Go 1.27.3,
 * which answered alike), served by the fast path and equal through the public unmarshal; and which
 * types the fast path takes under the legacy flags (unmarshal-fast-v1.ts).
 */
import { isDeepStrictEqual } from "node:util";
import { type GoType, parseGo } from "@gojson/gotype";
import { describe, expect, test } from "vitest";
import { zero } from "./go-values.js";
import { defaultOptionsV1, type Options, resolveOptions, unmarshal } from "./index.js";
import { fastDecoderFor, NO_FAST, unmarshalFast } from "./unmarshal-fast.js";

const SOURCE = `
type B byte

type Inner struct {
	X int \`json:"x_y"\`
}

type Embedded struct {
	Deep string \`json:"deep_name"\`
}

type T struct {
	FirstName string \`json:"first_name"\`
	LastName  string
	Dash      int \`json:"a-b"\`
	Bytes     []byte
	Named     []B
	Arr       [3]byte
	NArr      [2]B
	P         *int
	Any       any
	In        Inner
	M         map[string]int
	Kelvin    int
	Embedded
}

type Twins struct {
	Lower int \`json:"aa"\`
	Upper int \`json:"AA"\`
	Mixed int \`json:"Aa_"\`
}

type Stamped struct {
	At   time.Time
	Name string
}

type Quoted struct {
	N int \`json:",string"\`
}
`;
const D = parseGo(SOURCE);
const T = D.T as GoType;
const Twins = D.Twins as GoType;

/** T's zero value with some fields set (`In` and `Embedded` hold nested fields). */
function t(fields: Record<string, unknown>): unknown {
  return { ...(zero(T) as Record<string, unknown>), ...fields };
}

interface Case {
  name: string;
  type: GoType;
  in: string;
  want: unknown;
}

// Expected values transcribed from Go's output (json.Marshal of the decoded value).
const CASES: Case[] = [
  {
    // v1 folds case only: FIRST_NAME, lastname, A-B, X_Y, DEEP_NAME find their fields.
    name: "Names/FoldKeepsDelimiters",
    type: T,
    in: `{"FIRST_NAME":"a","lastname":"b","A-B":1,"in":{"X_Y":2},"DEEP_NAME":"d"}`,
    want: t({ FirstName: "a", LastName: "b", Dash: 1n, In: { X: 2n }, Embedded: { Deep: "d" } }),
  },
  {
    // '-' and '_' count under v1 (v2's case-insensitive matching would drop them).
    name: "Names/DelimitersCount",
    type: T,
    in: `{"firstname":"a","first-name":"b","a_b":2,"ab":3,"in":{"xy":2,"x-y":3},"deepname":"d"}`,
    want: t({}),
  },
  {
    // U+212A KELVIN SIGN folds to k.
    name: "Names/UnicodeFold",
    type: T,
    in: `{"\u212Aelvin":7}`,
    want: t({ Kelvin: 7n }),
  },
  {
    name: "Names/ExactBeforeFolded",
    type: Twins,
    in: `{"AA":1,"aa":2}`,
    want: { Lower: 2n, Upper: 1n, Mixed: 0n },
  },
  {
    // Several fields fold alike, none exact: v1 takes the first (Go 1.27's v2 reports it).
    name: "Names/AmbiguousTakesFirst",
    type: Twins,
    in: `{"Aa":1}`,
    want: { Lower: 1n, Upper: 0n, Mixed: 0n },
  },
  {
    name: "Names/DelimiterTwins",
    type: Twins,
    in: `{"aa_":3,"AA-":4}`,
    want: { Lower: 0n, Upper: 0n, Mixed: 3n },
  },
  {
    // []B of a named byte is base64 under v1; [N]byte and [N]B are arrays of numbers.
    name: "Bytes/LegacyFormats",
    type: T,
    in: `{"Bytes":"AQID","Named":"AQID","Arr":[1,2,3],"NArr":[4,5]}`,
    want: t({ Bytes: Uint8Array.of(1, 2, 3), Named: Uint8Array.of(1, 2, 3), Arr: [1, 2, 3], NArr: [4, 5] }),
  },
  {
    name: "Null/FreshValuesStayZero",
    type: T,
    in: `{"first_name":null,"Dash":null,"P":null,"Any":null,"In":null,"M":null,"Arr":null,"Bytes":null,"Named":null,"NArr":null}`,
    want: t({}),
  },
  {
    name: "Values/PointerAnyMapStruct",
    type: T,
    in: `{"P":5,"Any":{"k":[1,"x",true,null]},"M":{"a":1,"B":2},"In":{"x_y":9}}`,
    want: t({
      P: 5n,
      Any: { k: [1, "x", true, null] },
      M: new Map([
        ["a", 1n],
        ["B", 2n],
      ]),
      In: { X: 9n },
    }),
  },
  {
    name: "Values/ListWithNull",
    type: parseGo(`type L []T\n${SOURCE}`).L as GoType,
    in: `[{"first_name":"x"},null,{"LASTNAME":"y"}]`,
    want: [t({ FirstName: "x" }), t({}), t({ LastName: "y" })],
  },
];

const V1: Options[] = [defaultOptionsV1(), { ...defaultOptionsV1(), goVersion: "1.26" }];

describe("unmarshal fast path, defaultOptionsV1(), against Go", () => {
  for (const c of CASES)
    for (const o of V1) {
      test(`${c.name}/go${o.goVersion ?? "1.27"}`, () => {
        const fast = unmarshalFast(c.type, c.in, resolveOptions(o), true);
        expect(fast).not.toBe(NO_FAST);
        expect(isDeepStrictEqual(fast, c.want)).toBe(true);
        expect(unmarshal(c.type, c.in, o)).toEqual(c.want);
        // The exact engine (into a fresh zero value) agrees.
        expect(unmarshal(c.type, c.in, [o, { into: zero(c.type) }])).toEqual(c.want);
      });
    }
});

describe("unmarshal fast path, the types it takes under the legacy flags", () => {
  const Stamped = D.Stamped as GoType;
  const Quoted = D.Quoted as GoType;
  const v1 = resolveOptions(defaultOptionsV1());
  test("Plain/Served", () => {
    for (const type of [T, Twins, parseGo("type L []T\n" + "type T struct{ A int }").L as GoType])
      expect(fastDecoderFor(type, v1)).not.toBeNull();
  });
  test("Twins/ErrorUnderV2ReportingIsLeftToTheExactEngine", () => {
    // Go 1.27 without legacy reporting: a name folding to several fields is an error (exact engine).
    const o = resolveOptions({ ...defaultOptionsV1(), reportErrorsWithLegacySemantics: false });
    expect(fastDecoderFor(Twins, o)).toBeNull();
    expect(() => unmarshal(Twins, `{"Aa":1}`, o)).toThrow();
  });
  test("Time/LeftToTheExactEngine", () => {
    expect(fastDecoderFor(Stamped, v1)).toBeNull();
  });
  test("Time/LeftToTheExactEngineWhateverWasCompiledBefore", () => {
    // A compiler that already failed on time.Time for one struct fails the next struct holding it.
    const { Logged, Audited } = parseGo(
      'package p\nimport "time"\ntype Logged struct{ When time.Time; N int }\ntype Audited struct{ At time.Time; By string }',
    ) as Record<string, GoType>;
    expect(fastDecoderFor(Logged as GoType, v1)).toBeNull();
    expect(fastDecoderFor(Audited as GoType, v1)).toBeNull();
    expect(
      unmarshal(Audited as GoType, `{"At":"2026-12-05T10:00:00Z","By":"x"}`, defaultOptionsV1()),
    ).toMatchObject({
      By: "x",
    });
  });
  test("StringField/LegacyQuotingLeftToTheExactEngine", () => {
    expect(fastDecoderFor(Quoted, v1)).toBeNull();
    expect(fastDecoderFor(Quoted, resolveOptions({ stringifyWithLegacySemantics: false }))).not.toBeNull();
  });
  test("UseNumber/LeftToTheExactEngine", () => {
    expect(
      fastDecoderFor(T, resolveOptions({ ...defaultOptionsV1(), unmarshalAnyWithRawNumber: true })),
    ).toBeNull();
  });
  test("Bytes/NamedByteSliceIsBytesOnlyUnderLegacy", () => {
    const v2 = unmarshalFast(T, `{"Named":[1,2]}`, resolveOptions({}), true) as { Named: unknown };
    expect(v2.Named).toEqual([1, 2]);
    // Under v1 a JSON array into bytes is the exact engine's (the fast path gives up), same value as Go's.
    expect(unmarshalFast(T, `{"Named":[1,2]}`, v1, true)).toBe(NO_FAST);
    expect((unmarshal(T, `{"Named":[1,2]}`, defaultOptionsV1()) as { Named: unknown }).Named).toEqual(
      Uint8Array.of(1, 2),
    );
  });
  test("Duplicates/GiveUp", () => {
    // allowDuplicateNames: v1 keeps the last; the fast path gives up and the exact engine decides.
    const dup = `{"first_name":"a","FIRST_NAME":"b"}`;
    expect(unmarshalFast(T, dup, v1, true)).toBe(NO_FAST);
    expect((unmarshal(T, dup, defaultOptionsV1()) as { FirstName: string }).FirstName).toBe("b");
  });
  test("InvalidUTF8/GivesUp", () => {
    // allowInvalidUTF8: Go replaces a lone surrogate escape and an invalid byte with U+FFFD.
    const lone = `{"first_name":"x\\ud800"}`;
    const bad = Uint8Array.of(
      ...new TextEncoder().encode(`{"first_name":"x`),
      0xff,
      ...new TextEncoder().encode(`y"}`),
    );
    expect(unmarshalFast(T, lone, v1, true)).toBe(NO_FAST);
    expect(unmarshalFast(T, bad, v1, true)).toBe(NO_FAST);
    expect((unmarshal(T, lone, defaultOptionsV1()) as { FirstName: string }).FirstName).toBe("x\ufffd");
    expect((unmarshal(T, bad, defaultOptionsV1()) as { FirstName: string }).FirstName).toBe("x\ufffdy");
  });
  test("Arrays/OtherLengthGivesUp", () => {
    expect(unmarshalFast(T, `{"Arr":[1]}`, v1, true)).toBe(NO_FAST);
    expect((unmarshal(T, `{"Arr":[1]}`, defaultOptionsV1()) as { Arr: unknown }).Arr).toEqual([1, 0, 0]);
  });
});
