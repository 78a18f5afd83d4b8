/**
 * Encoder: Go's jsontext.Encoder — writes tokens and raw values as JSON text to a sink
 * (a callback, a Node Writable, or a web WritableStream), checking the grammar and,
 * unless allowed, duplicate names; formats whitespace per the options.
 */
import { ByteWriter } from "./byte-writer.js";
import { Decoder } from "./decoder.js";
import { type EncoderOptions, resolveEncoderOptions } from "./encoder-options.js";
import { ERR_DUPLICATE_NAME, JsonError, quoteRuneV2, SyntacticError } from "./errors.js";
import { MAX_NESTING_DEPTH } from "./limits.js";
import { appendQuotedString, InvalidUTF8Error } from "./quote.js";
import {
  canonicalNumber,
  consumeNumber,
  ReformatFailure,
  Reformatter,
  type ResolvedFormat,
  skipWs,
} from "./reformat.js";
import { reorderObjects } from "./reorder.js";
import { type ByteSink, SinkWriter } from "./stream-sink.js";
import type { Token } from "./token.js";

/** EncoderSink receives output chunks: a callback, anything with Node's `write` (a Writable), or a web WritableStream. */
export type EncoderSink = ByteSink;

/** ENCODER_FLUSH_THRESHOLD is the buffered size (bytes) above which the Encoder hands output to the sink mid-value. */
export const ENCODER_FLUSH_THRESHOLD = 64 * 1024;

const ERR_MISMATCH = "mismatching structural token for object or array";
const ERR_MISSING_VALUE = "missing value after object name";
const ERR_NON_STRING_NAME = "object member name must be a string";

interface Frame {
  isObj: boolean;
  len: number;
  names: Set<string> | null;
  lastName: string;
}

const textEncoder = new TextEncoder();

/**
 * Encoder writes JSON tokens and values (Go's jsontext.Encoder). Each complete top-level
 * value is followed by a newline (unless omitTopLevelNewline) and handed to the sink;
 * call `flush()` to wait for an asynchronous sink. Without a sink, output accumulates
 * and `bytes()` returns it.
 */
export class Encoder {
  private readonly fmt: ResolvedFormat;
  private readonly out = new ByteWriter(1024);
  private readonly sink: SinkWriter | null;
  /** Set when the sink asked to wait: the caller should `await flush()` before writing more. */
  private backpressure = false;
  private base = 0;
  private readonly stack: Frame[] = [];

  private readonly reformatter: Reformatter;
  private readonly chunks: Uint8Array[] = [];

  constructor(sink?: EncoderSink | null, options?: EncoderOptions) {
    this.sink = sink === undefined || sink === null ? null : new SinkWriter(sink);
    this.fmt = resolveEncoderOptions(options);
    this.reformatter = new Reformatter(this.fmt, this.out);
  }

  /** outputOffset is the number of bytes written so far (Go's OutputOffset). */
  get outputOffset(): number {
    return this.base + this.out.length;
  }

  /** stackDepth is the nesting depth (0 at top level; Go's StackDepth). */
  get stackDepth(): number {
    return this.stack.length;
  }

  /** stackPointer returns the RFC 6901 pointer of the last value written (Go's StackPointer). */
  stackPointer(): string {
    return this.pointer(-1);
  }

  /** writeToken writes one token (Go's WriteToken); throws SyntacticError on a grammar or duplicate-name error. */
  writeToken(t: Token): void {
    const k = t.kind;
    const w = this.out;
    const mark = w.length;
    this.appendDelimAndSpace(k);
    const pos = w.length;
    try {
      const top = this.stack[this.stack.length - 1];
      const needName = top?.isObj === true && (top.len & 1) === 0;
      switch (k) {
        case "n":
        case "t":
        case "f":
          if (needName) throw ERR_NON_STRING_NAME;
          w.writeAscii(k === "n" ? "null" : k === "t" ? "true" : "false");
          this.count();
          break;
        case '"': {
          try {
            appendQuotedString(w, t.raw, this.fmt.quote);
          } catch (e) {
            if (e instanceof InvalidUTF8Error) throw "invalid UTF-8";
            throw e;
          }
          if (needName) this.insertName(top, t.raw);
          this.count();
          break;
        }
        case "0": {
          if (needName) throw ERR_NON_STRING_NAME;
          this.appendNumber(t.raw);
          this.count();
          break;
        }
        case "{":
        case "[":
          if (needName) throw ERR_NON_STRING_NAME;
          if (this.stack.length >= MAX_NESTING_DEPTH) throw "exceeded max depth";
          w.writeByte(k === "{" ? 0x7b : 0x5b);
          this.count();
          this.stack.push({
            isObj: k === "{",
            len: 0,
            names: k === "{" && !this.fmt.allowDuplicateNames ? new Set() : null,
            lastName: "",
          });
          break;
        case "}":
        case "]": {
          if (top === undefined || top.isObj !== (k === "}")) throw ERR_MISMATCH;
          if (top.isObj && (top.len & 1) === 1) throw ERR_MISSING_VALUE;
          w.writeByte(k === "}" ? 0x7d : 0x5d);
          this.stack.pop();
          break;
        }
      }
    } catch (e) {
      w.truncate(mark);
      if (typeof e === "string") throw this.syntaxError(e, pos, +1);
      throw e;
    }
    this.afterWrite();
  }

  /**
   * writeValue writes one complete raw JSON value (Go's WriteValue), reformatted under
   * the options (whitespace, escaping; preserveRawStrings, canonicalizeRawInts/Floats,
   * reorderRawObjects) and validated with Go's errors.
   */
  writeValue(v: Uint8Array | string): void {
    const src = typeof v === "string" ? textEncoder.encode(v) : v;
    const w = this.out;
    const mark = w.length;
    let i = skipWs(src, 0);
    const c = i < src.length ? src[i]! : 0;
    const k = c === 0x7b || c === 0x5b || c === 0x22 || c === 0x6e || c === 0x74 || c === 0x66 ? c : 0x30;
    this.appendDelimAndSpace(k === 0x30 ? "0" : (String.fromCharCode(k) as Token["kind"]));
    const pos = w.length;
    try {
      i = this.reformatter.value(src, i, this.stack.length + 1);
    } catch (e) {
      w.truncate(mark);
      if (e instanceof ReformatFailure) throw this.syntaxError(e.detail, pos + e.pos, +1, e.suffix(), e.code);
      throw e;
    }
    i = skipWs(src, i);
    if (i < src.length) {
      w.truncate(mark);
      throw this.syntaxError(`invalid character ${quoteRuneV2(src, i)} after top-level value`, pos + i, 0);
    }
    const top = this.stack[this.stack.length - 1];
    const needName = top?.isObj === true && (top.len & 1) === 0;
    try {
      if (needName) {
        if (k !== 0x22) throw ERR_NON_STRING_NAME;
        const name = new Decoder(w.view().subarray(pos), { allowInvalidUTF8: true }).readString();
        this.insertName(top, name);
      }
    } catch (e) {
      w.truncate(mark);
      if (typeof e === "string") throw this.syntaxError(e, pos, +1);
      throw e;
    }
    if (this.fmt.reorderRawObjects && (k === 0x7b || k === 0x5b)) reorderObjects(w.view().subarray(pos));
    this.count();
    this.afterWrite();
  }

  /**
   * needsFlush reports whether the sink asked the caller to wait (a Node Writable's `write` gave
   * false, a web stream's queue is full, a callback returned a promise): `await flush()` before
   * writing more values, or memory grows with the output.
   */
  get needsFlush(): boolean {
    return this.backpressure;
  }

  /** flush hands buffered output to the sink and waits until the sink has taken it (Node `drain`, web `ready`). */
  async flush(): Promise<void> {
    if (this.out.length > 0) this.emit();
    if (this.sink !== null) await this.sink.flush();
    this.backpressure = false;
  }

  /** close flushes and closes a WritableStream sink (Node Writables and callbacks are left open). */
  async close(): Promise<void> {
    await this.flush();
    if (this.sink !== null) await this.sink.close();
  }

  /** bytes returns the output so far when the Encoder has no sink. */
  bytes(): Uint8Array {
    if (this.out.length > 0 && this.sink === null) this.emit();
    let n = 0;
    for (const c of this.chunks) n += c.length;
    const r = new Uint8Array(n);
    let p = 0;
    for (const c of this.chunks) {
      r.set(c, p);
      p += c.length;
    }
    return r;
  }

  // ---- internals ----

  private count(): void {
    const top = this.stack[this.stack.length - 1];
    if (top !== undefined) top.len++;
  }

  private insertName(top: Frame, name: string): void {
    if (top.names !== null) {
      if (top.names.has(name)) {
        top.lastName = name;
        throw ERR_DUPLICATE_NAME;
      }
      top.names.add(name);
    }
    top.lastName = name;
  }

  private appendNumber(raw: string): void {
    const b = textEncoder.encode(raw);
    let end = -1;
    try {
      end = consumeNumber(b, 0);
    } catch {
      end = -1;
    }
    if (end !== b.length) throw new JsonError(`jsontext: invalid number token ${JSON.stringify(raw)}`);
    const f = this.fmt;
    if (f.canonicalizeRawInts || f.canonicalizeRawFloats) {
      const isFloat = /[.eE]/.test(raw);
      if (raw === "-0" || (isFloat ? f.canonicalizeRawFloats : f.canonicalizeRawInts && raw.length >= 16)) {
        this.out.writeAscii(canonicalNumber(raw));
        return;
      }
    }
    this.out.writeBytes(b);
  }

  /** appendDelimAndSpace writes the implicit ',' or ':' and the whitespace before a token of kind k (Go's MayAppendDelim + appendWhitespace). */
  private appendDelimAndSpace(k: Token["kind"]): void {
    const w = this.out;
    const f = this.fmt;
    const top = this.stack[this.stack.length - 1];
    const willEnd = k === "}" || k === "]";
    let delim = 0;
    if (top !== undefined) {
      if (top.isObj && (top.len & 1) === 1) delim = 0x3a;
      else if (top.len > 0 && !willEnd) delim = 0x2c;
    }
    if (delim !== 0) w.writeByte(delim);
    if (delim === 0x3a) {
      if (f.spaceAfterColon) w.writeByte(0x20);
      return;
    }
    if (delim === 0x2c && f.spaceAfterComma) w.writeByte(0x20);
    if (f.multiline && top !== undefined) {
      const depth = this.stack.length + 1;
      let n = 0;
      if (top.len === 0) n = willEnd ? 0 : depth;
      else if (delim === 0x2c) n = depth;
      else if (willEnd) n = depth - 1;
      this.reformatter.appendIndent(n);
    }
  }

  private afterWrite(): void {
    if (this.stack.length === 0) {
      if (!this.fmt.omitTopLevelNewline) this.out.writeByte(0x0a);
      this.emit();
    } else if (this.out.length > ENCODER_FLUSH_THRESHOLD) {
      this.emit();
    }
  }

  private emit(): void {
    const chunk = this.out.bytes();
    this.base += chunk.length;
    this.out.reset();
    const sink = this.sink;
    if (sink === null) {
      this.chunks.push(chunk);
      return;
    }
    if (sink.write(chunk) !== undefined) this.backpressure = true;
  }

  private syntaxError(
    detail: string,
    pos: number,
    where: number,
    suffix = "",
    code?: string,
  ): SyntacticError {
    let ptr = this.pointer(where) + suffix;
    if (detail === ERR_DUPLICATE_NAME) {
      const top = this.stack[this.stack.length - 1]!;
      ptr += `/${escapeToken(top.lastName)}`;
      code = "GOJSON_ERR_DUPLICATE_NAME";
    }
    return new SyntacticError({
      detail,
      offset: this.base + pos,
      pointer: ptr,
      code: code ?? "GOJSON_ERR_SYNTAX",
    });
  }

  /** pointer is Go's appendStackPointer(where) over the encoder's stack. */
  private pointer(where: number): string {
    let b = "";
    const st = this.stack;
    for (let i = 0; i < st.length; i++) {
      const fr = st[i]!;
      const len = fr.len;
      let arrayDelta = -1;
      if (i === st.length - 1) {
        if (
          (where < 0 && len === 0) ||
          (where === 0 && !(fr.isObj && (len & 1) === 1)) ||
          (where > 0 && fr.isObj && (len & 1) === 0)
        )
          return b;
        if (where > 0 && !fr.isObj) arrayDelta = 0;
      }
      b += fr.isObj ? `/${escapeToken(fr.lastName)}` : `/${len + arrayDelta}`;
    }
    return b;
  }
}

function escapeToken(name: string): string {
  if (name.indexOf("~") < 0 && name.indexOf("/") < 0) return name;
  return name.replace(/~/g, "~0").replace(/\//g, "~1");
}
