/** Stable ordering of result documents. */
import type { BenchResult } from "@gojson/harness";

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Orders result documents by package, then bench, then start time, then title. */
export function sortResults(results: readonly BenchResult[]): BenchResult[] {
  return [...results].sort(
    (a, b) =>
      cmp(a.package, b.package) ||
      cmp(a.bench, b.bench) ||
      cmp(a.startedAt, b.startedAt) ||
      cmp(a.title, b.title),
  );
}
