/**
 * Issue #26 point 5's bench: memory bounded by the input. Peak memory per input byte when
 * decoding one long JSON string; time to reject an escaped string where a number is expected
 * (at a quarter of the full size and at the full size: linear, and how far from Go); parseGo plus the first unmarshal
 * of a struct of 1,000 / 10,000 / 100,000 fields (time and memory per field: linear or not).
 * Each implementation runs once in a process of its own; Go's beside them when installed.
 */
import { writeFileSync } from "node:fs";
import { type BenchResult, formatByteSize, type ScaleCheck, type ScaleRow } from "@gojson/harness";
import {
  manyFieldsGoSource,
  manyFieldsJson,
  manyTypesGoSource,
  manyTypesJson,
  manyTypesRoot,
  writeEscapedString,
  writeLongString,
} from "./events.js";
import { COST_GROWTH_BOUND, type ScaleOptions, ScaleRun, scaleCommand } from "./probes.js";

/** Resident memory a string decode may add per input byte above an idle process (the input, the string, slack). */
export const STRING_RSS_PER_BYTE_BOUND = 3;
/** How many times Go's time a rejection may take (same Go version semantics). */
export const REJECT_VS_GO_BOUND = 2;
/** How many times Go's first call the first unmarshal of a type may take, declaring it included (issue #23 goal 3). */
export const FIRST_CALL_VS_GO_BOUND = 5;

const CODECS = [
  ["codec-v2", "codec-v2", "gojson"],
  ["codec-v1", "codec-v1", "gojson"],
] as const;

/**
 * The two sizes of the escaped string: a quarter of the full size (at least 1 MB) and the full
 * size. Both are past the CPU caches, so their ratio shows the algorithm's growth, not the
 * cache's (from 1 MB to 16 MB Go's classic rejection itself costs 3× per byte).
 */
export function rejectSizes(o: ScaleOptions): number[] {
  return [...new Set([Math.max(1e6, Math.round(o.stringSize / 4)), o.stringSize])];
}

/** Runs the bounds bench; returns the result document. */
export async function runBounds(o: ScaleOptions, log?: (line: string) => void): Promise<BenchResult> {
  const run = new ScaleRun(o, log, o.types);
  try {
    const baselineRssBytes = run.baselines();
    const tag = formatByteSize(o.stringSize);

    const str = run.file("string.json");
    writeLongString(str, o.stringSize);
    run.say(`scale-bounds: one JSON string of ${tag}`);
    for (const [id, label, side] of [...CODECS, ["JSON.parse", "TextDecoder + JSON.parse", "node"] as const])
      run.add({ group: `string-decode@${tag}`, impl: id, label: `${label} → string`, side }, () =>
        run.node("string-decode", id, [str]),
      );
    if (run.go)
      for (const v of ["v2", "v1"] as const)
        run.add(
          {
            group: `string-decode@${tag}`,
            impl: `go-${v}`,
            label: `Go ${v === "v2" ? "json/v2" : "classic encoding/json"} → string`,
            side: "go",
          },
          () => run.goRun("string-decode", v, [str]),
        );

    for (const size of rejectSizes(o)) {
      const esc = run.file(`escaped-${size}.json`);
      writeEscapedString(esc, size);
      const reps = size <= 2e6 ? 12 : 2;
      const warm = size <= 2e6 ? 4 : 1;
      run.say(`scale-bounds: reject an escaped string of ${formatByteSize(size)} where an int is expected`);
      for (const [id, label, side] of CODECS)
        run.add({ group: `reject@${formatByteSize(size)}`, impl: id, label: `${label} → int`, side }, () =>
          run.node("reject", id, [esc, reps, warm]),
        );
      if (run.go)
        for (const v of ["v2", "v1"] as const)
          run.add(
            {
              group: `reject@${formatByteSize(size)}`,
              impl: `go-${v}`,
              label: `Go ${v === "v2" ? "json/v2" : "classic encoding/json"} → int`,
              side: "go",
            },
            () => run.goRun("reject", v, [esc, reps, warm]),
          );
    }

    for (const k of o.fields) {
      const goFile = run.file(`wide-${k}.go`);
      const jsonFile = run.file(`wide-${k}.json`);
      writeFileSync(goFile, manyFieldsGoSource(k));
      writeFileSync(jsonFile, manyFieldsJson(k));
      run.say(`scale-bounds: a struct of ${k} fields`);
      for (const [id, label, side] of CODECS)
        run.add({ group: `fields@${k}`, impl: id, label: `parseGo + first ${label} unmarshal`, side }, () =>
          run.node("fields", id, [goFile, jsonFile, k]),
        );
      if (run.go)
        for (const v of ["v2", "v1"] as const)
          run.add(
            {
              group: `fields@${k}`,
              impl: `go-${v}`,
              label: `Go reflect.StructOf + first ${v === "v2" ? "json/v2" : "classic encoding/json"} Unmarshal`,
              side: "go",
            },
            () => run.goRun("fields", v, [k]),
          );
    }
    for (const k of o.types) {
      const goFile = run.file(`types-${k}.go`);
      const jsonFile = run.file(`types-${k}.json`);
      writeFileSync(goFile, manyTypesGoSource(k));
      writeFileSync(jsonFile, manyTypesJson(k));
      run.say(`scale-bounds: ${k} struct types, first unmarshal and marshal`);
      for (const [id, label, side] of CODECS)
        run.add(
          {
            group: `types@${k}`,
            impl: id,
            label: `parseGo + first ${label} unmarshal + first marshal`,
            side,
          },
          () => run.node("types", id, [goFile, jsonFile, k, manyTypesRoot(k)]),
        );
      if (run.go)
        for (const v of ["v2", "v1"] as const)
          run.add(
            {
              group: `types@${k}`,
              impl: `go-${v}`,
              label: `Go first ${v === "v2" ? "json/v2" : "classic encoding/json"} Unmarshal + first Marshal`,
              side: "go",
            },
            () => run.goRun("types", v, [k, jsonFile]),
          );
    }
    run.flush(); // the last group's rows, before the checks read them
    return run.result(
      "scale-bounds",
      "Memory and time bounded by the input: a long string, a rejected escaped string, a struct of 100,000 fields, thousands of types",
      `One JSON string of ${tag} decoded; an escaped string of ${rejectSizes(o).map(formatByteSize).join(" and ")} rejected where an int is expected; parseGo and the first unmarshal of structs of ${o.fields.join(", ")} fields; parseGo, the first unmarshal and the first marshal of ${o.types.join(", ")} struct types.`,
      {
        checks: boundChecks(run.rows, o, baselineRssBytes.gojson),
        commands: [scaleCommand("scale-bounds", o)],
        baselineRssBytes,
      },
      [
        `Each row ran in ${o.rounds} process(es), alternating with its group's other rows (${o.rounds > 1 ? "documents past 200 MB once; " : ""}the best time and the highest peak RSS are kept).`,
        `String decode: peak RSS above an idle probe (${baselineRssBytes.gojson ? `${(baselineRssBytes.gojson / 2 ** 20).toFixed(1)} MiB` : "not measured"}) per input byte; the input bytes themselves are one of them.`,
        "Fields: Go has no parseGo; its rows time reflect.StructOf (declaring the type at run time) plus the first Unmarshal, which builds Go's field cache.",
        "Types: Go's types are compiled in; its rows time the first Unmarshal and the first Marshal of the root (Go builds its decoders and encoders then). gojson's rows add parseGo of the declarations.",
      ],
    );
  } finally {
    run.close();
  }
}

function find(rows: readonly ScaleRow[], group: string, impl: string): ScaleRow | undefined {
  return rows.find((r) => r.group === group && r.impl === impl);
}

/** The bounds of issue #26 point 5 checked against the rows. */
export function boundChecks(
  rows: readonly ScaleRow[],
  o: ScaleOptions,
  baseline: number | undefined,
): ScaleCheck[] {
  const out: ScaleCheck[] = [];
  const tag = formatByteSize(o.stringSize);
  for (const [id] of CODECS) {
    const r = find(rows, `string-decode@${tag}`, id);
    const per =
      r && !r.error && r.peakRssBytes !== undefined && baseline !== undefined
        ? (r.peakRssBytes - baseline) / r.inputBytes
        : undefined;
    const go = find(rows, `string-decode@${tag}`, id === "codec-v2" ? "go-v2" : "go-v1");
    out.push({
      id: `string-decode/rss/${id}`,
      subject: id,
      bound: `RSS per byte of a ${tag} string ≤ ${STRING_RSS_PER_BYTE_BOUND}`,
      figure: per !== undefined ? `${per.toFixed(2)} B/B` : r?.error ? "threw" : "—",
      statement: `${id} decoding a ${tag} JSON string: resident memory above an idle process ≤ ${STRING_RSS_PER_BYTE_BOUND} bytes per input byte`,
      observed:
        per !== undefined
          ? `${per.toFixed(2)} B/B (peak RSS ${(r!.peakRssBytes! / 2 ** 20).toFixed(0)} MiB${
              go?.peakRssBytes ? `; Go ${(go.peakRssBytes / 2 ** 20).toFixed(0)} MiB` : ""
            })`
          : r?.error
            ? `failed: ${r.error}`
            : "not run",
      pass: per !== undefined ? per <= STRING_RSS_PER_BYTE_BOUND : r?.error ? false : null,
    });
  }
  const sizes = rejectSizes(o);
  const small = sizes[0] as number;
  const large = sizes[sizes.length - 1] as number;
  for (const [id] of CODECS) {
    const a = find(rows, `reject@${formatByteSize(small)}`, id);
    const b = find(rows, `reject@${formatByteSize(large)}`, id);
    const go = find(rows, `reject@${formatByteSize(large)}`, id === "codec-v2" ? "go-v2" : "go-v1");
    const ns = (r: ScaleRow | undefined) =>
      r?.seconds !== undefined ? (r.seconds * 1e9) / r.inputBytes : undefined;
    const [pa, pb, pg] = [ns(a), ns(b), ns(go)];
    if (large > small)
      out.push({
        id: `reject/linear/${id}`,
        subject: id,
        bound: "reject: time linear (≤ 1.5× per byte)",
        figure: pa !== undefined && pb !== undefined ? `${(pb / pa).toFixed(2)}×` : "—",
        statement: `${id} rejecting an escaped string where an int is expected: time per byte at ${formatByteSize(large)} ≤ ${COST_GROWTH_BOUND}× its ${formatByteSize(small)} value (linear)`,
        observed:
          pa !== undefined && pb !== undefined
            ? `${pb.toFixed(2)} vs ${pa.toFixed(2)} ns/B (${(pb / pa).toFixed(2)}×)`
            : "not run",
        pass:
          pa !== undefined && pb !== undefined
            ? pb / pa <= COST_GROWTH_BOUND
            : b?.error || a?.error
              ? false
              : null,
      });
    out.push({
      id: `reject/vs-go/${id}`,
      subject: id,
      bound: `reject: ≤ ${REJECT_VS_GO_BOUND}× Go's time`,
      figure: pb !== undefined && pg !== undefined ? `${(pb / pg).toFixed(2)}× Go` : b?.error ? "threw" : "—",
      statement: `${id} rejecting a ${formatByteSize(large)} escaped string: ≤ ${REJECT_VS_GO_BOUND}× Go's time (${id === "codec-v2" ? "json/v2" : "classic encoding/json"})`,
      observed:
        pb !== undefined && pg !== undefined
          ? `${b!.seconds!.toFixed(3)} s vs Go ${go!.seconds!.toFixed(3)} s (${(pb / pg).toFixed(2)}×)`
          : b?.error
            ? `failed: ${b.error}`
            : "not run (Go absent)",
      pass: pb !== undefined && pg !== undefined ? pb / pg <= REJECT_VS_GO_BOUND : b?.error ? false : null,
    });
  }
  const ks = [...o.fields].sort((x, y) => x - y);
  const kMin = ks[0];
  const kMax = ks[ks.length - 1];
  if (kMin !== undefined && kMax !== undefined && kMax > kMin)
    for (const [id] of CODECS) {
      const a = find(rows, `fields@${kMin}`, id);
      const b = find(rows, `fields@${kMax}`, id);
      const perField = (r: ScaleRow | undefined, k: number) =>
        r?.seconds !== undefined ? (r.seconds * 1e6) / k : undefined;
      const [pa, pb] = [perField(a, kMin), perField(b, kMax)];
      const alloc = (r: ScaleRow | undefined, k: number) =>
        r?.allocPerInputByte !== undefined ? (r.allocPerInputByte * r.inputBytes) / k : undefined;
      const [ma, mb] = [alloc(a, kMin), alloc(b, kMax)];
      out.push({
        id: `fields/linear-time/${id}`,
        subject: id,
        bound: "wide struct: time linear",
        figure: pa !== undefined && pb !== undefined ? `${(pb / pa).toFixed(2)}×` : b?.error ? "threw" : "—",
        statement: `${id}: parseGo + first unmarshal time per field at ${kMax} fields ≤ ${COST_GROWTH_BOUND}× its value at ${kMin} (linear)`,
        observed:
          pa !== undefined && pb !== undefined
            ? `${pb.toFixed(2)} vs ${pa.toFixed(2)} µs/field (${(pb / pa).toFixed(2)}×; ${b!.seconds!.toFixed(2)} s at ${kMax})`
            : b?.error
              ? `failed: ${b.error}`
              : "not run",
        pass: pa !== undefined && pb !== undefined ? pb / pa <= COST_GROWTH_BOUND : b?.error ? false : null,
      });
      const go = find(rows, `fields@${kMax}`, id === "codec-v2" ? "go-v2" : "go-v1");
      out.push({
        id: `fields/first-call-vs-go/${id}`,
        subject: id,
        bound: `wide struct: first call ≤ ${FIRST_CALL_VS_GO_BOUND}× Go`,
        figure:
          b?.seconds !== undefined && go?.seconds !== undefined
            ? `${(b.seconds / go.seconds).toFixed(1)}× Go`
            : b?.error
              ? "threw"
              : "—",
        statement: `${id}: declaring a struct of ${kMax} fields and its first unmarshal ≤ ${FIRST_CALL_VS_GO_BOUND}× Go's (StructOf + first Unmarshal, ${id === "codec-v2" ? "json/v2" : "classic encoding/json"})`,
        observed:
          b?.seconds !== undefined && go?.seconds !== undefined
            ? `${b.seconds.toFixed(3)} s vs Go ${go.seconds.toFixed(3)} s (${(b.seconds / go.seconds).toFixed(1)}×)`
            : b?.error
              ? `failed: ${b.error}`
              : "not run (Go absent)",
        pass:
          b?.seconds !== undefined && go?.seconds !== undefined
            ? b.seconds / go.seconds <= FIRST_CALL_VS_GO_BOUND
            : b?.error
              ? false
              : null,
      });
      out.push({
        id: `fields/linear-memory/${id}`,
        subject: id,
        bound: "wide struct: memory linear",
        figure: ma !== undefined && mb !== undefined ? `${(mb / ma).toFixed(2)}×` : "—",
        statement: `${id}: bytes allocated per field at ${kMax} fields ≤ ${COST_GROWTH_BOUND}× its value at ${kMin} (linear)`,
        observed:
          ma !== undefined && mb !== undefined
            ? `${(mb / 1e3).toFixed(1)} vs ${(ma / 1e3).toFixed(1)} kB/field (${(mb / ma).toFixed(2)}×; peak RSS ${((b!.peakRssBytes ?? 0) / 2 ** 20).toFixed(0)} MiB at ${kMax})`
            : "not run",
        pass: ma !== undefined && mb !== undefined ? mb / ma <= COST_GROWTH_BOUND : b?.error ? false : null,
      });
    }
  out.push(...typesChecks(rows, o));
  return out;
}

/** The many-types bounds: time per type linear in the count, and the first calls within FIRST_CALL_VS_GO_BOUND× Go's at every count. */
export function typesChecks(rows: readonly ScaleRow[], o: ScaleOptions): ScaleCheck[] {
  const out: ScaleCheck[] = [];
  const ks = [...o.types].sort((x, y) => x - y);
  const kMin = ks[0];
  const kMax = ks[ks.length - 1];
  const split = (r: ScaleRow) => {
    const ms = (key: string) => (Number(r.extra?.[key]) * 1e3).toFixed(1);
    return r.side === "go"
      ? `unmarshal ${ms("unmarshalSeconds")} + marshal ${ms("marshalSeconds")} ms`
      : `parseGo ${ms("parseSeconds")} + unmarshal ${ms("unmarshalSeconds")} + marshal ${ms("marshalSeconds")} ms`;
  };
  for (const [id] of CODECS) {
    if (kMin !== undefined && kMax !== undefined && kMax > kMin) {
      const a = find(rows, `types@${kMin}`, id);
      const b = find(rows, `types@${kMax}`, id);
      const perType = (r: ScaleRow | undefined, k: number) =>
        r?.seconds !== undefined ? (r.seconds * 1e6) / k : undefined;
      const [pa, pb] = [perType(a, kMin), perType(b, kMax)];
      out.push({
        id: `types/linear-time/${id}`,
        subject: id,
        bound: "many types: time linear",
        figure: pa !== undefined && pb !== undefined ? `${(pb / pa).toFixed(2)}×` : b?.error ? "threw" : "—",
        statement: `${id}: parseGo + first unmarshal + first marshal time per type at ${kMax} types ≤ ${COST_GROWTH_BOUND}× its value at ${kMin} (linear)`,
        observed:
          pa !== undefined && pb !== undefined
            ? `${pb.toFixed(1)} vs ${pa.toFixed(1)} µs/type (${(pb / pa).toFixed(2)}×; ${split(b!)} at ${kMax})`
            : b?.error
              ? `failed: ${b.error}`
              : "not run",
        pass: pa !== undefined && pb !== undefined ? pb / pa <= COST_GROWTH_BOUND : b?.error ? false : null,
      });
    }
    for (const k of ks) {
      const r = find(rows, `types@${k}`, id);
      const go = find(rows, `types@${k}`, id === "codec-v2" ? "go-v2" : "go-v1");
      const ratio =
        r?.seconds !== undefined && go?.seconds !== undefined ? r.seconds / go.seconds : undefined;
      out.push({
        id: `types/first-call-vs-go/${id}@${k}`,
        subject: id,
        bound: `many types: first calls ≤ ${FIRST_CALL_VS_GO_BOUND}× Go`,
        figure: ratio !== undefined ? `${ratio.toFixed(1)}× Go` : r?.error ? "threw" : "—",
        statement: `${id}: parseGo of ${k} struct types, the first unmarshal and the first marshal of a value holding each ≤ ${FIRST_CALL_VS_GO_BOUND}× Go's first Unmarshal + Marshal (${id === "codec-v2" ? "json/v2" : "classic encoding/json"})`,
        observed:
          ratio !== undefined
            ? `${(r!.seconds! * 1e3).toFixed(1)} ms (${split(r!)}) vs Go ${(go!.seconds! * 1e3).toFixed(1)} ms (${split(go!)}): ${ratio.toFixed(1)}×`
            : r?.error
              ? `failed: ${r.error}`
              : "not run (Go absent)",
        pass: ratio !== undefined ? ratio <= FIRST_CALL_VS_GO_BOUND : r?.error ? false : null,
      });
      // The codec's own share: what a program pays on first use when its types come ready-made
      // (a schema module generated at build time, or parseGo run at start-up).
      const plan = r !== undefined ? planSeconds(r) : undefined;
      const goPlan = go !== undefined ? planSeconds(go) : undefined;
      const planRatio = plan !== undefined && goPlan !== undefined ? plan / goPlan : undefined;
      out.push({
        id: `types/plan-compile-vs-go/${id}@${k}`,
        subject: id,
        bound: `many types: plan compile ≤ ${FIRST_CALL_VS_GO_BOUND}× Go`,
        figure: planRatio !== undefined ? `${planRatio.toFixed(1)}× Go` : r?.error ? "threw" : "—",
        statement: `${id}: the first unmarshal and the first marshal of a value holding each of ${k} struct types (types already parsed) ≤ ${FIRST_CALL_VS_GO_BOUND}× Go's first Unmarshal + Marshal (${id === "codec-v2" ? "json/v2" : "classic encoding/json"})`,
        observed:
          planRatio !== undefined
            ? `${(plan! * 1e3).toFixed(1)} ms vs Go ${(goPlan! * 1e3).toFixed(1)} ms: ${planRatio.toFixed(1)}×`
            : r?.error
              ? `failed: ${r.error}`
              : "not run (Go absent)",
        pass: planRatio !== undefined ? planRatio <= FIRST_CALL_VS_GO_BOUND : r?.error ? false : null,
      });
    }
  }
  return out;
}

/** A many-types row's first unmarshal + first marshal, in seconds (undefined when the row has no split). */
function planSeconds(r: ScaleRow): number | undefined {
  const u = Number(r.extra?.unmarshalSeconds);
  const m = Number(r.extra?.marshalSeconds);
  return Number.isFinite(u) && Number.isFinite(m) ? u + m : undefined;
}
