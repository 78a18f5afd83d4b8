// Issue "a CLI without rough edges": exact numbers in encode's messages, payloads both codecs
// reject, observe's filter and output, offsets and pointers in --json errors, option suggestions.
import { describe, expect, it } from "vitest";
import { gojson } from "./run-cli.js";

const encode = (input: string, ...args: string[]) =>
  gojson(["encode", "--go", "order.go", "--type", "Order", ...args], input);

describe("gojson encode takes numbers exactly as typed", () => {
  it("an int64 beyond 2^53 as a JSON number is written exactly (Go: 9007199254740993)", async () => {
    const r = await encode('{"ID":9007199254740993}');
    expect(r.stderr).toBe("");
    expect(r.stdout).toBe('{"id":9007199254740993,"customer":"","total":0,"paid":false,"items":null}\n');
  });

  it.each([
    ['{"Customer":9007199254740993}', "$.Customer: want a string for string, got 9007199254740993"],
    ['{"ID":9007199254740993.5}', "$.ID: want an integer for int64, got 9007199254740993.5"],
    [
      '{"ID":9223372036854775808}',
      "$.ID: want an integer from -9223372036854775808 to 9223372036854775807 for int64, got 9223372036854775808",
    ],
    ['{"Paid":1e400}', "$.Paid: want true or false for bool, got 1e400"],
    ['{"Total":"0x10"}', '$.Total: want an integer for int64, got "0x10"'],
  ])("%s is rejected, the number shown as typed", async (input, message) => {
    const r = await encode(input);
    expect(r.status).toBe(3);
    expect(r.stderr).toBe(`gojson: ${message}\n`);
  });

  it("a value that is not JSON is an input error with jsontext's text", async () => {
    const r = await encode('{"ID":1,"ID":2}');
    expect(r.status).toBe(3);
    expect(r.stderr).toContain('duplicate object member name "ID"');
  });
});

describe("gojson diff: payloads both codecs reject", () => {
  it("are counted and said, not silently 'differs: false'", async () => {
    const r = await gojson(
      ["diff", "--json", "--go", "order.go", "--type", "Order"],
      '{"id":"x"}\n{"id":1}\n',
    );
    const rows = r.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(r.status).toBe(0);
    expect(rows[0]).toMatchObject({ source: "stdin:1", differs: false, bothReject: true });
    expect(rows[0].v1.error).toBe(
      "json: cannot unmarshal string into Go struct field Order.id of type int64",
    );
    expect(rows[0].v1).toMatchObject({ code: "GOJSON_ERR_UNMARSHAL_TYPE", offset: 9, pointer: "/id" });
    expect(rows[0].v2).toMatchObject({ code: "GOJSON_ERR_SEMANTIC", offset: 6, pointer: "/id" });
    expect(rows[1]).toMatchObject({ differs: false, bothReject: false });
    expect(rows[2].summary).toEqual({ payloads: 2, differ: 0, bothReject: 1, causes: {} });
  });

  it("people see them listed and counted", async () => {
    const r = await gojson(["diff", "--go", "order.go", "--type", "Order"], '{"id":"x"}\n');
    expect(r.stdout).toContain("rejected by both stdin:1");
    expect(r.stdout).toContain("1 of 1 payloads are rejected by both v1 and v2");
  });
});

describe("gojson observe", () => {
  it("--only that matches nothing is a usage error with a suggestion", async () => {
    const r = await gojson(["observe", "--only", "omitemty"]);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toBe('gojson: --only "omitemty" matches no observation; did you mean OmitEmpty?\n');
    expect((await gojson(["observe", "--only", "nosuchthing"])).status).toBe(2);
  });

  it("shows the Go type and the Go value, not the lesson's names", async () => {
    const r = await gojson(["observe", "--only", "OmitEmpty/Bool"]);
    expect(r.status).toBe(0);
    expect(r.stdout).not.toContain("Seed000");
    expect(r.stdout).toContain("OmitEmpty/Bool (marshal)");
    expect(r.stdout).toContain('    V bool `json:"v,omitempty"`');
    expect(r.stdout).toContain("  marshal T{}\n");
    expect(r.stdout).toContain("1 observation;");
  });

  it("unmarshal results are Go values", async () => {
    const r = await gojson(["observe", "--only", "NoTags/Unmarshal"]);
    expect(r.stdout).toContain('User{ID: 7, Name: "Ann"}');
  });
});

describe("--json errors carry offset and pointer", () => {
  it.each([
    ["--v2", '{"id":"x"}', { code: "GOJSON_ERR_SEMANTIC", offset: 6, pointer: "/id" }],
    ["--v1", '{"id":"x"}', { code: "GOJSON_ERR_UNMARSHAL_TYPE", offset: 9, pointer: "/id" }],
    ["--v1", '{"items":["a",2]}', { code: "GOJSON_ERR_UNMARSHAL_TYPE", offset: 15, pointer: "/items/1" }],
    ["--v2", '{"items":["a",2]}', { code: "GOJSON_ERR_SEMANTIC", pointer: "/items/1" }],
    ["--v2", '{"id":1,"id":2}', { offset: 8, pointer: "/id" }],
    ["--v1", '{"id":1', { offset: 7, pointer: "/id" }],
  ])("%s %s", async (version, input, want) => {
    const r = await gojson(["decode", "--json", version, "--go", "order.go", "--type", "Order"], input);
    expect(r.status).toBe(1);
    expect(JSON.parse(r.stdout).error).toMatchObject(want);
  });
});

describe("encode --json: a value that cannot be built is an answer with its place", () => {
  it.each([
    ['{"Items":["a",2]}', { pointer: "/Items/1", message: "$.Items[1]: want a string for string, got 2" }],
    ['{"Nope":1}', { pointer: "/Nope" }],
    ['{"ID":1,"ID":2}', { offset: 8, pointer: "/ID" }],
  ])("%s", async (input, want) => {
    const r = await gojson(["encode", "--json", "--go", "order.go", "--type", "Order"], input);
    expect(r.status).toBe(3);
    expect(r.stderr).toBe("");
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: false, version: "v1", error: want });
  });
});

describe("unknown option names suggest the nearest", () => {
  it.each([
    ["--v2", "determinstic=true", "gojson: unknown v2 option determinstic: did you mean deterministic?\n"],
    [
      "--v1",
      "usenumber",
      "gojson: unknown v1 option usenumber: did you mean useNumber? (use --v2 for json/v2 options)\n",
    ],
    ["--v1", "deterministic", "gojson: unknown v1 option deterministic: it is a json/v2 option (add --v2)\n"],
  ])("%s --option %s", async (version, option, stderr) => {
    const r = await gojson(
      ["decode", version, "--go", "order.go", "--type", "Order", "--option", option],
      "{}",
    );
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(stderr);
  });

  it("a far name says how many there are instead of listing all 33", async () => {
    const r = await gojson(
      ["decode", "--v2", "--go", "order.go", "--type", "Order", "--option", "zzz"],
      "{}",
    );
    expect(r.status).toBe(2);
    expect(r.stderr.length).toBeLessThan(200);
    expect(r.stderr).toMatch(/v2 knows \d+ options/);
  });
});
