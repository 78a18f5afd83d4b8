/**
 * Go v1's json.Decoder state machine (encoding/json stream.go), written once
 * for both drivers: each operation is a generator that yields NEED_INPUT when
 * its buffer runs dry, and the driver answers with the source's next chunk (or
 * SOURCE_DONE) — synchronously for SyncDecoder, after an await for Decoder.
 *
 * The buffer follows Go's exactly: a refill first slides the unread bytes
 * down, grows the capacity to 2·cap+512 when less than 512 bytes are free, and
 * takes at most the free capacity from the source (a chunk larger than that is
 * read over several refills, as Go's Read fills at most len(p) bytes). So
 * `buffered()` and `inputOffset()` give Go's answers for the same reads.
 */
import { type GoType, quoteCharV1, type SyntacticError, T } from "./deps.js";
import { GoError, JsonSyntaxError } from "./errors.js";
import { unmarshalLarge } from "./large-document.js";
import type { ResolvedDecode, UnmarshalOptions } from "./options.js";
import { ScannerV1, ScanOp, toV1SyntaxError } from "./syntax.js";
import { MAX_INPUT_BYTES, prepareInput, runDecode } from "./unmarshal.js";
import { NO_FAST, unmarshalFast } from "./unmarshal-fast.js";
import { isSpace, valueEnd } from "./value-end.js";

/** Yielded by a decoder operation that needs the source's next chunk. */
export const NEED_INPUT: unique symbol = Symbol("gojson.codec-v1.needInput");
/** Passed back to an operation when the source has ended. */
export const SOURCE_DONE: unique symbol = Symbol("gojson.codec-v1.sourceDone");

/** What a driver passes back: a chunk, or SOURCE_DONE. */
export type Chunk = Uint8Array | string | typeof SOURCE_DONE;

/** A decoder operation (see the module doc). */
export type Op<R> = Generator<typeof NEED_INPUT, R, Chunk>;

/** Go's minRead: the free capacity a refill makes sure of before reading. */
export const MIN_READ = 512;

/** A JSON delimiter token (Go's json.Delim): `[`, `]`, `{` or `}`. */
export class Delim {
  private constructor(readonly value: "[" | "]" | "{" | "}") {}
  /** The delimiter character (Go's Delim.String). */
  toString(): string {
    return this.value;
  }
  static readonly BeginArray = new Delim("[");
  static readonly EndArray = new Delim("]");
  static readonly BeginObject = new Delim("{");
  static readonly EndObject = new Delim("}");
}

/** A token from Decoder.token (Go's json.Token): Delim, boolean, number (or JsonNumber), string or null. */
export type Token = Delim | boolean | number | import("@gojson/gotype").JsonNumber | string | null;

enum TS {
  TopValue,
  ArrayStart,
  ArrayValue,
  ArrayComma,
  ObjectStart,
  ObjectKey,
  ObjectColon,
  ObjectValue,
  ObjectComma,
}

const utf8 = new TextEncoder();

/**
 * framedLength is the length of what Go's readValue would return from p (leading whitespace and
 * the value) when the value is whole in b: a container to its closing delimiter, a string or a
 * scalar followed by one more byte in b (Go's scanner ends them on the byte after). 0 when the
 * value runs past b.
 */
export function framedLength(b: Uint8Array, p: number): number {
  let i = p;
  while (i < b.length && isSpace(b[i] as number)) i++;
  if (i >= b.length) return 0;
  const c = b[i] as number;
  const end = valueEnd(b, i);
  if (end < 0 || (c === 0x22 && end >= b.length)) return 0;
  return end - p;
}

/** Go's io.EOF, thrown when the stream ends cleanly before a value. */
export function isEOF(e: unknown): boolean {
  return GoError.isInstance(e) && e.kind === "eof";
}

/** The state of one Decoder and its operations. */
export class DecoderCore {
  /** The unread bytes: a view of `store` from 0 (Go's dec.buf); its length is len(dec.buf). */
  buf = new Uint8Array(0);
  /** Backing storage of `buf`; `cap` is Go's cap(dec.buf) (the storage may be larger). */
  private store = new Uint8Array(0);
  private cap = 0;
  scanp = 0;
  private scanned = 0;
  private readonly scan = new ScannerV1();
  /** Go's dec.err: the sticky error of readValue (syntax, EOF, unexpected EOF, or the source's own error). */
  err: unknown = null;
  /** The error the source failed with; a failed source keeps failing with it, as Go's readers do. */
  private srcErr: { readonly e: unknown } | null = null;
  private eof = false;
  /** The part of the source's last chunk not read yet (Go's reader still holds it). */
  private pending: Uint8Array = new Uint8Array(0);
  /** A high surrogate that ended the last text chunk, held for the low surrogate that may start the next. */
  private high = "";
  private tokenState = TS.TopValue;
  private readonly tokenStack: TS[] = [];
  useNumber: boolean;
  disallowUnknownFields: boolean;
  /** The longest value (bytes, leading whitespace included) the Decoder reads (StreamLimits.maxBytes). */
  maxBytes = Number.POSITIVE_INFINITY;
  readonly goVersion: ResolvedDecode["goVersion"];

  constructor(o: ResolvedDecode) {
    this.useNumber = o.useNumber;
    this.disallowUnknownFields = o.disallowUnknownFields;
    this.goVersion = o.goVersion;
  }

  /** Go's Decoder.Buffered: the bytes read but not yet consumed. */
  buffered(): Uint8Array {
    return this.buf.slice(this.scanp);
  }

  /** Go's Decoder.InputOffset: the byte offset of the current position. */
  inputOffset(): number {
    return this.scanned + this.scanp;
  }

  /** Bytes of a chunk: text chunks are the UTF-8 of their concatenation (a split surrogate pair is one code point). */
  private bytesOf(c: Chunk): Uint8Array | null {
    if (c === SOURCE_DONE) {
      if (this.high === "") return null;
      const lone = utf8.encode(this.high); // a lone high surrogate at the end: U+FFFD, as TextEncoder writes it
      this.high = "";
      return lone;
    }
    if (typeof c === "string") {
      let text = this.high === "" ? c : this.high + c;
      this.high = "";
      const last = text.charCodeAt(text.length - 1);
      if (last >= 0xd800 && last <= 0xdbff) {
        this.high = text.slice(-1);
        text = text.slice(0, -1);
      }
      return utf8.encode(text);
    }
    if (this.high !== "") {
      // A held high surrogate before a byte chunk: U+FFFD (3 bytes), then the bytes.
      const lone = utf8.encode(this.high);
      const b = new Uint8Array(lone.length + c.length);
      b.set(lone);
      b.set(c, lone.length);
      this.high = "";
      return b;
    }
    return c;
  }

  /** A value longer than maxBytes: a sticky error, as Go's dec.err (the stream cannot be read past it). */
  private tooLarge(): never {
    this.err = new GoError(
      "too-large",
      `gojson: a value starting at offset ${this.inputOffset()} is longer than maxBytes (${this.maxBytes} bytes)`,
    );
    throw this.err;
  }

  /** Go's refill: slides the unread bytes down, grows, reads once; false at the end of the source. */
  private *refill(): Op<boolean> {
    this.makeRoom();
    while (this.pending.length === 0) {
      if (this.eof) return false;
      if (this.srcErr !== null) throw this.srcErr.e;
      let c: Chunk;
      try {
        c = yield NEED_INPUT;
      } catch (e) {
        // A source is finished once it throws; remember the error so every later read reports it.
        this.srcErr = { e };
        throw e;
      }
      if (c === SOURCE_DONE) this.eof = true;
      this.pending = this.bytesOf(c) ?? new Uint8Array(0);
    }
    this.takePending();
    return true;
  }

  /** The first half of Go's refill: slide the unread bytes down, grow the capacity when less than MIN_READ is free. */
  private makeRoom(): void {
    if (this.scanp > 0) {
      this.scanned += this.scanp;
      this.store.copyWithin(0, this.scanp, this.buf.length);
      this.buf = this.store.subarray(0, this.buf.length - this.scanp);
      this.scanp = 0;
    }
    const n = this.buf.length;
    if (this.cap - n < MIN_READ) {
      this.cap = 2 * this.cap + MIN_READ;
      if (this.store.length < this.cap) {
        const grown = new Uint8Array(this.cap);
        grown.set(this.buf);
        this.store = grown;
        this.buf = grown.subarray(0, n);
      }
    }
  }

  /** The read of Go's refill, from the part of the source's last chunk not read yet (non-empty). */
  private takePending(): void {
    const n = this.buf.length;
    const k = Math.min(this.cap - n, this.pending.length);
    this.store.set(this.pending.subarray(0, k), n);
    this.pending = this.pending.subarray(k);
    this.buf = this.store.subarray(0, n + k);
  }

  /** The next non-space byte (consuming the spaces before it); EOF at the end of the source. */
  *peek(): Op<number> {
    for (;;) {
      for (let i = this.scanp; i < this.buf.length; i++) {
        const c = this.buf[i] as number;
        if (isSpace(c)) continue;
        this.scanp = i;
        return c;
      }
      if (!(yield* this.refill())) throw new GoError("eof", "EOF");
    }
  }

  /** Go's readValue: the length of the next whole value from scanp (reading more as needed). */
  private *readValue(): Op<number> {
    // Go's scanner.reset keeps the byte count: offsets are relative to the stream.
    const counted = this.scan.bytes;
    this.scan.reset();
    this.scan.bytes = counted;
    let scanp = this.scanp;
    for (;;) {
      const len = this.scanValue(scanp);
      if (len >= 0) return len;
      const n = this.buf.length - this.scanp;
      if (n > this.maxBytes) this.tooLarge();
      let more: boolean;
      try {
        more = yield* this.refill();
      } catch (e) {
        // Go's readValue keeps the reader's error in dec.err: every later Decode returns it.
        this.err = e;
        throw e;
      }
      if (!more) {
        if (this.scan.step(0x20) === ScanOp.End) return this.buf.length - this.scanp;
        const nonSpace = this.buf.some((c) => !isSpace(c));
        this.err = nonSpace ? new GoError("unexpected-eof", "unexpected EOF") : new GoError("eof", "EOF");
        throw this.err;
      }
      scanp = this.scanp + n;
    }
  }

  /**
   * readValueNow is readValue while the bytes it needs are read already (the rest of the source's
   * last chunk): the same refills, without a generator. -1 when it must wait for the source: the
   * refills made are the ones readValue makes, which then scans again from scanp.
   */
  private readValueNow(): number {
    const counted = this.scan.bytes;
    this.scan.reset();
    this.scan.bytes = counted;
    let scanp = this.scanp;
    for (;;) {
      const len = this.scanValue(scanp);
      if (len >= 0) return len;
      const n = this.buf.length - this.scanp;
      if (n > this.maxBytes) this.tooLarge();
      if (this.pending.length === 0) {
        this.scan.bytes = counted;
        this.waiting = !this.eof && this.srcErr === null;
        return -1;
      }
      this.makeRoom();
      this.takePending();
      scanp = this.scanp + n;
    }
  }

  /** Go's scanner over the buffer from `from`: the length of the value from scanp when it ends there, else -1. */
  private scanValue(from: number): number {
    const buf = this.buf;
    for (let scanp = from; scanp < buf.length; scanp++) {
      const c = buf[scanp] as number;
      this.scan.bytes++;
      const op = this.scan.step(c);
      if (op === ScanOp.End) {
        this.scan.bytes--;
        return scanp - this.scanp;
      }
      if ((op === ScanOp.EndObject || op === ScanOp.EndArray) && this.scan.endTop) {
        return scanp + 1 - this.scanp;
      }
      if (op === ScanOp.Error) {
        this.err = toV1SyntaxError(this.scan.err as SyntacticError);
        throw this.err;
      }
    }
    return -1;
  }

  private *prepareForDecode(): Op<void> {
    if (this.tokenState === TS.ArrayComma) {
      const c = yield* this.peek();
      if (c !== 0x2c) throw new JsonSyntaxError("expected comma after array element", this.inputOffset());
      this.scanp++;
      this.tokenState = TS.ArrayValue;
    } else if (this.tokenState === TS.ObjectColon) {
      const c = yield* this.peek();
      if (c !== 0x3a) throw new JsonSyntaxError("expected colon after object key", this.inputOffset());
      this.scanp++;
      this.tokenState = TS.ObjectValue;
    }
  }

  private valueAllowed(): boolean {
    const s = this.tokenState;
    return s === TS.TopValue || s === TS.ArrayStart || s === TS.ArrayValue || s === TS.ObjectValue;
  }

  private valueEnd(): void {
    if (this.tokenState === TS.ArrayStart || this.tokenState === TS.ArrayValue)
      this.tokenState = TS.ArrayComma;
    else if (this.tokenState === TS.ObjectValue) this.tokenState = TS.ObjectComma;
  }

  /**
   * Set when decodeBuffered stopped only because the source's next chunk is needed: the driver
   * reads it, hands it to `supply`, and asks decodeBuffered again (Go's refill, in two steps).
   */
  waiting = false;

  /** supply takes the source's next chunk as refill does (decodeBuffered then goes on with it). */
  supply(c: Chunk): void {
    this.waiting = false;
    if (c === SOURCE_DONE) this.eof = true;
    this.pending = this.bytesOf(c) ?? new Uint8Array(0);
  }

  /** supplyFailure records the source's error as refill does (the next read reports it). */
  supplyFailure(e: unknown): void {
    this.waiting = false;
    this.srcErr = { e };
  }

  /** The options of the fast path's calls (a fresh destination), made again when a setting changes. */
  private fastOptions: UnmarshalOptions = { into: undefined };

  private optionsFor(into: unknown): UnmarshalOptions {
    const f = this.fastOptions;
    if (
      into === undefined &&
      f.useNumber === this.useNumber &&
      f.disallowUnknownFields === this.disallowUnknownFields &&
      f.goVersion === this.goVersion
    )
      return f;
    const o = {
      into,
      useNumber: this.useNumber,
      disallowUnknownFields: this.disallowUnknownFields,
      goVersion: this.goVersion,
    };
    if (into === undefined) this.fastOptions = o;
    return o;
  }

  /**
   * decodeBuffered is Decode's shortcut for a fresh destination and a value whole in the buffer
   * at a place where a value may start (no delimiter to read first): framed without Go's scanner,
   * decoded by the fast path, which validates it. NO_FAST for anything else (Decode then runs the
   * whole state machine). No generator, no promise: a stream of small values makes no garbage
   * but the values.
   */
  decodeBuffered(type: GoType, into: unknown): unknown {
    this.waiting = false;
    if (into !== undefined || this.err !== null) return NO_FAST;
    const s = this.tokenState;
    if (s !== TS.TopValue && s !== TS.ArrayStart && s !== TS.ArrayValue && s !== TS.ObjectValue)
      return NO_FAST;
    const options = this.optionsFor(undefined);
    const v = this.fastValue(type, options);
    if (v !== NO_FAST || this.pending.length === 0) return v;
    if (this.framedShort) {
      const r = this.fastValueRefilled(type, options, this.lineShort);
      if (r !== NO_FAST) return r;
    }
    // The value runs past the buffer and the source's next bytes are read already: Go's
    // readValue and Decode's rest, without a generator or a promise.
    const n = this.readValueNow();
    return n < 0 ? NO_FAST : this.decodeRead(type, undefined, options, n);
  }

  /** fastValue decodes the value whole in the buffer at scanp with the fast path, or answers NO_FAST. */
  private fastValue(type: GoType, options: UnmarshalOptions): unknown {
    const b = this.buf;
    let q = this.scanp;
    while (q < b.length && isSpace(b[q] as number)) q++;
    // A stream of lines (NDJSON): the value is most often the rest of its line, found by one
    // native search instead of framing it byte by byte.
    const nl = q < b.length ? b.indexOf(0x0a, q) : -1;
    this.lineShort = nl < 0;
    if (nl >= 0) {
      const v = this.fastLine(type, options, q, nl);
      if (v !== NO_FAST) return v;
    }
    const n = framedLength(b, this.scanp);
    this.framedShort = n === 0;
    if (n === 0 || n > this.maxBytes) return NO_FAST;
    return this.fastTake(type, options, this.scanp, this.scanp + n);
  }

  /** Set by fastValue: the value runs past the buffer (it may be whole once Go's refills are made). */
  private framedShort = false;
  /** Set by fastValue: no newline follows the value's first byte in the buffer. */
  private lineShort = false;

  /**
   * fastLine decodes the value that starts at q (the first non-space byte from scanp) as the
   * rest of its line, ending before the newline at nl, with the fast path; NO_FAST when that is
   * not one valid value (then it is framed). Trailing spaces are left unread, as Go's scanner
   * leaves them.
   */
  private fastLine(type: GoType, options: UnmarshalOptions, q: number, nl: number): unknown {
    const b = this.buf;
    let e = nl;
    while (e > q && isSpace(b[e - 1] as number)) e--;
    if (e === q || e - this.scanp > this.maxBytes) return NO_FAST;
    return this.fastTake(type, options, q, e);
  }

  /** fastTake decodes buf[from, to) with the fast path and, unless it declines, reads up to `to`. */
  private fastTake(type: GoType, options: UnmarshalOptions, from: number, to: number): unknown {
    const v = unmarshalFast(type, this.buf.subarray(from, to), options);
    if (v === NO_FAST) return NO_FAST;
    this.scan.bytes += to - this.scanp;
    this.scanp = to;
    this.valueEnd();
    return v;
  }

  /**
   * fastValue for a value that runs past the buffer while the source's last chunk holds more
   * (every few values of a stream: the buffer is Go's, of a few KB): Go's refills from that chunk
   * until the value's end is in the buffer (its line's end, or its framing), then the fast path.
   * For a valid value Go's scanner makes the same refills (it reads until the value ends) without
   * scanning byte by byte here. Anything else (the fast path declines, the chunk runs out first,
   * maxBytes, a line whose value ended before the last refill) puts the buffer and the chunk back
   * as they were, and Go's scanner reads the value (readValueNow).
   */
  private fastValueRefilled(type: GoType, options: UnmarshalOptions, lines: boolean): unknown {
    const cap = this.cap;
    // Sliding the consumed bytes out changes nothing Go's Decoder shows (Buffered, InputOffset).
    this.makeRoom();
    const len = this.buf.length;
    const pending = this.pending;
    if (lines) {
      const v = this.refillToLine(type, options);
      if (v !== NO_FAST) return v;
      this.putBack(cap, pending, len);
      this.makeRoom();
    }
    const v = this.refillToFrame(type, options);
    if (v === NO_FAST) this.putBack(cap, pending, len);
    return v;
  }

  /** putBack undoes fast refills: the capacity, the chunk's unread part and the buffer's length as they were. */
  private putBack(cap: number, pending: Uint8Array, len: number): void {
    this.cap = cap;
    this.pending = pending;
    this.buf = this.store.subarray(0, len);
  }

  /** Go's refills until a newline follows the value's first byte, then fastLine (see fastValueRefilled). */
  private refillToLine(type: GoType, options: UnmarshalOptions): unknown {
    for (;;) {
      if (this.pending.length === 0 || this.buf.length - this.scanp > this.maxBytes) return NO_FAST;
      const prev = this.buf.length;
      this.takePending();
      const b = this.buf;
      let q = this.scanp;
      while (q < b.length && isSpace(b[q] as number)) q++;
      if (q < b.length) {
        // No newline after q among the bytes before this read (fastValue and earlier reads looked).
        const nl = b.indexOf(0x0a, Math.max(q, prev));
        if (nl >= 0) {
          let e = nl;
          while (isSpace(b[e - 1] as number)) e--;
          // Go's scanner ends an object or array on its last byte, anything else on the byte after.
          const c = b[q] as number;
          const need = c === 0x7b || c === 0x5b ? e : e + 1;
          // A value whole before this read: Go would not have made it.
          if (need <= prev) return NO_FAST;
          return this.fastLine(type, options, q, nl);
        }
      }
      this.makeRoom();
    }
  }

  /** Go's refills until the framing finds the value's end, then the fast path (see fastValueRefilled). */
  private refillToFrame(type: GoType, options: UnmarshalOptions): unknown {
    let n = 0;
    while (this.pending.length > 0 && this.buf.length - this.scanp <= this.maxBytes) {
      this.takePending();
      n = framedLength(this.buf, this.scanp);
      if (n > 0) break;
      this.makeRoom();
    }
    if (n === 0 || n > this.maxBytes) return NO_FAST;
    return this.fastTake(type, options, this.scanp, this.scanp + n);
  }

  /** Go's Decoder.Decode into a value of `type` (or into `into`). */
  *decode(type: GoType, into: unknown): Op<unknown> {
    if (this.err !== null) throw this.err;
    yield* this.prepareForDecode();
    if (!this.valueAllowed()) throw new JsonSyntaxError("not at beginning of value", this.inputOffset());
    const options = this.optionsFor(into);
    // A fresh destination and a value whole in the buffer: framed without Go's scanner, decoded by
    // the fast path, which validates it (anything it declines is read again by readValue below).
    if (into === undefined) {
      const fast = this.fastValue(type, options);
      if (fast !== NO_FAST) return fast;
    }
    return this.decodeRead(type, into, options, yield* this.readValue());
  }

  /** The rest of Decode once readValue has found the value's `n` bytes at scanp: they are consumed and decoded. */
  private decodeRead(type: GoType, into: unknown, options: UnmarshalOptions, n: number): unknown {
    if (n > this.maxBytes) this.tooLarge();
    if (n > MAX_INPUT_BYTES) {
      // Past the longest string: element by element on the bytes (readValue has checked them).
      const whole = this.buf.subarray(this.scanp, this.scanp + n);
      this.scanp += n;
      try {
        return unmarshalLarge(type, whole, options, true);
      } finally {
        this.valueEnd();
      }
    }
    const at = this.scanp;
    this.scanp += n;
    try {
      // A fresh destination: the fast path first (it gives up on anything the exact engine must
      // decide; it keeps nothing of its input, as fastValue's calls rely on).
      if (into === undefined) {
        const fast = unmarshalFast(type, this.buf.subarray(at, at + n), options);
        if (fast !== NO_FAST) return fast;
      }
      return runDecode(type, prepareInput(this.buf.slice(at, at + n)), options, true);
    } finally {
      this.valueEnd();
    }
  }

  /** Go's Decoder.More. */
  *more(): Op<boolean> {
    try {
      const c = yield* this.peek();
      return c !== 0x5d && c !== 0x7d;
    } catch {
      return false;
    }
  }

  /**
   * After a value: whether only whitespace is left (true), or the first byte of what follows
   * (its code) with the source read up to it.
   */
  *atEnd(): Op<true | number> {
    try {
      return yield* this.peek();
    } catch (e) {
      if (isEOF(e)) return true;
      throw e;
    }
  }

  private tokenError(c: number): never {
    let context = "";
    switch (this.tokenState) {
      case TS.TopValue:
      case TS.ArrayStart:
      case TS.ArrayValue:
      case TS.ObjectValue:
        context = " looking for beginning of value";
        break;
      case TS.ArrayComma:
        context = " after array element";
        break;
      case TS.ObjectKey:
        context = " looking for beginning of object key string";
        break;
      case TS.ObjectColon:
        context = " after object key";
        break;
      case TS.ObjectComma:
        context = " after object key:value pair";
        break;
    }
    throw new JsonSyntaxError(`invalid character ${quoteCharV1(c)}${context}`, this.inputOffset());
  }

  /** Go's Decoder.Token. */
  *token(): Op<Token> {
    for (;;) {
      const c = yield* this.peek();
      switch (c) {
        case 0x5b:
        case 0x7b:
          if (!this.valueAllowed()) this.tokenError(c);
          this.scanp++;
          this.tokenStack.push(this.tokenState);
          this.tokenState = c === 0x5b ? TS.ArrayStart : TS.ObjectStart;
          return c === 0x5b ? Delim.BeginArray : Delim.BeginObject;
        case 0x5d:
          if (this.tokenState !== TS.ArrayStart && this.tokenState !== TS.ArrayComma) this.tokenError(c);
          this.scanp++;
          this.tokenState = this.tokenStack.pop() as TS;
          this.valueEnd();
          return Delim.EndArray;
        case 0x7d:
          if (this.tokenState !== TS.ObjectStart && this.tokenState !== TS.ObjectComma) this.tokenError(c);
          this.scanp++;
          this.tokenState = this.tokenStack.pop() as TS;
          this.valueEnd();
          return Delim.EndObject;
        case 0x3a:
          if (this.tokenState !== TS.ObjectColon) this.tokenError(c);
          this.scanp++;
          this.tokenState = TS.ObjectValue;
          continue;
        case 0x2c:
          if (this.tokenState === TS.ArrayComma) {
            this.scanp++;
            this.tokenState = TS.ArrayValue;
            continue;
          }
          if (this.tokenState === TS.ObjectComma) {
            this.scanp++;
            this.tokenState = TS.ObjectKey;
            continue;
          }
          this.tokenError(c);
          break;
        case 0x22:
          if (this.tokenState === TS.ObjectStart || this.tokenState === TS.ObjectKey) {
            const old = this.tokenState;
            this.tokenState = TS.TopValue;
            let x: unknown;
            try {
              x = yield* this.decode(T.string, undefined);
            } finally {
              this.tokenState = old;
            }
            this.tokenState = TS.ObjectColon;
            return x as string;
          }
      }
      if (!this.valueAllowed()) this.tokenError(c);
      return (yield* this.decode(T.any, undefined)) as Token;
    }
  }
}

/** Runs operation `op` to its end, answering each NEED_INPUT with `next()` (the source's next chunk). */
export function runSync<R>(op: Op<R>, next: () => Chunk): R {
  let r = op.next();
  while (!r.done) {
    let c: Chunk;
    try {
      c = next();
    } catch (e) {
      r = op.throw(e);
      continue;
    }
    r = op.next(c);
  }
  return r.value;
}

/**
 * Runs operation `op` to its end, answering each NEED_INPUT with the awaited `next()`. It runs
 * synchronously while the chunks come at once (a file's block already read, bytes in memory):
 * then the answer is one settled promise, with no async frame alive between reads.
 */
export function runAsync<R>(op: Op<R>, next: () => Promise<Chunk> | Chunk): Promise<R> {
  let r: IteratorResult<typeof NEED_INPUT, R>;
  try {
    r = op.next();
    while (!r.done) {
      let c: Chunk | Promise<Chunk>;
      try {
        c = next();
      } catch (e) {
        r = op.throw(e);
        continue;
      }
      if (c instanceof Promise) return resumeAsync(op, c, next);
      r = op.next(c);
    }
  } catch (e) {
    return Promise.reject(e);
  }
  return Promise.resolve(r.value);
}

/** runAsync's rest once a chunk is a promise: it is awaited, then the operation runs on. */
async function resumeAsync<R>(
  op: Op<R>,
  first: Promise<Chunk>,
  next: () => Promise<Chunk> | Chunk,
): Promise<R> {
  let pending: Promise<Chunk> | Chunk = first;
  for (;;) {
    let r: IteratorResult<typeof NEED_INPUT, R>;
    let c: Chunk;
    try {
      c = await pending;
    } catch (e) {
      // The source's error is the operation's to handle (it may catch it and ask again).
      r = op.throw(e);
      if (r.done) return r.value;
      pending = nextChunk(next);
      continue;
    }
    r = op.next(c);
    if (r.done) return r.value;
    pending = nextChunk(next);
  }
}

/** nextChunk calls `next`, its synchronous throw as a rejection. */
function nextChunk(next: () => Promise<Chunk> | Chunk): Promise<Chunk> | Chunk {
  try {
    return next();
  } catch (e) {
    return Promise.reject(e);
  }
}
