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
