/**
 * MarshalJSONTo against MarshalJSON: Go recommends the two write the same for the same value, and
 * its encoder treats their output alike (WriteValue of a MarshalJSON result, WriteValue or
 * WriteToken calls within MarshalJSONTo). Properties, for generated JSON values in slices and
 * struct fields under the encoding options: a twin that writes the text with `writeValue` marshals
 * exactly as a MarshalJSON twin returning it, and so does one that writes it token by token
 * (without the raw-value options, which only WriteValue follows); the streaming methods'
 * UnmarshalJSONFrom with `readValue` reads what UnmarshalJSON gets.
 */
import { fc, test } from "@fast-check/vitest";
import { type GoType, goType, named, structOf, T, withMethods } from "@gojson/gotype";
import { Decoder, type Token } from "@gojson/jsontext";
import { describe, expect } from "vitest";
import { type MethodDecoder, type MethodEncoder, marshalToString, type Options, unmarshal } from "./index.js";

const RUNS = { numRuns: 60 };
const fld = (name: string, type: GoType, tag = "") => ({ name, type, tag });

/** A named type holding JSON text whose methods write it: MarshalJSON, or MarshalJSONTo by `how`. */
function rawType(name: string, how: "json" | "value" | "tokens"): GoType {
  const t = named(name, structOf([fld("Text", T.string)]));
  const tokens = (enc: MethodEncoder, text: string) => {
    const d = new Decoder(text);
    do enc.writeToken(d.readToken() as Token);
    while (d.stackDepth > 0);
  };
  return withMethods(
    t,
    how === "json"
      ? { MarshalJSON: (v: { Text: string }) => v.Text }
      : how === "value"
        ? { MarshalJSONTo: (enc: MethodEncoder, v: { Text: string }) => enc.writeValue(v.Text) }
        : { MarshalJSONTo: (enc: MethodEncoder, v: { Text: string }) => tokens(enc, v.Text) },
  );
}

const byJSON = rawType("ByJSON", "json");
const byValue = rawType("ByValue", "value");
const byTokens = rawType("ByTokens", "tokens");
const holder = (t: GoType) =>
  structOf([fld("A", T.int), fld("R", t, 'json:"r"'), fld("S", goType("[]X", { X: t }))]);

const json = fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v));
const options = fc.record(
  {
    escapeForHTML: fc.boolean(),
    escapeForJS: fc.boolean(),
    multiline: fc.boolean(),
    spaceAfterComma: fc.boolean(),
    allowDuplicateNames: fc.boolean(),
    deterministic: fc.boolean(),
    goVersion: fc.constantFrom("1.26" as const, "1.27" as const),
  },
  { requiredKeys: [] },
) as fc.Arbitrary<Options>;
const rawOptions = fc.record(
  { preserveRawStrings: fc.boolean(), canonicalizeRawInts: fc.boolean(), reorderRawObjects: fc.boolean() },
  { requiredKeys: [] },
) as fc.Arbitrary<Options>;

/** The output, or the error's message. */
function outcome(t: GoType, text: string, o: Options[]): string {
  try {
    return marshalToString(t, { A: 1n, R: { Text: text }, S: [{ Text: text }] } as never, o);
  } catch (e) {
    return `error: ${(e as Error).message}`;
  }
}

describe("MarshalJSONTo writes as MarshalJSON", () => {
  test.prop([json, options, rawOptions], RUNS)(
    "writeValue(text) ≡ MarshalJSON returning text",
    (text, o, r) => {
      const want = outcome(holder(byJSON), text, [o, r]);
      expect(outcome(holder(byValue), text, [o, r]).replaceAll("ByValue", "ByJSON")).toBe(want);
    },
  );
  test.prop([json, options], RUNS)("its tokens ≡ MarshalJSON returning text", (text, o) => {
    const want = outcome(holder(byJSON), text, [o]);
    expect(outcome(holder(byTokens), text, [o]).replaceAll("ByTokens", "ByJSON")).toBe(want);
  });
});

describe("UnmarshalJSONFrom reads what UnmarshalJSON gets", () => {
  const got: { from?: string; json?: string } = {};
  const td = new TextDecoder();
  const from = withMethods(named("From", structOf([])), {
    UnmarshalJSONFrom: (dec: MethodDecoder) => {
      got.from = td.decode(dec.readValue());
      return {};
    },
  });
  const plain = withMethods(named("Plain", structOf([])), {
    UnmarshalJSON: (b: Uint8Array) => {
      got.json = td.decode(b);
      return {};
    },
  });
  const ws = fc.constantFrom("", " ", "\n\t");
  test.prop([json, ws], RUNS)("readValue() bytes ≡ UnmarshalJSON's data", (text, pad) => {
    unmarshal(
      structOf([fld("A", goType("[2]X", { X: from }), 'json:"a"')]),
      `{"a":[{},${pad}${text}${pad}]}`,
    );
    unmarshal(
      structOf([fld("A", goType("[2]X", { X: plain }), 'json:"a"')]),
      `{"a":[{},${pad}${text}${pad}]}`,
    );
    expect(got.from).toBe(got.json);
  });
});
