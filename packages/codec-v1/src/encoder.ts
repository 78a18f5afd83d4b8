/**
 * Go v1's json.Encoder (encoding/json stream.go): writes each value as JSON
 * followed by a newline to a Node Writable (waiting for "drain" as Go's Write
 * blocks), a web WritableStream or a function.
 */
import { checkType } from "./arguments.js";
import type { GoType } from "./deps.js";
import { InvalidArgumentError } from "./errors.js";
import { DEFAULT_GO_VERSION, type GoVersion } from "./go-version.js";
import { marshalLine } from "./marshal.js";
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
  once(event: string, listener: (...args: unknown[]) => void): unknown;
  removeListener(event: string, listener: (...args: unknown[]) => void): unknown;
  readonly destroyed?: boolean;
  readonly errored?: unknown;
  readonly writableLength?: number;
}

/**
 * ENCODER_BACKLOG is how many bytes a Node Writable may hold (its `writableLength`) before
 * Encoder.encode waits for its "drain", though its `write` returned false (bytes).
 */
export const ENCODER_BACKLOG = 512 * 1024;

function isNodeWritable(s: unknown): s is NodeWritableLike {
  const w = s as Partial<NodeWritableLike>;
  return (
    typeof w.write === "function" && typeof w.once === "function" && typeof w.removeListener === "function"
  );
}

/**
 * Writes one chunk to a Node Writable the way Go's Write blocks: when the
 * stream holds ENCODER_BACKLOG bytes, waits for "drain"; rejects with the stream's error
 * (or when it is destroyed) so the Encoder reports it, as Go's enc.err.
 */
function writeNode(s: NodeWritableLike, chunk: Uint8Array): Promise<void> | undefined {
  if (s.destroyed === true)
    return Promise.reject(s.errored ?? new Error("write after the stream was destroyed"));
  if (s.write(chunk)) return undefined;
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
  /** Short lines as Buffers from Node's pool (a Node Writable would wrap any other Uint8Array in one). */
  private readonly pooled: boolean = false;

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
      this.write = (chunk) => writeNode(sink, chunk);
      this.pooled = true;
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
   */
  encode<T>(type: GoType<T>, value: NoInfer<T>): Promise<void> {
    let b: Uint8Array;
    try {
      checkType("Encoder.encode", type);
      if (this.err !== null) throw this.err.e;
      b = marshalLine(type as GoType, value, this.escapeHTML, this.goVersion, this.pooled);
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
