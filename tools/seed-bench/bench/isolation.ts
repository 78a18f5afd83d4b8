/**
 * Does isolation matter? Two candidates share one helper (`total`). Candidate
 * "mono" feeds it one object shape; "mega" feeds it eight. In one isolate the
 * helper's inline caches go megamorphic after "mega" ran and "mono" pays for
 * it; in separate workers/processes each keeps its own feedback. The same
 * suite runs under isolation none, worker and process, and the table shows
 * mono's ns/op and the mega/mono ratio under each.
 */
import {
  type BenchResult,
  formatSummary,
  type Isolation,
  type ResultTable,
  runSuite,
  type Suite,
} from "@gojson/harness";
import { isMain } from "./inputs.js";

interface Line {
  price: number;
  qty: number;
}

function total(items: readonly Line[]): number {
  let s = 0;
  for (const it of items) s += it.price * it.qty;
  return s;
}

function monoItems(): Line[] {
  return Array.from({ length: 1000 }, (_, i) => ({ price: i % 97, qty: (i % 5) + 1 }));
}

function megaItems(): Line[] {
  const makers: Array<(i: number) => Line> = [
    (i) => ({ price: i, qty: 1 }),
    (i) => ({ qty: 2, price: i }),
    (i) => ({ a: 1, price: i, qty: 1 }) as Line,
    (i) => ({ b: 1, price: i, qty: 1 }) as Line,
    (i) => ({ c: 1, d: 2, price: i, qty: 1 }) as Line,
    (i) => ({ price: i, e: 0, qty: 1 }) as Line,
    (i) => ({ price: i, qty: 1, f: "x" }) as Line,
    (i) => ({ g: null, h: 1, price: i, qty: 3 }) as Line,
  ];
  return Array.from({ length: 1000 }, (_, i) => (makers[i % makers.length] as (i: number) => Line)(i % 97));
}

/** The isolation study suite (exported by name so workers and child processes can rebuild it). */
export function isolationSuite(): Suite<null> {
  return {
    package: "@gojson/seed-bench",
    bench: "isolation",
    title:
      "Does running candidates side by side change the figures? A shared helper called from one type vs many, by isolation",
    payloads: [{ id: "lines-1000", data: null }],
    candidates: [
      {
        id: "mono",
        prepare: () => monoItems(),
        run: (items: Line[]) => total(items),
        check: (out) => out === total(monoItems()),
      },
      {
        id: "mega",
        prepare: () => megaItems(),
        run: (items: Line[]) => total(items),
        check: (out) => typeof out === "number",
      },
    ],
    settings: { pairs: 10, sampleTimeMs: 40, memory: false },
    module: { url: import.meta.url, exportName: "isolationSuite" },
  };
}

/** Runs the suite under each isolation and folds the three runs into one result with a table. */
export async function runIsolationStudy(): Promise<BenchResult> {
  const runs: Array<[Isolation, BenchResult]> = [];
  // The in-process run goes first so that both candidates start cold there too.
  for (const iso of ["none", "worker", "process"] as const) {
    runs.push([iso, await runSuite(isolationSuite(), { settings: { isolation: iso } })]);
  }
  const [, first] = runs[0] as [Isolation, BenchResult];
  const table: ResultTable = {
    id: "isolation",
    title: "mono ns/op and mega/mono ratio by isolation",
    columns: [
      "isolation",
      "mono ns/op (median)",
      "mega ns/op (median)",
      "mega/mono geomean",
      "95% CI low",
      "95% CI high",
      "mono cpu ns/op",
    ],
    rows: runs.map(([iso, r]) => {
      const mono = r.measurements.find((m) => m.candidate === "mono");
      const mega = r.measurements.find((m) => m.candidate === "mega");
      const c = r.comparisons[0];
      return [
        iso,
        mono?.stats.nsPerOp.median ?? null,
        mega?.stats.nsPerOp.median ?? null,
        c?.geomean ?? null,
        c?.ci.low ?? null,
        c?.ci.high ?? null,
        mono?.stats.cpuNsPerOp?.median ?? null,
      ];
    }),
    notes: [
      "Same code, same inputs; only where each candidate runs differs.",
      "A mega/mono ratio closer to 1 in-process than isolated means mono was slowed by mega's feedback in the shared isolate.",
    ],
  };
  // Keep every run's raw samples: measurements are tagged with their isolation.
  const measurements = runs.flatMap(([, r]) => r.measurements);
  const comparisons = runs.flatMap(([iso, r]) => r.comparisons.map((c) => ({ ...c, id: `${c.id}#${iso}` })));
  return {
    ...first,
    finishedAt: (runs[2] as [Isolation, BenchResult])[1].finishedAt,
    durationMs: runs.reduce((a, [, r]) => a + r.durationMs, 0),
    measurements,
    comparisons,
    tables: [table],
    notes: [
      ...first.notes,
      "measurements and comparisons hold the three runs; Measurement.isolation and the comparison id suffix (#none/#worker/#process) tell them apart",
    ],
  };
}

if (isMain(import.meta.url)) {
  const r = await runIsolationStudy();
  console.log(formatSummary(r));
}
