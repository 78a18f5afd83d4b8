import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import fc from "fast-check";
import type { GoVersion } from "../go-version.js";
import { type Oracle, oracleSourceHash } from "../oracle.js";
import type { Engine, OracleResponse } from "../protocol.js";
import { AnswerStore, blockKey, REPLAY_MISS, RecordingOracle, ReplayOracle, requestKey } from "./answers.js";
import { CompiledOracle, type CompiledSource, type Family } from "./compiled.js";
import {
  type Answer,
  type Codecs,
  caseArb,
  describe,
  difference,
  enginesOf,
  type FuzzCase,
  goRequest,
  HarnessError,
  loadCodecs,
  runCodec,
  runGo,
} from "./differential.js";
import { appendNotes } from "./notes.js";
import { runParts } from "./parallel.js";
import { reproduce } from "./repro.js";
import { retag, seedTag } from "./retag.js";
import { needsCompiler, REG, renderGo, type TypeSpec } from "./spec.js";

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
  /** Disagreements by behaviour (kind, Go's error and gojson's, numbers and quoted text stripped). */
  bySignature?: Record<string, number>;
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
  /** A standalone Go program and the TypeScript call that reproduce it. */
  repro?: string;
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
  /** Set when the run stopped before `runs` cases (`--max-seconds`): how many cases it ran. */
  stopped?: { casesRun: number; reason: string };
  /** The first case of each reason for skipping (Go panicked, the oracle could not serve it). */
  skippedExamples?: { engine: Engine; why: string; seed: number; text: string }[];
  /**
   * Where Go's answers came from, in blocks (answers.ts): asked of Go and recorded, replayed from a
   * record, or asked of Go without recording (no store, or an answer missing); and how many
   * disagreements met with replayed answers were judged again by live Go.
   */
  goAnswers?: { recorded: number; replayed: number; live: number; rejudged: number };
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
    case "named":
      return hasMap(t.u, seen);
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

/** A disagreement: the case and both answers. */
interface Found {
  c: FuzzCase;
  go: Answer;
  ts: Answer;
}

type Judgement = Awaited<ReturnType<typeof judge>>;

/** Murmur3's 32-bit finaliser: nearby inputs give unrelated outputs. */
function fmix32(x: number): number {
  let h = x >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * The seed of case `i` of the campaign with seed `seed` (fast-check seeds are 32-bit): the
 * campaign seed is scattered first, so campaigns with nearby seeds (1, 2, 3) run different
 * cases. Examples print this seed; `--case` replays it.
 */
export function caseSeed(seed: number, i: number): number {
  return (fmix32(seed) + i) >>> 0;
}

/** The seed of a campaign run without `--seed`. */
const DEFAULT_SEED = 20261202;

/** Part `index` of `count` of a campaign (run by one process of `--jobs`). */
export interface Shard {
  index: number;
  count: number;
}

/** Cases judged together (requests in flight at once). */
const BATCH = 64;
/** Cases generated together: the compiled ones among them make one program per engine family. */
const BLOCK = 1024;
/** How long shrinking a compiled case may take (each new type is a `go build`). */
const COMPILED_SHRINK_MS = 30_000;
/** Programs kept built while shrinking one compiled case. */
const SHRINK_PROGRAMS = 16;

/** The engine families (binaries) the engines need. */
function familiesOf(engines: readonly Engine[]): Family[] {
  const out: Family[] = [];
  if (engines.includes("v1")) out.push("classic");
  if (engines.includes("v1v2") || engines.includes("v2")) out.push("v2");
  return out;
}

/** The compiled part of a case (its declarations go into a generated program). */
export function compiledSource(c: FuzzCase): CompiledSource {
  const r = renderGo(c.spec);
  return { goSource: r.goSource, own: r.own, names: r.names, roots: [r.type] };
}

/**
 * Shrinks a failing seed to a minimal counterexample of the same kind. Compiled
 * cases build a program per distinct type met while shrinking (kept for reuse,
 * a few at a time), within a time limit.
 */
async function shrink(
  oracle: Oracle,
  codecs: Codecs,
  engine: Engine,
  seed: number,
  kind: string,
  release: GoVersion,
): Promise<Found | undefined> {
  let last: Found | undefined;
  const programs = new Map<string, CompiledOracle>();
  // fast-check's time limit returns while a property may still be building: programs built after that are closed at once.
  let done = false;
  const oracleFor = async (c: FuzzCase): Promise<Oracle | undefined> => {
    if (!needsCompiler(c.spec)) return oracle;
    const src = compiledSource(c);
    let co = programs.get(src.goSource);
    if (!co) {
      try {
        co = await CompiledOracle.build(oracle, release, [src], familiesOf([engine]));
      } catch {
        return undefined;
      }
      if (done) {
        co.close();
        return undefined;
      }
      programs.set(src.goSource, co);
      if (programs.size > SHRINK_PROGRAMS) {
        const [oldest, p] = programs.entries().next().value as [string, CompiledOracle];
        p.close();
        programs.delete(oldest);
      }
    }
    return co;
  };
  const first = fc.sample(caseArb, { seed, numRuns: 1 })[0] as FuzzCase;
  try {
    await fc.check(
      fc.asyncProperty(caseArb, async (c) => {
        const o = await oracleFor(c);
        if (!o) return true;
        const j = await judge(o, codecs, c, engine, release);
        if (j.skipped || j.kind !== kind) return true;
        last = { c, go: j.go, ts: j.ts };
        return false;
      }),
      {
        seed,
        numRuns: 1,
        endOnFailure: false,
        maxSkipsPerRun: 0,
        ...(needsCompiler(first.spec) ? { interruptAfterTimeLimit: COMPILED_SHRINK_MS } : {}),
      },
    );
  } finally {
    done = true;
    for (const p of programs.values()) p.close();
  }
  return last;
}

/** Runs `runs` cases on every engine with a codec against one Go release and returns the tallies. */
export async function campaign(
  oracle: Oracle,
  opts: {
    runs: number;
    seed?: number;
    shrinkBudget?: number;
    go?: GoVersion;
    shard?: Shard;
    /** `seed` is the first case's own seed (`--case`: replay a case an example names). */
    exact?: boolean;
    /** Stop after the block that ends past this time (ms since the epoch; `--max-seconds`). */
    deadline?: number;
    /** Record Go's answers per block here and replay recorded blocks (undefined: always ask Go). */
    answers?: AnswerStore;
  },
): Promise<ConformanceSummary> {
  const seed = opts.seed ?? DEFAULT_SEED;
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
  const record = async (s: number, c: FuzzCase, engine: Engine, j: Judgement) => {
    const t = summary.engines[engine] as EngineSummary;
    if (j.skipped) {
      t.skipped++;
      const why = String(j.why ?? "?")
        .replace(/"[^"]*"/g, "S")
        .replace(/[0-9]+/g, "N")
        .slice(0, 80);
      t.skippedBy ??= {};
      t.skippedBy[why] = (t.skippedBy[why] ?? 0) + 1;
      if (t.skippedBy[why] === 1 && (summary.skippedExamples?.length ?? 0) < 40) {
        summary.skippedExamples ??= [];
        summary.skippedExamples.push({
          engine,
          why: String(j.why).slice(0, 2000),
          seed: s,
          text: describe(c, engine, {}, {}, release),
        });
      }
      return;
    }
    t.cases++;
    if (j.kind === "") {
      t.agreements++;
      return;
    }
    t.disagreements++;
    t.byKind[j.kind] = (t.byKind[j.kind] ?? 0) + 1;
    const sig = `${engine}|${signature(j.kind, j.go, j.ts)}`;
    t.bySignature ??= {};
    t.bySignature[sig] = (t.bySignature[sig] ?? 0) + 1;
    if (seen.has(sig)) return;
    const perEngine = summary.examples.filter((x) => x.engine === engine).length;
    if (perEngine >= MAX_EXAMPLES_PER_ENGINE) return;
    seen.add(sig);
    let found: Found = { c, go: j.go, ts: j.ts };
    let shrunk = false;
    if ((shrunkCount[engine] ?? 0) < shrinkBudget) {
      shrunkCount[engine] = (shrunkCount[engine] ?? 0) + 1;
      const small = await shrink(oracle, codecs, engine, s, j.kind, release);
      if (small) {
        found = small;
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
        text: describe(found.c, engine, found.go, found.ts, release),
        repro: reproduce(found.c, engine, release, found.go, found.ts),
      });
  };
  const store = opts.exact ? undefined : opts.answers;
  const goAnswers = { recorded: 0, replayed: 0, live: 0, rejudged: 0 };
  /**
   * Judges cases with `o`; with `live` (a replayed block), a disagreement or a missing answer
   * is judged again with the live oracle `live` gives for the case.
   */
  const judgeAll = async (
    o: Oracle,
    cases: { s: number; c: FuzzCase }[],
    live?: (c: FuzzCase) => Promise<Oracle | string>,
  ) => {
    for (let i = 0; i < cases.length; i += BATCH) {
      const results = await Promise.all(
        cases
          .slice(i, i + BATCH)
          .flatMap(({ s, c }) =>
            engines.map(async (engine) => ({ s, c, engine, j: await judge(o, codecs, c, engine, release) })),
          ),
      );
      for (const { s, c, engine, j } of results) {
        let v: Judgement = j;
        if (live && (j.skipped ? String(j.why).includes(REPLAY_MISS) : j.kind !== "")) {
          goAnswers.rejudged++;
          const lo = await live(c);
          v =
            typeof lo === "string" ? { skipped: true, why: lo } : await judge(lo, codecs, c, engine, release);
        }
        await record(s, c, engine, v);
      }
    }
  };
  const families = familiesOf(engines);
  type Block = {
    start: number;
    n: number;
    cases: { s: number; c: FuzzCase }[];
    compiled: { s: number; c: FuzzCase }[];
    building?: Promise<{ co: CompiledOracle } | { error: string }>;
    /** The block's request keys and record name (with a store). */
    keys: string[];
    key: string;
    /** Go's recorded answers to every request of the block. */
    stored?: Map<string, OracleResponse>;
  };
  const toolchain = store ? oracle.goVersion(release) : "";
  // A block's compiled cases are built while the block before it is judged.
  const prepare = (start: number): Block => {
    const n = Math.min(BLOCK, opts.runs - start);
    const cases = Array.from({ length: n }, (_, i) => {
      const cs = opts.exact ? seed + start + i : caseSeed(seed, start + i);
      return { s: cs, c: retag(fc.sample(caseArb, { seed: cs, numRuns: 1 })[0] as FuzzCase, seedTag(cs)) };
    });
    const compiled = cases.filter(({ c }) => needsCompiler(c.spec));
    const keys = store
      ? cases.flatMap(({ c }) => engines.map((e) => requestKey(goRequest(c, e, release), release)))
      : [];
    const key = store ? blockKey(toolchain, oracleSourceHash(), keys) : "";
    const stored = store?.load(key, keys);
    const b: Block = { start, n, cases, compiled, keys, key, ...(stored ? { stored } : {}) };
    if (compiled.length > 0 && !stored)
      b.building = CompiledOracle.build(
        oracle,
        release,
        compiled.map(({ c }) => compiledSource(c)),
        families,
      ).then(
        (co) => ({ co }),
        (e: unknown) => ({ error: String(e) }),
      );
    return b;
  };
  let casesRun = 0;
  // A shard judges every count-th block, from its index on (the cases are those of a whole run).
  const { index, count } = opts.shard ?? { index: 0, count: 1 };
  const step = BLOCK * count;
  let next: Block | undefined = index * BLOCK < opts.runs ? prepare(index * BLOCK) : undefined;
  while (next) {
    const b: Block = next;
    next = b.start + step < opts.runs ? prepare(b.start + step) : undefined;
    const t0 = Date.now();
    if (b.stored) {
      // Replayed: Go's recorded answers; a disagreement is judged again by live Go.
      goAnswers.replayed++;
      const programs: CompiledOracle[] = [];
      const live = async (c: FuzzCase): Promise<Oracle | string> => {
        if (!needsCompiler(c.spec)) return oracle;
        try {
          const co = await CompiledOracle.build(oracle, release, [compiledSource(c)], families);
          programs.push(co);
          return co;
        } catch (e) {
          return `go build failed: ${String(e).slice(0, 300)}`;
        }
      };
      try {
        await judgeAll(new ReplayOracle(release, b.stored, toolchain), b.cases, live);
      } finally {
        for (const p of programs) p.close();
      }
      if (process.env.GOJSON_ORACLE_VERBOSE)
        console.error(`block ${b.start}: ${b.n} cases replayed ${Date.now() - t0} ms`);
      casesRun += b.n;
      if (opts.deadline !== undefined && Date.now() >= opts.deadline && next) {
        const dropped: Block = next;
        next = undefined;
        await dropped.building?.then((r) => ("co" in r ? r.co.close() : undefined));
        summary.stopped = { casesRun, reason: "time limit" };
      }
      continue;
    }
    const answers = new Map<string, OracleResponse>();
    const asked = (o: Oracle): Oracle => (store ? new RecordingOracle(o, answers) : o);
    await judgeAll(
      asked(oracle),
      b.cases.filter(({ c }) => !needsCompiler(c.spec)),
    );
    const t1 = Date.now();
    const built = await b.building;
    const t2 = Date.now();
    if (built && "co" in built) {
      try {
        await judgeAll(asked(built.co), b.compiled);
      } finally {
        built.co.close();
      }
    } else if (built) {
      for (const { s, c } of b.compiled)
        for (const engine of engines)
          await record(s, c, engine, { skipped: true, why: `go build failed: ${built.error.slice(0, 300)}` });
    }
    if (process.env.GOJSON_ORACLE_VERBOSE)
      console.error(
        `block ${b.start}: ${b.n - b.compiled.length} reflect cases ${t1 - t0} ms, build wait ${t2 - t1} ms, ${b.compiled.length} compiled cases ${Date.now() - t2} ms`,
      );
    if (store?.save(b.key, b.keys, answers)) goAnswers.recorded++;
    else goAnswers.live++;
    casesRun += b.n;
    if (opts.deadline !== undefined && Date.now() >= opts.deadline && next) {
      // Out of time: the block being built is dropped, and the summary says how far the run got.
      const dropped: Block = next;
      next = undefined;
      await dropped.building?.then((r) => ("co" in r ? r.co.close() : undefined));
      summary.stopped = { casesRun, reason: "time limit" };
    }
  }
  summary.goAnswers = goAnswers;
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
  opts: {
    runs: number;
    out: string;
    seed?: number;
    failOn?: readonly string[];
    versions?: GoVersion[];
    shrinkBudget?: number;
    /** Append the disagreements to `oracle-disagreements-<engine>-<release>.md` files in this directory. */
    notesDir?: string;
    /** The command line, for the notes. */
    command?: string;
    /** Worker processes (see parallel.ts); 1 runs everything in this process, one release after another. */
    jobs?: number;
    /** The script workers run (this command line's own). */
    cli?: string;
    /** `seed` is a case seed (`--case`): see campaign(). */
    exact?: boolean;
    /** Stop each release's run after about this many seconds (`--max-seconds`); the summary says how far it got. */
    maxSeconds?: number;
    /** Directory of Go's recorded answers (answers.ts); undefined asks Go for everything (`--live`). */
    answers?: string;
    /** Receives each release's summary (the CLI adds them up over seeds). */
    collect?: (go: GoVersion, summary: ConformanceSummary) => void;
  },
): Promise<number> {
  const versions = opts.versions ?? [oracle.go];
  const failing: string[] = [];
  const jobs = opts.jobs ?? 1;
  const t0 = Date.now();
  const deadline = opts.maxSeconds === undefined ? undefined : t0 + opts.maxSeconds * 1000;
  let parts: Map<GoVersion, Promise<ConformanceSummary>> | undefined;
  if (jobs > 1 && opts.cli) {
    // Build each release's oracle here first, so the workers find the binaries built.
    for (const go of versions) oracle.goVersion(go);
    parts = runParts(opts.cli, {
      versions,
      runs: opts.runs,
      seed: opts.seed ?? DEFAULT_SEED,
      jobs,
      ...(opts.shrinkBudget === undefined ? {} : { shrinkBudget: opts.shrinkBudget }),
      ...(deadline === undefined ? {} : { deadline }),
      ...(opts.answers === undefined ? {} : { answers: opts.answers }),
    });
  }
  const store = opts.answers === undefined ? undefined : new AnswerStore(opts.answers);
  const done: ConformanceSummary[] = [];
  for (const go of versions) {
    const t1 = parts ? t0 : Date.now();
    const summary =
      (await parts?.get(go)) ??
      (await campaign(oracle, {
        runs: opts.runs,
        seed: opts.seed,
        go,
        ...(opts.exact ? { exact: true } : {}),
        // one release after another: each gets its share of the time left
        ...(deadline === undefined
          ? {}
          : { deadline: Date.now() + (deadline - Date.now()) / (versions.length - versions.indexOf(go)) }),
        ...(opts.shrinkBudget === undefined ? {} : { shrinkBudget: opts.shrinkBudget }),
        ...(store === undefined ? {} : { answers: store }),
      }));
    done.push(summary);
    opts.collect?.(go, summary);
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
    if (opts.notesDir)
      for (const f of appendNotes(opts.notesDir, go, opts.command ?? "conformance", summary))
        console.log(`appended ${f}`);
    console.log(
      `${summary.goVersion}: seed ${summary.seed}, ${summary.examples.length} distinct disagreements; wrote ${files.join(", ")} in ${((Date.now() - t1) / 1000).toFixed(1)} s${parts ? ` (${jobs} jobs)` : ""}${summary.stopped ? `; stopped by the time limit after ${summary.stopped.casesRun} of ${summary.runs} runs` : ""}`,
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
  console.log(
    closingLine(
      `seed ${opts.seed ?? DEFAULT_SEED}${opts.exact ? " (case)" : ""}, ${opts.runs} runs`,
      done,
      (Date.now() - t0) / 1000,
    ),
  );
  if (failing.length > 0) console.log(`failing: ${failing.join("; ")}`);
  return failing.length > 0 ? 1 : 0;
}

/**
 * The last line of a run, for a closing note: disagreements / cases judged per release and
 * engine, skips, the total, and where Go's answers came from.
 */
export function closingLine(what: string, summaries: readonly ConformanceSummary[], seconds: number): string {
  let total = 0;
  let skipped = 0;
  const g = { recorded: 0, replayed: 0, live: 0, rejudged: 0 };
  const releases = summaries.map((s) => {
    const engines = Object.entries(s.engines).map(([e, t]) => {
      total += t.disagreements;
      skipped += t.skipped;
      return `${e} ${t.disagreements}/${t.cases}`;
    });
    for (const k of Object.keys(g) as (keyof typeof g)[]) g[k] += s.goAnswers?.[k] ?? 0;
    const stopped = s.stopped ? ` (stopped after ${s.stopped.casesRun} runs)` : "";
    // An engine whose codec did not load (e.g. its dist was being rebuilt) must not look like agreement.
    const missing =
      s.unavailable.length > 0 ? ` NOT RUN: ${s.unavailable.join(", ")} (codec did not load)` : "";
    return `${s.goVersion ?? "go?"} ${engines.join(" ")}${stopped}${missing}`;
  });
  const answers =
    g.replayed + g.recorded + g.live > 0
      ? `; Go answers: ${g.replayed} blocks replayed (${g.rejudged} re-asked live), ${g.recorded + g.live} asked of Go (${g.recorded} recorded)`
      : "";
  return `SUMMARY ${what}: ${releases.join("; ")} (disagreements/cases; ${skipped} skipped): ${total} disagreements${answers}; ${seconds.toFixed(0)} s`;
}
