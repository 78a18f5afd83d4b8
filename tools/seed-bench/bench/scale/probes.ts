/**
 * Running the scale probes: the Node probe (probe.mjs, plain node without a TypeScript loader)
 * and the two Go probes (go-probe.ts), each task in a fresh process, and the options every scale
 * bench shares (sizes by flag, a temporary folder for the generated inputs).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import {
  type BenchResult,
  collectEnvironment,
  formatByteSize,
  hasGo,
  isQuick,
  medianSeconds,
  type ProbeReport,
  parseByteSize,
  runProbe,
  type ScaleReport,
  type ScaleRow,
  type ScaleSide,
  scaleResult,
  scaleRow,
} from "@gojson/harness";
import { EVENT_GO_SOURCE } from "./events.js";
import { buildGoProbes, type GoProbes } from "./go-probe.js";

/** The peak RSS a stream reader or writer may reach whatever the stream's length (issue #24). */
export const STREAM_RSS_BOUND = 64 * 1024 * 1024;
/** How much the cost per input byte may grow from its 1 MB value at 100 MB and 1 GB (issue #24). */
export const COST_GROWTH_BOUND = 1.5;
/** V8's longest string (0x1fffffe8 characters): a document past it cannot be one string. */
export const V8_STRING_LIMIT = 0x1fffffe8;

const PROBE = fileURLToPath(new URL("./probe.mjs", import.meta.url));

/** Sizes of a scale run; `pnpm bench` uses the defaults, the full run passes flags. */
export interface ScaleOptions {
  /** Bytes of the NDJSON stream (decoders) and of the written stream (encoders). */
  streamSize: number;
  /** Sizes of the single big document, smallest first (the first is the 1 MB reference). */
  docSizes: number[];
  /** Bytes of the long string and of the escaped string (bounds). */
  stringSize: number;
  /** Struct sizes (fields) of the field-resolution bound. */
  fields: number[];
  /** Type counts of the many-types first-call bound. */
  types: number[];
  /** Run the Go probes (when go is installed). */
  go: boolean;
  /** --max-old-space-size (MB) for Node probes of documents past 200 MB (0: Node's default). */
  bigHeapMb: number;
  /** Keep the generated inputs (for a profiler run by hand). */
  keep: boolean;
  /**
   * Processes per row, in alternating order across the group's rows (A B C, C B A, …): the row
   * keeps the best time and the highest peak RSS. 2 by default, 1 for inputs past 256 MB.
   */
  rounds: number;
  /** A probe still running after this many seconds is killed (its row fails with the signal). */
  probeTimeoutS: number;
}

const MB = 1e6;

/** The document sizes for a largest size: 1 MB, 100 MB when the largest is past it, the largest. */
export function docSizesUpTo(max: number): number[] {
  return [...new Set([MB, ...(max > 100 * MB ? [100 * MB] : []), max])].filter((s) => s <= max || s === MB);
}

/** Default sizes (`pnpm bench`), the quick smoke sizes (GOJSON_BENCH_QUICK=1), overridden by flags. */
export function scaleOptions(argv: readonly string[] = [], quick = isQuick()): ScaleOptions {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      "stream-size": { type: "string" },
      "doc-size": { type: "string" },
      "string-size": { type: "string" },
      fields: { type: "string" },
      types: { type: "string" },
      "no-go": { type: "boolean" },
      keep: { type: "boolean" },
      rounds: { type: "string" },
      "probe-timeout": { type: "string" },
    },
    allowPositionals: true,
    strict: true,
  });
  const streamSize = parseByteSize(values["stream-size"] ?? (quick ? "4MiB" : "64MiB"));
  const docMax = parseByteSize(values["doc-size"] ?? (quick ? "4MB" : "64MB"));
  const fields = (values.fields ?? (quick ? "1000,10000" : "1000,10000,100000"))
    .split(",")
    .map((s) => Number.parseInt(s, 10));
  if (fields.some((k) => !(k > 0)))
    throw new Error(`--fields wants sizes such as 1000,10000: ${values.fields}`);
  const types = (values.types ?? (quick ? "250,1000" : "1000,4000"))
    .split(",")
    .map((s) => Number.parseInt(s, 10));
  if (types.some((k) => !(k > 0))) throw new Error(`--types wants counts such as 1000,4000: ${values.types}`);
  return {
    streamSize,
    docSizes: docSizesUpTo(docMax),
    stringSize: parseByteSize(values["string-size"] ?? (quick ? "2MB" : "16MB")),
    fields,
    types,
    go: !values["no-go"] && hasGo(),
    bigHeapMb: Math.floor((os.totalmem() / 2 ** 20) * 0.6),
    keep: values.keep ?? false,
    rounds: values.rounds ? Number.parseInt(values.rounds, 10) : streamSize > 256 * 2 ** 20 ? 1 : 2,
    probeTimeoutS: values["probe-timeout"] ? Number.parseInt(values["probe-timeout"], 10) : 1800,
  };
}

/** What a row is before it is measured. */
export interface RowBase {
  group: string;
  impl: string;
  label: string;
  side: ScaleSide;
  note?: string;
}

/** Several runs of one probe as one: a failure if any failed, else the fastest run with the highest peak RSS seen. */
export function bestOf(reports: readonly ProbeReport[]): ProbeReport {
  const failed = reports.find((r) => !r.ok);
  if (failed || reports.length <= 1) return failed ?? (reports[0] as ProbeReport);
  const time = (r: ProbeReport) => medianSeconds(r.seconds) ?? Number.POSITIVE_INFINITY;
  const best = reports.reduce((a, b) => (time(b) < time(a) ? b : a));
  const peak = Math.max(...reports.map((r) => r.peakRssBytes ?? 0));
  return { ...best, ...(peak > 0 ? { peakRssBytes: peak } : {}), runs: reports.length };
}

/** A scale run's working state: the temporary folder, the Go probes, the rows so far. */
export class ScaleRun {
  readonly dir: string;
  readonly goFile: string;
  readonly go: GoProbes | undefined;
  readonly rows: ScaleRow[] = [];
  private readonly startedAt = new Date();
  private readonly env = collectEnvironment();

  /** `typeSizes`: the many-types counts whose Go types the probes compile in (the bounds bench's; none elsewhere). */
  constructor(
    readonly options: ScaleOptions,
    private readonly log: (line: string) => void = (l) => console.log(l),
    typeSizes: readonly number[] = [],
  ) {
    this.dir = mkdtempSync(path.join(os.tmpdir(), "gojson-scale-"));
    this.goFile = path.join(this.dir, "events.go");
    writeFileSync(this.goFile, EVENT_GO_SOURCE);
    this.go = options.go ? buildGoProbes(path.join(this.dir, "go"), typeSizes) : undefined;
    if (this.go)
      this.env.go = { version: this.go.version, goexperiment: "jsonv2 (v2 rows); none (classic v1 rows)" };
  }

  /** Runs the Node probe; heapMb raises V8's old-space limit for big documents. */
  node(task: string, impl: string, args: Array<string | number>, heapMb = 0): ProbeReport {
    const flags = heapMb > 0 ? [`--max-old-space-size=${heapMb}`] : [];
    return runProbe([process.execPath, ...flags, PROBE, task, impl, ...args.map(String)], {
      timeoutMs: this.options.probeTimeoutS * 1000,
    });
  }

  /** Runs a Go probe: "v2" on the jsonv2 build, "v1" on the classic build. */
  goRun(task: string, impl: "v1" | "v2", args: Array<string | number>): ProbeReport {
    if (!this.go) return { ok: false, error: "go not installed" };
    return runProbe([impl === "v2" ? this.go.jsonv2 : this.go.classic, task, impl, ...args.map(String)], {
      timeoutMs: this.options.probeTimeoutS * 1000,
    });
  }

  private queue: Array<{ base: RowBase; probe: () => ProbeReport }> = [];
  private queueRounds = 1;

  /**
   * Queues a row of the current group: its probe runs when the group is flushed (by `say`, by a
   * row of another group, or by `result`), `rounds` times (default: the options'), alternating
   * with the group's other rows.
   */
  add(base: RowBase, probe: () => ProbeReport, rounds = this.options.rounds): void {
    if (this.queue.length && this.queue[0]?.base.group !== base.group) this.flush();
    this.queue.push({ base, probe });
    this.queueRounds = Math.max(1, Math.min(rounds, this.options.rounds));
  }

  /** Logs a line after the queued rows have run. */
  say(line: string): void {
    this.flush();
    this.log(line);
  }

  /** Runs the queued rows: rounds in alternating order; each row keeps its best time and highest peak RSS. */
  flush(): void {
    const q = this.queue;
    this.queue = [];
    if (!q.length) return;
    const reports: ProbeReport[][] = q.map(() => []);
    for (let round = 0; round < this.queueRounds; round++) {
      const order = q.map((_, i) => i);
      if (round % 2 === 1) order.reverse();
      for (const i of order)
        (reports[i] as ProbeReport[]).push((q[i] as { probe: () => ProbeReport }).probe());
    }
    for (const [i, e] of q.entries()) this.addRow(e.base, bestOf(reports[i] as ProbeReport[]));
  }

  private addRow(base: RowBase, p: ProbeReport): ScaleRow {
    const row = scaleRow(base, p);
    this.rows.push(row);
    const fig = row.error
      ? `FAILED ${row.error}`
      : `${row.mbPerSec !== undefined ? `${row.mbPerSec.toFixed(1)} MB/s, ` : ""}${row.seconds?.toFixed(3)} s, peak RSS ${((row.peakRssBytes ?? 0) / 2 ** 20).toFixed(1)} MiB${
          row.allocPerInputByte !== undefined ? `, ${row.allocPerInputByte.toFixed(2)} B alloc/B` : ""
        }`;
    this.log(`  ${row.group} ${row.label}: ${fig}`);
    return row;
  }

  /** Peak RSS of an idle probe of each side (imports, parseGo; Go's runtime). */
  baselines(): Partial<Record<ScaleSide, number>> {
    const out: Partial<Record<ScaleSide, number>> = {};
    const n = this.node("idle", "codec-v2", [this.goFile]);
    if (n.ok && n.peakRssBytes) out.gojson = n.peakRssBytes;
    const g = this.goRun("idle", "v2", []);
    if (g.ok && g.peakRssBytes) out.go = g.peakRssBytes;
    return out;
  }

  /** A result document around the rows. */
  result(
    bench: string,
    title: string,
    description: string,
    scale: Omit<ScaleReport, "rows">,
    notes: string[],
  ): BenchResult {
    this.flush();
    return scaleResult({
      package: "@gojson/seed-bench",
      bench,
      title,
      description,
      startedAt: this.startedAt,
      environment: this.env,
      errors: this.rows
        .filter((r) => r.error)
        .map((r) => ({ candidate: r.impl, payload: r.group, message: r.error as string })),
      notes,
      scale: { ...scale, rows: this.rows },
    });
  }

  /** Path of a file in the temporary folder. */
  file(name: string): string {
    return path.join(this.dir, name);
  }

  /** Removes the generated inputs (unless --keep). */
  close(): void {
    if (this.options.keep) this.log(`  inputs kept in ${this.dir}`);
    else rmSync(this.dir, { recursive: true, force: true });
  }
}

/** The Node command line of a full run, as the notes and the report give it. */
export function scaleCommand(bench: string, o: ScaleOptions): string {
  const f = (n: number) => formatByteSize(n).replace(" ", "");
  return bench === "scale-streams"
    ? `pnpm --filter @gojson/seed-bench bench scale-streams --stream-size ${f(o.streamSize)} --doc-size ${f(o.docSizes[o.docSizes.length - 1] ?? MB)}`
    : `pnpm --filter @gojson/seed-bench bench scale-bounds --string-size ${f(o.stringSize)} --fields ${o.fields.join(",")} --types ${o.types.join(",")}`;
}
