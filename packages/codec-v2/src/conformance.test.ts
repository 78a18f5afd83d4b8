/**
 * Disagreements with Go that the differential fuzzer (tools/go-oracle `conformance`) found,
 * fixed in the exact engine, and the behaviours that changed between Go 1.26 and Go 1.27.
 * Every expected answer was recorded from real Go by testdata/record-go-conformance.mjs.txt
 * into testdata/go-v2-conformance.json: `go` from Go 1.26.8 (GOEXPERIMENT=jsonv2), `go127`
 * from Go 1.27.3; each case runs with the matching `goVersion`. Engine "v2" is
 * encoding/json/v2, "v1v2" is encoding/json's v1 API on the v2 engine (codec-v2 with
 * defaultOptionsV1()).
 * Each case compares the error text, the output bytes (marshal) and what the
 * destination holds (unmarshal, also after an error) as the oracle's tagged tree.
 */
import { fromTagged, goValueHooks, toTagged, withRegistryMethods } from "@gojson/fixtures";
import { goType, parseGo } from "@gojson/gotype";
import { describe, expect, it } from "vitest";
import { marshal, type UnmarshalOptions, unmarshal } from "./api.js";
import { zero } from "./go-values.js";
import { fastMarshal } from "./marshal-fast.js";
import { defaultOptionsV1, type GoVersion, type Options } from "./options.js";
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
  go?: Answer;
  go127?: Answer;
}
/** Go's answer: the output (as base64 when it is not UTF-8), the error text, what the destination holds. */
type Answer = { output?: string; outputB64?: string; error?: string; value?: Tagged };
const strictUTF8 = new TextDecoder("utf-8", { fatal: true });

/** codec-v2 options for a case: v1v2 maps encoding/json's knobs onto defaultOptionsV1() as the fuzzer does. */
function optionsOf(c: Case, goVersion: GoVersion): UnmarshalOptions {
  if (c.engine === "v2") return { ...(c.options as Options), goVersion };
  const o: Options = { ...defaultOptionsV1(), goVersion };
  if (c.options?.useNumber) o.unmarshalAnyWithRawNumber = true;
  if (c.options?.disallowUnknownFields) o.rejectUnknownMembers = true;
  if (c.options?.escapeHTML === false) o.escapeForHTML = false;
  return o;
}

/** What codec-v2 answers, in the recorded shape. */
function answer(c: Case, goVersion: GoVersion): Answer {
  const t = goType(c.type, withRegistryMethods(parseGo(c.goSource ?? "")));
  const o = optionsOf(c, goVersion);
  const got: Answer = {};
  try {
    if (c.op === "marshal") {
      const out = marshal(t, fromTagged(t, c.value ?? null, goValueHooks), o);
      try {
        got.output = strictUTF8.decode(out);
      } catch {
        got.outputB64 = Buffer.from(out).toString("base64");
      }
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
function exactAnswer(c: Case, goVersion: GoVersion): Answer {
  const was = fastMarshal.enabled;
  fastMarshal.enabled = false;
  try {
    if (c.op === "unmarshal" && c.into === undefined) {
      const t = goType(c.type, withRegistryMethods(parseGo(c.goSource ?? "")));
      return answer({ ...c, into: toTagged(t, zero(t), goValueHooks) }, goVersion);
    }
    return answer(c, goVersion);
  } finally {
    fastMarshal.enabled = was;
  }
}

/**
 * Cases whose recorded value comes from a blind spot of the oracle's tagged tree, checked on their
 * error text only (the value is tested against real Go in fidelity.test.ts): the tree shows a
 * non-nil pointer to a nil slice or map as null (a nil pointer), and a named empty interface Go
 * left holding "" or false as nil. codec-v2 gives the empty slice or map, and the zero value.
 */
const BLIND_VALUE: ReadonlySet<string> = new Set([
  "Bytes/FailedDecodeOverwrites/Base64/v2",
  "Syntax/ClosingWhereValueBelongs/PointerSlice/v2",
  "Fidelity/PointerAllocated/FieldBytesBadBase64/v1v2",
  "Fidelity/PointerAllocated/MapMismatch/v2",
  "Fidelity/PointerAllocated/NamedBytesBadBase64/v2",
  "Fidelity/PointerAllocated/NamedBytesEmpty/v2",
  "Fidelity/PointerAllocated/NamedBytesFalse/v2",
  "Fidelity/PointerAllocated/SliceSyntax/v2",
  "Fidelity/NamedAny/Bool/v2",
  "Fidelity/NamedAny/InStruct/v2",
  "Fidelity/NamedAny/String/v2",
]);

function check(c: Case, want: Answer, got: Answer): void {
  expect(got.error).toBe(want.error);
  if (BLIND_VALUE.has(c.name)) return;
  if (c.op === "marshal") {
    expect(got.output).toBe(want.output);
    expect(got.outputB64).toBe(want.outputB64);
  } else expect(JSON.stringify(got.value)).toBe(JSON.stringify(want.value));
}

for (const [goVersion, field] of [
  ["1.26", "go"],
  ["1.27", "go127"],
] as const) {
  const all = (cases as Case[]).flatMap((c) => {
    const want = c[field];
    return want === undefined ? [] : [[c.name, c, want] as const];
  });
  describe(`Conformance (recorded from Go ${goVersion})`, () => {
    describe("Exact", () => {
      it.each(all)("%s", (_name, c, want) => check(c, want, exactAnswer(c, goVersion)));
    });
    describe("Public", () => {
      it.each(all)("%s", (_name, c, want) => check(c, want, answer(c, goVersion)));
    });
  });
}
