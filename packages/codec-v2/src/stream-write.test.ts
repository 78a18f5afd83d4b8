/**
 * Marshal to streams: marshalWrite (Go's MarshalWrite: one value, no newline), marshalEncode over a
 * ValueSink (Go's MarshalEncode: each value and a newline) and encodeValues (NDJSON), to a Node
 * Writable, a web WritableStream and a callback, waiting when the sink asks to.
 */
import { Writable } from "node:stream";
import { named, sliceOf, structOf, T } from "@gojson/gotype";
import { SINK_BACKLOG } from "@gojson/jsontext";
import { afterEach, describe, expect, it } from "vitest";
import {
  ENCODE_FLUSH_THRESHOLD,
  encodeValues,
  InvalidArgumentError,
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
