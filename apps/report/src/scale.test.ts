import type { BenchResult, ScaleCheck, ScaleRow } from "@gojson/harness";
import { describe, expect, test } from "vitest";
import { renderHtml } from "./html.js";
import { renderMarkdown } from "./markdown.js";
import { scaleMatrices, scaleSections, scaleSummary, scaleVerdict } from "./scale.js";
import { syntheticCodecResult } from "./testing/synthetic.js";

function scaleResult(bench: string, rows: ScaleRow[], checks: ScaleCheck[]): BenchResult {
  const base = syntheticCodecResult({ seed: 3 });
  return {
    ...base,
    package: "@gojson/seed-bench",
    bench,
    title: `Scale ${bench}`,
    candidates: [],
    payloads: [],
    measurements: [],
    comparisons: [],
    hypotheses: [],
    tables: [],
    errors: [],
    notes: ["a note of the scale bench"],
    scale: {
      rows,
      checks,
      commands: [`pnpm --filter @gojson/seed-bench bench ${bench} --stream-size 1GiB`],
      baselineRssBytes: { gojson: 48 * 2 ** 20, go: 3 * 2 ** 20 },
    },
  };
}

const row = (impl: string, side: ScaleRow["side"], more: Partial<ScaleRow> = {}): ScaleRow => ({
  group: "stream-decode",
  impl,
  label: `${impl} reader`,
  side,
  inputBytes: 2 ** 30,
  values: 4_100_000,
  seconds: 10,
  mbPerSec: 107.4,
  peakRssBytes: 60 * 2 ** 20,
  allocPerInputByte: 7.5,
  ...more,
});

const streams = scaleResult(
  "scale-streams",
  [
    row("codec-v2-decodeValues", "gojson"),
    row("go-v2", "go", { mbPerSec: 171, peakRssBytes: 9e6 }),
    row("codec-v2", "gojson", {
      group: "doc-decode@1 GB",
      error: "Cannot create a string longer than 0x1fffffe8",
    }),
  ],
  [
    {
      id: "rss",
      statement: "codec-v2 decodeValues: peak RSS ≤ 64 MiB",
      observed: "60.0 MiB peak RSS",
      pass: true,
    },
    { id: "rate", statement: "codec-v2 decodeValues: MB/s ≥ Go's", observed: "0.63× Go's rate", pass: false },
    { id: "big", statement: "codec-v2 unmarshals 1 GB", observed: "not run", pass: null },
  ],
);
const bounds = scaleResult(
  "scale-bounds",
  [
    {
      group: "fields@100000",
      impl: "codec-v2",
      label: "parseGo + first codec-v2 unmarshal",
      side: "gojson",
      inputBytes: 1_300_000,
      values: 100_000,
      seconds: 6.5,
      allocPerInputByte: 1000,
      extra: { prepareSeconds: 1.5, firstSeconds: 5, secondSeconds: 0.02 },
    },
  ],
  [{ id: "fields", statement: "fields linear", observed: "1.1×", pass: true }],
);

describe("scaleSections", () => {
  test("Counts/PassFailNotRun", () => {
    const [s] = scaleSections([streams]);
    expect([s?.passed, s?.failed, s?.notRun]).toEqual([1, 1, 1]);
    expect(scaleSummary(s!)).toBe("1 of 3 bounds hold, 1 fail, 1 not run");
    expect(streams.scale!.checks.map(scaleVerdict)).toEqual(["pass", "FAIL", "not run"]);
  });
  test("Order/StreamsFirst", () => {
    expect(scaleSections([bounds, streams]).map((s) => s.result.bench)).toEqual([
      "scale-streams",
      "scale-bounds",
    ]);
  });
  test("Tables/OnePerGroupWithGoRatioAndErrors", () => {
    const [s] = scaleSections([streams]);
    expect(s?.tables.map((t) => t.title)).toEqual([
      "Stream decode: 1.07 GB of NDJSON (4,100,000 events) into Go types",
      "One document of 1 GB: unmarshal",
    ]);
    const decode = s!.tables[0]!;
    expect(decode.head).toContain("÷ Go v2's MB/s");
    expect(decode.head).not.toContain("remark");
    expect(decode.rows[0]).toContain("0.63×");
    expect(s!.tables[1]!.rows[0]).toContain("failed: Cannot create a string longer than 0x1fffffe8");
  });
  test("Tables/CpuPerByteWhereMeasured", () => {
    const doc = (impl: string, side: ScaleRow["side"], cpuSeconds?: number): ScaleRow =>
      row(impl, side, {
        group: "doc-decode@100 MB",
        inputBytes: 1e8,
        seconds: 7,
        ...(cpuSeconds === undefined ? {} : { extra: { cpuSeconds } }),
      });
    const cases = [
      {
        name: "measured",
        rows: [doc("codec-v2", "gojson", 1.8), doc("go-v2", "go", 2.5)],
        want: ["18.00", "25.00"],
      },
      {
        name: "one side only",
        rows: [doc("codec-v2", "gojson", 1.8), doc("go-v2", "go")],
        want: ["18.00", "—"],
      },
      { name: "not measured", rows: [doc("codec-v2", "gojson"), doc("go-v2", "go")], want: undefined },
    ];
    for (const c of cases) {
      const [s] = scaleSections([scaleResult("scale-streams", c.rows, [])]);
      const t = s!.tables[0]!;
      const col = t.head.indexOf("CPU ns per byte");
      if (c.want === undefined) expect(col, c.name).toBe(-1);
      else {
        expect(t.head[col - 1], c.name).toBe("ns per byte");
        expect(
          t.rows.map((r) => r[col]),
          c.name,
        ).toEqual(c.want);
        expect(t.rows[0]![col - 1], c.name).toBe("70.00");
      }
    }
  });
  test("Tables/FieldsShowDeclareFirstSecond", () => {
    const [s] = scaleSections([bounds]);
    expect(s!.tables[0]!.head).toEqual([
      "implementation",
      "declare s",
      "first unmarshal s",
      "second s",
      "peak RSS",
      "allocated per field",
    ]);
    expect(s!.tables[0]!.rows[0]).toEqual([
      "parseGo + first codec-v2 unmarshal",
      "1.5000",
      "5.0000",
      "0.0200",
      "—",
      "13.0 kB",
    ]);
  });
});

describe("scaleSections/EncodeCost", () => {
  test("Tables/EncodeCostShowsBothPerValueCostsAndTheRatio", () => {
    const r = scaleResult(
      "scale-streams",
      [
        row("codec-v2-marshalEncode", "gojson", {
          group: "encode-cost",
          label: "codec-v2 marshalEncode vs marshal",
          values: 100_000,
          seconds: 0.12,
          extra: { marshalSeconds: 0.1, ratio: 1.18 },
        }),
      ],
      [],
    );
    const t = scaleSections([r])[0]!.tables[0]!;
    expect(t.title).toBe("Stream encode per value: marshalEncode against marshal (100,000 events a round)");
    expect(t.rows[0]).toEqual(["codec-v2 marshalEncode vs marshal", "1,200", "1,000", "1.18×", "60.0 MiB"]);
  });
});

describe("scaleMatrices", () => {
  const c = (subject: string, bound: string, pass: boolean | null, figure?: string): ScaleCheck => ({
    id: `${subject}/${bound}`,
    statement: `${subject}: ${bound}`,
    observed: figure ?? "not run",
    pass,
    subject,
    bound,
    ...(figure ? { figure } : {}),
  });
  test("SharedBoundsShareATable", () => {
    const m = scaleMatrices([
      c("decodeValues", "RSS", true, "60 MiB"),
      c("decodeValues", "rate", false, "0.33× Go"),
      c("framing", "RSS", false, "67 MiB"),
      c("unmarshal", "flat@100MB", null),
    ]);
    expect(m).toEqual([
      {
        head: ["", "RSS", "rate"],
        rows: [
          ["decodeValues", "pass 60 MiB", "FAIL 0.33× Go"],
          ["framing", "FAIL 67 MiB", ""],
        ],
      },
      { head: ["", "flat@100MB"], rows: [["unmarshal", "not run"]] },
    ]);
  });
  test("NoShortForm/NoMatrix", () => {
    expect(scaleMatrices([{ id: "x", statement: "x", observed: "y", pass: true }])).toEqual([]);
  });
  test("Markdown/MatrixOnFirstPageListFolded", () => {
    const withShort = {
      ...streams,
      scale: {
        ...streams.scale!,
        checks: [c("codec-v2 decodeValues", "peak RSS ≤ 64 MiB", true, "60.0 MiB")],
      },
    };
    const md = renderMarkdown([withShort]);
    const matrix = md.indexOf("| codec-v2 decodeValues | pass 60.0 MiB |");
    expect(matrix).toBeGreaterThan(0);
    expect(md.indexOf("<details>")).toBeGreaterThan(matrix);
    expect(md.indexOf("| codec-v2 decodeValues: peak RSS ≤ 64 MiB | 60.0 MiB | **pass** |")).toBeGreaterThan(
      md.indexOf("<details>"),
    );
  });
});

describe("scale in the report", () => {
  const input = [syntheticCodecResult({ seed: 1 }), streams, bounds];
  test("Markdown/BoundsOnTheFirstPageFiguresFolded", () => {
    const md = renderMarkdown(input);
    const at = md.indexOf("## Streams, big documents and bounds");
    expect(at).toBeGreaterThan(md.indexOf("## Verdicts"));
    expect(at).toBeLessThan(md.indexOf("## Details"));
    expect(md).toContain("| codec-v2 decodeValues: MB/s ≥ Go's | 0.63× Go's rate | **FAIL** |");
    // The figures sit inside <details>, and the scale documents are not repeated as paired benchmarks.
    const fig = md.indexOf("#### Stream decode");
    expect(md.lastIndexOf("<details>", fig)).toBeGreaterThan(at);
    expect(md.slice(md.indexOf("## Details"), md.indexOf("## Conformance"))).not.toContain(
      "Scale scale-streams",
    );
    expect(md).not.toContain("Scale scale-streams: no question registered");
    expect(md).toContain("pnpm --filter @gojson/seed-bench bench scale-streams --stream-size 1GiB");
  });
  test("Html/SectionWithBadges", async () => {
    const html = await renderHtml(input);
    expect(html).toContain('<section id="scale"');
    expect(html).toContain('<span class="verdict no">FAIL</span>');
    expect(html).toContain('<a href="#scale">Streams, big documents and bounds</a>');
  });
});
