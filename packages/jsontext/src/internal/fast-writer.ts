/**
 * The output buffer of the codecs' byte-path marshals: JSON written straight
 * into one reused Node Buffer (member names pre-encoded, integers and short
 * strings by hand, long strings by Buffer's native UTF-8 writer), handed over
 * as a Uint8Array at the end. The string writers are write-string-v1.ts and
 * write-string-v2.ts (the escaping is the v1/v2 difference); the number
 * writers are jsontext's write-number.ts.
 *
 * Not semver-stable: part of `@gojson/jsontext/internal`.
 */
import { Buffer } from "node:buffer";
import { markAsUntransferable } from "node:worker_threads";
import { INT53_MAX_BYTES, NUM_IN, writeInt53In } from "../write-number.js";

/** Node's Buffer with the native writers the byte paths use (not in @types/node). */
export interface NodeBuf extends Buffer {
  utf8Write(s: string, offset: number, max: number): number;
  latin1Write(s: string, offset: number, max: number): number;
}

/**
 * Whether this runtime has what the byte paths need: Buffer's native writers and
 * String#isWellFormed (a byte path is off without them; the codecs' general encoders run).
 */
export const HAS_NATIVE_WRITERS: boolean =
  typeof (Buffer.prototype as Partial<NodeBuf>).utf8Write === "function" &&
  typeof (Buffer.prototype as Partial<NodeBuf>).latin1Write === "function" &&
  typeof (String.prototype as { isWellFormed?: unknown }).isWellFormed === "function";

/** ASCII text up to this length is copied by hand (longer: Buffer's native writer). */
const SHORT_ASCII = 32;
/** The writer's first buffer (bytes). */
export const FIRST_BUFFER = 1 << 16;
/** A buffer larger than this is not kept between calls. */
export const KEEP_BUFFER = 1 << 22;
/** Outputs at least this long, and filling most of the buffer, are handed over (no copy) and the buffer replaced. */
const HAND_OVER = 1 << 16;
/** Outputs longer than this are returned exactly sized (a copy unless the buffer is nearly full). */
const EXACT_FROM = 16 << 20;
/** Outputs shorter than this are carved from the slab (see carve); longer ones get an ArrayBuffer of their own. */
const SLAB_MAX = 4096;
/** The slab's size: Node's Buffer pool size, so a kept result pins no more than a pooled Buffer does. */
const SLAB_SIZE = 8192;
/**
 * Outputs up to this long are copied by hand, four bytes at a time (longer: TypedArray#set, which
 * costs two typed-array creations and the `.buffer` getter; measured: the cheaper copy up to about 40 bytes).
 */
const WORD_COPY = 32;

/**
 * The slab short outputs are carved from. A Uint8Array of its own costs an off-heap backing store
 * past 64 bytes (malloc, an ArrayBuffer extension, a free at sweep): about half of a small
 * marshal. Views of one private slab cost one object each, on the terms of Node's Buffer pool
 * (what Buffer.from(JSON.stringify(v)) returns):
 * - writes through a result stay in its own bytes: views never overlap and a carved range is
 *   never written again;
 * - `result.buffer` is the slab: it holds other results (only marshal outputs, not Buffer's
 *   shared pool, and never uninitialised memory: the slab starts zeroed), and `byteOffset` is
 *   not 0 — code that reads `.buffer` must honour byteOffset/byteLength, as with pooled Buffers;
 * - the slab is marked untransferable (postMessage/structuredClone copy it, or on newer Node
 *   refuse it), so a transfer never detaches other results;
 * - a kept result keeps its slab (8 KB) alive, as a pooled Buffer keeps the pool.
 */
let slab = newSlab();
/** The slab's ArrayBuffer (reading `.buffer` of a view is a call into the engine each time). */
let slabBuffer = slab.buffer;
/** The slab as 32-bit words (carve copies four bytes at a time). */
let slabWords = new Int32Array(slabBuffer);
/** The slab's first free byte (8-byte aligned, as Node aligns its pool). */
let slabAt = 0;
/**
 * The buffer carve last copied from and its 32-bit words (see wordsOf): a view made per call
 * costs more than the copy of a short result.
 */
let wordsBuf: Uint8Array | null = null;
const NO_WORDS: Int32Array = new Int32Array(0);
let words: Int32Array = NO_WORDS;

function newSlab(): Uint8Array {
  const s = new Uint8Array(SLAB_SIZE);
  markAsUntransferable(s.buffer);
  return s;
}

/**
 * carve copies bytes [0, n) of b (n < SLAB_MAX) into the slab and returns them as a view of
 * their own. Up to `byHand` bytes from a buffer with 32-bit words are copied four words a step,
 * with no view of b made for TypedArray#set (a typed array of about 96 heap bytes: for a small
 * value, as many as the result's own view).
 */
function carve(b: NodeBuf, n: number, byHand: number): Uint8Array {
  if (slabAt + n > SLAB_SIZE) {
    slab = newSlab();
    slabBuffer = slab.buffer;
    slabWords = new Int32Array(slabBuffer);
    slabAt = 0;
  }
  const at = slabAt;
  slabAt = (at + n + 7) & ~7;
  const out = new Uint8Array(slabBuffer, at, n);
  if (n > byHand || wordsOf(b).length === 0) {
    // A view, not b.subarray: a Buffer's subarray makes a Buffer.
    slab.set(new Uint8Array(b.buffer, b.byteOffset, n), at);
    return out;
  }
  // The carved range starts at a word of the slab (8-byte aligned).
  const src = words;
  const dst = slabWords;
  const to = at >> 2;
  const k = n >> 2;
  let i = 0;
  // Four words a step: fewer loop tests and bounds checks a word.
  for (; i + 4 <= k; i += 4) {
    dst[to + i] = src[i] as number;
    dst[to + i + 1] = src[i + 1] as number;
    dst[to + i + 2] = src[i + 2] as number;
    dst[to + i + 3] = src[i + 3] as number;
  }
  for (; i < k; i++) dst[to + i] = src[i] as number;
  for (let j = k << 2; j < n; j++) out[j] = b[j] as number;
  return out;
}

/** Outputs up to this long are carved by {@link FastWriter.resultCopied} with no typed array made for the copy. */
const HAND_COPY = 256;

/**
 * wordsOf returns b as 32-bit words (kept for the next call: a writer keeps its buffer), or no
 * words for a buffer not at a word boundary (Node's unpooled Buffers are) or too large to keep.
 */
function wordsOf(b: NodeBuf): Int32Array {
  if (b === wordsBuf) return words;
  const ok = (b.byteOffset & 3) === 0 && b.length <= KEEP_BUFFER;
  words = ok ? new Int32Array(b.buffer, b.byteOffset, b.length >> 2) : NO_WORDS;
  wordsBuf = ok ? b : null;
  return words;
}

/** allocate returns an uninitialised Buffer of n bytes outside Buffer's pool. */
function allocate(n: number): NodeBuf {
  return Buffer.allocUnsafeSlow(n) as NodeBuf;
}

/** The output buffer and state of one byte-path marshal. */
export class FastWriter {
  /** The buffer; bytes [0, pos) are written. */
  buf: NodeBuf;
  /** The number of bytes written. */
  pos = 0;
  /** The nesting depth (the codecs bail past their limit). */
  depth = 0;
  /** v1: escape `<`, `>` and `&` (Go's Encoder.SetEscapeHTML, on by default); read by writeStringV1. */
  html = true;
  constructor(size: number = FIRST_BUFFER) {
    this.buf = allocate(size);
  }
  /** room makes room for n more bytes. */
  room(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    const nb = allocate(Math.max(this.buf.length * 2, this.pos + n));
    this.buf.copy(nb, 0, 0, this.pos);
    this.buf = nb;
  }
  /** ascii writes ASCII text (numbers, literals, base64). */
  ascii(s: string): void {
    const n = s.length;
    this.room(n);
    if (n > SHORT_ASCII) {
      this.pos += this.buf.latin1Write(s, this.pos, n);
      return;
    }
    const b = this.buf;
    let p = this.pos;
    for (let i = 0; i < n; i++) b[p++] = s.charCodeAt(i);
    this.pos = p;
  }
  /** raw writes pre-encoded bytes (member names with their separators). */
  raw(k: Uint8Array): void {
    const n = k.length;
    this.room(n);
    const b = this.buf;
    const p = this.pos;
    // By hand: faster than TypedArray#set on a Buffer for names of typical length.
    for (let i = 0; i < n; i++) b[p + i] = k[i] as number;
    this.pos = p + n;
  }
  /** byte writes one byte. */
  byte(c: number): void {
    if (this.pos >= this.buf.length) this.room(1);
    this.buf[this.pos++] = c;
  }
  /** nul writes `null`. */
  nul(): void {
    this.room(4);
    const b = this.buf;
    const p = this.pos;
    b[p] = 0x6e;
    b[p + 1] = 0x75;
    b[p + 2] = 0x6c;
    b[p + 3] = 0x6c;
    this.pos = p + 4;
  }
  /** int53 writes integer v (|v| < 2^53; the caller checked it) digit by digit, with no string made. */
  int53(v: number): void {
    NUM_IN[0] = v;
    this.room(INT53_MAX_BYTES);
    this.pos = writeInt53In(this.buf, this.pos);
  }
  /**
   * result returns the bytes written, in bytes of their own: a copy (carved from the slab when
   * short), or (for large outputs that fill most of the buffer) a view of the buffer itself,
   * which the writer then replaces.
   * The writer is then empty.
   */
  result(): Uint8Array {
    const n = this.pos;
    const b = this.buf;
    this.pos = 0;
    this.depth = 0;
    // Past EXACT_FROM bytes the output is exactly sized: a view would keep up to twice its size alive.
    if (n >= HAND_OVER && n * 2 > b.length && (n <= EXACT_FROM || b.length - n <= n >> 6)) {
      // The next output is likely about as long: room for it and an eighth more (kept only when small).
      this.buf = allocate(Math.max(FIRST_BUFFER, Math.min(n + (n >> 3), KEEP_BUFFER)));
      return new Uint8Array(b.buffer, b.byteOffset, n);
    }
    if (n < SLAB_MAX) return carve(b, n, WORD_COPY);
    const c = Buffer.allocUnsafe(n);
    b.copy(c, 0, 0, n);
    return new Uint8Array(c.buffer, c.byteOffset, n);
  }

  /**
   * result, with outputs up to HAND_COPY bytes copied by hand (see carve): fewer heap bytes a
   * call, a few more instructions. The writer is then empty.
   */
  resultCopied(): Uint8Array {
    const n = this.pos;
    if (n > HAND_COPY) return this.result();
    this.pos = 0;
    this.depth = 0;
    return carve(this.buf, n, HAND_COPY);
  }
}
