/**
 * The sources a Decoder reads (Go's io.Reader): a Uint8Array or a string (one
 * chunk), any iterable of chunks, and for the asynchronous Decoder also a Node
 * Readable, a web ReadableStream, any async iterable of chunks, or a file opened
 * with `fs.promises.open` (read into one reused buffer: no garbage per read). A
 * chunk is a Uint8Array (a Buffer too) or a string (its UTF-8 bytes).
 */
import { chunkReader, type ReadableFile } from "@gojson/jsontext";
import { type Chunk, SOURCE_DONE } from "./decoder-core.js";
import { InvalidArgumentError } from "./errors.js";
import { describeValue } from "./value-check.js";

/**
 * A file the Decoder reads into a buffer of its own, as Go's Decoder reads an *os.File: a Node
 * `FileHandle` (`await fs.promises.open(path)`) or anything with its `read` (jsontext's
 * ReadableFile). It is read from its current position; closing it is the caller's.
 */
export type DecoderFile = ReadableFile;

/** Anything the asynchronous Decoder can read bytes from. */
export type DecoderSource =
  | Uint8Array
  | string
  | AsyncIterable<Uint8Array | string>
  | Iterable<Uint8Array | string>
  | ReadableStream<Uint8Array>
  | DecoderFile;

/** The size of the buffer a DecoderFile is read into (bytes; Go's Decoder takes what its buffer has room for). */
export const FILE_READ_SIZE = 64 * 1024;

/** Anything the synchronous SyncDecoder can read bytes from (bytes in memory). */
export type SyncDecoderSource = Uint8Array | string | Iterable<Uint8Array | string>;

function checkChunk(operation: string, c: unknown): Uint8Array | string {
  if (typeof c === "string" || c instanceof Uint8Array) return c;
  throw new InvalidArgumentError(
    operation,
    "source",
    `yielded a chunk that is not a Uint8Array or a string: ${describeValue(c)}`,
  );
}

function isIterable(s: object): s is Iterable<unknown> {
  return typeof (s as Partial<Iterable<unknown>>)[Symbol.iterator] === "function";
}

function isAsyncIterable(s: object): s is AsyncIterable<unknown> {
  return typeof (s as Partial<AsyncIterable<unknown>>)[Symbol.asyncIterator] === "function";
}

function isReadableStream(s: object): s is ReadableStream<Uint8Array> {
  return typeof (s as Partial<ReadableStream<Uint8Array>>).getReader === "function";
}

/** A file: has `read`, and is neither a stream nor an iterable (a Node Readable's `read` is another one). */
function isFile(s: object): s is DecoderFile {
  return (
    typeof (s as Partial<DecoderFile>).read === "function" &&
    !isReadableStream(s) &&
    !isAsyncIterable(s) &&
    !isIterable(s)
  );
}

/**
 * A Node FileHandle is read by jsontext's file reader: with fs.read on its descriptor, one block
 * ahead, a block already read handed out without a promise. Few objects are alive while a read
 * is pending, when V8 often runs a young-generation GC (the bytes it copies decide when V8 grows
 * its young generation, hence the peak RSS of a long stream). Its chunk is valid until the next
 * read, as fromFile's.
 */
function fromFileHandle(f: DecoderFile): () => Promise<Chunk> | Chunk {
  const r = chunkReader(f);
  const chunk = (c: Uint8Array | undefined): Chunk => (c === undefined ? SOURCE_DONE : c);
  return () => {
    const c = r.next();
    return c instanceof Promise ? c.then(chunk) : chunk(c);
  };
}

/** Whether f is a Node FileHandle (an open one: its descriptor is a number). */
function isFileHandle(f: DecoderFile): boolean {
  return f.constructor?.name === "FileHandle" && typeof (f as { fd?: unknown }).fd === "number";
}

/** Reads a file into one buffer: its chunk is valid until the next read, which the Decoder asks for only once it has copied the chunk. */
function fromFile(operation: string, f: DecoderFile): () => Promise<Chunk> {
  let buf: Uint8Array | null = null;
  return async () => {
    buf ??= new Uint8Array(FILE_READ_SIZE);
    const r = await f.read(buf, 0, buf.length, null);
    const n = r?.bytesRead;
    if (typeof n !== "number" || n < 0 || n > buf.length)
      throw new InvalidArgumentError(operation, "source", `read resolved to ${describeValue(n)} bytes`);
    return n === 0 ? SOURCE_DONE : buf.subarray(0, n);
  };
}

function fromIterator(operation: string, it: Iterator<unknown>): () => Chunk {
  return () => {
    const r = it.next();
    return r.done === true ? SOURCE_DONE : checkChunk(operation, r.value);
  };
}

function whole(c: Uint8Array | string): () => Chunk {
  let done = false;
  return () => {
    if (done) return SOURCE_DONE;
    done = true;
    return c;
  };
}

/** The chunk reader of a SyncDecoder source (throws InvalidArgumentError for anything else). */
export function syncReader(operation: string, src: unknown): () => Chunk {
  if (typeof src === "string" || src instanceof Uint8Array) return whole(src);
  if (typeof src === "object" && src !== null && isIterable(src))
    return fromIterator(operation, src[Symbol.iterator]());
  throw new InvalidArgumentError(
    operation,
    "source",
    `must be a Uint8Array, a string or an iterable of Uint8Array or string chunks, got ${describeValue(src)}`,
  );
}

/** The chunk reader of a Decoder source (throws InvalidArgumentError for anything else). */
export function asyncReader(operation: string, src: unknown): () => Promise<Chunk> | Chunk {
  if (typeof src === "string" || src instanceof Uint8Array) return whole(src);
  if (typeof src === "object" && src !== null) {
    // Node Readables are async iterables; a web ReadableStream may be one too (Node), but its
    // reader is the portable way.
    if (isReadableStream(src) && !isAsyncIterable(src)) {
      const reader = src.getReader();
      return async () => {
        const r = await reader.read();
        return r.done ? SOURCE_DONE : checkChunk(operation, r.value);
      };
    }
    if (isAsyncIterable(src)) {
      const it = src[Symbol.asyncIterator]();
      return async () => {
        const r = await it.next();
        return r.done === true ? SOURCE_DONE : checkChunk(operation, r.value);
      };
    }
    if (isIterable(src)) return fromIterator(operation, src[Symbol.iterator]());
    if (isFile(src)) return isFileHandle(src) ? fromFileHandle(src) : fromFile(operation, src);
  }
  throw new InvalidArgumentError(
    operation,
    "source",
    `must be a Uint8Array, a string, a Node Readable, a web ReadableStream or an (async) iterable of Uint8Array or string chunks, got ${describeValue(src)}`,
  );
}
