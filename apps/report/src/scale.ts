/**
 * The streams, big documents and bounds section: the scale part of a result document
 * (`result.scale`: one run per implementation in its own process, bounds checked against the
 * rows) as a verdict table, which the first page shows, and the figures per group, which are
 * folded. Both renderers use this model.
 */
import type { BenchResult, ScaleCheck, ScaleRow } from "@gojson/harness";
import { fixed } from "./format.js";

/** A check's verdict as the report prints it. */
export type ScaleVerdict = "pass" | "FAIL" | "not run";

/** One table of rows (one group: a stream, a document size, a struct size). */
export interface ScaleTable {
  id: string;
  title: string;
  head: string[];
  rows: string[][];
}

/** A compact verdict table: subjects as rows, bounds as columns, `pass 60.0 MiB` in the cells. */
export interface ScaleMatrix {
  head: string[];
  rows: string[][];
}

/** The section of one result document that carries a `scale` part. */
export interface ScaleSection {
  result: BenchResult;
  checks: ScaleCheck[];
  /** The checks as compact tables (subjects sharing bounds together); empty when a check lacks subject or bound. */
  matrices: ScaleMatrix[];
  passed: number;
  failed: number;
  notRun: number;
  tables: ScaleTable[];
  commands: string[];
  notes: string[];
}

/** pass, FAIL or not run. */
export function scaleVerdict(c: ScaleCheck): ScaleVerdict {
  return c.pass === null ? "not run" : c.pass ? "pass" : "FAIL";
}

/** True for a document that holds scale rows (rendered in its own section, not as a paired benchmark). */
export function isScaleResult(r: BenchResult): boolean {
  return r.scale !== undefined;
}

const mib = (b: number | undefined) => (b === undefined ? "—" : `${fixed(b / 2 ** 20, 1)} MiB`);

/** A byte count in decimal units (MB = 10^6 B), as the rows' sizes are given. */
function size(n: number): string {
  for (const [u, f] of [
    ["GB", 1e9],
    ["MB", 1e6],
    ["kB", 1e3],
  ] as const)
    if (n >= f) return `${Number((n / f).toPrecision(3))} ${u}`;
  return `${n} B`;
}

function groupTitle(group: string, rows: readonly ScaleRow[]): string {
  const [kind, at] = group.split("@");
  const bytes = rows.find((r) => r.inputBytes > 0)?.inputBytes ?? 0;
  const n = rows.find((r) => r.values !== undefined)?.values;
  switch (kind) {
    case "stream-decode":
      return `Stream decode: ${size(bytes)} of NDJSON${n !== undefined ? ` (${fixed(n, 0)} events)` : ""} into Go types`;
    case "stream-encode":
      return `Stream encode: ${n !== undefined ? `${fixed(n, 0)} events, ` : ""}${size(bytes)} of NDJSON`;
    case "doc-decode":
      return `One document of ${at}: unmarshal`;
    case "doc-encode":
      return `One document of ${at}: marshal`;
    case "string-decode":
      return `One JSON string of ${at} into a Go string`;
    case "reject":
      return `An escaped string of ${at} where an int is expected: time to reject`;
    case "fields":
      return `A struct of ${at} fields: declare the type, then unmarshal twice`;
    case "encode-cost":
      return `Stream encode per value: marshalEncode against marshal${n !== undefined ? ` (${fixed(n, 0)} events a round)` : ""}`;
    default:
      return group;
  }
}

function err(r: ScaleRow): string {
  return r.error ? `failed: ${r.error}` : (r.note ?? "");
}

/** CPU nanoseconds per input byte of one operation (extra.cpuSeconds), or a dash. */
function cpuPerByte(r: ScaleRow): string {
  const c = r.extra?.cpuSeconds;
  return typeof c === "number" && r.inputBytes > 0 ? fixed((c * 1e9) / r.inputBytes, 2) : "—";
}

function tableFor(group: string, rows: readonly ScaleRow[], index: number): ScaleTable {
  const kind = group.split("@")[0];
  const id = `scale-${index}`;
  const title = groupTitle(group, rows);
  if (kind === "fields") {
    const head = [
      "implementation",
      "declare s",
      "first unmarshal s",
      "second s",
      "peak RSS",
      "allocated per field",
    ];
    return {
      id,
      title,
      head,
      rows: rows.map((r) => [
        r.label,
        ...(["prepareSeconds", "firstSeconds", "secondSeconds"] as const).map((k) =>
          typeof r.extra?.[k] === "number" ? fixed(r.extra[k] as number, 4) : "—",
        ),
        mib(r.peakRssBytes),
        r.allocPerInputByte !== undefined && r.values
          ? `${fixed((r.allocPerInputByte * r.inputBytes) / r.values / 1e3, 1)} kB`
          : r.error
            ? `failed: ${r.error}`
            : "—",
      ]),
    };
  }
  if (kind === "encode-cost") {
    const head = [
      "implementation",
      "ns per value",
      "marshal ns per value",
      "ratio (median of pairs)",
      "peak RSS",
    ];
    const per = (x: unknown, r: ScaleRow) =>
      typeof x === "number" && r.values ? fixed((x * 1e9) / r.values, 0) : "—";
    return {
      id,
      title,
      head,
      rows: rows.map((r) => [
        r.label,
        per(r.seconds, r),
        per(r.extra?.marshalSeconds, r),
        typeof r.extra?.ratio === "number"
          ? `${fixed(r.extra.ratio, 2)}×`
          : r.error
            ? `failed: ${r.error}`
            : "—",
        mib(r.peakRssBytes),
      ]),
    };
  }
  if (kind === "reject") {
    const head = ["implementation", "s", "ns per input byte", "peak RSS", "error text"];
    return {
      id,
      title,
      head,
      rows: rows.map((r) => [
        r.label,
        fixed(r.seconds, 4),
        r.seconds !== undefined ? fixed((r.seconds * 1e9) / r.inputBytes, 2) : "—",
        mib(r.peakRssBytes),
        r.error ? `failed: ${r.error}` : String(r.extra?.message ?? ""),
      ]),
    };
  }
  const go = rows.find((r) => r.impl === "go-v2")?.mbPerSec;
  const remarks = rows.some((r) => r.error || r.note);
  // CPU time of one operation (every thread, GC included), where the probes measured it: a figure
  // other processes on the machine disturb less than the wall time.
  const cpu = rows.some((r) => typeof r.extra?.cpuSeconds === "number");
  const head = [
    "implementation",
    "MB/s",
    ...(go !== undefined ? ["÷ Go v2's MB/s"] : []),
    "ns per byte",
    ...(cpu ? ["CPU ns per byte"] : []),
    "peak RSS",
    "allocated per input byte",
    ...(remarks ? ["remark"] : []),
  ];
  return {
    id,
    title,
    head,
    rows: rows.map((r) => [
      r.label,
      fixed(r.mbPerSec, 1),
      ...(go !== undefined ? [r.mbPerSec !== undefined ? `${fixed(r.mbPerSec / go, 2)}×` : "—"] : []),
      r.seconds !== undefined && r.inputBytes > 0 ? fixed((r.seconds * 1e9) / r.inputBytes, 2) : "—",
      ...(cpu ? [cpuPerByte(r)] : []),
      mib(r.peakRssBytes),
      r.allocPerInputByte !== undefined ? `${fixed(r.allocPerInputByte, 2)} B` : "—",
      ...(remarks ? [err(r)] : []),
    ]),
  };
}

/** The scale sections of the report: streams first, then the other documents in their order. */
export function scaleSections(results: readonly BenchResult[]): ScaleSection[] {
  const out: ScaleSection[] = [];
  // Streams before bounds (the documents arrive sorted by file name).
  const ordered = [...results].sort(
    (a, b) => Number(!a.bench.includes("stream")) - Number(!b.bench.includes("stream")),
  );
  for (const r of ordered) {
    const s = r.scale;
    if (!s) continue;
    const groups: string[] = [];
    for (const row of s.rows) if (!groups.includes(row.group)) groups.push(row.group);
    const checks = s.checks;
    const baseline = s.baselineRssBytes;
    const floor =
      baseline && (baseline.gojson !== undefined || baseline.go !== undefined)
        ? [
            `An idle process peaks at ${[
              baseline.gojson !== undefined ? `${mib(baseline.gojson)} (Node with the packages loaded)` : "",
              baseline.go !== undefined ? `${mib(baseline.go)} (Go)` : "",
            ]
              .filter(Boolean)
              .join(" and ")}: the floor under every peak RSS.`,
          ]
        : [];
    out.push({
      result: r,
      checks,
      matrices: scaleMatrices(checks),
      passed: checks.filter((c) => c.pass === true).length,
      failed: checks.filter((c) => c.pass === false).length,
      notRun: checks.filter((c) => c.pass === null).length,
      tables: groups.map((g, i) =>
        tableFor(
          g,
          s.rows.filter((x) => x.group === g),
          out.length * 100 + i + 1,
        ),
      ),
      commands: s.commands,
      notes: [...floor, ...r.notes],
    });
  }
  return out;
}

/**
 * The checks as compact tables: one row per subject, one column per bound, a cell per check
 * (`pass 60.0 MiB`, `FAIL 0.33× Go`, `not run`). Subjects that share a bound share a table.
 */
export function scaleMatrices(checks: readonly ScaleCheck[]): ScaleMatrix[] {
  if (checks.length === 0 || checks.some((c) => !c.subject || !c.bound)) return [];
  const subjects: string[] = [];
  const bounds = new Map<string, string[]>();
  for (const c of checks) {
    const s = c.subject as string;
    if (!subjects.includes(s)) subjects.push(s);
    const bs = bounds.get(s) ?? [];
    if (!bs.includes(c.bound as string)) bs.push(c.bound as string);
    bounds.set(s, bs);
  }
  // Union of subjects that share a bound (a table each), in the order they first appear.
  const tables: Array<{ subjects: string[]; bounds: string[] }> = [];
  for (const s of subjects) {
    const mine = bounds.get(s) as string[];
    const joined = tables.filter((t) => t.bounds.some((b) => mine.includes(b)));
    const into = joined[0] ?? { subjects: [], bounds: [] };
    if (!joined.length) tables.push(into);
    for (const t of joined.slice(1)) {
      into.subjects.push(...t.subjects);
      for (const b of t.bounds) if (!into.bounds.includes(b)) into.bounds.push(b);
      tables.splice(tables.indexOf(t), 1);
    }
    into.subjects.push(s);
    for (const b of mine) if (!into.bounds.includes(b)) into.bounds.push(b);
  }
  return tables.map((t) => ({
    head: ["", ...t.bounds],
    rows: t.subjects.map((s) => [
      s,
      ...t.bounds.map((b) => {
        const c = checks.find((x) => x.subject === s && x.bound === b);
        if (!c) return "";
        const v = scaleVerdict(c);
        return v === "not run" ? v : `${v} ${c.figure ?? ""}`.trim();
      }),
    ]),
  }));
}

/** One line per section: `Streams …: 9 of 16 bounds hold, 5 fail, 2 not run.` */
export function scaleSummary(s: ScaleSection): string {
  const total = s.checks.length;
  const parts = [`${s.passed} of ${total} bound${total === 1 ? "" : "s"} hold`];
  if (s.failed) parts.push(`${s.failed} fail`);
  if (s.notRun) parts.push(`${s.notRun} not run`);
  return `${parts.join(", ")}${s.result.settings.quick ? " (quick smoke run: not evidence)" : ""}`;
}
