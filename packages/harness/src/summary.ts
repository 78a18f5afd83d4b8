import type { BenchResult } from "./result.js";

function n(x: number | undefined, d = 1): string {
  if (x === undefined || Number.isNaN(x)) return "-";
  return x >= 1e5 ? x.toExponential(2) : x.toFixed(d);
}

/** A plain-text summary of a result for the console (the report app renders the full JSON). */
export function formatSummary(r: BenchResult): string {
  const out: string[] = [`# ${r.title} (${r.package} ${r.bench})`];
  out.push(
    `${r.environment.cpuModel} ×${r.environment.logicalCpus}, node ${r.environment.node}, load ${r.environment.loadAverage.start.map((x) => x.toFixed(2)).join(" ")}; ${r.settings.pairs} pairs ${r.settings.order}, isolation ${r.settings.isolation}${r.settings.quick ? ", QUICK" : ""}`,
  );
  out.push("payload\tcandidate\tns/op mean±sd\tmedian\tbest\tMB/s\tcpu ns/op\tB/op");
  for (const m of r.measurements) {
    const s = m.stats;
    out.push(
      [
        m.payload,
        m.candidate,
        `${n(s.nsPerOp.mean)}±${n(s.nsPerOp.sd)}`,
        n(s.nsPerOp.median),
        n(s.nsPerOp.min),
        n(s.mbPerSec),
        n(s.cpuNsPerOp?.median),
        n(m.memory?.bytesPerOp, 0),
      ].join("\t"),
    );
  }
  for (const c of r.comparisons) {
    out.push(
      `${c.metric === "nsPerOp" ? "" : `[${c.metric}] `}${c.candidate}/${c.baseline} @${c.payload}: ${c.geomean.toFixed(3)}× (GSD ${c.gsd.toFixed(3)}, ${c.ci.method} ${Math.round(c.ci.level * 100)}% ${c.ci.low.toFixed(3)}–${c.ci.high.toFixed(3)}) ${c.test.method} p=${c.test.pValue.toPrecision(3)}${c.test.canReachAlpha ? "" : " (n too small to reach alpha)"}`,
    );
  }
  for (const h of r.hypotheses) out.push(`[${h.verdict}] ${h.hypothesis.statement} — ${h.reason}`);
  for (const t of r.tables) {
    out.push(`## ${t.title}`, t.columns.join("\t"));
    for (const row of t.rows)
      out.push(row.map((v) => (typeof v === "number" ? n(v, 2) : (v ?? "-"))).join("\t"));
  }
  for (const c of r.scale?.checks ?? [])
    out.push(`[${c.pass === null ? "NOT RUN" : c.pass ? "PASS" : "FAIL"}] ${c.statement} — ${c.observed}`);
  for (const e of r.errors) out.push(`! ${e.candidate}${e.payload ? ` @${e.payload}` : ""}: ${e.message}`);
  return out.join("\n");
}
