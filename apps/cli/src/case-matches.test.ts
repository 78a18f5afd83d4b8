import { type GoType, parseGo } from "@gojson/gotype";
import { describe, expect, it } from "vitest";
import { caseInsensitiveMatches } from "./case-matches.js";

const types = parseGo(`package p
type P *P
type Inner struct { Name string \`json:"name"\` }
type Outer struct {
	In  *Inner
	Cyc P
}
`);
const ty = (name: string) => types[name] as GoType;
const bytes = (s: string) => new TextEncoder().encode(s);

describe("caseInsensitiveMatches", () => {
  it.each([
    { name: "Exact", text: '{"In":{"name":"x"}}', want: [] },
    { name: "FoldedThroughPointer", text: '{"in":{"NAME":"x"}}', want: ["/in", "/in/NAME"] },
    // `type P *P`: the walk stops at the endless chain instead of looping.
    { name: "EndlessPointerChain", text: '{"cyc":{"a":1}}', want: ["/cyc"] },
    { name: "NotJSON", text: "{", want: [] },
  ])("Matches/$name", ({ text, want }) => {
    expect(
      caseInsensitiveMatches(ty("Outer"), bytes(text))
        .map((m) => m.pointer)
        .sort(),
    ).toEqual(want);
  });
});
