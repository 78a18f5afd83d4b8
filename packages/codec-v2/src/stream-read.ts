/**
 * Unmarshal from streams (Go's UnmarshalRead and UnmarshalDecode), and `decodeValues`, an
 * async iterator of the values of a stream (NDJSON, JSON text sequences). A source is a Node
 * Readable, a web ReadableStream, an async or sync iterable of chunks, a Uint8Array or a string.
 */
import type { GoType } from "@gojson/gotype";
import { type ByteSource, isByteSource, readAll } from "@gojson/jsontext";
import { joinInput, run, splitInto, stringLimitError, type UnmarshalOptionsInput, unmarshal } from "./api.js";
import { checkGoType, describeArgument, InvalidArgumentError } from "./argument-errors.js";
import { EOFError, setErrorValue } from "./errors.js";
import { zero } from "./go-values.js";
import { type MethodDecoder, TwinDecoder } from "./method-coders.js";
import type { OptionsInput, ResolvedOptions } from "./options.js";
import type { Reader } from "./reader.js";
import { fastUnmarshal } from "./unmarshal-fast.js";
import { AsyncValueStream, END_OF_STREAM, type StreamOptions, ValueStream } from "./value-stream.js";

function checkSource(fn: string, source: unknown): void {
  if (!isByteSource(source))
    throw new InvalidArgumentError(
      `gojson: ${fn}: want a byte source (Readable, ReadableStream, iterable of chunks, FileHandle, Uint8Array or string), got ${describeArgument(source)}`,
    );
}

/**
 * unmarshalRead reads the whole of `source` and unmarshals it into a value of `type` (Go's
 * UnmarshalRead): exactly one JSON value, then only whitespace (trailing data is Go's
 * `invalid character ... after top-level value` error). Errors and offsets are unmarshal's over
 * the same bytes. A document of any size the heap holds decodes (large inputs never become one
 * string); `limits.maxBytes` bounds what is read.
 */
export async function unmarshalRead<T>(
  type: GoType<T>,
  source: ByteSource,
  options?: UnmarshalOptionsInput<NoInfer<T>>,
  limits?: {
    /**
     * The longest input (bytes) to read; past it, reading stops and the promise rejects with a
     * JsonError (`GOJSON_ERR_TOO_LARGE`). Default: no limit but the heap's, as Go.
     */
    readonly maxBytes?: number;
  },
): Promise<T> {
  checkGoType("unmarshalRead", type);
  checkSource("unmarshalRead", source);
  const maxBytes = limits?.maxBytes;
  if (maxBytes !== undefined && !(typeof maxBytes === "number" && maxBytes >= 0))
    throw new InvalidArgumentError(
      `gojson: unmarshalRead: maxBytes must be a number of bytes, got ${describeArgument(maxBytes)}`,
    );
  return unmarshal(type, await readAll(source, maxBytes), options);
}

/**
 * unmarshalDecode reads the next top-level value of a stream into a value of `type` (Go's
 * UnmarshalDecode). At the end of the stream (only whitespace left) it throws `EOFError`, whose
 * message is Go's `EOF`. Over a {@link ValueStream} (bytes in memory) it returns the value; over an
 * {@link AsyncValueStream} a promise of it. Within an UnmarshalJSONFrom twin, `dec` may be the
 * twin's MethodDecoder: the next value is read from it under the options of the unmarshal call,
 * then `options`.
 */
export function unmarshalDecode<T>(
  dec: ValueStream,
  type: GoType<T>,
  options?: UnmarshalOptionsInput<NoInfer<T>>,
): T;
export function unmarshalDecode<T>(
  dec: AsyncValueStream,
  type: GoType<T>,
  options?: UnmarshalOptionsInput<NoInfer<T>>,
): Promise<T>;
export function unmarshalDecode<T>(
  dec: MethodDecoder,
  type: GoType<T>,
  options?: UnmarshalOptionsInput<NoInfer<T>>,
): T;
export function unmarshalDecode<T>(
  dec: ValueStream | AsyncValueStream | MethodDecoder,
  type: GoType<T>,
  options?: UnmarshalOptionsInput<NoInfer<T>>,
): T | Promise<T> {
  checkGoType("unmarshalDecode", type);
  if (dec instanceof TwinDecoder) {
    const list = options === undefined ? [] : Array.isArray(options) ? options : [options];
    return unmarshal(type, dec.readValue(), [dec.options, ...list] as UnmarshalOptionsInput<T>);
  }
  const { into, hasInto, rest } = splitInto(options);
  if (dec instanceof ValueStream) {
    const o = dec.optionsFor(rest);
    const start = hasInto ? into : zero(type);
    dec.r.deferred = undefined;
    if (atEndOfStream(dec.r)) throw endOfStream(start);
    return run(type, o, dec.r, start, false) as T;
  }
  if (!(dec instanceof AsyncValueStream))
    throw new InvalidArgumentError(
      `gojson: unmarshalDecode: want a ValueStream or an AsyncValueStream, got ${describeArgument(dec)}`,
    );
  const o = dec.optionsFor(rest);
  const start = () => (hasInto ? into : zero(type));
  let r: unknown;
  try {
    r = decodeNext(dec, type, o, hasInto, start);
  } catch (e) {
    // Always a promise over an AsyncValueStream, also when the value was already in the window.
    return Promise.reject(e);
  }
  if (r instanceof Promise)
    return r.then((v) => {
      if (v === END_OF_STREAM) throw endOfStream(start());
      return v as T;
    });
  if (r === END_OF_STREAM) return Promise.reject(endOfStream(start()));
  return Promise.resolve(r as T);
}

/** decodeNext reads the next value of an AsyncValueStream (END_OF_STREAM at the end). */
function decodeNext(
  dec: AsyncValueStream,
  type: GoType,
  o: ResolvedOptions,
  hasInto: boolean,
  start: () => unknown,
): unknown {
  return dec.decodeNext(
    o,
    hasInto || !fastUnmarshal.enabled ? undefined : type,
    exactDecoder(type, o, start),
  );
}

/** exactDecoder decodes a value of `type` with the exact engine into `start()` over a Reader at the value. */
function exactDecoder(type: GoType, o: ResolvedOptions, start: () => unknown): (r: Reader) => unknown {
  return (r: Reader) => {
    try {
      return run(type, o, r, start(), false);
    } catch (e) {
      throw stringLimitError(e);
    }
  };
}

/** endOfStream is Go's io.EOF from UnmarshalDecode (the destination is untouched). */
function endOfStream(start: unknown): EOFError {
  const err = new EOFError();
  setErrorValue(err, start);
  return err;
}

/** atEndOfStream reports whether only whitespace is left at the top level (a syntax error is left for run to report). */
function atEndOfStream(r: Reader): boolean {
  if (r.d.stackDepth !== 0) return false;
  try {
    return r.d.peekKind() === "";
  } catch {
    return false;
  }
}

/**
 * decodeValues iterates the top-level values of `source` unmarshalled into `type`, to the end of
 * the stream (Go's loop of UnmarshalDecode until io.EOF): whitespace-separated values, so NDJSON
 * (one value a line) as it is, and JSON text sequences (RFC 7464, `application/json-seq`) with
 * `{ framing: "json-seq" }`. Bytes are read in windows: memory holds one value and one chunk,
 * whatever the stream's length; a file opened with `fs.promises.open` is read into one reused
 * buffer (no garbage per read, the least memory). Stopping early (`break`) releases the source.
 *
 * ```ts
 * const file = await fs.promises.open("events.ndjson");
 * for await (const ev of decodeValues(Event, file)) handle(ev);
 * await file.close();
 * ```
 */
export function decodeValues<T>(
  type: GoType<T>,
  source: ByteSource | AsyncValueStream,
  options?: OptionsInput,
  stream?: StreamOptions,
): AsyncGenerator<T, void, undefined> {
  // Arguments are checked here, when called (a generator's body would run at the first next()).
  checkGoType("decodeValues", type);
  if (joinInput(options).hasInto)
    throw new InvalidArgumentError(
      "gojson: decodeValues: `into` is not an option here (each value is a new one; use unmarshalDecode with into)",
    );
  let dec: AsyncValueStream;
  if (source instanceof AsyncValueStream) dec = source;
  else {
    checkSource("decodeValues", source);
    dec = new AsyncValueStream(source, options, stream);
  }
  const o = source instanceof AsyncValueStream ? dec.optionsFor(options) : dec.o;
  return values(dec, type, o);
}

/** A settled promise: a value is decoded in a job after it (see ValueIterator.next). */
const RESOLVED: Promise<void> = Promise.resolve();

/**
 * ValueIterator is decodeValues' async generator, written by hand: a value costs one promise and
 * one result object (an async generator's `yield` adds an await, a request and their closures
 * per value). It behaves as the generator it replaces: calls are answered in order, an error or
 * `return()` ends it and releases the source (an error after the source is released), and it is
 * done for good after that.
 *
 * Memory: a value is decoded in a job after `next()` returns, when the caller's `for await` is
 * suspended, so the caller's previous value is not held while the next one is built, and no
 * promise chain or async frame is alive across reads. A young-generation GC copies every object
 * alive when it runs, and the bytes copied decide when V8 doubles its young generation: that is
 * what keeps a long stream within its first size.
 */
class ValueIterator<T> implements AsyncGenerator<T, void, undefined> {
  private done = false;
  /** Calls made and not answered yet; `tail` is the last one's promise while there are any. */
  private calls = 0;
  private tail: Promise<IteratorResult<T, void>> | undefined = undefined;
  // Made once: a closure made in a method would cost a context on each call.
  private readonly exact: (r: Reader) => unknown;
  private readonly stepFn = (): IteratorResult<T, void> | Promise<IteratorResult<T, void>> => this.step();
  private readonly onValue = (v: unknown): IteratorResult<T, void> => {
    this.answered();
    return this.result(v);
  };
  private readonly onError = (e: unknown): Promise<never> => {
    this.answered();
    return this.fail(e);
  };

  constructor(
    private readonly dec: AsyncValueStream,
    private readonly type: GoType<T>,
    private readonly o: ResolvedOptions,
  ) {
    this.exact = exactDecoder(type, o, () => zero(type));
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  next(): Promise<IteratorResult<T, void>> {
    return this.enqueue(this.stepFn, true);
  }

  return(value?: void | PromiseLike<void>): Promise<IteratorResult<T, void>> {
    const end = (): Promise<IteratorResult<T, void>> => {
      const finish = () => Promise.resolve(value).then(finished);
      return this.settle(this.end().then(finish));
    };
    return this.enqueue(end, false);
  }

  throw(e?: unknown): Promise<IteratorResult<T, void>> {
    const end = (): Promise<IteratorResult<T, void>> =>
      this.settle(this.end().then((): Promise<IteratorResult<T, void>> => Promise.reject(e)));
    return this.enqueue(end, false);
  }

  /**
   * enqueue runs `op` once the calls before it are answered (`defer`: in a job even when there
   * are none), and returns its promise.
   */
  private enqueue(
    op: () => IteratorResult<T, void> | Promise<IteratorResult<T, void>>,
    defer: boolean,
  ): Promise<IteratorResult<T, void>> {
    const prev = this.tail;
    this.calls++;
    let p: Promise<IteratorResult<T, void>>;
    if (prev !== undefined) p = prev.then(op, op);
    else if (defer) p = RESOLVED.then(op);
    else p = op() as Promise<IteratorResult<T, void>>;
    // An op answered at once (calls back to 0) leaves nothing to wait for.
    if (this.calls > 0) this.tail = p;
    return p;
  }

  /** end finishes the iteration: the source is released (once). */
  private end(): Promise<void> {
    if (this.done) return RESOLVED;
    this.done = true;
    return this.dec.cancel();
  }

  /** answered counts one call answered (the last one drops `tail`, which holds its value). */
  private answered(): void {
    if (--this.calls === 0) this.tail = undefined;
  }

  /** settle counts a call answered when promise `p` settles, and returns it. */
  private settle(p: Promise<IteratorResult<T, void>>): Promise<IteratorResult<T, void>> {
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

  private step(): IteratorResult<T, void> | Promise<IteratorResult<T, void>> {
    if (this.done) {
      this.answered();
      return finished();
    }
    let v: unknown;
    try {
      v = this.dec.decodeNext(this.o, fastUnmarshal.enabled ? this.type : undefined, this.exact);
    } catch (e) {
      this.answered();
      return this.fail(e);
    }
    if (v instanceof Promise) return v.then(this.onValue, this.onError);
    this.answered();
    return this.result(v);
  }

  private result(v: unknown): IteratorResult<T, void> {
    if (v === END_OF_STREAM) {
      this.done = true;
      return finished();
    }
    return { value: v as T, done: false };
  }

  /** fail ends the iteration on an error: the source is released, then the error is the call's. */
  private fail(e: unknown): Promise<never> {
    this.done = true;
    return this.dec.cancel().then(() => Promise.reject(e));
  }
}

function finished(): IteratorResult<never, void> {
  return { value: undefined, done: true };
}

function values<T>(
  dec: AsyncValueStream,
  type: GoType<T>,
  o: ResolvedOptions,
): AsyncGenerator<T, void, undefined> {
  return new ValueIterator(dec, type, o);
}

export { AsyncValueStream, ValueStream };
