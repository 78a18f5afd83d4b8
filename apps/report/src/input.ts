/**
 * What the report renders: the harness's result documents plus the two
 * summaries written by other tools. The summaries have no published type yet
 * (tools/go-oracle and @gojson/fixtures are being written), so this file holds
 * small local stand-ins and tolerant readers that accept the likely shapes and
 * ignore unknown fields.
 */
import type { BenchResult } from "@gojson/harness";

/** Agreement counts of one engine (classic v1, v1-on-v2, v2) against the Go oracle. */
export interface ConformanceEngine {
  engine: string;
  cases: number;
  agreements: number;
  disagreements: number;
}

/** One shrunk counterexample from the differential campaign. */
export interface ConformanceExample {
  engine: string;
  title: string;
  /** Remaining fields as `name: text` pairs in a stable order (Go source, input bytes, both answers). */
  fields: Array<[string, string]>;
}

/** Conformance summary (results/conformance.json written by tools/go-oracle). */
export interface ConformanceSummary {
  source: string;
  generatedAt?: string;
  runs?: number;
  seed?: string;
  engines: ConformanceEngine[];
  examples: ConformanceExample[];
}

/** One documented v1/v2 difference, with what each version did. */
export interface Difference {
  id: string;
  title: string;
  input?: string;
  v1: string;
  v2: string;
  why?: string;
}

/** The v1/v2 difference table and where it came from. */
export interface DifferenceTable {
  source: string;
  rows: Difference[];
}

/** Everything one report is rendered from. */
export interface ReportInput {
  /** Bench result documents, in a stable order (package, then bench). */
  results: BenchResult[];
  conformance?: ConformanceSummary;
  differences?: DifferenceTable;
  /** Files that were read but not understood (name and why), reported in "not tested". */
  skipped?: Array<{ file: string; reason: string }>;
  /** Directory the inputs were read from, shown in the report (relative or as given). */
  resultsDir?: string;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/** Renders any JSON value as short text: strings as they are, everything else as canonical JSON. */
export function textOf(v: unknown): string {
  if (v === undefined) return "";
  if (typeof v === "string") return v;
  return stableStringify(v);
}

/** JSON.stringify with object keys sorted, so equal values print equal bytes. */
export function stableStringify(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stableStringify).join(",")}]`;
  if (isObj(v)) {
    const keys = Object.keys(v).sort();
    return `{${keys
      .filter((k) => v[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${stableStringify(v[k])}`)
      .join(",")}}`;
  }
  return JSON.stringify(v) ?? "null";
}

function pick(o: Obj, ...names: string[]): unknown {
  for (const n of names) if (o[n] !== undefined) return o[n];
  return undefined;
}

function num(v: unknown): number {
  return typeof v === "number" && Number.isFinite(v) ? v : 0;
}

/** Reads a conformance summary in any of the shapes the oracle may write; `undefined` when unusable. */
export function readConformance(v: unknown, source: string): ConformanceSummary | undefined {
  if (!isObj(v)) return undefined;
  const rawEngines = pick(v, "engines", "perEngine", "byEngine");
  const engines: ConformanceEngine[] = [];
  const addEngine = (name: string, e: unknown) => {
    if (!isObj(e)) return;
    const cases = num(pick(e, "cases", "total", "runs"));
    const disagreements = num(
      Array.isArray(e.disagreements) ? e.disagreements.length : pick(e, "disagreements", "failures"),
    );
    const agreementsRaw = pick(e, "agreements", "agree", "passed");
    const agreements = agreementsRaw === undefined ? Math.max(0, cases - disagreements) : num(agreementsRaw);
    engines.push({ engine: name, cases, agreements, disagreements });
  };
  if (Array.isArray(rawEngines)) {
    for (const e of rawEngines) if (isObj(e)) addEngine(textOf(pick(e, "engine", "name", "id")), e);
  } else if (isObj(rawEngines)) {
    for (const k of Object.keys(rawEngines).sort()) addEngine(k, rawEngines[k]);
  } else if (pick(v, "cases") !== undefined) {
    addEngine(textOf(pick(v, "engine") ?? "all"), v);
  }
  if (engines.length === 0) return undefined;
  const examples: ConformanceExample[] = [];
  const rawExamples = pick(v, "examples", "counterexamples", "disagreementExamples");
  if (Array.isArray(rawExamples)) {
    for (const [i, ex] of rawExamples.entries()) {
      if (!isObj(ex)) continue;
      const engine = textOf(pick(ex, "engine") ?? "");
      const title = textOf(pick(ex, "title", "name", "id", "summary") ?? `example ${i + 1}`);
      const skip = new Set(["engine", "title", "name", "id", "summary"]);
      const fields: Array<[string, string]> = Object.keys(ex)
        .filter((k) => !skip.has(k) && ex[k] !== undefined)
        .map((k) => [k, textOf(ex[k])]);
      examples.push({ engine, title, fields });
    }
  }
  const out: ConformanceSummary = { source, engines, examples };
  const generatedAt = pick(v, "generatedAt", "finishedAt", "date");
  if (typeof generatedAt === "string") out.generatedAt = generatedAt;
  const runs = pick(v, "runs", "runsPerEngine");
  if (typeof runs === "number") out.runs = runs;
  const seed = pick(v, "seed");
  if (seed !== undefined) out.seed = textOf(seed);
  return out;
}

/** Reads a v1/v2 difference table (golden vectors or results/observations.json); `undefined` when unusable. */
export function readDifferences(v: unknown, source: string): DifferenceTable | undefined {
  const list = Array.isArray(v)
    ? v
    : isObj(v)
      ? pick(v, "differences", "observations", "rows", "vectors")
      : undefined;
  if (!Array.isArray(list)) return undefined;
  const rows: Difference[] = [];
  for (const [i, r] of list.entries()) {
    if (!isObj(r)) continue;
    const v1 = pick(r, "v1", "v1Behavior", "v1Behaviour", "goV1", "classic");
    const v2 = pick(r, "v2", "v2Behavior", "v2Behaviour", "goV2");
    if (v1 === undefined && v2 === undefined) continue;
    const id = textOf(pick(r, "id", "name", "key") ?? String(i + 1));
    const row: Difference = {
      id,
      title: textOf(pick(r, "title", "description", "summary", "name") ?? id),
      v1: textOf(v1),
      v2: textOf(v2),
    };
    const input = pick(r, "input", "in", "value");
    if (input !== undefined) row.input = textOf(input);
    const why = pick(r, "why", "reason", "rationale", "option");
    if (why !== undefined) row.why = textOf(why);
    rows.push(row);
  }
  return rows.length === 0 ? undefined : { source, rows };
}
