/**
 * Go v1's streaming Decoder and Encoder (encoding/json stream.go): many JSON
 * values from one byte stream (Uint8Array, string, Node Readable, web
 * ReadableStream or any AsyncIterable of chunks), tokens, and an Encoder
 * writing one value per line.
 */
import { type GoType, type JsonNumber, quoteCharV1, type SyntacticError, T } from "./deps.js";
import { GoError, JsonSyntaxError, type JsonV1Error } from "./errors.js";
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
  private buf = new Uint8Array(0);
  private scanp = 0;
  private scanned = 0;
  private readonly scan = new ScannerV1();
  private err: JsonV1Error | null = null;
  private eof = false;
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
      this.buf = this.buf.slice(this.scanp);
      this.scanp = 0;
    }
    if (this.eof) return false;
    const r = await this.it.next();
    if (r.done) {
      this.eof = true;
      return false;
    }
    const chunk = typeof r.value === "string" ? utf8.encode(r.value) : r.value;
    const nb = new Uint8Array(this.buf.length + chunk.length);
    nb.set(this.buf);
    nb.set(chunk, this.buf.length);
    this.buf = nb;
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
      if (!(await this.refill())) {
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
  async decode(type: GoType, options: Pick<UnmarshalOptions, "into"> = {}): Promise<unknown> {
    if (this.err !== null) throw this.err;
    await this.prepareForDecode();
    if (!this.valueAllowed()) throw new JsonSyntaxError("not at beginning of value", this.inputOffset());
    const n = await this.readValue();
    const value = this.buf.slice(this.scanp, this.scanp + n);
    this.scanp += n;
    try {
      return runDecode(
        type,
        prepareInput(value),
        { into: options.into, useNumber: this.numbers, disallowUnknownFields: this.strict },
        true,
      );
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

/** Go's json.Encoder: writes each value as JSON followed by a newline. */
export class Encoder {
  private prefix = "";
  private indentText = "";
  private escapeHTML = true;
  private readonly write: (chunk: Uint8Array) => unknown;

  constructor(sink: EncoderSink) {
    if (typeof sink === "function") this.write = sink;
    else if (typeof (sink as WritableStream<Uint8Array>).getWriter === "function") {
      const w = (sink as WritableStream<Uint8Array>).getWriter();
      this.write = (chunk) => w.write(chunk as Uint8Array<ArrayBuffer>);
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
  async encode(type: GoType, value: unknown): Promise<void> {
    let b: Uint8Array = utf8.encode(`${marshalToString(type, value, this.escapeHTML)}\n`);
    if (this.prefix !== "" || this.indentText !== "") b = indent(b, this.prefix, this.indentText);
    await this.write(b);
  }
}
