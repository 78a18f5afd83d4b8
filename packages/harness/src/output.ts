import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { BenchResult } from "./result.js";

/** Environment variable that overrides where results are written. */
export const RESULTS_DIR_ENV = "GOJSON_RESULTS_DIR";

/** results/ at the workspace root (the folder holding pnpm-workspace.yaml), or GOJSON_RESULTS_DIR. */
export function resultsDir(from = process.cwd()): string {
  const env = process.env[RESULTS_DIR_ENV];
  if (env) return path.resolve(env);
  let dir = path.resolve(from);
  for (;;) {
    if (existsSync(path.join(dir, "pnpm-workspace.yaml"))) return path.join(dir, "results");
    const up = path.dirname(dir);
    if (up === dir) return path.resolve(from, "results");
    dir = up;
  }
}

/** File stem of a result: "@gojson/codec-v1" + "peers" → "codec-v1-peers". */
export function resultStem(pkg: string, bench: string): string {
  return `${pkg.replace(/^@[^/]+\//, "")}-${bench}`;
}

/**
 * A measurement as Go's testing package prints it: whole units from 999.95 up, then one more
 * decimal per decade down, so every value keeps about four significant digits and benchstat
 * reads back the number that was measured.
 */
export function goBenchNumber(n: number): string {
  const y = Math.abs(n);
  if (y === 0 || y >= 999.95) return n.toFixed(0);
  if (y >= 99.995) return n.toFixed(1);
  if (y >= 9.9995) return n.toFixed(2);
  if (y >= 0.99995) return n.toFixed(3);
  if (y >= 0.099995) return n.toFixed(4);
  if (y >= 0.0099995) return n.toFixed(5);
  if (y >= 0.00099995) return n.toFixed(6);
  return n.toFixed(7);
}

/** Go benchmark name segment: spaces and other separators benchstat dislikes become "_". */
export function goName(s: string): string {
  return s.replace(/[\s,]+/g, "_");
}

/**
 * The samples in Go's benchmark text format: a header, then a `candidate: X`
 * configuration line per candidate followed by one line per sample
 * (`BenchmarkBench/payload=P  N  X ns/op  [MB/s]  [B/op]  [allocs/op]`).
 * `benchstat -col .config.candidate`… or simply `benchstat -col candidate file` compares them.
 */
export function toGoBenchFormat(r: BenchResult): string {
  const lines = [
    `goos: ${r.environment.os.platform}`,
    `goarch: ${r.environment.os.arch === "x64" ? "amd64" : r.environment.os.arch}`,
    `pkg: ${r.package}`,
    `cpu: ${r.environment.cpuModel}`,
    `node: ${r.environment.node}`,
  ];
  const name = goName(r.bench.replace(/^./, (c) => c.toUpperCase()));
  for (const c of r.candidates) {
    lines.push("", `candidate: ${goName(c.id)}`);
    for (const m of r.measurements.filter((x) => x.candidate === c.id)) {
      const bytes = r.payloads.find((p) => p.id === m.payload)?.bytes;
      for (const s of m.samples) {
        let line = `Benchmark${name}/payload=${goName(m.payload)}\t${s.iterations}\t${goBenchNumber(s.nsPerOp)} ns/op`;
        if (bytes) line += `\t${goBenchNumber((bytes * 1e3) / s.nsPerOp)} MB/s`;
        const b = s.bytesPerOp ?? m.memory?.bytesPerOp;
        if (b !== undefined) line += `\t${Math.round(b)} B/op`;
        const a = s.allocsPerOp ?? m.memory?.allocsPerOp;
        if (a !== undefined) line += `\t${Math.round(a)} allocs/op`;
        lines.push(line);
      }
    }
  }
  return `${lines.join("\n")}\n`;
}

/** Writes results/<stem>.json and results/<stem>.bench.txt (Go format); returns the JSON path. */
export function writeResult(r: BenchResult, dir = resultsDir()): string {
  mkdirSync(dir, { recursive: true });
  const stem = resultStem(r.package, r.bench);
  const file = path.join(dir, `${stem}.json`);
  writeFileSync(file, `${JSON.stringify(r, null, 2)}\n`);
  writeFileSync(path.join(dir, `${stem}.bench.txt`), r.goBenchFormat ?? toGoBenchFormat(r));
  return file;
}
