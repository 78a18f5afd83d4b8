/**
 * The conformance summary written by tools/go-oracle to
 * results/conformance.json. The shape is copied here (the report does not
 * depend on the private go-oracle package) from its `ConformanceSummary`
 * (tools/go-oracle/src/fuzz/campaign.ts); `readConformance` validates a parsed
 * document against it, filling missing fields with empty values and dropping
 * entries of the wrong type, so an older or newer writer still renders.
 */

/** Per-engine tallies of a differential campaign (go-oracle's `EngineSummary`). */
export interface ConformanceEngineSummary {
  cases: number;
  agreements: number;
  disagreements: number;
  /** Cases Go itself could not run; counted neither way. */
  skipped: number;
  /** Disagreements by kind (`error-text`, `value-after-error`, `missing-error`, ...). */
  byKind: Record<string, number>;
}

/** One shrunk (or raw) disagreement (go-oracle's `Example`). */
export interface ConformanceExample {
  title: string;
  engine: string;
  kind: string;
  signature: string;
  seed: number;
  shrunk: boolean;
  /** Multi-line counterexample: engine and op, the Go source, the input, Go's answer and gojson's. */
  text: string;
}

/** The summary in results/conformance.json (go-oracle's `ConformanceSummary`). */
export interface ConformanceSummary {
  generatedAt: string;
  goVersion?: string;
  runs: number;
  seed: number;
  engines: Record<string, ConformanceEngineSummary>;
  /** Engines the campaign could not run (their codec was not built). */
  unavailable: string[];
  examples: ConformanceExample[];
}

/** A conformance summary as the report holds it: the document and the file it came from. */
export interface ConformanceInput {
  source: string;
  summary: ConformanceSummary;
}

/** The engines in the order the report lists them; others follow in code-point order. */
export const ENGINE_ORDER: readonly string[] = ["v1", "v1v2", "v2"];

const ENGINE_LABELS: Record<string, string> = {
  v1: "v1 — codec-v1 vs Go encoding/json",
  v1v2: "v1 on v2 — codec-v2 with defaultOptionsV1() vs Go v1 under GOEXPERIMENT=jsonv2",
  v2: "v2 — codec-v2 vs Go encoding/json/v2",
};

/** A short description of an engine name (`v1v2` → what was compared with what). */
export function engineLabel(engine: string): string {
  return ENGINE_LABELS[engine] ?? engine;
}

const KIND_WORDS: Record<string, string> = {
  "error-text": "both failed, error text differs",
  "value-after-error": "both failed, destination afterwards differs",
  "missing-error": "Go failed, gojson did not",
  "unexpected-error": "gojson failed, Go did not",
  value: "both succeeded, decoded value differs",
  output: "both succeeded, marshalled bytes differ",
  crash: "gojson threw something that is not a JsonError",
};

/** A disagreement kind in words (`missing-error` → `Go failed, gojson did not`). */
export function kindWords(kind: string): string {
  return KIND_WORDS[kind] ?? kind;
}

/** Engine names of a summary in report order. */
export function engineNames(s: ConformanceSummary): string[] {
  const names = Object.keys(s.engines);
  const known = ENGINE_ORDER.filter((e) => names.includes(e));
  const rest = names.filter((e) => !ENGINE_ORDER.includes(e)).sort();
  return [...known, ...rest];
}

/** The disagreement kinds of an engine, most frequent first (ties by name). */
export function kindsByCount(e: ConformanceEngineSummary): Array<[kind: string, count: number]> {
  return Object.entries(e.byKind).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

/**
 * A few examples to show: per engine in report order, one per disagreement
 * kind (most frequent kind first), preferring a shrunk one, then the lowest
 * seed. Deterministic for a given summary.
 */
export function pickExamples(s: ConformanceSummary, perEngine = 4): ConformanceExample[] {
  const out: ConformanceExample[] = [];
  for (const engine of engineNames(s)) {
    const mine = s.examples.filter((x) => x.engine === engine);
    const kinds = kindsByCount(s.engines[engine]!).map(([k]) => k);
    for (const k of mine.map((x) => x.kind)) if (!kinds.includes(k)) kinds.push(k);
    for (const kind of kinds.slice(0, perEngine)) {
      const best = mine
        .filter((x) => x.kind === kind)
        .sort((a, b) => Number(b.shrunk) - Number(a.shrunk) || a.seed - b.seed)[0];
      if (best) out.push(best);
    }
  }
  return out;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const count = (v: unknown): number => (typeof v === "number" && Number.isFinite(v) && v >= 0 ? v : 0);
const str = (v: unknown): string => (typeof v === "string" ? v : "");

function readEngine(v: Obj): ConformanceEngineSummary {
  const byKind: Record<string, number> = {};
  if (isObj(v.byKind)) for (const k of Object.keys(v.byKind).sort()) byKind[k] = count(v.byKind[k]);
  const cases = count(v.cases);
  const disagreements = count(v.disagreements);
  const agreements = v.agreements === undefined ? Math.max(0, cases - disagreements) : count(v.agreements);
  return { cases, agreements, disagreements, skipped: count(v.skipped), byKind };
}

function readExample(v: Obj): ConformanceExample | undefined {
  const engine = str(v.engine);
  const text = str(v.text);
  if (!engine && !text) return undefined;
  const kind = str(v.kind);
  return {
    title: str(v.title) || `${engine} ${kind}`.trim() || "counterexample",
    engine,
    kind,
    signature: str(v.signature),
    seed: count(v.seed),
    shrunk: v.shrunk === true,
    text,
  };
}

/**
 * Validates a parsed results/conformance.json. Missing fields become empty
 * values; an engine that is not an object, an example without engine and
 * text are dropped. `undefined` when the document is not an object or names
 * no engine at all (neither measured nor unavailable).
 */
export function readConformance(v: unknown, source: string): ConformanceInput | undefined {
  if (!isObj(v)) return undefined;
  const engines: Record<string, ConformanceEngineSummary> = {};
  if (isObj(v.engines))
    for (const name of Object.keys(v.engines).sort()) {
      const e = v.engines[name];
      if (isObj(e)) engines[name] = readEngine(e);
    }
  const unavailable = Array.isArray(v.unavailable)
    ? v.unavailable.filter((x): x is string => typeof x === "string")
    : [];
  if (Object.keys(engines).length === 0 && unavailable.length === 0) return undefined;
  const examples = Array.isArray(v.examples)
    ? v.examples.flatMap((x) => (isObj(x) ? (readExample(x) ?? []) : []))
    : [];
  const summary: ConformanceSummary = {
    generatedAt: str(v.generatedAt),
    runs: count(v.runs),
    seed: count(v.seed),
    engines,
    unavailable,
    examples,
  };
  if (typeof v.goVersion === "string") summary.goVersion = v.goVersion;
  return { source, summary };
}
