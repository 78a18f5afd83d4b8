/**
 * Disagreements with Go that the differential fuzzer (tools/go-oracle `conformance`) found,
 * fixed in the exact engine. Every expected answer was recorded from real Go 1.26
 * (GOEXPERIMENT=jsonv2) by testdata/record-go-conformance.mjs.txt into
 * testdata/go-v2-conformance.json: engine "v2" is encoding/json/v2, "v1v2" is
 * encoding/json's v1 API on the v2 engine (codec-v2 with defaultOptionsV1()).
 * Each case compares the error text, the output bytes (marshal) and what the
 * destination holds (unmarshal, also after an error) as the oracle's tagged tree.
 */
import { fromTagged, goValueHooks, toTagged, withRegistryMethods } from "@gojson/fixtures";
import { goType, parseGo } from "@gojson/gotype";
import { describe, expect, it } from "vitest";
import { marshal, unmarshal } from "./api.js";
import { zero } from "./go-values.js";
import { fastMarshal } from "./marshal-fast.js";
import { defaultOptionsV1, type Options } from "./options.js";
import cases from "./testdata/go-v2-conformance.json" with { type: "json" };

type Tagged = Parameters<typeof fromTagged>[1];
interface Case {
  name: string;
  engine: "v2" | "v1v2";
  op: "marshal" | "unmarshal";
  goSource?: string;
  type: string;
  input?: string;
  inputB64?: string;
  value?: Tagged;
  into?: Tagged;
  options?: Record<string, boolean | string>;
  go: { output?: string; error?: string; value?: Tagged };
}

/** codec-v2 options for a case: v1v2 maps encoding/json's knobs onto defaultOptionsV1() as the fuzzer does. */
function optionsOf(c: Case): Options {
  if (c.engine === "v2") return { ...(c.options as Options) };
  const o: Options = defaultOptionsV1();
  if (c.options?.useNumber) o.unmarshalAnyWithRawNumber = true;
  if (c.options?.disallowUnknownFields) o.rejectUnknownMembers = true;
  if (c.options?.escapeHTML === false) o.escapeForHTML = false;
  return o;
}

/** What codec-v2 answers, in the recorded shape. */
function answer(c: Case): Case["go"] {
  const t = goType(c.type, withRegistryMethods(parseGo(c.goSource ?? "")));
  const o = optionsOf(c);
  const got: Case["go"] = {};
  try {
    if (c.op === "marshal") {
      got.output = new TextDecoder().decode(marshal(t, fromTagged(t, c.value ?? null, goValueHooks), o));
    } else {
      if (c.into !== undefined) o.into = fromTagged(t, c.into, goValueHooks);
      const input = c.inputB64 !== undefined ? Buffer.from(c.inputB64, "base64") : (c.input as string);
      got.value = toTagged(t, unmarshal(t, input, o), goValueHooks);
    }
  } catch (e) {
    got.error = (e as Error).message;
    const held = (e as { value?: unknown }).value;
    if (c.op === "unmarshal" && held !== undefined) got.value = toTagged(t, held, goValueHooks);
  }
  return got;
}

/**
 * answer from the exact engines (marshal-plan, unmarshal-plan), the reference the fast paths fall
 * back to: marshal's fast path off; unmarshal given the zero value as `into` (the same destination
 * Go decodes into), which the fast path leaves to the exact engine.
 */
function exactAnswer(c: Case): Case["go"] {
  const was = fastMarshal.enabled;
  fastMarshal.enabled = false;
  try {
    if (c.op === "unmarshal" && c.into === undefined) {
      const t = goType(c.type, withRegistryMethods(parseGo(c.goSource ?? "")));
      return answer({ ...c, into: toTagged(t, zero(t), goValueHooks) });
    }
    return answer(c);
  } finally {
    fastMarshal.enabled = was;
  }
}

function check(c: Case, got: Case["go"]): void {
  expect(got.error).toBe(c.go.error);
  if (c.op === "marshal") expect(got.output).toBe(c.go.output);
  else expect(JSON.stringify(got.value)).toBe(JSON.stringify(c.go.value));
}

const all = (cases as Case[]).map((c) => [c.name, c] as const);

describe("Conformance (recorded from Go)", () => {
  describe("Exact", () => {
    it.each(all)("%s", (_name, c) => check(c, exactAnswer(c)));
  });
  describe("Public", () => {
    it.each(all)("%s", (_name, c) => check(c, answer(c)));
  });
});
