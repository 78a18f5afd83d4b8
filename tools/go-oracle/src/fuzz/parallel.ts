/**
 * A campaign split over processes (`--jobs N`): the blocks of a run are dealt to N worker
 * processes (`conformance --shard k/N`, each with its own Go processes), the Go releases run
 * side by side, and the workers' summaries are merged into the summary one process would
 * have written. Node runs the codecs and the harness on one core, so on a machine with two
 * cores two workers do twice the cases in the same time.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { GoVersion } from "../go-version.js";
import type { Engine } from "../protocol.js";
import type { ConformanceSummary, EngineSummary, Example } from "./campaign.js";

/** Distinct disagreements kept per engine and in all (as one process keeps them). */
const MAX_EXAMPLES_PER_ENGINE = 60;
const MAX_EXAMPLES = 200;
const MAX_SKIPPED_EXAMPLES = 40;
/** Cases of a block (campaign.ts deals blocks to shards). */
const BLOCK = 1024;

function addCounts(into: Record<string, number>, from: Record<string, number> | undefined): void {
  for (const [k, n] of Object.entries(from ?? {})) into[k] = (into[k] ?? 0) + n;
}

/**
 * One summary out of the summaries of a run's shards: tallies added, the first example of each
 * behaviour (by seed) kept, within the limits one process keeps.
 */
export function mergeSummaries(parts: readonly ConformanceSummary[]): ConformanceSummary {
  const first = parts[0];
  if (!first) throw new Error("mergeSummaries: no parts");
  const engines: Partial<Record<Engine, EngineSummary>> = {};
  for (const p of parts)
    for (const [e, s] of Object.entries(p.engines) as [Engine, EngineSummary][]) {
      const t = (engines[e] ??= { cases: 0, agreements: 0, disagreements: 0, skipped: 0, byKind: {} });
      t.cases += s.cases;
      t.agreements += s.agreements;
      t.disagreements += s.disagreements;
      t.skipped += s.skipped;
      addCounts(t.byKind, s.byKind);
      if (s.skippedBy) addCounts((t.skippedBy ??= {}), s.skippedBy);
      if (s.bySignature) addCounts((t.bySignature ??= {}), s.bySignature);
    }
  const examples: Example[] = [];
  const seen = new Set<string>();
  const perEngine = new Map<Engine, number>();
  for (const x of parts.flatMap((p) => p.examples).sort((a, b) => a.seed - b.seed)) {
    if (seen.has(x.signature) || examples.length >= MAX_EXAMPLES) continue;
    if ((perEngine.get(x.engine) ?? 0) >= MAX_EXAMPLES_PER_ENGINE) continue;
    seen.add(x.signature);
    perEngine.set(x.engine, (perEngine.get(x.engine) ?? 0) + 1);
    examples.push(x);
  }
  const out: ConformanceSummary = {
    generatedAt: new Date().toISOString(),
    ...(first.goVersion === undefined ? {} : { goVersion: first.goVersion }),
    runs: first.runs,
    seed: first.seed,
    engines,
    unavailable: first.unavailable,
    examples,
  };
  if (parts.some((p) => p.goAnswers)) {
    const g = { recorded: 0, replayed: 0, live: 0, rejudged: 0 };
    for (const p of parts)
      for (const k of Object.keys(g) as (keyof typeof g)[]) g[k] += p.goAnswers?.[k] ?? 0;
    out.goAnswers = g;
  }
  // Parts are shards 0..n-1 of one run: a shard that finished ran every n-th block of 1024 cases.
  if (parts.some((p) => p.stopped)) {
    let casesRun = 0;
    parts.forEach((p, i) => {
      casesRun += p.stopped?.casesRun ?? shardCases(first.runs, i, parts.length);
    });
    out.stopped = { casesRun, reason: "time limit" };
  }
  const skipped = parts.flatMap((p) => p.skippedExamples ?? []).sort((a, b) => a.seed - b.seed);
  const whys = new Set<string>();
  for (const x of skipped) {
    const why = `${x.engine}|${x.why
      .replace(/"[^"]*"/g, "S")
      .replace(/[0-9]+/g, "N")
      .slice(0, 80)}`;
    if (whys.has(why) || (out.skippedExamples?.length ?? 0) >= MAX_SKIPPED_EXAMPLES) continue;
    whys.add(why);
    (out.skippedExamples ??= []).push(x);
  }
  return out;
}

/** Cases in shard `index` of `count` of a run of `runs` cases (blocks of BLOCK dealt in turn). */
export function shardCases(runs: number, index: number, count: number): number {
  let n = 0;
  for (let start = index * BLOCK; start < runs; start += BLOCK * count) n += Math.min(BLOCK, runs - start);
  return n;
}

/** What a worker is asked to run. */
export interface PartRequest {
  go: GoVersion;
  runs: number;
  seed: number;
  shrinkBudget?: number;
  index: number;
  count: number;
  /** Stop after the block that ends past this time (ms since the epoch). */
  deadline?: number;
  /** Go's recorded answers (answers.ts); undefined: ask Go for everything (`--live`). */
  answers?: string;
}

function runWorker(cli: string, req: PartRequest, out: string): Promise<ConformanceSummary> {
  const args = [
    cli,
    "conformance",
    "--go",
    req.go,
    "--runs",
    String(req.runs),
    "--seed",
    String(req.seed),
    "--shard",
    `${req.index}/${req.count}`,
    "--out",
    out,
    ...(req.shrinkBudget === undefined ? [] : ["--shrink", String(req.shrinkBudget)]),
    ...(req.deadline === undefined ? [] : ["--deadline", String(req.deadline)]),
    ...(req.answers === undefined ? ["--live"] : ["--answers", req.answers]),
  ];
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, [...process.execArgv, ...args], {
      stdio: ["ignore", "inherit", "inherit"],
    });
    p.on("error", reject);
    p.on("exit", (code, signal) => {
      if (code !== 0) {
        reject(
          new Error(`conformance worker go${req.go} ${req.index}/${req.count} exited (${code ?? signal})`),
        );
        return;
      }
      try {
        resolve(JSON.parse(readFileSync(out, "utf8")) as ConformanceSummary);
      } catch (e) {
        reject(e);
      }
    });
  });
}

/**
 * Runs every release's campaign in `jobs` worker processes at once (each release gets
 * `jobs / releases` of them, at least one) and resolves each release's merged summary.
 */
export function runParts(
  cli: string,
  opts: {
    versions: readonly GoVersion[];
    runs: number;
    seed: number;
    shrinkBudget?: number;
    jobs: number;
    deadline?: number;
    answers?: string;
  },
): Map<GoVersion, Promise<ConformanceSummary>> {
  const dir = mkdtempSync(join(tmpdir(), "go-oracle-parts-"));
  const count = Math.max(1, Math.floor(opts.jobs / opts.versions.length));
  const out = new Map<GoVersion, Promise<ConformanceSummary>>();
  const all: Promise<unknown>[] = [];
  for (const go of opts.versions) {
    const parts = Array.from({ length: count }, (_, index) =>
      runWorker(
        cli,
        {
          go,
          runs: opts.runs,
          seed: opts.seed,
          index,
          count,
          ...(opts.shrinkBudget === undefined ? {} : { shrinkBudget: opts.shrinkBudget }),
          ...(opts.deadline === undefined ? {} : { deadline: opts.deadline }),
          ...(opts.answers === undefined ? {} : { answers: opts.answers }),
        },
        join(dir, `part-${go}-${index}.json`),
      ),
    );
    const merged = Promise.all(parts).then(mergeSummaries);
    out.set(go, merged);
    all.push(merged.catch(() => {}));
  }
  void Promise.all(all).then(() => rmSync(dir, { recursive: true, force: true }));
  return out;
}
