/**
 * Byte sources of the streaming decoders: one adapter from every kind of input
 * (a Node Readable, a web ReadableStream, an async or sync iterable of chunks,
 * a file opened with `fs.promises.open`, or a whole Uint8Array or string) to a
 * reader of chunks. A sync source (bytes, a string, a sync iterable) is read
 * without awaiting. A file is read into the reader's buffer (Go's io.Reader):
 * no chunk is allocated per read.
 */
import { JsonError } from "./errors.js";

/**
 * ReadableFile is a file read into a buffer of the reader's own (Go's io.Reader): a Node
 * `FileHandle` (`await fs.promises.open(path)`) or anything with its `read`. Reading a stream
 * from one allocates nothing per read, so memory stays flat however long the file is. The file
 * is read from its current position; closing it is the caller's.
 */
export interface ReadableFile {
  read(
    buffer: Uint8Array,
    offset: number,
    length: number,
    position: number | null,
  ): Promise<{ bytesRead: number }>;
}

/**
 * ByteSource is JSON input, whole or in chunks: a Node `Readable`, a web `ReadableStream`, an
 * `AsyncIterable` or `Iterable` of `Uint8Array | string` chunks (strings are UTF-8 encoded), or a
 * whole `Uint8Array` or `string`.
 */
export type ByteSource =
  | AsyncIterable<Uint8Array | string>
  | Iterable<Uint8Array | string>
  | ReadableStream<Uint8Array>
  | ReadableFile
  | Uint8Array
  | string;

/** A chunk, the end of input (undefined), or a promise of either. */
export type ChunkResult = Uint8Array | undefined | Promise<Uint8Array | undefined>;

/** ChunkReader reads a ByteSource chunk by chunk. */
export interface ChunkReader {
  /** next returns the next non-empty chunk, or undefined at the end (a promise when the source is asynchronous). */
  next(): ChunkResult;
  /** cancel stops reading early and releases the source (a Readable is destroyed, a web stream's reader released). */
  cancel(): Promise<void>;
  /**
   * readInto, present for a ReadableFile, reads at most `length` bytes into `buf` at `offset`
   * and resolves to their count (0 at the end). `next` then hands out one reused buffer: its
   * chunk is valid until the next call (`reuses` is true).
   */
  readInto?(buf: Uint8Array, offset: number, length: number): Promise<number>;
  /** reuses is true when a chunk from `next` is overwritten by the next call (copy what you keep). */
  readonly reuses?: boolean;
}

/** FILE_READ_SIZE is the size of a ReadableFile's reads (bytes): one block is read ahead. */
export const FILE_READ_SIZE = 64 * 1024;

const textEncoder = new TextEncoder();

function bytesOf(c: Uint8Array | string): Uint8Array {
  if (typeof c === "string") return textEncoder.encode(c);
  if (c instanceof Uint8Array) return c;
  throw new TypeError(`jsontext: a stream chunk must be a Uint8Array or a string, got ${describe(c)}`);
}

function describe(v: unknown): string {
  if (v === null) return "null";
  if (typeof v === "object") return (v as object).constructor?.name ?? "object";
  return typeof v;
}

/** isByteSource reports whether v is one of the inputs a ByteSource may be. */
export function isByteSource(v: unknown): v is ByteSource {
  if (typeof v === "string" || v instanceof Uint8Array) return true;
  if (typeof v !== "object" || v === null) return false;
  return (
    typeof (v as ReadableStream).getReader === "function" ||
    typeof (v as AsyncIterable<unknown>)[Symbol.asyncIterator] === "function" ||
    typeof (v as Iterable<unknown>)[Symbol.iterator] === "function" ||
    typeof (v as ReadableFile).read === "function"
  );
}

/**
 * isReadableFile reports whether v is read as a ReadableFile: it has `read` and is neither a
 * stream nor an iterable (a Node Readable has a `read` too, but is read as an async iterable).
 */
export function isReadableFile(v: unknown): v is ReadableFile {
  return (
    typeof v === "object" &&
    v !== null &&
    typeof (v as ReadableFile).read === "function" &&
    typeof (v as ReadableStream).getReader !== "function" &&
    typeof (v as AsyncIterable<unknown>)[Symbol.asyncIterator] !== "function" &&
    typeof (v as Iterable<unknown>)[Symbol.iterator] !== "function"
  );
}

/**
 * fileReader reads a file a FILE_READ_SIZE block ahead: once the caller has taken a block, the
 * next is read while it decodes this one (a file's read is a round trip to libuv's threads).
 */
function fileReader(file: ReadableFile): ChunkReader {
  let done = false;
  let own: Uint8Array | null = null;
  /** The block read ahead: bytes [at, have) not handed out yet; `pending` is its read in flight. */
  let ahead: Uint8Array | null = null;
  let have = 0;
  let at = 0;
  let pending: Promise<number> | null = null;
  const read = async (buf: Uint8Array): Promise<number> => {
    const { bytesRead } = await file.read(buf, 0, buf.length, null);
    if (typeof bytesRead !== "number" || bytesRead < 0 || bytesRead > buf.length)
      throw new TypeError(`jsontext: a file's read resolved to ${describe(bytesRead)} bytes`);
    return bytesRead;
  };
  const start = (): void => {
    ahead ??= new Uint8Array(FILE_READ_SIZE);
    pending = read(ahead);
    // Its error is the next readInto's (never an unhandled rejection when nobody reads again).
    pending.catch(() => undefined);
  };
  const readInto = async (buf: Uint8Array, offset: number, length: number): Promise<number> => {
    if (length <= 0) return 0;
    if (at === have) {
      if (done) return 0;
      if (pending === null) start();
      const p = pending as Promise<number>;
      pending = null;
      const n = await p;
      if (n === 0) {
        done = true;
        return 0;
      }
      have = n;
      at = 0;
    }
    const k = Math.min(length, have - at);
    buf.set((ahead as Uint8Array).subarray(at, at + k), offset);
    at += k;
    if (at === have && !done) start();
    return k;
  };
  return {
    reuses: true,
    readInto,
    next: async () => {
      own ??= new Uint8Array(FILE_READ_SIZE);
      const n = await readInto(own, 0, own.length);
      return n === 0 ? undefined : own.subarray(0, n);
    },
    cancel: async () => {
      done = true;
      at = have;
    },
  };
}

/**
 * chunkReader returns a reader of src's chunks. Empty chunks are skipped; a chunk that is
 * neither bytes nor a string is a TypeError.
 */
export function chunkReader(src: ByteSource): ChunkReader {
  if (typeof src === "string" || src instanceof Uint8Array) {
    let done = false;
    return {
      next() {
        if (done) return undefined;
        done = true;
        const b = bytesOf(src);
        return b.length > 0 ? b : undefined;
      },
      cancel: async () => {
        done = true;
      },
    };
  }
  if (!isByteSource(src))
    throw new TypeError(
      `jsontext: want a byte source (Readable, ReadableStream, iterable of chunks, FileHandle, Uint8Array or string), got ${describe(src)}`,
    );
  if (isReadableFile(src)) return fileReader(src);
  const rs = src as ReadableStream<Uint8Array>;
  const ai = src as AsyncIterable<Uint8Array | string>;
  if (typeof ai[Symbol.asyncIterator] !== "function" && typeof rs.getReader === "function") {
    const reader = rs.getReader();
    const read = async (): Promise<Uint8Array | undefined> => {
      for (;;) {
        const r = await reader.read();
        if (r.done) return undefined;
        const b = bytesOf(r.value);
        if (b.length > 0) return b;
      }
    };
    return {
      next: read,
      cancel: async () => {
        await reader.cancel().catch(() => undefined);
        reader.releaseLock();
      },
    };
  }
  if (typeof ai[Symbol.asyncIterator] === "function") {
    const it = ai[Symbol.asyncIterator]();
    const read = async (): Promise<Uint8Array | undefined> => {
      for (;;) {
        const r = await it.next();
        if (r.done) return undefined;
        const b = bytesOf(r.value);
        if (b.length > 0) return b;
      }
    };
    return {
      next: read,
      cancel: async () => {
        // A Node Readable's async iterator destroys the stream on return().
        await it.return?.();
      },
    };
  }
  const it = (src as Iterable<Uint8Array | string>)[Symbol.iterator]();
  return {
    next() {
      for (;;) {
        const r = it.next();
        if (r.done) return undefined;
        const b = bytesOf(r.value);
        if (b.length > 0) return b;
      }
    },
    cancel: async () => {
      it.return?.();
    },
  };
}

/**
 * readAll reads every chunk of src into one Uint8Array (a whole Uint8Array source is returned
 * as it is, not copied). Past `maxBytes` (default: no limit), it stops reading and throws a
 * JsonError (`GOJSON_ERR_TOO_LARGE`).
 */
export async function readAll(src: ByteSource, maxBytes = Number.POSITIVE_INFINITY): Promise<Uint8Array> {
  if (src instanceof Uint8Array && src.length <= maxBytes) return src;
  const r = chunkReader(src);
  const parts: Uint8Array[] = [];
  let n = 0;
  try {
    for (;;) {
      let c = r.next();
      if (c instanceof Promise) c = await c;
      if (c === undefined) break;
      parts.push(r.reuses === true ? c.slice() : c);
      n += c.length;
      if (n > maxBytes)
        throw new JsonError(`jsontext: the input is longer than maxBytes (${maxBytes} bytes)`, {
          code: "GOJSON_ERR_TOO_LARGE",
        });
    }
  } catch (e) {
    await r.cancel();
    throw e;
  }
  if (parts.length === 1) return parts[0] as Uint8Array;
  const out = new Uint8Array(n);
  let off = 0;
  for (const p of parts) {
    out.set(p, off);
    off += p.length;
  }
  return out;
}
