/**
 * The scale benches on tiny inputs (check-only: no figure is read): every probe runs, the
 * readers of one stream agree on what they read, the writers write the same bytes, the
 * rejections carry Go's text, and every bound gets a verdict. Go's probes join when go is on
 * PATH.
 */
import { readFileSync, unlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { hasGo, type ProbeReport, type ScaleRow } from "@gojson/harness";
import { describe, expect, it } from "vitest";
import { runBounds, typesChecks } from "./bounds.js";
import { EVENT_GO_SOURCE, eventJson, writeEvents } from "./events.js";
import { bestOf, docSizesUpTo, type ScaleOptions, scaleOptions } from "./probes.js";
import { runStreams, streamChecks } from "./streams.js";

const quiet = () => {};
const go = hasGo();

const tiny: ScaleOptions = {
  streamSize: 200e3,
  docSizes: [1e6, 1.5e6],
  stringSize: 300e3,
  fields: [10, 200],
  types: [5, 40],
  go,
  bigHeapMb: 0,
  keep: false,
  rounds: 1,
  probeTimeoutS: 120,
};

function group(rows: readonly ScaleRow[], g: string): ScaleRow[] {
  return rows.filter((r) => r.group === g);
}

describe("scale options", () => {
  const cases: Array<{ name: string; in: string[]; want: Partial<ScaleOptions> }> = [
    { name: "Defaults", in: [], want: { streamSize: 64 * 2 ** 20, docSizes: [1e6, 64e6], stringSize: 16e6 } },
    {
      name: "FullRun",
      in: ["--stream-size", "1GiB", "--doc-size", "1GB", "--string-size", "100MB"],
      want: { streamSize: 2 ** 30, docSizes: [1e6, 100e6, 1e9], stringSize: 100e6 },
    },
    { name: "Fields", in: ["--fields", "5,50"], want: { fields: [5, 50] } },
    { name: "Types", in: ["--types", "10,20"], want: { types: [10, 20] } },
    { name: "TypesDefault", in: [], want: { types: [1000, 4000] } },
  ];
  for (const c of cases) it(c.name, () => expect(scaleOptions(c.in, false)).toMatchObject(c.want));
  it("BadSize/Throws", () =>
    expect(() => scaleOptions(["--stream-size", "lots"], false)).toThrow(/byte size/));
  it("DocSizes/OneMegabyteFirst", () => expect(docSizesUpTo(1e6)).toEqual([1e6]));
  it("Rounds/TwoByDefaultOneForAFullRun", () => {
    expect(scaleOptions([], false).rounds).toBe(2);
    expect(scaleOptions(["--stream-size", "1GiB"], false).rounds).toBe(1);
    expect(scaleOptions(["--rounds", "3"], false).rounds).toBe(3);
  });
});

describe("document cost checks", () => {
  const doc = (op: string, size: string, impl: string, seconds: number, cpuSeconds?: number): ScaleRow => ({
    group: `doc-${op}@${size}`,
    impl,
    label: impl,
    side: impl.startsWith("go") ? "go" : "gojson",
    inputBytes: size === "1 MB" ? 1e6 : 1e8,
    seconds,
    ...(cpuSeconds === undefined ? {} : { extra: { cpuSeconds } }),
  });
  const o = { ...tiny, docSizes: [1e6, 1e8] };
  const cases = [
    {
      name: "WallCpuAndGo",
      rows: [
        doc("decode", "1 MB", "codec-v2", 0.004, 0.004),
        doc("decode", "100 MB", "codec-v2", 7, 1.8),
        doc("decode", "1 MB", "go-v2", 0.011),
        doc("decode", "100 MB", "go-v2", 3.8),
      ],
      want: "70.00 vs 4.00 ns/B (17.50×); CPU 18.00 vs 4.00 ns/B (4.50×); Go v2 38.00 vs 11.00 ns/B (3.45×)",
    },
    {
      name: "EnginePeerBeside",
      rows: [
        doc("decode", "1 MB", "codec-v2", 0.003),
        doc("decode", "100 MB", "codec-v2", 0.8),
        doc("decode", "1 MB", "JSON.parse", 0.005),
        doc("decode", "100 MB", "JSON.parse", 0.9),
      ],
      want: "8.00 vs 3.00 ns/B (2.67×); JSON.parse 9.00 vs 5.00 ns/B (1.80×)",
    },
    {
      name: "WallOnly",
      rows: [doc("decode", "1 MB", "codec-v2", 0.004), doc("decode", "100 MB", "codec-v2", 0.6)],
      want: "6.00 vs 4.00 ns/B (1.50×)",
    },
  ];
  for (const c of cases)
    it(c.name, () => {
      const check = streamChecks(c.rows, o).find((x) => x.id === "doc-decode/flat/codec-v2@100 MB");
      expect(check?.observed).toBe(c.want);
    });
});

describe("many-types checks", () => {
  const row = (impl: string, k: number, parse: number, unmarshal: number, marshal: number): ScaleRow => ({
    group: `types@${k}`,
    impl,
    label: impl,
    side: impl.startsWith("go") ? "go" : "gojson",
    inputBytes: 40 * k,
    seconds: parse + unmarshal + marshal,
    values: k,
    extra: { parseSeconds: parse, unmarshalSeconds: unmarshal, marshalSeconds: marshal },
  });
  const o = { ...tiny, types: [1000] };
  const cases = [
    // parseGo makes the whole first use 6.5× Go's; the codec's own share is 4.0×.
    {
      name: "ParseOverPlanUnder",
      codec: [0.025, 0.02, 0.02],
      go: [0, 0.006, 0.004],
      total: false,
      plan: true,
    },
    { name: "BothUnder", codec: [0.01, 0.015, 0.01], go: [0, 0.006, 0.004], total: true, plan: true },
    { name: "BothOver", codec: [0.01, 0.04, 0.02], go: [0, 0.006, 0.004], total: false, plan: false },
  ];
  for (const c of cases)
    it(c.name, () => {
      const [p, u, m] = c.codec as [number, number, number];
      const [gp, gu, gm] = c.go as [number, number, number];
      const checks = typesChecks([row("codec-v2", 1000, p, u, m), row("go-v2", 1000, gp, gu, gm)], o);
      const verdict = (id: string) => checks.find((x) => x.id === id)?.pass;
      expect([
        verdict("types/first-call-vs-go/codec-v2@1000"),
        verdict("types/plan-compile-vs-go/codec-v2@1000"),
      ]).toEqual([c.total, c.plan]);
    });
  it("GoAbsent/NoVerdict", () => {
    const checks = typesChecks([row("codec-v2", 1000, 0.01, 0.01, 0.01)], o);
    expect(checks.find((x) => x.id === "types/plan-compile-vs-go/codec-v2@1000")?.pass).toBeNull();
  });
});

describe("bestOf", () => {
  const ok = (s: number, rss: number): ProbeReport => ({ ok: true, seconds: [s], peakRssBytes: rss });
  it("FastestTimeHighestRss", () =>
    expect(bestOf([ok(3, 10), ok(2, 30), ok(4, 20)])).toEqual({
      ok: true,
      seconds: [2],
      peakRssBytes: 30,
      runs: 3,
    }));
  it("AnyFailureFails", () =>
    expect(bestOf([ok(1, 1), { ok: false, error: "boom" }])).toEqual({ ok: false, error: "boom" }));
  it("OneRunAsItIs", () => expect(bestOf([ok(1, 5)])).toEqual(ok(1, 5)));
});

describe("generated inputs", () => {
  it("Events/AreJsonOfTheGoFields", () => {
    let i = 0;
    const r = () => {
      i = (i * 7 + 3) % 11;
      return i / 11;
    };
    const ev = JSON.parse(eventJson(r, 5)) as Record<string, unknown>;
    expect(Object.keys(ev)).toEqual(["id", "kind", "at", "user", "amount", "items", "tags", "attrs", "ok"]);
    for (const k of Object.keys(ev)) expect(EVENT_GO_SOURCE).toContain(`json:"${k}"`);
  });
  it("Array/IsOneJsonDocument", () => {
    const file = path.join(tmpdir(), `gojson-scale-test-${process.pid}.json`);
    const w = writeEvents(file, 5000, { array: true });
    const doc = JSON.parse(readFileSync(file, "utf8")) as unknown[];
    unlinkSync(file);
    expect(doc).toHaveLength(w.values);
    expect(w.bytes).toBeGreaterThanOrEqual(5000);
  });
});

describe("scale benches (check-only, tiny inputs)", () => {
  it("Streams/ReadersAgreeAndEveryBoundHasAVerdict", async () => {
    const r = await runStreams(tiny, quiet);
    const rows = r.scale?.rows ?? [];
    expect(rows.filter((x) => x.error)).toEqual([]);
    const readers = group(rows, "stream-decode").filter(
      (x) => x.impl !== "jsontext-StreamDecoder" && x.impl !== "createReadStream-alone",
    );
    expect(readers.length).toBeGreaterThanOrEqual(5);
    for (const x of readers)
      expect({ impl: x.impl, values: x.values, sum: x.sum }).toEqual({
        impl: x.impl,
        values: readers[0]?.values,
        sum: readers[0]?.sum,
      });
    const v2 = group(rows, "stream-encode").find((x) => x.impl === "codec-v2-encodeValues");
    const plain = group(rows, "stream-encode").find((x) => x.impl === "JSON.stringify+write");
    expect(v2?.inputBytes).toBe(plain?.inputBytes);
    for (const size of ["1 MB", "1.5 MB"]) {
      const docs = group(rows, `doc-decode@${size}`);
      for (const x of docs) expect(x.sum).toBe(docs[0]?.sum);
      expect(group(rows, `doc-encode@${size}`).length).toBe(go ? 5 : 3);
    }
    for (const c of r.scale?.checks ?? []) expect(c.observed).not.toBe("");
    const runnable = (r.scale?.checks ?? []).filter((c) => !c.id.includes("/rate/") || go);
    for (const c of runnable) expect([c.id, c.pass === null]).toEqual([c.id, false]);
  }, 240_000);

  it("Bounds/RejectionsCarryGoTextAndEveryBoundHasAVerdict", async () => {
    const r = await runBounds(tiny, quiet);
    const rows = r.scale?.rows ?? [];
    expect(rows.filter((x) => x.error)).toEqual([]);
    for (const size of ["1 MB", "300 kB"]) {
      const rej = group(rows, `reject@${size}`);
      const msg = (id: string) => rej.find((x) => x.impl === id)?.extra?.message;
      expect(msg("codec-v1")).toBe("json: cannot unmarshal string into Go value of type int");
      expect(msg("codec-v2")).toBe("json: cannot unmarshal JSON string into Go int");
      if (go) {
        expect(msg("go-v1")).toBe(msg("codec-v1"));
        expect(String(msg("go-v2")).replace("unable to", "cannot")).toBe(msg("codec-v2"));
      }
    }
    // Every implementation read the root of k types and wrote back the bytes it read (the probes check it).
    for (const k of tiny.types) {
      const types = group(rows, `types@${k}`);
      expect(types.map((x) => x.impl).sort()).toEqual(
        go ? ["codec-v1", "codec-v2", "go-v1", "go-v2"] : ["codec-v1", "codec-v2"],
      );
      for (const x of types) expect([x.impl, x.values, x.seconds! > 0]).toEqual([x.impl, k, true]);
    }
    const strings = group(rows, "string-decode@300 kB");
    for (const x of strings) expect(x.values).toBe(strings[0]?.values);
    expect(strings[0]?.values).toBeGreaterThan(299e3);
    for (const c of r.scale?.checks ?? [])
      if (!c.id.includes("vs-go") || go) expect([c.id, c.pass === null]).toEqual([c.id, false]);
  }, 240_000);
});
