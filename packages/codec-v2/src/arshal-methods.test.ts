/**
 * AppendText (Go 1.24's encoding.TextAppender) on the v2 engine: called after MarshalJSON and
 * before MarshalText, by json/v2 and by encoding/json on the v2 engine (defaultOptionsV1), with
 * errors naming it. Every expectation was recorded by testdata/go-v2-append-text.go.txt:
 * `GOEXPERIMENT=jsonv2 go run .` (Go 1.26.8) and `GOTOOLCHAIN=go1.27.3 go run .` (Go 1.27.3);
 * the two agree but for v1 map keys of string kind (`v1Go127`). Classic encoding/json, which
 * never calls AppendText, is codec-v1's (`classic`). The twins below are the Go methods' bodies.
 */
import { readFileSync } from "node:fs";
import {
  GoMethodMissingError,
  GoTime,
  type GoType,
  goType,
  parseGo,
  withPackageMethods,
} from "@gojson/gotype";
import { describe, expect, test } from "vitest";
import { loadCodecV1 } from "./diff-support.js";
import { defaultOptionsV1, GO_VERSIONS, marshal, type Options, unmarshal } from "./index.js";
import { optionsOf, marshalOutcome as outcomeIn } from "./method-outcomes.test-support.js";

const types = parseGo(readFileSync(new URL("./testdata/go-v2-append-text.go.txt", import.meta.url), "utf8"));
withPackageMethods(types, {
  Both: { AppendText: (x: string) => `at:${x}`, MarshalText: (x: string) => `mt:${x}` },
  Only: { AppendText: (x: { X: bigint }) => `only:${x.X}` },
  OnlyInt: { AppendText: (x: bigint) => `oi${x}` },
  OnlyStr: { AppendText: (x: string) => `os:${x}` },
  Bad: {
    AppendText: () => {
      throw new Error("bad append");
    },
    MarshalText: () => "mt",
  },
  PtrAT: { AppendText: (x: string) => `pat:${x}`, MarshalText: (x: string) => `vmt:${x}` },
  JA: { MarshalJSON: () => '"mj"', AppendText: () => "at" },
  NB: { AppendText: (x: number) => `n${x}` },
  U8: { AppendText: () => Uint8Array.of(0x61, 0xff, 0x62) },
  SE: { AppendText: (x: string) => `x${x}` },
  H: { AppendText: () => "<&>" },
});

const dec = new TextDecoder();
const at2020 = GoTime.parse("2020-01-02T03:04:05Z");
const y10k = GoTime.date(10000, 1, 1);
const s = { B: "b", O: { X: 2n }, P: "p", OI: 3n };

function marshalOutcome(type: string, value: unknown, opts: Options[]): string {
  return outcomeIn(types, type, value, opts);
}

const marshals: {
  name: string;
  type: string;
  in: unknown;
  v2: string;
  v1: string;
  v1Go127?: string;
  /** Classic encoding/json (no v2 engine): AppendText is never called. */
  classic: string;
}[] = [
  { name: "Both", type: "Both", in: "k", v2: '"at:k"', v1: '"at:k"', classic: '"mt:k"' },
  { name: "Only", type: "Only", in: { X: 1n }, v2: '"only:1"', v1: '"only:1"', classic: '{"X":1}' },
  {
    name: "Promoted",
    type: "Emb",
    in: { Only: { X: 5n }, Y: 6n },
    v2: '"only:5"',
    v1: '"only:5"',
    classic: '{"X":5,"Y":6}',
  },
  {
    name: "Bad",
    type: "Bad",
    in: 1n,
    v2: "json: cannot marshal from Go main.Bad: bad append",
    v1: "json: error calling AppendText for type *main.Bad: bad append",
    classic: '"mt"',
  },
  // v1 semantics call a pointer-receiver method on addressable values only: MarshalText instead.
  { name: "PtrAT", type: "PtrAT", in: "p", v2: '"pat:p"', v1: '"vmt:p"', classic: '"vmt:p"' },
  { name: "*PtrAT", type: "*PtrAT", in: "p", v2: '"pat:p"', v1: '"pat:p"', classic: '"vmt:p"' },
  { name: "[]PtrAT", type: "[]PtrAT", in: ["p"], v2: '["pat:p"]', v1: '["pat:p"]', classic: '["vmt:p"]' },
  {
    name: "S",
    type: "S",
    in: s,
    v2: '{"B":"at:b","O":"only:2","P":"pat:p","OI":"oi3"}',
    v1: '{"B":"at:b","O":"only:2","P":"vmt:p","OI":"oi3"}',
    classic: '{"B":"mt:b","O":{"X":2},"P":"vmt:p","OI":"3"}',
  },
  {
    name: "*S",
    type: "*S",
    in: s,
    v2: '{"B":"at:b","O":"only:2","P":"pat:p","OI":"oi3"}',
    v1: '{"B":"at:b","O":"only:2","P":"pat:p","OI":"oi3"}',
    classic: '{"B":"mt:b","O":{"X":2},"P":"vmt:p","OI":"3"}',
  },
  // The string option leaves a type with a marshal method alone (Go 1.27 refuses it on plain strings).
  {
    name: "StringOption",
    type: "STag",
    in: { OS: "x" },
    v2: '{"OS":"os:x"}',
    v1: '{"OS":"os:x"}',
    classic: '{"OS":"\\"x\\""}',
  },
  { name: "JA", type: "JA", in: "x", v2: '"mj"', v1: '"mj"', classic: '"mj"' },
  // Under v1 semantics a named byte with a marshal method makes []NB an array, not base64.
  {
    name: "[]NB",
    type: "[]NB",
    in: Uint8Array.of(1, 2),
    v2: '["n1","n2"]',
    v1: '["n1","n2"]',
    classic: '"AQI="',
  },
  {
    name: "MapKey/Both",
    type: "map[Both]int",
    in: new Map([["k", 1n]]),
    v2: '{"at:k":1}',
    v1: '{"at:k":1}',
    v1Go127: '{"k":1}',
    classic: '{"k":1}',
  },
  {
    name: "MapKey/PtrAT",
    type: "map[PtrAT]int",
    in: new Map([["k", 1n]]),
    v2: '{"pat:k":1}',
    v1: '{"vmt:k":1}',
    v1Go127: '{"k":1}',
    classic: '{"k":1}',
  },
  {
    name: "MapKey/OnlyInt",
    type: "map[OnlyInt]int",
    in: new Map([[7n, 1n]]),
    v2: '{"oi7":1}',
    v1: '{"oi7":1}',
    classic: '{"7":1}',
  },
  {
    name: "MapKey/Bad",
    type: "map[Bad]int",
    in: new Map([[7n, 1n]]),
    v2: "json: cannot marshal from Go main.Bad after offset 1: bad append",
    v1: "json: error calling AppendText for type *main.Bad: bad append",
    classic: '{"mt":1}',
  },
  {
    name: "MapKey/JA",
    type: "map[JA]int",
    in: new Map([["x", 1n]]),
    v2: '{"mj":1}',
    v1: '{"at":1}',
    v1Go127: '{"x":1}',
    classic: '{"x":1}',
  },
  {
    name: "MapKey/ET",
    type: "map[ET]int",
    in: new Map([[{ Time: at2020 }, 1n]]),
    v2: '{"2020-01-02T03:04:05Z":1}',
    v1: '{"2020-01-02T03:04:05Z":1}',
    classic: '{"2020-01-02T03:04:05Z":1}',
  },
  // Through a pointer the key is addressable: pointer-receiver methods apply under v1 semantics.
  {
    name: "MapKey/*Both",
    type: "map[*Both]int",
    in: new Map([["k", 1n]]),
    v2: '{"at:k":1}',
    v1: '{"at:k":1}',
    v1Go127: '{"k":1}',
    classic: '{"mt:k":1}',
  },
  // A nil key: null where a name belongs (refused), or "" under v1 semantics for a text method.
  {
    name: "MapKey/*Both/Nil",
    type: "map[*Both]int",
    in: new Map([[null, 1n]]),
    v2: "json: cannot marshal from Go *main.Both: object member name must be a string after offset 1",
    v1: '{"":1}',
    classic: '{"":1}',
  },
  {
    name: "MapKey/*PtrAT",
    type: "map[*PtrAT]int",
    in: new Map([["p", 1n]]),
    v2: '{"pat:p":1}',
    v1: '{"pat:p":1}',
    v1Go127: '{"p":1}',
    classic: '{"vmt:p":1}',
  },
  {
    name: "MapKey/*string",
    type: "map[*string]int",
    in: new Map([["s", 1n]]),
    v2: '{"s":1}',
    v1: '{"s":1}',
    classic: "json: unsupported type: map[*string]int",
  },
  {
    name: "MapKey/*string/Nil",
    type: "map[*string]int",
    in: new Map([[null, 1n]]),
    v2: "json: cannot marshal from Go *string: object member name must be a string after offset 1",
    v1: "json: unsupported value: jsontext: object member name must be a string after offset 1",
    v1Go127: "json: unsupported value: jsontext: object member name must be a string after offset 2",
    classic: "json: unsupported type: map[*string]int",
  },
  {
    name: "MapKey/*Both/Nil/Nested",
    type: "map[string]map[*Both]int",
    in: new Map([["a", new Map([[null, 1n]])]]),
    v2: 'json: cannot marshal from Go *main.Both: object member name must be a string within "/a" after offset 6',
    v1: '{"a":{"":1}}',
    classic: '{"a":{"":1}}',
  },
  {
    name: "Year10000/Time",
    type: "time.Time",
    in: y10k,
    v2: "json: cannot marshal from Go time.Time: year outside of range [0,9999]",
    v1: "json: error calling MarshalJSON for type *time.Time: year outside of range [0,9999]",
    classic:
      "json: error calling MarshalJSON for type time.Time: Time.MarshalJSON: year outside of range [0,9999]",
  },
  // time.Time's own arshaler serves a key too: its errors, not its methods'.
  {
    name: "Year10000/MapKey/Time",
    type: "map[time.Time]int",
    in: new Map([[y10k, 1n]]),
    v2: "json: cannot marshal from Go time.Time after offset 1: year outside of range [0,9999]",
    v1: "json: error calling MarshalJSON for type *time.Time: year outside of range [0,9999]",
    classic:
      'json: encoding error for type "map[time.Time]int": "Time.MarshalText: year outside of range [0,9999]"',
  },
  {
    name: "Year10000/ET",
    type: "ET",
    in: { Time: y10k },
    v2: "json: cannot marshal from Go main.ET: Time.MarshalJSON: year outside of range [0,9999]",
    v1: "json: error calling MarshalJSON for type *main.ET: Time.MarshalJSON: year outside of range [0,9999]",
    classic:
      "json: error calling MarshalJSON for type main.ET: Time.MarshalJSON: year outside of range [0,9999]",
  },
  // A key embedding time.Time: v2 calls the promoted MarshalJSON, v1 semantics AppendText.
  {
    name: "Year10000/MapKey/ET",
    type: "map[ET]int",
    in: new Map([[{ Time: y10k }, 1n]]),
    v2: "json: cannot marshal from Go main.ET after offset 1: Time.MarshalJSON: year outside of range [0,9999]",
    v1: "json: error calling AppendText for type *main.ET: Time.AppendText: year outside of range [0,9999]",
    classic:
      'json: encoding error for type "map[main.ET]int": "Time.MarshalText: year outside of range [0,9999]"',
  },
  {
    name: "InvalidUTF8",
    type: "U8",
    in: "u",
    v2: "json: cannot marshal from Go main.U8: invalid UTF-8",
    v1: '"a\ufffdb"',
    classic: '"u"',
  },
  {
    name: "InvalidUTF8/MapKey",
    type: "map[U8]int",
    in: new Map([["u", 1n]]),
    v2: "json: cannot marshal from Go main.U8: invalid UTF-8 after offset 1",
    v1: '{"a\ufffdb":1}',
    v1Go127: '{"u":1}',
    classic: '{"u":1}',
  },
  // omitempty looks at the text AppendText writes (v2) or at the Go value (v1); omitzero at the value.
  { name: "OmitEmpty", type: "OE", in: { A: "", B: "" }, v2: '{"A":"x"}', v1: "{}", classic: "{}" },
  { name: "EscapeHTML", type: "H", in: "h", v2: '"<&>"', v1: '"\\u003c\\u0026\\u003e"', classic: '"h"' },
  {
    name: "Std/net.IP/BadLength",
    type: "net.IP",
    in: Uint8Array.of(1, 2),
    v2: "json: cannot marshal from Go net.IP: address 0102: invalid IP address",
    v1: "json: error calling AppendText for type *net.IP: address 0102: invalid IP address",
    classic: "json: error calling MarshalText for type net.IP: address 0102: invalid IP address",
  },
  {
    name: "Std/net.IP/BadLength/MapValue",
    type: "map[string]net.IP",
    in: new Map([["k", Uint8Array.of(1, 2)]]),
    v2: 'json: cannot marshal from Go net.IP within "/k": address 0102: invalid IP address',
    v1: "json: error calling AppendText for type *net.IP: address 0102: invalid IP address",
    classic: "json: error calling MarshalText for type net.IP: address 0102: invalid IP address",
  },
  {
    name: "Std/Text",
    type: "*W",
    in: {
      IP: Uint8Array.of(1, 2, 3, 4),
      PF: "2.5",
      R: "3/4",
      A: { text: "::1" },
      P: { text: "10.0.0.0/8" },
      AP: { text: "1.2.3.4:80" },
    },
    v2: '{"IP":"1.2.3.4","PF":"2.5","R":"3/4","A":"::1","P":"10.0.0.0/8","AP":"1.2.3.4:80"}',
    v1: '{"IP":"1.2.3.4","PF":"2.5","R":"3/4","A":"::1","P":"10.0.0.0/8","AP":"1.2.3.4:80"}',
    classic: '{"IP":"1.2.3.4","PF":"2.5","R":"3/4","A":"::1","P":"10.0.0.0/8","AP":"1.2.3.4:80"}',
  },
];

const v1codec = await loadCodecV1();

describe("AppendText marshal (recorded from Go)", () => {
  for (const goVersion of GO_VERSIONS)
    for (const engine of ["v2", "v1"] as const)
      for (const c of marshals) {
        const want = engine === "v2" ? c.v2 : goVersion === "1.27" ? (c.v1Go127 ?? c.v1) : c.v1;
        test(`Go${goVersion}/${engine}/${c.name}`, () => {
          expect(marshalOutcome(c.type, c.in, optionsOf(engine, goVersion))).toBe(want);
        });
      }
  // codec-v1 is classic v1: `go run .` (Go 1.26.8) and `GOTOOLCHAIN=go1.27.3 GOEXPERIMENT=nojsonv2
  // go run .` of the recorder without its json/v2 engine, which agree.
  for (const c of marshals)
    test(`Classic/${c.name}`, () => {
      let got: string;
      try {
        got = dec.decode(v1codec.marshal(goType(c.type, types) as GoType, c.in));
      } catch (e) {
        got = (e as Error).message;
      }
      expect(got).toBe(c.classic);
    });
});

// Unmarshal has no "UnappendText": a type with only AppendText decodes as its kind.
const unmarshals: {
  name: string;
  type: string;
  in: string;
  want: unknown;
  v2Err?: string;
  v1Err?: string;
}[] = [
  { name: "Struct", type: "Only", in: '{"X":3}', want: { X: 3n } },
  {
    name: "Struct/FromString",
    type: "Only",
    in: '"x"',
    want: { X: 0n },
    v2Err: "json: cannot unmarshal JSON string into Go main.Only",
    v1Err: "json: cannot unmarshal string into Go value of type main.Only",
  },
  { name: "String", type: "OnlyStr", in: '"x"', want: "x" },
  { name: "MapKey", type: "map[OnlyStr]int", in: '{"a":1}', want: new Map([["a", 1n]]) },
];

describe("AppendText unmarshal (recorded from Go)", () => {
  for (const goVersion of GO_VERSIONS)
    for (const engine of ["v2", "v1"] as const)
      for (const c of unmarshals) {
        test(`Go${goVersion}/${engine}/${c.name}`, () => {
          const t = goType(c.type, types) as GoType;
          const wantErr = engine === "v2" ? c.v2Err : c.v1Err;
          let got: unknown;
          let err = "";
          try {
            got = unmarshal(t, c.in, optionsOf(engine, goVersion));
          } catch (e) {
            err = (e as Error).message;
            got = (e as { value?: unknown }).value;
          }
          expect(err).toBe(wantErr ?? "");
          expect(got).toEqual(c.want);
        });
      }
});

test("AppendText/MissingTwin", () => {
  // The Go source declares AppendText: a MarshalText twin alone would write what Go does not, so
  // marshal throws gotype's GoMethodMissingError (unwrapped, as codec-v1 throws it), value or key.
  const d = parseGo(
    "package main\ntype T string\nfunc (T) AppendText(b []byte) ([]byte, error)\nfunc (T) MarshalText() ([]byte, error)",
  );
  withPackageMethods(d, { T: { MarshalText: (x: string) => x } });
  const want =
    "gotype: main.T declares AppendText (receiver T) in Go source at 3:10, but no TypeScript twin is attached";
  // Go 1.27's v1 semantics call no text method on a key of string kind (so no twin is needed).
  for (const opts of [[], [{ goVersion: "1.26" }, defaultOptionsV1()]] as Options[][]) {
    expect(() => marshal(d.T as GoType, "x" as never, opts)).toThrow(GoMethodMissingError);
    expect(() => marshal(d.T as GoType, "x" as never, opts)).toThrow(want);
    const m = goType("map[T]int", d) as GoType;
    expect(() => marshal(m, new Map([["x", 1n]]) as never, opts)).toThrow(want);
  }
  expect(
    dec.decode(marshal(goType("map[T]int", d) as GoType, new Map([["x", 1n]]) as never, defaultOptionsV1())),
  ).toBe('{"x":1}');
});

test("MissingTwin/Unmarshal", () => {
  // Unmarshal methods declared without a twin throw GoMethodMissingError too (v2 and v1 semantics,
  // values and map keys).
  const d = parseGo(
    "package main\ntype T string\nfunc (t *T) UnmarshalText(b []byte) error\ntype J string\nfunc (j *J) UnmarshalJSON(b []byte) error",
  );
  for (const opts of [[], [defaultOptionsV1()]] as Options[][]) {
    expect(() => unmarshal(d.T as GoType, '"x"', opts)).toThrow(GoMethodMissingError);
    expect(() => unmarshal(d.J as GoType, '"x"', opts)).toThrow(GoMethodMissingError);
    expect(() => unmarshal(goType("map[T]int", d) as GoType, '{"x":1}', opts)).toThrow(GoMethodMissingError);
  }
});

test("PointerKey/InvalidValue", () => {
  // A key that is neither null nor the element's TypeScript form is named by the pointer type.
  expect(() => marshal(goType("map[*string]int") as GoType, new Map([[5, 1n]]) as never)).toThrow(
    "json: map[*string]int: want *string (string or null) as map key, got number 5",
  );
});
