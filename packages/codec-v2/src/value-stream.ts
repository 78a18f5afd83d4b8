/**
 * Streams of top-level JSON values to unmarshal one by one (Go's jsontext.Decoder as
 * UnmarshalDecode reads it): {@link ValueStream} over bytes in memory, read synchronously
 * (Go's `jsontext.NewDecoder(bytes.NewReader(b))`), and {@link AsyncValueStream} over any
 * source (a Node Readable, a web ReadableStream, an async or sync iterable of chunks, bytes, a
 * string), read in windows: only the value being decoded and the rest of the last chunk are
 * held, so a stream of any length decodes in bounded memory.
 */
import type { GoType } from "@gojson/gotype";
import { type ByteSource, STREAM_WINDOW, StreamWindow, SyntacticError } from "@gojson/jsontext";
import { concatBytes, LARGE_INPUT } from "@gojson/jsontext/internal";
import { describeArgument, InvalidArgumentError } from "./argument-errors.js";
import { EOFError, JsonError, SemanticError, setErrorValue, syntacticError } from "./errors.js";
import { type Options, type OptionsInput, type ResolvedOptions, resolveOptions } from "./options.js";
import { Reader, toBytes } from "./reader.js";
import { NO_FAST, unmarshalFast } from "./unmarshal-fast.js";

/** The first window of an AsyncValueStream (bytes; jsontext's StreamWindow); it grows to hold the largest value. */
export { STREAM_WINDOW };

/** Options of an AsyncValueStream (how the stream is framed; the codec options are separate). */
export interface StreamOptions {
  /**
   * `"json"` (default): whitespace-separated values, NDJSON included (Go's jsontext.Decoder).
   * `"json-seq"`: a JSON text sequence (RFC 7464, `application/json-seq`): each value is preceded
   * by the record separator U+001E, which is skipped between values.
   */
  readonly framing?: "json" | "json-seq";
  /**
   * The longest value (bytes) the stream may hold; a longer one is a JsonError
   * (`GOJSON_ERR_TOO_LARGE`) as soon as that many of its bytes are read (default: no limit but
   * the heap's, as Go). Memory then stays within about maxBytes and one chunk.
   */
  readonly maxBytes?: number;
}

function joinOptions(base: ResolvedOptions, options: OptionsInput): ResolvedOptions {
  if (options === undefined) return base;
  return resolveOptions([base, ...(Array.isArray(options) ? options : [options])] as (
    | Options
    | ResolvedOptions
    | undefined
  )[]);
}

/**
 * ValueStream reads the top-level values of a JSON text in memory one by one with
 * `unmarshalDecode` (synchronously; Go's `jsontext.NewDecoder(bytes.NewReader(b))`). The input
 * is bytes, a string, or a sync iterable of chunks (joined first).
 */
export class ValueStream {
  /** @internal */
  readonly r: Reader;
  /** @internal */
  readonly o: ResolvedOptions;
  constructor(input: Uint8Array | string | Iterable<Uint8Array | string>, options?: OptionsInput) {
    this.o = resolveOptions(options);
    this.r = new Reader(inMemory(input), this.o.flags.allowDuplicateNames, this.o.flags.allowInvalidUTF8);
  }
  /** more reports whether another value follows (only whitespace otherwise). */
  more(): boolean {
    return this.r.d.peekKind() !== "";
  }
  /** inputOffset is the byte offset just after the last value read. */
  get inputOffset(): number {
    return this.r.d.inputOffset;
  }
  /** @internal The options of one unmarshalDecode call (the stream's, then the call's). */
  optionsFor(options: OptionsInput): ResolvedOptions {
    return joinOptions(this.o, options);
  }
}

function inMemory(input: Uint8Array | string | Iterable<Uint8Array | string>): Uint8Array | string {
  if (typeof input === "string" || input instanceof Uint8Array) return input;
  if (
    typeof input !== "object" ||
    input === null ||
    typeof (input as Iterable<unknown>)[Symbol.iterator] !== "function"
  )
    throw new InvalidArgumentError(
      `gojson: ValueStream: want bytes, a string or an iterable of chunks (use AsyncValueStream for a stream), got ${describeArgument(input)}`,
    );
  const parts: Uint8Array[] = [];
  let n = 0;
  for (const c of input) {
    const b = typeof c === "string" ? toBytes(c) : c;
    if (!(b instanceof Uint8Array))
      throw new InvalidArgumentError(
        `gojson: ValueStream: a chunk must be a Uint8Array or a string, got ${describeArgument(c)}`,
      );
    parts.push(b);
    n += b.length;
  }
  return concatBytes(parts, n);
}

/** Bytes past a value read before the exact engine decodes it (its error texts quote some). */
const ERROR_CONTEXT = 32;

/** decodeFramed's answer when the bytes after the value are still to be read. */
const NEED_MORE: unique symbol = Symbol("gojson.v2.needMore");

/** A decodeNext call waiting for bytes: its arguments and its promise's callbacks. */
interface PendingCall {
  readonly o: ResolvedOptions;
  readonly fast: GoType | undefined;
  readonly exact: (r: Reader) => unknown;
  readonly resolve: (v: unknown) => void;
  readonly reject: (e: unknown) => void;
}

/** What decodeNext returns when only whitespace is left. */
export const END_OF_STREAM: unique symbol = Symbol("gojson.v2.endOfStream");

/**
 * AsyncValueStream reads the top-level values of a JSON stream one by one (`unmarshalDecode`
 * returns a promise here; `decodeValues` iterates). Bytes are read in windows (jsontext's
 * StreamWindow): the values already decoded are dropped, so memory holds one value and one
 * chunk whatever the stream's length; a file (`fs.promises.open`) is read into one reused buffer.
 * Errors and offsets are those of the same input in memory (offsets count from the stream's start).
 */
export class AsyncValueStream {
  /** @internal */
  readonly o: ResolvedOptions;
  private readonly w: StreamWindow;
  private failed: unknown = undefined;
  /** The call waiting for bytes (fillThenDecode). */
  private call: PendingCall | undefined = undefined;
  // Made once: the callbacks of a fill.
  private readonly onFilled = (): void => this.pump();
  private readonly onFillError = (e: unknown): void => {
    const c = this.call as PendingCall;
    this.call = undefined;
    c.reject(e);
  };

  constructor(source: ByteSource, options?: OptionsInput, stream?: StreamOptions) {
    this.o = resolveOptions(options);
    const framing = stream?.framing ?? "json";
    if (framing !== "json" && framing !== "json-seq")
      throw new InvalidArgumentError(
        `gojson: AsyncValueStream: framing must be "json" or "json-seq", got ${describeArgument(framing)}`,
      );
    const maxBytes = stream?.maxBytes;
    if (maxBytes !== undefined && !(typeof maxBytes === "number" && maxBytes >= 0))
      throw new InvalidArgumentError(
        `gojson: AsyncValueStream: maxBytes must be a number of bytes, got ${describeArgument(maxBytes)}`,
      );
    this.w = new StreamWindow(source, {
      jsonSeq: framing === "json-seq",
      ...(maxBytes === undefined ? {} : { maxBytes }),
    });
  }

  /** inputOffset is the byte offset (from the start of the stream) just after the last value read. */
  get inputOffset(): number {
    return this.w.base + this.w.start;
  }

  /** more reports whether another value follows (reads until its first byte, or the end of the stream). */
  async more(): Promise<boolean> {
    const w = this.w;
    for (;;) {
      w.skipSpace();
      if (w.scanned < w.end) return true;
      if (w.eof) return false;
      await w.fill();
    }
  }

  /** cancel stops reading the source (a Node Readable is destroyed, a web stream's reader released). */
  async cancel(): Promise<void> {
    await this.w.cancel();
  }

  /** @internal The options of one call (the stream's, then the call's). */
  optionsFor(options: OptionsInput): ResolvedOptions {
    return joinOptions(this.o, options);
  }

  /**
   * @internal decodeNext decodes the next value with the fast path for type `fast` (when given),
   * else with `exact` (the exact engine, over a Reader positioned at the value), or returns
   * END_OF_STREAM when only whitespace is left. Synchronous when the value is already in the window.
   */
  decodeNext(
    o: ResolvedOptions,
    fast: GoType | undefined,
    exact: (r: Reader) => unknown,
  ): unknown | Promise<unknown> {
    if (this.failed !== undefined) throw this.failed;
    if (fast !== undefined && !this.w.started) {
      const v = this.decodeLine(o, fast);
      if (v !== NO_FAST) return v;
    }
    if (this.w.frame()) {
      const v = this.decodeFramed(o, fast, exact);
      if (v !== NEED_MORE) return v;
    }
    return this.fillThenDecode(o, fast, exact);
  }

  /**
   * decodeLine is NDJSON's shortcut: the fast path is tried on the bytes up to the next newline
   * (found natively). When it accepts them they are exactly one value and whitespace, so that
   * value is the next one; otherwise (a value over several lines, a newline not read yet, an
   * error) the boundary finder frames the value as usual.
   */
  private decodeLine(o: ResolvedOptions, fast: GoType): unknown {
    const w = this.w;
    w.skipSpace();
    const p = w.scanned;
    const b = w.buf;
    if (p >= w.end) return NO_FAST;
    const nl = b.indexOf(0x0a, p);
    if (nl < 0 || nl >= w.end || nl - p > LARGE_INPUT.bytes) return NO_FAST;
    const v = unmarshalFast(fast, b.subarray(p, nl), o);
    if (v !== NO_FAST) w.next(nl + 1);
    return v;
  }

  /**
   * fillThenDecode reads until the next value is framed, then decodes it. Written without an
   * async function: while the file is read, a young-generation GC often runs (V8 schedules it
   * at the event loop's next turn), and it copies every object alive then; one promise and the
   * call's state in fields are all this read keeps alive.
   */
  private fillThenDecode(
    o: ResolvedOptions,
    fast: GoType | undefined,
    exact: (r: Reader) => unknown,
  ): Promise<unknown> {
    return new Promise<unknown>((resolve, reject) => {
      this.call = { o, fast, exact, resolve, reject };
      this.pump();
    });
  }

  /** pump frames and decodes the waiting call's value, reading more as needed; settles its promise. */
  private pump(): void {
    const c = this.call as PendingCall;
    const w = this.w;
    let p: Promise<void> | undefined;
    try {
      for (;;) {
        if (w.frame()) {
          const v = this.decodeFramed(c.o, c.fast, c.exact);
          if (v !== NEED_MORE) {
            this.call = undefined;
            c.resolve(v);
            return;
          }
        }
        p = w.fill();
        if (p !== undefined) break;
      }
    } catch (e) {
      this.call = undefined;
      c.reject(e);
      return;
    }
    p.then(this.onFilled, this.onFillError);
  }

  /** decodeFramed decodes the value the finder framed (or reports the end of the stream). */
  private decodeFramed(o: ResolvedOptions, fast: GoType | undefined, exact: (r: Reader) => unknown): unknown {
    const w = this.w;
    if (!w.started) {
      // End of stream with only whitespace (and separators) left.
      w.next(w.end);
      return END_OF_STREAM;
    }
    const vs = w.valueStart;
    if (w.complete && fast !== undefined && w.valueEnd - vs <= LARGE_INPUT.bytes) {
      const v = unmarshalFast(fast, w.buf.subarray(vs, w.valueEnd), o);
      if (v !== NO_FAST) {
        w.next(w.valueEnd);
        return v;
      }
    }
    // The exact engine reads the value from its first byte over the rest of the window (a
    // truncated value reaches the end of the window, which is the end of the stream). Its errors
    // may quote a few bytes past the value: those are read first, so the text is the same for
    // every split of the input.
    if (!w.eof && w.end - w.valueEnd < ERROR_CONTEXT) return NEED_MORE;
    const shift = w.base + vs;
    const r = new Reader(w.buf.subarray(vs, w.end), o.flags.allowDuplicateNames, o.flags.allowInvalidUTF8);
    let v: unknown;
    try {
      v = exact(r);
    } catch (e) {
      this.failed = shiftError(e, shift);
      throw this.failed;
    }
    w.next(vs + r.d.inputOffset);
    return v;
  }
}

/** shiftError moves the byte offsets of an error of a value read at stream offset `by` (Go counts from the stream's start). */
export function shiftError(e: unknown, by: number): unknown {
  if (by === 0) return e;
  if (SyntacticError.isInstance(e)) {
    const out = new SyntacticError({
      detail: e.detail,
      offset: e.offset + by,
      pointer: e.pointer,
      flavour: e.flavour,
      code: e.code,
    });
    setErrorValue(out, (e as { value?: unknown }).value);
    return out;
  }
  if (SemanticError.isInstance(e)) {
    e.byteOffset += by;
    const c = e.cause;
    if (SyntacticError.isInstance(c)) e.cause = syntacticError(c.detail, c.offset + by, c.pointer);
    e.render();
    return e;
  }
  if (JsonError.isInstance(e) && typeof (e as { offset?: unknown }).offset === "number") {
    Object.defineProperty(e, "offset", { value: (e as unknown as { offset: number }).offset + by });
    return e;
  }
  return e;
}

export { EOFError };
