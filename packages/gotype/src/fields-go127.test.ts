import { describe, expect, it } from "vitest";
import { parseGo } from "./parse-go.js";
import { structFields } from "./struct-fields.js";
import { parseTagV2 } from "./tag-v2.js";
import type { GoType } from "./types.js";

// Go 1.27's json/v2 field rules. Recorded with Go 1.27.3 (GOEXPERIMENT=jsonv2, json.Marshal
// of the zero value): the keys written, or the error text after `cannot marshal from Go main.T: `.
const src = `package main

type M map[string]any
type In struct {
	P int
	Q int \`json:"q"\`
}
type A struct {
	X int \`json:"'a'"\`
}
type B struct {
	X int \`json:"x,inline"\`
	M \`json:"m,embed"\`
}
type C struct {
	X int \`json:"x,format:"\`
}
type D struct {
	X int \`json:"x,format:'y z'"\`
}
type E struct {
	I int \`json:",embed"\`
}
type F struct {
	X int \`json:"-,"\`
}
type G struct {
	X int \`json:"x,Embed"\`
}
type H struct {
	A    int \`json:"a"\`
	In   \`json:",embed"\`
	R    In \`json:"r,inline"\`
	Rest M \`json:",embed"\`
}
type I struct {
	In \`json:"in,omitempty"\`
	X  int \`json:"x,unknown"\`
}
type J struct {
	X int \`json:"x,format:''"\`
}
type K struct {
	X int \`json:"x,case:'ignore'"\`
}
type L struct {
	X int \`json:"x y,omitempty"\`
}
`;
const decls = parseGo(src);

const cases: {
  name: string;
  keys?: string[];
  err?: string;
  unsupportedFormat?: string;
  fallback?: string;
}[] = [
  {
    name: "A",
    err: "Go struct field X has malformed `json` tag: invalid character '\\'' at start of option (expecting Unicode letter)",
  },
  {
    name: "B",
    err: "Go struct field M cannot have any options other than `embed` specified",
    keys: ["x", "m"],
  },
  { name: "C", err: "Go struct field X has malformed value for `format` tag option: unexpected EOF" },
  { name: "D", unsupportedFormat: "Go struct field X has unsupported `format` tag option", keys: ["x"] },
  {
    name: "E",
    err: "embedded Go struct field I of type int must be a Go struct, Go map of string key, or jsontext.Value",
    keys: ["I"],
  },
  { name: "F", err: "Go struct field X has malformed `json` tag: invalid trailing ',' character" },
  {
    name: "G",
    err: "Go struct field X has invalid appearance of `Embed` tag option; specify `embed` instead",
  },
  { name: "H", keys: ["a", "P", "q", "r"], fallback: "Rest" },
  { name: "I", keys: ["in", "x"] },
  { name: "J", err: "Go struct field X cannot have empty value for `format` tag option" },
  {
    name: "K",
    err: "Go struct field X has malformed value for `case` tag option: invalid character '\\'' at start of option (expecting Unicode letter)",
  },
  { name: "L", keys: ["x y"] },
];

describe("structFields(t, 'v2', '1.27')", () => {
  for (const c of cases) {
    it(c.name, () => {
      const sf = structFields(decls[c.name] as GoType, "v2", "1.27");
      expect(sf.error?.message).toBe(c.err);
      expect(sf.unsupportedFormat?.message).toBe(c.unsupportedFormat);
      if (c.keys !== undefined) expect(sf.fields.map((f) => f.name)).toEqual(c.keys);
      expect(sf.inlinedFallback?.goName).toBe(c.fallback);
      if (c.fallback !== undefined) expect(sf.inlinedFallback?.inline).toBe(true);
    });
  }
  it("is cached per release and differs from Go 1.26", () => {
    const t = decls.B as GoType;
    expect(structFields(t, "v2", "1.27")).toBe(structFields(t, "v2", "1.27"));
    expect(structFields(t, "v2")).toBe(structFields(t, "v2", "1.26"));
    // Go 1.26: `inline` with a name is an error (and the field is dropped), `embed` is unknown.
    expect(structFields(t, "v2").error?.message).toBe(
      "Go struct field X cannot have any options other than `inline` or `unknown` specified",
    );
    expect(structFields(t, "v2").fields.map((f) => f.name)).toEqual(["m"]);
    expect(structFields(decls.D as GoType, "v2").unsupportedFormat).toBeUndefined();
  });
});

describe("parseTagV2 by release", () => {
  const field = (tag: string) => ({ name: "X", tag, exported: true, embedded: false });
  it("embed is an option of Go 1.27 only", () => {
    expect(parseTagV2(field('json:",embed"'), "1.27").inline).toBe(true);
    expect(parseTagV2(field('json:",embed"')).inline).toBe(false);
    expect(parseTagV2(field('json:",inline"'), "1.27").inline).toBe(false);
    expect(parseTagV2(field('json:",unknown"'), "1.27").unknown).toBe(false);
    expect(parseTagV2(field('json:",unknown"')).unknown).toBe(true);
  });
  it("quoted names are Go 1.26 only", () => {
    expect(parseTagV2(field(`json:"'a'"`)).name).toBe("a");
    const r = parseTagV2(field(`json:"'a'"`), "1.27");
    expect(r.name).toBe("X");
    expect(r.hasName).toBe(false);
  });
  it('json:"-," is its own error in Go 1.26 only', () => {
    expect(parseTagV2(field('json:"-,omitempty"')).error).toMatch(/has JSON object name/);
    expect(parseTagV2(field('json:"-,omitempty"'), "1.27").error).toBeUndefined();
  });
  it("a lone surrogate in a name is invalid UTF-8 (both releases)", () => {
    for (const rel of ["1.26", "1.27"] as const) {
      const r = parseTagV2(field('json:"a\ud800"'), rel);
      expect(r.error).toBe('Go struct field X has JSON object name "a\\ufffd" with invalid UTF-8');
      expect(r.name).toBe("a\ufffd");
    }
  });
});
