import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, test } from "vitest";
import { loadReportInput } from "./load.js";
import { syntheticCodecResult } from "./testing/synthetic.js";
import { writeReport } from "./write.js";

function fixtureDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "gojson-report-"));
  writeFileSync(join(dir, "codec-v2-seed-002.json"), JSON.stringify(syntheticCodecResult()));
  writeFileSync(
    join(dir, "a-peers.json"),
    JSON.stringify({ ...syntheticCodecResult({ seed: 9 }), package: "@gojson/codec-v1", bench: "peers" }),
  );
  writeFileSync(
    join(dir, "conformance.json"),
    JSON.stringify({ engines: { v1: { cases: 100, agreements: 100, disagreements: 0 } }, examples: [] }),
  );
  writeFileSync(join(dir, "junk.json"), '{"kind":"something-else"}');
  writeFileSync(join(dir, "broken.json"), "{");
  return dir;
}

describe("loadReportInput", () => {
  test("Classifies/Files", async () => {
    const input = await loadReportInput(fixtureDir(), { label: "results" });
    expect(input.results.map((r) => `${r.package} ${r.bench}`)).toEqual([
      "@gojson/codec-v1 peers",
      "@gojson/codec-v2 seed-002",
    ]);
    expect(input.conformance?.summary.engines).toEqual({
      v1: { cases: 100, agreements: 100, disagreements: 0, skipped: 0, byKind: {} },
    });
    // The difference table comes from the installed @gojson/fixtures.
    expect(input.differences?.groups.map((g) => g.number)).toEqual(
      Array.from({ length: 16 }, (_, i) => String(i + 1).padStart(2, "0")),
    );
    expect(input.skipped?.map((s) => s.file)).toEqual(["broken.json", "junk.json"]);
  });

  test("Missing/Directory", async () => {
    const input = await loadReportInput(join(tmpdir(), "gojson-report-does-not-exist"));
    expect(input.results).toEqual([]);
  });

  test("WriteReport/TwiceSameBytes", async () => {
    const dir = fixtureDir();
    const a = await writeReport(dir, join(dir, "out-a"), "results");
    const b = await writeReport(dir, join(dir, "out-b"), "results");
    expect(readFileSync(a.markdown, "utf8")).toBe(readFileSync(b.markdown, "utf8"));
    expect(readFileSync(a.html, "utf8")).toBe(readFileSync(b.html, "utf8"));
  });
});

const cli = resolve(__dirname, "../dist/cli.js");
// skip: the CLI test runs the built dist/cli.js; it is absent before `pnpm build`
describe.skipIf(!existsSync(cli))("cli (built dist/cli.js; skipped before `pnpm build`)", () => {
  test("Cli/TwoProcessesSameBytes", () => {
    const dir = fixtureDir();
    const run = (out: string) => {
      const p = spawnSync(process.execPath, [cli, "--results", dir, "--out", join(dir, out)], {
        encoding: "utf8",
      });
      expect(p.status, p.stderr).toBe(0);
      return p.stdout.trim().split("\n");
    };
    const [mdA, htmlA] = run("x");
    const [mdB, htmlB] = run("y");
    expect(mdA).toBe(join(dir, "x", "latest.md"));
    expect(htmlA).toBe(join(dir, "x", "latest.html"));
    expect(readFileSync(mdA!)).toEqual(readFileSync(mdB!));
    expect(readFileSync(htmlA!)).toEqual(readFileSync(htmlB!));
  });
});
