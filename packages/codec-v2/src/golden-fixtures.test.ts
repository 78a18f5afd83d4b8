/**
 * @gojson/fixtures' golden vectors recorded from Go's encoding/json/v2 (engine "v2") and
 * encoding/json on the v2 engine (engine "v1v2", codec-v2 with defaultOptionsV1()), Go 1.26.8
 * (GOEXPERIMENT=jsonv2) and Go 1.27.3, each run with its `goVersion`: marshal gives Go's bytes
 * or error text; unmarshal gives Go's error text (or none). Registry types get their TypeScript twins.
 */
import {
  fromTagged,
  type GoldenVector,
  goldenInput,
  goldenOutput,
  goldenVectors,
  goValueHooks,
  withRegistryMethods,
} from "@gojson/fixtures";
import { goType, parseGo } from "@gojson/gotype";
import { describe, expect, test } from "vitest";
import { defaultOptionsV1, marshal, type Options, unmarshal } from "./index.js";

/**
 * Vectors whose Go source declares methods with constant bodies (not registry types): their
 * TypeScript twins are made by codec-v1's test helper (attachConstantTwins), which @gojson/fixtures
 * does not export yet; the same behaviours are tested in fidelity.test.ts with withMethods.
 */
const NEEDS_SOURCE_TWINS = new Set(["Shapes/Method/InvalidUTF8", "Shapes/Method/TextInvalidUTF8"]);

const vectors = (["v2", "v1v2"] as const).flatMap((engine) =>
  goldenVectors({ engine, goVersion: "all" }).filter(
    (v) => (v.op === "marshal" || v.op === "unmarshal") && !NEEDS_SOURCE_TWINS.has(v.name),
  ),
);

/** codec-v2 options for a vector: v1v2 maps encoding/json's knobs onto defaultOptionsV1(). */
function optionsOf(v: GoldenVector): Options {
  const given = (v.options ?? {}) as Record<string, unknown>;
  if (v.engine === "v2") return { ...(given as Options), goVersion: v.goVersion };
  const o: Options = { ...defaultOptionsV1(), goVersion: v.goVersion };
  if (given.useNumber) o.unmarshalAnyWithRawNumber = true;
  if (given.disallowUnknownFields) o.rejectUnknownMembers = true;
  if (given.escapeHTML === false) o.escapeForHTML = false;
  return o;
}

const b64 = (b: Uint8Array | undefined) => (b === undefined ? undefined : Buffer.from(b).toString("base64"));

describe("fixtures golden vectors (Go 1.26 and 1.27 encoding/json/v2, and encoding/json on it)", () => {
  test("there are vectors for both releases", () => {
    expect(vectors.filter((v) => v.goVersion === "1.26").length).toBeGreaterThan(1000);
    expect(vectors.filter((v) => v.goVersion === "1.27").length).toBeGreaterThan(1000);
  });
  test.each(vectors.map((v) => [`go${v.goVersion}/${v.engine}/${v.op}/${v.group}/${v.name}`, v] as const))(
    "%s",
    (_n, v) => {
      const t = goType(v.type, withRegistryMethods(parseGo(v.goSource)));
      const opts = optionsOf(v);
      if (v.op === "marshal") {
        let got: { output?: string; error?: string };
        try {
          got = { output: b64(marshal(t, fromTagged(t, v.value ?? null, goValueHooks), opts)) };
        } catch (e) {
          got = { error: (e as Error).message };
        }
        expect(got).toEqual(
          v.want.error ? { error: v.want.error.message } : { output: b64(goldenOutput(v)) },
        );
      } else {
        let got: { error?: string } = {};
        const list: unknown[] = [opts];
        if (v.into !== undefined) list.push({ into: fromTagged(t, v.into, goValueHooks) });
        try {
          unmarshal(t, goldenInput(v), list as never);
        } catch (e) {
          got = { error: (e as Error).message };
        }
        expect(got).toEqual(v.want.error ? { error: v.want.error.message } : {});
      }
    },
  );
});
