import { afterAll, describe, expect, it } from "vitest";
import { hasGo, startOracle } from "../oracle.js";
import { CompiledOracle } from "./compiled.js";

const why = hasGo("1.26") ? "" : "go 1.26 is not available";

// Expected answers recorded with standalone programs (go run and GOEXPERIMENT=jsonv2 go run, go1.26.8)
// declaring the same types: reflect cannot build these (declared non-struct types, methods).
// skip: Go 1.26 is not available (no go on PATH)
describe.skipIf(why !== "")(`compiled cases${why ? ` (skipped: ${why})` : ""}`, () => {
  const goSource = [
    "type PT *time.Time",
    "type NA any",
    "type N1 int8",
    'func (N1) MarshalJSON() ([]byte, error) { return []byte("\\"a\\xff\\""), nil }',
    "type S struct {\n\tB N1\n}",
  ].join("\n");
  const src = { goSource, own: goSource, names: ["PT", "NA", "N1", "S"], roots: ["PT", "NA", "S"] };
  let co: CompiledOracle | undefined;
  const base = hasGo("1.26") ? startOracle({ go: "1.26" }) : undefined;
  afterAll(() => {
    co?.close();
    base?.close();
  });
  const get = async () => {
    co ??= await CompiledOracle.build(base as NonNullable<typeof base>, "1.26", [src], ["classic", "v2"]);
    return co;
  };

  it("classic v1: a named pointer type hides the pointee's methods (v1 on v2 calls them)", async () => {
    const input = '"2020-01-01T00:00:00Z"';
    const v1 = await (await get()).run({ engine: "v1", op: "unmarshal", goSource, type: "PT", input });
    expect(v1.error?.message).toBe("json: cannot unmarshal string into Go value of type time.Time");
    const v1v2 = await (await get()).run({ engine: "v1v2", op: "unmarshal", goSource, type: "PT", input });
    expect(v1v2.error).toBeUndefined();
    expect(v1v2.value).toBe("2020-01-01T00:00:00Z");
  }, 120_000);

  it("a named empty interface receives the peeked kind's zero before a syntax error", async () => {
    const r = await (await get()).run({ engine: "v2", op: "unmarshal", goSource, type: "NA", input: '"a' });
    expect(r.error?.message).toBe("jsontext: unexpected EOF after offset 2");
    expect(r.value).toEqual({ t: "string", v: "" });
  }, 60_000);

  it("a declared method's invalid UTF-8 output is a v2 error naming the declared type", async () => {
    const r = await (await get()).run({
      engine: "v2",
      op: "marshal",
      goSource,
      type: "S",
      value: { B: "1" },
    });
    expect(r.error?.message).toBe(
      'json: cannot marshal from Go main.N1: invalid UTF-8 within "/B" after offset 7',
    );
  }, 60_000);
});
