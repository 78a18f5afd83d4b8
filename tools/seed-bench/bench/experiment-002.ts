/**
 * Seed 002's experiment, in TypeScript and in Go on this machine.
 *
 * TypeScript: codec-v1 vs codec-v2 with defaultOptionsV1() (v1 semantics on
 * the v2 engine, the analogue of Go's encoding/json on the v2 engine) on the
 * five payloads: unmarshal into any and marshal of the typed value, 25 ABBA
 * pairs, a preregistered threshold, a verdict.
 * Go: the same payload bytes, encoding/json plain vs GOEXPERIMENT=jsonv2
 * (Go 1.26 here: plain is the v1 engine, jsonv2 runs v1 on the v2 engine —
 * the mirror of seed 002's Go 1.27 default vs nojsonv2).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { marshal as marshalV1, unmarshal as unmarshalV1 } from "@gojson/codec-v1";
import { defaultOptionsV1, marshal as marshalV2, unmarshal as unmarshalV2 } from "@gojson/codec-v2";
import {
  type BenchResult,
  buildComparisons,
  candidateStats,
  collectEnvironment,
  evaluateHypothesis,
  finishEnvironment,
  formatSummary,
  type HypothesisSpec,
  hasGo,
  type InProcessCandidate,
  isQuick,
  type Measurement,
  RESULT_KIND,
  RESULT_SCHEMA_VERSION,
  resolveSettings,
  runGoBenchmarks,
  runSuite,
  type Suite,
} from "@gojson/harness";
import { writeGoModule } from "./go-source.js";
import { asBytes, type BenchInput, canonical, goTypeOf, isMain, seedPayloads } from "./inputs.js";

/** Preregistered before the first run (hashes from hypothesisHash; see README "Verdicts"). */
export const TS_HYPOTHESES: HypothesisSpec[] = [
  {
    id: "ts-unmarshal-any",
    statement:
      "codec-v2 with defaultOptionsV1() unmarshals into any at least 1.05× faster than codec-v1 (pooled paired geomean over the five payloads)",
    baseline: "v1-unmarshal-any",
    candidate: "v2v1-unmarshal-any",
    payload: "*",
    direction: "less",
    threshold: 1 / 1.05,
    registeredAt: "2026-12-02T16:44:00.000Z",
    sha256: "a8422a2410f327fb287c8cd67b6d03d66c1ceddd2698ca3ae0e5f2e21442ff83",
  },
  {
    id: "ts-marshal",
    statement:
      "codec-v2 with defaultOptionsV1() marshals no more than 1.05× slower than codec-v1 (pooled paired geomean over the five payloads)",
    baseline: "v1-marshal",
    candidate: "v2v1-marshal",
    payload: "*",
    direction: "less",
    threshold: 1.05,
    registeredAt: "2026-12-02T16:44:00.000Z",
    sha256: "75c82c2164661db8491e472e86cfb26435b9c2c747c2e91d5fafe8a4ffaf42b2",
  },
];

export const GO_HYPOTHESES: HypothesisSpec[] = [
  {
    id: "go-unmarshal-any",
    statement:
      "Go encoding/json.Unmarshal into any under GOEXPERIMENT=jsonv2 is at least 1.05× faster than plain (pooled paired geomean over the five payloads)",
    baseline: "go-plain:UnmarshalAny",
    candidate: "go-jsonv2:UnmarshalAny",
    payload: "*",
    direction: "less",
    threshold: 1 / 1.05,
    registeredAt: "2026-12-02T16:44:00.000Z",
    sha256: "a8e44488d1b4871fa8fefe7d24d118b3848123d40fde758f058b6dbfd3db6c61",
  },
  {
    id: "go-marshal",
    statement:
      "Go encoding/json.Marshal under GOEXPERIMENT=jsonv2 is no more than 1.05× slower than plain (pooled paired geomean over the five payloads)",
    baseline: "go-plain:Marshal",
    candidate: "go-jsonv2:Marshal",
    payload: "*",
    direction: "less",
    threshold: 1.05,
    registeredAt: "2026-12-02T16:44:00.000Z",
    sha256: "baa230e376277520488aefc805824b66822bf8dbcaaf860b8e02372aa937ced4",
  },
];

/**
 * Seed 002's own question on the Go it was asked about: Go 1.27, where encoding/json runs v1 on the
 * v2 engine by default and GOEXPERIMENT=nojsonv2 gives the classic engine (baseline: classic).
 */
export const GO127_HYPOTHESES: HypothesisSpec[] = [
  {
    id: "go127-unmarshal-any",
    statement:
      "Go 1.27 encoding/json.Unmarshal into any on its default engine (v1 on v2) is at least 1.05× faster than with GOEXPERIMENT=nojsonv2 (pooled paired geomean over the five payloads)",
    baseline: "go127-classic:UnmarshalAny",
    candidate: "go127-default:UnmarshalAny",
    payload: "*",
    direction: "less",
    threshold: 1 / 1.05,
    registeredAt: "2026-12-04T17:50:00.000Z",
    sha256: "0f471eedcabdd631107a235a74ee3aa2ce2bb31b28e3b1273c7e5e2e1506e702",
  },
  {
    id: "go127-marshal",
    statement:
      "Go 1.27 encoding/json.Marshal on its default engine (v1 on v2) is no more than 1.05× slower than with GOEXPERIMENT=nojsonv2 (pooled paired geomean over the five payloads)",
    baseline: "go127-classic:Marshal",
    candidate: "go127-default:Marshal",
    payload: "*",
    direction: "less",
    threshold: 1.05,
    registeredAt: "2026-12-04T17:50:00.000Z",
    sha256: "74dbda53cd61dffbcbc41f25261d82a648f21e3ea0069825e1d1c24703c696d4",
  },
];

/** The Go toolchain of seed 002's Go side on Go 1.27 (fetched by the go command through GOTOOLCHAIN). */
export const GO127_TOOLCHAIN = "go1.27.3";

/** How the Go side runs on one Go release: the two builds compared and the questions asked of them. */
interface GoSideRelease {
  bench: string;
  title: string;
  builds: Array<{ id: string; label: string; env: Record<string, string>; config: string }>;
  hypotheses: HypothesisSpec[];
}

const GO_RELEASES: Record<"1.26" | "1.27", GoSideRelease> = {
  "1.26": {
    bench: "seed-002-go",
    title:
      "The same question in real Go: encoding/json on its classic engine vs on the v2 engine (GOEXPERIMENT=jsonv2), five payloads",
    builds: [
      { id: "go-plain", label: "go encoding/json (plain)", env: { GOEXPERIMENT: "" }, config: "none" },
      {
        id: "go-jsonv2",
        label: "go encoding/json (GOEXPERIMENT=jsonv2)",
        env: { GOEXPERIMENT: "jsonv2" },
        config: "jsonv2",
      },
    ],
    hypotheses: GO_HYPOTHESES,
  },
  "1.27": {
    bench: "seed-002-go127",
    title:
      "Seed 002 on real Go 1.27: encoding/json on its default engine (v1 on v2) vs GOEXPERIMENT=nojsonv2 (classic), five payloads",
    builds: [
      {
        id: "go127-classic",
        label: "go 1.27 encoding/json (GOEXPERIMENT=nojsonv2)",
        env: { GOTOOLCHAIN: GO127_TOOLCHAIN, GOEXPERIMENT: "nojsonv2" },
        config: "nojsonv2",
      },
      {
        id: "go127-default",
        label: "go 1.27 encoding/json (default: v1 on v2)",
        env: { GOTOOLCHAIN: GO127_TOOLCHAIN, GOEXPERIMENT: "" },
        config: "none",
      },
    ],
    hypotheses: GO127_HYPOTHESES,
  },
};

/** True when `go` can run the given release (Go 1.27 through GOTOOLCHAIN; the first use downloads it). */
export function goReleaseAvailable(release: "1.26" | "1.27"): boolean {
  if (!hasGo()) return false;
  if (release === "1.26") return true;
  try {
    const v = execFileSync("go", ["version"], {
      env: { ...process.env, GOTOOLCHAIN: GO127_TOOLCHAIN },
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    });
    return v.includes("go1.27");
  } catch {
    return false;
  }
}

type Fn = (...a: unknown[]) => unknown;

/** The Go benchmarks of go-source.ts (V2*: encoding/json/v2, in builds with the jsonv2 experiment). */
const GO_OPS = [
  "UnmarshalAny",
  "UnmarshalTyped",
  "Marshal",
  "V2UnmarshalAny",
  "V2UnmarshalTyped",
  "V2Marshal",
];

/**
 * gojson's side of seed 002 and of the gojson ÷ Go table: codec-v1, codec-v2 with defaultOptionsV1() and
 * codec-v2 with its defaults; unmarshal into any and into the typed value, and marshal of the typed value.
 */
export function gojsonCandidates(inputs: readonly BenchInput[]): InProcessCandidate<BenchInput, any>[] {
  const anyT = () => goTypeOf("", "any");
  const typed = (p: BenchInput) => goTypeOf(p.goSource, p.goType);
  const v2opts = () => defaultOptionsV1();
  const u1 = () => unmarshalV1 as Fn;
  const m1 = () => marshalV1 as Fn;
  const u2 = () => unmarshalV2 as Fn;
  const m2 = () => marshalV2 as Fn;
  // Marshal input: the typed value decoded once, before timing, by codec-v1 (both candidates get the same value).
  const value = (p: BenchInput) => u1()(typed(p), p.bytes);
  // Go sorts map keys (any objects) on marshal: compare with sorted keys.
  const json = (b: Uint8Array) => canonical(JSON.parse(new TextDecoder().decode(b)));
  const want = new Map(inputs.map((p) => [p.id, json(p.bytes)]));
  // What the typed value says: the payload itself, or for a corpus whose Go types write more than it
  // holds (typedWritesMore: a struct field that is not a pointer writes its zero value where the
  // member was absent) the JSON that codec-v1 and codec-v2 with defaultOptionsV1 both write for
  // it, and nothing when they differ.
  const wantTyped = new Map<string, string>();
  const typedWant = (p: BenchInput) => {
    let w = wantTyped.get(p.id);
    if (w === undefined) {
      w = want.get(p.id) as string;
      if (p.typedWritesMore) {
        const v = value(p);
        const a = json(asBytes(m1()(typed(p), v)));
        w = a === json(asBytes(m2()(typed(p), v, v2opts()))) ? a : "(codec-v1 and codec-v2 disagree)";
      }
      wantTyped.set(p.id, w);
    }
    return w;
  };
  const sameJson = (out: unknown, p: { data: BenchInput }) => json(asBytes(out)) === typedWant(p.data);
  const sameAny = (out: unknown, p: { data: BenchInput }) => canonical(out) === want.get(p.data.id);
  // A typed result holds what the payload says: codec-v1 writes it back as the typed value's JSON (as the marshal check).
  const sameTyped = (out: unknown, p: { data: BenchInput }) =>
    json(asBytes(m1()(typed(p.data), out))) === typedWant(p.data);
  // json/v2's defaults write some values differently from the payload (nil slices as []): the exact engine is the reference.
  const sameV2Json = (out: unknown, p: { data: BenchInput }) =>
    canonical(JSON.parse(new TextDecoder().decode(asBytes(out)))) ===
    canonical(JSON.parse(new TextDecoder().decode(asBytes(m2()(typed(p.data), value(p.data))))));
  return [
    {
      id: "v1-unmarshal-any",
      label: "codec-v1 unmarshal → any",
      prepare: () => ({ f: u1(), t: anyT() }),
      run: (s: { f: Fn; t: unknown }, p) => s.f(s.t, p.data.bytes),
      check: sameAny,
    },
    {
      id: "v2v1-unmarshal-any",
      label: "codec-v2 (defaultOptionsV1) unmarshal → any",
      prepare: () => ({ f: u2(), t: anyT(), o: v2opts() }),
      run: (s: { f: Fn; t: unknown; o: unknown }, p) => s.f(s.t, p.data.bytes, s.o),
      check: sameAny,
    },
    {
      id: "v1-marshal",
      label: "codec-v1 marshal (typed)",
      prepare: (p) => ({ f: m1(), t: typed(p.data), v: value(p.data) }),
      run: (s: { f: Fn; t: unknown; v: unknown }) => s.f(s.t, s.v),
      check: sameJson,
    },
    {
      id: "v2v1-marshal",
      label: "codec-v2 (defaultOptionsV1) marshal (typed)",
      prepare: (p) => ({ f: m2(), t: typed(p.data), v: value(p.data), o: v2opts() }),
      run: (s: { f: Fn; t: unknown; v: unknown; o: unknown }) => s.f(s.t, s.v, s.o),
      check: sameJson,
    },
    // Beside Go's own benchmarks of the same operations (the gojson ÷ Go table of the report).
    {
      id: "v1-unmarshal-typed",
      label: "codec-v1 unmarshal (typed)",
      prepare: (p) => ({ f: u1(), t: typed(p.data) }),
      run: (s: { f: Fn; t: unknown }, p) => s.f(s.t, p.data.bytes),
      check: sameTyped,
    },
    {
      id: "v2v1-unmarshal-typed",
      label: "codec-v2 (defaultOptionsV1) unmarshal (typed)",
      prepare: (p) => ({ f: u2(), t: typed(p.data), o: v2opts() }),
      run: (s: { f: Fn; t: unknown; o: unknown }, p) => s.f(s.t, p.data.bytes, s.o),
      check: sameTyped,
    },
    {
      id: "v2-unmarshal-any",
      label: "codec-v2 unmarshal → any",
      prepare: () => ({ f: u2(), t: anyT() }),
      run: (s: { f: Fn; t: unknown }, p) => s.f(s.t, p.data.bytes),
      check: sameAny,
    },
    {
      id: "v2-unmarshal-typed",
      label: "codec-v2 unmarshal (typed)",
      prepare: (p) => ({ f: u2(), t: typed(p.data) }),
      run: (s: { f: Fn; t: unknown }, p) => s.f(s.t, p.data.bytes),
      check: sameTyped,
    },
    {
      id: "v2-marshal",
      label: "codec-v2 marshal (typed)",
      prepare: (p) => ({ f: m2(), t: typed(p.data), v: value(p.data) }),
      run: (s: { f: Fn; t: unknown; v: unknown }) => s.f(s.t, s.v),
      check: sameV2Json,
    },
  ];
}

export async function experimentSuite(): Promise<Suite<BenchInput>> {
  const inputs = seedPayloads();
  return {
    package: "@gojson/seed-bench",
    bench: "seed-002-experiment",
    title:
      "Is Go v1 behaviour through the v2 engine as fast as the v1 engine? codec-v2 with defaultOptionsV1 vs codec-v1, five payloads",
    payloads: inputs.map((p) => ({ id: p.id, label: p.label, bytes: p.bytes.length, data: p })),
    candidates: gojsonCandidates(inputs),
    comparisons: [
      { baseline: "v1-unmarshal-any", candidate: "v2v1-unmarshal-any" },
      { baseline: "v1-marshal", candidate: "v2v1-marshal" },
    ],
    hypotheses: TS_HYPOTHESES,
    // Each codec in its own worker, as Go's two builds ran as separate binaries (see bench/isolation.ts).
    settings: { pairs: 25, sampleTimeMs: 30, isolation: "worker" },
    module: { url: import.meta.url, exportName: "experimentSuite" },
    notes: [
      "Seed 002 (Go 1.27, M4 Max): nojsonv2/default unmarshal-any 0.664× (GSD 1.050, 25 ratios); marshal ~1.5–1.8×. Its per-payload n=5 could never reach p<0.05 with an exact two-sided paired test (min p = 0.0625).",
    ],
  };
}

/**
 * Go side, ABBA, on the same payload bytes: Go 1.26 plain vs GOEXPERIMENT=jsonv2, or (release "1.27")
 * Go 1.27's default engine vs GOEXPERIMENT=nojsonv2. Undefined when that Go cannot run.
 */
export function runGoSide(release: "1.26" | "1.27" = "1.26"): BenchResult | undefined {
  if (!goReleaseAvailable(release)) return undefined;
  const rel = GO_RELEASES[release];
  const [a, b] = rel.builds as [GoSideRelease["builds"][number], GoSideRelease["builds"][number]];
  const quick = isQuick();
  const s = resolveSettings({ pairs: 25 });
  const startedAt = new Date().toISOString();
  const t0 = Date.now();
  const environment = collectEnvironment();
  const inputs = seedPayloads();
  const dir = mkdtempSync(path.join(tmpdir(), "gojson-payloads-"));
  for (const p of inputs) writeFileSync(path.join(dir, `${p.id}.json`), p.bytes);
  // The Go types are the fixtures' own Go source, written into a throwaway module beside the payloads.
  const goDir = writeGoModule(path.join(dir, "go"), inputs);
  const run = runGoBenchmarks({
    dir: goDir,
    candidates: rel.builds.map(({ id, label, env }) => ({ id, label, env })),
    bench: ".",
    pairs: quick ? 2 : 25,
    warmupRounds: 1,
    benchtime: quick ? "5ms" : "40ms",
    procs: 1,
    env: { GOJSON_PAYLOAD_DIR: dir },
  });
  environment.go = {
    version:
      release === "1.26"
        ? run.goVersion
        : execFileSync("go", ["version"], {
            env: { ...process.env, GOTOOLCHAIN: GO127_TOOLCHAIN },
            encoding: "utf8",
          }).trim(),
  };
  const measurements: Measurement[] = [];
  const candidates = [];
  for (const build of [a.id, b.id]) {
    // V2*: encoding/json/v2 itself, only in builds with the jsonv2 experiment (a candidate only where it ran).
    for (const op of GO_OPS) {
      const id = `${build}:${op}`;
      const base = run.candidates.find((c) => c.id === build);
      if (!inputs.some((p) => run.samples.get(build)?.get(`Benchmark${op}/${p.id}`)?.length)) continue;
      candidates.push({ ...(base as NonNullable<typeof base>), id, label: `${base?.label} ${op}` });
      for (const p of inputs) {
        const samples = run.samples.get(build)?.get(`Benchmark${op}/${p.id}`) ?? [];
        if (!samples.length) continue;
        const last = samples[samples.length - 1];
        measurements.push({
          payload: p.id,
          candidate: id,
          samples,
          warmupSamples: 1,
          stats: candidateStats(samples, p.bytes.length),
          memory: {
            method: "go-benchmem",
            bytesPerOp: last?.bytesPerOp ?? Number.NaN,
            ...(last?.allocsPerOp !== undefined ? { allocsPerOp: last.allocsPerOp } : {}),
          },
        });
      }
    }
  }
  const comparisons = buildComparisons(
    measurements,
    inputs.map((p) => p.id),
    [
      { baseline: `${a.id}:UnmarshalAny`, candidate: `${b.id}:UnmarshalAny` },
      { baseline: `${a.id}:Marshal`, candidate: `${b.id}:Marshal` },
    ],
    { metric: "nsPerOp", confidence: s.confidence, alpha: s.alpha, ciMethod: s.ciMethod, test: s.test },
  );
  const hypotheses = rel.hypotheses.map((h) =>
    evaluateHypothesis(
      h,
      comparisons.find((c) => c.baseline === h.baseline && c.candidate === h.candidate && c.payload === "*"),
      startedAt,
    ),
  );
  const goBenchFormat = [...run.raw.entries()]
    .map(([id, text]) => `goexperiment: ${rel.builds.find((x) => x.id === id)?.config ?? "none"}\n${text}`)
    .join("\n");
  const { memory: _m, test: _t, ...settings } = s;
  return {
    schemaVersion: RESULT_SCHEMA_VERSION,
    kind: RESULT_KIND,
    package: "@gojson/seed-bench",
    bench: rel.bench,
    title: rel.title,
    startedAt,
    finishedAt: new Date().toISOString(),
    durationMs: Date.now() - t0,
    environment: finishEnvironment(environment),
    settings: {
      ...settings,
      pairs: quick ? 2 : 25,
      warmupRounds: 1,
      isolation: "process",
      sampleTimeMs: quick ? 5 : 40,
    },
    candidates,
    payloads: inputs.map((p) => ({ id: p.id, label: p.label, bytes: p.bytes.length })),
    measurements,
    comparisons,
    hypotheses,
    tables: [],
    errors: [],
    notes: [
      "go test -c once per build setting (build time not measured); binaries run ABBA with -test.cpu=1 -test.benchmem; one warm-up round discarded.",
      `goBenchFormat is Go's own output with a goexperiment config line per build: \`benchstat -col goexperiment ${rel.bench}.bench.txt\`.`,
    ],
    goBenchFormat,
  };
}

if (isMain(import.meta.url)) {
  console.log(formatSummary(await runSuite(await experimentSuite())));
  for (const release of ["1.26", "1.27"] as const) {
    const go = runGoSide(release);
    if (go) console.log(formatSummary(go));
  }
}
