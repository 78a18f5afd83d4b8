import type { GoType } from "@gojson/gotype";
import fc from "fast-check";
import { normalizeGoMessage } from "../normalize.js";
import type { Oracle } from "../oracle.js";
import type { Engine, OracleResponse, Tagged } from "../protocol.js";
import { floatFromTagged, floatToTagged, fromTagged, type TaggedHooks, toTagged } from "../tagged.js";
import {
  type Mutation,
  mutate,
  mutationArb,
  renderGo,
  shapedJson,
  type TypeSpec,
  typeSpecArb,
  valueArb,
} from "./spec.js";

/** One differential case: a Go type, an operation and its input, options per engine. */
export interface FuzzCase {
  spec: TypeSpec;
  op: "marshal" | "unmarshal";
  value: Tagged;
  mutation: Mutation;
  v1: Record<string, boolean>;
  v2: Record<string, boolean>;
}

const V2_FLAGS = [
  "formatNilSliceAsNull",
  "formatNilMapAsNull",
  "stringifyNumbers",
  "matchCaseInsensitiveNames",
  "rejectUnknownMembers",
  "allowDuplicateNames",
  "allowInvalidUTF8",
  "escapeForHTML",
  "omitZeroStructFields",
] as const;

const flags = (names: readonly string[]) =>
  fc
    .subarray([...names], { maxLength: 2 })
    .map((xs) => Object.fromEntries(xs.map((x) => [x, true])) as Record<string, boolean>);

/** Arbitrary differential cases. */
export const caseArb: fc.Arbitrary<FuzzCase> = typeSpecArb.chain((spec) =>
  fc.record({
    spec: fc.constant(spec),
    op: fc.constantFrom("marshal", "unmarshal") as fc.Arbitrary<"marshal" | "unmarshal">,
    value: valueArb(spec),
    mutation: mutationArb,
    v1: flags(["useNumber", "disallowUnknownFields"]),
    v2: flags(V2_FLAGS),
  }),
);

/** The codecs under test, as loaded (an engine without its codec is skipped). */
export interface Codecs {
  parseGo: (src: string) => Record<string, GoType>;
  goType: (expr: string, decls?: Record<string, GoType>) => GoType;
  hooks: TaggedHooks;
  v1?: {
    marshal: (t: GoType, v: unknown, o?: object) => Uint8Array;
    unmarshal: (t: GoType, d: Uint8Array | string, o?: object) => unknown;
  };
  v2?: {
    marshal: (t: GoType, v: unknown, o?: object) => Uint8Array;
    unmarshal: (t: GoType, d: Uint8Array | string, o?: object) => unknown;
  };
  v1Defaults?: () => Record<string, boolean>;
}

/** Loads gotype and the two codecs by their public API; missing pieces are left out. */
export async function loadCodecs(): Promise<Codecs | undefined> {
  let gotype: Record<string, unknown>;
  try {
    gotype = (await import("@gojson/gotype")) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  if (typeof gotype.parseGo !== "function" || typeof gotype.goType !== "function") return undefined;
  const GoTime = gotype.GoTime as { parse(s: string): unknown } | undefined;
  const JsonNumber = gotype.JsonNumber as (new (t: string) => unknown) | undefined;
  const hooks: TaggedHooks = {};
  if (GoTime) {
    hooks.time = (s) => GoTime.parse(s);
    hooks.timeText = (v) => (v as { format(): string }).format();
  }
  if (JsonNumber) {
    hooks.number = (s) => new JsonNumber(s);
    hooks.numberText = (v) => (v as { text: string }).text;
  }
  const codecs: Codecs = {
    parseGo: gotype.parseGo as Codecs["parseGo"],
    goType: gotype.goType as Codecs["goType"],
    hooks,
  };
  for (const [key, pkg] of [
    ["v1", "@gojson/codec-v1"],
    ["v2", "@gojson/codec-v2"],
  ] as const) {
    try {
      const m = (await import(pkg)) as Record<string, unknown>;
      if (typeof m.marshal === "function" && typeof m.unmarshal === "function") {
        codecs[key] = m as unknown as NonNullable<Codecs["v1"]>;
        if (key === "v2" && typeof m.defaultOptionsV1 === "function")
          codecs.v1Defaults = m.defaultOptionsV1 as () => Record<string, boolean>;
      }
    } catch {
      // not built yet: the engine is skipped
    }
  }
  return codecs;
}

/** Engines a set of codecs can be compared on. */
export function enginesOf(c: Codecs): Engine[] {
  const out: Engine[] = [];
  if (c.v1) out.push("v1");
  if (c.v2 && c.v1Defaults) out.push("v1v2");
  if (c.v2) out.push("v2");
  return out;
}

/** What one side answered, in comparable form. */
export interface Answer {
  output?: string;
  error?: string;
  value?: Tagged;
  crash?: string;
}

/** The full request a case makes on one engine. */
export function requestFor(c: FuzzCase, engine: Engine) {
  const { goSource, type } = renderGo(c.spec);
  const input = mutate(shapedJson(c.spec, c.value), c.mutation);
  let options: Record<string, boolean> = {};
  if (engine === "v1") options = c.op === "unmarshal" ? c.v1 : {};
  if (engine === "v2") options = c.op === "marshal" ? { ...c.v2, deterministic: true } : c.v2;
  return { goSource, type, input, options };
}

function canonFloat(s: Tagged, bits: 32 | 64): Tagged {
  const f = floatFromTagged(s as string);
  return floatToTagged(bits === 32 ? Math.fround(f) : f);
}

/** Canonical tagged tree: floats re-spelled, map pairs sorted, so Go's and TypeScript's trees compare as JSON. */
export function canon(t: TypeSpec, v: Tagged): Tagged {
  if (v === null) return null;
  switch (t.k) {
    case "float32":
      return canonFloat(v, 32);
    case "float64":
      return canonFloat(v, 64);
    case "any":
      return canonAny(v);
    case "slice":
    case "array":
      return (v as Tagged[]).map((x) => canon(t.e, x));
    case "map":
      return (v as Tagged[][])
        .map(([k, x]) => [k, canon(t.e, x as Tagged)] as Tagged[])
        .sort((a, b) => (JSON.stringify(a[0]) < JSON.stringify(b[0]) ? -1 : 1));
    case "ptr":
      return canon(t.e, v);
    case "struct": {
      const o: Record<string, Tagged> = {};
      for (const f of t.fields) o[f.name] = canon(f.t, (v as Record<string, Tagged>)[f.name] ?? null);
      return o;
    }
    default:
      return v;
  }
}

function canonAny(v: Tagged): Tagged {
  if (v === null) return null;
  const { t, v: x } = v as { t: string; v: Tagged };
  if (t === "float64") return { t, v: canonFloat(x, 64) };
  if (t === "[]interface {}") return { t, v: (x as Tagged[]).map(canonAny) };
  if (t === "map[string]interface {}" && x !== null) {
    return {
      t,
      v: (x as [string, Tagged][])
        .map(([k, y]) => [k, canonAny(y)] as Tagged[])
        .sort((a, b) => (String(a[0]) < String(b[0]) ? -1 : 1)),
    };
  }
  return { t, v: x };
}

const dec = new TextDecoder();

/** Runs the codec of `engine` on a case. */
export function runCodec(codecs: Codecs, c: FuzzCase, engine: Engine): Answer {
  const { goSource, type, input, options } = requestFor(c, engine);
  let t: GoType;
  try {
    t = codecs.goType(type, codecs.parseGo(goSource));
  } catch (e) {
    return { crash: `parseGo: ${(e as Error).message}` };
  }
  const codec = engine === "v1" ? codecs.v1 : codecs.v2;
  if (!codec) return { crash: "codec missing" };
  const opts = engine === "v1v2" ? { ...codecs.v1Defaults?.() } : { ...options };
  try {
    if (c.op === "marshal") {
      let value: unknown;
      try {
        value = fromTagged(t, c.value, codecs.hooks);
      } catch (e) {
        return { crash: `fromTagged: ${(e as Error).message}` };
      }
      try {
        return { output: dec.decode(codec.marshal(t, value, opts)) };
      } catch (e) {
        return errorAnswer(e);
      }
    }
    try {
      const got = codec.unmarshal(t, input, opts);
      return { value: canon(c.spec, toTagged(t, got, codecs.hooks)) };
    } catch (e) {
      const a = errorAnswer(e);
      const held = (e as { value?: unknown }).value;
      if (a.crash === undefined && held !== undefined) {
        try {
          a.value = canon(c.spec, toTagged(t, held, codecs.hooks));
        } catch {}
      }
      return a;
    }
  } catch (e) {
    return { crash: String(e) };
  }
}

function errorAnswer(e: unknown): Answer {
  if (
    e instanceof Error &&
    typeof (e as { code?: unknown }).code === "string" &&
    String((e as unknown as { code: string }).code).startsWith("GOJSON_ERR")
  ) {
    return { error: normalizeGoMessage(e.message) };
  }
  return { crash: e instanceof Error ? `${e.name}: ${e.message}` : String(e) };
}

/** Runs Go on a case. */
export async function runGo(
  oracle: Oracle,
  c: FuzzCase,
  engine: Engine,
): Promise<Answer & { oracleError?: string }> {
  const { goSource, type, input, options } = requestFor(c, engine);
  const r: OracleResponse = await oracle.run(
    c.op === "marshal"
      ? { engine, op: "marshal", goSource, type, value: c.value, options }
      : { engine, op: "unmarshal", goSource, type, input, options },
  );
  if (r.oracleError) return { oracleError: r.oracleError };
  if (r.panic) return { crash: `go panic: ${r.panic}` };
  const a: Answer = {};
  if (r.output) a.output = dec.decode(r.output);
  if (r.error) a.error = r.error.message;
  if (c.op === "unmarshal" && r.value !== undefined) a.value = canon(c.spec, r.value);
  return a;
}

/** How two answers differ ("" when they agree). */
export function difference(go: Answer, ts: Answer, op: "marshal" | "unmarshal"): string {
  if (ts.crash) return "crash";
  if ((go.error === undefined) !== (ts.error === undefined))
    return go.error ? "missing-error" : "unexpected-error";
  if (go.error !== ts.error) return "error-text";
  if (op === "marshal" && go.error === undefined && go.output !== ts.output) return "output";
  if (op === "unmarshal" && JSON.stringify(go.value) !== JSON.stringify(ts.value))
    return go.error ? "value-after-error" : "value";
  return "";
}

/** A counterexample printed for humans: Go source, input, both answers. */
export function describe(c: FuzzCase, engine: Engine, go: Answer, ts: Answer): string {
  const { goSource, type, input, options } = requestFor(c, engine);
  const lines = [
    `engine: ${engine}   op: ${c.op}   type: ${type}   options: ${JSON.stringify(options)}`,
    goSource ? `Go:\n${goSource}` : "Go: (no declarations)",
    c.op === "marshal" ? `value (tagged): ${JSON.stringify(c.value)}` : `input: ${JSON.stringify(input)}`,
    `go:      ${JSON.stringify(go)}`,
    `gojson:  ${JSON.stringify(ts)}`,
  ];
  return lines.join("\n");
}
