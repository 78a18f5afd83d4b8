/**
 * Streams of top-level JSON values to unmarshal one by one (Go's jsontext.Decoder as
 * UnmarshalDecode reads it): {@link ValueStream} over bytes in memory, read synchronously
 * (Go's `jsontext.NewDecoder(bytes.NewReader(b))`), and {@link AsyncValueStream} over any
 * source (a Node Readable, a web ReadableStream, an async or sync iterable of chunks, bytes, a
 * string), read in windows: only the value being decoded and the rest of the last chunk are
 * held, so a stream of any length decodes in bounded memory.
 */
import type { GoType } from "@gojson/gotype";
import { type ByteSource, type ChunkReader, chunkReader, SyntacticError } from "@gojson/jsontext";
import { LARGE_INPUT } from "@gojson/jsontext/internal";
import { describeArgument, InvalidArgumentError } from "./argument-errors.js";
import { EOFError, JsonError, SemanticError, setErrorValue, syntacticError } from "./errors.js";
import { type Options, type OptionsInput, type ResolvedOptions, resolveOptions } from "./options.js";
import { Reader, toBytes } from "./reader.js";
import { NO_FAST, unmarshalFast } from "./unmarshal-fast.js";

/** The first window of an AsyncValueStream (bytes); it grows to hold the largest value. */
export const STREAM_WINDOW = 64 * 1024;

/** Byte 0x1E, RS: the record separator of JSON text sequences (RFC 7464). */
const RS = 0x1e;

/** Options of an AsyncValueStream (how the stream is framed; the codec options are separate). */
export interface StreamOptions {
  /**
   * `"json"` (default): whitespace-separated values, NDJSON included (Go's jsontext.Decoder).
   * `"json-seq"`: a JSON text sequence (RFC 7464, `application/json-seq`): each value is preceded
   * by the record separator U+001E, which is skipped between values.
   */
  readonly framing?: "json" | "json-seq";
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
  const all = new Uint8Array(n);
  let off = 0;
  for (const p of parts) {
    all.set(p, off);
    off += p.length;
  }
  return all;
}

function isWs(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

// Boundary finder modes.
const F_START = 0;
const F_CONTAINER = 1;
const F_STRING = 2;
const F_SCALAR = 3;
const F_DONE = 4;

/** Bytes past a value read before the exact engine decodes it (its error texts quote some). */
const ERROR_CONTEXT = 32;

/** decodeFramed's answer when the bytes after the value are still to be read. */
const NEED_MORE: unique symbol = Symbol("gojson.v2.needMore");

/** What decodeNext returns when only whitespace is left. */
export const END_OF_STREAM: unique symbol = Symbol("gojson.v2.endOfStream");

/**
 * AsyncValueStream reads the top-level values of a JSON stream one by one (`unmarshalDecode`
 * returns a promise here; `decodeValues` iterates). Bytes are read in windows: the values already
 * decoded are dropped, so memory holds one value and one chunk whatever the stream's length.
 * Errors and offsets are those of the same input in memory (offsets count from the stream's start).
 */
export class AsyncValueStream {
  /** @internal */
  readonly o: ResolvedOptions;
  private readonly src: ChunkReader;
  private readonly seq: boolean;
  /** Window: bytes [pos, len) of buf are unread; buf[0] is at absolute offset base. */
  private buf: Uint8Array = new Uint8Array(0);
  /** Whether buf is ours (else a chunk of the source, borrowed until a copy is needed). */
  private owned = false;
  private len = 0;
  private pos = 0;
  private base = 0;
  private eof = false;
  /** Boundary finder state: scan position, mode, depth, string state; [vs, ve) is the value found. */
  private fp = 0;
  private mode = F_START;
  private depth = 0;
  private inStr = false;
  private esc = false;
  private vs = 0;
  private ve = 0;
  private failed: unknown = undefined;

  constructor(source: ByteSource, options?: OptionsInput, stream?: StreamOptions) {
    this.o = resolveOptions(options);
    this.src = chunkReader(source);
    const framing = stream?.framing ?? "json";
    if (framing !== "json" && framing !== "json-seq")
      throw new InvalidArgumentError(
        `gojson: AsyncValueStream: framing must be "json" or "json-seq", got ${describeArgument(framing)}`,
      );
    this.seq = framing === "json-seq";
  }

  /** inputOffset is the byte offset (from the start of the stream) just after the last value read. */
  get inputOffset(): number {
    return this.base + this.pos;
  }

  /** more reports whether another value follows (reads until its first byte, or the end of the stream). */
  async more(): Promise<boolean> {
    for (;;) {
      this.skipSpace();
      if (this.fp < this.len) return true;
      if (this.eof) return false;
      await this.fill();
    }
  }

  /** cancel stops reading the source (a Node Readable is destroyed, a web stream's reader released). */
  async cancel(): Promise<void> {
    this.eof = true;
    await this.src.cancel();
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
    if (fast !== undefined && this.mode === F_START) {
      const v = this.decodeLine(o, fast);
      if (v !== NO_FAST) return v;
    }
    if (this.frame()) {
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
    this.skipSpace();
    const p = this.fp;
    const b = this.buf;
    if (p >= this.len) return NO_FAST;
    const nl = b.indexOf(0x0a, p);
    if (nl < 0 || nl >= this.len || nl - p > LARGE_INPUT.bytes) return NO_FAST;
    const v = unmarshalFast(fast, b.subarray(p, nl), o);
    if (v !== NO_FAST) this.next(nl + 1);
    return v;
  }

  private async fillThenDecode(
    o: ResolvedOptions,
    fast: GoType | undefined,
    exact: (r: Reader) => unknown,
  ): Promise<unknown> {
    for (;;) {
      while (!this.frame()) await this.fill();
      const v = this.decodeFramed(o, fast, exact);
      if (v !== NEED_MORE) return v;
      await this.fill();
    }
  }

  /** decodeFramed decodes the value the finder framed (or reports the end of the stream). */
  private decodeFramed(o: ResolvedOptions, fast: GoType | undefined, exact: (r: Reader) => unknown): unknown {
    if (this.mode === F_START) {
      // End of stream with only whitespace (and separators) left.
      this.pos = this.len;
      return END_OF_STREAM;
    }
    const vs = this.vs;
    const complete = this.mode === F_DONE;
    if (complete && fast !== undefined && this.ve - vs <= LARGE_INPUT.bytes) {
      const v = unmarshalFast(fast, this.buf.subarray(vs, this.ve), o);
      if (v !== NO_FAST) {
        this.next(this.ve);
        return v;
      }
    }
    // The exact engine reads the value from its first byte over the rest of the window (a
    // truncated value reaches the end of the window, which is the end of the stream). Its errors
    // may quote a few bytes past the value: those are read first, so the text is the same for
    // every split of the input.
    if (!this.eof && this.len - this.ve < ERROR_CONTEXT) return NEED_MORE;
    const shift = this.base + vs;
    const r = new Reader(
      this.buf.subarray(vs, this.len),
      o.flags.allowDuplicateNames,
      o.flags.allowInvalidUTF8,
    );
    let v: unknown;
    try {
      v = exact(r);
    } catch (e) {
      this.failed = shiftError(e, shift);
      throw this.failed;
    }
    this.next(vs + r.d.inputOffset);
    return v;
  }

  /** next moves past a value that ended at window index end. */
  private next(end: number): void {
    this.pos = end;
    this.fp = end;
    this.mode = F_START;
  }

  private skipSpace(): void {
    if (this.mode !== F_START) return;
    const b = this.buf;
    const n = this.len;
    let p = this.fp;
    for (;;) {
      while (p < n && isWs(b[p] as number)) p++;
      if (this.seq && p < n && b[p] === RS) {
        p++;
        continue;
      }
      break;
    }
    this.fp = p;
  }

  /**
   * frame advances the boundary finder over the window; true when the next value is framed in
   * [vs, ve) (a scalar with the byte after it, or the end of the stream), or the stream ended.
   */
  private frame(): boolean {
    const b = this.buf;
    const n = this.len;
    if (this.mode === F_START) {
      this.skipSpace();
      let p = this.fp;
      if (p >= n) return this.eof;
      const c = b[p] as number;
      this.vs = p;
      p++;
      if (c === 0x7b || c === 0x5b) {
        this.mode = F_CONTAINER;
        this.depth = 1;
        this.inStr = false;
        this.esc = false;
      } else if (c === 0x22) {
        this.mode = F_STRING;
        this.esc = false;
      } else this.mode = F_SCALAR;
      this.fp = p;
    }
    let p = this.fp;
    switch (this.mode) {
      case F_STRING: {
        let esc = this.esc;
        while (p < n) {
          const c = b[p++] as number;
          if (esc) esc = false;
          else if (c === 0x5c) esc = true;
          else if (c === 0x22) {
            this.fp = p;
            this.ve = p;
            this.mode = F_DONE;
            return true;
          }
        }
        this.esc = esc;
        this.fp = p;
        return this.eof;
      }
      case F_SCALAR: {
        while (p < n && !isDelim(b[p] as number, this.seq)) p++;
        this.fp = p;
        if (p >= n && !this.eof) return false;
        this.ve = p;
        this.mode = F_DONE;
        return true;
      }
      case F_CONTAINER: {
        let depth = this.depth;
        let inStr = this.inStr;
        let esc = this.esc;
        while (p < n) {
          const c = b[p++] as number;
          if (inStr) {
            if (esc) esc = false;
            else if (c === 0x5c) esc = true;
            else if (c === 0x22) inStr = false;
          } else if (c === 0x22) inStr = true;
          else if (c === 0x7b || c === 0x5b) depth++;
          else if (c === 0x7d || c === 0x5d) {
            if (--depth === 0) {
              this.fp = p;
              this.ve = p;
              this.mode = F_DONE;
              return true;
            }
          }
        }
        this.depth = depth;
        this.inStr = inStr;
        this.esc = esc;
        this.fp = p;
        return this.eof;
      }
      default:
        return true;
    }
  }

  /** fill appends the source's next chunk to the window, dropping the bytes already decoded. */
  private async fill(): Promise<void> {
    if (this.eof) return;
    let c = this.src.next();
    if (c instanceof Promise) c = await c;
    if (c === undefined) {
      this.eof = true;
      return;
    }
    const keep = this.len - this.pos;
    if (keep === 0) {
      // Nothing pending: the chunk itself is the window (no copy).
      this.base += this.len;
      this.shiftFinder(this.pos);
      this.buf = c;
      this.owned = false;
      this.pos = 0;
      this.len = c.length;
      return;
    }
    const need = keep + c.length;
    let b = this.buf;
    if (!this.owned || b.length < need) {
      let cap = Math.max(STREAM_WINDOW, b.length);
      while (cap < need) cap *= 2;
      const nb = new Uint8Array(cap);
      nb.set(b.subarray(this.pos, this.len));
      b = nb;
      this.owned = true;
    } else if (this.pos > 0) b.copyWithin(0, this.pos, this.len);
    b.set(c, keep);
    this.base += this.pos;
    this.shiftFinder(this.pos);
    this.buf = b;
    this.pos = 0;
    this.len = need;
  }

  private shiftFinder(by: number): void {
    this.fp -= by;
    this.vs -= by;
    this.ve -= by;
  }
}

function isDelim(c: number, seq: boolean): boolean {
  return (
    isWs(c) ||
    c === 0x7b ||
    c === 0x7d ||
    c === 0x5b ||
    c === 0x5d ||
    c === 0x2c ||
    c === 0x3a ||
    c === 0x22 ||
    (seq && c === RS)
  );
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
