/**
 * @gojson/fixtures' golden vectors recorded from Go 1.26 encoding/json
 * (engine "v1"): marshal gives Go's bytes or error text; unmarshal gives
 * Go's error text (or none). The registry types get their TypeScript twins.
 */
import { fromTagged, goldenInput, goldenVectors, goValueHooks, withRegistryMethods } from "@gojson/fixtures";
import { goType, parseGo } from "@gojson/gotype";
import { describe, expect, test } from "vitest";
import { marshal, unmarshal } from "./index.js";

const text = new TextDecoder();
const vectors = goldenVectors({ engine: "v1" }).filter((v) => v.op === "marshal" || v.op === "unmarshal");

describe("fixtures golden vectors (Go 1.26 encoding/json)", () => {
  test("there are vectors", () => {
    expect(vectors.length).toBeGreaterThan(700);
  });
  test.each(vectors.map((v) => [`${v.op}/${v.group}/${v.name}`, v] as const))("%s", (_n, v) => {
    const t = goType(v.type, withRegistryMethods(parseGo(v.goSource)));
    const opts: Record<string, unknown> = { ...v.options };
    let got: { output?: string; error?: string } = {};
    if (v.op === "marshal") {
      try {
        got = { output: text.decode(marshal(t, fromTagged(t, v.value ?? null, goValueHooks), opts)) };
      } catch (e) {
        got = { error: (e as Error).message };
      }
      const output =
        v.want.output ??
        (v.want.outputBase64 === undefined
          ? undefined
          : Buffer.from(v.want.outputBase64, "base64").toString());
      expect(got).toEqual(v.want.error ? { error: v.want.error.message } : { output });
    } else {
      if (v.into !== undefined) opts.into = fromTagged(t, v.into, goValueHooks);
      try {
        unmarshal(t, goldenInput(v), opts);
      } catch (e) {
        got = { error: (e as Error).message };
      }
      expect(got).toEqual(v.want.error ? { error: v.want.error.message } : {});
    }
  });
});
