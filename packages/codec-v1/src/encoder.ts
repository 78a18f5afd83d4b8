/**
 * Go v1's json.Encoder (encoding/json stream.go): writes each value as JSON
 * followed by a newline to a Node Writable (waiting for "drain" as Go's Write
 * blocks), a web WritableStream or a function.
 */
import { Buffer } from "node:buffer";
import { WriteStream } from "node:fs";
import { Socket } from "node:net";
import { checkType } from "./arguments.js";
import type { GoType } from "./deps.js";
import { InvalidArgumentError } from "./errors.js";
import { DEFAULT_GO_VERSION, type GoVersion } from "./go-version.js";
import {
  LINE_BLOCK,
  LINE_ROOM,
  LineBlock,
  marshalLine,
  marshalLineGeneral,
  marshalLineInto,
} from "./marshal.js";
import { checkEncoder, type EncoderOptions } from "./options.js";
import { indent } from "./syntax.js";
import { describeValue } from "./value-check.js";

/** Anything the Encoder can write to: a Node Writable, a web WritableStream, or a function. */
export type EncoderSink =
  | { write(chunk: Uint8Array): unknown }
  | WritableStream<Uint8Array>
  | ((chunk: Uint8Array) => unknown);

/** The part of a Node Writable the Encoder uses for backpressure and errors. */
interface NodeWritableLike {
  write(chunk: Uint8Array, cb?: (err?: unknown) => void): boolean;
  cork?(): void;
  uncork?(): void;
  once(event: string, listener: (...args: unknown[]) => void): unknown;
  removeListener(event: string, listener: (...args: unknown[]) => void): unknown;
  readonly destroyed?: boolean;
  readonly errored?: unknown;
  readonly writableLength?: number;
}

/**
 * ENCODER_BACKLOG is how many bytes a Node Writable may hold (its `writableLength`) before
 * Encoder.encode waits for its "drain", though its `write` returned false (bytes): four blocks
 * of lines (LINE_BLOCK), so that the stream's writes of earlier blocks overlap the encoding of
 * the next and the Encoder does not stop at every block's round trip to the writer thread.
 */
export const ENCODER_BACKLOG = 4 * LINE_BLOCK;

function isNodeWritable(s: unknown): s is NodeWritableLike {
  const w = s as Partial<NodeWritableLike>;
  return (
    typeof w.write === "function" && typeof w.once === "function" && typeof w.removeListener === "function"
  );
}

/**
 * ENCODER_CHUNK is how many bytes of lines a buffered Encoder (Encoder.setBuffered) gathers
 * before it hands them to its Node Writable as one write: a block less the room a line needs to
 * start (LINE_ROOM), so a block goes out in one write, as Go's bufio-sized writes do. A write
 * costs the same whatever its size (a request to the writer thread), so fewer, larger ones are
 * cheaper (bytes).
 */
export const ENCODER_CHUNK = LINE_BLOCK - LINE_ROOM;
/**
 * Spare blocks an Encoder keeps for reuse (its stream has written them): as many as the backlog
 * may hold and four more, so a steady stream allocates no new block.
 */
const SPARE_BLOCKS = ENCODER_BACKLOG / LINE_BLOCK + 4;

/** A LineBlock buffer. */
type BlockBuf = LineBlock["buf"];

/**
 * Whether a Node Writable is done with a chunk when it calls the chunk's write callback: a file
 * (fs.WriteStream) or a socket (net.Socket) has then written it, and every chunk before it (a
 * Writable writes its chunks in order). Their Encoder reuses its blocks (a steady stream
 * allocates no memory for its lines): the first write of a block carries a callback that makes
 * the block before it a spare. Any other stream may keep its chunks (a PassThrough hands them to
 * its reader), so its blocks are never written into again.
 */
function consumesChunks(s: unknown): boolean {
  return s instanceof WriteStream || s instanceof Socket;
}

/** Whether the Encoder corked its Node Writable for the lines of this tick. */
interface Batch {
  corked: boolean;
}

/** Uncorks the stream if the Encoder corked it (the stream writes the lines it holds). */
function uncork(s: NodeWritableLike, batch: Batch): void {
  if (!batch.corked) return;
  batch.corked = false;
  s.uncork?.();
}

/**
 * Writes one chunk to a Node Writable the way Go's Write blocks: when the
 * stream holds ENCODER_BACKLOG bytes, waits for "drain"; rejects with the stream's error
 * (or when it is destroyed) so the Encoder reports it, as Go's enc.err.
 * An idle stream is corked from a tick's first line to the tick's end (process.nextTick) or its
 * high-water mark, whichever comes first: the lines of an encode loop reach it one write call
 * each and leave it in batches (a file: one writev each), not the first line alone.
 */
function writeNode(
  s: NodeWritableLike,
  chunk: Uint8Array,
  batch: Batch,
  done?: () => void,
): Promise<void> | undefined {
  if (s.destroyed === true)
    return Promise.reject(s.errored ?? new Error("write after the stream was destroyed"));
  // Corked when it holds nothing (a stream that holds lines writes them in one batch anyway).
  if (
    !batch.corked &&
    s.writableLength === 0 &&
    typeof s.cork === "function" &&
    typeof s.uncork === "function"
  ) {
    s.cork();
    batch.corked = true;
    process.nextTick(uncork, s, batch);
  }
  if (s.write(chunk, done)) return undefined;
  // The stream holds its high-water mark: it writes them now (one batch) while the Encoder goes on.
  uncork(s, batch);
  // A Writable's own buffer is small (16 KiB for a file): waiting for each drain would stop the
  // Encoder at every few values. It may hold up to ENCODER_BACKLOG bytes, so that encoding and
  // writing overlap; past that, encode waits for "drain" (memory stays bounded).
  if (typeof s.writableLength === "number" && s.writableLength < ENCODER_BACKLOG) return undefined;
  return new Promise<void>((resolve, reject) => {
    const settle = (err: unknown) => {
      s.removeListener("drain", onDrain);
      s.removeListener("error", onError);
      s.removeListener("close", onClose);
      if (err === undefined) resolve();
      else reject(err);
    };
    const onDrain = () => settle(undefined);
    const onError = (e: unknown) => settle(e ?? new Error("stream error"));
    const onClose = () => settle(s.errored ?? new Error("write after the stream was destroyed"));
    s.once("drain", onDrain);
    s.once("error", onError);
    s.once("close", onClose);
  });
}

/**
 * A Node Writable's side of the Encoder: lines are marshalled into blocks (LineBlock) and the
 * stream gets views of them, a view a line (the default, as Go's Encoder writes each value) or,
 * buffered, a view of ENCODER_CHUNK bytes of lines at a time.
 */
class NodeLines {
  readonly block = new LineBlock();
  /** Blocks the stream has written, for reuse (null: the stream may keep its chunks). */
  private readonly spares: BlockBuf[] | null;
  /** The callback of the block's first write: the block before it becomes a spare. */
  private release: (() => void) | undefined = undefined;
  readonly batch: Batch = { corked: false };
  /** Where the block's lines not handed to the stream yet start (buffered). */
  private pendStart = 0;
  tickQueued = false;
  buffered = false;
  /** The write of the lines ready() flushed, for the encode that called it. */
  private wait: Promise<void> | undefined = undefined;
  /** The Encoder's enc.err setter, for a write that fails after encode returned. */
  onError: (e: unknown) => void = ignore;

  constructor(readonly s: NodeWritableLike) {
    this.spares = consumesChunks(s) ? [] : null;
  }

  /**
   * Hands the stream the line marshalLine just returned: `b` is a view of the block (or, when
   * the general encoder wrote it, an array of its own), `start` the block's end before it.
   */
  line(b: Uint8Array, start: number, prev: BlockBuf): Promise<void> | undefined {
    const block = this.block;
    // A line in the block moved its end; the general encoder's line (an array of its own) did not.
    if (block.buf !== prev || block.pos === start) {
      // marshalLine left the block: the general encoder's line, a block of its own, or a larger
      // copy of this one (room() copies every byte before the line: the pending lines stay in
      // place). A larger copy is not made a spare (only LINE_BLOCK buffers are).
      if (b.buffer !== block.buf.buffer || b.byteOffset !== block.buf.byteOffset + start)
        return this.apart(b, prev, start);
    }
    if (!this.buffered) {
      const wait = this.wait;
      this.wait = undefined;
      this.pendStart = block.pos;
      const done = this.release;
      this.release = undefined;
      return writeNode(this.s, b, this.batch, done) ?? wait;
    }
    return this.gathered();
  }

  /**
   * A buffered line that marshalLineInto wrote at the block's end (no view of it made): the
   * pending lines go to the stream once ENCODER_CHUNK bytes are gathered, else at the end of the tick.
   */
  gathered(): Promise<void> | undefined {
    const wait = this.wait;
    this.wait = undefined;
    if (this.block.pos - this.pendStart >= ENCODER_CHUNK) return this.flush() ?? wait;
    if (!this.tickQueued) {
      this.tickQueued = true;
      process.nextTick(flushTick, this);
    }
    return wait;
  }

  /** A line that is not in the block (the general encoder's, or an indented one): after the pending lines. */
  private apart(b: Uint8Array, prev: BlockBuf, start: number): Promise<void> | undefined {
    if (this.block.buf !== prev) {
      // The block moved to a buffer of marshal's own: back to `prev`, which holds the pending lines.
      this.block.buf = prev;
      this.block.pos = start;
    }
    const wait = this.wait;
    this.wait = undefined;
    const r = this.flush();
    return writeNode(this.s, b, this.batch) ?? r ?? wait;
  }

  /** A line marshalled apart from the block (an indented one): after the pending lines. */
  other(b: Uint8Array): Promise<void> | undefined {
    return this.apart(b, this.block.buf, this.block.pos);
  }

  /** Makes sure the block has room for a line (a spare or a new block when not); returns its buffer. */
  ready(): BlockBuf {
    const block = this.block;
    if (block.buf.length - block.pos >= LINE_ROOM && block.buf.length <= 2 * LINE_BLOCK) return block.buf;
    // A buffered block's last lines (the encode that asked for room waits for their write).
    this.wait = this.flush();
    const spares = this.spares;
    const old = block.buf;
    if (spares !== null && old.length === LINE_BLOCK)
      this.release = () => {
        if (spares.length < SPARE_BLOCKS) spares.push(old);
      };
    const buf = spares?.pop() ?? (Buffer.allocUnsafeSlow(LINE_BLOCK) as BlockBuf);
    block.buf = buf;
    block.pos = 0;
    this.pendStart = 0;
    return buf;
  }

  /** Hands the stream the pending lines (buffered) in one write. */
  flush(): Promise<void> | undefined {
    const block = this.block;
    if (block.pos === this.pendStart) return undefined;
    const chunk = block.buf.subarray(this.pendStart, block.pos);
    this.pendStart = block.pos;
    const done = this.release;
    this.release = undefined;
    return writeNode(this.s, chunk, this.batch, done);
  }

  /** Encoder.flush: the pending lines, and the lines of this tick the stream holds corked. */
  flushAll(): Promise<void> | undefined {
    const r = this.flush();
    uncork(this.s, this.batch);
    return r;
  }
}

/** The end of a tick in which a buffered Encoder gathered lines: they go to the stream. */
function flushTick(n: NodeLines): void {
  n.tickQueued = false;
  const r = n.flush();
  if (r !== undefined) r.then(ignore, n.onError);
}

/** Go's json.Encoder: writes each value as JSON followed by a newline. */
export class Encoder {
  private prefix = "";
  private indentText = "";
  private escapeHTML = true;
  /** Go's enc.err: once a write fails, every later encode reports that error without writing. */
  private err: { readonly e: unknown } | null = null;
  private readonly write: (chunk: Uint8Array) => unknown;
  /** A Node Writable's lines: views of blocks (a Node Writable would wrap any other Uint8Array in a Buffer). */
  private readonly lines: NodeLines | null = null;

  private readonly goVersion: GoVersion;

  /**
   * An Encoder writing to `sink`; `options` set what SetEscapeHTML and SetIndent set (they may
   * change them later), and `goVersion`.
   */
  constructor(sink: EncoderSink, options?: EncoderOptions) {
    const o = checkEncoder(options);
    this.escapeHTML = o.escapeHTML ?? true;
    this.prefix = o.prefix ?? "";
    this.indentText = o.indent ?? "";
    this.goVersion = o.goVersion ?? DEFAULT_GO_VERSION;
    if (typeof sink === "function") this.write = sink;
    else if (typeof (sink as WritableStream<Uint8Array>).getWriter === "function") {
      // Lock the stream only while writing, as Go's Encoder borrows its io.Writer: between
      // encodes the caller can still close (or write to) its own stream.
      // Encodes not awaited one by one share the lock, so their writes queue in order.
      const ws = sink as WritableStream<Uint8Array>;
      let writer: WritableStreamDefaultWriter<Uint8Array> | null = null;
      let pending = 0;
      this.write = async (chunk) => {
        if (writer === null) writer = ws.getWriter();
        const w = writer;
        pending++;
        try {
          await w.write(chunk as Uint8Array<ArrayBuffer>);
        } finally {
          if (--pending === 0) {
            w.releaseLock();
            writer = null;
          }
        }
      };
    } else if (isNodeWritable(sink)) {
      const lines = new NodeLines(sink);
      lines.onError = (e) => {
        this.err ??= { e };
      };
      this.write = (chunk) => lines.other(chunk);
      this.lines = lines;
    } else if (
      typeof sink === "object" &&
      sink !== null &&
      typeof (sink as { write?: unknown }).write === "function"
    ) {
      const s = sink as { write(chunk: Uint8Array): unknown };
      this.write = (chunk) => s.write(chunk);
    } else
      throw new InvalidArgumentError(
        "Encoder",
        "sink",
        `must be a Node Writable, a web WritableStream, an object with write(chunk) or a function, got ${describeValue(sink)}`,
      );
  }

  /** Go's Encoder.SetIndent. */
  setIndent(prefix: string, indentText: string): void {
    for (const [name, v] of [
      ["prefix", prefix],
      ["indent", indentText],
    ] as const)
      if (typeof v !== "string")
        throw new InvalidArgumentError(
          "Encoder.setIndent",
          name,
          `must be a string, got ${describeValue(v)}`,
        );
    this.prefix = prefix;
    this.indentText = indentText;
  }

  /** Go's Encoder.SetEscapeHTML. */
  setEscapeHTML(on: boolean): void {
    if (typeof on !== "boolean")
      throw new InvalidArgumentError(
        "Encoder.setEscapeHTML",
        "on",
        `must be a boolean, got ${describeValue(on)}`,
      );
    this.escapeHTML = on;
  }

  /**
   * Go's Encoder.Encode: marshals `value` of `type`, appends "\n", writes it in one call. The
   * returned promise settles when the sink has taken the line (a Node Writable past
   * ENCODER_BACKLOG: at its "drain"; a sink whose `write` returns a promise: when that settles).
   * A Node Writable is corked while lines come in the same tick, so that it writes them in one
   * go (a file: one writev); `end()` uncorks it, so no line waits past it.
   */
  encode<T>(type: GoType<T>, value: NoInfer<T>): Promise<void> {
    const lines = this.lines;
    const plain = this.prefix === "" && this.indentText === "";
    let b: Uint8Array | null = null;
    let prev: Uint8Array | null = null;
    let start = 0;
    try {
      checkType("Encoder.encode", type);
      if (this.err !== null) throw this.err.e;
      if (lines !== null && plain) {
        // A Node Writable's line goes straight into its block (buffered: with no view of it made).
        prev = lines.ready();
        start = lines.block.pos;
        if (!lines.buffered)
          b = marshalLine(type as GoType, value, this.escapeHTML, this.goVersion, lines.block);
        else if (!marshalLineInto(type as GoType, value, this.escapeHTML, lines.block))
          b = marshalLineGeneral(type as GoType, value, this.escapeHTML, this.goVersion);
      } else {
        b = marshalLine(type as GoType, value, this.escapeHTML, this.goVersion, null);
        if (!plain) b = indent(b, this.prefix, this.indentText);
      }
    } catch (e) {
      return Promise.reject(e);
    }
    let r: unknown;
    try {
      if (lines !== null && prev !== null)
        r = b === null ? lines.gathered() : lines.line(b, start, prev as BlockBuf);
      else r = this.write(b as Uint8Array);
    } catch (e) {
      this.err = { e };
      return Promise.reject(e);
    }
    // A sink that took the line synchronously: no promise of its own per value.
    return isThenable(r) ? this.settle(r) : DONE;
  }

  /**
   * Whether the Encoder gathers the lines of a Node Writable before writing them (default
   * false: each encode writes its line, as Go's Encode). Buffered, the stream gets one write of
   * about 60 KiB of lines (ENCODER_CHUNK): when that many are gathered, at the end of the tick the
   * lines were encoded in (process.nextTick), and at `flush()`; `encode` settles when its line is
   * gathered, and a write that fails rejects the encode or flush that made it, or else the next
   * one. A line is still written whole or not at all. Call `await encoder.flush()` before ending
   * the stream in the same tick. Other sinks take each line at its encode either way.
   */
  setBuffered(on: boolean): void {
    if (typeof on !== "boolean")
      throw new InvalidArgumentError(
        "Encoder.setBuffered",
        "on",
        `must be a boolean, got ${describeValue(on)}`,
      );
    if (this.lines === null) return;
    if (!on) this.lines.flushAll()?.then(ignore, this.lines.onError);
    this.lines.buffered = on;
  }

  /**
   * Hands the sink every line the Encoder holds: a buffered Encoder's gathered lines, and the
   * lines of this tick a Node Writable holds corked for one batch. Settles when the sink took
   * them (a Node Writable past ENCODER_BACKLOG: at its "drain"); rejects with the Encoder's
   * write error.
   */
  flush(): Promise<void> {
    if (this.err !== null) return Promise.reject(this.err.e);
    if (this.lines === null) return DONE;
    const r = this.lines.flushAll();
    return r === undefined ? DONE : this.settle(r);
  }

  /** The promise of an encode whose write returned one: a rejection becomes the Encoder's error. */
  private settle(r: PromiseLike<unknown>): Promise<void> {
    return Promise.resolve(r).then(ignore, (e: unknown) => {
      this.err ??= { e };
      throw e;
    });
  }
}

/** The promise of every encode whose line the sink took synchronously (already resolved). */
const DONE: Promise<void> = Promise.resolve();

/**
 * Whether an encode's promise is the one of a line its sink took synchronously (already
 * resolved): encodeValues goes on without awaiting it (an await costs about as much as a small
 * value's marshal).
 */
export function tookSynchronously(p: Promise<void>): boolean {
  return p === DONE;
}

function ignore(): void {}

function isThenable(r: unknown): r is PromiseLike<unknown> {
  return (
    (typeof r === "object" || typeof r === "function") &&
    r !== null &&
    typeof (r as { then?: unknown }).then === "function"
  );
}
