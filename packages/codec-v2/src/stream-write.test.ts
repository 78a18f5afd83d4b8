/**
 * Marshal to streams: marshalWrite (Go's MarshalWrite: one value, no newline), marshalEncode over a
 * ValueSink (Go's MarshalEncode: each value and a newline) and encodeValues (NDJSON), to a Node
 * Writable, a web WritableStream and a callback, waiting when the sink asks to.
 */
import { createWriteStream, mkdtempSync, readFileSync, rmSync, type WriteStream } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PassThrough, Writable } from "node:stream";
import { named, sliceOf, structOf, T } from "@gojson/gotype";
import { SINK_BACKLOG } from "@gojson/jsontext";
import { afterEach, describe, expect, it } from "vitest";
import {
  ENCODE_FLUSH_THRESHOLD,
  encodeValues,
  InvalidArgumentError,
  marshal,
  marshalEncode,
  marshalWrite,
  ValueSink,
} from "./index.js";

const Event = named(
  "Event",
  structOf([
    { name: "ID", type: T.int64, tag: 'json:"id"' },
    { name: "Tags", type: sliceOf(T.string), tag: 'json:"tags"' },
  ]),
);
const ev = (i: number) => ({ ID: BigInt(i), Tags: i % 2 === 0 ? null : ["a", "b"] });
const line = (i: number) => `{"id":${i},"tags":${i % 2 === 0 ? "[]" : '["a","b"]'}}`;

/** A slow Node Writable (each chunk taken on the next turn) that records its high-water marks. */
function slowWritable(hwm: number) {
  const got: Buffer[] = [];
  let maxBuffered = 0;
  const w = new Writable({
    highWaterMark: hwm,
    write(chunk: Buffer, _enc, cb) {
      got.push(chunk);
      setImmediate(cb);
    },
  });
  const origWrite = w.write.bind(w);
  w.write = ((chunk: Uint8Array, cb?: (e?: Error | null) => void) => {
    const ok = origWrite(chunk, cb);
    maxBuffered = Math.max(maxBuffered, w.writableLength);
    return ok;
  }) as typeof w.write;
  return { w, text: () => Buffer.concat(got).toString(), maxBuffered: () => maxBuffered };
}

const warnings: Error[] = [];
const onWarning = (w: Error) => warnings.push(w);
process.on("warning", onWarning);
afterEach(() => {
  expect(warnings.map((w) => w.name)).toEqual([]);
  warnings.length = 0;
});

describe("marshalWrite writes one value and waits for the sink (Go's MarshalWrite)", () => {
  it("Node Writable: resolves after drain; no newline", async () => {
    const s = slowWritable(4);
    await marshalWrite(s.w, Event, ev(1));
    expect(s.w.writableLength).toBe(0);
    expect(s.text()).toBe(line(1));
  });
  it("web WritableStream: the writer is released, the stream left open", async () => {
    const got: Uint8Array[] = [];
    const ws = new WritableStream<Uint8Array>({ write: (c) => void got.push(c) });
    await marshalWrite(ws, Event, ev(2));
    await marshalWrite(ws, Event, ev(3));
    expect(ws.locked).toBe(false);
    expect(Buffer.concat(got).toString()).toBe(line(2) + line(3));
  });
  it("callback: a returned promise is awaited", async () => {
    const got: string[] = [];
    let done = false;
    const p = marshalWrite(
      async (b: Uint8Array) => {
        await new Promise((r) => setTimeout(r, 5));
        got.push(Buffer.from(b).toString());
        done = true;
      },
      T.string,
      "x",
    );
    expect(done).toBe(false);
    await p;
    expect(done).toBe(true);
    expect(got).toEqual(['"x"']);
  });
  it("a sink's error rejects", async () => {
    const w = new Writable({
      write(_c, _e, cb) {
        cb(new Error("disk full"));
      },
    });
    w.on("error", () => undefined);
    const big = "x".repeat(100_000);
    await expect(marshalWrite(w, T.string, big)).rejects.toThrow("disk full");
  });
  it("a sink that is not one is an InvalidArgumentError", async () => {
    await expect(marshalWrite({} as never, T.string, "x")).rejects.toThrow(TypeError);
    await expect(marshalWrite(null as never, T.string, "x")).rejects.toThrow(/want a byte sink/);
  });
});

describe("marshalEncode writes each value and a newline (Go's MarshalEncode)", () => {
  it("without a sink: bytes() and outputOffset", () => {
    const enc = new ValueSink();
    expect(marshalEncode(enc, Event, ev(1))).toBe(true);
    expect(marshalEncode(enc, T.int32, 7)).toBe(true);
    expect(Buffer.from(enc.bytes()).toString()).toBe(`${line(1)}\n7\n`);
    expect(enc.outputOffset).toBe(line(1).length + 3);
  });
  it("options of the sink, then of the call", () => {
    const enc = new ValueSink({ formatNilSliceAsNull: true });
    marshalEncode(enc, Event, ev(2));
    marshalEncode(enc, Event, ev(2), { formatNilSliceAsNull: false });
    expect(Buffer.from(enc.bytes()).toString()).toBe('{"id":2,"tags":null}\n{"id":2,"tags":[]}\n');
  });
  it("Node Writable: blocks of output; false asks the caller to wait; memory stays bounded", async () => {
    const s = slowWritable(1024);
    const enc = new ValueSink(s.w);
    let waits = 0;
    const n = 60_000; // about 1.6 MB: three times what a Writable may hold before the sink waits
    for (let i = 0; i < n; i++) {
      if (!marshalEncode(enc, Event, ev(i))) {
        waits++;
        expect(enc.needsFlush).toBe(true);
        await enc.flush();
      }
    }
    await enc.flush();
    expect(waits).toBeGreaterThan(0);
    // The Writable never held more than one block past the backlog it may hold.
    expect(s.maxBuffered()).toBeLessThanOrEqual(SINK_BACKLOG + 2 * ENCODE_FLUSH_THRESHOLD);
    expect(s.text()).toBe(Array.from({ length: n }, (_, i) => `${line(i)}\n`).join(""));
    expect(s.w.listenerCount("drain")).toBeLessThanOrEqual(1);
  });
  it("web WritableStream: close() closes it", async () => {
    const got: Uint8Array[] = [];
    let closed = false;
    const ws = new WritableStream<Uint8Array>({
      write: (c) => void got.push(c),
      close: () => {
        closed = true;
      },
    });
    const enc = new ValueSink(ws);
    marshalEncode(enc, T.bool, true);
    await enc.close();
    expect(closed).toBe(true);
    expect(Buffer.concat(got).toString()).toBe("true\n");
  });
  it("a ValueSink is required", () => {
    expect(() => marshalEncode({} as never, T.bool, true)).toThrow(InvalidArgumentError);
  });
});

describe("encodeValues writes NDJSON with backpressure", () => {
  it("iterable and async iterable to a slow Node Writable", async () => {
    const n = 60_000;
    const s = slowWritable(256);
    await encodeValues(
      Event,
      Array.from({ length: n }, (_, i) => ev(i)),
      s.w,
    );
    const want = Array.from({ length: n }, (_, i) => `${line(i)}\n`).join("");
    expect(s.text()).toBe(want);
    expect(s.maxBuffered()).toBeLessThanOrEqual(SINK_BACKLOG + 2 * ENCODE_FLUSH_THRESHOLD);
    const s2 = slowWritable(256);
    await encodeValues(
      Event,
      (async function* () {
        for (let i = 0; i < n; i++) yield ev(i);
      })(),
      s2.w,
    );
    expect(s2.text()).toBe(want);
  });
});

describe("encoding into blocks (marshal's byte path) and reusing a file stream's blocks", () => {
  const Doc = named(
    "Doc",
    structOf([
      { name: "ID", type: T.int64, tag: 'json:"id"' },
      { name: "Text", type: T.string, tag: 'json:"text"' },
      { name: "X", type: T.float64, tag: 'json:"x"' },
    ]),
  );
  const doc = (i: number) => ({
    ID: BigInt(i),
    Text: i % 5000 === 7 ? "é".repeat(70_000) : `t${"x".repeat(i % 97)}`,
    X: i / 4,
  });
  const dir = () => mkdtempSync(path.join(tmpdir(), "codec-v2-sink-"));
  const written = (ws: WriteStream) =>
    new Promise<void>((resolve, reject) => ws.end((e?: Error | null) => (e ? reject(e) : resolve())));

  it("a file stream gets marshal's bytes, values longer than a block included; its blocks are reused", async () => {
    const d = dir();
    try {
      const file = path.join(d, "out.ndjson");
      const ws = createWriteStream(file);
      const sink = new ValueSink(ws);
      const n = 20_000;
      for (let i = 0; i < n; i++) if (!marshalEncode(sink, Doc, doc(i))) await sink.flush();
      await sink.flush();
      await written(ws);
      const want = Array.from(
        { length: n },
        (_, i) => `${Buffer.from(marshal(Doc, doc(i))).toString()}\n`,
      ).join("");
      expect(readFileSync(file, "utf8")).toBe(want);
      // Blocks the file stream has written come back to be filled again.
      expect((sink as unknown as { free: Uint8Array[] }).free.length).toBeGreaterThan(0);
    } finally {
      rmSync(d, { recursive: true, force: true });
    }
  });
  it("a value marshal rejects: the same error, nothing of it written", async () => {
    const d = dir();
    try {
      const ws = createWriteStream(path.join(d, "out.ndjson"));
      const sink = new ValueSink(ws);
      marshalEncode(sink, Doc, doc(1));
      const bad = { ...doc(2), X: Number.NaN };
      const want = (() => {
        try {
          marshal(Doc, bad);
        } catch (e) {
          return (e as Error).message;
        }
      })();
      expect(want).toMatch(/NaN/);
      expect(() => marshalEncode(sink, Doc, bad)).toThrow(want as string);
      expect(sink.outputOffset).toBe(marshal(Doc, doc(1)).length + 1);
      await sink.flush();
      await written(ws);
    } finally {
      rmSync(d, { recursive: true, force: true });
    }
  });
  it("a sink that may keep its chunks (a PassThrough read later) gets blocks never reused", async () => {
    const pt = new PassThrough({ highWaterMark: 1 << 30 });
    const n = 30_000;
    await encodeValues(
      Doc,
      Array.from({ length: n }, (_, i) => doc(i)),
      pt,
    );
    pt.end();
    const chunks: Buffer[] = [];
    for await (const c of pt) chunks.push(c as Buffer);
    const want = Array.from(
      { length: n },
      (_, i) => `${Buffer.from(marshal(Doc, doc(i))).toString()}\n`,
    ).join("");
    expect(Buffer.concat(chunks).toString()).toBe(want);
  });
});
