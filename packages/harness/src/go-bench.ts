/**
 * External commands as candidates: Go benchmarks (`go test -bench`) under two
 * build settings, run in ABBA order, parsed into samples.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { CandidateInfo, Sample } from "./result.js";
import { roundOrder } from "./schedule.js";

/** One parsed line of Go benchmark output. */
export interface GoBenchLine {
  /** Name without the -GOMAXPROCS suffix, e.g. "BenchmarkUnmarshalAny/flat". */
  name: string;
  procs: number;
  iterations: number;
  nsPerOp: number;
  mbPerSec?: number;
  bytesPerOp?: number;
  allocsPerOp?: number;
}

/**
 * Parses `go test -bench` output. Go appends "-N" to a benchmark name only
 * when GOMAXPROCS N ≠ 1, so with `-cpu=1` there is no suffix and a name that
 * itself ends in "-digits" must not lose them: pass the procs the run used.
 */
export function parseGoBench(text: string, procs: number): GoBenchLine[] {
  const out: GoBenchLine[] = [];
  for (const line of text.split("\n")) {
    const m = /^(Benchmark\S*)\s+(\d+)\s+(.*)$/.exec(line.trim());
    if (!m) continue;
    let name = m[1] as string;
    if (procs !== 1 && name.endsWith(`-${procs}`)) name = name.slice(0, -`-${procs}`.length);
    const r: GoBenchLine = { name, procs, iterations: Number(m[2]), nsPerOp: Number.NaN };
    const fields = (m[3] as string).trim().split(/\s+/);
    for (let i = 0; i + 1 < fields.length; i += 2) {
      const v = Number(fields[i]);
      const unit = fields[i + 1];
      if (unit === "ns/op") r.nsPerOp = v;
      else if (unit === "MB/s") r.mbPerSec = v;
      else if (unit === "B/op") r.bytesPerOp = v;
      else if (unit === "allocs/op") r.allocsPerOp = v;
    }
    if (!Number.isNaN(r.nsPerOp)) out.push(r);
  }
  return out;
}

/** A command candidate: a prebuilt `go test -c` binary and its build settings. */
export interface GoCandidate {
  id: string;
  label: string;
  env: Record<string, string>;
}

export interface GoBenchOptions {
  /** Folder with go.mod and *_test.go. */
  dir: string;
  candidates: GoCandidate[];
  /** -bench regexp. */
  bench: string;
  pairs: number;
  warmupRounds: number;
  benchtime: string;
  procs?: number;
  /** Extra environment for every run (e.g. the payload folder). */
  env?: Record<string, string>;
  onRound?: (label: string) => void;
}

export interface GoBenchRun {
  candidates: CandidateInfo[];
  /** Samples per candidate id and benchmark name. */
  samples: Map<string, Map<string, Sample[]>>;
  /** The raw outputs, concatenated per candidate, for benchstat. */
  raw: Map<string, string>;
  goVersion: string;
}

/** True when `go` runs. */
export function hasGo(): boolean {
  return spawnSync("go", ["version"], { stdio: "ignore" }).status === 0;
}

/**
 * Builds one test binary per candidate (build time is not measured), then runs
 * them ABBA-ordered: warm-up rounds discarded, each measured round gives every
 * benchmark one sample per candidate.
 */
export function runGoBenchmarks(o: GoBenchOptions): GoBenchRun {
  const procs = o.procs ?? 1;
  const bin = mkdtempSync(path.join(tmpdir(), "gojson-gobench-"));
  const builds = o.candidates.map((c) => {
    const exe = path.join(bin, `${c.id}.test`);
    execFileSync("go", ["test", "-c", "-o", exe, "."], {
      cwd: o.dir,
      env: { ...process.env, ...c.env },
      stdio: ["ignore", "ignore", "inherit"],
    });
    return { c, exe };
  });
  const goVersion = execFileSync("go", ["version"], { encoding: "utf8" }).trim();
  const samples = new Map<string, Map<string, Sample[]>>();
  const raw = new Map<string, string>();
  for (const b of builds) {
    samples.set(b.c.id, new Map());
    raw.set(b.c.id, "");
  }
  const total = o.warmupRounds + o.pairs;
  for (let round = 0; round < total; round++) {
    const measured = round >= o.warmupRounds;
    const pair = round - o.warmupRounds;
    for (const [position, b] of roundOrder(builds, measured ? pair : round, "ABBA").entries()) {
      const at = new Date().toISOString();
      const out = execFileSync(
        b.exe,
        [
          "-test.run",
          "^$",
          "-test.bench",
          o.bench,
          "-test.benchmem",
          "-test.count",
          "1",
          "-test.benchtime",
          o.benchtime,
          "-test.cpu",
          String(procs),
        ],
        { cwd: o.dir, encoding: "utf8", env: { ...process.env, ...b.c.env, ...o.env } },
      );
      o.onRound?.(`${b.c.id}${measured ? "" : " (warm-up)"}`);
      if (!measured) continue;
      raw.set(b.c.id, (raw.get(b.c.id) ?? "") + out);
      const byName = samples.get(b.c.id) as Map<string, Sample[]>;
      for (const l of parseGoBench(out, procs)) {
        const list = byName.get(l.name) ?? [];
        list.push({
          round: pair,
          pair,
          position,
          iterations: l.iterations,
          wallNs: l.nsPerOp * l.iterations,
          nsPerOp: l.nsPerOp,
          ...(l.bytesPerOp !== undefined ? { bytesPerOp: l.bytesPerOp } : {}),
          ...(l.allocsPerOp !== undefined ? { allocsPerOp: l.allocsPerOp } : {}),
          at,
        });
        byName.set(l.name, list);
      }
    }
  }
  return {
    candidates: o.candidates.map((c) => ({
      id: c.id,
      label: c.label,
      kind: "command" as const,
      command: ["go", "test", "-bench", o.bench, "-benchmem", `-benchtime=${o.benchtime}`, `-cpu=${procs}`],
      env: c.env,
    })),
    samples,
    raw,
    goVersion,
  };
}
