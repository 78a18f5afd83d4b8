import { describe, expect, it } from "vitest";
import { flatFieldsV1 } from "./fields-v1.js";
import { FLAT_OMITEMPTY, FLAT_OMITZERO, FLAT_PLAIN, FLAT_STRING, FLAT_TAGGED } from "./fields-v2.js";
import { parseGo } from "./parse-go.js";
import type { StructType } from "./types.js";

/** A struct declared by its field lines. */
function struct(fields: string): StructType {
  return parseGo(`package p\ntype Inner struct{ X int }\ntype S struct {\n${fields}\n}`).S as StructType;
}

/** flatFieldsV1 as [JSON name, Go field, bits] rows, or undefined. */
function rows(fields: string): [string, string, number][] | undefined {
  const f = flatFieldsV1(struct(fields));
  return f?.names.map((n, k) => [n, f.fields[k]?.name ?? "", f.bits[k] ?? -1]);
}

describe("flatFieldsV1", () => {
  const P = FLAT_PLAIN;
  const cases: { name: string; fields: string; want: [string, string, number][] | undefined }[] = [
    {
      name: "UntaggedKeepsGoName",
      fields: "A int\nB string",
      want: [
        ["A", "A", P],
        ["B", "B", P],
      ],
    },
    { name: "TagName", fields: 'A int `json:"a"`', want: [["a", "A", FLAT_TAGGED | P]] },
    {
      name: "Options",
      fields: 'A int `json:"a,omitempty,omitzero,string"`',
      want: [["a", "A", FLAT_TAGGED | FLAT_OMITEMPTY | FLAT_OMITZERO | FLAT_STRING | P]],
    },
    // `,string` takes effect on scalars and unnamed pointers to them only.
    {
      name: "StringOnPointerToScalar",
      fields: 'A *int `json:",string"`',
      want: [["A", "A", FLAT_STRING | P]],
    },
    { name: "StringOnSliceIgnored", fields: 'A []int `json:",string"`', want: [["A", "A", P]] },
    { name: "StringOnStructIgnored", fields: 'A Inner `json:",string"`', want: [["A", "A", P]] },
    // v1 ignores an invalid tag name and keeps the Go name (not tagged).
    { name: "InvalidTagName", fields: 'A int `json:"a\\\\b"`', want: [["A", "A", P]] },
    { name: "NonASCIINameNotPlain", fields: 'A int `json:"naïve"`', want: [["naïve", "A", FLAT_TAGGED]] },
    { name: "DashAndUnexportedSkipped", fields: 'A int `json:"-"`\nb int\nC int', want: [["C", "C", P]] },
    { name: "DashCommaIsName", fields: 'A int `json:"-,"`', want: [["-", "A", FLAT_TAGGED | P]] },
    { name: "DuplicateNamesNotFlat", fields: 'A int `json:"x"`\nB int `json:"x"`', want: undefined },
    { name: "EmbeddedNotFlat", fields: "Inner\nA int", want: undefined },
    { name: "NoFields", fields: "", want: [] },
  ];
  for (const c of cases) it(c.name, () => expect(rows(c.fields)).toEqual(c.want));

  it("EveryFieldKept/SharesTheStructsList", () => {
    const s = struct("A int\nB string");
    expect(flatFieldsV1(s)?.fields).toBe(s.fields);
  });

  it("UnresolvedFieldType/Throws", () => {
    // parseGo leaves an undeclared name unresolved; using the struct then reports it.
    const s = parseGo("package p\ntype S struct { A Missing }").S as StructType;
    expect(() => flatFieldsV1(s)).toThrow(/Missing/);
  });
});
