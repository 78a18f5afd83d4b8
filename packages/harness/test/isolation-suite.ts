/**
 * A two-candidate suite for the isolation tests: workers and child processes
 * rebuild it from this module (`suite.module`). The isolation study that
 * measures whether isolation matters lives in tools/seed-bench.
 */
import type { Suite } from "../src/index.js";

interface Line {
  price: number;
  qty: number;
}

function total(items: readonly Line[]): number {
  let s = 0;
  for (const it of items) s += it.price * it.qty;
  return s;
}

/** Suite factory (exported by name so workers and child processes can rebuild it). */
export function isolationSuite(): Suite<null> {
  const items = (k: number): Line[] =>
    Array.from({ length: 100 }, (_, i) => ({ price: i % 97, qty: (i % k) + 1 }));
  return {
    package: "@gojson/harness",
    bench: "isolation-test",
    title: "Isolation test suite",
    payloads: [{ id: "lines-100", data: null }],
    candidates: [
      { id: "a", prepare: () => items(5), run: (x: Line[]) => total(x), check: (o) => typeof o === "number" },
      { id: "b", prepare: () => items(7), run: (x: Line[]) => total(x), check: (o) => typeof o === "number" },
    ],
    settings: { pairs: 2, sampleTimeMs: 2, memory: false },
    module: { url: import.meta.url, exportName: "isolationSuite" },
  };
}
