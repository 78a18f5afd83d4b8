import { describe, expect, test } from "vitest";
import { parseTagV2, type TagV2 } from "./tag-v2.js";

// json/v2's tag grammar. The error texts were recorded from Go 1.26.8
// (GOEXPERIMENT=jsonv2, json.Marshal of a struct with the tag); Go wraps them
// as `json: unable to marshal from Go main.T: <text>`.
const cases: { name: string; field?: string; exported?: boolean; tag: string; want: Partial<TagV2> }[] = [
  {
    name: "Options",
    tag: 'json:"a,omitempty,string"',
    want: { name: "a", hasName: true, omitempty: true, string: true },
  },
  { name: "QuotedName", tag: `json:"'a,b',case:ignore"`, want: { name: "a,b", casing: "ignore" } },
  { name: "Format", tag: `json:"a,format:'2006'"`, want: { name: "a", format: "2006" } },
  { name: "SpaceInName", tag: 'json:"a b"', want: { name: "a b" } },
  { name: "QuotedUnicodeName", tag: `json:"'é'"`, want: { name: "é" } },
  { name: "Ignored", tag: 'json:"-"', want: { ignored: true } },
  { name: "NoName", tag: 'json:",omitzero"', want: { name: "A", hasName: false, omitzero: true } },
  {
    name: "Duplicate",
    tag: 'json:",omitempty,omitempty"',
    want: { error: "Go struct field A has duplicate appearance of `omitempty` tag option" },
  },
  {
    name: "FormatNotLast",
    tag: 'json:"a,format:x,string"',
    want: { error: "Go struct field A has `format` tag option that was not specified last" },
  },
  {
    name: "BothCases",
    tag: 'json:"a,case:strict,case:ignore"',
    want: { error: "Go struct field A cannot have both `case:ignore` and `case:strict` tag options" },
  },
  {
    name: "Misspelled",
    tag: 'json:"a,OmitEmpty"',
    want: {
      error:
        "Go struct field A has invalid appearance of `OmitEmpty` tag option; specify `omitempty` instead",
    },
  },
  {
    name: "TrailingComma",
    tag: 'json:"a,"',
    want: { error: "Go struct field A has malformed `json` tag: invalid trailing ',' character" },
  },
  {
    name: "UnnecessaryQuotes",
    tag: `json:"a,'omitempty'"`,
    want: {
      error:
        "Go struct field A has unnecessarily quoted appearance of `'omitempty'` tag option; specify `omitempty` instead",
    },
  },
  {
    name: "DashComma",
    tag: 'json:"-,"',
    want: { error: "Go struct field A has malformed `json` tag: invalid trailing ',' character" },
  },
  {
    name: "CaseWithoutValue",
    tag: 'json:"a,case"',
    want: {
      error:
        "Go struct field A is missing value for `case` tag option; specify `case:ignore` or `case:strict` instead",
    },
  },
  {
    name: "CaseUnknown",
    tag: 'json:"a,case:other"',
    want: { error: "Go struct field A has unknown `case:other` tag value" },
  },
  {
    name: "Unexported",
    field: "a",
    exported: false,
    tag: 'json:"a"',
    want: { ignored: true, error: 'unexported Go struct field a cannot have non-ignored `json:"a"` tag' },
  },
  {
    name: "Unterminated",
    tag: `json:"'unterminated"`,
    want: {
      error: "Go struct field A has malformed `json` tag: single-quoted string not terminated: 'untermina...",
    },
  },
  {
    name: "FormatWithoutValue",
    tag: 'json:"a,format"',
    want: { error: "Go struct field A is missing value for `format` tag option" },
  },
];

describe("parseTagV2", () => {
  for (const c of cases) {
    test(`TagV2/${c.name}`, () => {
      const got = parseTagV2({
        name: c.field ?? "A",
        tag: c.tag,
        exported: c.exported ?? true,
        embedded: false,
      });
      expect(got).toMatchObject(c.want);
      if (!("error" in c.want)) expect(got.error).toBeUndefined();
      expect(Object.isFrozen(got)).toBe(true);
    });
  }
});
