/**
 * Encoder options: the constructor's escapeHTML/prefix/indent give what
 * SetEscapeHTML/SetIndent give (those are checked against Go in audit.test.ts's
 * fmt/ table), the byte path and the general encoder write the same lines, and
 * a value that does not fit its type is rejected before anything is written.
 */

import { Buffer } from "node:buffer";
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { mapOf, sliceOf, structOf, T } from "@gojson/gotype";
import { describe, expect, test, vi } from "vitest";
import { ENCODER_BACKLOG, ENCODER_CHUNK } from "./encoder.js";
import { Encoder, InvalidValueError, marshal } from "./index.js";
import { fastPaths } from "./marshal.js";

const td = new TextDecoder();
const M = mapOf(T.string, T.any);

async function lines(make: (sink: (c: Uint8Array) => void) => Encoder, values: unknown[]): Promise<string> {
  const out: string[] = [];
  const e = make((c) => out.push(td.decode(c)));
  for (const v of values) await e.encode(M, v as never);
  return out.join("");
}

describe("Encoder options", () => {
  const values = [
    new Map<string, unknown>([
      ["a", "<&>"],
      ["b", [1, { c: null }]],
    ]),
    null,
  ];
  test("constructor options = SetEscapeHTML / SetIndent", async () => {
    const viaSetters = await lines((s) => {
      const e = new Encoder(s);
      e.setEscapeHTML(false);
      e.setIndent(">", "  ");
      return e;
    }, values);
    const viaOptions = await lines(
      (s) => new Encoder(s, { escapeHTML: false, prefix: ">", indent: "  " }),
      values,
    );
    expect(viaOptions).toBe(viaSetters);
    expect(viaOptions).toBe(
      '{\n>  "a": "<&>",\n>  "b": [\n>    1,\n>    {\n>      "c": null\n>    }\n>  ]\n>}\nnull\n',
    );
  });

  test("byte path and general encoder write the same lines", async () => {
    const fast = await lines((s) => new Encoder(s), values);
    fastPaths.bytes = false;
    try {
      expect(await lines((s) => new Encoder(s), values)).toBe(fast);
    } finally {
      fastPaths.bytes = true;
    }
    expect(fast).toBe('{"a":"\\u003c\\u0026\\u003e","b":[1,{"c":null}]}\nnull\n');
  });

  test("a wrong value writes nothing", async () => {
    const out: Uint8Array[] = [];
    const e = new Encoder((c) => out.push(c));
    await expect(e.encode(M, new Map([["a", undefined]]) as never)).rejects.toThrow(InvalidValueError);
    expect(out).toEqual([]);
    await e.encode(M, null); // the Encoder is still usable: a value error is not a write error
    expect(td.decode(out[0])).toBe("null\n");
  });
});

describe("Encoder writes", () => {
  const S = structOf([
    { name: "A", type: T.string, tag: "" },
    { name: "B", type: sliceOf(T.int32), tag: "" },
  ]);
  const values = [
    { A: "x<y", B: [1, 2] },
    { A: "é".repeat(3000), B: null },
    { A: "", B: Array.from({ length: 20000 }, (_, i) => i) },
  ];

  test("each line is marshal's bytes and a newline, in one write, for every kind of sink", async () => {
    const want = values.map((v) => `${td.decode(marshal(S, v))}\n`);
    const chunks: Uint8Array[] = [];
    const fn = new Encoder((c) => chunks.push(c));
    for (const v of values) await fn.encode(S, v);
    expect(chunks.map((c) => td.decode(c))).toEqual(want);

    const got: Buffer[] = [];
    const w = new Writable({
      write(c: Buffer, _enc, cb) {
        got.push(c);
        cb();
      },
    });
    const node = new Encoder(w);
    for (const v of values) await node.encode(S, v);
    expect(got.map((c) => c.toString("utf8"))).toEqual(want);
  });

  test("a sink that takes lines synchronously has them before encode returns", () => {
    const out: string[] = [];
    const e = new Encoder({ write: (c: Uint8Array) => out.push(td.decode(c)) });
    const p = e.encode(S, { A: "a", B: [] });
    expect(out).toEqual(['{"A":"a","B":[]}\n']);
    expect(p).toBeInstanceOf(Promise);
  });

  test("errors reject the returned promise, never throw from encode", async () => {
    const e = new Encoder(() => {
      throw new Error("disk full");
    });
    const bad = new Encoder(() => 0);
    let p1: Promise<void> | undefined;
    let p2: Promise<void> | undefined;
    let p3: Promise<void> | undefined;
    expect(() => {
      p1 = bad.encode(S, { A: 1 } as never);
      p2 = bad.encode("not a type" as never, null as never);
      p3 = e.encode(S, { A: "a", B: null });
    }).not.toThrow();
    await expect(p1).rejects.toThrow(InvalidValueError);
    await expect(p2).rejects.toThrow(/must be a GoType/);
    await expect(p3).rejects.toThrow("disk full");
    // Go's enc.err: a failed write is sticky, the next value is not written.
    await expect(e.encode(S, { A: "b", B: null })).rejects.toThrow("disk full");
  });

  test("a sink's rejected promise is the Encoder's error from then on", async () => {
    let calls = 0;
    const e = new Encoder(() => {
      calls++;
      return Promise.reject(new Error("closed"));
    });
    await expect(e.encode(S, { A: "a", B: null })).rejects.toThrow("closed");
    await expect(e.encode(S, { A: "b", B: null })).rejects.toThrow("closed");
    expect(calls).toBe(1);
  });
});

describe("Encoder over a Node Writable: lines in blocks, each its own write", () => {
  const S = structOf([
    { name: "A", type: T.string, tag: "" },
    { name: "F", type: T.float64, tag: "" },
  ]);
  const want = (v: { A: string; F: number }) => `${td.decode(marshal(S, v))}\n`;

  test("a stream that keeps its chunks keeps every line as written (blocks are never written into again)", async () => {
    const kept: Buffer[] = [];
    const w = new Writable({
      write(c: Buffer, _enc, cb) {
        kept.push(c); // no copy: a PassThrough's reader would see these very bytes later
        cb();
      },
    });
    const e = new Encoder(w);
    // Short lines over several blocks, a line longer than a block, a value that fails half-written.
    const values = Array.from({ length: 3000 }, (_, i) => ({ A: `line ${i}`.repeat(i % 7), F: i / 8 }));
    values.splice(1500, 0, { A: "é".repeat(100_000), F: 1 });
    for (const [i, v] of values.entries()) {
      await e.encode(S, v);
      if (i === 10) await expect(e.encode(S, { A: "x".repeat(5000), F: Number.NaN })).rejects.toThrow("NaN");
    }
    await new Promise<void>((r) => w.end(r));
    expect(kept.length).toBe(values.length);
    expect(kept.map((c) => c.toString("utf8"))).toEqual(values.map(want));
  });

  test("end() right after the last encode writes every line (the Encoder's cork does not hold them back)", async () => {
    const got: string[] = [];
    const w = new Writable({
      write(c: Buffer, _enc, cb) {
        got.push(c.toString("utf8"));
        cb();
      },
      writev(chunks, cb) {
        for (const { chunk } of chunks) got.push((chunk as Buffer).toString("utf8"));
        cb();
      },
    });
    const e = new Encoder(w);
    const values = Array.from({ length: 50 }, (_, i) => ({ A: String(i), F: i }));
    for (const v of values) await e.encode(S, v);
    const finished = new Promise<void>((r) => w.on("finish", r));
    w.end();
    await finished;
    expect(got).toEqual(values.map(want));
  });

  test("a stream the caller corked stays corked until the caller uncorks it", async () => {
    const got: string[] = [];
    const w = new Writable({
      write(c: Buffer, _enc, cb) {
        got.push(c.toString("utf8"));
        cb();
      },
    });
    w.cork();
    const e = new Encoder(w);
    await e.encode(S, { A: "a", F: 1 });
    await new Promise((r) => setImmediate(r));
    expect(got).toEqual([]);
    w.uncork();
    await new Promise((r) => setImmediate(r));
    expect(got).toEqual([want({ A: "a", F: 1 })]);
  });
});

describe("Encoder over a Node Writable, buffered: lines gathered into chunks", () => {
  const S = structOf([
    { name: "A", type: T.string, tag: "" },
    { name: "F", type: T.float64, tag: "" },
  ]);
  const want = (v: { A: string; F: number }) => `${td.decode(marshal(S, v))}\n`;
  const keeper = () => {
    const kept: Buffer[] = [];
    const w = new Writable({
      write(c: Buffer, _enc, cb) {
        kept.push(c);
        cb();
      },
      writev(chunks, cb) {
        for (const { chunk } of chunks) kept.push(chunk as Buffer);
        cb();
      },
    });
    return { w, kept, text: () => kept.map((c) => c.toString("utf8")).join("") };
  };
  const many = Array.from({ length: 3000 }, (_, i) => ({ A: `line ${i}`.repeat(i % 7), F: i / 8 }));
  many.splice(1500, 0, { A: "é".repeat(100_000), F: 1 });

  test("every line, in order, in chunks of about ENCODER_CHUNK bytes; flush() hands over the rest", async () => {
    const { w, kept, text } = keeper();
    const e = new Encoder(w);
    e.setBuffered(true);
    for (const v of many) await e.encode(S, v);
    await e.flush();
    expect(text()).toBe(many.map(want).join(""));
    expect(kept.length).toBeLessThan(many.length / 10);
    // A chunk goes out once it holds ENCODER_CHUNK bytes: the short lines' overshoot is one line.
    for (const c of kept) if (c.length >= ENCODER_CHUNK + 100) expect(c.toString("utf8")).toContain("é");
  });

  test("lines gathered in a tick reach the stream at its end, without flush()", async () => {
    const { w, text } = keeper();
    const e = new Encoder(w);
    e.setBuffered(true);
    await e.encode(S, { A: "a", F: 1 });
    await e.encode(S, { A: "b", F: 2 });
    expect(text()).toBe("");
    await new Promise((r) => setImmediate(r));
    expect(text()).toBe(want({ A: "a", F: 1 }) + want({ A: "b", F: 2 }));
  });

  test("a value that fails half-written leaves no bytes; lines of the general encoder and indented ones keep their place", async () => {
    const { w, text } = keeper();
    const e = new Encoder(w);
    e.setBuffered(true);
    const out: string[] = [];
    await e.encode(S, { A: "x", F: 1 });
    out.push(want({ A: "x", F: 1 }));
    await expect(e.encode(S, { A: "y".repeat(5000), F: Number.NaN })).rejects.toThrow("NaN");
    fastPaths.bytes = false;
    try {
      await e.encode(S, { A: "general", F: 2 });
    } finally {
      fastPaths.bytes = true;
    }
    out.push(want({ A: "general", F: 2 }));
    e.setIndent("", " ");
    await e.encode(S, { A: "indented", F: 3 });
    out.push('{\n "A": "indented",\n "F": 3\n}\n');
    e.setIndent("", "");
    await e.encode(S, { A: "z", F: 4 });
    out.push(want({ A: "z", F: 4 }));
    await e.flush();
    expect(text()).toBe(out.join(""));
  });

  test("a line the byte path hands to the general encoder keeps its place among the gathered ones", async () => {
    const { w, text } = keeper();
    const X = structOf([
      { name: "A", type: T.string, tag: "" },
      { name: "V", type: T.any, tag: "" },
    ]);
    const e = new Encoder(w);
    e.setBuffered(true);
    // A Map in an `any` is the general encoder's (the byte path bails on it and writes nothing).
    const values = Array.from({ length: 400 }, (_, i) => ({
      A: `<${i}>`,
      V: i % 3 === 0 ? new Map([["k", i]]) : { k: i },
    }));
    const bails = fastPaths.bails;
    for (const v of values) await e.encode(X, v);
    await e.flush();
    expect(fastPaths.bails - bails).toBe(134);
    expect(text()).toBe(values.map((v) => `${td.decode(marshal(X, v))}\n`).join(""));
  });

  test("setBuffered(false) hands over the gathered lines; each later line is its own write", async () => {
    const { w, kept, text } = keeper();
    const e = new Encoder(w);
    e.setBuffered(true);
    await e.encode(S, { A: "a", F: 1 });
    e.setBuffered(false);
    await e.encode(S, { A: "b", F: 2 });
    await new Promise((r) => setImmediate(r));
    expect(text()).toBe(want({ A: "a", F: 1 }) + want({ A: "b", F: 2 }));
    expect(kept.length).toBe(2);
    expect(() => e.setBuffered("yes" as never)).toThrow(/must be a boolean/);
  });

  test("a destroyed stream rejects flush() and every later encode (Go's enc.err)", async () => {
    const { w } = keeper();
    const e = new Encoder(w);
    e.setBuffered(true);
    await e.encode(S, { A: "a", F: 1 });
    w.on("error", () => {}); // the stream's own listener (not the Encoder's business)
    w.destroy(new Error("gone"));
    await expect(e.flush()).rejects.toThrow("gone");
    await expect(e.encode(S, { A: "b", F: 2 })).rejects.toThrow("gone");
  });

  test("other sinks take each line at its encode, buffered or not; flush() settles at once", async () => {
    const out: string[] = [];
    const e = new Encoder((c) => out.push(td.decode(c)));
    e.setBuffered(true);
    const p = e.encode(S, { A: "a", F: 1 });
    expect(out).toEqual([want({ A: "a", F: 1 })]);
    await p;
    await e.flush();
  });
});

describe("Encoder over a file: blocks reused once written", () => {
  const S = structOf([
    { name: "A", type: T.string, tag: "" },
    { name: "N", type: sliceOf(T.int32), tag: "" },
  ]);
  const values = Array.from({ length: 20_000 }, (_, i) => ({
    A: `v${i}-`.repeat(i % 11),
    N: Array.from({ length: i % 17 }, (_, k) => k * i),
  }));
  values.splice(4000, 0, { A: "long".repeat(40_000), N: [] });
  const want = values.map((v) => `${td.decode(marshal(S, v))}\n`).join("");

  test.each([
    ["line a write", false],
    ["buffered", true],
  ])("%s: the file holds every line as encoded", async (_name, buffered) => {
    const dir = mkdtempSync(path.join(tmpdir(), "gojson-encoder-"));
    const allocated = vi.spyOn(Buffer, "allocUnsafeSlow");
    try {
      const file = path.join(dir, "out.ndjson");
      const ws = createWriteStream(file);
      const e = new Encoder(ws);
      e.setBuffered(buffered);
      for (const [i, v] of values.entries()) {
        await e.encode(S, v);
        // Let the file catch up now and then, so that written blocks come back as spares.
        if (i % 500 === 0) await new Promise((r) => setImmediate(r));
      }
      await e.flush();
      await new Promise<void>((r, j) => ws.end((err?: Error | null) => (err ? j(err) : r())));
      expect(readFileSync(file, "utf8")).toBe(want);
      // ~2 MB of lines in 64 KiB blocks (about 30 without reuse): at most the blocks the stream may
      // hold (ENCODER_BACKLOG), the one being filled and a few the stream has not called back for
      // yet on a loaded machine are allocated; the rest are reused.
      const blocks = allocated.mock.calls.filter(([n]) => n === 64 * 1024).length;
      expect(blocks).toBeLessThanOrEqual(ENCODER_BACKLOG / (64 * 1024) + 6);
    } finally {
      allocated.mockRestore();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
