/**
 * gojson ÷ Go: the TypeScript twin of seed 002 (codec-v1, codec-v2 with
 * defaultOptionsV1 and codec-v2 with its defaults on the five payloads, and in
 * vs-go also the tiny order and the twitter and citm_catalog corpora) beside
 * the same payload bytes and Go types run by real Go (Go 1.26: plain and
 * GOEXPERIMENT=jsonv2; Go 1.27: nojsonv2 and the default engine; encoding/json/v2
 * in the builds that have it), when both result documents are present.
 * When seed-bench's `vs-go` document is present, Go ran as candidates of the
 * same suite, sampled in the same rounds as gojson: its ratios are paired per
 * round (geometric mean and t interval of the per-round ratios) and the table
 * comes from it. Otherwise the two sides ran in different processes and at
 * different times, so the ratio is one of medians, not a paired one; its
 * interval combines the two medians' order-statistic intervals (low ÷ high,
 * high ÷ low), which is wide and honest about that.
 */
import type { BenchResult } from "@gojson/harness";
import { medianInterval } from "./median-ci.js";

/** The operations of the table, in its order. */
export const GO_RATIO_OPS = ["unmarshal → any", "unmarshal (typed)", "marshal (typed)"] as const;
export type GoRatioOp = (typeof GO_RATIO_OPS)[number];
/** The engines of the table, in its order. */
export const GO_RATIO_ENGINES = ["v1", "v1 on v2", "v2"] as const;
export type GoRatioEngine = (typeof GO_RATIO_ENGINES)[number];

/** One row: one payload, one operation, one engine, gojson against Go. */
export interface GoRatioRow {
  payload: string;
  op: GoRatioOp;
  /**
   * `v1`: codec-v1 against Go's classic encoding/json; `v1 on v2`: codec-v2 with defaultOptionsV1 against
   * encoding/json on Go's v2 engine; `v2`: codec-v2 against encoding/json/v2.
   */
  engine: GoRatioEngine;
  go: string;
  gojsonNs: number;
  goNs: number;
  ratio: number;
  low?: number;
  high?: number;
  gojsonBytes?: number;
  goBytes?: number;
}

/** The table and where its two sides come from. */
export interface GoRatioTable {
  ts: BenchResult;
  go: BenchResult;
  goVersion: string;
  /** True when gojson and Go were sampled in the same rounds (ratios and intervals paired per round). */
  paired: boolean;
  rows: GoRatioRow[];
}

/** gojson's candidate (seed-002-experiment) and Go's, per Go result document, of each operation and engine. */
const PAIRS: Array<{
  op: GoRatioOp;
  engine: GoRatioEngine;
  ts: string;
  go: Record<string, string>;
}> = [];
{
  const ops: Record<GoRatioOp, [ts: string, go: string]> = {
    "unmarshal → any": ["unmarshal-any", "UnmarshalAny"],
    "unmarshal (typed)": ["unmarshal-typed", "UnmarshalTyped"],
    "marshal (typed)": ["marshal", "Marshal"],
  };
  // Per engine: gojson's candidate prefix, then Go's build and benchmark prefix in the Go 1.26 and 1.27 documents.
  const engines: Record<GoRatioEngine, [ts: string, go126: string, go127: string]> = {
    v1: ["v1", "go-plain:", "go127-classic:"],
    "v1 on v2": ["v2v1", "go-jsonv2:", "go127-default:"],
    v2: ["v2", "go-jsonv2:V2", "go127-default:V2"],
  };
  for (const op of GO_RATIO_OPS)
    for (const engine of GO_RATIO_ENGINES) {
      const [tsOp, goOp] = ops[op];
      const [tsE, go126, go127] = engines[engine];
      PAIRS.push({
        op,
        engine,
        ts: `${tsE}-${tsOp}`,
        go: { "seed-002-go": `${go126}${goOp}`, "seed-002-go127": `${go127}${goOp}` },
      });
    }
}

/** Level of the medians' intervals. */
export const GO_RATIO_LEVEL = 0.95;

/** gojson ÷ Go per payload, operation and engine, for each Go release whose results are present (newest first). */
export function goRatioTables(results: readonly BenchResult[]): GoRatioTable[] {
  const vsGo = results.find((r) => r.package === "@gojson/seed-bench" && r.bench === "seed-002-vs-go");
  if (vsGo) {
    const paired = pairedTables(vsGo);
    if (paired.length) return paired;
  }
  const ts = results.find((r) => r.package === "@gojson/seed-bench" && r.bench === "seed-002-experiment");
  if (!ts) return [];
  const out: GoRatioTable[] = [];
  for (const bench of ["seed-002-go127", "seed-002-go"]) {
    const go = results.find((r) => r.package === "@gojson/seed-bench" && r.bench === bench);
    if (!go) continue;
    const rows: GoRatioRow[] = [];
    for (const p of ts.payloads) {
      for (const pair of PAIRS) {
        const goId = pair.go[bench]!;
        const a = ts.measurements.find((m) => m.payload === p.id && m.candidate === pair.ts);
        const b = go.measurements.find((m) => m.payload === p.id && m.candidate === goId);
        if (!a || !b || a.samples.length === 0 || b.samples.length === 0) continue;
        const ma = medianInterval(
          a.samples.map((s) => s.nsPerOp),
          GO_RATIO_LEVEL,
        );
        const mb = medianInterval(
          b.samples.map((s) => s.nsPerOp),
          GO_RATIO_LEVEL,
        );
        const row: GoRatioRow = {
          payload: p.label ?? p.id,
          op: pair.op,
          engine: pair.engine,
          go: go.candidates.find((c) => c.id === goId)?.label ?? goId,
          gojsonNs: ma.median,
          goNs: mb.median,
          ratio: ma.median / mb.median,
        };
        if (ma.low !== undefined && ma.high !== undefined && mb.low !== undefined && mb.high !== undefined) {
          row.low = ma.low / mb.high;
          row.high = ma.high / mb.low;
        }
        if (a.memory?.bytesPerOp !== undefined) row.gojsonBytes = a.memory.bytesPerOp;
        if (b.memory?.bytesPerOp !== undefined) row.goBytes = b.memory.bytesPerOp;
        rows.push(row);
      }
    }
    const v = /go(\d+\.\d+(?:\.\d+)?)/.exec(go.environment.go?.version ?? "")?.[1];
    if (rows.length) out.push({ ts, go, goVersion: v ? `Go ${v}` : bench, paired: false, rows });
  }
  return out;
}

/** Per release in the paired document: Go 1.27's builds (go127-*) first, then Go 1.26's (go-*). */
function pairedTables(r: BenchResult): GoRatioTable[] {
  const out: GoRatioTable[] = [];
  for (const [bench, prefix] of [
    ["seed-002-go127", "go127-"],
    ["seed-002-go", "go-"],
  ] as const) {
    const rows: GoRatioRow[] = [];
    let version: string | undefined;
    for (const p of r.payloads) {
      for (const pair of PAIRS) {
        const goId = pair.go[bench]!;
        if (!goId.startsWith(prefix)) continue;
        const c = r.comparisons.find(
          (x) =>
            x.payload === p.id &&
            x.baseline === goId &&
            x.candidate === pair.ts &&
            x.metric === "nsPerOp" &&
            !x.id.includes("#"),
        );
        const a = r.measurements.find((m) => m.payload === p.id && m.candidate === pair.ts);
        const b = r.measurements.find((m) => m.payload === p.id && m.candidate === goId);
        if (!c || !a || !b || c.ratios.length === 0) continue;
        const goCandidate = r.candidates.find((x) => x.id === goId);
        version ??= goCandidate?.library;
        const row: GoRatioRow = {
          payload: p.label ?? p.id,
          op: pair.op,
          engine: pair.engine,
          go: goCandidate?.label ?? goId,
          gojsonNs: medianInterval(
            a.samples.map((s) => s.nsPerOp),
            GO_RATIO_LEVEL,
          ).median,
          goNs: medianInterval(
            b.samples.map((s) => s.nsPerOp),
            GO_RATIO_LEVEL,
          ).median,
          ratio: c.geomean,
        };
        if (c.ratios.length > 1) {
          row.low = c.ci.low;
          row.high = c.ci.high;
        }
        if (a.memory?.bytesPerOp !== undefined) row.gojsonBytes = a.memory.bytesPerOp;
        if (b.memory?.bytesPerOp !== undefined) row.goBytes = b.memory.bytesPerOp;
        rows.push(row);
      }
    }
    const v = /go(\d+\.\d+(?:\.\d+)?)/.exec(version ?? "")?.[1];
    if (rows.length) out.push({ ts: r, go: r, goVersion: v ? `Go ${v}` : bench, paired: true, rows });
  }
  return out;
}

/** How one operation stands against Go in one table: rows whose whole interval is at or below 1, and whose ratio is. */
export interface GoRatioTally {
  op: GoRatioOp;
  rows: number;
  /** Rows whose interval's upper end is ≤ 1: gojson at least as fast as Go, beyond the noise. */
  intervalAtMostOne: number;
  /** Rows whose ratio of medians is ≤ 1. */
  pointAtMostOne: number;
  /** The slowest row (highest ratio). */
  worst?: GoRatioRow;
}

/** Per operation of table t, how many rows are at or below Go's cost (intervals without both ends count as above). */
export function goRatioTallies(t: GoRatioTable): GoRatioTally[] {
  return GO_RATIO_OPS.map((op) => {
    const rows = t.rows.filter((r) => r.op === op);
    const worst = rows.reduce<GoRatioRow | undefined>(
      (w, r) => (w === undefined || r.ratio > w.ratio ? r : w),
      undefined,
    );
    return {
      op,
      rows: rows.length,
      intervalAtMostOne: rows.filter((r) => r.high !== undefined && r.high <= 1).length,
      pointAtMostOne: rows.filter((r) => r.ratio <= 1).length,
      ...(worst ? { worst } : {}),
    };
  }).filter((x) => x.rows > 0);
}
