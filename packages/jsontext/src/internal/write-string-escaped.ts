/**
 * The byte paths' string writer for every escaping policy but v2's minimal one
 * (write-string-v2.ts): `\b \f \n \r \t \" \\` short, other control
 * characters as `\u00XX`, and by the mode's bits `<`, `>`, `&` as `\u003c`…
 * (STRING_HTML), U+2028 and U+2029 as `\u2028`, `\u2029` (STRING_JS), and a
 * lone surrogate (invalid UTF-8 once encoded) as `\ufffd` (v1's default),
 * U+FFFD's UTF-8 bytes (STRING_INVALID_RAW: json/v2's AllowInvalidUTF8) or a
 * bail (STRING_INVALID_BAIL: json/v2 reports an error). A short string is
 * encoded here char by char; a long one that needs none of that by Buffer's
 * native UTF-8 writer, others from their UTF-16 units by the WebAssembly
 * escaper (escape-wasm.ts) or its JavaScript fallback (escape-utf16.ts).
 *
 * Not semver-stable: part of `@gojson/jsontext/internal`.
 */
import { Buffer } from "node:buffer";
import { bail } from "./cursor.js";
import { escapeUnits } from "./escape-utf16.js";
import {
  ESCAPER_MAX_UNITS,
  type Escaper,
  escaperOrNull,
  growTo,
  memoryFor,
  OUTPUT,
  unitsAt,
  VIEW_MAX_UNITS,
} from "./escape-wasm.js";
import type { FastWriter, NodeBuf } from "./fast-writer.js";
import {
  ESCAPE_HTML,
  ESCAPE_RAW,
  putEscapeU,
  STRING_HTML,
  STRING_INVALID_BAIL,
  STRING_INVALID_RAW,
  STRING_JS,
  utf8Word3,
  utf8Word4,
} from "./write-escapes.js";

export { STRING_HTML, STRING_INVALID_BAIL, STRING_INVALID_RAW, STRING_JS };

/** Strings up to this length are encoded by hand; longer ones natively when they need no escape. */
const SHORT_TEXT = 32;

/**
 * Per mode, the characters a string may hold for Buffer's native UTF-8 writer to write it as the
 * mode does (no escape, and no lone surrogate unless INVALID_RAW, which the native writer writes as U+FFFD).
 */
const MAY_NEED_WORK: RegExp[] = [];
for (let m = 0; m < 16; m++)
  MAY_NEED_WORK.push(
    new RegExp(
      `[\\u0000-\\u001f"\\\\${m & STRING_HTML ? "<>&" : ""}${m & STRING_JS ? "\\u2028\\u2029" : ""}${
        m & STRING_INVALID_RAW ? "" : "\\ud800-\\udfff"
      }]`,
    ),
  );

/** Scratch of escapedUnits: a string's UTF-16 units as bytes (written natively), as units, and a DataView. */
let unitBytes = Buffer.from(new ArrayBuffer(1 << 13)) as Ucs2Buf;
let unitArray = new Uint16Array(unitBytes.buffer);
let unitView = new DataView(unitBytes.buffer);
/** A DataView of the output buffer last written by escapedUnits or escapedChars (stores of 2 and 4 bytes). */
let outView: DataView = new DataView(new ArrayBuffer(0));
let outViewOf: Uint8Array | null = null;

/** writeStringEscaped writes s as a JSON string escaped as mode says (STRING_* bits). */
export function writeStringEscaped(w: FastWriter, s: string, mode: number): void {
  const n = s.length;
  // Short strings: by hand in one pass (cheaper than a native call for a few chars).
  if (n <= SHORT_TEXT) {
    escapedChars(w, s, mode);
    return;
  }
  // Long strings: escaped in WebAssembly in one pass, escapes or not (cheaper than testing for them).
  const e = escaperOrNull();
  if (e !== null && n <= ESCAPER_MAX_UNITS) {
    escapedWasm(w, s, mode, e);
    return;
  }
  if (!(MAY_NEED_WORK[mode] as RegExp).test(s)) {
    w.room(n * 3 + 2);
    const b = w.buf;
    b[w.pos] = 0x22;
    const p = w.pos + 1 + b.utf8Write(s, w.pos + 1, n * 3);
    b[p] = 0x22;
    w.pos = p + 1;
  } else escapedBytes(w, s, mode);
}

/** Node's Buffer with its native UTF-16 writer (not in @types/node). */
type Ucs2Buf = NodeBuf & { ucs2Write(s: string, offset: number, max: number): number };

/**
 * escapedBytes writes a long string that needs escapes (or holds a lone surrogate): its UTF-16
 * units copied natively, then encoded to UTF-8 with the escapes in one pass, by the WebAssembly
 * escaper (escape-wasm.ts), or where there is none by escapeUnits (escape-utf16.ts).
 */
export function escapedBytes(w: FastWriter, s: string, mode: number): void {
  const e = escaperOrNull();
  if (e !== null && s.length <= ESCAPER_MAX_UNITS) escapedWasm(w, s, mode, e);
  else escapedUnits(w, s, mode);
}

/** escapedUnits is escapedBytes in JavaScript (escapeUnits). */
export function escapedUnits(w: FastWriter, s: string, mode: number): void {
  const n = s.length;
  if (unitBytes.length < n * 2 + 8) {
    const ab = new ArrayBuffer(Math.max(n * 2 + 8, unitBytes.length * 2));
    unitBytes = Buffer.from(ab) as Ucs2Buf;
    unitArray = new Uint16Array(ab);
    unitView = new DataView(ab);
  }
  unitBytes.ucs2Write(s, 0, n * 2);
  w.room(n * 6 + 2);
  const b = w.buf;
  if (outViewOf !== b) {
    outView = new DataView(b.buffer, b.byteOffset, b.length);
    outViewOf = b;
  }
  b[w.pos] = 0x22;
  const p = escapeUnits(b, outView, w.pos + 1, unitArray, unitView, n, mode);
  b[p] = 0x22;
  w.pos = p + 1;
}

/** The escaper's memory as a Buffer (made again when it grows: growing detaches the old one). */
let wasmBytes = Buffer.alloc(0) as Ucs2Buf;
/** The same memory as a plain Uint8Array (its subarray is cheaper than a Buffer's). */
let wasmArray: Uint8Array = new Uint8Array(0);
/** Views of the memory from OUTPUT, by size (1 << k), made when first used (a view per call costs more than the copy). */
let outViews: Uint8Array[] = [];

/** escapedWasm is escapedBytes by the WebAssembly escaper (the mode's bits are its flags). */
export function escapedWasm(w: FastWriter, s: string, mode: number, e: Escaper): void {
  const n = s.length;
  const at = unitsAt(n);
  if (at + n * 2 + 32 > wasmBytes.length) {
    growTo(e, memoryFor(n));
    wasmBytes = Buffer.from(e.memory.buffer) as Ucs2Buf;
    wasmArray = new Uint8Array(wasmBytes.buffer);
    outViews = [];
  }
  wasmBytes.ucs2Write(s, at, n * 2);
  const end = (e.byMode[mode & (STRING_HTML | STRING_JS)] as Escaper["byMode"][0])(n, at, mode);
  if (end < 0) bail();
  const len = end - OUTPUT;
  let p = w.pos;
  if (n <= VIEW_MAX_UNITS) {
    // The output's power-of-two view (room for it is there: see unitsAt); the bytes past len are written over.
    const k = len <= 64 ? 6 : 32 - Math.clz32(len - 1);
    let view = outViews[k];
    if (view === undefined) view = outViews[k] = new Uint8Array(wasmArray.buffer, OUTPUT, 1 << k);
    w.room((1 << k) + 2);
    const b = w.buf;
    b[p++] = 0x22;
    b.set(view, p);
    p += len;
    b[p] = 0x22;
  } else {
    w.room(len + 2);
    const b = w.buf;
    b[p++] = 0x22;
    b.set(wasmArray.subarray(OUTPUT, end), p);
    p += len;
    b[p] = 0x22;
  }
  w.pos = p + 1;
}

/**
 * escapedChars writes any string, encoded here char by char, escapes and lone surrogates
 * included. Mostly short strings: ASCII characters are looked up in the mode's escape table
 * (0: written as is), four at a time and stored as one word while none needs an escape, then
 * one by one. The table lookups cost fewer instructions than testing the word in registers
 * for each of the characters that need an escape (SWAR): no constants picked by the mode.
 */
export function escapedChars(w: FastWriter, s: string, mode: number): void {
  // `"" + s` is s, checked as a string (its feedback is one kind whatever the representation), so
  // its length is read inline: `s.length` is a megamorphic load (strings come in many shapes).
  // biome-ignore lint/style/useTemplate: a template would call ToString instead of checking a string
  const n = ("" + s).length;
  w.room(n * 6 + 2);
  const b = w.buf;
  const esc = (mode & STRING_HTML) !== 0 ? ESCAPE_HTML : ESCAPE_RAW;
  let p = w.pos;
  b[p++] = 0x22;
  let i = 0;
  if (outViewOf !== b) {
    outView = new DataView(b.buffer, b.byteOffset, b.length);
    outViewOf = b;
  }
  const view = outView;
  // Four ASCII characters at a time while none needs an escape (the mode's table is 0 there).
  for (; i <= n - 4; i += 4) {
    const c0 = s.charCodeAt(i);
    const c1 = s.charCodeAt(i + 1);
    const c2 = s.charCodeAt(i + 2);
    const c3 = s.charCodeAt(i + 3);
    if ((c0 | c1 | c2 | c3) >= 0x80) break;
    if (((esc[c0] as number) | (esc[c1] as number) | (esc[c2] as number) | (esc[c3] as number)) !== 0) break;
    view.setInt32(p, c0 | (c1 << 8) | (c2 << 16) | (c3 << 24), true);
    p += 4;
  }
  for (; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) {
      const e = esc[c] as number;
      if (e === 0) b[p++] = c;
      else if (e === 1) {
        // \u00XX (control characters; <, >, & when escaping for HTML)
        p = putEscapeU(view, p, c);
      } else {
        b[p++] = 0x5c;
        b[p++] = e;
      }
    } else if (c < 0x800) {
      b[p++] = 0xc0 | (c >> 6);
      b[p++] = 0x80 | (c & 0x3f);
    } else if (c < 0xd800 || c >= 0xe000) {
      if ((c === 0x2028 || c === 0x2029) && (mode & STRING_JS) !== 0) {
        p = putEscapeU(view, p, c); // \u2028, \u2029
      } else {
        // three bytes stored as a word (its fourth byte is written over next: room is six a unit)
        view.setInt32(p, utf8Word3(c), true);
        p += 3;
      }
    } else {
      const d = i + 1 < n ? s.charCodeAt(i + 1) : 0;
      if (c < 0xdc00 && (d & 0xfc00) === 0xdc00) {
        // a surrogate pair: one code point, four bytes
        const cp = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
        view.setInt32(p, utf8Word4(cp), true);
        p += 4;
        i++;
      } else if ((mode & STRING_INVALID_RAW) !== 0) {
        // a lone surrogate stands for invalid UTF-8: U+FFFD itself (json/v2)
        b[p++] = 0xef;
        b[p++] = 0xbf;
        b[p++] = 0xbd;
      } else if ((mode & STRING_INVALID_BAIL) !== 0) bail();
      else p = putEscapeU(view, p, 0xfffd); // \ufffd (v1)
    }
  }
  b[p++] = 0x22;
  w.pos = p;
}
