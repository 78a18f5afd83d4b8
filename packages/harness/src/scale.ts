/**
 * Scale runs: one implementation over one large input (a stream of gigabytes, a document of
 * hundreds of megabytes), once, in a process of its own so its peak resident memory is its own.
 * These are not paired ABBA samples (one run of a 1 GiB stream is the measurement); they are
 * rows of throughput, peak RSS and bytes allocated, with bounds checked against them
 * (issue-style "peak RSS ≤ 64 MiB whatever the stream length", "cost per byte within 1.5× of
 * its 1 MB value"). A result document carries them in its optional `scale` field.
 */
import { spawnSync } from "node:child_process";

/** Whose code a scale row ran: gojson's packages, Go, or a Node built-in (JSON.parse, readline). */
export type ScaleSide = "gojson" | "go" | "node";

/** One implementation over one input, run once in its own process. */
export interface ScaleRow {
  /** What was done, e.g. "stream-decode", "doc-decode@1MB", "reject-escaped@16MB". */
  group: string;
  /** Stable id of the implementation within its group, e.g. "codec-v2-decodeValues". */
  impl: string;
  label: string;
  side: ScaleSide;
  /** Bytes read (decoders) or written (encoders) by one operation. */
  inputBytes: number;
  /** Values read or written, when the input is a sequence. */
  values?: number;
  /** Checksum of what was read (e.g. the sum of the events' ids): equal across implementations that read the same input. */
  sum?: string;
  /** Wall time of one operation (median of the measured repetitions), seconds. */
  seconds?: number;
  /** inputBytes / seconds in MB/s (MB = 10^6 bytes, as Go's MB/s). */
  mbPerSec?: number;
  /** Peak resident set size of the whole process (getrusage ru_maxrss), bytes. */
  peakRssBytes?: number;
  /** Bytes allocated per input byte during the measured operations (V8 GC profiler / Go's TotalAlloc). */
  allocPerInputByte?: number;
  /** Repetitions measured (after warm-up ones, which are not counted). */
  reps?: number;
  /** Processes run for this row (alternating with the group's other rows): the best time and the highest peak RSS are kept. */
  runs?: number;
  /** Set when the implementation failed: what it threw (cut short). */
  error?: string;
  /** Anything a reader needs to read the row right. */
  note?: string;
  /** Further figures of the task (e.g. prepare, first and second call seconds; the error text of a rejection). */
  extra?: Record<string, number | string>;
}

/** A bound checked against scale rows; `pass` null when the rows it needs are missing. */
export interface ScaleCheck {
  id: string;
  /** The bound in words, e.g. "codec-v2 decodeValues: peak RSS ≤ 64 MiB on the stream". */
  statement: string;
  /** What was observed, in words with the figures. */
  observed: string;
  pass: boolean | null;
  /** What the bound is about, short (e.g. "codec-v2 decodeValues"): the row of a compact verdict table. */
  subject?: string;
  /** The bound alone, short (e.g. "peak RSS ≤ 64 MiB"): the column of a compact verdict table. */
  bound?: string;
  /** The observed figure alone, short (e.g. "65.0 MiB", "0.33× Go"): the cell of a compact verdict table. */
  figure?: string;
}

/** The scale part of a result document. */
export interface ScaleReport {
  rows: ScaleRow[];
  checks: ScaleCheck[];
  /** The commands that reproduce the run (shown with the figures). */
  commands: string[];
  /** Peak RSS of an idle process of each side (the floor under every row), bytes. */
  baselineRssBytes?: Partial<Record<ScaleSide, number>>;
}

const UNITS: Record<string, number> = {
  "": 1,
  B: 1,
  K: 1e3,
  KB: 1e3,
  M: 1e6,
  MB: 1e6,
  G: 1e9,
  GB: 1e9,
  KIB: 1024,
  MIB: 1024 ** 2,
  GIB: 1024 ** 3,
};

/** Parses a byte size such as "64MiB", "1GiB", "100MB", "1e6" or "4096" (MB = 10^6, MiB = 2^20). */
export function parseByteSize(text: string): number {
  const m = /^\s*(\d+(?:\.\d+)?(?:e\d+)?)\s*([a-zA-Z]*)\s*$/.exec(text);
  const unit = m ? UNITS[(m[2] as string).toUpperCase()] : undefined;
  if (!m || unit === undefined) throw new Error(`not a byte size: ${JSON.stringify(text)} (try 64MiB, 1GB)`);
  const n = Math.round(Number(m[1]) * unit);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`not a positive byte size: ${JSON.stringify(text)}`);
  return n;
}

/** A byte size in words: binary units for whole MiB or GiB (64 MiB, 1 GiB) and KiB below 1 MiB, else decimal (100 MB, 64 MB). */
export function formatByteSize(n: number): string {
  for (const [u, f] of [
    ["GiB", 1024 ** 3],
    ["MiB", 1024 ** 2],
  ] as const)
    if (n >= f && n % f === 0) return `${n / f} ${u}`;
  if (n < 1024 ** 2 && n >= 1024 && n % 1024 === 0) return `${n / 1024} KiB`;
  for (const [u, f] of [
    ["GB", 1e9],
    ["MB", 1e6],
    ["kB", 1e3],
  ] as const)
    if (n >= f) return `${Number((n / f).toPrecision(3))} ${u}`;
  return `${n} B`;
}

/** What a probe child prints as its last line of stdout (one JSON object). */
export interface ProbeReport {
  ok: boolean;
  values?: number;
  /** A checksum of what was read or written (compared across implementations). */
  sum?: string;
  inputBytes?: number;
  /** Seconds of each measured repetition. */
  seconds?: number[];
  peakRssBytes?: number;
  allocatedBytes?: number;
  reps?: number;
  error?: string;
  /** Extra figures a task reports (e.g. prepare and first-call times). */
  extra?: Record<string, number | string>;
  /** Runs combined into this report (best time, highest peak RSS), when more than one. */
  runs?: number;
}

/** Runs a probe child (`argv[0]` with the rest as arguments) and returns its report; a crash is a failed report. */
export function runProbe(
  argv: readonly string[],
  options: { env?: Record<string, string>; cwd?: string; timeoutMs?: number } = {},
): ProbeReport {
  const [cmd, ...args] = argv;
  const r = spawnSync(cmd as string, args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    encoding: "utf8",
    maxBuffer: 16 * 1024 * 1024,
    timeout: options.timeoutMs,
  });
  const last = (r.stdout ?? "").trim().split("\n").pop() ?? "";
  if (last.startsWith("{")) {
    try {
      return JSON.parse(last) as ProbeReport;
    } catch {
      // fall through: report the raw output
    }
  }
  const why = r.error
    ? r.error.message
    : r.signal
      ? `killed by ${r.signal}`
      : `exit status ${r.status}: ${lastLines(r.stderr ?? "")}`;
  return { ok: false, error: cut(why, 300) };
}

/** The error line of a crash's stderr (a stack's `SomeError: ...`), else its last non-empty lines. */
function lastLines(s: string): string {
  const lines = s
    .trim()
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);
  const error = lines.find((l) => /^[A-Za-z]*Error\b|^error:|^panic:/.test(l));
  return error ?? lines.slice(-3).join(" / ");
}

/** Cuts a message to `max` characters, marking the cut. */
export function cut(s: string, max: number): string {
  return s.length <= max ? s : `${s.slice(0, max - 1)}…`;
}

/** Median of the measured seconds (undefined when none). */
export function medianSeconds(xs: readonly number[] | undefined): number | undefined {
  if (!xs || xs.length === 0) return undefined;
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

/** A scale row from a probe report. */
export function scaleRow(
  base: Omit<ScaleRow, "inputBytes"> & { inputBytes?: number },
  p: ProbeReport,
): ScaleRow {
  const inputBytes = p.inputBytes ?? base.inputBytes ?? 0;
  const row: ScaleRow = { ...base, inputBytes };
  if (!p.ok) {
    row.error = cut(p.error ?? "failed", 300);
    if (p.peakRssBytes !== undefined) row.peakRssBytes = p.peakRssBytes;
    return row;
  }
  const s = medianSeconds(p.seconds);
  if (p.values !== undefined) row.values = p.values;
  if (p.sum !== undefined) row.sum = p.sum;
  if (p.extra !== undefined) row.extra = p.extra;
  if (s !== undefined) {
    row.seconds = s;
    if (inputBytes > 0 && s > 0) row.mbPerSec = inputBytes / 1e6 / s;
  }
  if (p.peakRssBytes !== undefined) row.peakRssBytes = p.peakRssBytes;
  if (p.allocatedBytes !== undefined && inputBytes > 0)
    row.allocPerInputByte = p.allocatedBytes / (inputBytes * Math.max(1, p.reps ?? p.seconds?.length ?? 1));
  if (p.reps !== undefined) row.reps = p.reps;
  if (p.runs !== undefined && p.runs > 1) row.runs = p.runs;
  return row;
}
