/**
 * Cases from a user-level audit against real Go 1.26 (`GOEXPERIMENT=jsonv2 go run`, programs
 * run by hand under /tmp). Each unmarshal case records Go's error text and what the destination
 * held afterwards, written back with v2 Marshal (Deterministic, FormatNilSliceAsNull,
 * FormatNilMapAsNull) so nil and empty stay apart.
 */
import { GoTime, goType, parseGo } from "@gojson/gotype";
import { describe, expect, it } from "vitest";
import { marshal, marshalToString, unmarshal, unmarshalDecode, ValueStream } from "./go126-support.js";
import { defaultOptionsV1, EOFError, JsonNumber, type Options, type UnmarshalOptions } from "./index.js";
import audit from "./testdata/go-v2-audit.json" with { type: "json" };

type Case = {
  id: string;
  op: "u" | "m";
  type: string;
  input?: string;
  json?: string;
  value?: unknown;
  into?: string;
  opts?: Record<string, unknown>;
  want: string;
  err?: string;
};

const td = new TextDecoder();
const te = new TextEncoder();

/** revive rebuilds a recorded TS value: {$big} bigint, {$u8} raw bytes, {$map} Map entries, {$time} RFC 3339, {$num} a non-finite number, {$jn} a json.Number. */
function revive(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(revive);
  if (v === null || typeof v !== "object") return v;
  const o = v as Record<string, unknown>;
  if ("$big" in o) return BigInt(o.$big as string);
  if ("$jn" in o) return new JsonNumber(o.$jn as string);
  if ("$num" in o) return Number(o.$num);
  if ("$time" in o) return GoTime.parse(o.$time as string);
  if ("$u8" in o) return te.encode(o.$u8 as string);
  if ("$map" in o) return new Map((o.$map as [unknown, unknown][]).map(([k, x]) => [revive(k), revive(x)]));
  return Object.fromEntries(Object.entries(o).map(([k, x]) => [k, revive(x)]));
}
const SHOW: Options = {
  deterministic: true,
  formatNilSliceAsNull: true,
  formatNilMapAsNull: true,
  allowInvalidUTF8: true,
};

function optionList(opts: Record<string, unknown> | undefined): UnmarshalOptions[] {
  const list: UnmarshalOptions[] = [];
  const rest: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(opts ?? {})) {
    if (k === "v1") list.push(defaultOptionsV1());
    else rest[k] = v;
  }
  list.push(rest as Options);
  return list;
}

for (const [group, g] of Object.entries(audit.groups as Record<string, { decls: string; cases: Case[] }>)) {
  describe(`Go-recorded audit: ${group}`, () => {
    const decls = parseGo(`package main\n${g.decls}`);
    const T = (s: string) => goType(s, decls);
    it.each(g.cases.map((c) => [c.id, c] as const))("%s", (_id, c) => {
      const t = T(c.type);
      if (c.op === "m") {
        const v = c.value !== undefined ? revive(c.value) : unmarshal(t, c.json ?? "null");
        let msg: string | undefined;
        let out = "";
        try {
          out = marshalToString(t, v, optionList(c.opts));
        } catch (e) {
          msg = (e as Error).message;
        }
        expect(msg).toBe(c.err);
        expect(out).toBe(c.want);
        return;
      }
      const list = optionList(c.opts);
      if (c.into !== undefined) list.push({ into: unmarshal(t, c.into) });
      let got: unknown;
      let msg: string | undefined;
      try {
        got = unmarshal(t, c.input ?? "", list);
      } catch (e) {
        msg = (e as Error).message;
        got = (e as { value?: unknown }).value;
      }
      expect(msg).toBe(c.err);
      let shown: string;
      try {
        shown = td.decode(marshal(t, got, SHOW));
      } catch (e) {
        shown = `MERR ${(e as Error).message}`;
      }
      expect(shown).toBe(c.want);
    });
  });
}

describe("unmarshalDecode at the end of a stream returns Go's io.EOF", () => {
  const decls = parseGo("package main\ntype S struct {\n\tA int\n\tB string\n}");
  const S = decls.S as NonNullable<(typeof decls)["S"]>;
  // Go: jsontext.NewDecoder(strings.NewReader(in)) and json.UnmarshalDecode in a loop.
  const cases: [string, string, string[]][] = [
    ["int", "1 2 3", ["1 off=1", "2 off=3", "3 off=5", "EOF off=5", "EOF off=5"]],
    [
      "S",
      '{"A":1}{"A":2} {"B":"x"} \n',
      ['{"A":1,"B":""} off=7', '{"A":2,"B":""} off=14', '{"A":0,"B":"x"} off=24', "EOF off=24"],
    ],
    [
      "any",
      '[1] {"a":[2]} "x" null',
      ["[1] off=3", '{"a":[2]} off=13', '"x" off=17', "null off=22", "EOF off=22"],
    ],
    [
      "int",
      '"a" 1 "b"',
      [
        "json: cannot unmarshal JSON string into Go int off=3",
        "1 off=5",
        "json: cannot unmarshal JSON string into Go int after offset 6 off=9",
        "EOF off=9",
      ],
    ],
    ["int", "1 x 3", ["1 off=1", "jsontext: invalid character 'x' at start of value after offset 2 off=1"]],
    ["int", "", ["EOF off=0"]],
  ];
  it.each(cases)("%s %j", (type, input, want) => {
    const t = type === "S" ? S : goType(type);
    const d = new ValueStream(input);
    const got: string[] = [];
    const errors: unknown[] = [];
    for (const _ of want) {
      try {
        got.push(
          `${marshalToString(t, unmarshalDecode(d, t), { deterministic: true })} off=${d.inputOffset}`,
        );
      } catch (e) {
        errors.push(e);
        got.push(`${(e as Error).message} off=${d.inputOffset}`);
      }
    }
    expect(got).toEqual(want);
    // Go's io.EOF is an EOFError (by marker and by class); every other error is not.
    for (const e of errors) {
      const eof = (e as Error).message === "EOF";
      expect(EOFError.isInstance(e)).toBe(eof);
      expect(e instanceof EOFError).toBe(eof);
    }
  });
  it("keeps the destination (into) untouched and reports it as the error's value", () => {
    const d = new ValueStream("  ");
    const into = { A: 5n, B: "k" };
    let caught: unknown;
    try {
      unmarshalDecode(d, S, { into });
    } catch (e) {
      caught = e;
    }
    expect(EOFError.isInstance(caught)).toBe(true);
    expect((caught as Error).message).toBe("EOF");
    expect((caught as { value?: unknown }).value).toBe(into);
  });
});
