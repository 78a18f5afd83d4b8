/**
 * The peer comparison every codec package runs (codec-v1 and codec-v2 call
 * these with their own codec module and their own installed peer libraries):
 * unmarshal from bytes and marshal to bytes on the five seed payloads and the
 * corpora, typed and `any`, against JSON.parse/JSON.stringify, lossless-json,
 * json-bigint, ajv JTD (compiled), fast-json-stringify and zod after JSON.parse.
 */
import type { Candidate, HypothesisSpec, Suite } from "../../src/index.js";
import { asBytes, type Codecs, goTypeOf, need } from "./codecs.js";
import { type BenchInput, corpora, seedPayloads } from "./payloads.js";
import { canonical, inferShape, toJsonSchema, toJtd, toZod, type ZodLike } from "./shape.js";

type Fn = (...a: unknown[]) => unknown;

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
  codecs: Codecs;
  /** The codec module under test. */
  codec: "v1" | "v2";
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

interface In {
  input: BenchInput;
  text: string;
  value: unknown;
  canon: string;
}

const dec = new TextDecoder();

/** The payloads: five seed payloads and the corpora (GOJSON_BENCH_QUICK: two seed payloads). */
export function peerInputs(quick: boolean): In[] {
  const list = quick ? seedPayloads().slice(0, 2) : [...seedPayloads(), ...corpora()];
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

/** Unmarshal suite: from bytes to a value. Baseline TextDecoder + JSON.parse. */
export function unmarshalSuite(o: PeerOptions, quick: boolean): Suite<In> {
  const { libs, codecs } = o;
  const codec = () => need<Fn>(codecs[o.codec], o.pkg.slice(8), "unmarshal");
  const marshal = () => need<Fn>(codecs[o.codec], o.pkg.slice(8), "marshal");
  const inputs = peerInputs(quick);
  const typedT = (p: In) => goTypeOf(codecs, p.input.goSource, p.input.goType);
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
      skip: (p) => (p.data.input.goType === "any" ? "no Go type for this corpus yet" : undefined),
      prepare: (p) => ({ f: codec(), t: typedT(p.data) }),
      run: (s: { f: Fn; t: unknown }, p) => s.f(s.t, p.data.input.bytes),
      check: (out, p) => sameJsonBytes(marshal()(typedT(p.data), out), p),
    },
    {
      id: `${o.name}-any`,
      label: `${o.name} unmarshal → any`,
      prepare: () => ({ f: codec(), t: goTypeOf(codecs, "", "any") }),
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
    settings: { pairs: 8, sampleTimeMs: 25, isolation: "worker" },
    ...(o.module ? { module: { ...o.module, args: "unmarshal" } } : {}),
    notes: [
      "Issue targets: typed unmarshal ≤ 1.5× TextDecoder+JSON.parse; faster than ajv JTD (preregistered as hypotheses with their sha256).",
      "ajv/zod/fast-json-stringify schemas are inferred from each payload's own value (mixed shapes become 'any').",
    ],
  };
}

/** Marshal suite: from a value to bytes. Baseline Buffer.from(JSON.stringify(v)). */
export function marshalSuite(o: PeerOptions, quick: boolean): Suite<In> {
  const { libs, codecs } = o;
  const marshal = () => need<Fn>(codecs[o.codec], o.pkg.slice(8), "marshal");
  const unmarshal = () => need<Fn>(codecs[o.codec], o.pkg.slice(8), "unmarshal");
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
      skip: (p) => (p.data.input.goType === "any" ? "no Go type for this corpus yet" : undefined),
      prepare: (p) => {
        const t = goTypeOf(codecs, p.data.input.goSource, p.data.input.goType);
        return { f: marshal(), t, v: unmarshal()(t, p.data.input.bytes) };
      },
      run: (s: { f: Fn; t: unknown; v: unknown }) => s.f(s.t, s.v),
      check: sameJsonBytes,
    },
    {
      id: `${o.name}-any`,
      label: `${o.name} marshal (any)`,
      prepare: (p) => {
        const t = goTypeOf(codecs, "", "any");
        return { f: marshal(), t, v: unmarshal()(t, p.data.input.bytes) };
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
    settings: { pairs: 8, sampleTimeMs: 25, isolation: "worker" },
    ...(o.module ? { module: { ...o.module, args: "marshal" } } : {}),
    notes: ["Issue target: typed marshal ≤ Buffer.from(JSON.stringify(v))."],
  };
}
