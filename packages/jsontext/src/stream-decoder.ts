/**
 * StreamDecoder: Go's jsontext.Decoder over input that arrives in chunks (a Node
 * Readable, a web ReadableStream, any AsyncIterable or Iterable of bytes, or a whole
 * Uint8Array or string, a file opened with `fs.promises.open`). Many top-level values
 * may follow each other; memory is bounded by the largest value, because the bytes of
 * values already read are dropped (the input is read into a StreamWindow). Tokens, values, errors and offsets are those of the
 * whole-input Decoder over the concatenated bytes.
 */
import { Decoder, type DecoderOptions } from "./decoder.js";
import { SyntacticError } from "./errors.js";
import type { ByteSource } from "./stream-source.js";
import { STREAM_WINDOW, StreamWindow } from "./stream-window.js";
import type { Kind, Token } from "./token.js";

export type { ByteSource };

/** STREAM_INITIAL_BUFFER is the StreamDecoder's initial buffer size in bytes (it grows to the largest value). */
export const STREAM_INITIAL_BUFFER = STREAM_WINDOW;

/**
 * StreamDecoder reads JSON tokens and values from chunked input (Go's jsontext.Decoder
 * over an io.Reader). Methods are async; they resolve as soon as the needed bytes are in.
 */
export class StreamDecoder {
  private readonly w: StreamWindow;
  private readonly options: DecoderOptions | undefined;
  /** The Decoder over the window's bytes [origin, end) as they were when it was made. */
  private inner: Decoder | null = null;
  private innerBuf: Uint8Array | null = null;
  private innerBase = 0;
  private innerEnd = 0;
  private origin = 0;

  constructor(source: ByteSource, options?: DecoderOptions) {
    this.w = new StreamWindow(source);
    this.options = options;
  }

  /** inputOffset is the absolute byte offset just after the last token read (Go's InputOffset). */
  get inputOffset(): number {
    return this.w.base + this.origin + (this.inner?.inputOffset ?? 0);
  }

  /** stackDepth is the nesting depth (0 at top level). */
  get stackDepth(): number {
    return this.inner?.stackDepth ?? 0;
  }

  /** stackPointer returns the RFC 6901 pointer of the last value read (Go's StackPointer). */
  stackPointer(): string {
    return this.inner?.stackPointer() ?? "";
  }

  /** peekKind returns the next token's kind, or "" at the end of the stream. */
  async peekKind(): Promise<Kind> {
    const d = await this.ready();
    return this.call(() => d.peekKind());
  }
  /** readToken reads the next token (Go's ReadToken). */
  async readToken(): Promise<Token> {
    const d = await this.ready();
    return this.call(() => d.readToken());
  }
  /** readString reads the next string (or name), unescaped. */
  async readString(): Promise<string> {
    const d = await this.ready();
    return this.call(() => d.readString());
  }
  /** readNumberLiteral reads the next number's exact literal text. */
  async readNumberLiteral(): Promise<string> {
    const d = await this.ready();
    return this.call(() => d.readNumberLiteral());
  }
  /** readValue reads the next complete value and returns a copy of its bytes (Go's ReadValue). */
  async readValue(): Promise<Uint8Array> {
    const d = await this.ready();
    return this.call(() => d.readValue());
  }
  /** skipValue validates and skips the next value (Go's SkipValue). */
  async skipValue(): Promise<void> {
    const d = await this.ready();
    return this.call(() => d.skipValue());
  }
  /** checkEOF verifies that only whitespace remains in the stream. */
  async checkEOF(): Promise<void> {
    const w = this.w;
    w.next(this.position());
    while (!w.eof) await w.fill();
    const d = this.decoder();
    return this.call(() => d.checkEOF());
  }

  /** tokens yields every token to the end of the stream. */
  async *tokens(): AsyncGenerator<Token> {
    while ((await this.peekKind()) !== "") yield await this.readToken();
  }

  /**
   * values yields the bytes of each top-level value to the end of the stream (peekKind and
   * readValue in a loop, as an async generator would). A value already in the window costs one
   * promise: no async frame or promise chain is alive between values, which keeps V8's young
   * generation at its first size on a long stream.
   */
  values(): AsyncGenerator<Uint8Array, void, undefined> {
    return new ValueBytes(this);
  }

  /**
   * @internal nextValue reads the next top-level value's bytes at once when the window holds it
   * (undefined at the end of the stream), or returns NOT_READY when the window must read more
   * (`ready()` first, then call again).
   */
  nextValue(): Uint8Array | undefined | typeof NOT_READY {
    const cur = this.inner;
    if (cur === null || cur.stackDepth === 0) {
      const w = this.w;
      const at = this.position();
      if (!(w.complete && at < w.valueEnd)) w.next(at);
      if (!w.frame()) {
        this.dropDecoder();
        return NOT_READY;
      }
    }
    const d = this.decoder();
    try {
      return d.peekKind() === "" ? undefined : d.readValue();
    } catch (e) {
      throw this.shifted(e);
    }
  }

  /**
   * @internal fillWindow reads until the next value is framed (what ready() waits for), after
   * nextValue answered NOT_READY. Without an async function: one promise a read.
   */
  fillWindow(): Promise<void> {
    const w = this.w;
    while (!w.frame()) {
      const p = w.fill();
      if (p !== undefined) return p.then(this.fillAgain);
    }
    // The Decoder over the window as it is now (its offsets follow the window's shift).
    this.decoder();
    return RESOLVED;
  }

  // Made once: fillWindow's continuation after a read.
  private readonly fillAgain = (): Promise<void> => this.fillWindow();

  // ---- internals ----

  private call<T>(f: () => T): T {
    try {
      return f();
    } catch (e) {
      throw this.shifted(e);
    }
  }

  /** shifted is an error of the Decoder over the window with its offset counted from the stream's start. */
  private shifted(e: unknown): unknown {
    const by = this.w.base + this.origin;
    if (SyntacticError.isInstance(e) && by > 0) {
      return new SyntacticError({
        detail: e.detail,
        offset: e.offset + by,
        pointer: e.pointer,
        flavour: e.flavour,
        code: e.code,
      });
    }
    return e;
  }

  /** position is the window index just after the last token read. */
  private position(): number {
    return this.origin + (this.inner?.inputOffset ?? 0);
  }

  /** decoder returns the Decoder over the window, made anew (at the window's start) when the window has read more. */
  private decoder(): Decoder {
    const w = this.w;
    if (
      this.inner === null ||
      this.innerBuf !== w.buf ||
      this.innerBase !== w.base ||
      this.innerEnd !== w.end
    ) {
      // Only at depth 0, after the window consumed the bytes read, so the new Decoder starts at a value.
      this.origin = w.start;
      this.inner = new Decoder(w.buf.subarray(w.start, w.end), this.options);
      this.innerBuf = w.buf;
      this.innerBase = w.base;
      this.innerEnd = w.end;
    }
    return this.inner;
  }

  /** ready makes sure the bytes the next operation may look at are buffered, and returns the Decoder. */
  private async ready(): Promise<Decoder> {
    const cur = this.inner;
    if (cur !== null && cur.stackDepth > 0) return cur; // inside a value: it is buffered whole
    const w = this.w;
    const at = this.position();
    // A value framed and not read yet stays framed; else look for the next one where the Decoder is.
    if (!(w.complete && at < w.valueEnd)) w.next(at);
    if (!w.frame()) {
      this.dropDecoder();
      do await w.fill();
      while (!w.frame());
    }
    return this.decoder();
  }

  /**
   * dropDecoder lets go of the Decoder over the window while more is read (at the top level, the
   * bytes it scanned consumed): the next one is made over the window as the read leaves it. Not
   * kept alive across the read, its objects die young instead of being copied by the scavenge
   * that runs while the read is pending (V8 runs it at the next event-loop turn).
   */
  private dropDecoder(): void {
    this.origin = this.w.start;
    this.inner = null;
    this.innerBuf = null;
  }

  /** cancel stops reading the source (a Readable is destroyed, a web stream's reader released). */
  async cancel(): Promise<void> {
    await this.w.cancel();
  }
}

/** StreamDecoder.nextValue's answer when the window must read more first. */
const NOT_READY: unique symbol = Symbol("jsontext.notReady");

const RESOLVED: Promise<void> = Promise.resolve();

function finished(): IteratorResult<never, void> {
  return { value: undefined, done: true };
}

/**
 * ValueBytes is StreamDecoder.values()'s async generator, written by hand: calls are answered
 * in order; a value is read in a job after `next()` returns (the caller's `for await` is
 * suspended then and holds nothing of the last value); an error ends the iteration (later calls
 * are done), as `return()` does, which releases the source.
 */
class ValueBytes implements AsyncGenerator<Uint8Array, void, undefined> {
  private done = false;
  /** The last call not answered yet (later calls wait for it). */
  private tail: Promise<IteratorResult<Uint8Array, void>> | undefined = undefined;
  private calls = 0;
  // Made once: a closure made per call would be one more object per value.
  private readonly stepFn = ():
    | IteratorResult<Uint8Array, void>
    | Promise<IteratorResult<Uint8Array, void>> => {
    let r: IteratorResult<Uint8Array, void> | Promise<IteratorResult<Uint8Array, void>>;
    try {
      r = this.step();
    } catch (e) {
      this.answered();
      throw e;
    }
    if (r instanceof Promise) return this.settle(r);
    this.answered();
    return r;
  };
  private readonly retry = (): IteratorResult<Uint8Array, void> | Promise<IteratorResult<Uint8Array, void>> =>
    this.step();
  private readonly onError = (e: unknown): never => {
    this.done = true;
    throw e;
  };

  constructor(private readonly d: StreamDecoder) {}

  [Symbol.asyncIterator](): this {
    return this;
  }

  next(): Promise<IteratorResult<Uint8Array, void>> {
    return this.enqueue(this.stepFn, true);
  }

  return(value?: void | PromiseLike<void>): Promise<IteratorResult<Uint8Array, void>> {
    return this.enqueue(() => {
      const wasDone = this.done;
      this.done = true;
      return this.settle(
        (wasDone ? RESOLVED : this.d.cancel()).then(() => Promise.resolve(value).then(finished)),
      );
    }, false);
  }

  throw(e?: unknown): Promise<IteratorResult<Uint8Array, void>> {
    return this.enqueue(() => {
      const wasDone = this.done;
      this.done = true;
      return this.settle(
        (wasDone ? RESOLVED : this.d.cancel()).then(
          (): Promise<IteratorResult<Uint8Array, void>> => Promise.reject(e),
        ),
      );
    }, false);
  }

  private enqueue(
    op: () => IteratorResult<Uint8Array, void> | Promise<IteratorResult<Uint8Array, void>>,
    defer: boolean,
  ): Promise<IteratorResult<Uint8Array, void>> {
    const prev = this.tail;
    this.calls++;
    let p: Promise<IteratorResult<Uint8Array, void>>;
    if (prev !== undefined) p = prev.then(op, op);
    else if (defer) p = RESOLVED.then(op);
    else p = op() as Promise<IteratorResult<Uint8Array, void>>;
    if (this.calls > 0) this.tail = p;
    return p;
  }

  private answered(): void {
    if (--this.calls === 0) this.tail = undefined;
  }

  private settle(p: Promise<IteratorResult<Uint8Array, void>>): Promise<IteratorResult<Uint8Array, void>> {
    return p.then(
      (r) => {
        this.answered();
        return r;
      },
      (e) => {
        this.answered();
        throw e;
      },
    );
  }

  /** step reads the next value (after reading more of the source when it must). */
  private step(): IteratorResult<Uint8Array, void> | Promise<IteratorResult<Uint8Array, void>> {
    if (this.done) return finished();
    let v: Uint8Array | undefined | typeof NOT_READY;
    try {
      v = this.d.nextValue();
    } catch (e) {
      this.done = true;
      throw e;
    }
    if (v === NOT_READY) return this.d.fillWindow().then(this.retry, this.onError);
    if (v === undefined) {
      this.done = true;
      return finished();
    }
    return { value: v, done: false };
  }
}
