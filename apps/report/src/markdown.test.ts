import { describe, expect, test } from "vitest";
import { renderMarkdown } from "./markdown.js";
import { syntheticCodecResult, syntheticInput } from "./testing/synthetic.js";

describe("renderMarkdown", () => {
  test("Deterministic/SameInputSameBytes", () => {
    const a = renderMarkdown(syntheticInput());
    const b = renderMarkdown(syntheticInput());
    expect(a).toBe(b);
  });

  test("Deterministic/InputOrderDoesNotMatter", () => {
    const r1 = syntheticCodecResult({ seed: 1 });
    const r2 = { ...syntheticCodecResult({ seed: 2 }), package: "@gojson/codec-v1", bench: "peers" };
    expect(renderMarkdown([r1, r2])).toBe(renderMarkdown([r2, r1]));
  });

  test("Shape/SeedSections", () => {
    const md = renderMarkdown(syntheticInput());
    const headings = md.split("\n").filter((l) => l.startsWith("#"));
    expect(headings).toEqual([
      expect.stringMatching(/^# .*codec-v2 ns\/op 0\.\d{3}× of codec-v1, pooled over all payloads$/),
      "## Seed 002 in TypeScript: codec-v1 vs codec-v2 (defaultOptionsV1) unmarshal to any",
      "### What we set out to check",
      "### How it ran",
      "### Results",
      "#### codec-v2 vs codec-v1 — ns/op",
      "#### Memory per operation",
      "#### Seed 000 cost table (ns/op)",
      "### Verdict",
      "### benchstat-style table",
      "## Conformance against Go",
      "## v1/v2 differences",
      "## What was not tested",
    ]);
  });

  test("Numbers/ComeFromTheDocument", () => {
    const input = syntheticInput();
    const r = input.results[0]!;
    const md = renderMarkdown(input);
    const flat = r.comparisons.find((c) => c.payload === "flat-records")!;
    expect(md).toContain(`${flat.geomean.toFixed(3)}× (${flat.gsd.toFixed(3)})`);
    const m = r.measurements.find((x) => x.payload === "flat-records" && x.candidate === "codec-v1")!;
    const mean = Math.round(m.stats.nsPerOp.mean * 10) / 10;
    expect(md.replaceAll(",", "")).toContain(mean.toFixed(1));
    expect(md).toContain(`codec-v2 took ${flat.geomean.toFixed(3)}× the time of codec-v1: faster`);
  });

  test("Conditions/Table", () => {
    const md = renderMarkdown(syntheticInput());
    for (const item of [
      "Hardware",
      "Operating system",
      "Node / V8",
      "Go",
      "Parallelism",
      "Payloads",
      "Repetitions",
    ])
      expect(md).toMatch(new RegExp(`^\\| ${item.replace("/", "\\/")} \\|`, "m"));
    expect(md).toContain("| Go | go1.26.0 linux/amd64 |");
  });

  test("Direction/SlowerAndUnclear", () => {
    const slower = renderMarkdown([syntheticCodecResult({ factor: 1.25 })]);
    expect(slower).toMatch(/codec-v2 took 1\.\d{3}× the time of codec-v1: slower/);
    const even = renderMarkdown([syntheticCodecResult({ factor: 1.0 })]);
    expect(even).toContain("no clear difference (interval includes 1");
  });

  test("Absent/ConformanceAndDifferences", () => {
    const md = renderMarkdown([syntheticCodecResult()]);
    expect(md).toContain("Not reported: results/conformance.json is absent.");
    expect(md).toContain("- Conformance against Go: results/conformance.json is absent");
    expect(md).toContain("Not reported: no golden vectors and no results/observations.json were found.");
  });

  test("Empty/NoResults", () => {
    const md = renderMarkdown({ results: [], resultsDir: "results" });
    expect(md.startsWith("# gojson report: no benchmark results found\n")).toBe(true);
    expect(md).toContain("No benchmark result documents were found in results.");
  });

  test("Degenerate/NoMeasurements", () => {
    const r = { ...syntheticCodecResult(), measurements: [], comparisons: [], hypotheses: [], tables: [] };
    const md = renderMarkdown([r]);
    expect(md).toContain("The document holds no paired comparison.");
    expect(md).toMatch(/\| Payloads \| Flat records \(48\.2 KB\);.* — none measured \|/);
    expect(md).toContain("payload Flat records listed but not measured.");
    expect(md).not.toContain("benchstat-style");
  });

  test("Benchstat/Block", () => {
    const md = renderMarkdown(syntheticInput());
    expect(md).toMatch(/```\ngoos: linux\ngoarch: x64\n/);
    expect(md).toMatch(/^FlatRecords\s+\S+µ ± /m);
    expect(md).toMatch(/^geomean\s+/m);
  });

  test("Verdict/FromHypothesisOutcome", () => {
    const md = renderMarkdown(syntheticInput());
    expect(md).toMatch(/^- h1: supported: /m);
    expect(md).toContain("Criterion fixed before the run: supported when the whole 95% interval");
  });
});
