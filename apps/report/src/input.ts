/**
 * What the report renders: the harness's result documents, the conformance
 * summary of tools/go-oracle (conformance.ts) and the v1/v2 difference table
 * from @gojson/fixtures' golden vectors (differences.ts).
 */
import type { BenchResult } from "@gojson/harness";
import type { ConformanceInput } from "./conformance.js";
import type { DifferenceTable } from "./differences.js";

/** Everything one report is rendered from. */
export interface ReportInput {
  /** Bench result documents, in a stable order (package, then bench). */
  results: BenchResult[];
  conformance?: ConformanceInput;
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
