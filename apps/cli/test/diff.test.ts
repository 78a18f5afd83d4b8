import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { gojson } from "./run-cli.js";

interface Row {
  source?: string;
  differs?: boolean;
  causes?: { id: string; detail: string }[];
  summary?: { payloads: number; differ: number; bothReject: number; causes: Record<string, number> };
}

async function run(args: string[], input?: string) {
  const r = await gojson(["diff", "--json", "--go", "order.go", "--type", "Order", ...args], input);
  const rows = r.stdout
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as Row);
  return {
    status: r.status,
    rows,
    bySource: new Map(rows.filter((x) => x.source).map((x) => [x.source!, x])),
  };
}

describe("gojson diff", () => {
  it("names the difference behind each payload of a directory (files and NDJSON)", async () => {
    const { status, rows, bySource } = await run(["payloads"]);
    expect(status).toBe(1);
    expect(bySource.get("payloads/same.json")?.differs).toBe(false);
    expect(bySource.get("payloads/more.ndjson:1")?.differs).toBe(false);
    const causeIds = (s: string) => bySource.get(s)?.causes?.map((c) => c.id);
    expect(causeIds("payloads/case.json")).toEqual(["case-sensitivity"]);
    expect(bySource.get("payloads/case.json")?.causes?.[0]?.detail).toContain('"ID"');
    expect(causeIds("payloads/duplicate.json")).toEqual(["duplicate-names"]);
    expect(bySource.get("payloads/duplicate.json")?.causes?.[0]?.detail).toContain('"id"');
    expect(causeIds("payloads/invalid-utf8.json")).toEqual(["invalid-utf8"]);
    expect(causeIds("payloads/more.ndjson:2")).toEqual(["case-sensitivity"]);
    expect(rows.at(-1)?.summary).toEqual({
      payloads: 6,
      differ: 4,
      bothReject: 0,
      causes: { "case-sensitivity": 2, "duplicate-names": 1, "invalid-utf8": 1 },
    });
  });

  it("exits 0 when nothing differs, reading NDJSON from stdin", async () => {
    const r = await run([], '{"id":1}\n{"items":["a"]}\n');
    expect(r.status).toBe(0);
    expect(r.rows.at(-1)?.summary?.differ).toBe(0);
  });

  it("prints a summary table for people", async () => {
    const r = await gojson(["diff", "--go", "order.go", "--type", "Order", "payloads"]);
    expect(r.stdout).toContain("4 of 6 payloads decode differently with v1 and v2");
    expect(r.stdout).toMatch(/case-insensitive name match\s+2/);
  });

  it("handles a directory of many payloads with bounded output", async () => {
    const dir = mkdtempSync(join(tmpdir(), "gojson-diff-"));
    mkdirSync(join(dir, "p"));
    for (let i = 0; i < 2000; i++)
      writeFileSync(join(dir, "p", `${i}.json`), i % 100 === 0 ? `{"ID":${i + 1}}` : `{"id":${i}}`);
    const r = await gojson([
      "diff",
      "--quiet",
      "--go",
      join(__dirname, "../examples/order.go"),
      "--type",
      "Order",
      join(dir, "p"),
    ]);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain("20 of 2000 payloads decode differently");
  });
});
