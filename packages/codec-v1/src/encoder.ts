/**
 * Go v1's json.Encoder (encoding/json stream.go): writes each value as JSON
 * followed by a newline to a Node Writable (waiting for "drain" as Go's Write
 * blocks), a web WritableStream or a function.
 */
import { checkType } from "./arguments.js";
import type { GoType } from "./deps.js";
import { InvalidArgumentError } from "./errors.js";
import { DEFAULT_GO_VERSION, type GoVersion } from "./go-version.js";
import { LINE_BLOCK, LineBlock, marshalLine } from "./marshal.js";
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
  write(chunk: Uint8Array): boolean;
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
 * Encoder.encode waits for its "drain", though its `write` returned false (bytes): a block of
 * lines (LINE_BLOCK), written while the next one is encoded.
 */
export const ENCODER_BACKLOG = LINE_BLOCK;

function isNodeWritable(s: unknown): s is NodeWritableLike {
  const w = s as Partial<NodeWritableLike>;
  return (
    typeof w.write === "function" && typeof w.once === "function" && typeof w.removeListener === "function"
  );
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
function writeNode(s: NodeWritableLike, chunk: Uint8Array, batch: Batch): Promise<void> | undefined {
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
  if (s.write(chunk)) return undefined;
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

/** Go's json.Encoder: writes each value as JSON followed by a newline. */
export class Encoder {
  private prefix = "";
  private indentText = "";
  private escapeHTML = true;
  /** Go's enc.err: once a write fails, every later encode reports that error without writing. */
  private err: { readonly e: unknown } | null = null;
  private readonly write: (chunk: Uint8Array) => unknown;
  /** A Node Writable's lines: views of blocks (a Node Writable would wrap any other Uint8Array in a Buffer). */
  private readonly block: LineBlock | null = null;

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
      const batch: Batch = { corked: false };
      this.write = (chunk) => writeNode(sink, chunk, batch);
      this.block = new LineBlock();
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
    let b: Uint8Array;
    try {
      checkType("Encoder.encode", type);
      if (this.err !== null) throw this.err.e;
      b = marshalLine(type as GoType, value, this.escapeHTML, this.goVersion, this.block);
      if (this.prefix !== "" || this.indentText !== "") b = indent(b, this.prefix, this.indentText);
    } catch (e) {
      return Promise.reject(e);
    }
    let r: unknown;
    try {
      r = this.write(b);
    } catch (e) {
      this.err = { e };
      return Promise.reject(e);
    }
    // A sink that took the line synchronously: no promise of its own per value.
    if (!isThenable(r)) return DONE;
    return Promise.resolve(r).then(ignore, (e: unknown) => {
      this.err = { e };
      throw e;
    });
  }
}

/** The promise of every encode whose line the sink took synchronously (already resolved). */
const DONE: Promise<void> = Promise.resolve();

function ignore(): void {}

function isThenable(r: unknown): r is PromiseLike<unknown> {
  return (
    (typeof r === "object" || typeof r === "function") &&
    r !== null &&
    typeof (r as { then?: unknown }).then === "function"
  );
}
