import { describe, expect, it } from "vitest";
import table from "../test/data/value.go.json" with { type: "json" };
import { canonicalize, compact, indent, valid } from "./value.js";
import { compactV1, htmlEscapeV1, indentV1 } from "./value-v1.js";

type R = { out: string; err: string; off?: number };
type Case = {
  in: string;
  v1: { compact: R; indent: R; htmlEscape: string; valid: boolean };
  v2: { compact: R; compactHTMLJS: R; indent: R; indentOpts: R; canonicalize: R; valid: boolean };
};

const b64 = (s: string) => new Uint8Array(Buffer.from(s, "base64"));
const show = (b: Uint8Array) => Buffer.from(b).toString("base64");

function outcome(f: () => Uint8Array): { out: string; err: string; off?: number } {
  try {
    return { out: show(f()), err: "" };
  } catch (e) {
    return { out: "", err: (e as Error).message, off: (e as { offset?: number }).offset };
  }
}

describe("value helpers match Go (test/data/value.go.json)", () => {
  for (const c of table as Case[]) {
    const name = JSON.stringify(Buffer.from(c.in, "base64").toString("latin1"));
    const src = b64(c.in);
    it(`v2/${name}`, () => {
      expect(valid(src)).toBe(c.v2.valid);
      const want = (r: R) => ({ out: r.err ? "" : r.out, err: r.err });
      const got = (f: () => Uint8Array) => {
        const o = outcome(f);
        return { out: o.out, err: o.err };
      };
      expect(
        got(() => compact(src)),
        "compact",
      ).toEqual(want(c.v2.compact));
      expect(
        got(() => compact(src, { escapeForHTML: true, escapeForJS: true })),
        "compactHTMLJS",
      ).toEqual(want(c.v2.compactHTMLJS));
      expect(
        got(() => indent(src)),
        "indent",
      ).toEqual(want(c.v2.indent));
      expect(
        got(() => indent(src, { withIndentPrefix: " ", withIndent: "  ", spaceAfterComma: true })),
        "indentOpts",
      ).toEqual(want(c.v2.indentOpts));
      expect(
        got(() => canonicalize(src)),
        "canonicalize",
      ).toEqual(want(c.v2.canonicalize));
    });
    it(`v1/${name}`, () => {
      const pre = Buffer.from("pre:");
      const v1 = (f: () => Uint8Array): R => {
        const o = outcome(f);
        if (o.err) return { out: show(pre), err: o.err, off: o.off ?? 0 };
        return {
          out: show(Buffer.concat([pre, Buffer.from(Buffer.from(o.out, "base64"))])),
          err: "",
          off: 0,
        };
      };
      expect(
        v1(() => compactV1(src)),
        "compact",
      ).toEqual(c.v1.compact);
      expect(
        v1(() => indentV1(src, "> ", "\t")),
        "indent",
      ).toEqual(c.v1.indent);
      expect(show(htmlEscapeV1(src)), "htmlEscape").toBe(c.v1.htmlEscape);
    });
  }
});

describe("value helpers on strings", () => {
  it("string in, string out", () => {
    expect(compact(' { "b" : [ 1 ] } ')).toBe('{"b":[1]}');
    expect(canonicalize('{"b":1e2,"a":"\\u0041"}')).toBe('{"a":"A","b":100}');
    expect(indent('{"a":[]}', { withIndent: "  " })).toBe('{\n  "a": []\n}');
  });
  it("deep nesting", () => {
    const deep = `${"[".repeat(10000)}${"]".repeat(10000)}`;
    expect(compact(deep)).toBe(deep);
    expect(() => compact(`[${deep}]`)).toThrow(/exceeded max depth/);
  });
});

describe("canonicalize at Go's depth limit", () => {
  it("Canonicalize/Depth10000", () => {
    const n = 10000;
    const deep = `${'{"b":1,"a":'.repeat(n - 1)}[${"]"}${"}".repeat(n - 1)}`;
    const want = `${'{"a":'.repeat(n - 1)}[]${',"b":1}'.repeat(n - 1)}`;
    expect(canonicalize(deep)).toBe(want);
  });
});
