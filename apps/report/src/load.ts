/**
 * Reads a results directory into a ReportInput: every `*.json` that is a
 * harness result document, plus `conformance.json`; the v1/v2 difference
 * table comes from @gojson/fixtures' golden vectors.
 */
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { type BenchResult, isBenchResult } from "@gojson/harness";
import { readConformance } from "./conformance.js";
import { type DifferenceTable, loadDifferences } from "./differences.js";
import type { ReportInput } from "./input.js";
import { sortResults } from "./sort.js";

/** File name of the conformance summary inside the results directory. */
export const CONFORMANCE_FILE = "conformance.json";

/** Options of loadReportInput. */
export interface LoadOptions {
  /** How the results directory is named in the report (default: the path as given). */
  label?: string;
  /** The difference table; default: built from the installed @gojson/fixtures. `null` leaves it out. */
  differences?: DifferenceTable | null;
}

/** Loads every input of the report from `dir`; a missing directory gives an empty input. */
export async function loadReportInput(dir: string, opts: LoadOptions = {}): Promise<ReportInput> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => n.endsWith(".json")).sort();
  } catch {
    names = [];
  }
  const results: BenchResult[] = [];
  const skipped: Array<{ file: string; reason: string }> = [];
  const input: ReportInput = { results, skipped, resultsDir: opts.label ?? dir };
  for (const name of names) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(await readFile(join(dir, name), "utf8"));
    } catch (e) {
      skipped.push({ file: name, reason: `not valid JSON (${(e as Error).message})` });
      continue;
    }
    if (name === CONFORMANCE_FILE) {
      const c = readConformance(parsed, name);
      if (c) input.conformance = c;
      else skipped.push({ file: name, reason: "no engines found" });
    } else if (isBenchResult(parsed)) {
      results.push(parsed);
    } else {
      skipped.push({ file: name, reason: "not a gojson-bench-result document of schema version 1" });
    }
  }
  input.results = sortResults(results);
  const differences = opts.differences === undefined ? await loadDifferences() : opts.differences;
  if (differences) input.differences = differences;
  return input;
}
