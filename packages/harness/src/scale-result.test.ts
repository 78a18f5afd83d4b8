import { describe, expect, it } from "vitest";
import { collectEnvironment } from "./env.js";
import { isBenchResult } from "./result.js";
import { scaleResult } from "./scale-result.js";

describe("scaleResult", () => {
  const startedAt = new Date("2026-01-02T03:04:05.000Z");
  const row = { group: "g", impl: "a", label: "A", side: "gojson" as const, inputBytes: 10, seconds: 0.5 };
  const check = { id: "c", statement: "A ≤ 1 s", observed: "0.5 s", pass: true };

  it("a valid result document around the rows, checks and commands", () => {
    const r = scaleResult({
      package: "@gojson/example",
      bench: "probe",
      title: "T",
      description: "D",
      startedAt,
      environment: collectEnvironment(),
      scale: { rows: [row], checks: [check], commands: ["pnpm bench"] },
      finishedAt: new Date("2026-01-02T03:04:07.500Z"),
    });
    expect(isBenchResult(r)).toBe(true);
    expect([r.package, r.bench, r.startedAt, r.durationMs]).toEqual([
      "@gojson/example",
      "probe",
      "2026-01-02T03:04:05.000Z",
      2500,
    ]);
    expect(r.scale).toEqual({ rows: [row], checks: [check], commands: ["pnpm bench"] });
    expect([r.candidates, r.measurements, r.errors, r.notes]).toEqual([[], [], [], []]);
    expect(r.settings.isolation).toBe("process");
    expect(r.settings).not.toHaveProperty("memory");
    expect(r.environment.loadAverage.end).toHaveLength(3);
  });

  it("keeps notes and errors; finishes now by default", () => {
    const before = Date.now();
    const r = scaleResult({
      package: "@gojson/example",
      bench: "probe",
      title: "T",
      description: "D",
      startedAt: new Date(before - 1000),
      environment: collectEnvironment(),
      scale: { rows: [], checks: [], commands: [] },
      notes: ["n"],
      errors: [{ candidate: "a", payload: "g", message: "crashed" }],
    });
    expect([r.notes, r.errors]).toEqual([["n"], [{ candidate: "a", payload: "g", message: "crashed" }]]);
    expect(Date.parse(r.finishedAt)).toBeGreaterThanOrEqual(before);
    expect(r.durationMs).toBeGreaterThanOrEqual(1000);
  });
});
