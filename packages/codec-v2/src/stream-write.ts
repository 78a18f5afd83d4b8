/**
 * Marshal to streams (Go's MarshalWrite and MarshalEncode), and `encodeValues`, which writes a
 * sequence of values as NDJSON. A sink is a Node Writable (or anything with `write`), a web
 * WritableStream, or a callback; writing waits when the sink asks to (Node's `drain`, a web
 * writer's `ready`, a callback's promise), so memory stays bounded however much is written.
 */
import type { GoType } from "@gojson/gotype";
import { type ByteSink, SinkWriter } from "@gojson/jsontext";
import { marshal } from "./api.js";
import { checkGoType, describeArgument, InvalidArgumentError } from "./argument-errors.js";
import { INTO_BAIL, marshalInto } from "./marshal-into.js";
import { type MethodEncoder, TwinEncoder } from "./method-coders.js";
import { type Options, type OptionsInput, type ResolvedOptions, resolveOptions } from "./options.js";

/** ENCODE_FLUSH_THRESHOLD is the buffered output (bytes) above which a ValueSink hands its output to the sink. */
export const ENCODE_FLUSH_THRESHOLD = 64 * 1024;

const NEWLINE = 0x0a;

/** Room (bytes) below which a block is handed over before a value is encoded into it (most values fit in what is left). */
const BLOCK_SLACK = 1024;

type BufferCtor = { allocUnsafeSlow(n: number): Uint8Array };
const NodeBuffer = (globalThis as unknown as { Buffer?: BufferCtor }).Buffer;

/** A block: a Node Buffer (marshalInto writes with Buffer's native writers) outside Node's pool. */
function newBlock(n: number): Uint8Array {
  return NodeBuffer !== undefined ? NodeBuffer.allocUnsafeSlow(n) : new Uint8Array(n);
}

/**
 * writesOut reports whether a sink is done with a chunk's memory once it calls back for it: a
 * file or terminal stream (fs/tty WriteStream) has written the bytes then. Others may keep the
 * chunk (a PassThrough hands the same memory to its reader), so their blocks are never reused.
 */
function writesOut(sink: unknown): boolean {
  const s = sink as {
    constructor?: { name?: unknown };
    bytesWritten?: unknown;
    writableLength?: unknown;
    fd?: unknown;
    path?: unknown;
  };
  return (
    typeof sink === "object" &&
    sink !== null &&
    s.constructor?.name === "WriteStream" &&
    typeof s.bytesWritten === "number" &&
    typeof s.writableLength === "number" &&
    // A file stream has its path (its fd may still be opening), a terminal stream its fd.
    (s.path !== undefined || typeof s.fd === "number")
  );
}

/**
 * marshalWrite writes the JSON encoding of value to `sink` (Go's MarshalWrite: one value, no
 * trailing newline) and resolves once the sink has taken it (a web stream's writer is released,
 * the stream left open). A value that does not fit its Go type rejects before a byte is written.
 */
export async function marshalWrite<T>(
  sink: ByteSink,
  type: GoType<T>,
  value: NoInfer<T>,
  options?: OptionsInput,
): Promise<void> {
  checkGoType("marshalWrite", type);
  const w = new SinkWriter(sink);
  const b = marshal(type, value, options);
  const p = w.write(b);
  if (p !== undefined) await p;
  await w.release();
}

/**
 * ValueSink receives top-level JSON values from `marshalEncode` (Go's jsontext.Encoder as
 * MarshalEncode writes to it): each value is followed by a newline. With a sink, output is copied
 * into blocks of about ENCODE_FLUSH_THRESHOLD bytes handed over whole (a block is the sink's from
 * then on: a Writable may keep it). Without a sink, `bytes()` returns the output.
 */
export class ValueSink {
  /** @internal */
  readonly o: ResolvedOptions;
  /** @internal */
  readonly options: OptionsInput;
  private readonly out: SinkWriter | null;
  /** Blocks the sink has written out, to fill again (a file stream's: see writesOut); null when blocks are not reused. */
  private readonly free: Uint8Array[] | null;
  /** The block being filled: bytes [0, size). */
  private block: Uint8Array = EMPTY;
  private size = 0;
  private written = 0;
  private wait: Promise<void> | undefined;
  constructor(sink?: ByteSink | OptionsInput | null, options?: OptionsInput) {
    // new ValueSink(options) (no sink) stays accepted.
    if (sink !== undefined && sink !== null && !isSink(sink)) {
      options = sink as OptionsInput;
      sink = undefined;
    }
    this.out = sink === undefined || sink === null ? null : new SinkWriter(sink as ByteSink);
    this.free = this.out !== null && writesOut(sink) ? [] : null;
    this.options = options;
    this.o = resolveOptions(options);
  }

  /** outputOffset is the number of bytes written so far (Go's OutputOffset). */
  get outputOffset(): number {
    return this.written + this.size;
  }

  /**
   * needsFlush reports whether the sink asked the caller to wait: `await flush()` before encoding
   * more (marshalEncode also returns false then).
   */
  get needsFlush(): boolean {
    return this.wait !== undefined;
  }

  /** @internal push appends one value's bytes and its newline; false when the caller should await flush(). */
  push(b: Uint8Array): boolean {
    const n = b.length + 1;
    if (this.size + n > this.block.length) {
      // A full block goes to the sink before it would grow.
      if (this.out !== null && this.size > 0) this.emit();
      if (this.size + n > this.block.length) this.room(this.size + n);
    }
    const blk = this.block;
    blk.set(b, this.size);
    this.size += n;
    blk[this.size - 1] = NEWLINE;
    if (this.out !== null && this.size >= ENCODE_FLUSH_THRESHOLD) this.emit();
    return this.wait === undefined;
  }

  /**
   * @internal encode appends one value of `type` and its newline, encoded straight into the
   * block (marshal's byte path: no buffer of its own) where it can be, else by marshal; false
   * when the caller should await flush().
   */
  encode(type: GoType, value: unknown, o: ResolvedOptions): boolean {
    if (this.out === null) return this.push(marshal(type, value, o));
    if (this.block.length - this.size < BLOCK_SLACK) this.fresh();
    let end = marshalInto(type, value, o, this.block, this.size);
    if (end < 0 && end !== INTO_BAIL && this.size > 0) {
      // It did not fit in what was left: a fresh block, once.
      this.fresh();
      end = marshalInto(type, value, o, this.block, 0);
    }
    if (end < 0) return this.push(marshal(type, value, o));
    if (end === this.block.length) {
      // No room for the newline: this block goes as it is, the newline starts the next.
      this.size = end;
      this.fresh();
      this.block[0] = NEWLINE;
      this.size = 1;
    } else {
      this.block[end] = NEWLINE;
      this.size = end + 1;
    }
    if (this.size >= ENCODE_FLUSH_THRESHOLD) this.emit();
    return this.wait === undefined;
  }

  /** fresh hands the block's output to the sink (if any) and takes an empty block (a written-out one when there is). */
  private fresh(): void {
    if (this.size > 0) this.emit();
    this.block = this.free?.pop() ?? newBlock(ENCODE_FLUSH_THRESHOLD);
  }

  /** flush hands the buffered output to the sink and waits until the sink has taken it. */
  async flush(): Promise<void> {
    if (this.out === null) return;
    if (this.size > 0) this.emit();
    await this.out.flush();
    this.wait = undefined;
  }

  /** close flushes, then closes a web WritableStream sink (a Node Writable is left open: end it yourself). */
  async close(): Promise<void> {
    await this.flush();
    if (this.out !== null) await this.out.close();
  }

  /** bytes returns the output written so far (a ValueSink without a sink). */
  bytes(): Uint8Array {
    return this.block.subarray(0, this.size);
  }

  /** room makes the block hold `need` bytes: a new block (twice as large, without a sink). */
  private room(need: number): void {
    let cap = this.out === null ? Math.max(1024, this.block.length * 2) : ENCODE_FLUSH_THRESHOLD;
    while (cap < need) cap *= 2;
    const nb = this.out !== null && cap === ENCODE_FLUSH_THRESHOLD ? this.fromPool() : new Uint8Array(cap);
    if (this.size > 0) nb.set(this.block.subarray(0, this.size));
    this.block = nb;
  }

  private fromPool(): Uint8Array {
    return this.free?.pop() ?? newBlock(ENCODE_FLUSH_THRESHOLD);
  }

  private emit(): void {
    const blk = this.block;
    const n = this.size;
    this.written += n;
    this.block = EMPTY;
    this.size = 0;
    const free = this.free;
    // A block of the pool's size comes back once the file stream has written it.
    const done =
      free !== null && blk.length === ENCODE_FLUSH_THRESHOLD ? () => void free.push(blk) : undefined;
    const p = (this.out as SinkWriter).write(blk.subarray(0, n), done);
    if (p !== undefined) this.wait = p;
  }
}

const EMPTY = new Uint8Array(0);

function isSink(s: unknown): boolean {
  return (
    typeof s === "function" ||
    (typeof s === "object" &&
      s !== null &&
      (typeof (s as { write?: unknown }).write === "function" ||
        typeof (s as { getWriter?: unknown }).getWriter === "function"))
  );
}

/**
 * marshalEncode writes value as the next top-level value of `enc` (Go's MarshalEncode), followed
 * by a newline. Returns false when the sink asked to wait: `await enc.flush()` before encoding
 * more. A value that does not fit its Go type throws before anything is written. Within a
 * MarshalJSONTo twin, `enc` may be the twin's MethodEncoder: the value is written to it (no
 * newline) under the options of the marshal call, then `options`.
 */
export function marshalEncode<T>(
  enc: ValueSink | MethodEncoder,
  type: GoType<T>,
  value: NoInfer<T>,
  options?: OptionsInput,
): boolean {
  if (enc instanceof TwinEncoder) {
    checkGoType("marshalEncode", type);
    const list = options === undefined ? [] : Array.isArray(options) ? options : [options];
    enc.writeValue(marshal(type, value, [enc.options, ...list] as OptionsInput));
    return true;
  }
  if (!(enc instanceof ValueSink))
    throw new InvalidArgumentError(`gojson: marshalEncode: want a ValueSink, got ${describeArgument(enc)}`);
  checkGoType("marshalEncode", type);
  const o =
    options === undefined
      ? enc.o
      : resolveOptions([enc.o, ...(Array.isArray(options) ? options : [options])] as (
          | Options
          | ResolvedOptions
          | undefined
        )[]);
  return enc.encode(type, value, o);
}

/**
 * encodeValues writes each value of `values` (an iterable or async iterable) to `sink` as NDJSON
 * (one JSON value a line, Go's MarshalEncode in a loop), waiting whenever the sink asks to, and
 * resolves once the sink has taken everything (a web stream is left open).
 */
export async function encodeValues<T>(
  type: GoType<T>,
  values: Iterable<NoInfer<T>> | AsyncIterable<NoInfer<T>>,
  sink: ByteSink,
  options?: OptionsInput,
): Promise<void> {
  checkGoType("encodeValues", type);
  const enc = new ValueSink(sink, options);
  const o = enc.o;
  if (typeof (values as AsyncIterable<T>)[Symbol.asyncIterator] === "function") {
    for await (const v of values as AsyncIterable<T>) if (!enc.encode(type, v, o)) await enc.flush();
  } else {
    for (const v of values as Iterable<T>) if (!enc.encode(type, v, o)) await enc.flush();
  }
  await enc.flush();
}
