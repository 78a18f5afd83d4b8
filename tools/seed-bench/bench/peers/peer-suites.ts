/**
 * The peer comparison of a codec (run for codec-v1 and for codec-v2 from
 * ./peers.ts; it lives here because only this package depends on both):
 * unmarshal from bytes and marshal to bytes on the five seed payloads and the
 * corpora, typed and `any`, against JSON.parse/JSON.stringify, lossless-json,
 * json-bigint, ajv JTD (compiled), fast-json-stringify and zod after JSON.parse.
 */
import {
  CORPUS_NAMES,
  type CorpusName,
  corpusBytes,
  corpusInfo,
  PAYLOAD_NAMES,
  type PayloadName,
  type PayloadSize,
  payload,
} from "@gojson/fixtures";
import type { Candidate, HypothesisSpec, Suite } from "@gojson/harness";
import { canonical, inferShape, toJsonSchema, toJtd, toZod, type ZodLike } from "./shape.js";

type Fn = (...a: unknown[]) => unknown;

/** Size preset of the five generated payloads in the benches (tens to hundreds of KB). */
export const BENCH_PAYLOAD_SIZE: PayloadSize = "medium";

/** One bench input: the JSON bytes every candidate receives and the Go type that reads them. */
export interface BenchInput {
  id: string;
  label: string;
  bytes: Uint8Array;
  /** Go declarations (parseGo input) and the root type expression. */
  goSource: string;
  goType: string;
}

/** A generated payload of @gojson/fixtures as a bench input. */
export function payloadInput(name: PayloadName, size: PayloadSize = BENCH_PAYLOAD_SIZE): BenchInput {
  const p = payload(name, { size });
  return { id: name, label: `${name} (${size})`, bytes: p.bytes, goSource: p.goSource, goType: p.goType };
}

/** A real-world corpus of @gojson/fixtures as a bench input. */
export function corpusInput(name: CorpusName): BenchInput {
  const i = corpusInfo(name);
  return { id: name, label: name, bytes: corpusBytes(name), goSource: i.goSource, goType: i.goType };
}

/** The codec under test, as the contract (../shared/CONTRACT.md) shapes it. */
export interface CodecUnderTest {
  unmarshal: Fn;
  marshal: Fn;
  /** GoType for a root expression over Go declarations ("" = none). */
  goType(source: string, expr: string): unknown;
}

/** Output of marshal as bytes (the contract says Uint8Array; accept a string too). */
export function asBytes(x: unknown): Uint8Array {
  if (x instanceof Uint8Array) return x;
  if (typeof x === "string") return new TextEncoder().encode(x);
  throw new Error(`expected bytes, got ${typeof x}`);
}

/** The peer libraries, injected by the calling package (they are its devDependencies). */
export interface PeerLibs {
  losslessJson: { parse(text: string): unknown; stringify(v: unknown): string | undefined };
  jsonBig: { parse(text: string): unknown; stringify(v: unknown): string };
  /** new (require("ajv/dist/jtd"))() */
  ajvJtd: { compileParser(schema: unknown): Fn; compileSerializer(schema: unknown): Fn };
  fastJsonStringify: (schema: unknown) => (v: unknown) => string;
  z: ZodLike;
  versions: Record<string, string>;
}

export interface PeerOptions {
  /** "@gojson/codec-v1" */
  pkg: string;
  /** short label, "codec-v1" */
  name: string;
  codec: CodecUnderTest;
  libs: PeerLibs;
  /** Module URL and export for worker isolation. */
  module?: { url: string; exportName: string };
  hypothesesAt: string;
}

/**
 * sha256 of each target hypothesis as written (hypothesisHash), keyed by
 * "<codec>:<id>": the targets, registered before the first run.
 */
export const TARGET_HASHES: Record<string, string> = {
  "codec-v1:target-typed-vs-json-parse": "8e6ec75df7e2a2b69dc79645fb9dc1c17c48385a175df2cc3b4804c3780119e1",
  "codec-v1:target-typed-vs-ajv-jtd": "dec4543970705e8ecaaab1548a60b313630d2a387584b10b49944ec4de43b363",
  "codec-v1:target-marshal-vs-stringify": "23eae622b60d4406772a75c69d1443465b3d4f868c5eed74a115ba2d1bad8d06",
  "codec-v2:target-typed-vs-json-parse": "b25a16c5370f390c85c4d6c841f2d554990270788ca6b6c6d6f3bcc84df7b6dd",
  "codec-v2:target-typed-vs-ajv-jtd": "73f0d437a4cd624fd709aaa36199d617362fb2376d9d7c4df85d6ea0b2a3492c",
  "codec-v2:target-marshal-vs-stringify": "c2715d95c35a0c2ea3ebb7130da8d6fd35e0740711478cd05c9bea8a5cfdfa11",
};

/** A prepared input: bytes, text, the parsed value and its canonical JSON. */
export interface In {
  input: BenchInput;
  text: string;
  value: unknown;
  canon: string;
}

const dec = new TextDecoder();

/**
 * Corpora in the peer benches: every corpus but the two 2 MB ones
 * (golang_source, synthea_fhir), whose slow peers (lossless-json, json-bigint
 * at 60–200 ms an op) would double the run; jsontext's bench reads all seven.
 */
export const PEER_CORPORA: readonly CorpusName[] = CORPUS_NAMES.filter(
  (n) => n !== "golang_source" && n !== "synthea_fhir",
);

/**
 * Measuring settings of the peer suites. On this kind of shared 2-core VM the machine's speed
 * shifts in phases of a few hundred ms, so a pair's two samples can fall in different phases:
 * 12 pairs of 30 ms samples (over 8 of 40 ms) keep each pair closer in time and narrow the
 * per-payload intervals by about a fifth, for the same measuring time.
 */
const PEER_SETTINGS = { pairs: 12, sampleTimeMs: 30, isolation: "worker" } as const;

/** The payloads: the five generated payloads and PEER_CORPORA (GOJSON_BENCH_QUICK: two payloads). */
export function peerInputs(quick: boolean): In[] {
  const seeds = PAYLOAD_NAMES.map((n) => payloadInput(n));
  const list = quick ? seeds.slice(0, 2) : [...seeds, ...PEER_CORPORA.map(corpusInput)];
  return list.map((input) => {
    const text = dec.decode(input.bytes);
    const value = JSON.parse(text);
    return { input, text, value, canon: canonical(value) };
  });
}

function sameJsonBytes(out: unknown, p: { data: In }): boolean {
  const text = typeof out === "string" ? out : dec.decode(asBytes(out));
  return canonical(JSON.parse(text)) === p.data.canon;
}

/**
 * Check of a typed round trip: the marshalled bytes are the input (modulo key
 * order), or — where the Go type keeps only some fields, as for the corpora —
 * unmarshal∘marshal is a fixpoint of those bytes.
 */
function typedRoundTrip(codec: CodecUnderTest, t: unknown, bytes: Uint8Array, p: { data: In }): boolean {
  if (sameJsonBytes(bytes, p)) return true;
  const again = asBytes(codec.marshal(t, codec.unmarshal(t, bytes)));
  return canonical(JSON.parse(dec.decode(again))) === canonical(JSON.parse(dec.decode(bytes)));
}

/** Unmarshal suite: from bytes to a value. Baseline TextDecoder + JSON.parse. */
export function unmarshalSuite(o: PeerOptions, quick: boolean): Suite<In> {
  const { libs, codec } = o;
  const inputs = peerInputs(quick);
  const typedT = (p: In) => codec.goType(p.input.goSource, p.input.goType);
  const candidates: Candidate<In, any>[] = [
    {
      id: "json-parse",
      label: "TextDecoder + JSON.parse",
      prepare: () => new TextDecoder(),
      run: (d: TextDecoder, p) => JSON.parse(d.decode(p.data.input.bytes)),
      check: (out, p) => canonical(out) === p.data.canon,
    },
    {
      id: `${o.name}-typed`,
      label: `${o.name} unmarshal → Go type`,
      prepare: (p) => ({ f: codec.unmarshal, t: typedT(p.data) }),
      run: (s: { f: Fn; t: unknown }, p) => s.f(s.t, p.data.input.bytes),
      check: (out, p) =>
        typedRoundTrip(codec, typedT(p.data), asBytes(codec.marshal(typedT(p.data), out)), p),
    },
    {
      id: `${o.name}-any`,
      label: `${o.name} unmarshal → any`,
      prepare: () => ({ f: codec.unmarshal, t: codec.goType("", "any") }),
      run: (s: { f: Fn; t: unknown }, p) => s.f(s.t, p.data.input.bytes),
      check: (out, p) => canonical(out) === p.data.canon,
    },
    {
      id: "ajv-jtd",
      label: "ajv JTD compiled parser",
      library: `ajv@${libs.versions.ajv}`,
      prepare: (p) => ({
        parse: libs.ajvJtd.compileParser(toJtd(inferShape(p.data.value))),
        d: new TextDecoder(),
      }),
      run: (s: { parse: Fn; d: TextDecoder }, p) => s.parse(s.d.decode(p.data.input.bytes)),
      check: (out, p) => out !== undefined && canonical(out) === p.data.canon,
    },
    {
      id: "zod",
      label: "JSON.parse + zod.parse",
      library: `zod@${libs.versions.zod}`,
      prepare: (p) => ({
        schema: toZod(libs.z, inferShape(p.data.value)) as { parse: Fn },
        d: new TextDecoder(),
      }),
      run: (s: { schema: { parse: Fn }; d: TextDecoder }, p) =>
        s.schema.parse(JSON.parse(s.d.decode(p.data.input.bytes))),
      check: (out, p) => canonical(out) === p.data.canon,
    },
    {
      id: "lossless-json",
      label: "lossless-json parse",
      library: `lossless-json@${libs.versions["lossless-json"]}`,
      prepare: () => new TextDecoder(),
      run: (d: TextDecoder, p) => libs.losslessJson.parse(d.decode(p.data.input.bytes)),
      check: (out) => out !== undefined,
    },
    {
      id: "json-bigint",
      label: "json-bigint parse",
      library: `json-bigint@${libs.versions["json-bigint"]}`,
      prepare: () => new TextDecoder(),
      run: (d: TextDecoder, p) => libs.jsonBig.parse(d.decode(p.data.input.bytes)),
      check: (out) => out !== undefined,
    },
  ];
  const base = "json-parse";
  const typed = `${o.name}-typed`;
  const hyp = (id: string, statement: string, baseline: string, threshold: number): HypothesisSpec => ({
    id,
    statement,
    baseline,
    candidate: typed,
    payload: "*",
    direction: "less",
    threshold,
    registeredAt: o.hypothesesAt,
    sha256: TARGET_HASHES[`${o.name}:${id}`] ?? "",
  });
  return {
    package: o.pkg,
    bench: "unmarshal",
    title: `${o.name} unmarshal vs peers (from bytes)`,
    payloads: inputs.map((p) => ({
      id: p.input.id,
      label: p.input.label,
      bytes: p.input.bytes.length,
      data: p,
    })),
    candidates,
    comparisons: candidates
      .filter((c) => c.id !== base)
      .map((c) => ({ baseline: base, candidate: c.id }))
      .concat([{ baseline: "ajv-jtd", candidate: typed }]),
    hypotheses: [
      hyp(
        "target-typed-vs-json-parse",
        `${o.name} typed unmarshal costs at most 1.5× TextDecoder+JSON.parse (pooled)`,
        base,
        1.5,
      ),
      hyp(
        "target-typed-vs-ajv-jtd",
        `${o.name} typed unmarshal is faster than ajv's compiled JTD parser (pooled)`,
        "ajv-jtd",
        1,
      ),
    ],
    settings: PEER_SETTINGS,
    ...(o.module ? { module: { ...o.module, args: `${o.name}:unmarshal` } } : {}),
    notes: [
      "Issue targets: typed unmarshal ≤ 1.5× TextDecoder+JSON.parse; faster than ajv JTD (preregistered as hypotheses with their sha256).",
      "ajv/zod/fast-json-stringify schemas are inferred from each payload's own value (mixed shapes become 'any').",
    ],
  };
}

/** Marshal suite: from a value to bytes. Baseline Buffer.from(JSON.stringify(v)). */
export function marshalSuite(o: PeerOptions, quick: boolean): Suite<In> {
  const { libs, codec } = o;
  const inputs = peerInputs(quick);
  const candidates: Candidate<In, any>[] = [
    {
      id: "json-stringify",
      label: "Buffer.from(JSON.stringify(v))",
      prepare: (p) => p.data.value,
      run: (v: unknown) => Buffer.from(JSON.stringify(v)),
      check: sameJsonBytes,
    },
    {
      id: `${o.name}-typed`,
      label: `${o.name} marshal (Go type)`,
      prepare: (p) => {
        const t = codec.goType(p.data.input.goSource, p.data.input.goType);
        return { f: codec.marshal, t, v: codec.unmarshal(t, p.data.input.bytes) };
      },
      run: (s: { f: Fn; t: unknown; v: unknown }) => s.f(s.t, s.v),
      check: (out, p) =>
        typedRoundTrip(codec, codec.goType(p.data.input.goSource, p.data.input.goType), asBytes(out), p),
    },
    {
      id: `${o.name}-any`,
      label: `${o.name} marshal (any)`,
      prepare: (p) => {
        const t = codec.goType("", "any");
        return { f: codec.marshal, t, v: codec.unmarshal(t, p.data.input.bytes) };
      },
      run: (s: { f: Fn; t: unknown; v: unknown }) => s.f(s.t, s.v),
      check: sameJsonBytes,
    },
    {
      id: "fast-json-stringify",
      label: "fast-json-stringify → Buffer",
      library: `fast-json-stringify@${libs.versions["fast-json-stringify"]}`,
      prepare: (p) => ({
        f: libs.fastJsonStringify(toJsonSchema(inferShape(p.data.value))),
        v: p.data.value,
      }),
      run: (s: { f: (v: unknown) => string; v: unknown }) => Buffer.from(s.f(s.v)),
      check: sameJsonBytes,
    },
    {
      id: "ajv-jtd",
      label: "ajv JTD compiled serializer → Buffer",
      library: `ajv@${libs.versions.ajv}`,
      prepare: (p) => ({
        f: libs.ajvJtd.compileSerializer(toJtd(inferShape(p.data.value))),
        v: p.data.value,
      }),
      run: (s: { f: Fn; v: unknown }) => Buffer.from(s.f(s.v) as string),
      check: sameJsonBytes,
    },
    {
      id: "lossless-json",
      label: "lossless-json stringify → Buffer",
      library: `lossless-json@${libs.versions["lossless-json"]}`,
      prepare: (p) => libs.losslessJson.parse(p.data.text),
      run: (v: unknown) => Buffer.from(libs.losslessJson.stringify(v) ?? ""),
      check: sameJsonBytes,
    },
    {
      id: "json-bigint",
      label: "json-bigint stringify → Buffer",
      library: `json-bigint@${libs.versions["json-bigint"]}`,
      prepare: (p) => libs.jsonBig.parse(p.data.text),
      run: (v: unknown) => Buffer.from(libs.jsonBig.stringify(v)),
      check: sameJsonBytes,
    },
  ];
  return {
    package: o.pkg,
    bench: "marshal",
    title: `${o.name} marshal vs peers (to bytes)`,
    payloads: inputs.map((p) => ({
      id: p.input.id,
      label: p.input.label,
      bytes: p.input.bytes.length,
      data: p,
    })),
    candidates,
    hypotheses: [
      {
        id: "target-marshal-vs-stringify",
        statement: `${o.name} typed marshal is no slower than Buffer.from(JSON.stringify(v)) (pooled)`,
        baseline: "json-stringify",
        candidate: `${o.name}-typed`,
        payload: "*",
        direction: "less",
        threshold: 1,
        registeredAt: o.hypothesesAt,
        sha256: TARGET_HASHES[`${o.name}:target-marshal-vs-stringify`] ?? "",
      },
    ],
    settings: PEER_SETTINGS,
    ...(o.module ? { module: { ...o.module, args: `${o.name}:marshal` } } : {}),
    notes: ["Issue target: typed marshal ≤ Buffer.from(JSON.stringify(v))."],
  };
}
