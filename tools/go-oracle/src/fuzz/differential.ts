import { withRegistryMethods } from "@gojson/fixtures";
import { type GoType, withMethods } from "@gojson/gotype";
import fc from "fast-check";
import type { GoVersion } from "../go-version.js";
import { normalizeGoMessage } from "../normalize.js";
import type { Oracle } from "../oracle.js";
import type { Engine, OracleRequest, OracleResponse, Tagged } from "../protocol.js";
import { floatFromTagged, floatToTagged, fromTagged, type TaggedHooks, toTagged } from "../tagged.js";
import { type Mutation, mutate, mutationArb } from "./mutate.js";
import {
  isByteElem,
  type MethodSpec,
  methodErrorText,
  REG,
  renderGo,
  rootRecursive,
  type TypeSpec,
  typeSpecArb,
} from "./spec.js";
import { escapeBytes, type Shape, shapedJson, valueArb } from "./values.js";

/** One differential case: a Go type, an operation and its input, options per engine. */
export interface FuzzCase {
  spec: TypeSpec;
  op: "marshal" | "unmarshal";
  value: Tagged;
  /** A second value of the type: the existing destination (`into`) and the values of duplicate members. */
  other: Tagged;
  /** Unmarshal into `other` (merge semantics) instead of a zero value. */
  into: boolean;
  shape: Shape;
  mutation: Mutation;
  /** Marshal: which nil pointer back to the root becomes a cycle (-1: none). */
  cycle: number;
  /** v1 options: marshal escapeHTML/prefix/indent; unmarshal useNumber/disallowUnknownFields. */
  v1: Options;
  v2: Options;
}

type Options = Record<string, boolean | string>;

const V2_MARSHAL = [
  "formatNilSliceAsNull",
  "formatNilMapAsNull",
  "stringifyNumbers",
  "omitZeroStructFields",
  "escapeForHTML",
  "escapeForJS",
  "allowInvalidUTF8",
  "allowDuplicateNames",
  "multiline",
  "spaceAfterColon",
  "spaceAfterComma",
  "callMethodsWithLegacySemantics",
  "formatByteArrayAsArray",
  "formatBytesWithLegacySemantics",
  "formatDurationAsNano",
  "omitEmptyWithLegacySemantics",
  "stringifyWithLegacySemantics",
  "canonicalizeRawInts",
  "reorderRawObjects",
] as const;

const V2_UNMARSHAL = [
  "matchCaseInsensitiveNames",
  "rejectUnknownMembers",
  "discardUnknownMembers",
  "allowDuplicateNames",
  "allowInvalidUTF8",
  "stringifyNumbers",
  "mergeWithLegacySemantics",
  "unmarshalArrayFromAnyLength",
  "parseTimeWithLooseRFC3339",
  "parseBytesWithLooseRFC4648",
  "matchCaseSensitiveDelimiter",
  "formatDurationAsNano",
  "callMethodsWithLegacySemantics",
  "stringifyWithLegacySemantics",
] as const;

const flags = (names: readonly string[], max: number) =>
  fc
    .subarray([...names], { maxLength: max })
    .map((xs) => Object.fromEntries(xs.map((x) => [x, true])) as Options);

const INDENTS: (Options | null)[] = [
  null,
  null,
  null,
  { prefix: "", indent: "  " },
  { prefix: ">", indent: "\t" },
  { prefix: "", indent: "" },
];

const v1MarshalArb: fc.Arbitrary<Options> = fc
  .record({
    escapeHTML: fc.constantFrom(undefined, undefined, false, true),
    ind: fc.constantFrom(...INDENTS),
  })
  // Go has no API for "no HTML escaping + MarshalIndent(v, "", "")": an Encoder ignores SetIndent("", "").
  .map(({ escapeHTML, ind }) => ({
    ...(escapeHTML === undefined ? {} : { escapeHTML }),
    ...(ind === null || (escapeHTML === false && ind.prefix === "" && ind.indent === "") ? {} : ind),
  }));

const v2MarshalArb: fc.Arbitrary<Options> = fc
  .record({
    f: flags(V2_MARSHAL, 3),
    ind: fc.constantFrom(null, null, null, { withIndent: "  " }, { withIndent: "\t", withIndentPrefix: " " }),
  })
  .map(({ f, ind }) => ({ ...f, ...(ind ?? {}) }));

const shapeArb: fc.Arbitrary<Shape> = fc.oneof(
  { weight: 6, arbitrary: fc.constant({ dup: false, extra: false, keyCase: "" } as Shape) },
  {
    weight: 4,
    arbitrary: fc.record({
      dup: fc.boolean(),
      extra: fc.boolean(),
      keyCase: fc.constantFrom("", "lower", "upper") as fc.Arbitrary<Shape["keyCase"]>,
    }),
  },
);

/** Arbitrary differential cases. */
export const caseArb: fc.Arbitrary<FuzzCase> = typeSpecArb.chain((spec) =>
  (fc.constantFrom("marshal", "unmarshal") as fc.Arbitrary<"marshal" | "unmarshal">).chain((op) =>
    fc.record({
      spec: fc.constant(spec),
      op: fc.constant(op),
      value: valueArb(spec),
      other: valueArb(spec),
      into: op === "unmarshal" ? fc.boolean() : fc.constant(false),
      shape: op === "unmarshal" ? shapeArb : fc.constant({ dup: false, extra: false, keyCase: "" } as Shape),
      mutation: op === "unmarshal" ? mutationArb : fc.constant({ m: "none" } as Mutation),
      cycle:
        op === "marshal" && rootRecursive(spec)
          ? fc.oneof(fc.constant(-1), fc.nat({ max: 4 }))
          : fc.constant(-1),
      v1: op === "marshal" ? v1MarshalArb : flags(["useNumber", "disallowUnknownFields"], 2),
      v2: op === "marshal" ? v2MarshalArb : flags(V2_UNMARSHAL, 3),
    }),
  ),
);

type Seg = { f: string } | { i: number } | { key: Tagged };

/** Nil pointers back to the root type (where a cycle can be planted), with their paths. */
function cycleSpots(spec: TypeSpec, v: Tagged): Seg[][] {
  const root = rootRecursive(spec);
  const out: Seg[][] = [];
  const walk = (t: TypeSpec, x: Tagged, path: Seg[]) => {
    switch (t.k) {
      case "ptr":
        if (x === null) {
          if (t.e.k === "reg" && t.e.name === root && path.length > 0) out.push(path);
        } else walk(t.e, x, path);
        return;
      case "reg":
        walk(REG[t.name].shape, x, path);
        return;
      case "named":
        walk(t.u, x, path);
        return;
      case "struct":
        for (const f of t.fields)
          walk(f.t, (x as Record<string, Tagged>)?.[f.name] ?? null, [...path, { f: f.name }]);
        return;
      case "slice":
      case "array":
        if (Array.isArray(x)) for (const [i, y] of x.entries()) walk(t.e, y, [...path, { i }]);
        return;
      case "map":
        if (Array.isArray(x))
          for (const p of x as Tagged[][]) walk(t.e, p[1] as Tagged, [...path, { key: p[0] as Tagged }]);
        return;
      default:
    }
  };
  walk(spec, v, []);
  return out;
}

/** The cycle a case plants (undefined: none). */
function cyclePath(c: FuzzCase): Seg[] | undefined {
  if (c.cycle < 0) return undefined;
  const spots = cycleSpots(c.spec, c.value);
  return spots.length === 0 ? undefined : spots[c.cycle % spots.length];
}

/** The tagged value with `{"$ref": true}` (the oracle's cycle marker) at `path`. */
function withRef(v: Tagged, path: Seg[]): Tagged {
  if (path.length === 0) return { $ref: true };
  const [s, ...rest] = path as [Seg, ...Seg[]];
  if ("f" in s) {
    const o = { ...(v as Record<string, Tagged>) };
    o[s.f] = withRef(o[s.f] ?? null, rest);
    return o;
  }
  if ("i" in s) {
    const a = [...(v as Tagged[])];
    a[s.i] = withRef(a[s.i] ?? null, rest);
    return a;
  }
  return (v as Tagged[][]).map((p) =>
    JSON.stringify(p[0]) === JSON.stringify(s.key) ? [p[0], withRef(p[1] as Tagged, rest)] : p,
  ) as Tagged;
}

/** Points the TypeScript value at `path` back to the root object (the contract's *T is the object itself). */
function plantCycle(root: unknown, path: Seg[]): void {
  let cur = root as Record<string, unknown>;
  for (let i = 0; i < path.length; i++) {
    const s = path[i] as Seg;
    const last = i === path.length - 1;
    if ("f" in s || "i" in s) {
      const k = "f" in s ? s.f : s.i;
      if (last) (cur as Record<string | number, unknown>)[k] = root;
      else cur = (cur as Record<string | number, unknown>)[k] as Record<string, unknown>;
    } else {
      const m = cur as unknown as Map<unknown, unknown>;
      if (last) m.set(s.key, root);
      else cur = m.get(s.key) as Record<string, unknown>;
    }
  }
}

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
  /** Codecs that accept the `goVersion` option (probed once; the campaign passes the release Go ran). */
  goVersionOption: { v1: boolean; v2: boolean };
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
    goVersionOption: { v1: false, v2: false },
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
  for (const key of ["v1", "v2"] as const) {
    const codec = codecs[key];
    if (!codec) continue;
    try {
      codec.marshal(codecs.goType("bool"), true, { goVersion: "1.26" });
      codec.marshal(codecs.goType("bool"), true, { goVersion: "1.27" });
      codecs.goVersionOption[key] = true;
    } catch {
      // the option is not there yet: the codec runs its default
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
  /** Go's destination was too deep to send back: values are not compared. */
  valueOmitted?: boolean;
}

/** Options a Go release does not have (json/v2 lost DiscardUnknownMembers in Go 1.27). */
const MISSING_OPTIONS: Readonly<Record<GoVersion, readonly string[]>> = {
  "1.26": [],
  "1.27": ["discardUnknownMembers"],
};

function withoutMissing(o: Options, go: GoVersion): Options {
  const missing = MISSING_OPTIONS[go];
  if (missing.length === 0) return o;
  return Object.fromEntries(Object.entries(o).filter(([k]) => !missing.includes(k)));
}

/** The input of each case (the same on every engine), made once. */
const inputs = new WeakMap<FuzzCase, ReturnType<typeof mutate>>();

/** The full request a case makes on one engine of one Go release. */
export function requestFor(c: FuzzCase, engine: Engine, go: GoVersion = "1.26") {
  const { goSource, type } = renderGo(c.spec);
  let input = inputs.get(c);
  if (input === undefined) {
    input = mutate(shapedJson(c.spec, c.value, c.shape, c.other), c.mutation, c.spec);
    inputs.set(c, input);
  }
  let options: Options = {};
  if (engine === "v1") options = c.v1;
  if (engine === "v1v2") {
    // encoding/json's own knobs (indentation is left to the v1 engine: MarshalIndent re-indents v1's way)
    const { prefix: _p, indent: _i, ...rest } = c.v1;
    options = rest;
  }
  if (engine === "v2")
    options = withoutMissing(c.op === "marshal" ? { ...c.v2, deterministic: true } : c.v2, go);
  const path = c.op === "marshal" ? cyclePath(c) : undefined;
  const value = path ? withRef(c.value, path) : c.value;
  const into = c.op === "unmarshal" && c.into && c.other !== null ? c.other : undefined;
  return { goSource, type, input, options, value, into, cycle: path };
}

/** codec-v2 options for the v1v2 engine: DefaultOptionsV1 plus what encoding/json's knobs set. */
function v1v2Options(codecs: Codecs, o: Options): Options {
  const out: Options = { ...codecs.v1Defaults?.() };
  if (o.escapeHTML === false) out.escapeForHTML = false;
  if (o.useNumber) out.unmarshalAnyWithRawNumber = true;
  if (o.disallowUnknownFields) out.rejectUnknownMembers = true;
  return out;
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
      if (t.k === "slice" && isByteElem(t.e)) return v; // base64, as []byte
      return (v as Tagged[]).map((x) => canon(t.e, x));
    case "map":
      return (
        (v as Tagged[][])
          // float keys are re-spelled too (Go's tagger writes 1e-07, TypeScript's 1e-7)
          .map(
            ([k, x]) =>
              [t.key === "float64" ? canonFloat(k as Tagged, 64) : k, canon(t.e, x as Tagged)] as Tagged[],
          )
          .sort((a, b) => (JSON.stringify(a[0]) < JSON.stringify(b[0]) ? -1 : 1))
      );
    case "ptr":
      return canon(t.e, v);
    case "named":
      return canon(t.u, v);
    case "reg":
      // Node, Rec and Chain hold no floats or maps (and may nest thousands deep): nothing to re-spell.
      if (t.name === "Node" || t.name === "Rec" || t.name === "Chain") return v;
      return canon(REG[t.name].shape, v);
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

/** The harness itself failed (not the codec): the case is skipped. */
export class HarnessError extends Error {
  override name = "HarnessError";
}

function tagged(c: FuzzCase, t: GoType, v: unknown, hooks: TaggedHooks): Tagged {
  try {
    return canon(c.spec, toTagged(t, v, hooks));
  } catch (e) {
    throw new HarnessError(`toTagged: ${(e as Error).message}`);
  }
}

/** The TypeScript twin of a generated method (see MethodSpec). */
function twinOf(m: MethodSpec): (...args: never[]) => unknown {
  const fail = () => {
    throw new Error(methodErrorText(m.m));
  };
  switch (m.m) {
    case "MarshalJSON":
    case "MarshalText":
      return m.fail ? fail : () => Uint8Array.from(m.out ?? []);
    case "UnmarshalJSON":
    case "UnmarshalText":
      return m.fail ? fail : (_data: Uint8Array, current: unknown) => current;
    case "IsZero":
      return () => m.zero === true;
  }
}

/** Attaches the TypeScript twins of a case's generated methods to its parsed declarations. */
export function attachTwins(decls: Record<string, GoType>, spec: TypeSpec): Record<string, GoType> {
  const { nameOf } = renderGo(spec);
  const visit = (t: TypeSpec) => {
    switch (t.k) {
      case "slice":
      case "ptr":
      case "array":
      case "map":
        visit(t.e);
        return;
      case "named":
      case "struct": {
        const name = nameOf.get(t);
        const decl = name === undefined ? undefined : decls[name];
        for (const m of t.methods ?? []) {
          if (!decl) throw new HarnessError(`twins: no declaration for ${name}`);
          withMethods(decl, { [m.m]: twinOf(m) }, { receiver: m.ptr ? "pointer" : "value" });
        }
        if (t.k === "named") visit(t.u);
        else for (const f of t.fields) visit(f.t);
        return;
      }
      default:
    }
  };
  visit(spec);
  return decls;
}

/** Runs the codec of `engine` on a case, as Go release `go` would (when the codec takes `goVersion`). */
export function runCodec(codecs: Codecs, c: FuzzCase, engine: Engine, go: GoVersion = "1.26"): Answer {
  const { goSource, type, input, options, into, cycle } = requestFor(c, engine, go);
  let t: GoType;
  try {
    t = codecs.goType(type, attachTwins(withRegistryMethods(codecs.parseGo(goSource)), c.spec));
  } catch (e) {
    return { crash: `parseGo: ${(e as Error).message}` };
  }
  const codec = engine === "v1" ? codecs.v1 : codecs.v2;
  if (!codec) return { crash: "codec missing" };
  const opts: Record<string, unknown> = engine === "v1v2" ? v1v2Options(codecs, options) : { ...options };
  if (codecs.goVersionOption[engine === "v1" ? "v1" : "v2"]) opts.goVersion = go;
  try {
    if (c.op === "marshal") {
      let value: unknown;
      try {
        value = fromTagged(t, c.value, codecs.hooks);
        if (cycle) plantCycle(value, cycle);
      } catch (e) {
        throw new HarnessError(`fromTagged: ${(e as Error).message}`);
      }
      try {
        return { output: dec.decode(codec.marshal(t, value, opts)) };
      } catch (e) {
        return errorAnswer(e);
      }
    }
    if (into !== undefined) {
      try {
        opts.into = fromTagged(t, into, codecs.hooks);
      } catch (e) {
        throw new HarnessError(`fromTagged: ${(e as Error).message}`);
      }
    }
    let got: unknown;
    try {
      got = codec.unmarshal(t, input, opts);
    } catch (e) {
      const a = errorAnswer(e);
      const held = (e as { value?: unknown }).value;
      if (a.crash === undefined && held !== undefined) a.value = tagged(c, t, held, codecs.hooks);
      return a;
    }
    return { value: tagged(c, t, got, codecs.hooks) };
  } catch (e) {
    if (e instanceof HarnessError) throw e;
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

/** Runs Go (release `go`) on a case. */
/** The request a case makes of Go on one engine and release. */
export function goRequest(c: FuzzCase, engine: Engine, go: GoVersion): OracleRequest {
  const { goSource, type, input, options, value, into } = requestFor(c, engine, go);
  return c.op === "marshal"
    ? { go, engine, op: "marshal", goSource, type, value, options }
    : {
        go,
        engine,
        op: "unmarshal",
        goSource,
        type,
        input,
        options,
        ...(into !== undefined ? { into } : {}),
      };
}

export async function runGo(
  oracle: Oracle,
  c: FuzzCase,
  engine: Engine,
  go: GoVersion = oracle.go,
): Promise<Answer & { oracleError?: string }> {
  const r: OracleResponse = await oracle.run(goRequest(c, engine, go));
  if (r.oracleError) return { oracleError: r.oracleError };
  if (r.panic) return { crash: `go panic: ${r.panic}` };
  const a: Answer = {};
  if (r.output) a.output = dec.decode(r.output);
  if (r.error) a.error = r.error.message;
  if (r.valueOmitted) a.valueOmitted = true;
  if (c.op === "unmarshal" && r.value !== undefined) {
    try {
      a.value = canon(c.spec, r.value);
    } catch (e) {
      throw new HarnessError(`canon: ${(e as Error).message}`);
    }
  }
  return a;
}

/** How two answers differ ("" when they agree). */
export function difference(go: Answer, ts: Answer, op: "marshal" | "unmarshal"): string {
  if (ts.crash) return "crash";
  if ((go.error === undefined) !== (ts.error === undefined))
    return go.error ? "missing-error" : "unexpected-error";
  if (go.error !== ts.error) return "error-text";
  if (op === "marshal" && go.error === undefined && go.output !== ts.output) return "output";
  if (op === "unmarshal" && !go.valueOmitted && JSON.stringify(go.value) !== JSON.stringify(ts.value))
    return go.error ? "value-after-error" : "value";
  return "";
}

const clip = (s: string, n = 700) => (s.length <= n ? s : `${s.slice(0, n)}… (${s.length} chars)`);

/** Input bytes for humans: a JSON string; \udcXX stands for the raw (non-UTF-8) byte 0xXX. */
export function showInput(b: Uint8Array): string {
  return clip(JSON.stringify(escapeBytes(b)), 500);
}

/** A counterexample printed for humans: Go source, input, both answers. */
export function describe(
  c: FuzzCase,
  engine: Engine,
  go: Answer,
  ts: Answer,
  release: GoVersion = "1.26",
): string {
  const { goSource, type, input, options, value, into, cycle } = requestFor(c, engine, release);
  const lines = [
    `engine: ${engine}   go: ${release}   op: ${c.op}   type: ${type}   options: ${JSON.stringify(options)}`,
    goSource ? `Go:\n${goSource}` : "Go: (no declarations)",
    c.op === "marshal"
      ? `value (tagged): ${clip(JSON.stringify(value))}${cycle ? '   ({"$ref":true} = pointer back to the root: a cycle)' : ""}`
      : `input: ${showInput(input)}${/\\udc[89a-f][0-9a-f]/.test(JSON.stringify(escapeBytes(input))) ? "   (\\udcXX = raw byte 0xXX)" : ""}`,
    ...(into !== undefined ? [`into (existing destination, tagged): ${clip(JSON.stringify(into))}`] : []),
    `go:      ${clip(JSON.stringify(go))}`,
    `gojson:  ${clip(JSON.stringify(ts))}`,
  ];
  return lines.join("\n");
}
