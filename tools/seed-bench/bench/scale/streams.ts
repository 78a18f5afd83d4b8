/**
 * Issue #24's scale bench: a stream of NDJSON events decoded into Go types by every reader of
 * both codecs, jsontext's framing, readline + JSON.parse and Go's two Decoders (one process
 * each: MB/s and peak RSS, the 64 MiB bound); the same events encoded as a stream; and a
 * single big document decoded and encoded at 1 MB, 100 MB and the largest size (cost per byte
 * within 1.5× of its 1 MB value, bytes allocated per input byte beside Go's).
 */
import type { BenchResult, ScaleCheck, ScaleRow } from "@gojson/harness";
import { formatByteSize } from "@gojson/harness";
import { writeEvents } from "./events.js";
import {
  COST_GROWTH_BOUND,
  type ScaleOptions,
  ScaleRun,
  STREAM_RSS_BOUND,
  scaleCommand,
  V8_STRING_LIMIT,
} from "./probes.js";

/** The stream readers (group "stream-decode"): id, label, side; Go's when installed. */
export const STREAM_READERS = [
  [
    "codec-v2-decodeValues",
    "codec-v2 decodeValues over a FileHandle (fs.promises.open: one reused buffer)",
    "gojson",
    "codec-v2 decodeValues",
  ],
  [
    "codec-v1-Decoder",
    "codec-v1 Decoder.decode loop over a FileHandle (one reused buffer)",
    "gojson",
    "codec-v1 Decoder",
  ],
  [
    "jsontext-StreamDecoder",
    "jsontext StreamDecoder.values() over a FileHandle (framing alone)",
    "gojson",
    "jsontext StreamDecoder framing",
  ],
  [
    "jsontext-StreamDecoder+codec-v2",
    "jsontext StreamDecoder.values() + codec-v2 unmarshal, over a FileHandle",
    "gojson",
    "jsontext StreamDecoder + codec-v2",
  ],
  [
    "codec-v2-decodeValues-createReadStream",
    "codec-v2 decodeValues over fs.createReadStream (a new 64 KiB chunk each read)",
    "gojson",
    "codec-v2 decodeValues over createReadStream",
  ],
  ["readline+codec-v2", "readline + codec-v2 unmarshal per line", "gojson", "readline + codec-v2"],
  ["readline+JSON.parse", "readline + JSON.parse (untyped)", "node", "readline + JSON.parse"],
  [
    "createReadStream-alone",
    "fs.createReadStream alone, no parse (the floor of reading the stream)",
    "node",
    "fs.createReadStream alone",
  ],
] as const;

/** The stream writers (group "stream-encode"). */
export const STREAM_WRITERS = [
  [
    "codec-v2-encodeValues",
    "codec-v2 encodeValues to fs.createWriteStream",
    "gojson",
    "codec-v2 encodeValues",
  ],
  [
    "codec-v1-encodeValues",
    "codec-v1 encodeValues to fs.createWriteStream",
    "gojson",
    "codec-v1 encodeValues",
  ],
  ["codec-v1-Encoder", "codec-v1 Encoder.encode loop to fs.createWriteStream", "gojson", "codec-v1 Encoder"],
  [
    "codec-v1-Encoder-buffered",
    "codec-v1 Encoder.encode loop, setBuffered(true), to fs.createWriteStream",
    "gojson",
    "codec-v1 Encoder (buffered)",
  ],
  [
    "JSON.stringify+write",
    "JSON.stringify + write in 64 KiB blocks (untyped)",
    "node",
    "JSON.stringify + write",
  ],
] as const;

const DOC_IMPLS = [
  ["codec-v2", "codec-v2", "gojson"],
  ["codec-v1", "codec-v1", "gojson"],
  ["JSON.parse", "TextDecoder + JSON.parse (untyped)", "node"],
] as const;

/** Values per round of the marshalEncode-vs-marshal probe. */
const ENCODE_COST_VALUES = 100_000;
/** How much marshalEncode may cost per value over marshal (issue #24: the stream adds a copy at most). */
export const ENCODE_COST_BOUND = 1.1;

const GO_V2_READER = "Go jsontext.NewDecoder + UnmarshalDecode (v2)";
const GO_V1_READER = "Go json.NewDecoder (classic v1)";

/**
 * Repetitions of a document of `size` bytes: the 1 MB reference runs 30 times, the first 10 as
 * warm-up; a bigger document is measured `reps` times after 10 warm-up runs on the 1 MB one
 * (so both sizes are measured with the JIT's optimised code), 2 times up to 200 MB, once past.
 */
export function docReps(size: number): { reps: number; warm: number } {
  if (size <= 2e6) return { reps: 30, warm: 10 };
  if (size <= 200e6) return { reps: 2, warm: 10 };
  return { reps: 1, warm: 10 };
}

/** Runs the stream and big-document benches; returns the result document. */
export async function runStreams(o: ScaleOptions, log?: (line: string) => void): Promise<BenchResult> {
  const run = new ScaleRun(o, log);
  try {
    const baselineRssBytes = run.baselines();
    const stream = run.file("events.ndjson");
    const gen = writeEvents(stream, o.streamSize);
    run.say(`scale-streams: ${formatByteSize(gen.bytes)} of NDJSON, ${gen.values} events`);
    for (const [id, label, side] of STREAM_READERS)
      run.add({ group: "stream-decode", impl: id, label, side }, () =>
        run.node("stream-decode", id, [stream, run.goFile]),
      );
    if (run.go) {
      run.add({ group: "stream-decode", impl: "go-v2", label: GO_V2_READER, side: "go" }, () =>
        run.goRun("stream-decode", "v2", [stream]),
      );
      run.add({ group: "stream-decode", impl: "go-v1", label: GO_V1_READER, side: "go" }, () =>
        run.goRun("stream-decode", "v1", [stream]),
      );
    }

    // Encoders: the same number of events, cycled from a pool of distinct ones.
    const poolFile = run.file("pool.ndjson");
    const pool = writeEvents(poolFile, 300e3, { seed: 7 });
    const perEvent = pool.bytes / pool.values;
    const n = Math.max(1, Math.round(o.streamSize / perEvent));
    const out = run.file("out.ndjson");
    for (const [id, label, side] of STREAM_WRITERS)
      run.add({ group: "stream-encode", impl: id, label, side }, () =>
        run.node("stream-encode", id, [poolFile, out, n, run.goFile]),
      );
    if (run.go) {
      run.add(
        {
          group: "stream-encode",
          impl: "go-v2",
          label: "Go jsontext.NewEncoder + MarshalEncode (v2), bufio 64 KiB",
          side: "go",
        },
        () => run.goRun("stream-encode", "v2", [poolFile, out, n]),
      );
      run.add(
        {
          group: "stream-encode",
          impl: "go-v1",
          label: "Go json.NewEncoder (classic v1), bufio 64 KiB",
          side: "go",
        },
        () => run.goRun("stream-encode", "v1", [poolFile, out, n]),
      );
    }

    // marshalEncode per value against marshal per value, alternating in one process (≤ 1.1×).
    run.add(
      {
        group: "encode-cost",
        impl: "codec-v2-marshalEncode",
        label:
          "codec-v2 marshalEncode into a ValueSink vs marshal, per value (alternating rounds, one process)",
        side: "gojson",
      },
      () =>
        run.node("encode-cost", "codec-v2-marshalEncode", [
          poolFile,
          Math.min(ENCODE_COST_VALUES, n),
          8,
          run.goFile,
        ]),
      1,
    );

    let smallDoc: { file: string; count: number } | undefined;
    for (const size of o.docSizes) {
      const doc = run.file(`doc-${size}.json`);
      const d = writeEvents(doc, size, { array: true });
      const { reps, warm } = docReps(d.bytes);
      const count = Math.max(1, Math.round(d.bytes / (perEvent + 1)));
      // The first (1 MB) document is the others' warm-up; Go, without a JIT, goes straight to work.
      const warmArgs = smallDoc ? [smallDoc.file] : [];
      const warmCount = smallDoc ? [smallDoc.count] : [];
      smallDoc ??= { file: doc, count };
      const heap = d.bytes > 200e6 ? o.bigHeapMb : 0;
      const rounds = d.bytes > 200e6 ? 1 : o.rounds;
      const tag = formatByteSize(size);
      run.say(
        `scale-streams: document of ${formatByteSize(d.bytes)} (${d.values} events), ${warmArgs.length ? reps : reps - warm} measured rep(s)`,
      );
      for (const [id, label, side] of DOC_IMPLS)
        run.add(
          {
            group: `doc-decode@${tag}`,
            impl: id,
            label: side === "node" ? label : `${label} unmarshal []Event`,
            side,
          },
          () => run.node("doc-decode", id, [doc, reps, warm, run.goFile, ...warmArgs], heap),
          rounds,
        );
      if (run.go)
        for (const v of ["v2", "v1"] as const)
          run.add(
            {
              group: `doc-decode@${tag}`,
              impl: `go-${v}`,
              label: `Go ${v === "v2" ? "json/v2" : "classic encoding/json"} Unmarshal []Event`,
              side: "go",
            },
            () => run.goRun("doc-decode", v, [doc, reps, warmArgs.length ? 0 : warm]),
            rounds,
          );
      for (const [decodeId, label, side] of DOC_IMPLS) {
        const id = decodeId === "JSON.parse" ? "JSON.stringify" : decodeId;
        run.add(
          {
            group: `doc-encode@${tag}`,
            impl: id,
            label: side === "node" ? "Buffer.from(JSON.stringify) (untyped)" : `${label} marshal []*Event`,
            side,
          },
          () => run.node("doc-encode", id, [poolFile, count, reps, warm, run.goFile, ...warmCount], heap),
          rounds,
        );
      }
      if (run.go)
        for (const v of ["v2", "v1"] as const)
          run.add(
            {
              group: `doc-encode@${tag}`,
              impl: `go-${v}`,
              label: `Go ${v === "v2" ? "json/v2" : "classic encoding/json"} Marshal []*Event`,
              side: "go",
            },
            () => run.goRun("doc-encode", v, [poolFile, count, reps, warmArgs.length ? 0 : warm]),
            rounds,
          );
    }
    run.flush(); // the last group's rows, before the checks read them
    return run.result(
      "scale-streams",
      "Streams and big documents: do the readers hold 64 MiB on a stream, at Go's rate, and does cost per byte stay flat up to 1 GB?",
      `A ${formatByteSize(o.streamSize)} NDJSON stream of events decoded into Go types and encoded back, and one JSON document of ${o.docSizes
        .map(formatByteSize)
        .join(", ")}, each implementation once in a process of its own.`,
      { checks: streamChecks(run.rows, o), commands: [scaleCommand("scale-streams", o)], baselineRssBytes },
      [
        `Each row ran in ${o.rounds} process(es), alternating with its group's other rows (${o.rounds > 1 ? "documents past 200 MB once; " : ""}the best time and the highest peak RSS are kept).`,
        "Peak RSS is the whole process's (VmHWM of /proc/self/status), the runtime included; an idle probe's (node with @gojson/gotype and @gojson/codec-v2 loaded, the Event types declared) is given as the floor. Each probe loads only the packages its row uses.",
        "The readers of the 64 MiB bound read a FileHandle (fs.promises.open) into one buffer of their own. fs.createReadStream allocates a new 64 KiB chunk each read: external memory that V8 frees only when a GC runs, so RSS grows with the stream's length (its rows show it).",
        "The readers' peak RSS is mostly V8's young generation: it stays at 8 MB while few bytes survive its GCs, and doubles to 16 MB (+8 MiB RSS) once about 4 MB have survived since it last grew. The stream readers keep little alive across values and reads, so 1 GiB decodes without that growth; for streams of any length, `node --max-semi-space-size=4` caps it at 8 MB (codec-v1 Decoder, 1 GiB: 62.3 MiB with it).",
        "Encoders cycle a pool of ~900 distinct events (the document is []*Event of references into it), so memory holds the output, not the input values.",
        "Go's v2 map order is random, so its encoded bytes differ from codec-v2's in member order only.",
      ],
    );
  } finally {
    run.close();
  }
}

function find(rows: readonly ScaleRow[], group: string, impl: string): ScaleRow | undefined {
  return rows.find((r) => r.group === group && r.impl === impl);
}

const mib = (b: number) => `${(b / 2 ** 20).toFixed(1)} MiB`;

/** The bounds of issue #24 checked against the rows. */
export function streamChecks(rows: readonly ScaleRow[], o: ScaleOptions): ScaleCheck[] {
  const out: ScaleCheck[] = [];
  const size = formatByteSize(o.streamSize);
  const rss = (group: string, id: string, label: string, subject: string) => {
    const r = find(rows, group, id);
    out.push({
      id: `${group}/rss/${id}`,
      subject,
      bound: `peak RSS ≤ 64 MiB (${size} stream)`,
      statement: `${label}: peak RSS ≤ 64 MiB on a ${size} stream`,
      figure: !r ? "—" : r.error ? "threw" : mib(r.peakRssBytes ?? 0),
      observed: !r ? "not run" : r.error ? `failed: ${r.error}` : `${mib(r.peakRssBytes ?? 0)} peak RSS`,
      pass: !r ? null : r.error ? false : (r.peakRssBytes ?? Number.POSITIVE_INFINITY) <= STREAM_RSS_BOUND,
    });
  };
  const rate = (group: string, id: string, goId: string, subject: string, goLabel: string) => {
    const r = find(rows, group, id);
    const g = find(rows, group, goId);
    const ok = r?.mbPerSec !== undefined && g?.mbPerSec !== undefined;
    out.push({
      id: `${group}/rate/${id}`,
      subject,
      bound: "MB/s ≥ Go's",
      statement: `${subject}: MB/s ≥ ${goLabel}'s`,
      figure: ok ? `${(r.mbPerSec! / g.mbPerSec!).toFixed(2)}× Go` : r?.error ? "threw" : "—",
      observed: ok
        ? `${r.mbPerSec!.toFixed(1)} vs ${g.mbPerSec!.toFixed(1)} MB/s (${(r.mbPerSec! / g.mbPerSec!).toFixed(2)}× Go's rate)`
        : r?.error
          ? `failed: ${r.error}`
          : "not run (Go absent or the reader failed)",
      pass: ok ? r.mbPerSec! >= g.mbPerSec! : r?.error ? false : null,
    });
  };
  // The 64 MiB bound is the readers' own: a createReadStream row shows what Node's chunks add.
  for (const [id, label, side, subject] of STREAM_READERS)
    if (side === "gojson" && !id.endsWith("-createReadStream")) rss("stream-decode", id, label, subject);
  rate("stream-decode", "codec-v2-decodeValues", "go-v2", "codec-v2 decodeValues", "Go v2 UnmarshalDecode");
  rate("stream-decode", "codec-v1-Decoder", "go-v1", "codec-v1 Decoder", "Go classic json.Decoder");
  for (const [id, label, side, subject] of STREAM_WRITERS)
    if (side === "gojson") rss("stream-encode", id, label, subject);
  rate("stream-encode", "codec-v2-encodeValues", "go-v2", "codec-v2 encodeValues", "Go v2 MarshalEncode");
  rate("stream-encode", "codec-v1-encodeValues", "go-v1", "codec-v1 encodeValues", "Go classic json.Encoder");
  rate("stream-encode", "codec-v1-Encoder", "go-v1", "codec-v1 Encoder", "Go classic json.Encoder");
  rate(
    "stream-encode",
    "codec-v1-Encoder-buffered",
    "go-v1",
    "codec-v1 Encoder (buffered)",
    "Go classic json.Encoder",
  );

  const ec = find(rows, "encode-cost", "codec-v2-marshalEncode");
  const ratio = ec?.extra?.ratio;
  out.push({
    id: "encode-cost/codec-v2-marshalEncode",
    subject: "codec-v2 marshalEncode",
    bound: `per value ≤ ${ENCODE_COST_BOUND}× marshal`,
    statement: `codec-v2 marshalEncode into a ValueSink costs ≤ ${ENCODE_COST_BOUND}× marshal per value (median of paired rounds)`,
    figure: typeof ratio === "number" ? `${ratio.toFixed(2)}×` : ec?.error ? "threw" : "—",
    observed:
      typeof ratio === "number"
        ? `${ratio.toFixed(2)}× (${(((ec?.seconds ?? 0) * 1e9) / Math.max(1, ec?.values ?? 1)).toFixed(0)} ns vs ${((Number(ec?.extra?.marshalSeconds) * 1e9) / Math.max(1, ec?.values ?? 1)).toFixed(0)} ns per value)`
        : ec?.error
          ? `failed: ${ec.error}`
          : "not run",
    pass: typeof ratio === "number" ? ratio <= ENCODE_COST_BOUND : ec?.error ? false : null,
  });

  const [first, ...rest] = o.docSizes;
  if (first !== undefined)
    for (const op of ["decode", "encode"] as const)
      for (const id of ["codec-v2", "codec-v1"])
        for (const at of rest) {
          const a = find(rows, `doc-${op}@${formatByteSize(first)}`, id);
          const b = find(rows, `doc-${op}@${formatByteSize(at)}`, id);
          const perByte = (r: ScaleRow | undefined) =>
            r?.seconds !== undefined && r.inputBytes > 0 ? (r.seconds * 1e9) / r.inputBytes : undefined;
          const pa = perByte(a);
          const pb = perByte(b);
          const verb = op === "decode" ? "unmarshal" : "marshal";
          // The same growth in CPU time (less disturbed by a loaded machine), and Go's beside it.
          const cpuPerByte = (r: ScaleRow | undefined) => {
            const c = r?.extra?.cpuSeconds;
            return typeof c === "number" && r !== undefined && r.inputBytes > 0
              ? (c * 1e9) / r.inputBytes
              : undefined;
          };
          const growth = (label: string, x: number | undefined, y: number | undefined) =>
            x !== undefined && y !== undefined
              ? `; ${label} ${y.toFixed(2)} vs ${x.toFixed(2)} ns/B (${(y / x).toFixed(2)}×)`
              : "";
          const goId = id === "codec-v2" ? "go-v2" : "go-v1";
          const ga = find(rows, `doc-${op}@${formatByteSize(first)}`, goId);
          const gb = find(rows, `doc-${op}@${formatByteSize(at)}`, goId);
          // The engine's own growth: JSON.parse (JSON.stringify) builds (walks) the same values
          // in the same heap, so its ratio is the floor V8's collector sets for any JS decoder.
          const peer = op === "decode" ? "JSON.parse" : "JSON.stringify";
          const ja = find(rows, `doc-${op}@${formatByteSize(first)}`, peer);
          const jb = find(rows, `doc-${op}@${formatByteSize(at)}`, peer);
          const beside = `${growth("CPU", cpuPerByte(a), cpuPerByte(b))}${growth(`${goId === "go-v2" ? "Go v2" : "Go v1"}`, perByte(ga), perByte(gb))}${growth(peer, perByte(ja), perByte(jb))}`;
          out.push({
            id: `doc-${op}/flat/${id}@${formatByteSize(at)}`,
            subject: `${id} ${verb} (one document)`,
            bound: `cost per byte at ${formatByteSize(at)} ≤ ${COST_GROWTH_BOUND}× at ${formatByteSize(first)}`,
            statement: `${id} ${verb} of one document: cost per byte at ${formatByteSize(at)} ≤ ${COST_GROWTH_BOUND}× its ${formatByteSize(first)} value`,
            figure:
              pa !== undefined && pb !== undefined ? `${(pb / pa).toFixed(2)}×` : b?.error ? "threw" : "—",
            observed:
              pa !== undefined && pb !== undefined
                ? `${pb.toFixed(2)} vs ${pa.toFixed(2)} ns/B (${(pb / pa).toFixed(2)}×)${beside}`
                : b?.error
                  ? `failed at ${formatByteSize(at)}: ${b.error}`
                  : "not run",
            pass:
              pa !== undefined && pb !== undefined ? pb / pa <= COST_GROWTH_BOUND : b?.error ? false : null,
          });
        }
  const big = o.docSizes.filter((s) => s > V8_STRING_LIMIT);
  for (const at of big)
    for (const id of ["codec-v2", "codec-v1"]) {
      const r = find(rows, `doc-decode@${formatByteSize(at)}`, id);
      out.push({
        id: `doc-decode/past-string-limit/${id}`,
        subject: `${id} unmarshal (one document)`,
        bound: "decodes past V8's 512 MiB string limit",
        statement: `${id} unmarshals a ${formatByteSize(at)} document (past V8's 512 MiB string limit)`,
        figure: !r ? "—" : r.error ? "threw" : `${mib(r.peakRssBytes ?? 0)} peak`,
        observed: !r
          ? "not run"
          : r.error
            ? `failed: ${r.error}`
            : `decoded, ${r.values} events, ${mib(r.peakRssBytes ?? 0)} peak RSS`,
        pass: !r ? null : !r.error,
      });
    }
  return out;
}
