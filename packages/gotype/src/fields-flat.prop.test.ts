import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { mapOf, named, pointerTo, sliceOf, structOf, T } from "./constructors.js";
import { resolveFlatV1, resolveNestedV1, resolveV1 } from "./fields-v1.js";
import {
  FLAT_OMITEMPTY,
  FLAT_OMITZERO,
  FLAT_STRING,
  FLAT_TAGGED,
  flatFieldsV2,
  resolveFlatV2,
  resolveNestedV2,
  resolveV2,
} from "./fields-v2.js";
import type { StructFields } from "./struct-fields.js";
import type { GoType, StructType } from "./types.js";

// The flat resolvers (a struct without embedded fields, plain tags, distinct names) are a
// shortcut: what they return must be what the general walk returns for the same struct, field
// for field (the shared step, path and index objects included by value), and they must give up
// on everything else. The general walks are checked against Go in struct-fields.test.ts and
// fields-go127.test.ts.

function plain(r: StructFields) {
  return {
    version: r.version,
    fields: r.fields,
    inlinedFallback: r.inlinedFallback,
    error: r.error,
    unsupportedFormat: r.unsupportedFormat,
  };
}

// Tags that take every branch: plain names and options, `-` and `-,`, quoted names, `case`,
// `format`, `inline`/`unknown`/`embed`, duplicate and unknown options, empty names, other keys.
const tagArb = fc.constantFrom(
  "",
  'json:"a"',
  'json:"b"',
  'json:"A"',
  'json:"a,omitempty"',
  'json:"b,omitzero,string"',
  'json:",omitempty"',
  'json:",string"',
  'json:"-"',
  'json:"-,"',
  'json:""',
  'json:"a,omitempty,omitempty"',
  'json:"a,inline"',
  'json:",inline"',
  'json:",unknown"',
  'json:",embed"',
  'json:"a,case:ignore"',
  'json:"a,format:RFC3339"',
  "json:\"'a'\"",
  'json:"a,Omitempty"',
  'json:"a b"',
  'json:"a\\\\b"',
  'json:"é"',
  'xml:"x" json:"c"',
  'json:"c" xml:"x"',
  'json:"c,string"',
);

const typeArb: fc.Arbitrary<GoType> = fc.constantFrom<GoType>(
  T.int,
  T.string,
  T.bool,
  T.float64,
  pointerTo(T.int),
  sliceOf(T.string),
  mapOf(T.string, T.int),
);

// Mostly plain tags (the flat path's case), one in four from every branch.
const plainTagArb = fc.constantFrom(
  "",
  'json:"a"',
  'json:"b,omitempty"',
  'json:",string"',
  'json:"c,omitzero"',
);

const flatStructArb: fc.Arbitrary<StructType> = fc
  .uniqueArray(
    fc.record({
      name: fc.constantFrom("A", "B", "C", "D", "a", "b", "X", "Y", "Z", "_"),
      type: typeArb,
      tag: fc.oneof({ arbitrary: plainTagArb, weight: 3 }, { arbitrary: tagArb, weight: 1 }),
    }),
    { selector: (f) => f.name, maxLength: 8 },
  )
  .map((fs) => structOf(fs));

describe("flat field resolution", () => {
  it("Arbitrary/TakesFlatPathOften", () => {
    const ts = fc.sample(flatStructArb, { numRuns: 400, seed: 1 });
    const flat = ts.filter((t) => resolveFlatV2(t, false) !== undefined).length;
    expect(flat).toBeGreaterThan(100);
    expect(flat).toBeLessThan(380);
  });

  test.prop([flatStructArb])("V1/FlatSameAsWalk", (t) => {
    const flat = resolveFlatV1(t);
    if (flat !== undefined) expect(plain(flat)).toStrictEqual(plain(resolveNestedV1(t)));
    expect(plain(resolveV1(t))).toStrictEqual(plain(resolveNestedV1(t)));
  });

  test.prop([flatStructArb, fc.boolean()])("V2/FlatSameAsWalk", (t, go127) => {
    const flat = resolveFlatV2(t, go127);
    if (flat !== undefined) expect(plain(flat)).toStrictEqual(plain(resolveNestedV2(t, go127)));
    expect(plain(resolveV2(t, go127 ? "1.27" : "1.26"))).toStrictEqual(plain(resolveNestedV2(t, go127)));
  });

  test.prop([flatStructArb, fc.boolean()])("V2/FlatListsSameAsFields", (t, go127) => {
    // The lists a codec reads instead of JsonFields: the walk's fields, name by name.
    const lists = flatFieldsV2(t, go127 ? "1.27" : "1.26");
    const flat = resolveFlatV2(t, go127);
    expect(lists === undefined).toBe(flat === undefined);
    if (lists === undefined || flat === undefined) return;
    const fromLists = lists.names.map((name, k) => {
      const b = lists.bits[k] as number;
      return {
        name,
        index: [lists.fieldIndex[k]],
        tagged: (b & FLAT_TAGGED) !== 0,
        omitEmpty: (b & FLAT_OMITEMPTY) !== 0,
        omitZero: (b & FLAT_OMITZERO) !== 0,
        string: (b & FLAT_STRING) !== 0,
      };
    });
    const fromWalk = resolveNestedV2(t, go127).fields.map((f) => ({
      name: f.name,
      index: [...f.index],
      tagged: f.tagged,
      omitEmpty: f.omitEmpty,
      omitZero: f.omitZero,
      string: f.string,
    }));
    expect(fromLists).toStrictEqual(fromWalk);
  });

  const cases: { name: string; in: StructType; wantFlat: boolean }[] = [
    {
      name: "Plain",
      in: structOf([
        { name: "A", type: T.int, tag: 'json:"a,omitempty"' },
        { name: "B", type: T.string },
        { name: "c", type: T.string },
      ]),
      wantFlat: true,
    },
    { name: "Empty", in: structOf([]), wantFlat: true },
    {
      name: "DuplicateName",
      in: structOf([
        { name: "A", type: T.int, tag: 'json:"B"' },
        { name: "B", type: T.int },
      ]),
      wantFlat: false,
    },
    { name: "NoExportedFields", in: structOf([{ name: "a", type: T.int }]), wantFlat: false },
    {
      name: "UnexportedTagged",
      in: structOf([{ name: "a", type: T.int, tag: 'json:"a"' }]),
      wantFlat: false,
    },
    { name: "Embedded", in: structOf([{ type: named("E", structOf([])), embedded: true }]), wantFlat: false },
    {
      name: "CaseOption",
      in: structOf([{ name: "A", type: T.int, tag: 'json:"a,case:ignore"' }]),
      wantFlat: false,
    },
  ];
  for (const c of cases) {
    it(`V2/TakesFlatPath/${c.name}`, () => {
      expect(resolveFlatV2(c.in, false) !== undefined).toBe(c.wantFlat);
      expect(plain(resolveV2(c.in))).toStrictEqual(plain(resolveNestedV2(c.in, false)));
    });
  }

  it("Frozen/StepsSharedByV1AndV2", () => {
    const t = structOf([{ name: "A", type: T.int }]);
    const v1 = resolveV1(t).fields[0];
    const v2 = resolveV2(t).fields[0];
    expect(v1?.path[0]).toBe(v2?.path[0]);
    for (const x of [v1, v1?.path, v1?.index, v1?.path[0], v2, v2?.path, v2?.index])
      expect(Object.isFrozen(x)).toBe(true);
  });
});
