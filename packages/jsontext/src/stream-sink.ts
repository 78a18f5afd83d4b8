/**
 * Byte sinks of the streaming encoders: one writer over every kind of output (a
 * callback, a Node Writable or anything with `write`, a web WritableStream) that
 * honours backpressure: it tells the caller when to wait (Node's `write()`
 * returning false until `drain` once the Writable holds SINK_BACKLOG bytes, a web
 * writer's `ready`, a callback's promise) and never registers more than one
 * `drain` listener at a time.
 */

/**
 * ByteSink receives output chunks: a callback (a returned promise is awaited before the next
 * chunk is handed over), anything with Node's `write` (a `Writable`: `false` means wait for
 * `drain`), or a web `WritableStream`.
 */
export type ByteSink =
  | ((chunk: Uint8Array) => unknown)
  | {
      write(chunk: Uint8Array, cb?: (error?: unknown) => void): unknown;
      once?(event: "drain" | "error" | "close", cb: (...args: unknown[]) => void): unknown;
      removeListener?(event: "drain" | "error" | "close", cb: (...args: unknown[]) => void): unknown;
    }
  | WritableStream<Uint8Array>;

/**
 * SINK_BACKLOG is how many bytes a Node Writable may hold (its `writableLength`) before a
 * SinkWriter waits for `drain`, though `write` returned false (bytes).
 */
export const SINK_BACKLOG = 512 * 1024;

type NodeLike = Exclude<ByteSink, ((chunk: Uint8Array) => unknown) | WritableStream<Uint8Array>>;

/** A Node Writable (its write takes a callback, called once the chunk is written or failed). */
function isNodeWritable(s: NodeLike): boolean {
  return (
    typeof s.once === "function" && typeof (s as { writableLength?: unknown }).writableLength === "number"
  );
}

function isWebStream(s: ByteSink): s is WritableStream<Uint8Array> {
  return typeof (s as WritableStream).getWriter === "function";
}

/**
 * SinkWriter writes chunks to a ByteSink. `write` returns a promise when the sink asks the
 * caller to wait (await it before writing more), else undefined; errors of an asynchronous sink
 * are rethrown by the next `write`, `flush` or `close` (the promises themselves never reject).
 */
export class SinkWriter {
  private readonly sink: ByteSink;
  private writer: WritableStreamDefaultWriter<Uint8Array> | null = null;
  /** The promise the caller must await before the sink takes more (drain, ready, a callback's promise). */
  private waiting: Promise<void> | null = null;
  /** The last write of a web stream (flush waits for it). */
  private last: Promise<void> | null = null;
  private error: unknown = null;
  private failed = false;
  /** Chunks a Node Writable has not called back for yet, and flush's wake-up when they are done. */
  private inflight = 0;
  private idle: (() => void) | null = null;

  constructor(sink: ByteSink) {
    if (
      typeof sink !== "function" &&
      !(
        typeof sink === "object" &&
        sink !== null &&
        typeof (sink as { write?: unknown }).write === "function"
      ) &&
      !(typeof sink === "object" && sink !== null && isWebStream(sink))
    )
      throw new TypeError(
        "jsontext: want a byte sink (a callback, a Node Writable or an object with write(), a WritableStream)",
      );
    this.sink = sink;
  }

  /**
   * write hands chunk to the sink; a promise means: wait for it before writing more. `done`, when
   * given, is called once a Node Writable has called back for the chunk (written or failed): a
   * sink that writes it out (a file stream) is done with its memory then. Other sinks never call
   * it (they may keep the chunk).
   */
  write(chunk: Uint8Array, done?: () => void): Promise<void> | undefined {
    this.rethrow();
    const sink = this.sink;
    if (typeof sink === "function") {
      const r = sink(chunk);
      if (r instanceof Promise) {
        const prev = this.last;
        const p = r.then(
          () => undefined,
          (e) => this.fail(e),
        );
        this.last = prev === null ? p : prev.then(() => p);
        return this.wait(p);
      }
      return this.waiting ?? undefined;
    }
    if (isWebStream(sink)) {
      this.writer ??= sink.getWriter();
      const w = this.writer;
      const p = w.write(chunk);
      this.last = p.catch((e) => this.fail(e));
      // desiredSize <= 0: the queue is full, wait until the stream is ready for more.
      if ((w.desiredSize ?? 1) <= 0) return this.wait(w.ready);
      return undefined;
    }
    const node = sink as NodeLike;
    let ok: unknown;
    if (isNodeWritable(node)) {
      // Its write callback says when the chunk is written (or failed): flush waits for the last.
      this.inflight++;
      ok = node.write(chunk, (e?: unknown) => {
        if (e) this.fail(e);
        done?.();
        if (--this.inflight === 0 && this.idle !== null) {
          const wake = this.idle;
          this.idle = null;
          wake();
        }
      });
    } else ok = node.write(chunk);
    if (ok === false && typeof node.once === "function") {
      // A Writable's own buffer is small (16 KiB for a file): waiting for every drain would stop
      // the encoder at each write. It is let hold up to SINK_BACKLOG, so that encoding and writing
      // overlap, and waited for past that.
      const held = (node as { writableLength?: unknown }).writableLength;
      if (this.waiting === null && typeof held === "number" && held < SINK_BACKLOG) return undefined;
      // One drain listener per waiting period (a listener per write warned MaxListenersExceeded).
      if (this.waiting === null) this.waiting = this.drain(node);
      return this.waiting;
    }
    return this.waiting ?? undefined;
  }

  /** flush waits until the sink has taken every chunk written so far (a Node Writable's write callbacks, a web stream's last write). */
  async flush(): Promise<void> {
    if (this.waiting !== null) await this.waiting;
    if (this.last !== null) await this.last;
    if (this.inflight > 0) await new Promise<void>((r) => (this.idle = r));
    this.rethrow();
  }

  /** close flushes, then closes a web stream (a Node Writable or callback is left open: end it yourself). */
  async close(): Promise<void> {
    await this.flush();
    if (this.writer !== null) {
      await this.writer.close();
      this.writer = null;
    }
  }

  /** release flushes and releases a web stream's writer lock (the stream stays open for other writers). */
  async release(): Promise<void> {
    await this.flush();
    if (this.writer !== null) {
      this.writer.releaseLock();
      this.writer = null;
    }
  }

  private wait(p: Promise<unknown>): Promise<void> {
    const w = p.then(
      () => {
        if (this.waiting === w) this.waiting = null;
      },
      (e) => {
        // Never a rejection nobody awaits: the error is rethrown by the next write, flush or close.
        if (this.waiting === w) this.waiting = null;
        this.fail(e);
      },
    );
    this.waiting = w;
    return w;
  }

  private drain(node: NodeLike): Promise<void> {
    const p = new Promise<void>((resolve, reject) => {
      const done = () => {
        node.removeListener?.("error", onError);
        node.removeListener?.("close", onClose);
        resolve();
      };
      const onError = (e: unknown) => {
        node.removeListener?.("drain", done);
        node.removeListener?.("close", onClose);
        reject(e);
      };
      const onClose = () => {
        node.removeListener?.("drain", done);
        node.removeListener?.("error", onError);
        reject(new Error("jsontext: the sink closed before it drained"));
      };
      node.once?.("drain", done);
      node.once?.("error", onError);
      node.once?.("close", onClose);
    });
    return this.wait(p);
  }

  private fail(e: unknown): void {
    if (!this.failed) {
      this.failed = true;
      this.error = e;
    }
  }

  private rethrow(): void {
    if (this.failed) throw this.error;
  }
}
