import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import fc from "fast-check";
import type { GoVersion } from "../go-version.js";
import type { Oracle } from "../oracle.js";
import type { Engine } from "../protocol.js";
import {
  type Answer,
  type Codecs,
  caseArb,
  describe,
  difference,
  enginesOf,
  type FuzzCase,
  HarnessError,
  loadCodecs,
  runCodec,
  runGo,
} from "./differential.js";
import { REG, renderGo, type TypeSpec } from "./spec.js";

/** Per-engine tallies of a campaign. */
export interface EngineSummary {
  cases: number;
  agreements: number;
  disagreements: number;
  /** Cases Go itself could not run (e.g. a type reflect cannot build); not counted either way. */
  skipped: number;
  byKind: Record<string, number>;
  /** Why cases were skipped (the oracle could not serve them, or the harness failed), by reason. */
  skippedBy?: Record<string, number>;
}

/** One shrunk (or raw) disagreement. */
export interface Example {
  title: string;
  engine: Engine;
  kind: string;
  signature: string;
  seed: number;
  shrunk: boolean;
  text: string;
}

/** The summary written to results/conformance.json. */
export interface ConformanceSummary {
  generatedAt: string;
  goVersion?: string;
  runs: number;
  seed: number;
  engines: Partial<Record<Engine, EngineSummary>>;
  unavailable: Engine[];
  examples: Example[];
}

const MAX_SHRUNK_PER_ENGINE = 12;
const MAX_EXAMPLES_PER_ENGINE = 60;

function signature(kind: string, go: Answer, ts: Answer): string {
  const strip = (s?: string) =>
    (s ?? "")
      .replace(/[0-9]+/g, "N")
      .replace(/"[^"]*"/g, "S")
      .slice(0, 80);
  return `${kind}|${strip(go.error)}|${strip(ts.error ?? ts.crash)}`;
}

async function judge(oracle: Oracle, codecs: Codecs, c: FuzzCase, engine: Engine, release: GoVersion) {
  let go: Awaited<ReturnType<typeof runGo>>;
  try {
    go = await runGo(oracle, c, engine, release);
  } catch (e) {
    return { skipped: true as const, why: String(e) };
  }
  if (go.oracleError) return { skipped: true as const, why: go.oracleError };
  // Go itself crashed (a runtime panic inside encoding/json, e.g. v1's API on the v2 engine
  // reading on after an inlined jsontext.Value that is not an object): nothing to agree with.
  // Counted as skipped, by panic text, in skippedBy.
  if (go.crash !== undefined) return { skipped: true as const, why: go.crash };
  try {
    const ts = runCodec(codecs, c, engine, release);
    let kind = difference(go, ts, c.op);
    // Go is not deterministic here: json/v2 marshals the names of a map with non-string keys in
    // its random map order before sorting them, so which failing name it reports varies. Ask Go
    // again a few times; an answer it can give is an agreement.
    for (let k = 0; kind === "error-text" && c.op === "marshal" && hasMap(c.spec) && k < 8; k++) {
      const again = await runGo(oracle, c, engine, release);
      if (
        again.oracleError === undefined &&
        again.crash === undefined &&
        difference(again, ts, c.op) === ""
      ) {
        go = again;
        kind = "";
      }
    }
    return { skipped: false as const, go, ts, kind };
  } catch (e) {
    // The harness (not the codec) failed, e.g. a tree too deep to convert: not counted either way.
    if (e instanceof HarnessError || e instanceof RangeError)
      return { skipped: true as const, why: String(e) };
    throw e;
  }
}

/** Whether a type spec holds a map anywhere (registry types are looked through). */
function hasMap(t: TypeSpec, seen = new Set<string>()): boolean {
  switch (t.k) {
    case "map":
      return true;
    case "slice":
    case "array":
    case "ptr":
      return hasMap(t.e, seen);
    case "struct":
      return t.fields.some((f) => hasMap(f.t, seen));
    case "reg":
      if (seen.has(t.name)) return false;
      seen.add(t.name);
      return hasMap(REG[t.name].shape, seen);
    default:
      return false;
  }
}

/** Shrinks a failing seed to a minimal counterexample of the same kind. */
async function shrink(
  oracle: Oracle,
  codecs: Codecs,
  engine: Engine,
  seed: number,
  kind: string,
  release: GoVersion,
): Promise<string | undefined> {
  let last: string | undefined;
  await fc.check(
    fc.asyncProperty(caseArb, async (c) => {
      const j = await judge(oracle, codecs, c, engine, release);
      if (j.skipped || j.kind !== kind) return true;
      last = describe(c, engine, j.go, j.ts, release);
      return false;
    }),
    { seed, numRuns: 1, endOnFailure: false, maxSkipsPerRun: 0 },
  );
  return last;
}

/** Runs `runs` cases on every engine with a codec against one Go release and returns the tallies. */
export async function campaign(
  oracle: Oracle,
  opts: { runs: number; seed?: number; shrinkBudget?: number; go?: GoVersion },
): Promise<ConformanceSummary> {
  const seed = opts.seed ?? 20261202;
  const release = opts.go ?? oracle.go;
  const codecs = await loadCodecs();
  const all: Engine[] = ["v1", "v1v2", "v2"];
  const engines = codecs ? enginesOf(codecs) : [];
  const summary: ConformanceSummary = {
    generatedAt: new Date().toISOString(),
    goVersion: oracle.goVersion(release),
    runs: opts.runs,
    seed,
    engines: {},
    unavailable: all.filter((e) => !engines.includes(e)),
    examples: [],
  };
  if (!codecs) return summary;
  for (const e of engines)
    summary.engines[e] = { cases: 0, agreements: 0, disagreements: 0, skipped: 0, byKind: {} };
  const seen = new Set<string>();
  const shrinkBudget = opts.shrinkBudget ?? MAX_SHRUNK_PER_ENGINE;
  const shrunkCount: Partial<Record<Engine, number>> = {};
  const BATCH = 64;
  for (let start = 0; start < opts.runs; start += BATCH) {
    const n = Math.min(BATCH, opts.runs - start);
    const cases = Array.from({ length: n }, (_, i) => ({
      s: seed + start + i,
      c: fc.sample(caseArb, { seed: seed + start + i, numRuns: 1 })[0] as FuzzCase,
    }));
    const results = await Promise.all(
      cases.flatMap(({ s, c }) =>
        engines.map(async (engine) => ({
          s,
          c,
          engine,
          j: await judge(oracle, codecs, c, engine, release),
        })),
      ),
    );
    for (const { s, c, engine, j } of results) {
      const t = summary.engines[engine] as EngineSummary;
      if (j.skipped) {
        t.skipped++;
        const why = String(j.why ?? "?")
          .replace(/"[^"]*"/g, "S")
          .replace(/[0-9]+/g, "N")
          .slice(0, 80);
        t.skippedBy ??= {};
        t.skippedBy[why] = (t.skippedBy[why] ?? 0) + 1;
        continue;
      }
      t.cases++;
      if (j.kind === "") {
        t.agreements++;
        continue;
      }
      t.disagreements++;
      t.byKind[j.kind] = (t.byKind[j.kind] ?? 0) + 1;
      const sig = `${engine}|${signature(j.kind, j.go, j.ts)}`;
      if (seen.has(sig)) continue;
      const perEngine = summary.examples.filter((x) => x.engine === engine).length;
      if (perEngine >= MAX_EXAMPLES_PER_ENGINE) continue;
      seen.add(sig);
      let text = describe(c, engine, j.go, j.ts, release);
      let shrunk = false;
      if ((shrunkCount[engine] ?? 0) < shrinkBudget) {
        shrunkCount[engine] = (shrunkCount[engine] ?? 0) + 1;
        const small = await shrink(oracle, codecs, engine, s, j.kind, release);
        if (small) {
          text = small;
          shrunk = true;
        }
      }
      if (summary.examples.length < 200)
        summary.examples.push({
          title: `${engine} go${release} ${j.kind}: ${c.op} ${renderGo(c.spec).type}`,
          engine,
          kind: j.kind,
          signature: sig,
          seed: s,
          shrunk,
          text,
        });
    }
  }
  return summary;
}

/** The summary file of one release when a run covers several: `conformance.json` → `conformance-go1.27.json`. */
export function outFor(out: string, go: GoVersion): string {
  return out.endsWith(".json") ? `${out.slice(0, -5)}-go${go}.json` : `${out}-go${go}`;
}

/**
 * The `conformance` command: runs a campaign per Go release and writes the
 * summary files (one release: `out`; several: `out` per release with a `-go<release>`
 * suffix, and `out` itself holding the newest release's summary).
 */
export async function runCampaign(
  oracle: Oracle,
  opts: { runs: number; out: string; seed?: number; failOn?: readonly string[]; versions?: GoVersion[] },
): Promise<number> {
  const versions = opts.versions ?? [oracle.go];
  const failing: string[] = [];
  for (const go of versions) {
    const t0 = Date.now();
    const summary = await campaign(oracle, { runs: opts.runs, seed: opts.seed, go });
    const files = versions.length === 1 ? [opts.out] : [outFor(opts.out, go)];
    if (versions.length > 1 && go === versions[versions.length - 1]) files.push(opts.out);
    for (const f of files) {
      mkdirSync(dirname(f), { recursive: true });
      writeFileSync(f, `${JSON.stringify(summary, null, 2)}\n`);
    }
    for (const [e, s] of Object.entries(summary.engines)) {
      console.log(
        `${summary.goVersion} ${e}: ${s.cases} cases, ${s.agreements} agree, ${s.disagreements} disagree, ${s.skipped} skipped ${JSON.stringify(s.byKind)}`,
      );
    }
    if (summary.unavailable.length) console.log(`no codec for: ${summary.unavailable.join(", ")}`);
    console.log(
      `${summary.goVersion}: seed ${summary.seed}, ${summary.examples.length} distinct disagreements; wrote ${files.join(", ")} in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
    );
    // Kinds of disagreement that fail the run (CI fails on crashes: a codec must never throw a non-Go error).
    failing.push(
      ...Object.entries(summary.engines).flatMap(([e, s]) =>
        (opts.failOn ?? [])
          .filter((k) => (s.byKind[k] ?? 0) > 0)
          .map((k) => `go${go} ${e}: ${s.byKind[k]} ${k}`),
      ),
    );
  }
  if (failing.length > 0) console.log(`failing: ${failing.join("; ")}`);
  return failing.length > 0 ? 1 : 0;
}
