/**
 * SinkWriter: backpressure from every kind of sink (a Node Writable's drain, a web stream's ready,
 * a callback's promise), one drain listener at a time however many writes wait, errors rethrown.
 */
import { Writable } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { SinkWriter } from "./index.js";
import { SINK_BACKLOG } from "./stream-sink.js";

const chunk = (s: string) => new TextEncoder().encode(s);

const warnings: Error[] = [];
process.on("warning", (w) => warnings.push(w));
afterEach(() => {
  // MaxListenersExceededWarning, once caused by a drain listener per write, must not come back.
  expect(warnings.map((w) => w.name)).toEqual([]);
  warnings.length = 0;
});

describe("SinkWriter", () => {
  it("Node Writable: write returns a promise once the Writable holds SINK_BACKLOG; one drain listener", async () => {
    const got: Buffer[] = [];
    const w = new Writable({
      highWaterMark: 2,
      write(c: Buffer, _e, cb) {
        got.push(c);
        setImmediate(cb);
      },
    });
    const s = new SinkWriter(w);
    const size = SINK_BACKLOG / 4;
    const part = (i: number) => chunk(String(i % 10).repeat(size));
    let waited = 0;
    for (let i = 0; i < 50; i++) {
      const p = s.write(part(i));
      // Bounded: the Writable never holds more than the backlog and the chunk just written.
      expect(w.writableLength).toBeLessThanOrEqual(SINK_BACKLOG + size);
      if (p !== undefined) {
        waited++;
        await p;
      }
      expect(w.listenerCount("drain")).toBeLessThanOrEqual(1);
    }
    expect(waited).toBeGreaterThan(0);
    await s.flush();
    await new Promise((r) => w.end(r));
    expect(Buffer.concat(got).toString()).toBe(
      Array.from({ length: 50 }, (_, i) => String(i % 10).repeat(size)).join(""),
    );
  });
  it("Node Writable: small writes are not waited for below SINK_BACKLOG (writing overlaps encoding)", async () => {
    const w = new Writable({
      highWaterMark: 2,
      write(_c, _e, cb) {
        setImmediate(cb);
      },
    });
    const s = new SinkWriter(w);
    for (let i = 0; i < 100; i++) expect(s.write(chunk("x".repeat(100)))).toBeUndefined();
    await s.flush();
  });
  it("web WritableStream: waits for ready; close closes", async () => {
    const got: Uint8Array[] = [];
    let closed = false;
    const ws = new WritableStream<Uint8Array>(
      {
        write: async (c) => {
          await new Promise((r) => setTimeout(r, 1));
          got.push(c);
        },
        close: () => {
          closed = true;
        },
      },
      { highWaterMark: 1 },
    );
    const s = new SinkWriter(ws);
    let waited = 0;
    for (let i = 0; i < 5; i++) {
      const p = s.write(chunk(String(i)));
      if (p !== undefined) {
        waited++;
        await p;
      }
    }
    expect(waited).toBeGreaterThan(0);
    await s.close();
    expect(closed).toBe(true);
    expect(Buffer.concat(got).toString()).toBe("01234");
  });
  it("callback: a returned promise is waited for; its rejection is rethrown", async () => {
    const order: string[] = [];
    const s = new SinkWriter(async (c: Uint8Array) => {
      await new Promise((r) => setTimeout(r, 2));
      order.push(Buffer.from(c).toString());
    });
    s.write(chunk("a"));
    s.write(chunk("b"));
    await s.flush();
    expect(order).toEqual(["a", "b"]);
    const bad = new SinkWriter(async () => {
      throw new Error("sink broke");
    });
    await bad.write(chunk("x"));
    await expect(bad.flush()).rejects.toThrow("sink broke");
    expect(() => bad.write(chunk("y"))).toThrow("sink broke");
  });
  it("Node Writable error while waiting for drain", async () => {
    const w = new Writable({
      highWaterMark: 1,
      write(_c, _e, cb) {
        setImmediate(() => cb(new Error("disk full")));
      },
    });
    w.on("error", () => undefined);
    const s = new SinkWriter(w);
    const p = s.write(chunk("x".repeat(SINK_BACKLOG)));
    expect(p).toBeInstanceOf(Promise);
    await p;
    await expect(s.flush()).rejects.toThrow("disk full");
  });
  it("not a sink: TypeError", () => {
    expect(() => new SinkWriter({} as never)).toThrow(TypeError);
  });
});
