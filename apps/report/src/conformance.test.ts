import { describe, expect, test } from "vitest";
import { engineNames, kindWords, pickExamples, readConformance } from "./conformance.js";
import { syntheticConformanceDoc } from "./testing/synthetic.js";

describe("readConformance", () => {
  test("RealShape/EnginesInReportOrder", () => {
    const c = readConformance(syntheticConformanceDoc(), "conformance.json")!;
    expect(c.source).toBe("conformance.json");
    expect(engineNames(c.summary)).toEqual(["v1", "v2"]);
    expect(c.summary.engines.v2).toEqual({
      cases: 2990,
      agreements: 2985,
      disagreements: 5,
      skipped: 10,
      byKind: { "error-text": 4, "missing-error": 1 },
    });
    expect(c.summary.unavailable).toEqual(["v1v2"]);
    expect(c.summary.seed).toBe(20261201);
    expect(c.summary.examples).toHaveLength(3);
  });

  const tolerant: Array<{ name: string; in: unknown; want: unknown }> = [
    {
      name: "Missing/CountsAndByKind",
      in: { engines: { v1: { cases: 10, disagreements: 1 } } },
      want: { v1: { cases: 10, agreements: 9, disagreements: 1, skipped: 0, byKind: {} } },
    },
    {
      name: "Wrong/TypesDropped",
      in: { engines: { v1: "x", v2: { cases: "7", byKind: { value: -1, output: 2 } } } },
      want: {
        v2: { cases: 0, agreements: 0, disagreements: 0, skipped: 0, byKind: { output: 2, value: 0 } },
      },
    },
  ];
  for (const c of tolerant)
    test(c.name, () => {
      expect(readConformance(c.in, "c.json")?.summary.engines).toEqual(c.want);
    });

  test("Missing/TopLevelFields", () => {
    const s = readConformance(
      { engines: { v2: {} }, examples: [{ engine: "v2" }, 7, {}] },
      "c.json",
    )!.summary;
    expect(s).toMatchObject({ generatedAt: "", runs: 0, seed: 0, unavailable: [] });
    expect(s.examples).toEqual([
      { title: "v2", engine: "v2", kind: "", signature: "", seed: 0, shrunk: false, text: "" },
    ]);
  });

  test("Unusable/NoEngines", () => {
    expect(readConformance({ hello: 1 }, "c.json")).toBeUndefined();
    expect(readConformance([1, 2], "c.json")).toBeUndefined();
    expect(readConformance({ engines: {}, unavailable: ["v1"] }, "c.json")?.summary.unavailable).toEqual([
      "v1",
    ]);
  });
});

describe("pickExamples", () => {
  test("OnePerKind/ShrunkFirst", () => {
    const s = readConformance(syntheticConformanceDoc(), "c.json")!.summary;
    expect(pickExamples(s).map((x) => `${x.engine} ${x.kind} ${x.seed}`)).toEqual([
      "v1 value-after-error 20261210",
      // v2's most frequent kind first; the shrunk example wins over the lower seed.
      "v2 error-text 20261299",
    ]);
  });
});

test("kindWords/KnownAndUnknown", () => {
  expect(kindWords("missing-error")).toBe("Go failed, gojson did not");
  expect(kindWords("new-kind")).toBe("new-kind");
});
