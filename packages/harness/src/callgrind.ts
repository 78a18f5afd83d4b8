/**
 * Instruction-count mode: runs one candidate on one payload under valgrind's
 * callgrind with `node --predictable` (single-threaded, deterministic GC
 * heuristics, compilation on the main thread) at two iteration counts, each
 * after the same warm-up; the difference of the totals divided by the
 * difference of the counts is instructions per op in the optimised steady
 * state, free of start-up and JIT compilation cost and of machine load. Slow
 * (valgrind runs node ~50× slower): optional.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ResultTable } from "./result.js";
import type { Suite } from "./suite-types.js";

/** Default warm-up calls of the instruction-count mode (see CallgrindOptions.warmup). */
export const CALLGRIND_WARMUP = 100;

/** Default valgrind binary. */
export const VALGRIND = "/usr/bin/valgrind";

/** valgrind --version, or undefined when it is absent. */
export function valgrindVersion(bin = VALGRIND): string | undefined {
  const r = spawnSync(bin, ["--version"], { encoding: "utf8" });
  return r.status === 0 ? r.stdout.trim() : undefined;
}

/** Total instructions ("summary:" / "totals:" line) of a callgrind output file. */
export function parseCallgrindTotal(text: string): number {
  const m = /^(?:summary|totals):\s+(\d+)/m.exec(text);
  if (!m) throw new Error("no summary line in callgrind output");
  return Number(m[1]);
}

export interface CallgrindOptions {
  moduleUrl: string;
  exportName: string;
  args?: unknown;
  candidateId: string;
  payloadId: string;
  /** Small and large iteration counts (default 20 and 220). */
  iterations?: [number, number];
  /**
   * Calls made before either count, in both runs (default {@link CALLGRIND_WARMUP}): a compiled
   * codec's first calls run in the interpreter and its optimising compilation would otherwise
   * fall between the two counts and be charged to the steady state.
   */
  warmup?: number;
  /** Node flags in addition to --predictable (e.g. --import tsx when the bench is TypeScript). */
  nodeFlags?: string[];
  valgrind?: string;
}

function scriptUrl(): string {
  const self = import.meta.url;
  return new URL(self.endsWith(".ts") ? "../dist/callgrind-entry.js" : "./callgrind-entry.js", self).href;
}

/** Instructions per op of one candidate on one payload (see module doc). */
export function countInstructions(o: CallgrindOptions): {
  instructionsPerOp: number;
  totals: [number, number];
} {
  const [n1, n2] = o.iterations ?? [20, 220];
  const dir = mkdtempSync(path.join(tmpdir(), "gojson-callgrind-"));
  const run = (n: number): number => {
    const out = path.join(dir, `cg.${n}.out`);
    execFileSync(
      o.valgrind ?? VALGRIND,
      [
        "--tool=callgrind",
        `--callgrind-out-file=${out}`,
        process.execPath,
        "--predictable",
        ...(o.nodeFlags ?? []),
        fileURLToPath(scriptUrl()),
        JSON.stringify({ ...o, warmup: o.warmup ?? CALLGRIND_WARMUP, iterations: n }),
      ],
      { stdio: ["ignore", "ignore", "ignore"], timeout: 20 * 60_000 },
    );
    return parseCallgrindTotal(readFileSync(out, "utf8"));
  };
  try {
    const a = run(n1);
    const b = run(n2);
    return { instructionsPerOp: (b - a) / (n2 - n1), totals: [a, b] };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Instruction counts for every candidate of a suite on the given payloads, as
 * a result table (instructions/op and the ratio to the first candidate).
 * Needs suite.module (the child process rebuilds the suite) and valgrind.
 */
export function instructionTable<D>(
  suite: Suite<D>,
  payloadIds: readonly string[] = suite.payloads.map((p) => p.id),
  iterations: [number, number] = [20, 220],
  warmup: number = CALLGRIND_WARMUP,
): ResultTable {
  if (!suite.module) throw new Error("instruction counts need suite.module");
  const rows: ResultTable["rows"] = [];
  for (const p of payloadIds) {
    let base: number | undefined;
    for (const c of suite.candidates) {
      try {
        const r = countInstructions({
          moduleUrl: suite.module.url,
          exportName: suite.module.exportName,
          args: suite.module.args,
          candidateId: c.id,
          payloadId: p,
          iterations,
          warmup,
        });
        base ??= r.instructionsPerOp;
        rows.push([p, c.id, r.instructionsPerOp, r.instructionsPerOp / base]);
      } catch (e) {
        rows.push([p, c.id, null, null]);
        void e;
      }
    }
  }
  return {
    id: "instructions",
    title: "Instructions per op (valgrind callgrind, node --predictable)",
    columns: ["payload", "candidate", "instructions/op", "ratio to first"],
    rows,
    notes: [
      `(total(${iterations[1]}) − total(${iterations[0]})) / ${iterations[1] - iterations[0]}, both after ${warmup} warm-up calls: start-up and JIT compilation cancel; independent of machine load.`,
    ],
  };
}
