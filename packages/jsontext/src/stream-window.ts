/**
 * StreamWindow: the bytes of a ByteSource read into one reusable buffer, and the boundary
 * finder that frames the next top-level value in it without parsing it. The stream readers
 * (jsontext's StreamDecoder, codec-v2's AsyncValueStream) are built on it: they decode the
 * framed value in place and move on; the bytes before it are dropped at the next read. A file
 * (ReadableFile) is read straight into the window, a chunk source's chunks are copied in (a
 * chunk is used in place while nothing else is pending), so memory is one window as large as
 * the largest value, whatever the stream's length.
 */
import { JsonError } from "./errors.js";
import {
  type ByteSource,
  type ChunkReader,
  chunkReader,
  type FileReader,
  fileReaderOf,
} from "./stream-source.js";

/** STREAM_WINDOW is a StreamWindow's first buffer size in bytes (it grows to the largest value). */
export const STREAM_WINDOW = 64 * 1024;

/** Byte 0x1E, RS: the record separator of JSON text sequences (RFC 7464). */
const RS = 0x1e;

function isWs(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
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

/**
 * valueEnd returns the end of the JSON value that starts at b[p]: after its closing delimiter or
 * quote, or at the delimiter after a scalar; -1 when b ends first (a scalar at the very end of b
 * included: more of it may follow). Framing only, on bytes in memory (a StreamWindow frames
 * chunked input): the grammar is checked by whoever decodes the value.
 */
export function valueEnd(b: Uint8Array, p: number): number {
  const n = b.length;
  const c = b[p] as number;
  if (c === 0x7b || c === 0x5b) {
    let depth = 0;
    for (let i = p; i < n; i++) {
      const x = b[i] as number;
      if (x === 0x22) {
        for (i++; i < n; i++) {
          const y = b[i] as number;
          if (y === 0x5c) i++;
          else if (y === 0x22) break;
        }
      } else if (x === 0x7b || x === 0x5b) depth++;
      else if (x === 0x7d || x === 0x5d) {
        if (--depth === 0) return i + 1;
      }
    }
    return -1;
  }
  if (c === 0x22) {
    for (let i = p + 1; i < n; i++) {
      const y = b[i] as number;
      if (y === 0x5c) i++;
      else if (y === 0x22) return i + 1;
    }
    return -1;
  }
  for (let i = p + 1; i < n; i++) if (isDelim(b[i] as number, false)) return i;
  return -1;
}

// Boundary finder modes.
const F_START = 0; // before the next value (whitespace, and RS between records)
const F_CONTAINER = 1;
const F_STRING = 2;
const F_SCALAR = 3;
const F_DONE = 4;

/** Options of a StreamWindow. */
export interface StreamWindowOptions {
  /** Skip the record separator U+001E between values (RFC 7464 JSON text sequences). */
  readonly jsonSeq?: boolean;
  /** The first buffer's size in bytes (default STREAM_WINDOW). */
  readonly size?: number;
  /**
   * The longest value the window may hold, in bytes (default: no limit but the heap's). A longer
   * value is a JsonError (`GOJSON_ERR_TOO_LARGE`) as soon as that many of its bytes are read.
   */
  readonly maxBytes?: number;
}

/** tooLargeError is the JsonError of a value longer than maxBytes (starting at stream offset `at`). */
export function tooLargeError(maxBytes: number, at: number): JsonError {
  return new JsonError(
    `jsontext: a value starting at offset ${at} is longer than maxBytes (${maxBytes} bytes)`,
    {
      code: "GOJSON_ERR_TOO_LARGE",
    },
  );
}

/**
 * StreamWindow holds the unread part of a byte stream: bytes `[start, end)` of `buf`, where
 * `buf[0]` is at offset `base` of the stream. `frame()` finds where the next top-level value
 * ends (`[valueStart, valueEnd)`); `next(end)` consumes up to `end`; `fill()` reads more,
 * dropping the bytes before `start` (indexes into `buf` are then shifted: read them again).
 */
export class StreamWindow {
  /** The window's bytes; only `[start, end)` are meaningful. */
  buf: Uint8Array;
  /** First byte not consumed yet. */
  start = 0;
  /** End of the bytes read. */
  end = 0;
  /** Stream offset of `buf[0]`. */
  base = 0;
  /** The source has ended (every byte is in the window). */
  eof = false;
  /** Start of the value being framed (valid once `started`). */
  valueStart = 0;
  /** End of the framed value (valid once `complete`): after its last byte. */
  valueEnd = 0;
  private readonly src: ChunkReader;
  /** The source when it is a file (its bytes are taken without a promise while some are read). */
  private readonly file: FileReader | undefined;
  // Made once: a closure made per fill would be one more object alive while the file is read.
  private readonly onFilled = (n: number): void => this.filled(n);
  private readonly seq: boolean;
  private readonly size: number;
  private readonly maxBytes: number;
  /** Whether buf is our storage (else a chunk of the source, used in place until more is read). */
  private owned: boolean;
  // Boundary finder: scan position, mode, container depth, string state.
  private fp = 0;
  private mode = F_START;
  private depth = 0;
  private inStr = false;
  private esc = false;

  constructor(source: ByteSource, options?: StreamWindowOptions) {
    this.src = chunkReader(source);
    this.file = fileReaderOf(this.src);
    this.seq = options?.jsonSeq === true;
    this.size = Math.max(16, options?.size ?? STREAM_WINDOW);
    const max = options?.maxBytes;
    if (max !== undefined && !(typeof max === "number" && max >= 0))
      throw new TypeError(`jsontext: maxBytes must be a number of bytes, got ${String(max)}`);
    this.maxBytes = max ?? Number.POSITIVE_INFINITY;
    // A file is read into our buffer from the first read; chunks are used in place until then.
    this.owned = this.src.readInto !== undefined;
    this.buf = this.owned ? new Uint8Array(this.size) : new Uint8Array(0);
  }

  /** started reports whether the finder is inside a value (its first byte is at valueStart). */
  get started(): boolean {
    return this.mode !== F_START;
  }

  /** complete reports whether the next value is framed whole in `[valueStart, valueEnd)`. */
  get complete(): boolean {
    return this.mode === F_DONE;
  }

  /** scanned is where the finder stopped: the first byte of the next value after skipSpace. */
  get scanned(): number {
    return this.fp;
  }

  /** skipSpace moves the finder over whitespace (and RS of a JSON text sequence) before the next value. */
  skipSpace(): void {
    if (this.mode !== F_START) return;
    const b = this.buf;
    const n = this.end;
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
   * frame advances the boundary finder over the bytes read; true when the next value is framed
   * (a scalar with the byte after it, so that its end is known), or the stream has ended (then
   * `started` tells whether there is a last, maybe truncated, value). Framing only: the value's
   * grammar is checked by whoever decodes it.
   */
  frame(): boolean {
    const framed = this.advance();
    if (
      this.mode !== F_START &&
      (this.mode === F_DONE ? this.valueEnd : this.fp) - this.valueStart > this.maxBytes
    )
      throw tooLargeError(this.maxBytes, this.base + this.valueStart);
    return framed;
  }

  private advance(): boolean {
    const b = this.buf;
    const n = this.end;
    if (this.mode === F_START) {
      this.skipSpace();
      let p = this.fp;
      if (p >= n) return this.eof;
      const c = b[p] as number;
      this.valueStart = p;
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
          else if (c === 0x22) return this.done(p);
        }
        this.esc = esc;
        this.fp = p;
        return this.eof;
      }
      case F_SCALAR: {
        while (p < n && !isDelim(b[p] as number, this.seq)) p++;
        if (p >= n && !this.eof) {
          this.fp = p;
          return false;
        }
        return this.done(p);
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
            if (--depth === 0) return this.done(p);
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

  private done(end: number): true {
    this.fp = end;
    this.valueEnd = end;
    this.mode = F_DONE;
    return true;
  }

  /** next consumes the window up to index `end` (the end of the value just decoded) and looks for the next value there. */
  next(end: number): void {
    this.start = end;
    this.fp = end;
    this.mode = F_START;
  }

  /**
   * fill reads more of the source after `end` (at the end of the source, sets `eof`); a promise
   * when the source is asynchronous. The bytes before `start` may be dropped: every index into
   * `buf` then moves down (`base` up) by as much, and the window's own indexes follow; read them
   * again after a fill.
   */
  fill(): Promise<void> | undefined {
    if (this.eof) return undefined;
    const src = this.src;
    if (src.readInto !== undefined) {
      this.makeRoom(this.size >> 2);
      const at = this.end;
      const file = this.file;
      if (file !== undefined) {
        // Bytes already read are taken at once; a promise only while the file is being read.
        const n = file.take(this.buf, at, this.buf.length - at);
        if (typeof n === "number") {
          this.filled(n);
          return undefined;
        }
        return n.then(this.onFilled);
      }
      return src.readInto(this.buf, at, this.buf.length - at).then(this.onFilled);
    }
    const c = src.next();
    if (c instanceof Promise) return c.then((x) => this.append(x));
    this.append(c);
    return undefined;
  }

  /** filled adds the `n` bytes a file read after `end` (0: the end of the file). */
  private filled(n: number): void {
    if (n === 0) this.eof = true;
    else this.end += n;
  }

  /** cancel stops reading the source (a Readable is destroyed, a web stream's reader released). */
  async cancel(): Promise<void> {
    this.eof = true;
    await this.src.cancel();
  }

  private append(c: Uint8Array | undefined): void {
    if (c === undefined) {
      this.eof = true;
      return;
    }
    if (this.start === this.end && this.src.reuses !== true) {
      // Nothing pending: the chunk itself is the window (no copy).
      this.shift(this.end);
      this.buf = c;
      this.owned = false;
      this.end = c.length;
      return;
    }
    this.makeRoom(c.length);
    this.buf.set(c, this.end);
    this.end += c.length;
  }

  /** makeRoom drops the consumed bytes into our own buffer and makes sure `want` bytes are free after `end`. */
  private makeRoom(want: number): void {
    const keep = this.end - this.start;
    const need = keep + want;
    const b = this.buf;
    if (!this.owned || b.length < need || (b.length > 4 * this.size && need <= this.size)) {
      // A new buffer: the first owned one, one grown for a large value, or back to the first size after one.
      let cap = this.size;
      while (cap < need) cap *= 2;
      const nb = new Uint8Array(cap);
      nb.set(b.subarray(this.start, this.end));
      this.buf = nb;
      this.owned = true;
    } else if (this.start > 0) b.copyWithin(0, this.start, this.end);
    this.shift(this.start);
    this.end = keep;
  }

  private shift(by: number): void {
    if (by === 0) return;
    this.base += by;
    this.start -= by;
    this.fp -= by;
    this.valueStart -= by;
    this.valueEnd -= by;
  }
}
