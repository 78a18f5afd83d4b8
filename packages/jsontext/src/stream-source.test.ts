/**
 * chunkReader and readAll: every kind of ByteSource reads as the same bytes; empty chunks are
 * skipped; a chunk that is not bytes is a TypeError; cancel releases the source.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { open } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { chunkReader, isByteSource, readAll } from "./index.js";

const text = '{"a":[1,2,"é"]}\n';
const bytes = new TextEncoder().encode(text);
const parts = () => [bytes.subarray(0, 3), new Uint8Array(0), bytes.subarray(3, 9), bytes.subarray(9)];

const SOURCES: [string, () => unknown][] = [
  ["string", () => text],
  ["Uint8Array", () => bytes],
  ["array of chunks", () => parts()],
  ["strings", () => ['{"a":[1', ',2,"é"]}\n']],
  ["Node Readable", () => Readable.from(parts())],
  [
    "web ReadableStream",
    () =>
      new ReadableStream<Uint8Array>({
        start(c) {
          for (const p of parts()) c.enqueue(p);
          c.close();
        },
      }),
  ],
  [
    "async generator",
    () =>
      (async function* () {
        yield* parts();
      })(),
  ],
];

describe("ByteSource", () => {
  it.each(SOURCES)("%s: readAll and chunkReader give the bytes", async (_name, src) => {
    expect(isByteSource(src())).toBe(true);
    expect(Buffer.from(await readAll(src() as Uint8Array)).toString()).toBe(text);
    const r = chunkReader(src() as Uint8Array);
    const got: Uint8Array[] = [];
    for (;;) {
      let c = r.next();
      if (c instanceof Promise) c = await c;
      if (c === undefined) break;
      expect(c.length).toBeGreaterThan(0);
      got.push(c);
    }
    expect(Buffer.concat(got).toString()).toBe(text);
  });
  it("a FileHandle is read into one reused buffer (readInto, or next's buffer)", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "jsontext-file-"));
    try {
      const file = path.join(dir, "in.json");
      writeFileSync(file, text.repeat(5000));
      const fh = await open(file);
      try {
        expect(isByteSource(fh)).toBe(true);
        expect(Buffer.from(await readAll(fh)).toString()).toBe(text.repeat(5000));
      } finally {
        await fh.close();
      }
      const fh2 = await open(file);
      try {
        const r = chunkReader(fh2);
        expect([r.reuses, typeof r.readInto]).toEqual([true, "function"]);
        const bufs = new Set<ArrayBufferLike>();
        const got: Buffer[] = [];
        for (;;) {
          const c = await r.next();
          if (c === undefined) break;
          bufs.add(c.buffer);
          got.push(Buffer.from(c)); // a copy: the chunk is overwritten by the next read
        }
        expect(Buffer.concat(got).toString()).toBe(text.repeat(5000));
        expect(bufs.size).toBe(1);
      } finally {
        await fh2.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  it("sync sources are read without a promise", () => {
    const r = chunkReader([bytes]);
    expect(r.next()).toBe(bytes);
    expect(r.next()).toBeUndefined();
  });
  it("a whole Uint8Array is not copied", async () => {
    expect(await readAll(bytes)).toBe(bytes);
  });
  it("not a source, or a chunk that is not bytes: TypeError", async () => {
    expect(isByteSource(42)).toBe(false);
    expect(() => chunkReader(42 as never)).toThrow(TypeError);
    await expect(readAll([1] as never)).rejects.toThrow(
      "jsontext: a stream chunk must be a Uint8Array or a string, got number",
    );
  });
  it("cancel destroys a Node Readable and releases a web stream's reader", async () => {
    const node = Readable.from(parts());
    const r1 = chunkReader(node);
    await r1.next();
    await r1.cancel();
    expect(node.destroyed).toBe(true);
    const web = new ReadableStream<Uint8Array>({ pull: (c) => c.enqueue(bytes) });
    const r2 = chunkReader(web);
    await r2.next();
    await r2.cancel();
    expect(web.locked).toBe(false);
  });
});
