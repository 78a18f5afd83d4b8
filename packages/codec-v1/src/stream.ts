/**
 * Go v1's streaming Decoder and Encoder (encoding/json stream.go): many JSON
 * values from one byte stream (Uint8Array, string, Node Readable, web
 * ReadableStream or any AsyncIterable of chunks), tokens, and an Encoder
 * writing one value per line.
 */
import { type GoType, type JsonNumber, quoteCharV1, type SyntacticError, T } from "./deps.js";
import { GoError, JsonSyntaxError } from "./errors.js";
import { marshalToString } from "./marshal.js";
import type { UnmarshalOptions } from "./options.js";
import { indent, ScannerV1, ScanOp, toV1SyntaxError } from "./syntax.js";
import { prepareInput, runDecode } from "./unmarshal.js";

/** Anything the Decoder can read bytes from. */
export type DecoderSource =
  | Uint8Array
  | string
  | AsyncIterable<Uint8Array | string>
  | Iterable<Uint8Array | string>
  | ReadableStream<Uint8Array>;

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
export type Token = Delim | boolean | number | JsonNumber | string | null;

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

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0d || c === 0x0a;
}

/** Go's io.EOF, thrown when the stream ends cleanly before a value. */
export function isEOF(e: unknown): boolean {
  return GoError.isInstance(e) && e.kind === "eof";
}

function toIterator(src: DecoderSource): AsyncIterator<Uint8Array | string> | Iterator<Uint8Array | string> {
  if (typeof src === "string" || src instanceof Uint8Array) return [src][Symbol.iterator]();
  if (typeof (src as ReadableStream<Uint8Array>).getReader === "function" && !(Symbol.asyncIterator in src)) {
    const reader = (src as ReadableStream<Uint8Array>).getReader();
    return {
      next: async () => {
        const r = await reader.read();
        return r.done ? { done: true, value: undefined } : { done: false, value: r.value };
      },
    };
  }
  if (Symbol.asyncIterator in src) return (src as AsyncIterable<Uint8Array | string>)[Symbol.asyncIterator]();
  return (src as Iterable<Uint8Array | string>)[Symbol.iterator]();
}

/** Go's json.Decoder: reads successive JSON values from a byte stream. */
export class Decoder {
  /** The unread bytes: a view of `store` from 0 (Go's dec.buf). */
  private buf = new Uint8Array(0);
  /** Backing storage of `buf`, grown geometrically so a large value arriving in many chunks costs linear time. */
  private store = new Uint8Array(0);
  private scanp = 0;
  private scanned = 0;
  private readonly scan = new ScannerV1();
  /** Go's dec.err: the sticky error of readValue (syntax, EOF, unexpected EOF, or the source's own error). */
  private err: unknown = null;
  /** The error the source failed with; a failed source keeps failing with it, as Go's readers do. */
  private srcErr: { readonly e: unknown } | null = null;
  private eof = false;
  /** A high surrogate that ended the last text chunk, held for the low surrogate that may start the next. */
  private high = "";
  private tokenState = TS.TopValue;
  private readonly tokenStack: TS[] = [];
  private readonly it: AsyncIterator<Uint8Array | string> | Iterator<Uint8Array | string>;
  private numbers = false;
  private strict = false;

  constructor(source: DecoderSource) {
    this.it = toIterator(source);
  }

  /** Go's Decoder.UseNumber: numbers in `any` become JsonNumber. */
  useNumber(): void {
    this.numbers = true;
  }

  /** Go's Decoder.DisallowUnknownFields. */
  disallowUnknownFields(): void {
    this.strict = true;
  }

  /** Go's Decoder.Buffered: the bytes read but not yet consumed. */
  buffered(): Uint8Array {
    return this.buf.slice(this.scanp);
  }

  /** Go's Decoder.InputOffset: the byte offset of the current position. */
  inputOffset(): number {
    return this.scanned + this.scanp;
  }

  private async refill(): Promise<boolean> {
    if (this.scanp > 0) {
      this.scanned += this.scanp;
      this.store.copyWithin(0, this.scanp, this.buf.length);
      this.buf = this.store.subarray(0, this.buf.length - this.scanp);
      this.scanp = 0;
    }
    if (this.eof) return false;
    if (this.srcErr !== null) throw this.srcErr.e;
    let r: IteratorResult<Uint8Array | string>;
    try {
      r = await this.it.next();
    } catch (e) {
      // An iterator is finished once it throws; remember the error so every later read reports it.
      this.srcErr = { e };
      throw e;
    }
    let chunk: Uint8Array;
    if (r.done) {
      this.eof = true;
      if (this.high === "") return false;
      chunk = utf8.encode(this.high); // a lone high surrogate at the end: U+FFFD, as TextEncoder writes it
      this.high = "";
    } else if (typeof r.value === "string") {
      // Text chunks are the UTF-8 of their concatenation: a surrogate pair split between two
      // chunks is one code point, not two U+FFFD.
      let text = this.high === "" ? r.value : this.high + r.value;
      this.high = "";
      const last = text.charCodeAt(text.length - 1);
      if (last >= 0xd800 && last <= 0xdbff) {
        this.high = text.slice(-1);
        text = text.slice(0, -1);
      }
      chunk = utf8.encode(text);
    } else if (this.high !== "") {
      // A held high surrogate before a byte chunk: U+FFFD (3 bytes), then the bytes.
      const lone = utf8.encode(this.high);
      chunk = new Uint8Array(lone.length + r.value.length);
      chunk.set(lone);
      chunk.set(r.value, lone.length);
      this.high = "";
    } else chunk = r.value;
    const n = this.buf.length;
    if (n + chunk.length > this.store.length) {
      const grown = new Uint8Array(Math.max(2 * this.store.length, n + chunk.length, 512));
      grown.set(this.buf);
      this.store = grown;
    }
    this.store.set(chunk, n);
    this.buf = this.store.subarray(0, n + chunk.length);
    return true;
  }

  private async peek(): Promise<number> {
    for (;;) {
      for (let i = this.scanp; i < this.buf.length; i++) {
        const c = this.buf[i] as number;
        if (isSpace(c)) continue;
        this.scanp = i;
        return c;
      }
      if (!(await this.refill())) throw new GoError("eof", "EOF");
    }
  }

  private async readValue(): Promise<number> {
    // Go's scanner.reset keeps the byte count: offsets are relative to the stream.
    const counted = this.scan.bytes;
    this.scan.reset();
    this.scan.bytes = counted;
    let scanp = this.scanp;
    for (;;) {
      for (; scanp < this.buf.length; scanp++) {
        const c = this.buf[scanp] as number;
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
      const n = scanp - this.scanp;
      let more: boolean;
      try {
        more = await this.refill();
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

  private async prepareForDecode(): Promise<void> {
    if (this.tokenState === TS.ArrayComma) {
      const c = await this.peek();
      if (c !== 0x2c) throw new JsonSyntaxError("expected comma after array element", this.inputOffset());
      this.scanp++;
      this.tokenState = TS.ArrayValue;
    } else if (this.tokenState === TS.ObjectColon) {
      const c = await this.peek();
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
   * Go's Decoder.Decode: reads the next JSON value and unmarshals it into a
   * value of `type` (or into `options.into`). Throws Go's errors; `EOF` (see
   * isEOF) when the stream ends before a value.
   */
  async decode<T>(type: GoType<T>, options: Pick<UnmarshalOptions<NoInfer<T>>, "into"> = {}): Promise<T> {
    if (this.err !== null) throw this.err;
    await this.prepareForDecode();
    if (!this.valueAllowed()) throw new JsonSyntaxError("not at beginning of value", this.inputOffset());
    const n = await this.readValue();
    const value = this.buf.slice(this.scanp, this.scanp + n);
    this.scanp += n;
    try {
      return runDecode(
        type as GoType,
        prepareInput(value),
        { into: options.into, useNumber: this.numbers, disallowUnknownFields: this.strict },
        true,
      ) as T;
    } finally {
      this.valueEnd();
    }
  }

  /** Go's Decoder.More: whether another element follows in the current array or object. */
  async more(): Promise<boolean> {
    try {
      const c = await this.peek();
      return c !== 0x5d && c !== 0x7d;
    } catch {
      return false;
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

  /** Go's Decoder.Token: the next token (delimiters, then values as `any` decodes them). */
  async token(): Promise<Token> {
    for (;;) {
      const c = await this.peek();
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
              x = await this.decode(T.string);
            } finally {
              this.tokenState = old;
            }
            this.tokenState = TS.ObjectColon;
            return x as string;
          }
      }
      if (!this.valueAllowed()) this.tokenError(c);
      return (await this.decode(T.any)) as Token;
    }
  }
}

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
}

function isNodeWritable(s: unknown): s is NodeWritableLike {
  const w = s as Partial<NodeWritableLike>;
  return (
    typeof w.write === "function" && typeof w.once === "function" && typeof w.removeListener === "function"
  );
}

/**
 * Writes one chunk to a Node Writable the way Go's Write blocks: when the
 * stream's buffer is full, waits for "drain"; rejects with the stream's error
 * (or when it is destroyed) so the Encoder reports it, as Go's enc.err.
 */
function writeNode(s: NodeWritableLike, chunk: Uint8Array): Promise<void> | undefined {
  if (s.destroyed === true)
    return Promise.reject(s.errored ?? new Error("write after the stream was destroyed"));
  if (s.write(chunk)) return undefined;
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

  constructor(sink: EncoderSink) {
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
    } else {
      const s = sink as { write(chunk: Uint8Array): unknown };
      this.write = (chunk) => s.write(chunk);
    }
  }

  /** Go's Encoder.SetIndent. */
  setIndent(prefix: string, indentText: string): void {
    this.prefix = prefix;
    this.indentText = indentText;
  }

  /** Go's Encoder.SetEscapeHTML. */
  setEscapeHTML(on: boolean): void {
    this.escapeHTML = on;
  }

  /** Go's Encoder.Encode: marshals `value` of `type`, appends "\n", writes it in one call. */
  async encode<T>(type: GoType<T>, value: NoInfer<T>): Promise<void> {
    if (this.err !== null) throw this.err.e;
    let b: Uint8Array = utf8.encode(`${marshalToString(type, value, this.escapeHTML)}\n`);
    if (this.prefix !== "" || this.indentText !== "") b = indent(b, this.prefix, this.indentText);
    try {
      await this.write(b);
    } catch (e) {
      this.err = { e };
      throw e;
    }
  }
}
