/**
 * StreamDecoder: Go's jsontext.Decoder over input that arrives in chunks (a Node
 * Readable, a web ReadableStream, any AsyncIterable or Iterable of bytes, or a whole
 * Uint8Array or string). Many top-level values
 * may follow each other; memory is bounded by the largest value, because the bytes of
 * values already read are dropped. Tokens, values, errors and offsets are those of the
 * whole-input Decoder over the concatenated bytes.
 */
import { Decoder, type DecoderOptions } from "./decoder.js";
import { SyntacticError } from "./errors.js";
import { type ByteSource, type ChunkReader, chunkReader } from "./stream-source.js";
import type { Kind, Token } from "./token.js";

export type { ByteSource };

/** STREAM_INITIAL_BUFFER is the StreamDecoder's initial buffer size in bytes (it grows to the largest value). */
export const STREAM_INITIAL_BUFFER = 64 * 1024;

function isWs(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}
function isDelim(c: number): boolean {
  return (
    isWs(c) || c === 0x7b || c === 0x7d || c === 0x5b || c === 0x5d || c === 0x2c || c === 0x3a || c === 0x22
  );
}

// boundary finder modes
const F_START = 0; // before the next value (whitespace)
const F_CONTAINER = 1;
const F_STRING = 2; // top-level string
const F_SCALAR = 3;
const F_DONE = 4;

/**
 * StreamDecoder reads JSON tokens and values from chunked input (Go's jsontext.Decoder
 * over an io.Reader). Methods are async; they resolve as soon as the needed bytes are in.
 */
export class StreamDecoder {
  private readonly it: ChunkReader;
  private readonly options: DecoderOptions | undefined;
  /** Pending input: bytes [0, len) of buf start at absolute offset base. */
  private buf: Uint8Array;
  private len = 0;
  private base = 0;
  private eof = false;
  private inner: Decoder | null = null;
  private innerLen = 0;
  /** Boundary finder: scan position (buffer index), mode, depth, string state; fEnd is where the next value is known complete. */
  private fPos = 0;
  private fMode = F_START;
  private fDepth = 0;
  private fInStr = false;
  private fEsc = false;
  /** End (buffer index) of the last value the finder completed. */
  private fEnd = 0;

  constructor(source: ByteSource, options?: DecoderOptions) {
    this.it = chunkReader(source);
    this.options = options;
    this.buf = new Uint8Array(STREAM_INITIAL_BUFFER);
  }

  /** inputOffset is the absolute byte offset just after the last token read (Go's InputOffset). */
  get inputOffset(): number {
    return this.base + (this.inner?.inputOffset ?? 0);
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
    while (!this.eof) await this.fill();
    const d = this.decoder();
    return this.call(() => d.checkEOF());
  }

  /** tokens yields every token to the end of the stream. */
  async *tokens(): AsyncGenerator<Token> {
    while ((await this.peekKind()) !== "") yield await this.readToken();
  }

  /** values yields the bytes of each top-level value to the end of the stream. */
  async *values(): AsyncGenerator<Uint8Array> {
    while ((await this.peekKind()) !== "") yield await this.readValue();
  }

  // ---- internals ----

  private call<T>(f: () => T): T {
    try {
      return f();
    } catch (e) {
      if (SyntacticError.isInstance(e) && this.base > 0) {
        throw new SyntacticError({
          detail: e.detail,
          offset: e.offset + this.base,
          pointer: e.pointer,
          flavour: e.flavour,
          code: e.code,
        });
      }
      throw e;
    }
  }

  private decoder(): Decoder {
    if (this.inner === null || this.innerLen !== this.len) {
      // only rebuilt at depth 0 after fill() dropped the bytes read, so the new Decoder starts at 0
      this.inner = new Decoder(this.buf.subarray(0, this.len), this.options);
      this.innerLen = this.len;
    }
    return this.inner;
  }

  /** ready makes sure the bytes the next operation may look at are buffered, and returns the Decoder. */
  private async ready(): Promise<Decoder> {
    const cur = this.inner;
    if (cur !== null && cur.stackDepth > 0) return cur; // inside a value: it is buffered whole
    while (!this.eof && !this.findBoundary()) await this.fill();
    return this.decoder();
  }

  /** findBoundary advances the boundary finder; true when the next top-level value (and one byte after a scalar) is buffered. */
  private findBoundary(): boolean {
    const b = this.buf;
    const n = this.len;
    if (this.fMode === F_DONE) {
      // a new value starts after the Decoder's position
      const at = this.inner?.inputOffset ?? 0;
      if (at < this.fEnd) return true; // the last found value has not been read yet
      this.fMode = F_START;
      this.fPos = at;
    }
    let p = this.fPos;
    for (;;) {
      switch (this.fMode) {
        case F_START: {
          while (p < n && isWs(b[p]!)) p++;
          if (p >= n) {
            this.fPos = p;
            return false;
          }
          const c = b[p]!;
          p++;
          if (c === 0x7b || c === 0x5b) {
            this.fMode = F_CONTAINER;
            this.fDepth = 1;
            this.fInStr = false;
            this.fEsc = false;
          } else if (c === 0x22) {
            this.fMode = F_STRING;
            this.fEsc = false;
          } else this.fMode = F_SCALAR;
          continue;
        }
        case F_STRING: {
          while (p < n) {
            const c = b[p++]!;
            if (this.fEsc) this.fEsc = false;
            else if (c === 0x5c) this.fEsc = true;
            else if (c === 0x22) {
              this.fMode = F_DONE;
              this.fPos = p;
              this.fEnd = p;
              return true;
            }
          }
          this.fPos = p;
          return false;
        }
        case F_SCALAR: {
          while (p < n && !isDelim(b[p]!)) p++;
          this.fPos = p;
          if (p >= n) return false;
          this.fMode = F_DONE;
          this.fEnd = p;
          return true;
        }
        case F_CONTAINER: {
          let depth = this.fDepth;
          let inStr = this.fInStr;
          let esc = this.fEsc;
          while (p < n) {
            const c = b[p++]!;
            if (inStr) {
              if (esc) esc = false;
              else if (c === 0x5c) esc = true;
              else if (c === 0x22) inStr = false;
            } else if (c === 0x22) inStr = true;
            else if (c === 0x7b || c === 0x5b) depth++;
            else if (c === 0x7d || c === 0x5d) {
              if (--depth === 0) break;
            }
          }
          this.fDepth = depth;
          this.fInStr = inStr;
          this.fEsc = esc;
          this.fPos = p;
          if (depth > 0) return false;
          this.fMode = F_DONE;
          this.fEnd = p;
          return true;
        }
        default:
          return true;
      }
    }
  }

  /** cancel stops reading the source (a Readable is destroyed, a web stream's reader released). */
  async cancel(): Promise<void> {
    this.eof = true;
    await this.it.cancel();
  }

  /** fill drops the bytes already read (at depth 0) and appends the next chunk. */
  private async fill(): Promise<void> {
    let r = this.it.next();
    if (r instanceof Promise) r = await r;
    if (r === undefined) {
      this.eof = true;
      return;
    }
    const chunk = r;
    const drop = this.inner?.inputOffset ?? 0;
    if (drop > 0) {
      this.buf.copyWithin(0, drop, this.len);
      this.len -= drop;
      this.base += drop;
      this.fPos -= drop;
      this.fEnd -= drop;
      this.inner = null;
    }
    const need = this.len + chunk.length;
    if (need > this.buf.length) {
      let cap = this.buf.length * 2;
      while (cap < need) cap *= 2;
      const nb = new Uint8Array(cap);
      nb.set(this.buf.subarray(0, this.len));
      this.buf = nb;
    }
    this.buf.set(chunk, this.len);
    this.len = need;
  }
}
