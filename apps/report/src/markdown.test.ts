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
      "# gojson: benchmarks and conformance against Go",
      "## Verdicts",
      "## Details",
      "### What we set out to check",
      "### How it ran",
      "### Results",
      "#### codec-v2 vs codec-v1 — ns/op",
      "#### Memory per operation",
      "#### Seed 000 cost table (ns/op)",
      "### Verdict",
      "### benchstat-style table",
      "## Conformance against Go",
      "### Counterexamples",
      "## v1/v2 differences",
      "## What was not tested",
      "## Limits of what was measured",
    ]);
    // The details of each benchmark are folded, and the verdicts come before them.
    expect(md.indexOf("<details>")).toBeGreaterThan(md.indexOf("## Verdicts"));
    expect(md).toContain("<summary><b>Seed 002 in TypeScript");
  });

  test("FirstScreen/MachineLoadAndConformanceLine", () => {
    const md = renderMarkdown(syntheticInput());
    const head = md.slice(0, md.indexOf("## Verdicts"));
    expect(head).toContain("Machine: ");
    expect(head).toContain("load average up to 1.10 during the runs");
    expect(head).not.toContain("Warning: the machine was busy");
    expect(head).toContain(
      "Conformance against Go: 3,000 generated cases — v1 99.93% agree, v2 99.83% agree.",
    );
    const busy = syntheticInput();
    for (const r of busy.results) r.environment.loadAverage = { start: [6.5, 5, 4], end: [7.2, 6, 5] };
    expect(renderMarkdown(busy)).toContain(
      "**Warning: the machine was busy.** The load average reached 7.20 on 2 logical CPUs",
    );
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
    expect(md).toContain(
      "Not reported: the golden vectors of @gojson/fixtures (group differences) were not found.",
    );
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

  test("KeyFindings/OneRowPerQuestionWithRatioAndVerdict", () => {
    const input = syntheticInput();
    const pooled = input.results[0]!.comparisons.find((c) => c.payload === "*")!;
    const md = renderMarkdown(input);
    const key = md.slice(md.indexOf("## Verdicts"), md.indexOf("## Details"));
    const rows = key.split("\n").filter((l) => l.startsWith("| codec-v2"));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain(
      `${pooled.geomean.toFixed(3)}× [${pooled.ci.low.toFixed(3)}×, ${pooled.ci.high.toFixed(3)}×]`,
    );
    expect(rows[0]).toMatch(
      /\*\*supported\*\*: codec-v2 is \d\.\d\d× faster than codec-v1; needed: whole interval below 0\.95/,
    );
    // The summary line under the headline is short and has the numbers.
    expect(md.split("\n")[2]).toMatch(
      /^1 benchmark; 1 question registered before the run: 1 supported; agreement with Go over 3,000 generated cases: v1 99\.9%, v2 99\.8%\.$/,
    );
  });

  test("Conformance/TablesAndExamples", () => {
    const md = renderMarkdown(syntheticInput());
    expect(md).toContain("| v2 — codec-v2 vs Go encoding/json/v2 | 2,990 | 2,985 | 5 | 10 | 99.83% |");
    expect(md).toContain("| error-text | both failed, error text differs | · | 4 |");
    expect(md).toContain(
      "<details><summary>v2 error-text: unmarshal S1 (shrunk) (v2, error-text, shrunk, seed 20261299)</summary>",
    );
    expect(md).toContain('gojson:  {"error":"json: cannot unmarshal boolean into Go int"}');
    expect(md).toContain("Conformance against Go: engine v1v2 was not run");
  });

  test("Differences/GoAnswersPerScenario", () => {
    const md = renderMarkdown(syntheticInput());
    expect(md).toContain(
      "| difference | input / value | v1 answer (Go) | v2 answer (Go) | v1 on the v2 engine |",
    );
    expect(md).toContain(
      '| 01 Case sensitivity: Folded | `unmarshal {"FOO":1} into S` | `{"Foo":"1"}` | `{"Foo":"0"}` | same as v1 |',
    );
    expect(md).toContain(
      "| 04 Nil slice map: Nil slice | `marshal []int null` | `null` | `[]` | same as v1 |",
    );
    expect(md).not.toContain("Case sensitivity: Exact");
  });
});
