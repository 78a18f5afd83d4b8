import { fc, test } from "@fast-check/vitest";
import {
  type GoType,
  mapOf,
  named,
  parseGo,
  pointerTo,
  sliceOf,
  structFields,
  structOf,
  T,
} from "@gojson/gotype";
import { goTypeArbitrary } from "@gojson/gotype/arbitrary";
import { describe, expect, it } from "vitest";
import { type FieldV1, structFieldsV1 } from "./struct-fields.js";

// A struct without embedded fields is read from its own field list (struct-fields.ts), not
// through gotype's structFields: the table must be gotype's typeFields, field for field, and
// a struct it cannot read (embedding, duplicate names, unresolved types) must get gotype's.

function shape(list: readonly FieldV1[]) {
  return list.map((f) => ({
    name: f.name,
    hops: f.hops.map((h) => ({ name: h.name, type: h.type, exported: h.exported })),
    type: f.type,
    omitEmpty: f.omitEmpty,
    omitZero: f.omitZero,
    quoted: f.quoted,
  }));
}

function fromGotype(t: GoType) {
  return shape(
    structFields(t, "v1").fields.map((f) => ({
      name: f.name,
      hops: f.path,
      type: f.type,
      omitEmpty: f.omitEmpty,
      omitZero: f.omitZero,
      quoted: f.string,
    })),
  );
}

/** The table of `t` and gotype's, or the error each throws. */
function both(t: GoType): { got: unknown; want: unknown } {
  let got: unknown;
  let want: unknown;
  try {
    got = shape(structFieldsV1(t).list);
  } catch (e) {
    got = { error: String(e) };
  }
  try {
    want = fromGotype(t);
  } catch (e) {
    want = { error: String(e) };
  }
  return { got, want };
}

// Tags through every v1 branch: names valid and not, `-` and `-,`, options repeated, unknown
// and miscased, other keys before and after, escapes.
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
  'json:"a,Omitempty"',
  'json:"a b"',
  'json:"a\\\\b"',
  "json:\"'a'\"",
  'json:"é"',
  'json:"x\\"y"',
  'xml:"x" json:"c"',
  'json:"c" xml:"x"',
  'json:"c,string"',
  'json:"c,omitzero"',
  'json:"a,inline"',
  "json:a",
);

const pointee = named("P", T.int);
const typeArb: fc.Arbitrary<GoType> = fc.constantFrom<GoType>(
  T.int,
  T.string,
  T.bool,
  T.float64,
  T.any,
  pointerTo(T.int),
  pointerTo(pointerTo(T.int)),
  named("NP", pointerTo(T.int)),
  pointerTo(pointee),
  sliceOf(T.string),
  mapOf(T.string, T.int),
  named("S", structOf([{ name: "X", type: T.int }])),
);

const fieldsArb = (maxLength: number) =>
  fc.uniqueArray(
    fc.record({
      name: fc.constantFrom("A", "B", "C", "D", "a", "b", "X", "Y", "Z", "_", "É", "Ab1", "Ab2", "Ab3"),
      type: typeArb,
      tag: tagArb,
    }),
    { selector: (f) => f.name, maxLength },
  );

describe("struct field tables", () => {
  test.prop([fieldsArb(8)])("Flat/SameAsGotype", (fs) => {
    const { got, want } = both(structOf(fs));
    expect(got).toStrictEqual(want);
  });

  // Past SCAN_NAMES_MAX own fields names are checked in a Set.
  test.prop([fieldsArb(14), fieldsArb(14)])("Wide/SameAsGotype", (a, b) => {
    const fs = [...a, ...b.map((f, i) => ({ ...f, name: `${f.name}W${i}` }))];
    const { got, want } = both(structOf(fs));
    expect(got).toStrictEqual(want);
  });

  test.prop([goTypeArbitrary({ maxNamed: 3 })])("Arbitrary/SameAsGotype", (t) => {
    if (t.kind !== "struct") return;
    const { got, want } = both(t);
    expect(got).toStrictEqual(want);
  });

  const unresolved = named("U", structOf([]));
  const cases: { name: string; in: GoType }[] = [
    { name: "Empty", in: structOf([]) },
    {
      name: "DuplicateName",
      in: structOf([
        { name: "A", type: T.int, tag: 'json:"B"' },
        { name: "B", type: T.int },
      ]),
    },
    {
      name: "DuplicateTaggedAndUntagged",
      in: structOf([
        { name: "A", type: T.int },
        { name: "B", type: T.int, tag: 'json:"A"' },
      ]),
    },
    {
      name: "Embedded",
      in: structOf([
        { type: unresolved, embedded: true },
        { name: "A", type: T.int },
      ]),
    },
    {
      name: "EmbeddedPointer",
      in: structOf([{ type: pointerTo(named("E", structOf([{ name: "X", type: T.int }]))), embedded: true }]),
    },
    {
      name: "StringOnNamedPointer",
      in: structOf([{ name: "A", type: named("NP", pointerTo(T.int)), tag: 'json:",string"' }]),
    },
    {
      name: "StringOnPointerToPointer",
      in: structOf([{ name: "A", type: pointerTo(pointerTo(T.int)), tag: 'json:",string"' }]),
    },
    {
      name: "UnresolvedField",
      in: parseGo(
        'package p\nimport "example.com/x"\ntype R struct { A int; B x.T `json:"b"`; C x.T `json:"-"` }',
      ).R as GoType,
    },
    {
      name: "UnresolvedFieldLeftOut",
      in: parseGo('package p\nimport "example.com/x"\ntype R struct { A int; C x.T `json:"-"`; d x.T }')
        .R as GoType,
    },
  ];
  for (const c of cases) {
    it(`Cases/${c.name}`, () => {
      const { got, want } = both(c.in);
      expect(got).toStrictEqual(want);
    });
  }
});
