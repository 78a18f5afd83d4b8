/**
 * Byte sources of the streaming decoders: one adapter from every kind of input
 * (a Node Readable, a web ReadableStream, an async or sync iterable of chunks,
 * a file opened with `fs.promises.open`, or a whole Uint8Array or string) to a
 * reader of chunks. A sync source (bytes, a string, a sync iterable) is read
 * without awaiting. A file is read into the reader's buffer (Go's io.Reader):
 * no chunk is allocated per read.
 */
import { read as fsRead } from "node:fs";
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
 * nodeFd is the descriptor of a Node FileHandle (read with fs.read's callback: no promise, async
 * frame or stats array per read), or -1 for another ReadableFile (read with its `read`).
 */
function nodeFd(file: ReadableFile): number {
  const fd = (file as { fd?: unknown }).fd;
  return typeof fd === "number" && fd >= 0 && file.constructor?.name === "FileHandle" ? fd : -1;
}

/**
 * FileReader reads a file a FILE_READ_SIZE block ahead: once the caller has taken a block, the
 * next is read while it decodes this one (a file's read is a round trip to libuv's threads).
 * `take` answers at once (a number) while read bytes are left, and makes one promise only when
 * it must wait for a read. The objects of a read are few because a young-generation GC often
 * runs while one is pending (V8 schedules it at the event loop's next turn): every object alive
 * then is copied, and the bytes copied decide when V8 grows its young generation (peak RSS).
 */
class FileReader implements ChunkReader {
  readonly reuses = true;
  private readonly fd: number;
  private done = false;
  private own: Uint8Array | null = null;
  /** The block read ahead: bytes [at, have) not handed out yet. */
  private ahead: Uint8Array | null = null;
  private have = 0;
  private at = 0;
  /** A read is in flight (into `ahead`). */
  private reading = false;
  /** The byte count of a read that has completed and is not taken yet (-1: none). */
  private landed = -1;
  /** The error of the last read (kept until a caller takes it). */
  private failure: { readonly e: unknown } | null = null;
  /** The caller waiting for the read in flight: its destination and its promise's callbacks. */
  private waiter: {
    readonly buf: Uint8Array;
    readonly offset: number;
    readonly length: number;
    readonly resolve: (n: number) => void;
    readonly reject: (e: unknown) => void;
  } | null = null;
  /** Resolved when the read in flight completes (cancel waits for it: the file may be closed next). */
  private idle: (() => void) | null = null;
  // Made once: a read's callbacks.
  private readonly onRead = (err: unknown, n: number): void => {
    if (err) this.complete(-1, err);
    else this.complete(n, undefined);
  };
  private readonly onResult = (r: { bytesRead: number }): void => this.complete(r?.bytesRead, undefined);
  private readonly onError = (e: unknown): void =>
    this.complete(-1, e ?? new TypeError("jsontext: a file's read failed"));

  constructor(private readonly file: ReadableFile) {
    this.fd = nodeFd(file);
  }

  /** start reads the next block into `ahead`. */
  private start(): void {
    this.ahead ??= new Uint8Array(FILE_READ_SIZE);
    this.reading = true;
    if (this.fd >= 0) {
      // A closed FileHandle's fd is -1: its own error, not a read of a reused descriptor.
      const fd = (this.file as { fd?: unknown }).fd;
      if (fd !== this.fd) {
        this.complete(-1, Object.assign(new Error("file closed"), { code: "EBADF", syscall: "read" }));
        return;
      }
      fsRead(this.fd, this.ahead, 0, this.ahead.length, null, this.onRead);
      return;
    }
    let p: Promise<{ bytesRead: number }>;
    try {
      p = this.file.read(this.ahead, 0, this.ahead.length, null);
    } catch (e) {
      this.complete(-1, e);
      return;
    }
    Promise.resolve(p).then(this.onResult, this.onError);
  }

  private complete(n: unknown, err: unknown): void {
    this.reading = false;
    if (err === undefined && (typeof n !== "number" || n < 0 || n > FILE_READ_SIZE))
      err = new TypeError(`jsontext: a file's read resolved to ${describe(n)} bytes`);
    if (err !== undefined) this.failure = { e: err };
    else this.landed = n as number;
    const idle = this.idle;
    this.idle = null;
    idle?.();
    const w = this.waiter;
    if (w === null) return;
    this.waiter = null;
    let k: number | undefined;
    try {
      k = this.copy(w.buf, w.offset, w.length) as number;
    } catch (e) {
      w.reject(e);
      return;
    }
    w.resolve(k);
  }

  /**
   * take copies at most `length` read bytes into `buf` at `offset` and returns their count (0 at
   * the end of the file); a promise of it when the bytes are still being read.
   */
  take(buf: Uint8Array, offset: number, length: number): number | Promise<number> {
    if (length <= 0) return 0;
    const k = this.copy(buf, offset, length);
    if (k !== undefined) return k;
    return new Promise<number>((resolve, reject) => {
      this.waiter = { buf, offset, length, resolve, reject };
    });
  }

  /** copy hands out read bytes, or returns undefined while the next block is being read. */
  private copy(buf: Uint8Array, offset: number, length: number): number | undefined {
    if (this.at === this.have) {
      if (this.done) return 0;
      if (this.failure !== null) {
        const f = this.failure;
        this.failure = null;
        this.done = true;
        throw f.e;
      }
      if (this.landed < 0) {
        if (!this.reading) this.start();
        // start may have failed at once.
        if (this.failure !== null || this.landed >= 0) return this.copy(buf, offset, length);
        return undefined;
      }
      const n = this.landed;
      this.landed = -1;
      if (n === 0) {
        this.done = true;
        return 0;
      }
      this.have = n;
      this.at = 0;
    }
    const at = this.at;
    const k = Math.min(length, this.have - at);
    buf.set((this.ahead as Uint8Array).subarray(at, at + k), offset);
    this.at = at + k;
    if (this.at === this.have && !this.done) this.start();
    return k;
  }

  readInto(buf: Uint8Array, offset: number, length: number): Promise<number> {
    try {
      const k = this.take(buf, offset, length);
      return typeof k === "number" ? Promise.resolve(k) : k;
    } catch (e) {
      return Promise.reject(e);
    }
  }

  next(): ChunkResult {
    this.own ??= new Uint8Array(FILE_READ_SIZE);
    const own = this.own;
    const k = this.take(own, 0, own.length);
    if (typeof k === "number") return k === 0 ? undefined : own.subarray(0, k);
    return k.then((n) => (n === 0 ? undefined : own.subarray(0, n)));
  }

  cancel(): Promise<void> {
    this.done = true;
    this.at = this.have;
    this.failure = null;
    if (!this.reading) return Promise.resolve();
    // The read in flight writes into our buffer from the file: let it end before the caller may close the file.
    return new Promise<void>((resolve) => {
      this.idle = resolve;
    });
  }
}

/** fileReaderOf returns the reader of a file behind a ChunkReader (taking bytes without a promise), if it is one. */
export function fileReaderOf(r: ChunkReader): FileReader | undefined {
  return r instanceof FileReader ? r : undefined;
}

export type { FileReader };

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
  if (isReadableFile(src)) return new FileReader(src);
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
