/**
 * @gojson/fixtures' golden vectors recorded from Go's classic encoding/json
 * (engine "v1"), Go 1.26.8 and Go 1.27.3 (GOEXPERIMENT=nojsonv2), each run
 * with its `goVersion`: marshal gives Go's bytes or error text; unmarshal
 * gives Go's error text (or none). The registry types get their TypeScript twins.
 */
import { fromTagged, goldenInput, goldenVectors, goValueHooks, withRegistryMethods } from "@gojson/fixtures";
import { goType, parseGo } from "@gojson/gotype";
import { describe, expect, test } from "vitest";
import { attachConstantTwins } from "../test/go-literal.js";
import { marshal, unmarshal } from "./index.js";

const text = new TextDecoder();
const vectors = goldenVectors({ engine: "v1", goVersion: "all" }).filter(
  (v) => v.op === "marshal" || v.op === "unmarshal",
);

describe("fixtures golden vectors (Go 1.26 and 1.27 encoding/json)", () => {
  test("there are vectors for both releases", () => {
    expect(vectors.filter((v) => v.goVersion === "1.26").length).toBeGreaterThan(700);
    expect(vectors.filter((v) => v.goVersion === "1.27").length).toBeGreaterThan(700);
  });
  test.each(vectors.map((v) => [`go${v.goVersion}/${v.op}/${v.group}/${v.name}`, v] as const))(
    "%s",
    (_n, v) => {
      const decls = withRegistryMethods(parseGo(v.goSource));
      attachConstantTwins(v.goSource, decls);
      const t = goType(v.type, decls);
      const opts: Record<string, unknown> = { ...v.options, goVersion: v.goVersion };
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
    },
  );
});
