import { afterAll, describe, expect, it } from "vitest";
import { hasGo, startOracle } from "./oracle.js";

const text = (b?: Uint8Array) => (b ? new TextDecoder().decode(b) : undefined);

// skip: no go on PATH (these tests ask real Go)
describe.skipIf(!hasGo())("go-oracle (needs go on PATH)", () => {
  const oracle = hasGo() ? startOracle() : undefined;
  afterAll(() => oracle?.close());
  const run = (...a: Parameters<NonNullable<typeof oracle>["run"]>) =>
    (oracle as NonNullable<typeof oracle>).run(...a);

  const profile = 'type Profile struct {\n\tID   int    `json:"id"`\n\tName string `json:"name"`\n}';

  it("restores declared struct names in v1 errors", async () => {
    const r = await run({
      engine: "v1",
      op: "unmarshal",
      goSource: profile,
      type: "Profile",
      input: `{"id":"x","name":"ann"}`,
    });
    expect(r.error).toEqual({
      type: "*json.UnmarshalTypeError",
      message: "json: cannot unmarshal string into Go struct field Profile.id of type int",
    });
    expect(r.value).toEqual({ ID: "0", Name: "ann" });
  });

  it("builds a time with a numeric offset in an unnamed fixed zone, whatever the machine's Local zone", async () => {
    // Real Go (GOEXPERIMENT=jsonv2 go run): time.FixedZone("", 0) prints +0000 under format:RFC1123,
    // time.UTC prints UTC; time.Parse alone puts +00:00 into Local, named UTC on a machine without TZ.
    const goSource = 'type S struct {\n\tB time.Time `json:",format:RFC1123"`\n}';
    const cases = [
      ["1970-01-01T00:00:00.201234+00:00", '{"B":"Thu, 01 Jan 1970 00:00:00 +0000"}'],
      ["1970-01-01T00:00:00Z", '{"B":"Thu, 01 Jan 1970 00:00:00 UTC"}'],
      ["1970-01-01T01:00:00+01:00", '{"B":"Thu, 01 Jan 1970 01:00:00 +0100"}'],
    ] as const;
    for (const [t, want] of cases) {
      const r = await run({ engine: "v2", op: "marshal", goSource, type: "S", value: { B: t } });
      expect(text(r.output)).toBe(want);
    }
  });

  it("restores declared struct names in v2 errors", async () => {
    const r = await run({
      engine: "v2",
      op: "unmarshal",
      goSource: profile,
      type: "Profile",
      input: `{"name":"a","role":1}`,
      options: { rejectUnknownMembers: true },
    });
    expect(r.error?.type).toBe("*json.SemanticError");
    expect(r.error?.message).toContain("Go main.Profile");
  });

  it("tells identical declared struct types apart", async () => {
    // Real Go with these named types (go run, plain and GOEXPERIMENT=jsonv2) prints main.E2 and main.S2.
    const goSource = `type S1 struct {
	A    int64 \`json:"a"\`
	Name S2
	E1
}
type S2 struct{}
type E1 struct {
	A  int64
	E2 \`json:"A"\`
}
type E2 struct{}
type T1 struct {
	A S2
	F1
}
type F1 struct {
	A  [][]byte
	ID int64
	F2
}
type F2 struct{}`;
    const want: [string, string, string, string][] = [
      [
        "v1",
        "S1",
        `{"a":0,"Name":{},"A":0,"A":{}}`,
        "json: cannot unmarshal number into Go struct field S1.E1.A of type main.E2",
      ],
      [
        "v1",
        "T1",
        `{"A":{},"A":[],"ID":0}`,
        "json: cannot unmarshal array into Go struct field T1.A of type main.S2",
      ],
      [
        "v1v2",
        "S1",
        `{"a":0,"Name":{},"A":0,"A":{}}`,
        "json: cannot unmarshal number into Go struct field S1.A of type main.E2",
      ],
      [
        "v1v2",
        "T1",
        `{"A":{},"A":[],"ID":0}`,
        "json: cannot unmarshal array into Go struct field T1.A of type main.S2",
      ],
    ];
    for (const [engine, type, input, message] of want) {
      const r = await run({ engine: engine as "v1" | "v1v2", op: "unmarshal", goSource, type, input });
      expect(r.error?.message).toBe(message);
    }
    // v2 (GOEXPERIMENT=jsonv2 go run with the named types): an empty struct stays empty (no
    // "Go struct has no exported fields"), one with only unexported fields keeps that error.
    const v2a = await run({
      engine: "v2",
      op: "unmarshal",
      goSource:
        "type S1 struct {\n\tA map[string]int\n\tName map[string]S2\n\tE1\n}\ntype S2 struct{}\ntype E1 struct{}",
      type: "S1",
      input: `{"A":{"<&>":0},"Name":null}`,
      options: { stringifyNumbers: true },
    });
    expect(v2a.error?.message).toBe('json: cannot unmarshal JSON number into Go int within "/A/<&>"');
    const v2b = await run({
      engine: "v2",
      op: "marshal",
      goSource: "type V1 struct{ y int }\ntype V2 struct{ y int }\ntype W struct {\n\tP *V1\n\tQ V2\n}",
      type: "W",
      value: { P: null, Q: { y: "0" } },
    });
    expect(v2b.error?.message).toBe(
      'json: cannot marshal from Go main.V2 within "/Q": Go struct has no exported fields',
    );
    // The marker field that keeps them apart stays out of tagged values.
    const m = await run({ engine: "v1", op: "unmarshal", goSource, type: "T1", input: "{}" });
    expect(m.value).toEqual({ A: {}, F1: { A: null, ID: "0", F2: {} } });
  });

  it("names the struct v1 decodes into, past an unexported field with the same JSON name", async () => {
    // Real Go (go run, plain build, named types): S3.b.E1.A; the unexported x never matches "b".
    const r = await run({
      engine: "v1",
      op: "unmarshal",
      goSource:
        'type S1 struct {\n\tx S2 `json:"b"`\n\tA S3 `json:"b"`\n}\ntype S2 struct {\n\tB []byte `json:"-,omitempty,omitzero"`\n}\ntype S3 struct {\n\tE1\n}\ntype E1 struct {\n\tName time.Duration\n\tA json.Number\n\tID bool `json:"A"`\n}',
      type: "S1",
      input: `{"b":{"B":null},"b":{"Name":0,"A":0,"A":false}}`,
    });
    expect(r.error?.message).toBe(
      "json: cannot unmarshal number into Go struct field S3.b.E1.A of type bool",
    );
  });

  it("walks v1 field paths with Go's dominance rule (a tagged name beats a Go field name)", async () => {
    // Real Go (go run, plain build, named types): E1.A.A. The fuzzer (v1, seed 200043501) found
    // the oracle naming S1: its path walk took the untagged `A json.RawMessage` for "A".
    const r = await run({
      engine: "v1",
      op: "unmarshal",
      goSource:
        'type S1 struct {\n\tA json.RawMessage\n\tE1 `json:"A"`\n}\ntype E1 struct {\n\tA [2]float32\n\tE2\n}\ntype E2 struct {\n\tA S2\n}\ntype S2 struct {\n\tValue bool `json:"Name"`\n}',
      type: "S1",
      input: `{"A":null,"A":{"A":[0,0],"A":{"Name":false}}}`,
    });
    expect(r.error?.message).toBe(
      "json: cannot unmarshal object into Go struct field E1.A.A of type [2]float32",
    );
  });

  it("walks v1 field paths past tag names v1 does not accept (`json:\"'x'\"` keeps the Go name)", async () => {
    // Real Go (go run, plain build, named types): S1.Name. The fuzzer (v1, seed 821347686) found
    // the oracle naming no struct: its path walk took the quoted tag text as the field's name.
    const r = await run({
      engine: "v1",
      op: "unmarshal",
      goSource: 'type S1 struct {\n\tName S2 `json:"\'x\'"`\n}\ntype S2 struct {\n\tID uint8 `json:"id"`\n}',
      type: "S1",
      input: `{"Name":[]}`,
    });
    expect(r.error?.message).toBe(
      "json: cannot unmarshal array into Go struct field S1.Name of type main.S2",
    );
  });

  it("keeps nil and empty apart when marshalling", async () => {
    const nil = await run({ engine: "v1", op: "marshal", type: "[]int", value: null });
    const empty = await run({ engine: "v1", op: "marshal", type: "[]int", value: [] });
    const v2 = await run({ engine: "v2", op: "marshal", type: "[]int", value: null });
    expect([text(nil.output), text(empty.output), text(v2.output)]).toEqual(["null", "[]", "[]"]);
  });

  it("uses registry types with methods", async () => {
    const v = await run({
      engine: "v1",
      op: "marshal",
      goSource: "type CentsP int64",
      type: "struct{ T CentsP }",
      value: { T: "1234" },
    });
    const p = await run({
      engine: "v1",
      op: "marshal",
      goSource: "type CentsP int64",
      type: "*struct{ T CentsP }",
      value: { T: "1234" },
    });
    expect([text(v.output), text(p.output)]).toEqual(['{"T":1234}', '{"T":"12.34"}']);
  });

  it("runs the syntax operations", async () => {
    const valid = await run({ engine: "v2", op: "valid", input: `{"a":1,"a":2}` });
    const compact = await run({ engine: "v1", op: "compact", input: `{ "a" : [ 1 , 2 ] }` });
    const indent = await run({
      engine: "v2",
      op: "indent",
      input: `{"a":[1]}`,
      options: { withIndent: "  " },
    });
    expect([text(valid.output), text(compact.output), text(indent.output)]).toEqual([
      "false",
      '{"a":[1,2]}',
      '{\n  "a": [\n    1\n  ]\n}',
    ]);
  });

  it("reports requests it cannot serve", async () => {
    const r = await run({
      engine: "v1",
      op: "marshal",
      goSource: "type N struct {\n\tB big.Int\n}",
      type: "N",
      value: {},
    });
    expect(r.oracleError).toBe("oracle: unsupported type big.Int");
  });

  it("compiles recursive types reflect cannot build", async () => {
    const r = await run({
      engine: "v1",
      op: "marshal",
      goSource: "type N struct {\n\tNext *N\n}",
      type: "N",
      value: { Next: { Next: null } },
    });
    expect(text(r.output)).toBe('{"Next":{"Next":null}}');
  }, 120_000);
});

// skip: Go 1.26 is not available (no go on PATH)
describe.skipIf(!hasGo("1.26"))("sources reflect cannot build are compiled (needs go)", () => {
  const oracle = hasGo("1.26") ? startOracle({ go: "1.26" }) : undefined;
  afterAll(() => oracle?.close());

  // Recorded with a standalone program (GOEXPERIMENT=jsonv2 go run, go1.26.8): a named empty interface
  // receives the peeked kind's zero before the syntax error; plain `any` stays nil.
  it("a named empty interface (type NA any) is Go's own type", async () => {
    const r = await oracle?.run({
      engine: "v2",
      op: "unmarshal",
      goSource: "type NA any",
      type: "NA",
      input: '"a',
    });
    expect(r?.error?.message).toBe("jsontext: unexpected EOF after offset 2");
    expect(r?.value).toEqual({ t: "string", v: "" });
    const plain = await oracle?.run({
      engine: "v2",
      op: "unmarshal",
      goSource: "",
      type: "any",
      input: '"a',
    });
    expect(plain?.value).toBeNull();
  }, 120_000);

  it('a non-nil pointer to a nil slice is tagged as the empty value (Go re-marshals it as "")', async () => {
    const r = await oracle?.run({
      engine: "v2",
      op: "unmarshal",
      goSource: "type PB *[]byte",
      type: "PB",
      input: "false",
    });
    expect(r?.error?.message).toBe("json: cannot unmarshal JSON boolean into Go []uint8");
    expect(r?.value).toBe("");
  }, 120_000);

  // Real Go (go run, plain build): v != nil after both; json.Marshal(v) is `null` for the first
  // and fails (unsupported type map[bool]bool) for the second.
  it.each([
    { type: "*[]byte", input: "0", want: null },
    { type: "*map[string]bool", input: "0", want: null },
    { type: "*map[bool]bool", input: "{}", want: [] },
  ])(
    "classic v1 tags a non-nil pointer to a nil $type as v1 re-marshals it",
    async ({ type, input, want }) => {
      const r = await oracle?.run({ engine: "v1", op: "unmarshal", type, input });
      expect(r?.error?.type).toBe("*json.UnmarshalTypeError");
      expect(r?.value).toEqual(want);
    },
  );
});
