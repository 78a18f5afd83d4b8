/**
 * gojson ÷ Go, paired: gojson's candidates of seed 002 (codec-v1, codec-v2 with
 * defaultOptionsV1, codec-v2) and real Go (Go 1.26 plain and
 * GOEXPERIMENT=jsonv2; Go 1.27 nojsonv2 and its default engine, when it can be
 * fetched) as candidates of one harness suite. Go runs as external candidates
 * (go-driver.ts), so each round samples gojson and the Go it is compared with
 * back to back, and each ratio is paired per round: the machine's load moves
 * both sides alike instead of biasing one run made minutes after the other.
 * The report's gojson ÷ Go table reads this document when it is present.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  type BenchResult,
  type Candidate,
  type ComparisonSpec,
  type ExternalCandidate,
  hasGo,
  runSuite,
  type Suite,
} from "@gojson/harness";
import { GO127_TOOLCHAIN, gojsonCandidates, goReleaseAvailable } from "./experiment-002.js";
import { buildGoDriver } from "./go-driver.js";
import { type BenchInput, vsGoInputs } from "./inputs.js";

/** One Go build of the driver, as the suite's factory receives it (workers rebuild the suite from this). */
export interface VsGoBuild {
  id: string;
  label: string;
  /** `go version`'s release, e.g. "go1.26.8". */
  version: string;
  /** gojson's engine the build's encoding/json is compared with: classic ("v1") or v1 on the v2 engine ("v2v1"). */
  engine: "v1" | "v2v1";
  exe: string;
  ops: string[];
}

export interface VsGoArgs {
  payloadDir: string;
  builds: VsGoBuild[];
}

/** The Go builds of the gojson ÷ Go suites: id, label, release, the gojson engine its encoding/json is compared with, and its environment. */
const GO_BUILDS: Array<{
  id: string;
  label: string;
  release: "1.26" | "1.27";
  engine: "v1" | "v2v1";
  env: Record<string, string>;
}> = [
  {
    id: "go-plain",
    label: "Go 1.26 encoding/json",
    release: "1.26",
    engine: "v1",
    env: { GOEXPERIMENT: "" },
  },
  {
    id: "go-jsonv2",
    label: "Go 1.26 GOEXPERIMENT=jsonv2",
    release: "1.26",
    engine: "v2v1",
    env: { GOEXPERIMENT: "jsonv2" },
  },
  {
    id: "go127-classic",
    label: "Go 1.27 GOEXPERIMENT=nojsonv2",
    release: "1.27",
    engine: "v1",
    env: { GOTOOLCHAIN: GO127_TOOLCHAIN, GOEXPERIMENT: "nojsonv2" },
  },
  {
    id: "go127-default",
    label: "Go 1.27 (v1 on the v2 engine)",
    release: "1.27",
    engine: "v2v1",
    env: { GOTOOLCHAIN: GO127_TOOLCHAIN, GOEXPERIMENT: "" },
  },
];

/** Go's operation → gojson's candidate (engine prefix + operation). */
export function gojsonCounterpart(engine: "v1" | "v2v1", goOp: string): string | undefined {
  const ops: Record<string, string> = {
    UnmarshalAny: "unmarshal-any",
    UnmarshalTyped: "unmarshal-typed",
    Marshal: "marshal",
  };
  const v2 = goOp.startsWith("V2");
  const op = ops[v2 ? goOp.slice(2) : goOp];
  if (!op) return undefined;
  return `${v2 ? "v2" : engine}-${op}`;
}

/** The paired suite; `args` come from the job (the Go binaries are built once, before any worker starts). */
export async function vsGoSuite(args: VsGoArgs): Promise<Suite<BenchInput>> {
  const inputs = vsGoInputs();
  const ts = gojsonCandidates(inputs);
  const { candidates, comparisons } = pairWithGo(
    ts,
    args,
    (b, op) => {
      const counterpart = gojsonCounterpart(b.engine, op);
      return counterpart && ts.some((c) => c.id === counterpart) ? counterpart : undefined;
    },
    (op) => (op.startsWith("V2") ? `encoding/json/v2 ${op.slice(2)}` : op),
  );
  return {
    package: "@gojson/seed-bench",
    bench: "seed-002-vs-go",
    title: "gojson ÷ Go, paired: seed 002's operations in gojson and in real Go, sampled in the same rounds",
    description:
      "Each round samples every candidate once, gojson and the Go builds it is compared with next to each other; ratios are gojson ÷ Go per round (below 1: gojson faster).",
    payloads: inputs.map((p) => ({ id: p.id, label: p.label, bytes: p.bytes.length, data: p })),
    candidates,
    comparisons,
    settings: { pairs: 12, sampleTimeMs: 30, isolation: "worker" },
    module: { url: import.meta.url, exportName: "vsGoSuite", args },
    notes: [
      "Go runs as external candidates: a generated program per build with the bodies of the Go benchmarks of seed-002-go, the same payload bytes and Go types; its samples are timed by Go (time.Now, getrusage) after a runtime.GC, as testing.B does, and its B/op are runtime.MemStats deltas, as -benchmem.",
      "gojson's candidates run in worker threads (one per candidate), as in seed-002-experiment.",
    ],
  };
}

/**
 * gojson's candidates, each followed by the Go runs it is compared with (ABBA keeps them neighbours
 * in every round), and the comparisons: `counterpart` names the gojson candidate of a build's
 * operation (undefined: not compared), `opLabel` its label after the build's.
 */
export function pairWithGo(
  ts: readonly Candidate<BenchInput, any>[],
  args: VsGoArgs,
  counterpart: (b: VsGoBuild, op: string) => string | undefined,
  opLabel: (op: string) => string,
): { candidates: Candidate<BenchInput, any>[]; comparisons: ComparisonSpec[] } {
  const comparisons: ComparisonSpec[] = [];
  const goFor = new Map<string, ExternalCandidate[]>();
  for (const b of args.builds)
    for (const op of b.ops) {
      const ts = counterpart(b, op);
      if (ts === undefined) continue;
      const id = `${b.id}:${op}`;
      const list = goFor.get(ts) ?? [];
      list.push({
        id,
        label: `${b.label} ${opLabel(op)}`,
        library: b.version,
        // One OS thread for Go code, as seed-002-go's `go test -cpu 1`.
        external: {
          command: b.exe,
          args: [op],
          env: { GOJSON_PAYLOAD_DIR: args.payloadDir, GOMAXPROCS: "1" },
        },
      });
      goFor.set(ts, list);
      comparisons.push({ baseline: id, candidate: ts });
    }
  return { candidates: ts.flatMap((c) => [c, ...(goFor.get(c.id) ?? [])]), comparisons };
}

/**
 * A paired job: writes the inputs' bytes, builds the Go drivers that can be built here (Go 1.27
 * only when it can be fetched), runs the suite made from them; undefined without Go.
 */
export async function runPairedWithGo(
  name: string,
  inputs: readonly BenchInput[],
  suite: (args: VsGoArgs) => Promise<Suite<BenchInput>>,
): Promise<BenchResult | undefined> {
  if (!hasGo()) return undefined;
  const dir = mkdtempSync(path.join(tmpdir(), `gojson-${name}-`));
  for (const p of inputs) writeFileSync(path.join(dir, `${p.id}.json`), p.bytes);
  const builds: VsGoBuild[] = [];
  for (const b of GO_BUILDS) {
    if (!goReleaseAvailable(b.release)) continue;
    const built = buildGoDriver(path.join(dir, "go", b.id), inputs, "driver", b.env);
    builds.push({ ...b, version: built.version, exe: built.exe, ops: built.ops });
  }
  const r = await runSuite(await suite({ payloadDir: dir, builds }));
  r.environment.go = { version: builds.map((b) => `${b.id}: ${b.version}`).join("; ") };
  return r;
}

/** The job: builds the Go drivers that can be built here and runs the paired suite; undefined without Go. */
export function runVsGo(): Promise<BenchResult | undefined> {
  return runPairedWithGo("vs-go", vsGoInputs(), vsGoSuite);
}
