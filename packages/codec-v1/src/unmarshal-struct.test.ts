/**
 * The fast path's struct decoder runs a table-driven loop on a type's first decode and a
 * generated function from the second on: both must give the exact engine's value, whatever the
 * member order, spelling or unknown members, for types first met on each case.
 */
import { isDeepStrictEqual } from "node:util";
import { type GoType, parseGo } from "@gojson/gotype";
import { describe, expect, test } from "vitest";
import { unmarshal } from "./index.js";
import { fastUnmarshal, NO_FAST, unmarshalFast } from "./unmarshal-fast.js";

const SOURCE = `package p
type Base struct {
	Z string \`json:"z"\`
	N int    \`json:"n"\`
}
type Rec struct {
	ID   int64    \`json:"id"\`
	Name string   \`json:"name,omitempty"\`
	Tags []string \`json:"tags"\`
	Next *Rec     \`json:"next"\`
	Base
	Hidden int \`json:"-"\`
	Plain  bool
}
`;

const wideSource = (k: number) =>
  `package p\ntype Rec struct {\n${Array.from({ length: k }, (_, i) => `\tF${i} int \`json:"f${i}"\``).join("\n")}\n}\n`;

function exact(t: GoType, input: string): unknown {
  const was = fastUnmarshal.enabled;
  fastUnmarshal.enabled = false;
  try {
    return unmarshal(t, input);
  } finally {
    fastUnmarshal.enabled = was;
  }
}

const cases: [string, string, string][] = [
  ["InOrder", SOURCE, `{"id":1,"name":"a","tags":["x"],"next":{"id":2},"z":"q","n":3,"Plain":true}`],
  ["OutOfOrder", SOURCE, `{"Plain":true,"n":3,"next":{"tags":[],"id":2},"z":"q","id":1}`],
  ["CaseFolded", SOURCE, `{"ID":1,"NAME":"a","Z":"q","plain":true,"NeXt":{"Id":5}}`],
  ["UnknownAndIgnored", SOURCE, `{"id":1,"Hidden":4,"other":[1,{"a":2}],"name":"b"}`],
  ["DuplicateMembers", SOURCE, `{"id":1,"id":2,"next":{"id":3},"next":{"name":"m"}}`],
  ["EmptyAndNull", SOURCE, `{"next":null,"tags":null}`],
  // Members left out: the loop matches the next few fields in place before it reads the name.
  ["Skipped/Gaps", SOURCE, `{"id":1,"next":{"id":2},"Plain":true}`],
  ["Skipped/AfterLast", SOURCE, `{"tags":["a"],"Plain":false,"name":"x"}`],
  ["Skipped/PrefixNames", SOURCE, `{"i":1,"nam":"a","id":2,"nexts":{},"Plai":true}`],
  ["Skipped/Escaped", SOURCE, `{"id":1,"n\\u0061me":"e","\\u007a":"q"}`],
  ["Skipped/Wide", wideSource(20), `{"f0":1,"f6":2,"f7":3,"f19":4,"f2":5}`],
  ["Wide/200", wideSource(200), `{${Array.from({ length: 200 }, (_, i) => `"f${199 - i}":${i}`).join(",")}}`],
];

describe("struct decoder: first decode (table loop) and later ones (generated)", () => {
  test.each(cases)("%s", (name, source, input) => {
    // A type of its own per case (parseGo caches by source text): its first decode takes the loop.
    const t = parseGo(`// ${name}\n${source}`).Rec as GoType;
    const want = exact(t, input);
    for (let i = 0; i < 3; i++) {
      const got = unmarshalFast(t, input, {});
      expect(got).not.toBe(NO_FAST);
      expect(isDeepStrictEqual(got, want)).toBe(true);
    }
  });
});
