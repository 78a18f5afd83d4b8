/**
 * marshal straight to UTF-8 bytes, for the common types: structs, slices,
 * arrays, maps with string or integer keys, pointers, scalars and `any`,
 * with no methods, no known types (time.Time, json.Number, ...), no
 * `,string` options and no recursive types anywhere in the type. Encoders
 * are compiled once per type (cached on the type object) and write into one
 * reused buffer: keys pre-encoded with their separators, short strings
 * encoded by hand, long ones by Buffer's native UTF-8 writer.
 *
 * This path writes only what it knows to be Go's bytes. Anything else in a
 * value (NaN or ±Inf, -0 in a numeric slice, a value that does not fit its Go
 * type — the same typeof and range tests the writers make anyway —, a Map or
 * class instance in an `any`, nesting past BYTES_MAX_DEPTH)
 * makes it bail out (it calls no user code, so nothing runs twice), and
 * marshal runs the general string encoder (./encode.ts), which writes the
 * same bytes or Go's error.
 */
import {
  FLOAT64_MAX_BYTES,
  type GoType,
  INT53_MAX_BYTES,
  NUM_IN,
  safeBigintIn,
  writeFloat64In,
  writeInt53In,
} from "./deps.js";
import { isEmptyFn, isRecursive, isZeroFieldFn, sortedKeys } from "./encode.js";
import { floatChain, intArrayCheck, listLen } from "./encode-numeric.js";
import { base64Encode, compareUtf8, quoteString } from "./format.js";
import { findMethod, ptrHas } from "./methods.js";
import { PlanCache } from "./plan-cache.js";
import { type FieldV1, structFieldsV1 } from "./struct-fields.js";
import { intCheck, isBigKind, numberBounds } from "./value-check.js";
import { isWellFormed } from "./well-formed.js";

/** Container nesting (slices, arrays, maps, pointers, structs, `any`) past which the byte path bails out. */
export const BYTES_MAX_DEPTH = 200;

/** ASCII text up to this length is copied by hand (longer: Buffer's native writer). */
const SHORT_STRING = 48;

/** Member names (with separators) up to this many bytes are written by constant stores in generated code. */
const INLINE_KEY = 40;
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

/** Thrown to leave the byte path; marshal then runs the general encoder. */
export const BAIL: unique symbol = Symbol("gojson.codec-v1.bail");

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

/** A compiled byte encoder: writes the JSON for `v`, or throws BAIL. */
export type ByteEncoder = (w: ByteWriter, v: any) => void;

const cache = new PlanCache<ByteEncoder | null>();

/** The byte encoder for `t`, or null when the type is outside the byte path (see the module doc). */
export function byteEncoderFor(t: GoType): ByteEncoder | null {
  const c = cache.get(t);
  if (c !== undefined) return c;
  // Recursive types never take this path, so no indirection is needed while building.
  cache.set(t, null);
  const enc = build(t);
  cache.set(t, enc);
  return enc;
}

/** Whether `t` or `*t` has MarshalJSON or MarshalText (declared or promoted). */
function hasMarshalMethods(t: GoType): boolean {
  return (
    t.kind !== "pointer" && t.kind !== "interface" && (ptrHas(t, "MarshalJSON") || ptrHas(t, "MarshalText"))
  );
}

const INT_KINDS = new Set([
  "int",
  "int8",
  "int16",
  "int32",
  "int64",
  "uint",
  "uint8",
  "uint16",
  "uint32",
  "uint64",
  "uintptr",
]);

function build(t: GoType): ByteEncoder | null {
  if (t.known !== undefined || hasMarshalMethods(t) || isRecursive(t)) return null;
  switch (t.kind) {
    case "interface":
      return t.methods === undefined && t.opaque === undefined ? encodeAnyBytes : null;
    case "pointer": {
      if (t.elem.kind === "pointer" || t.elem.kind === "interface" || hasMarshalMethods(t.elem)) return null;
      const elem = byteEncoderFor(t.elem);
      if (elem === null) return null;
      return (w, v) => {
        if (v === null) w.ascii("null");
        else elem(w, v);
      };
    }
    case "slice":
    case "array":
      return buildList(t);
    case "map":
      return buildMap(t);
    case "struct":
      return buildStruct(t);
    default:
      return scalarByteEncoder(t);
  }
}

/** The byte path of bool, string, float64 and the integer kinds (null for float32 and the rest). */
function scalarByteEncoder(t: GoType): ByteEncoder | null {
  switch (t.kind) {
    case "bool":
      return (w, v) => {
        if (v === true) w.ascii("true");
        else if (v === false) w.ascii("false");
        else throw BAIL;
      };
    case "string":
      return (w, v) => {
        if (typeof v !== "string") throw BAIL;
        w.string(v);
      };
    case "float64":
      return (w, v) => {
        if (typeof v !== "number" || v - v !== 0) throw BAIL;
        w.ascii(v === 0 ? (1 / v < 0 ? "-0" : "0") : String(v));
      };
    default:
      if (INT_KINDS.has(t.kind)) {
        if (isBigKind(t.kind)) {
          const unsigned = t.kind !== "int" && t.kind !== "int64";
          return (w, v) => {
            if (typeof v !== "bigint") throw BAIL;
            w.big(v, unsigned);
          };
        }
        const fits = intCheck(t.kind);
        return (w, v) => {
          if (!fits(v)) throw BAIL;
          w.small(v);
        };
      }
      return null; // float32, complex, chan, func, ...
  }
}

function buildList(t: GoType & { kind: "slice" | "array" }): ByteEncoder | null {
  const nullable = t.kind === "slice";
  if (nullable && t.elem.kind === "uint8") {
    if (hasMarshalMethods(t.elem)) return null;
    return (w, v) => {
      if (v === null) w.ascii("null");
      else if (v instanceof Uint8Array) w.ascii(`"${base64Encode(v)}"`);
      else throw BAIL;
    };
  }
  const len = listLen(t);
  const chain = floatChain(t);
  if (chain !== null && chain.length > 0) return floatTreeWriter(chain);
  if (intArrayCheck(t) !== null) {
    const kind = t.elem.kind;
    if (isBigKind(kind)) {
      const unsigned = kind !== "int" && kind !== "int64";
      return (w, v) => {
        if (v === null && nullable) w.ascii("null");
        else putBigs(w, v, len, unsigned);
      };
    }
    const [lo, hi] = numberBounds(kind);
    return (w, v) => {
      if (v === null && nullable) w.ascii("null");
      else putInts(w, v, len, lo, hi);
    };
  }
  const elem = byteEncoderFor(t.elem);
  if (elem === null) return null;
  if (nullable)
    return (w, v) => {
      if (v === null) {
        w.ascii("null");
        return;
      }
      if (!Array.isArray(v) || ++w.depth > BYTES_MAX_DEPTH) throw BAIL;
      w.punct(0x5b, "[");
      listElems(w, v, elem);
      w.punct(0x5d, "]");
      w.depth--;
    };
  return (w, v) => {
    if (!Array.isArray(v) || v.length !== len || ++w.depth > BYTES_MAX_DEPTH) throw BAIL;
    w.punct(0x5b, "[");
    listElems(w, v, elem);
    w.punct(0x5d, "]");
    w.depth--;
  };
}

/**
 * Writes the elements of list `v`, comma-separated. Every loop over a whole value sits in a
 * function that ends with it: V8 compiles a long first loop on-stack before the code after it
 * has ever run, and that code then deoptimises on every call that enters the loop again from
 * the interpreter (a deopt loop, seen on float lists: up to 2× the time per marshal).
 */
function listElems(w: ByteWriter, v: readonly unknown[], elem: ByteEncoder): void {
  const n = v.length;
  for (let i = 0; i < n; i++) {
    if (i > 0) w.punct(0x2c, ",");
    elem(w, v[i]);
  }
}

/**
 * Writes a tree of lists over float64 (chain: the list levels, outermost first) number by number
 * (Go's shortest digits, -0 as `-0`); a nil slice is `null`; NaN, ±Inf, a non-number or a
 * non-list bails (the general encoder reports Go's error).
 */
function floatTreeWriter(chain: readonly GoType[]): ByteEncoder {
  const leafLen = listLen(chain[chain.length - 1] as GoType);
  let write: ByteEncoder = (w, v) => {
    if (v === null) {
      if (leafLen >= 0) throw BAIL;
      w.nul();
    } else putFloats(w, v, leafLen);
  };
  for (let d = chain.length - 2; d >= 0; d--) {
    const inner = write;
    const len = listLen(chain[d] as GoType);
    write = (w, v) => {
      if (v === null) {
        if (len >= 0) throw BAIL;
        w.nul();
        return;
      }
      if (!Array.isArray(v) || (len >= 0 && v.length !== len)) throw BAIL;
      w.punct(0x5b);
      floatLevel(w, v, inner);
      w.punct(0x5d);
    };
  }
  return write;
}

/**
 * Writes `v` (a list of finite float64s, else it bails) as a JSON array: room made once, then the
 * digits straight in (String(x) is cheaper only for values V8 has cached: lone scalars keep it;
 * a list's many distinct values do not repeat). Small integers other than 0 (which may be -0)
 * go to the integer writer: fed those too, the float writer is reoptimised for tagged values and
 * runs about half as fast on doubles afterwards.
 */
function putFloats(w: ByteWriter, v: unknown, len: number): void {
  if (!Array.isArray(v) || (len >= 0 && v.length !== len)) throw BAIL;
  w.room(v.length * (FLOAT64_MAX_BYTES + 1) + 2);
  const b = w.buf;
  b[w.pos] = 0x5b;
  const p = floatsInto(b, w.pos + 1, v);
  b[p] = 0x5d;
  w.pos = p + 1;
}

/**
 * A level of a float tree: listElems' loop over `inner` (a level below, or the float list
 * writer). Each kind of list has a loop of its own, so that its element call site sees only
 * the encoders of that kind (a loop shared by every list sees so many that V8 inlines none).
 */
function floatLevel(w: ByteWriter, v: readonly unknown[], inner: ByteEncoder): void {
  const n = v.length;
  for (let i = 0; i < n; i++) {
    if (i > 0) w.punct(0x2c);
    inner(w, v[i]);
  }
}

/** putFloats' loop (a function that ends with it: see {@link listElems}); returns the end. */
function floatsInto(b: Buffer, p0: number, v: readonly unknown[]): number {
  const n = v.length;
  let p = p0;
  for (let i = 0; i < n; i++) {
    const x = v[i];
    if (typeof x !== "number" || x - x !== 0) throw BAIL;
    if (i > 0) b[p++] = 0x2c;
    // Through NUM_IN: an argument would be boxed (a heap number per element) when not inlined.
    NUM_IN[0] = x;
    p = x !== 0 && (x | 0) === x ? writeInt53In(b, p) : writeFloat64In(b, p);
  }
  return p;
}

/**
 * Writes `v` (a list of integer numbers in [lo, hi], the bounds of a kind of at most 32 bits,
 * of length `len` unless negative, else it bails) as a JSON array: room made once, each
 * digit by digit.
 */
function putInts(w: ByteWriter, v: unknown, len: number, lo: number, hi: number): void {
  if (!Array.isArray(v) || (len >= 0 && v.length !== len)) throw BAIL;
  w.room(v.length * (INT53_MAX_BYTES + 1) + 2);
  const b = w.buf;
  b[w.pos] = 0x5b;
  const p = intsInto(b, w.pos + 1, v, lo, hi);
  b[p] = 0x5d;
  w.pos = p + 1;
}

/** putInts' loop (a function that ends with it: see {@link listElems}); returns the end. */
function intsInto(b: Buffer, p0: number, v: readonly unknown[], lo: number, hi: number): number {
  const n = v.length;
  let p = p0;
  for (let i = 0; i < n; i++) {
    const x = v[i];
    if (typeof x !== "number" || !(x >= lo && x <= hi) || Math.floor(x) !== x) throw BAIL;
    if (i > 0) b[p++] = 0x2c;
    NUM_IN[0] = x;
    p = writeInt53In(b, p);
  }
  return p;
}

/**
 * Writes `v` (a list of bigints of a 64-bit kind, of length `len` unless negative, else it
 * bails) as a JSON array: room made once, values below 2^53 digit by digit (a bigint read
 * through an int64 store; its toString costs twice as much), larger ones through String;
 * a value out of the kind's range bails.
 */
function putBigs(w: ByteWriter, v: unknown, len: number, unsigned: boolean): void {
  if (!Array.isArray(v) || (len >= 0 && v.length !== len)) throw BAIL;
  w.room(v.length * (INT53_MAX_BYTES + 1) + 2);
  w.buf[w.pos++] = 0x5b;
  const p = bigsInto(w, v, unsigned);
  // bigsInto may have grown the buffer (w.buf is read again).
  w.buf[p] = 0x5d;
  w.pos = p + 1;
}

/** putBigs' loop (a function that ends with it: see {@link listElems}); returns the end. */
function bigsInto(w: ByteWriter, v: readonly unknown[], unsigned: boolean): number {
  const n = v.length;
  let b = w.buf;
  let p = w.pos;
  for (let i = 0; i < n; i++) {
    const x = v[i];
    if (typeof x !== "bigint") throw BAIL;
    if (i > 0) b[p++] = 0x2c;
    if (safeBigintIn(x)) {
      if (unsigned && (NUM_IN[0] as number) < 0) throw BAIL;
      p = writeInt53In(b, p);
    } else {
      w.pos = p;
      w.big(x, unsigned);
      w.room((n - i) * (INT53_MAX_BYTES + 1) + 2);
      b = w.buf;
      p = w.pos;
    }
  }
  return p;
}

function buildMap(t: GoType & { kind: "map" }): ByteEncoder | null {
  const kt = t.key;
  if (kt.known !== undefined || hasMarshalMethods(kt)) return null;
  if (kt.kind !== "string" && !INT_KINDS.has(kt.kind)) return null;
  const elem = byteEncoderFor(t.elem);
  if (elem === null) return null;
  const keyOk = kt.kind === "string" ? (k: unknown) => typeof k === "string" : intCheck(kt.kind);
  return (w, v) => {
    if (v === null) {
      w.ascii("null");
      return;
    }
    if (!(v instanceof Map) || ++w.depth > BYTES_MAX_DEPTH) throw BAIL;
    w.punct(0x7b, "{");
    mapEntries(w, v, elem, keyOk);
    w.punct(0x7d, "}");
    w.depth--;
  };
}

/**
 * Writes the entries of Map `v` as members, in Go's key order; a key that is not of the key type
 * bails (a function that ends with its loop: see {@link listElems}).
 */
function mapEntries(
  w: ByteWriter,
  v: Map<unknown, unknown>,
  elem: ByteEncoder,
  keyOk: (k: unknown) => boolean,
): void {
  const entries: [string, unknown][] = [];
  for (const [k, x] of v) {
    if (!keyOk(k)) throw BAIL;
    entries.push([String(k), x]);
  }
  entries.sort((a, b) => compareUtf8(a[0], b[0]));
  for (let i = 0; i < entries.length; i++) {
    const [k, x] = entries[i] as [string, unknown];
    if (i > 0) w.punct(0x2c, ",");
    w.string(k);
    w.punct(0x3a, ":");
    elem(w, x);
  }
}

/** Field kinds compileStruct writes inline. */
type Inline = "string" | "int" | "bool" | "float" | "any";

/** The inline kind of a type the byte path accepted (so: no methods, no known type), or null. */
function inlineKind(t: GoType): Inline | null {
  const k = t.kind;
  if (k === "string") return "string";
  if (k === "bool") return "bool";
  if (k === "float64") return "float";
  if (INT_KINDS.has(k)) return "int";
  if (k === "interface") return "any";
  return null;
}

interface FieldB {
  readonly key: string;
  /** The member name quoted, with `:` (index 0: raw, 1: HTML-escaped). */
  readonly name: readonly [string, string];
  readonly hops: readonly FieldV1["hops"][number][] | null;
  readonly enc: ByteEncoder;
  readonly omit: ((v: any) => boolean) | null;
  /** Inline code for plain strings, integers and booleans (see compileStruct). */
  readonly inline: Inline | null;
  /** The integer kind of an inline "int" field (or of the pointed-to value). */
  readonly intKind: string;
  /** Whether the field is an unnamed pointer to the inline kind (nil: null). */
  readonly ptr: boolean;
}

const utf8 = new TextEncoder();

function buildStruct(t: GoType & { kind: "struct" }): ByteEncoder | null {
  const fields: FieldB[] = [];
  for (const f of structFieldsV1(t).list) {
    if (f.quoted) return null;
    if (f.omitZero && hasIsZero(f.type)) return null;
    for (let i = 0; i < f.hops.length - 1; i++) {
      const h = f.hops[i] as FieldV1["hops"][number];
      if (h.type.kind === "pointer" && h.type.elem.kind !== "struct") return null;
    }
    const enc = byteEncoderFor(f.type);
    if (enc === null) return null;
    const empty = f.omitEmpty ? isEmptyFn(f.type) : null;
    const zero = f.omitZero ? isZeroFieldFn(f.type) : null;
    fields.push({
      key: (f.hops[f.hops.length - 1] as FieldV1["hops"][number]).name,
      name: [`"${f.name}":`, `${quoteString(f.name, true)}:`],
      hops: f.hops.length > 1 ? f.hops.slice(0, -1) : null,
      enc,
      omit: empty && zero ? (v: any) => empty(v) || zero(v) : (empty ?? zero),
      // byteEncoderFor accepted the type (and a pointer's element), so they have no methods and no known type
      ...(f.type.kind === "pointer"
        ? {
            inline: inlineKind(f.type.elem) === "any" ? null : inlineKind(f.type.elem),
            ptr: true,
            intKind: f.type.elem.kind,
          }
        : { inline: inlineKind(f.type), ptr: false, intKind: f.type.kind }),
    });
  }
  let raw: ByteEncoder;
  let html: ByteEncoder;
  try {
    raw = compileStruct(fields, 0);
    html = compileStruct(fields, 1);
  } catch {
    return null; // code generation not allowed (CSP): the general encoder has a fallback
  }
  // An array in place of the struct: a struct with a field read directly bails on that field's
  // value (undefined); one without such a field must test it here.
  if (fields.some((f) => f.hops === null))
    return (w, v) => {
      if (v === null || typeof v !== "object" || ++w.depth > BYTES_MAX_DEPTH) throw BAIL;
      (w.html ? html : raw)(w, v);
      w.depth--;
    };
  return (w, v) => {
    if (v === null || typeof v !== "object" || Array.isArray(v) || ++w.depth > BYTES_MAX_DEPTH) throw BAIL;
    (w.html ? html : raw)(w, v);
    w.depth--;
  };
}

/**
 * One generated function a struct type and escaping: constant property
 * names, member names pre-encoded with their separators (`{` or `,` known
 * where the members before always appear), plain scalars inlined. Names are
 * Go identifiers and JSON names, embedded with JSON.stringify.
 */
function compileStruct(fields: readonly FieldB[], h: 0 | 1): ByteEncoder {
  const keys: Uint8Array[] = [];
  const texts: string[] = [];
  const keyIndex = (text: string): number => {
    keys.push(utf8.encode(text));
    texts.push(text);
    return keys.length - 1;
  };
  // A member name with its separator: its bytes stored one by one (constant stores, cheaper
  // than a copy loop over an array of names), or copied when long.
  const keyCode = (text: string): string => {
    const i = keyIndex(text);
    const k = keys[i] as Uint8Array;
    if (k.length > INLINE_KEY) return `w.key(K[${i}], T[${i}]);`;
    let code = `w.room(${k.length}); b = w.buf; p = w.pos;`;
    k.forEach((c, j) => {
      code += ` b[p${j ? ` + ${j}` : ""}] = ${c};`;
    });
    return `${code} w.pos = p + ${k.length};`;
  };
  let written: "no" | "yes" | "?" = "no";
  let body = "let first = true;\nlet fv, o, b, p;\n";
  fields.forEach((f, i) => {
    const name = f.name[h];
    const conditional = f.hops !== null || f.omit !== null;
    let writeKey: string;
    if (written === "no") writeKey = `${keyCode(`{${name}`)}\n`;
    else if (written === "yes") writeKey = `${keyCode(`,${name}`)}\n`;
    else writeKey = `if (first) { ${keyCode(`{${name}`)} } else { ${keyCode(`,${name}`)} }\n`;
    body += "{\n";
    if (f.hops === null) body += `fv = v[${JSON.stringify(f.key)}];\n`;
    else {
      body += "o = v;\n";
      for (const hop of f.hops) {
        body += `o = o[${JSON.stringify(hop.name)}];\n`;
        // A missing (or, not through a pointer, null) embedded struct bails: the general encoder reports it.
        if (hop.type.kind === "pointer") body += "if (o === undefined) throw BAIL;\nif (o !== null) {\n";
        else body += "if (o === undefined || o === null) throw BAIL;\n";
      }
      body += `fv = o[${JSON.stringify(f.key)}];\n`;
    }
    if (f.omit !== null) body += `if (!F[${i}].omit(fv)) {\n`;
    body += writeKey;
    if (conditional && written !== "yes") body += "first = false;\n";
    if (f.ptr && f.inline !== null) body += "if (fv === null) w.nul();\nelse {\n";
    switch (f.inline) {
      case "string":
        body += 'if (typeof fv !== "string") throw BAIL;\nw.string(fv);\n';
        break;
      case "int":
        body += intCode(f.intKind);
        break;
      case "bool":
        body +=
          'if (fv === true) w.ascii("true");\nelse if (fv === false) w.ascii("false");\nelse throw BAIL;\n';
        break;
      case "float":
        body +=
          'if (typeof fv !== "number" || fv - fv !== 0) throw BAIL;\nw.ascii(fv === 0 ? (1 / fv < 0 ? "-0" : "0") : "" + fv);\n';
        break;
      case "any":
        body += `if (fv === null) w.nul();\nelse F[${i}].enc(w, fv);\n`;
        break;
      default:
        body += `F[${i}].enc(w, fv);\n`;
    }
    if (f.ptr && f.inline !== null) body += "}\n";
    if (f.omit !== null) body += "}\n";
    if (f.hops !== null) for (const hop of f.hops) if (hop.type.kind === "pointer") body += "}\n";
    body += "}\n";
    if (!conditional) written = "yes";
    else if (written === "no") written = "?";
  });
  if (written === "no") body += 'w.ascii("{}");\n';
  else if (written === "yes") body += 'w.punct(0x7d, "}");\n';
  else body += 'if (first) w.ascii("{}"); else w.punct(0x7d, "}");\n';
  return new Function(
    "F",
    "K",
    "T",
    "BAIL",
    `"use strict"; return function encodeStructBytes(w, v) {\n${body}};`,
  )(fields, keys, texts, BAIL) as ByteEncoder;
}

/** compileStruct's code for an integer field of kind `k` in `fv`: the kind's type and range test, then the digits. */
function intCode(k: string): string {
  if (isBigKind(k))
    return `if (typeof fv !== "bigint") throw BAIL;\nw.big(fv, ${k !== "int" && k !== "int64"});\n`;
  const test: Record<string, string> = {
    int8: "((fv << 24) >> 24) !== fv",
    int16: "((fv << 16) >> 16) !== fv",
    int32: "(fv | 0) !== fv",
    uint8: "(fv & 255) !== fv",
    uint16: "(fv & 65535) !== fv",
    uint32: "fv >>> 0 !== fv",
  };
  return `if (typeof fv !== "number" || ${test[k]}) throw BAIL;\nw.small(fv);\n`;
}

function hasIsZero(t: GoType): boolean {
  if (t.kind === "pointer") return t.elem.kind !== "pointer" && findMethod(t.elem, "IsZero") !== null;
  return t.kind !== "interface" && findMethod(t, "IsZero") !== null;
}

/** The elements of an array held in an `any` (a loop of its own: see {@link floatLevel}). */
function anyElems(w: ByteWriter, v: readonly unknown[]): void {
  const n = v.length;
  for (let i = 0; i < n; i++) {
    if (i > 0) w.punct(0x2c);
    encodeAnyBytes(w, v[i]);
  }
}

/** The members `keys` of an object held in an `any` (a loop of its own: see {@link floatLevel}). */
function anyMembers(w: ByteWriter, v: any, keys: readonly string[]): void {
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i] as string;
    if (i > 0) w.punct(0x2c);
    w.string(k);
    w.punct(0x3a);
    encodeAnyBytes(w, v[k]);
  }
}

/** A value held in an `any`: strings, finite numbers, booleans, bigints, null, arrays and plain objects; else BAIL. */
function encodeAnyBytes(w: ByteWriter, v: any): void {
  switch (typeof v) {
    case "string":
      w.string(v);
      return;
    case "number":
      if (v - v !== 0) throw BAIL;
      w.ascii(v === 0 ? (1 / v < 0 ? "-0" : "0") : String(v));
      return;
    case "boolean":
      w.ascii(v ? "true" : "false");
      return;
    case "bigint":
      if (safeBigintIn(v)) {
        w.room(INT53_MAX_BYTES);
        w.pos = writeInt53In(w.buf, w.pos);
      } else w.ascii(String(v));
      return;
    case "object":
      break;
    default:
      throw BAIL;
  }
  if (v === null) {
    w.ascii("null");
    return;
  }
  if (++w.depth > BYTES_MAX_DEPTH) throw BAIL;
  if (Array.isArray(v)) {
    w.punct(0x5b, "[");
    anyElems(w, v);
    w.punct(0x5d, "]");
  } else {
    const proto = Object.getPrototypeOf(v);
    if (proto !== Object.prototype && proto !== null) throw BAIL; // Map, Uint8Array, JsonNumber, GoTime, ...
    w.punct(0x7b, "{");
    anyMembers(w, v, sortedKeys(Object.keys(v)));
    w.punct(0x7d, "}");
  }
  w.depth--;
}
