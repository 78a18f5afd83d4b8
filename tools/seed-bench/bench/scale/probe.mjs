/**
 * The Node side of the scale benches: one task, one implementation, in a process of its own, so
 * that its peak RSS is its own. Plain JavaScript on purpose: a TypeScript loader (tsx) adds about
 * 50 MB of resident memory to the process, more than the stream bound leaves to the decoder.
 * It imports the built packages (dist), as a user's program would.
 *
 *   node probe.mjs <task> <impl> <args...>
 *
 * prints one JSON line (the ProbeReport of @gojson/harness): seconds of each measured
 * repetition, peak RSS (process.resourceUsage().maxRSS), bytes allocated during the measured
 * work (V8's GCProfiler: heap growth plus what every GC freed). Tasks mirror go-probe.ts.
 */
import { createReadStream, createWriteStream, readFileSync, statSync } from "node:fs";
import { open } from "node:fs/promises";
import { createInterface } from "node:readline";
import v8 from "node:v8";
import { goType, parseGo } from "@gojson/gotype";

// Only the packages a task uses are loaded (each costs resident memory the stream bound counts).
const uses = (impl) => ({
  v1: /codec-v1/.test(impl),
  v2: /codec-v2|idle/.test(impl),
  jsontext: /jsontext/.test(impl),
});
const [, , taskArg, implArg = ""] = process.argv;
const u = uses(taskArg === "idle" ? "idle" : implArg);
const v1 = u.v1 ? await import("@gojson/codec-v1") : undefined;
const v2 = u.v2 ? await import("@gojson/codec-v2") : undefined;
const { StreamDecoder } = u.jsontext ? await import("@gojson/jsontext") : {};

/**
 * Heap bytes allocated while `fn` runs (V8's GCProfiler: heap growth plus what every GC freed),
 * and its result. With `meter` (the stream tasks) the GC profiler is not used: its record of
 * every GC, and its own buffers, add megabytes to the peak RSS it runs beside. The stream loops
 * call `meter.tick()` every METER_EVERY values instead, which adds up the heap's growth between
 * ticks (a GC between two ticks loses at most what was allocated since the last one: under 2%).
 */
const METER_EVERY = 32;
function heapMeter() {
  let prev = v8.getHeapStatistics().used_heap_size;
  let total = 0;
  return {
    tick() {
      const cur = v8.getHeapStatistics().used_heap_size;
      if (cur > prev) total += cur - prev;
      prev = cur;
    },
    get bytes() {
      this.tick();
      return total;
    },
  };
}

async function allocated(fn, meter) {
  if (meter) {
    meter.tick();
    const start = meter.bytes;
    const out = await fn();
    return { out, bytes: meter.bytes - start };
  }
  const profiler = new v8.GCProfiler();
  const h0 = v8.getHeapStatistics().used_heap_size;
  profiler.start();
  const out = await fn();
  const h1 = v8.getHeapStatistics().used_heap_size;
  let freed = 0;
  for (const e of profiler.stop().statistics)
    freed += e.beforeGC.heapStatistics.usedHeapSize - e.afterGC.heapStatistics.usedHeapSize;
  return { out, bytes: Math.max(0, h1 - h0 + freed) };
}

/** CPU seconds (user and system, every thread: the GC's included) since `from` (process.cpuUsage()). */
const cpuSince = (from) => {
  const c = process.cpuUsage(from);
  return (c.user + c.system) / 1e6;
};

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/**
 * Runs `op` reps times; seconds and allocated bytes of the measured ones (after `warm`), and the
 * median CPU seconds of one (extra.cpuSeconds: a figure a loaded machine disturbs less than the wall time).
 */
async function repeat(reps, warm, op, meter) {
  const seconds = [];
  const cpu = [];
  let bytes = 0;
  let last;
  for (let i = 0; i < reps; i++) {
    const c0 = process.cpuUsage();
    const t0 = process.hrtime.bigint();
    const a = await allocated(op, meter);
    const s = Number(process.hrtime.bigint() - t0) / 1e9;
    const c = cpuSince(c0);
    last = a.out;
    if (i >= warm) {
      seconds.push(s);
      cpu.push(c);
      bytes += a.bytes;
    }
  }
  const extra = cpu.length > 0 ? { cpuSeconds: median(cpu) } : undefined;
  return { seconds, allocatedBytes: bytes, last, reps: seconds.length, extra };
}

function codecOf(impl) {
  const codecs = { "codec-v1": v1, "codec-v2": v2 };
  const c =
    codecs[
      impl.replace(/-(unmarshal|marshal|decodeValues|Decoder|Encoder|Encoder-buffered|encodeValues)$/, "")
    ];
  if (!c) throw new Error(`unknown implementation ${impl}`);
  return c;
}

function types(goFile) {
  const decls = parseGo(readFileSync(goFile, "utf8"));
  return { Event: decls.Event, decls };
}

const idOf = (ev) => BigInt(ev.id ?? ev.ID);

/** Reads a stream of events; values and the sum of their ids. */
async function streamDecode(impl, file, goFile) {
  const { Event } = types(goFile);
  let values = 0;
  let sum = 0n;
  const meter = heapMeter();
  const each = (ev) => {
    if (++values % METER_EVERY === 0) meter.tick();
    sum += idOf(ev);
  };
  const input = () => createReadStream(file);
  // A FileHandle: the readers read it into one buffer of their own (no chunk allocated per read).
  const withFile = async (f) => {
    const fh = await open(file);
    try {
      await f(fh);
    } finally {
      await fh.close();
    }
  };
  const v1Loop = async (src) => {
    const d = new v1.Decoder(src);
    for (;;) {
      let ev;
      try {
        ev = await d.decode(Event);
      } catch (e) {
        if (v1.isEOF(e)) return;
        throw e;
      }
      each(ev);
    }
  };
  const run = {
    "codec-v2-decodeValues": () =>
      withFile(async (fh) => {
        for await (const ev of v2.decodeValues(Event, fh)) each(ev);
      }),
    "codec-v2-decodeValues-createReadStream": async () => {
      for await (const ev of v2.decodeValues(Event, input())) each(ev);
    },
    "codec-v1-Decoder": () => withFile(v1Loop),
    "codec-v1-Decoder-createReadStream": () => v1Loop(input()),
    "jsontext-StreamDecoder": () =>
      withFile(async (fh) => {
        for await (const raw of new StreamDecoder(fh).values()) {
          if (++values % METER_EVERY === 0) meter.tick();
          sum += BigInt(raw.length);
        }
      }),
    "jsontext-StreamDecoder+codec-v2": () =>
      withFile(async (fh) => {
        for await (const raw of new StreamDecoder(fh).values()) each(v2.unmarshal(Event, raw));
      }),
    "createReadStream-alone": async () => {
      for await (const chunk of input()) {
        meter.tick();
        values++;
        sum += BigInt(chunk.length);
      }
    },
    "readline+JSON.parse": async () => {
      for await (const line of createInterface({ input: input(), crlfDelay: Number.POSITIVE_INFINITY }))
        if (line) each(JSON.parse(line));
    },
    "readline+codec-v2": async () => {
      for await (const line of createInterface({ input: input(), crlfDelay: Number.POSITIVE_INFINITY }))
        if (line) each(v2.unmarshal(Event, line));
    },
  }[impl];
  if (!run) throw new Error(`unknown stream reader ${impl}`);
  const r = await repeat(1, 0, run, meter);
  return { ...r, values, sum: String(sum), inputBytes: statSync(file).size };
}

/** The pool of events an encoder cycles through, decoded by the codec that will encode them. */
function pool(impl, poolFile, Event) {
  const lines = readFileSync(poolFile, "utf8").trim().split("\n");
  if (impl.startsWith("JSON")) return lines.map((l) => JSON.parse(l));
  const c = codecOf(impl);
  return lines.map((l) => c.unmarshal(Event, l));
}

/** Writes n events (cycling the pool) to a file as NDJSON. */
async function streamEncode(impl, poolFile, out, n, goFile) {
  const { Event } = types(goFile);
  const evs = pool(impl, poolFile, Event);
  const meter = heapMeter();
  function* values() {
    for (let i = 0; i < n; i++) {
      if (i % METER_EVERY === 0) meter.tick();
      yield evs[i % evs.length];
    }
  }
  const finish = (ws) => new Promise((resolve, reject) => ws.end((e) => (e ? reject(e) : resolve())));
  const run = {
    "codec-v2-encodeValues": async () => {
      const ws = createWriteStream(out);
      await v2.encodeValues(Event, values(), ws);
      await finish(ws);
    },
    "codec-v1-encodeValues": async () => {
      const ws = createWriteStream(out);
      await v1.encodeValues(Event, values(), ws);
      await finish(ws);
    },
    "codec-v1-Encoder": async () => {
      const ws = createWriteStream(out);
      const enc = new v1.Encoder(ws);
      for (const v of values()) await enc.encode(Event, v);
      await finish(ws);
    },
    "codec-v1-Encoder-buffered": async () => {
      const ws = createWriteStream(out);
      const enc = new v1.Encoder(ws);
      enc.setBuffered(true);
      for (const v of values()) await enc.encode(Event, v);
      await enc.flush();
      await finish(ws);
    },
    "JSON.stringify+write": async () => {
      const ws = createWriteStream(out);
      let block = "";
      for (const v of values()) {
        block += `${JSON.stringify(v)}\n`;
        if (block.length >= 65536) {
          if (!ws.write(block)) await new Promise((resolve) => ws.once("drain", resolve));
          block = "";
        }
      }
      ws.write(block);
      await finish(ws);
    },
  }[impl];
  if (!run) throw new Error(`unknown stream writer ${impl}`);
  const r = await repeat(1, 0, run, meter);
  return { ...r, values: n, inputBytes: statSync(out).size };
}

/**
 * marshalEncode into a ValueSink (a callback sink that drops each block) against marshal, per
 * value, in one process: `rounds` alternating rounds (A B B A …) of n values each after one
 * warm-up round of each; seconds are marshalEncode's, extra holds marshal's and their ratio.
 */
async function encodeCost(impl, poolFile, n, rounds, goFile) {
  if (impl !== "codec-v2-marshalEncode") throw new Error(`unknown encode-cost implementation ${impl}`);
  const { Event } = types(goFile);
  const evs = pool("codec-v2", poolFile, Event);
  const sink = new v2.ValueSink(() => undefined);
  let bytes = 0;
  const viaMarshal = () => {
    for (let i = 0; i < n; i++) bytes += v2.marshal(Event, evs[i % evs.length]).length;
  };
  const viaEncode = () => {
    for (let i = 0; i < n; i++) v2.marshalEncode(sink, Event, evs[i % evs.length]);
  };
  const time = (f) => {
    const t0 = process.hrtime.bigint();
    f();
    return Number(process.hrtime.bigint() - t0) / 1e9;
  };
  time(viaMarshal);
  time(viaEncode);
  const a = [];
  const b = [];
  for (let r = 0; r < rounds; r++) {
    if (r % 2 === 0) {
      a.push(time(viaMarshal));
      b.push(time(viaEncode));
    } else {
      b.push(time(viaEncode));
      a.push(time(viaMarshal));
    }
  }
  const med = (xs) => [...xs].sort((x, y) => x - y)[xs.length >> 1];
  const ratios = a.map((x, i) => b[i] / x);
  await sink.flush();
  return {
    seconds: b,
    reps: rounds,
    values: n,
    inputBytes: Math.round(bytes / (rounds + 1)),
    extra: { marshalSeconds: med(a), ratio: med(ratios) },
  };
}

/** Decodes one big document ([]Event) reps times; warm-up runs decode `warmFile` (a small document) when given. */
async function docDecode(impl, file, reps, warm, goFile, warmFile) {
  const { decls } = types(goFile);
  const T = goType("[]Event", decls);
  const decode = impl.startsWith("JSON")
    ? (data) => JSON.parse(new TextDecoder().decode(data))
    : (() => {
        const c = codecOf(impl);
        // codec-v1's unmarshal stops at the longest string; its unmarshalRead reads past it.
        if (c === v1)
          return (data) => (data.length > 0x1fffffe8 ? v1.unmarshalRead(T, data) : c.unmarshal(T, data));
        return (data) => c.unmarshal(T, data);
      })();
  if (warmFile) {
    const small = readFileSync(warmFile);
    for (let i = 0; i < warm; i++) decode(small);
  }
  const data = readFileSync(file);
  const r = await repeat(reps, warmFile ? 0 : warm, () => decode(data));
  let sum = 0n;
  for (const ev of r.last) sum += idOf(ev);
  return { ...r, last: undefined, values: r.last.length, sum: String(sum), inputBytes: data.length };
}

/** Encodes one big document ([]*Event of n references into the pool) reps times; warm-up runs encode warmN events when given. */
async function docEncode(impl, poolFile, n, reps, warm, goFile, warmN) {
  const { Event, decls } = types(goFile);
  const T = goType("[]*Event", decls);
  const evs = pool(impl, poolFile, Event);
  const list = (k) => {
    const v = new Array(k);
    for (let i = 0; i < k; i++) v[i] = evs[i % evs.length];
    return v;
  };
  const encode = impl.startsWith("JSON")
    ? (v) => Buffer.from(JSON.stringify(v))
    : (() => {
        const c = codecOf(impl);
        return (v) => c.marshal(T, v);
      })();
  if (warmN > 0) {
    const small = list(warmN);
    for (let i = 0; i < warm; i++) encode(small);
  }
  const v = list(n);
  const r = await repeat(reps, warmN > 0 ? 0 : warm, () => encode(v));
  return { ...r, last: undefined, values: n, inputBytes: r.last.length };
}

/** Decodes a document of one long string into a Go string. */
async function stringDecode(impl, file) {
  const data = readFileSync(file);
  const T = goType("string");
  const op = impl.startsWith("JSON")
    ? () => JSON.parse(new TextDecoder().decode(data))
    : () => codecOf(impl).unmarshal(T, data);
  const r = await repeat(1, 0, op);
  return { ...r, last: undefined, values: r.last.length, inputBytes: data.length };
}

/** Unmarshals an escaped string into an int: must be rejected; the time it takes. */
async function reject(impl, file, reps, warm) {
  const data = readFileSync(file);
  const T = goType("int");
  const c = codecOf(impl);
  let message = "";
  const r = await repeat(reps, warm, () => {
    try {
      c.unmarshal(T, data);
    } catch (e) {
      message = String(e?.message ?? e);
      return;
    }
    throw new Error("accepted a string where a number is expected");
  });
  return { ...r, last: undefined, inputBytes: data.length, extra: { message: message.slice(0, 160) } };
}

/** parseGo of a struct of k fields and its first two unmarshals. */
async function fields(impl, goFile, jsonFile, k) {
  const c = codecOf(impl);
  const src = readFileSync(goFile, "utf8");
  const data = readFileSync(jsonFile);
  const a = await allocated(async () => {
    const t0 = process.hrtime.bigint();
    const T = parseGo(src).Wide;
    const t1 = process.hrtime.bigint();
    const v = c.unmarshal(T, data);
    const t2 = process.hrtime.bigint();
    c.unmarshal(T, data);
    const t3 = process.hrtime.bigint();
    if (v[`F${k - 1}`] !== BigInt(k - 1)) throw new Error(`field F${k - 1} holds ${v[`F${k - 1}`]}`);
    return [t1 - t0, t2 - t1, t3 - t2].map((x) => Number(x) / 1e9);
  });
  const [prepare, first, second] = a.out;
  return {
    seconds: [prepare + first],
    allocatedBytes: a.bytes,
    reps: 1,
    values: k,
    inputBytes: data.length,
    extra: { prepareSeconds: prepare, firstSeconds: first, secondSeconds: second },
  };
}

/** parseGo of k struct types, the first unmarshal of a root holding one of each, and its first marshal (which must write the bytes read). */
async function manyTypes(impl, goFile, jsonFile, k, root) {
  const c = codecOf(impl);
  const src = readFileSync(goFile, "utf8");
  const data = readFileSync(jsonFile);
  const a = await allocated(async () => {
    const t0 = process.hrtime.bigint();
    const T = parseGo(src)[root];
    const t1 = process.hrtime.bigint();
    const v = c.unmarshal(T, data);
    const t2 = process.hrtime.bigint();
    const out = c.marshal(T, v);
    const t3 = process.hrtime.bigint();
    if (Buffer.compare(Buffer.from(out.buffer, out.byteOffset, out.length), data) !== 0)
      throw new Error(`marshal wrote ${out.length} bytes, not the ${data.length} read`);
    return [t1 - t0, t2 - t1, t3 - t2].map((x) => Number(x) / 1e9);
  });
  const [parse, unmarshal, marshal] = a.out;
  return {
    seconds: [parse + unmarshal + marshal],
    allocatedBytes: a.bytes,
    reps: 1,
    values: k,
    inputBytes: data.length,
    extra: { parseSeconds: parse, unmarshalSeconds: unmarshal, marshalSeconds: marshal },
  };
}

/** Peak resident set of this process's own address space (VmHWM); getrusage's maxRSS where /proc is absent. */
function peakRss() {
  try {
    const m = /^VmHWM:\s*(\d+)\s*kB/m.exec(readFileSync("/proc/self/status", "utf8"));
    if (m) return Number(m[1]) * 1024;
  } catch {
    // not Linux
  }
  return process.resourceUsage().maxRSS * 1024;
}

const tasks = {
  idle: (_impl, a) => {
    types(a[0]);
    return {};
  },
  "stream-decode": (impl, a) => streamDecode(impl, a[0], a[1]),
  "stream-encode": (impl, a) => streamEncode(impl, a[0], a[1], Number(a[2]), a[3]),
  "encode-cost": (impl, a) => encodeCost(impl, a[0], Number(a[1]), Number(a[2]), a[3]),
  "doc-decode": (impl, a) => docDecode(impl, a[0], Number(a[1]), Number(a[2]), a[3], a[4]),
  "doc-encode": (impl, a) =>
    docEncode(impl, a[0], Number(a[1]), Number(a[2]), Number(a[3]), a[4], Number(a[5] ?? 0)),
  "string-decode": (impl, a) => stringDecode(impl, a[0]),
  reject: (impl, a) => reject(impl, a[0], Number(a[1]), Number(a[2])),
  fields: (impl, a) => fields(impl, a[0], a[1], Number(a[2])),
  types: (impl, a) => manyTypes(impl, a[0], a[1], Number(a[2]), a[3]),
};

const [task, impl, ...args] = process.argv.slice(2);
let report;
try {
  const t = tasks[task];
  if (!t) throw new Error(`unknown task ${task}`);
  const { last: _last, ...r } = await t(impl, args);
  report = { ok: true, ...r };
} catch (e) {
  // The error and the frame it was thrown in, on one line.
  const lines = String(e?.stack ?? e).split("\n");
  const frame = lines.find((l) => l.trim().startsWith("at "));
  report = { ok: false, error: `${lines[0]}${frame ? ` (${frame.trim()})` : ""}`.slice(0, 300) };
}
report.peakRssBytes = peakRss();
console.log(JSON.stringify(report));
