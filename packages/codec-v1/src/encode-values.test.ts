/**
 * encodeValues: the lines of an Encoder.encode loop (Go's Encode in a loop) from a sync or async
 * iterable, to every kind of sink, bounded by the sink's backpressure, and Go's error at the
 * first value that does not fit its type with the lines before it written.
 */
import { Buffer } from "node:buffer";
import { PassThrough, Writable } from "node:stream";
import { mapOf, sliceOf, structOf, T } from "@gojson/gotype";
import { describe, expect, test } from "vitest";
import { ENCODER_BACKLOG } from "./encoder.js";
import { Encoder, encodeValues, InvalidValueError } from "./index.js";

const td = new TextDecoder();
const Item = structOf([
  { name: "ID", type: T.int64, tag: 'json:"id"' },
  { name: "Name", type: T.string, tag: 'json:"name"' },
  { name: "Tags", type: sliceOf(T.string), tag: 'json:"tags"' },
  { name: "Attrs", type: mapOf(T.string, T.string), tag: 'json:"attrs,omitempty"' },
]);
type ItemValue = { ID: bigint; Name: string; Tags: string[] | null; Attrs: Map<string, string> | null };

const item = (i: number): ItemValue => ({
  ID: BigInt(i) * 1_000_000_007n,
  Name: i % 3 === 0 ? `<b>${i}</b> & "q"` : `name ${i} é`,
  Tags: i % 2 === 0 ? null : ["a", `t${i}`],
  Attrs:
    i % 5 === 0
      ? new Map([
          ["z", "1"],
          ["a", `${i}`],
        ])
      : null,
});

/** What an Encoder.encode loop writes (itself checked against Go in encoder and audit tests). */
async function encoderLoop(values: ItemValue[], options?: { escapeHTML?: boolean }): Promise<string> {
  let out = "";
  const e = new Encoder((c) => {
    out += td.decode(c);
  }, options);
  for (const v of values) await e.encode(Item, v);
  return out;
}

async function* slowly<V>(values: V[]): AsyncGenerator<V> {
  for (const v of values) {
    await new Promise((r) => setImmediate(r));
    yield v;
  }
}

describe("encodeValues", () => {
  const values = Array.from({ length: 300 }, (_, i) => item(i));

  test("Lines/AsGoWrites", async () => {
    let out = "";
    await encodeValues(Item, values.slice(0, 3), (c) => {
      out += td.decode(c);
    });
    expect(out).toBe(
      '{"id":0,"name":"\\u003cb\\u003e0\\u003c/b\\u003e \\u0026 \\"q\\"","tags":null,"attrs":{"a":"0","z":"1"}}\n' +
        '{"id":1000000007,"name":"name 1 é","tags":["a","t1"]}\n' +
        '{"id":2000000014,"name":"name 2 é","tags":null}\n',
    );
  });

  test.each([
    ["function, sync iterable", "function", false],
    ["function, async iterable", "function", true],
    ["Node Writable, sync iterable", "node", false],
    ["Node Writable, async iterable", "node", true],
    ["web WritableStream, sync iterable", "web", false],
    ["object with write(chunk)", "object", false],
  ] as const)("Sinks/%s: the Encoder loop's bytes", async (_, kind, async) => {
    const want = await encoderLoop(values);
    const chunks: Uint8Array[] = [];
    const source = async ? slowly(values) : values;
    if (kind === "function") await encodeValues(Item, source, (c) => void chunks.push(c.slice()));
    else if (kind === "object")
      await encodeValues(Item, source, { write: (c) => void chunks.push(c.slice()) });
    else if (kind === "node") {
      const w = new Writable({
        write(c, _e, cb) {
          chunks.push(Buffer.from(c));
          cb();
        },
      });
      await encodeValues(Item, source, w);
    } else {
      const ws = new WritableStream<Uint8Array>({ write: (c) => void chunks.push(c.slice()) });
      await encodeValues(Item, source, ws);
      // The stream stays open (and unlocked) for the caller.
      expect(ws.locked).toBe(false);
    }
    expect(td.decode(Buffer.concat(chunks))).toBe(want);
  });

  test("Options/EscapeHTMLOff", async () => {
    let out = "";
    await encodeValues(
      Item,
      values.slice(0, 4),
      (c) => {
        out += td.decode(c);
      },
      { escapeHTML: false },
    );
    expect(out).toBe(await encoderLoop(values.slice(0, 4), { escapeHTML: false }));
    expect(out).toContain('"<b>0</b> & \\"q\\""');
  });

  test("Backpressure/ASlowWritableHoldsABoundedBacklog", async () => {
    const many = Array.from({ length: 20_000 }, (_, i) => item(i));
    let received = 0;
    let maxHeld = 0;
    const w = new Writable({
      highWaterMark: 16 * 1024,
      write(c, _e, cb) {
        received += c.length;
        maxHeld = Math.max(maxHeld, w.writableLength);
        setTimeout(cb, 0);
      },
    });
    await encodeValues(Item, many, w);
    expect(received).toBe(Buffer.byteLength(await encoderLoop(many)));
    // The stream never holds much more than the Encoder's backlog and one chunk of lines.
    expect(maxHeld).toBeLessThanOrEqual(2 * ENCODER_BACKLOG);
  });

  test("Errors/TheFirstBadValueRejectsAfterTheLinesBeforeIt", async () => {
    const bad = [item(1), item(2), { ID: 1.5, Name: "x", Tags: null, Attrs: null }, item(4)];
    const p = new PassThrough();
    const got: Buffer[] = [];
    p.on("data", (c: Buffer) => got.push(c));
    await expect(encodeValues(Item, bad as ItemValue[], p)).rejects.toBeInstanceOf(InvalidValueError);
    await new Promise((r) => setImmediate(r));
    expect(td.decode(Buffer.concat(got))).toBe(await encoderLoop(bad.slice(0, 2) as ItemValue[]));
  });

  test.each([
    ["a type that is not a GoType", () => encodeValues({} as never, [], () => undefined)],
    ["a sink that is not one", () => encodeValues(Item, [], 42 as never)],
  ])("Arguments/%s: a typed error", async (_, call) => {
    await expect(call()).rejects.toThrow(/gojson|Encoder|encodeValues/);
  });
});
