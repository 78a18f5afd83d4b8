/**
 * Byte sources of the streaming decoders: one adapter from every kind of input
 * (a Node Readable, a web ReadableStream, an async or sync iterable of chunks,
 * or a whole Uint8Array or string) to a reader of chunks. A sync source (bytes,
 * a string, a sync iterable) is read without awaiting.
 */

/**
 * ByteSource is JSON input, whole or in chunks: a Node `Readable`, a web `ReadableStream`, an
 * `AsyncIterable` or `Iterable` of `Uint8Array | string` chunks (strings are UTF-8 encoded), or a
 * whole `Uint8Array` or `string`.
 */
export type ByteSource =
  | AsyncIterable<Uint8Array | string>
  | Iterable<Uint8Array | string>
  | ReadableStream<Uint8Array>
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
}

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
    typeof (v as Iterable<unknown>)[Symbol.iterator] === "function"
  );
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
      `jsontext: want a byte source (Readable, ReadableStream, iterable of chunks, Uint8Array or string), got ${describe(src)}`,
    );
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
 * as it is, not copied).
 */
export async function readAll(src: ByteSource): Promise<Uint8Array> {
  if (src instanceof Uint8Array) return src;
  const r = chunkReader(src);
  const parts: Uint8Array[] = [];
  let n = 0;
  try {
    for (;;) {
      let c = r.next();
      if (c instanceof Promise) c = await c;
      if (c === undefined) break;
      parts.push(c);
      n += c.length;
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
