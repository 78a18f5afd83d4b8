/** Accepts either a full ReportInput or a bare list of result documents. */
import type { BenchResult } from "@gojson/harness";
import type { ReportInput } from "./input.js";
import { sortResults } from "./sort.js";

export type { ReportInput } from "./input.js";

/** Normalises the renderers' argument: a bare array becomes `{ results }`, results are put in stable order. */
export function normaliseInput(x: ReportInput | readonly BenchResult[]): ReportInput {
  const input: ReportInput = Array.isArray(x) ? { results: [...x] } : { ...(x as ReportInput) };
  input.results = sortResults(input.results);
  return input;
}
