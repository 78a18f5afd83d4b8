/**
 * chunkReader and readAll: every kind of ByteSource reads as the same bytes; empty chunks are
 * skipped; a chunk that is not bytes is a TypeError; cancel releases the source.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { type FileHandle, open } from "node:fs/promises";
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

/** Runs `f` over a file of `content` opened with fs.promises.open (closed after, if still open). */
async function withFile(content: string, f: (fh: FileHandle) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), "jsontext-file-"));
  try {
    const file = path.join(dir, "in.json");
    writeFileSync(file, content);
    const fh = await open(file);
    try {
      await f(fh);
    } finally {
      await fh.close().catch(() => undefined);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

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
  it("a FileHandle's read bytes are taken at once; a promise only while a read is pending", async () => {
    await withFile(text.repeat(20000), async (fh) => {
      const r = chunkReader(fh);
      const state = r as unknown as { reading: boolean };
      const first = r.next();
      expect(first).toBeInstanceOf(Promise);
      const got = [Buffer.from((await first) as Uint8Array)];
      for (;;) {
        // Let the block read ahead land (however long a loaded machine takes): then the next
        // chunk is handed out without a promise.
        while (state.reading) await new Promise((resolve) => setImmediate(resolve));
        const c = r.next();
        expect(c instanceof Promise).toBe(false);
        if (c === undefined) break;
        got.push(Buffer.from(c as Uint8Array));
      }
      expect(Buffer.concat(got).toString()).toBe(text.repeat(20000));
    });
  });
  it("cancel waits for a FileHandle's read in flight (the file may be closed next), then reads nothing", async () => {
    await withFile(text.repeat(20000), async (fh) => {
      const r = chunkReader(fh);
      await r.next(); // the next block is being read now
      const state = r as unknown as { reading: boolean };
      expect(state.reading).toBe(true);
      await r.cancel();
      expect(state.reading).toBe(false);
      expect(await r.next()).toBeUndefined();
    });
  });
  it("a FileHandle closed while it is read: the next read fails with EBADF", async () => {
    await withFile(text.repeat(20000), async (fh) => {
      const r = chunkReader(fh);
      await r.next();
      await fh.close();
      const read = async () => {
        for (;;) if ((await r.next()) === undefined) return "end";
      };
      expect(await read().catch((e: { code?: string }) => e.code)).toBe("EBADF");
    });
  });
  it("a file's read that fails or resolves to a bad count: the error is the next read's", async () => {
    const boom = new Error("boom");
    await expect(readAll({ read: () => Promise.reject(boom) })).rejects.toBe(boom);
    await expect(
      readAll({
        read: () => {
          throw boom;
        },
      }),
    ).rejects.toBe(boom);
    await expect(readAll({ read: async () => ({ bytesRead: -1 }) })).rejects.toThrow(
      "jsontext: a file's read resolved to number bytes",
    );
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
