/**
 * What Go leaves in the destination when unmarshal fails (issue 22 items 2 and 3), recorded from
 * real Go by testdata/go-v2-fidelity.go.txt under Go 1.26.8 and Go 1.27.3: pointers Go allocated
 * before their element failed stay allocated (a pointer to a nil slice or map is given as the
 * empty one, which Go's json/v2 writes alike), and a named empty interface (`type NA any`) holds
 * the zero value of the kind it began to read, where plain `any` stays nil.
 * Each destination is written back with json/v2 Marshal (Deterministic), as the Go program does.
 */
import { type GoType, goType, parseGo, withMethods } from "@gojson/gotype";
import { describe, expect, it } from "vitest";
import { defaultOptionsV1, GO_VERSIONS, marshal, marshalToString, type Options, unmarshal } from "./index.js";
import fixture from "./testdata/go-v2-fidelity.json" with { type: "json" };

interface Case {
  type: string;
  engine: "v2" | "v1v2";
  in?: string;
  inB64?: string;
  opts?: Options;
  want: string;
  wantErr: string | null;
  go127?: { want: string; wantErr: string | null };
}

const decls = parseGo(`package main\n${fixture.decls}`);
const cases = (fixture.cases as Case[]).map((c) => [`${c.engine} ${c.type} ${c.in ?? c.inB64}`, c] as const);

for (const goVersion of GO_VERSIONS) {
  describe(`destination after a failed unmarshal (Go ${goVersion})`, () => {
    it.each(cases)("%s", (_name, c) => {
      const t = goType(c.type, decls);
      const input = c.inB64 !== undefined ? Buffer.from(c.inB64, "base64") : (c.in as string);
      const opts: Options[] = [
        { goVersion },
        ...(c.engine === "v1v2" ? [defaultOptionsV1()] : []),
        c.opts ?? {},
      ];
      let got: unknown;
      let msg: string | null = null;
      try {
        got = unmarshal(t, input, opts);
      } catch (e) {
        msg = (e as Error).message;
        got = (e as { value?: unknown }).value;
      }
      const want = goVersion === "1.27" && c.go127 ? c.go127 : c;
      expect(msg).toBe(want.wantErr);
      expect(marshalToString(t, got, { goVersion, deterministic: true })).toBe(want.want);
    });
  });
}

/**
 * MarshalText results that are not UTF-8, recorded from Go 1.26.8 and Go 1.27.3 (they agree) through
 * tools/go-oracle: json/v2 reports Go's SemanticError (the encoder's `invalid UTF-8` at the string's
 * place), v1 semantics (allowInvalidUTF8) write U+FFFD.
 */
describe("MarshalText output with invalid UTF-8", () => {
  const d = parseGo(
    "package main\ntype E struct {}\ntype S struct {\n\tA E\n}\ntype K string\ntype N1 S2\ntype S2 struct {\n\tE1\n}\ntype E1 struct {\n}",
  );
  const bad = () => Uint8Array.from([0x61, 0xff, 0x62]);
  withMethods(d.E as GoType, { MarshalText: bad }, { receiver: "value" });
  withMethods(d.K as GoType, { MarshalText: bad }, { receiver: "value" });
  withMethods(d.E1 as GoType, { MarshalText: bad }, { receiver: "value" });
  const cases: {
    name: string;
    type: string;
    value: unknown;
    v1?: boolean;
    want?: string;
    wantErr?: string;
  }[] = [
    {
      name: "Field",
      type: "S",
      value: { A: {} },
      wantErr: 'json: cannot marshal from Go main.E: invalid UTF-8 within "/A" after offset 5',
    },
    { name: "Field/V1", type: "S", value: { A: {} }, v1: true, want: '{"A":"a\ufffdb"}' },
    {
      name: "MapKey",
      type: "map[K]int",
      value: new Map([["x", 1n]]),
      wantErr: "json: cannot marshal from Go main.K: invalid UTF-8 after offset 1",
    },
    {
      name: "Promoted",
      type: "N1",
      value: { E1: {} },
      wantErr: "json: cannot marshal from Go main.N1: invalid UTF-8",
    },
  ];
  for (const goVersion of GO_VERSIONS)
    it.each(cases)(`$name (Go ${goVersion})`, ({ type, value, v1, want, wantErr }) => {
      const o: Options[] = [{ goVersion }, ...(v1 ? [defaultOptionsV1()] : [])];
      const run = () => marshalToString(goType(type, d), value, o);
      if (wantErr !== undefined) expect(run).toThrow(wantErr);
      else expect(run()).toBe(want);
    });
});

/**
 * json/v2's Marshal returns the bytes it wrote before an error together with the error (issue 22
 * item 12): codec-v2 puts them on the error as `partial`. Recorded from Go 1.26.8 and Go 1.27.3
 * (testdata/go-v2-fidelity.go.txt's sibling program: Marshal with Deterministic, and Multiline).
 */
describe("marshal errors carry the bytes Go wrote (err.partial)", () => {
  const d = parseGo(
    "package main\ntype S struct {\n\tA int\n\tF float64\n}\ntype T struct {\n\tN []S\n\tM map[string]float64\n}\ntype D struct {\n\tX string\n\tD time.Duration\n}\ntype R struct {\n\tA int\n\tR jsontext.Value\n}",
  );
  const cases: { name: string; type: string; value: unknown; want: string; wantML: string }[] = [
    { name: "Top", type: "float64", value: NaN, want: "", wantML: "" },
    {
      name: "Struct",
      type: "S",
      value: { A: 1n, F: NaN },
      want: '{"A":1,"F"',
      wantML: '{\n\t"A": 1,\n\t"F"',
    },
    { name: "Slice", type: "[]float64", value: [1, NaN], want: "[1", wantML: "[\n\t1" },
    {
      name: "Map",
      type: "map[string]float64",
      value: new Map([["a", NaN]]),
      want: '{"a"',
      wantML: '{\n\t"a"',
    },
    {
      name: "Nested",
      type: "T",
      value: {
        N: [
          { A: 1n, F: 2 },
          { A: 3n, F: NaN },
        ],
        M: null,
      },
      want: '{"N":[{"A":1,"F":2},{"A":3,"F"',
      wantML: '{\n\t"N": [\n\t\t{\n\t\t\t"A": 1,\n\t\t\t"F": 2\n\t\t},\n\t\t{\n\t\t\t"A": 3,\n\t\t\t"F"',
    },
    {
      name: "Duration",
      type: "D",
      value: { X: "x", D: 5n },
      want: '{"X":"x","D"',
      wantML: '{\n\t"X": "x",\n\t"D"',
    },
    {
      name: "RawValue",
      type: "R",
      value: { A: 1n, R: new TextEncoder().encode("[1,x]") },
      want: '{"A":1,"R"',
      wantML: '{\n\t"A": 1,\n\t"R"',
    },
    {
      name: "Any",
      type: "[]any",
      value: ["a", { b: NaN }],
      want: '["a",{"b"',
      wantML: '[\n\t"a",\n\t{\n\t\t"b"',
    },
  ];
  const td = new TextDecoder();
  const partialOf = (f: () => unknown): string | undefined => {
    try {
      f();
    } catch (e) {
      const p = (e as { partial?: Uint8Array }).partial;
      return p === undefined ? "(none)" : td.decode(p);
    }
    return undefined;
  };
  for (const goVersion of GO_VERSIONS)
    it.each(cases)(`$name (Go ${goVersion})`, ({ type, value, want, wantML }) => {
      const t = goType(type, d);
      expect(partialOf(() => marshal(t, value, { goVersion, deterministic: true }))).toBe(want);
      expect(partialOf(() => marshal(t, value, { goVersion, multiline: true }))).toBe(wantML);
    });
  it("is not set under v1 semantics (Go's v1 Marshal returns nil)", () => {
    expect(partialOf(() => marshal(goType("S", d), { A: 1n, F: NaN }, defaultOptionsV1()))).toBe("(none)");
  });
});

/**
 * MarshalJSON output that is not UTF-8, from @gojson/fixtures' golden vectors (Go 1.26.8 and 1.27.3
 * agree): json/v2 reports `invalid UTF-8` at the byte's offset, encoding/json on the v2 engine
 * writes the bytes as they are.
 */
describe("MarshalJSON output with invalid UTF-8", () => {
  const d = parseGo("package main\ntype N int");
  withMethods(
    d.N as GoType,
    { MarshalJSON: () => Uint8Array.from([0x22, 0x61, 0xff, 0x62, 0x22]) },
    {
      receiver: "value",
    },
  );
  for (const goVersion of GO_VERSIONS) {
    it(`v2 (Go ${goVersion})`, () =>
      expect(() => marshal(goType("N", d), 1n, { goVersion })).toThrow(
        "json: cannot marshal from Go main.N: invalid UTF-8 after offset 2",
      ));
    it(`v1 semantics write the bytes (Go ${goVersion})`, () =>
      expect(
        Buffer.from(marshal(goType("N", d), 1n, [defaultOptionsV1(), { goVersion }])).toString("base64"),
      ).toBe("ImH/YiI="));
  }
});

/**
 * omitzero with a pointer-receiver IsZero under v1 semantics: Go's field isZero takes the field's
 * address (copying the value when it has none), so the method is called on unaddressable values
 * too. Recorded from Go 1.26.8 and 1.27.3 through tools/go-oracle (encoding/json on the v2 engine):
 * `type N1 int8; func (*N1) IsZero() bool { return true }`, S{ID: -128, B: 1} → {"B":1}.
 */
describe("omitzero calls a pointer-receiver IsZero (v1 semantics)", () => {
  const d = parseGo('package main\ntype S struct {\n\tID N1 `json:"id,omitzero"`\n\tB int\n}\ntype N1 int8');
  withMethods(d.N1 as GoType, { IsZero: () => true }, { receiver: "pointer" });
  for (const goVersion of GO_VERSIONS)
    it(`Go ${goVersion}`, () =>
      expect(marshalToString(goType("S", d), { ID: -128, B: 1n }, [defaultOptionsV1(), { goVersion }])).toBe(
        '{"B":1}',
      ));
});
