/**
 * Strings written by the byte paths as Go's v2 writes them by default: the
 * minimal escaping of RFC 8785 section 3.2.2.2 (`\b \t \n \f \r \" \\`
 * short, other control characters `\u00xx`; what JSON.stringify writes for a
 * well-formed string). A lone surrogate (invalid UTF-8 once encoded) throws
 * BAIL: Go reports an error, which the codec's exact encoder builds.
 *
 * Not semver-stable: part of `@gojson/jsontext/internal`.
 */
import { bail } from "./cursor.js";
import type { FastWriter } from "./fast-writer.js";
import { ESCAPE_LETTER, HEX_DIGIT } from "./write-escapes.js";
import { escapedBytes, STRING_INVALID_BAIL } from "./write-string-escaped.js";

/** Strings up to this length are escaped and encoded by hand; longer ones by native calls. */
const SHORT_STRING = 32;

/** Characters JSON.stringify and v2's minimal policy both escape (a well-formed string without them is written as is). */
const NEEDS_ESCAPE = /["\\\u0000-\u001f]/;
/** NEEDS_ESCAPE and surrogates (a string without any is written as is, unchecked). */
const SPECIAL = /["\\\u0000-\u001f\ud800-\udfff]/;

type WellFormed = { isWellFormed(): boolean };

/** writeStringV2 writes s as a JSON string with v2's minimal escaping; a lone surrogate bails. */
export function writeStringV2(w: FastWriter, s: string): void {
  const n = s.length;
  if (n <= SHORT_STRING) shortString(w, s, n);
  else longString(w, s, n);
}

/** shortString writes a short string, escaped and encoded by hand. */
function shortString(w: FastWriter, s: string, n: number): void {
  w.room(n * 6 + 2);
  const b = w.buf;
  b[w.pos] = 0x22;
  const p = escapeV2(s, 0, n, b, w.pos + 1);
  b[p] = 0x22;
  w.pos = p + 1;
}

/** escapeV2 writes s[i:n] escaped and UTF-8 encoded into b at p (room made by the caller); returns the end. */
function escapeV2(s: string, i: number, n: number, b: Uint8Array, p: number): number {
  for (; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) {
      // Most characters: tested in registers, not looked up.
      if (c >= 0x20 && c !== 0x22 && c !== 0x5c) {
        b[p++] = c;
        continue;
      }
      const e = ESCAPE_LETTER[c] as number;
      if (e === 1) {
        b[p++] = 0x5c;
        b[p++] = 0x75;
        b[p++] = 0x30;
        b[p++] = 0x30;
        b[p++] = HEX_DIGIT[c >> 4] as number;
        b[p++] = HEX_DIGIT[c & 15] as number;
      } else {
        b[p++] = 0x5c;
        b[p++] = e;
      }
    } else if (c < 0x800) {
      b[p++] = 0xc0 | (c >> 6);
      b[p++] = 0x80 | (c & 0x3f);
    } else if (c < 0xd800 || c >= 0xe000) {
      b[p++] = 0xe0 | (c >> 12);
      b[p++] = 0x80 | ((c >> 6) & 0x3f);
      b[p++] = 0x80 | (c & 0x3f);
    } else {
      const d = c < 0xdc00 && i + 1 < n ? s.charCodeAt(i + 1) : 0;
      // A lone surrogate: invalid UTF-8, Go's error (the exact encoder reports it).
      if ((d & 0xfc00) !== 0xdc00) bail();
      const u = ((c - 0xd800) << 10) + (d - 0xdc00) + 0x10000;
      b[p++] = 0xf0 | (u >> 18);
      b[p++] = 0x80 | ((u >> 12) & 0x3f);
      b[p++] = 0x80 | ((u >> 6) & 0x3f);
      b[p++] = 0x80 | (u & 0x3f);
      i++;
    }
  }
  return p;
}

/**
 * longString writes a long string: by Buffer's native UTF-8 writer when it needs no escape (one
 * native check), else encoded natively and copied with the escapes (write-string-escaped.ts,
 * which bails on a lone surrogate).
 */
function longString(w: FastWriter, s: string, n: number): void {
  const k = s.search(SPECIAL);
  if (k >= 0) {
    // Escapes: written with them (a lone surrogate found there bails); else only surrogates,
    // written natively when all are paired.
    if (s.charCodeAt(k) < 0xd800 || NEEDS_ESCAPE.test(s)) {
      escapedBytes(w, s, STRING_INVALID_BAIL);
      return;
    }
    if (!(s as unknown as WellFormed).isWellFormed()) bail();
  }
  const max = n * 3 + 2;
  w.room(max);
  const b = w.buf;
  b[w.pos++] = 0x22;
  w.pos += b.utf8Write(s, w.pos, max);
  b[w.pos++] = 0x22;
}
