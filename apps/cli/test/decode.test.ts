import { describe, expect, it } from "vitest";
import { gojson } from "./run-cli.js";

// Expected outputs recorded from Go 1.26 (plain `go run` for v1,
// GOEXPERIMENT=jsonv2 for v2) on examples/order.go's Order type.
const cases: { name: string; args: string[]; in: string; want?: string; wantErr?: string }[] = [
  {
    name: "V1/CaseInsensitive",
    args: ["--v1"],
    in: '{"ID":1,"CUSTOMER":"ann"}',
    want: '{"id":1,"customer":"ann","total":0,"paid":false,"items":null}',
  },
  {
    name: "V2/CaseSensitive",
    args: ["--v2"],
    in: '{"ID":1,"CUSTOMER":"ann"}',
    want: '{"id":0,"customer":"","total":0,"paid":false,"items":[]}',
  },
  {
    name: "V1/DuplicateLastWins",
    args: [],
    in: '{"id":1,"id":2}',
    want: '{"id":2,"customer":"","total":0,"paid":false,"items":null}',
  },
  {
    name: "V2/DuplicateRejected",
    args: ["--v2"],
    in: '{"id":1,"id":2}',
    wantErr: 'jsontext: duplicate object member name "id"',
  },
  {
    name: "V1/TypeMismatch",
    args: [],
    in: '{"id":"x"}',
    wantErr: "json: cannot unmarshal string into Go struct field Order.id of type int64",
  },
  {
    name: "V2/TypeMismatch",
    args: ["--v2"],
    in: '{"id":"x"}',
    wantErr: 'json: cannot unmarshal JSON string into Go int64 within "/id"',
  },
  { name: "V1/Truncated", args: [], in: '{"id":1', wantErr: "unexpected end of JSON input" },
  { name: "V2/Truncated", args: ["--v2"], in: '{"id":1', wantErr: "jsontext: unexpected EOF after offset 7" },
  {
    name: "V1/TimeWithZone",
    args: [],
    in: '{"placed":"2026-10-01T12:00:00.5+03:00","items":[]}',
    want: '{"id":0,"customer":"","total":0,"paid":false,"items":[],"placed":"2026-10-01T12:00:00.5+03:00"}',
  },
  {
    name: "V2/MatchCaseInsensitiveNamesOption",
    args: ["--v2", "--option", "matchCaseInsensitiveNames=true"],
    in: '{"ID":1,"CUSTOMER":"ann"}',
    want: '{"id":1,"customer":"ann","total":0,"paid":false,"items":[]}',
  },
];

describe("gojson decode", () => {
  it.each(cases)("$name", async ({ args, in: input, want, wantErr }) => {
    const r = await gojson(["decode", "--go", "order.go", "--type", "Order", ...args], input);
    if (wantErr !== undefined) {
      expect(r.status).toBe(1);
      expect(r.stderr.replace("unable to", "cannot").trim()).toBe(wantErr);
      expect(r.stdout).toBe("");
    } else {
      expect(r.stderr).toBe("");
      expect(r.status).toBe(0);
      expect(r.stdout).toBe(`${want}\n`);
    }
  });

  it("reads a file argument as well as stdin", async () => {
    const r = await gojson(["decode", "--go", "order.go", "--type", "Order", "payloads/same.json"]);
    expect(r.stdout).toBe(
      '{"id":90210,"customer":"Ann Smith","total":12345,"paid":true,"items":["book","pen","lamp"]}\n',
    );
  });

  it("--json reports the error as data", async () => {
    const r = await gojson(
      ["decode", "--json", "--v2", "--go", "order.go", "--type", "Order"],
      '{"id":1,"id":2}',
    );
    expect(r.status).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({
      ok: false,
      version: "v2",
      error: { message: 'jsontext: duplicate object member name "id"' },
    });
  });
});

describe("gojson encode", () => {
  it("writes Go's bytes for a value given by Go field names, int64 beyond 2^53 exact", async () => {
    const r = await gojson(
      ["encode", "--go", "order.go", "--type", "Order"],
      '{"ID":"9007199254740993","Customer":"<b>","Items":null}',
    );
    expect(r.stderr).toBe("");
    // v1 escapes HTML characters and writes a nil slice as null.
    expect(r.stdout).toBe(
      '{"id":9007199254740993,"customer":"\\u003cb\\u003e","total":0,"paid":false,"items":null}\n',
    );
  });
  it("v2 writes minimal escaping and [] for a nil slice", async () => {
    const r = await gojson(
      ["encode", "--v2", "--go", "order.go", "--type", "Order"],
      '{"ID":1,"Customer":"<b>","Items":null}',
    );
    expect(r.stdout).toBe('{"id":1,"customer":"<b>","total":0,"paid":false,"items":[]}\n');
  });
  it("names the unknown field of a value", async () => {
    const r = await gojson(["encode", "--go", "order.go", "--type", "Order"], '{"Nope":1}');
    expect(r.status).toBe(3);
    expect(r.stderr).toContain("has no field Nope");
  });
});
