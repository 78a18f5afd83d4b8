/**
 * Strings written by the byte paths as Go's v1 writes them (encoding/json's
 * appendString): `\b \f \n \r \t \" \\` short, other control characters as
 * `\u00XX`, `<`, `>`, `&` as `\u003c`… when the writer escapes for HTML,
 * U+2028 and U+2029 always escaped, and a lone surrogate (invalid UTF-8 once
 * encoded) as `\ufffd`. A long string that needs none of that is written by
 * Buffer's native UTF-8 writer; others are encoded here, escapes included.
 *
 * Not semver-stable: part of `@gojson/jsontext/internal`.
 */
import { Buffer } from "node:buffer";
import type { FastWriter, NodeBuf } from "./fast-writer.js";
import { wellFormed } from "./well-formed.js";
import { ESCAPE_LETTER, putEscapeU } from "./write-escapes.js";

/** Strings up to this length are encoded by hand; longer ones natively when they need no escape. */
const SHORT_TEXT = 32;

/** Per ASCII byte: ESCAPE_LETTER, and `<`, `>`, `&` written `\u00XX` when escaping for HTML. */
function escTable(html: boolean): Uint8Array {
  const t = new Uint8Array(0x80);
  t.set(ESCAPE_LETTER);
  if (html) t[0x3c] = t[0x3e] = t[0x26] = 1;
  return t;
}
const ESC_HTML = escTable(true);
const ESC_RAW = escTable(false);

/** In a byte table: the first byte of U+2028/U+2029 and of U+FFFD in UTF-8 (looked at closer). */
const SEQ_E2 = 2;
const SEQ_EF = 3;

/** escTable over all 256 bytes, for escapeUtf8: 0 copied as is, SEQ_E2/SEQ_EF looked at closer. */
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
let scratch = Buffer.allocUnsafe(1 << 12) as NodeBuf;
let scratchView = new DataView(scratch.buffer, scratch.byteOffset, scratch.length);
/** A DataView of the output buffer last written by escapedBytes (escapeUtf8 stores 4 bytes at a time). */
let outView: DataView = new DataView(new ArrayBuffer(0));
let outViewOf: Uint8Array | null = null;

/** writeStringV1 writes s as a JSON string with v1's escaping (`w.html`: `<`, `>`, `&` too). */
export function writeStringV1(w: FastWriter, s: string): void {
  const n = s.length;
  // Short strings: by hand in one pass (cheaper than a native call for a few chars).
  if (n <= SHORT_TEXT) {
    escapedChars(w, s);
    return;
  }
  if (!(w.html ? MAY_NEED_WORK_HTML : MAY_NEED_WORK).test(s)) {
    w.room(n * 3 + 2);
    const b = w.buf;
    b[w.pos] = 0x22;
    const p = w.pos + 1 + b.utf8Write(s, w.pos + 1, n * 3);
    b[p] = 0x22;
    w.pos = p + 1;
  } else if (!escapedBytes(w, s)) escapedChars(w, s);
}

/**
 * escapedBytes writes a string that needs escapes: encoded natively into the scratch buffer,
 * then copied byte by byte with the escapes (a loop over bytes, whatever the string's
 * representation in the engine). The native encoder writes a lone surrogate as U+FFFD
 * (EF BF BD), where v1 writes `\ufffd`: when that sequence shows up and the string is not
 * well formed, nothing is committed and false is returned (escapedChars then writes it).
 */
function escapedBytes(w: FastWriter, s: string): boolean {
  const n = s.length;
  if (scratch.length < n * 3) {
    scratch = Buffer.allocUnsafe(Math.max(n * 3, scratch.length * 2)) as NodeBuf;
    scratchView = new DataView(scratch.buffer, scratch.byteOffset, scratch.length);
  }
  const m = scratch.utf8Write(s, 0, n * 3);
  w.room(m * 6 + 2);
  const b = w.buf;
  if (outViewOf !== b) {
    outView = new DataView(b.buffer, b.byteOffset, b.length);
    outViewOf = b;
  }
  b[w.pos] = 0x22;
  const p = escapeUtf8(b, outView, w.pos + 1, scratch, scratchView, m, w.html, s);
  if (p < 0) return false;
  b[p] = 0x22;
  w.pos = p + 1;
  return true;
}

/**
 * escapedChars writes any string, encoded here char by char, escapes and lone surrogates
 * included. Mostly short strings: the loop stays in this function, which ends with it.
 */
function escapedChars(w: FastWriter, s: string): void {
  const n = s.length;
  w.room(n * 6 + 2);
  const b = w.buf;
  const esc = w.html ? ESC_HTML : ESC_RAW;
  let p = w.pos;
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
  w.pos = p;
}

/** Bits 7, 15, 23, 31 set where a byte of the four in `w` is below 0x20 (the lowest set one exactly). */
const LOW_BYTES = (w: number): number => (w - 0x20202020) & ~w & 0x80808080;
/** Bits 7, 15, 23, 31 set where a byte of `w` equals the byte repeated in `kkkk` (the lowest set one exactly). */
const EQ_BYTES = (w: number, kkkk: number): number => {
  const x = w ^ kkkk;
  return (x - 0x01010101) & ~x & 0x80808080;
};

/**
 * escapeUtf8 copies the UTF-8 bytes t[0, m) of `s` into b at p with v1's escapes (`html`:
 * `<`, `>`, `&` too); returns the end, or -1 when `s` holds a lone surrogate. Four bytes at a
 * time (one load, a few integer operations, one store): the SWAR tests flag the bytes that
 * need a look (control characters, `"`, `\`, HTML characters, and 0xE2 and 0xEF, the lead
 * bytes of U+2028/U+2029 and of U+FFFD); the clean bytes before the first flagged one are
 * kept (the word is stored whole, and the bytes past them are written over next), and that
 * byte goes through the table.
 */
function escapeUtf8(
  b: Uint8Array,
  view: DataView,
  p0: number,
  t: Uint8Array,
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
      if (t[j + 1] === 0xbf && t[j + 2] === 0xbd && !wellFormed(s)) return -1;
      b[p++] = c;
    } else {
      b[p++] = 0x5c;
      b[p++] = e;
    }
    j++;
  }
  return p;
}
