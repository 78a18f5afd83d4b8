/**
 * gojson ÷ Go: the TypeScript twin of seed 002 (codec-v1 and codec-v2 with
 * defaultOptionsV1 on the five payloads) beside the same payload bytes and Go
 * types run by real Go (Go 1.26: plain and GOEXPERIMENT=jsonv2; Go 1.27:
 * nojsonv2 and the default engine), when both result documents are present.
 * The two sides run in different processes and at different times, so the
 * ratio is one of medians, not a paired one; its interval combines the two
 * medians' order-statistic intervals (low ÷ high, high ÷ low), which is wide
 * and honest about that.
 */
import type { BenchResult } from "@gojson/harness";
import { medianInterval } from "./median-ci.js";

/** One row: one payload, one operation, one engine, gojson against Go. */
export interface GoRatioRow {
  payload: string;
  op: "unmarshal → any" | "marshal (typed)";
  /** `v1` (gojson codec-v1 against Go's classic engine) or `v1 on v2` (codec-v2 defaultOptionsV1 against Go's v2 engine). */
  engine: "v1" | "v1 on v2";
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
  rows: GoRatioRow[];
}

const PAIRS: Array<{
  op: GoRatioRow["op"];
  engine: GoRatioRow["engine"];
  ts: string;
  go: Record<string, string>;
}> = [
  {
    op: "unmarshal → any",
    engine: "v1",
    ts: "v1-unmarshal-any",
    go: { "seed-002-go": "go-plain:UnmarshalAny", "seed-002-go127": "go127-classic:UnmarshalAny" },
  },
  {
    op: "unmarshal → any",
    engine: "v1 on v2",
    ts: "v2v1-unmarshal-any",
    go: { "seed-002-go": "go-jsonv2:UnmarshalAny", "seed-002-go127": "go127-default:UnmarshalAny" },
  },
  {
    op: "marshal (typed)",
    engine: "v1",
    ts: "v1-marshal",
    go: { "seed-002-go": "go-plain:Marshal", "seed-002-go127": "go127-classic:Marshal" },
  },
  {
    op: "marshal (typed)",
    engine: "v1 on v2",
    ts: "v2v1-marshal",
    go: { "seed-002-go": "go-jsonv2:Marshal", "seed-002-go127": "go127-default:Marshal" },
  },
];

/** Level of the medians' intervals. */
export const GO_RATIO_LEVEL = 0.95;

/** gojson ÷ Go per payload, operation and engine, for each Go release whose results are present (newest first). */
export function goRatioTables(results: readonly BenchResult[]): GoRatioTable[] {
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
    if (rows.length) out.push({ ts, go, goVersion: v ? `Go ${v}` : bench, rows });
  }
  return out;
}
