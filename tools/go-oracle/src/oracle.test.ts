import { afterAll, describe, expect, it } from "vitest";
import { hasGo, startOracle } from "./oracle.js";

const text = (b?: Uint8Array) => (b ? new TextDecoder().decode(b) : undefined);

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
      goSource: "type N struct {\n\tNext *N\n}",
      type: "N",
      value: {},
    });
    expect(r.oracleError).toMatch(/recursive type N/);
  });
});
