/**
 * The byte path's output buffer (ByteWriter) and v1's string escaping on it.
 */
import { INT53_MAX_BYTES, NUM_IN, safeBigintIn, writeInt53In } from "./deps.js";
import { BAIL } from "./marshal-common.js";
import { isWellFormed } from "./well-formed.js";

/** ASCII text up to this length is copied by hand (longer: Buffer's native writer). */
const SHORT_STRING = 48;

/** Pre-encoded member names up to this length are copied by hand (longer: TypedArray.set). */
const SHORT_KEY = 12;

/** Strings up to this length are encoded by hand; longer ones natively when they need no escape. */
const SHORT_TEXT = 32;

/** Outputs of at least this many bytes are handed over rather than copied (see ByteWriter.result). */
const HAND_OVER_BYTES = 1 << 16;

/** Outputs shorter than this are copied byte by byte into a Uint8Array of their own. */
const SMALL_RESULT = 256;

const HEX = Uint8Array.from("0123456789abcdef", (c) => c.charCodeAt(0));

/** Per ASCII byte: 0 written as is, 1 written as \u00XX, else the letter after a backslash. */
function escTable(html: boolean): Uint8Array {
  const t = new Uint8Array(0x80);
  for (let c = 0; c < 0x20; c++) t[c] = 1;
  t[0x08] = 0x62; // \b
  t[0x0c] = 0x66; // \f
  t[0x0a] = 0x6e; // \n
  t[0x0d] = 0x72; // \r
  t[0x09] = 0x74; // \t
  t[0x22] = 0x22;
  t[0x5c] = 0x5c;
  if (html) t[0x3c] = t[0x3e] = t[0x26] = 1;
  return t;
}

const ESC_HTML = escTable(true);

const ESC_RAW = escTable(false);

/** SEQ_E2 and SEQ_EF in a byte table: the first byte of U+2028/U+2029 and of U+FFFD in UTF-8. */
const SEQ_E2 = 2;

const SEQ_EF = 3;

/** escTable over all 256 bytes, for escapedBytes: 0 copied as is, SEQ_E2/SEQ_EF looked at closer. */
function byteTable(html: boolean): Uint8Array {
  const t = new Uint8Array(0x100);
  t.set(escTable(html));
  t[0xe2] = SEQ_E2;
  t[0xef] = SEQ_EF;
  return t;
}

const BYTE_ESC_HTML = byteTable(true);

const BYTE_ESC_RAW = byteTable(false);

/** Characters a string may hold for Buffer's native UTF-8 writer to write it as v1 does (no escape, no lone surrogate). */
const MAY_NEED_WORK_HTML = /[\u0000-\u001f"\\<>&\u2028\u2029\ud800-\udfff]/;

const MAY_NEED_WORK = /[\u0000-\u001f"\\\u2028\u2029\ud800-\udfff]/;

/** Scratch buffer of escapedBytes (grown on demand), and a DataView of it (read 4 bytes at a time). */
let scratch: Buffer = Buffer.allocUnsafe(1 << 12);

let scratchView = new DataView(scratch.buffer, scratch.byteOffset, scratch.length);

interface NodeBufferWriters {
  utf8Write?: (s: string, offset: number, length: number) => number;
  latin1Write?: (s: string, offset: number, length: number) => number;
}

const nativeUtf8Write = (Buffer.prototype as unknown as NodeBufferWriters).utf8Write;

const nativeLatin1Write = (Buffer.prototype as unknown as NodeBufferWriters).latin1Write;

/** Writes one-byte text `s` into `b` at `off` (at most `max` bytes); returns the byte count. */
const latin1Write: (b: Buffer, s: string, off: number, max: number) => number =
  nativeLatin1Write !== undefined
    ? (b, s, off, max) => (nativeLatin1Write as NonNullable<typeof nativeLatin1Write>).call(b, s, off, max)
    : (b, s, off, max) => b.write(s, off, max, "latin1");

/** Writes `s` as UTF-8 into `b` at `off` (at most `max` bytes, whole characters); returns the byte count. */
const utf8Write: (b: Buffer, s: string, off: number, max: number) => number =
  nativeUtf8Write !== undefined
    ? (b, s, off, max) => (nativeUtf8Write as NonNullable<typeof nativeUtf8Write>).call(b, s, off, max)
    : (b, s, off, max) => b.write(s, off, max, "utf8");

const I64_MIN = -(1n << 63n);

const I64_MAX = (1n << 63n) - 1n;

const U64_MAX = (1n << 64n) - 1n;

/** The output buffer and state of one byte-path marshal. */
export class ByteWriter {
  buf: Buffer;
  pos = 0;
  depth = 0;
  html = true;
  /** A DataView of `viewOf` (escapedBytes writes 4 bytes at a time through it). */
  private view: DataView = new DataView(new ArrayBuffer(0));
  private viewOf: Buffer | null = null;
  constructor(size: number) {
    this.buf = Buffer.allocUnsafe(size);
  }
  /** Makes room for `n` more bytes. */
  room(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    const nb = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.pos + n));
    this.buf.copy(nb, 0, 0, this.pos);
    this.buf = nb;
  }
  /** Writes ASCII text. */
  ascii(s: string): void {
    const n = s.length;
    this.room(n);
    if (n > SHORT_STRING) {
      this.pos += latin1Write(this.buf, s, this.pos, n);
      return;
    }
    const b = this.buf;
    let p = this.pos;
    for (let i = 0; i < n; i++) b[p++] = s.charCodeAt(i);
    this.pos = p;
  }
  /** Writes `null`. */
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
  /** Writes integer `v` (|v| < 2^53; the caller checked it) digit by digit, with no string made. */
  small(v: number): void {
    NUM_IN[0] = v;
    this.room(INT53_MAX_BYTES);
    this.pos = writeInt53In(this.buf, this.pos);
  }
  /**
   * Writes bigint `v` of a 64-bit integer kind (`unsigned`: uint, uint64, uintptr; else int,
   * int64) as String(v) does: below 2^53 in magnitude digit by digit, with no string made; a
   * value out of the kind's range bails out.
   */
  big(v: bigint, unsigned: boolean): void {
    if (!safeBigintIn(v) || (unsigned && (NUM_IN[0] as number) < 0)) {
      this.bigText(v, unsigned);
      return;
    }
    this.room(INT53_MAX_BYTES);
    this.pos = writeInt53In(this.buf, this.pos);
  }
  /** big's rare case, out of line: |v| >= 2^53, or negative for an unsigned kind (bails). */
  private bigText(v: bigint, unsigned: boolean): void {
    if (unsigned ? v < 0n || v > U64_MAX : v < I64_MIN || v > I64_MAX) throw BAIL;
    this.ascii(String(v));
  }
  /** Writes one ASCII character (code `c`; `_s`, its text, is kept for the generated code's calls). */
  punct(c: number, _s?: string): void {
    this.room(1);
    this.buf[this.pos++] = c;
  }
  /** Writes a member name with its separator, pre-encoded (`_s`, its text, is unused). */
  key(k: Uint8Array, _s?: string): void {
    const n = k.length;
    this.room(n);
    if (n > SHORT_KEY) {
      this.buf.set(k, this.pos);
      this.pos += n;
      return;
    }
    const b = this.buf;
    let p = this.pos;
    for (let i = 0; i < n; i++) b[p++] = k[i] as number;
    this.pos = p;
  }
  /**
   * Writes `s` as a JSON string with v1's escaping (quoteString's rules):
   * `\b \f \n \r \t \" \\` short, other control characters as `\u00XX`,
   * `<`, `>`, `&` as `\u003c`... when escaping for HTML, U+2028 and U+2029
   * always escaped, a lone surrogate (invalid UTF-8 once encoded) as
   * `\ufffd`. A long string that needs none of that is written by Buffer's
   * native UTF-8 writer; others are encoded here, escapes included.
   */
  string(s: string): void {
    const n = s.length;
    // Short strings: by hand in one pass (cheaper than a native call for a few chars).
    if (n <= SHORT_TEXT) {
      this.escapedChars(s);
      return;
    }
    if (!(this.html ? MAY_NEED_WORK_HTML : MAY_NEED_WORK).test(s)) {
      this.room(n * 3 + 2);
      const b = this.buf;
      b[this.pos] = 0x22;
      const p = this.pos + 1 + utf8Write(b, s, this.pos + 1, n * 3);
      b[p] = 0x22;
      this.pos = p + 1;
    } else if (!this.escapedBytes(s)) this.escapedChars(s);
  }
  /**
   * A string that needs escapes: encoded natively into the scratch buffer,
   * then copied byte by byte with the escapes (a loop over bytes, whatever
   * the string's representation in the engine). The native encoder writes a
   * lone surrogate as U+FFFD (EF BF BD), where v1 writes `\ufffd`: when that
   * sequence shows up and the string is not well formed, nothing is
   * committed and false is returned (escapedChars then writes it).
   */
  private escapedBytes(s: string): boolean {
    const n = s.length;
    if (scratch.length < n * 3) {
      scratch = Buffer.allocUnsafe(Math.max(n * 3, scratch.length * 2));
      scratchView = new DataView(scratch.buffer, scratch.byteOffset, scratch.length);
    }
    const m = utf8Write(scratch, s, 0, n * 3);
    this.room(m * 6 + 2);
    const b = this.buf;
    if (this.viewOf !== b) {
      this.view = new DataView(b.buffer, b.byteOffset, b.length);
      this.viewOf = b;
    }
    b[this.pos] = 0x22;
    const p = escapeUtf8(b, this.view, this.pos + 1, scratch, scratchView, m, this.html, s);
    if (p < 0) return false;
    b[p] = 0x22;
    this.pos = p + 1;
    return true;
  }
  /**
   * Any string, encoded here char by char, escapes and lone surrogates included. Mostly
   * short strings: the loop stays in the method (as a function of its own it cost flat-records
   * 7 % more instructions, a call per string), although a long first string would meet the
   * on-stack compilation hazard described at listElems.
   */
  private escapedChars(s: string): void {
    const n = s.length;
    this.room(n * 6 + 2);
    const b = this.buf;
    const esc = this.html ? ESC_HTML : ESC_RAW;
    let p = this.pos;
    b[p++] = 0x22;
    for (let i = 0; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c < 0x80) {
        const e = esc[c] as number;
        if (e === 0) b[p++] = c;
        else if (e === 1) {
          // \u00XX (control characters; <, >, & when escaping for HTML)
          p = putEscapeU(b, p, c);
        } else {
          b[p++] = 0x5c;
          b[p++] = e;
        }
      } else if (c < 0x800) {
        b[p++] = 0xc0 | (c >> 6);
        b[p++] = 0x80 | (c & 0x3f);
      } else if (c < 0xd800 || c >= 0xe000) {
        if (c === 0x2028 || c === 0x2029) {
          p = putEscapeU(b, p, c); // \u2028, \u2029
        } else {
          b[p++] = 0xe0 | (c >> 12);
          b[p++] = 0x80 | ((c >> 6) & 0x3f);
          b[p++] = 0x80 | (c & 0x3f);
        }
      } else {
        const d = i + 1 < n ? s.charCodeAt(i + 1) : 0;
        if (c < 0xdc00 && (d & 0xfc00) === 0xdc00) {
          // a surrogate pair: one code point, four bytes
          const cp = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
          b[p++] = 0xf0 | (cp >> 18);
          b[p++] = 0x80 | ((cp >> 12) & 0x3f);
          b[p++] = 0x80 | ((cp >> 6) & 0x3f);
          b[p++] = 0x80 | (cp & 0x3f);
          i++;
        } else {
          p = putEscapeU(b, p, 0xfffd); // a lone surrogate stands for invalid UTF-8
        }
      }
    }
    b[p++] = 0x22;
    this.pos = p;
  }
  /**
   * The bytes written, in a buffer of their own: a copy, or (`handOver`, for
   * large outputs that fill most of the buffer) a view of the buffer itself,
   * which the writer then gives up for a new one of the same size.
   */
  result(): Uint8Array {
    const n = this.pos;
    const b = this.buf;
    if (n >= HAND_OVER_BYTES && n * 2 > b.length) {
      // The next output is likely about as long: room for it and an eighth more.
      this.buf = Buffer.allocUnsafeSlow(Math.max(HAND_OVER_BYTES, n + (n >> 3)));
      return new Uint8Array(b.buffer, b.byteOffset, n);
    }
    if (n < SMALL_RESULT) {
      const out = new Uint8Array(n);
      for (let i = 0; i < n; i++) out[i] = b[i] as number;
      return out;
    }
    // Uninitialised memory, then one copy (ArrayBuffer.prototype.slice and new Uint8Array(n)
    // zero-fill first).
    const out = Buffer.allocUnsafeSlow(n);
    out.set(b.subarray(0, n));
    return new Uint8Array(out.buffer, out.byteOffset, n);
  }
}

/** Writes `\uXXXX` (lower-case hex, as Go) for UTF-16 unit `c` into b at p; returns the end. */
function putEscapeU(b: Buffer, p: number, c: number): number {
  b[p] = 0x5c;
  b[p + 1] = 0x75;
  b[p + 2] = HEX[c >> 12] as number;
  b[p + 3] = HEX[(c >> 8) & 15] as number;
  b[p + 4] = HEX[(c >> 4) & 15] as number;
  b[p + 5] = HEX[c & 15] as number;
  return p + 6;
}

/** Bits 7, 15, 23, 31 set where a byte of the four in `w` is below 0x20 (the lowest set one exactly). */
const LOW_BYTES = (w: number): number => (w - 0x20202020) & ~w & 0x80808080;

/** Bits 7, 15, 23, 31 set where a byte of `w` equals the byte repeated in `kkkk` (the lowest set one exactly). */
const EQ_BYTES = (w: number, kkkk: number): number => {
  const x = w ^ kkkk;
  return (x - 0x01010101) & ~x & 0x80808080;
};

/**
 * ByteWriter.escapedBytes' loop: copies the UTF-8 bytes t[0, m) of `s` into b at p with v1's
 * escapes (`html`: `<`, `>`, `&` too); returns the end, or -1 when `s` holds a lone surrogate.
 * Four bytes at a time (one load, a few integer operations, one store; alone, each byte costs
 * a typed-array load, a table load and a store, all bounds-checked): the SWAR tests flag the
 * bytes that need a look (control characters, `"`, `\`, HTML characters, and 0xE2 and 0xEF,
 * the lead bytes of U+2028/U+2029 and of U+FFFD); the clean bytes before the first flagged one
 * are kept (the word is stored whole, and the bytes past them are written over next), and that
 * byte goes through the table. (Loops over a whole value sit in functions that end with them:
 * see {@link listElems}.)
 */
function escapeUtf8(
  b: Buffer,
  view: DataView,
  p0: number,
  t: Buffer,
  tv: DataView,
  m: number,
  html: boolean,
  s: string,
): number {
  const esc = html ? BYTE_ESC_HTML : BYTE_ESC_RAW;
  let p = p0;
  let j = 0;
  while (j < m) {
    if (j + 4 <= m) {
      const w = tv.getInt32(j, true);
      const flags =
        LOW_BYTES(w) |
        EQ_BYTES(w, 0x22222222) |
        EQ_BYTES(w, 0x5c5c5c5c) |
        EQ_BYTES(w, 0xe2e2e2e2) |
        EQ_BYTES(w, 0xefefefef) |
        (html ? EQ_BYTES(w, 0x3c3c3c3c) | EQ_BYTES(w, 0x3e3e3e3e) | EQ_BYTES(w, 0x26262626) : 0);
      view.setInt32(p, w, true);
      if (flags === 0) {
        p += 4;
        j += 4;
        continue;
      }
      // Little-endian: the first byte is the lowest; its flag is the lowest set bit.
      const k = (31 - Math.clz32(flags & -flags)) >> 3;
      p += k;
      j += k;
    }
    const c = t[j] as number;
    const e = esc[c] as number;
    if (e === 0) b[p++] = c;
    else if (e === 1) {
      // \u00XX (control characters; <, >, & when escaping for HTML)
      p = putEscapeU(b, p, c);
    } else if (e === SEQ_E2) {
      if (t[j + 1] === 0x80 && ((t[j + 2] as number) & 0xfe) === 0xa8) {
        // U+2028, U+2029 (E2 80 A8, E2 80 A9) as \u2028, \u2029
        p = putEscapeU(b, p, t[j + 2] === 0xa8 ? 0x2028 : 0x2029);
        j += 2;
      } else b[p++] = c;
    } else if (e === SEQ_EF) {
      if (t[j + 1] === 0xbf && t[j + 2] === 0xbd && !isWellFormed(s)) return -1;
      b[p++] = c;
    } else {
      b[p++] = 0x5c;
      b[p++] = e;
    }
    j++;
  }
  return p;
}
