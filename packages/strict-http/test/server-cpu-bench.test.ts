// The server-CPU benchmark run once on a few requests: every route answers every body right and
// the ratios pair each route with the one it is compared with. No timing is asserted here.

import { isBenchResult } from "@gojson/harness";
import { describe, expect, it } from "vitest";
import {
  CPU_ROUTES,
  type CpuRow,
  cpuRatios,
  formatCpu,
  runServerCpu,
  serverCpuResult,
} from "../bench/server-cpu.js";

describe("bench/server-cpu.ts (check only)", () => {
  it("Bench/EveryRouteMeasuredOnEveryBody", async () => {
    // The small body only: the others differ in size, not in what the bench does with them.
    const rows = await runServerCpu({ requests: 20, rounds: 2, connections: 2, bodyIds: ["order"] });
    expect(rows.map((r) => `${r.body}/${r.kind}`)).toEqual(CPU_ROUTES.map((c) => `order/${c.kind}`));
    for (const r of rows) {
      expect(r.usPerRequest).toHaveLength(2);
      for (const us of r.usPerRequest) expect(us).toBeGreaterThan(0);
    }
    const ratios = cpuRatios(rows);
    expect(ratios.map((c) => `${c.body}/${c.kind}÷${c.versus}`)).toContain("order/strict-codec÷codec");
    expect(ratios).toHaveLength(CPU_ROUTES.filter((c) => c.pair !== undefined).length);
    expect(formatCpu(rows)).toMatch(/\| order \| strict ÷ plain \| \d/);
  }, 60_000);

  it("Bench/RatiosArePairedByRound", () => {
    const rows = [
      { body: "b", kind: "strict" as const, usPerRequest: [2, 4], requestsPerSecond: [1, 1] },
      { body: "b", kind: "plain" as const, usPerRequest: [1, 4], requestsPerSecond: [1, 1] },
    ];
    const [r] = cpuRatios(rows);
    // rounds: 2/1 and 4/4 → geomean √2
    expect(r?.ratio).toBeCloseTo(Math.SQRT2, 10);
  });

  it("Bench/ResultDocumentChecksIntervalsNotPoints", () => {
    const row = (kind: CpuRow["kind"], us: number[]): CpuRow => ({
      body: "order",
      kind,
      usPerRequest: us,
      requestsPerSecond: us.map(() => 1),
    });
    const rows = [
      row("strict", [10, 10, 10]),
      row("plain", [11, 9.5, 10.5]), // strict ÷ plain ≈ 1.0: its interval reaches past 1
      row("fastify", [20, 21, 19]), // readJson well under fastify
      row("strict-codec", [10, 10.2, 9.9]),
      row("codec", [10, 10, 10]), // within 1.1× of the codec alone
    ];
    const r = serverCpuResult(rows, new Date(), "cmd");
    expect(isBenchResult(r)).toBe(true);
    const pass = Object.fromEntries(
      (r.scale?.checks ?? []).filter((c) => c.id.endsWith("@order")).map((c) => [c.id, c.pass]),
    );
    expect(pass).toEqual({
      "strict-plain@order": false,
      "fastify-strict@order": true,
      "strict-codec-codec@order": true,
    });
    expect(r.scale?.rows.find((x) => x.impl === "strict")?.seconds).toBeCloseTo(10e-6, 12);
  });
});
