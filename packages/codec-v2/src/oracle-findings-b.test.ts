/**
 * Findings V2-4 (the rest), V2-7, V2-8 and V2-9 of the Go oracle's campaigns, recorded from Go 1.26.8
 * and Go 1.27.3 by testdata/go-v2-findings-b.go.txt:
 * - where `within "<pointer>"` goes when a MarshalJSON method or a raw value writes trailing data:
 *   the SemanticError points at the value, the SyntacticError at the encoder's stack before it
 *   (an enclosing object's member name counts, the index in an enclosing array does not);
 * - a `format` on a slice of a named byte with methods under v1 semantics: the format is looked at
 *   before the methods (Go 1.26; Go 1.27 rejects the tag option);
 * - json.Number reads the whole value: a `}` or `]` where it belongs is "at start of value";
 * - V2-9: a map key's UnmarshalJSON gets the member name as it is in the input (escapes kept).
 */
import { goType, parseGo, withMethods, zero } from "@gojson/gotype";
import { goQuote } from "@gojson/jsontext/internal";
import { describe, expect, it } from "vitest";
import { defaultOptionsV1, GO_VERSIONS, marshal, marshalToString, type Options, unmarshal } from "./index.js";
import fixture from "./testdata/go-v2-findings-b.json" with { type: "json" };

const decls = parseGo(`package main
import (
	"encoding/json"
	"encoding/json/jsontext"
)
type N int
func (N) MarshalJSON() ([]byte, error) { return []byte("{\\"a\\":1} x"), nil }
type I int
func (I) MarshalJSON() ([]byte, error) { return []byte("{\\"a\\":[1,x]}"), nil }
type S struct { Name N \`json:"name"\` }
type Inner struct { ID []N }
type Outer struct { A Inner \`json:"a"\` }
type SP struct { P *N \`json:"p"\` }
type SI struct { X []I \`json:"x"\` }
type B uint8
func (*B) MarshalJSON() ([]byte, error) { return nil, errors.New("mj: no") }
type B2 uint8
func (B2) MarshalJSON() ([]byte, error) { return []byte("\\"b\\""), nil }
type F struct { A []B \`json:"a,format:emitempty"\` }
type FB struct { A []B2 \`json:"a,format:base64"\` }
type FA struct { A []B2 \`json:"a,format:array"\` }
type FH struct { A [2]B2 \`json:"a,format:hex"\` }
type FN struct { A []B2 \`json:"a"\` }
type FE struct { A []B2 \`json:"a,format:emitnull"\` }
type K int64
func (k *K) UnmarshalJSON(b []byte) error { return fmt.Errorf("got %s", b) }
`);
const te = new TextEncoder();
const dec = new TextDecoder();
const decl = (name: string) => decls[name] as NonNullable<(typeof decls)[string]>;
withMethods(decl("N"), { MarshalJSON: () => te.encode('{"a":1} x') }, { receiver: "value" });
withMethods(decl("I"), { MarshalJSON: () => te.encode('{"a":[1,x]}') }, { receiver: "value" });
withMethods(
  decl("B"),
  {
    MarshalJSON: () => {
      throw new Error("mj: no");
    },
  },
  { receiver: "pointer" },
);
withMethods(decl("B2"), { MarshalJSON: () => te.encode('"b"') }, { receiver: "value" });
withMethods(
  decl("K"),
  {
    UnmarshalJSON: (b: Uint8Array) => {
      throw new Error(`got ${dec.decode(b)}`);
    },
  },
  { receiver: "pointer" },
);

const bytes12 = () => new Uint8Array([1, 2]);
/** The Go values the program marshals, by the name it prints (undefined: the zero value). */
const marshalValues: Record<string, unknown> = {
  N: undefined,
  "[1]N": undefined,
  "map[string]N": new Map([["name", 0n]]),
  S: undefined,
  "[][1]N": [[0n]],
  "[2][]N": [[], [0n]],
  Outer: { A: { ID: [0n] } },
  "map[string][]N": new Map([["k", [0n]]]),
  "[]map[string]N": [new Map([["k", 0n]])],
  "[]*N": [0n],
  "[]SP": [{ P: 0n }],
  "[1]I": undefined,
  SI: { X: [0n] },
  "[]jsontext.Value": [te.encode("1 x")],
  "map[string]jsontext.Value": new Map([["k", te.encode("1 x")]]),
  "[][]jsontext.Value": [[te.encode("1 x")]],
  F: { A: bytes12() },
  FB: { A: bytes12() },
  FA: { A: bytes12() },
  FH: { A: bytes12() },
  FN: { A: bytes12() },
  FE: undefined,
};

/** Go's `%v` of an error (nil: `<nil>`). */
const errText = (e: unknown) => (e === undefined ? "<nil>" : (e as Error).message);

/** The types the program unmarshals into (a case name is "<engine> unmarshal <type> <input>"). */
const unmarshalTypes = [
  "map[int]json.Number",
  "map[string]json.Number",
  "map[int]string",
  "struct { A json.Number }",
  "[]json.Number",
  "json.Number",
  "map[K]int",
];

function answer(name: string, goVersion: (typeof GO_VERSIONS)[number]): string {
  const [engine, op] = name.split(" ", 2) as [string, string];
  const rest = name.slice(engine.length + op.length + 2);
  const opts: Options[] = [{ goVersion }, ...(engine === "v1v2" ? [defaultOptionsV1()] : [])];
  if (op === "marshal") {
    const t = goType(rest, decls);
    const v = marshalValues[rest] ?? zero(t);
    try {
      return `out=${goQuote(dec.decode(marshal(t, v as never, opts)))} err=<nil>`;
    } catch (e) {
      const p = (e as { partial?: Uint8Array }).partial;
      return `out=${goQuote(p === undefined ? "" : dec.decode(p))} err=${errText(e)}`;
    }
  }
  const type = unmarshalTypes.find((u) => rest.startsWith(`${u} `));
  if (type === undefined) throw new Error(`unexpected case ${name}`);
  const t = goType(type, decls);
  let v: unknown;
  let err: unknown;
  try {
    v = unmarshal(t, rest.slice(type.length + 1), opts);
  } catch (e) {
    err = e;
    v = (e as { value?: unknown }).value;
  }
  return `out=${marshalToString(t, (v ?? zero(t)) as never, { goVersion, deterministic: true })} err=${errText(err)}`;
}

/** Go's v2 messages say "cannot" or "unable to" at random once per process; gojson writes "cannot". */
const norm = (s: string) => s.replace(/unable to/g, "cannot");

for (const goVersion of GO_VERSIONS) {
  describe(`Go ${goVersion}`, () => {
    it.each(fixture.cases.map((c) => [c.name, c] as const))("%s", (name, c) => {
      expect(norm(answer(name, goVersion))).toBe(norm(goVersion === "1.26" ? c.go126 : c.go127));
    });
  });
}
