/**
 * The byte paths' string writer for every escaping policy but v2's minimal one
 * (write-string-v2.ts): `\b \f \n \r \t \" \\` short, other control
 * characters as `\u00XX`, and by the mode's bits `<`, `>`, `&` as `\u003c`…
 * (STRING_HTML), U+2028 and U+2029 as `\u2028`, `\u2029` (STRING_JS), and a
 * lone surrogate (invalid UTF-8 once encoded) as `\ufffd` (v1's default),
 * U+FFFD's UTF-8 bytes (STRING_INVALID_RAW: json/v2's AllowInvalidUTF8) or a
 * bail (STRING_INVALID_BAIL: json/v2 reports an error). A long string that
 * needs none of that is written by Buffer's native UTF-8 writer; others are
 * encoded here, escapes included.
 *
 * Not semver-stable: part of `@gojson/jsontext/internal`.
 */
import { Buffer } from "node:buffer";
import { bail } from "./cursor.js";
import {
  runHTML,
  runHTMLJS,
  runHTMLJSLone,
  runHTMLLone,
  runJS,
  runJSLone,
  runMinimal,
  runMinimalLone,
} from "./escape-clean-runs.js";
import type { FastWriter, NodeBuf } from "./fast-writer.js";
import { ESCAPE_LETTER, putEscapeU } from "./write-escapes.js";

/** Mode bit: `<`, `>` and `&` written `\u003c`, `\u003e`, `\u0026` (EscapeForHTML). */
export const STRING_HTML = 1;
/** Mode bit: U+2028 and U+2029 written `\u2028`, `\u2029` (EscapeForJS; v1 always). */
export const STRING_JS = 2;
/** Mode bit: a lone surrogate written as U+FFFD's UTF-8 (json/v2 with AllowInvalidUTF8); else `\ufffd` (v1). */
export const STRING_INVALID_RAW = 4;
/** Mode bit: a lone surrogate bails (json/v2 without AllowInvalidUTF8: an error the exact encoder reports). */
export const STRING_INVALID_BAIL = 8;

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

/** In a byte table: the first byte of U+2028/U+2029 in UTF-8 (looked at closer). */
const SEQ_E2 = 2;
/** In a byte table: the first byte of U+FFFD in UTF-8, what the native encoder writes for a lone surrogate. */
const SEQ_EF = 3;

/** escTable over all 256 bytes, for escapeUtf8: 0 copied as is, SEQ_E2 and SEQ_EF looked at closer. */
function byteTable(html: boolean): Uint8Array {
  const t = new Uint8Array(0x100);
  t.set(escTable(html));
  t[0xe2] = SEQ_E2;
  t[0xef] = SEQ_EF;
  return t;
}
const BYTES_HTML = byteTable(true);
const BYTES_RAW = byteTable(false);

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

/** Scratch buffer of escapedBytes (grown on demand), and a DataView of it (read 4 bytes at a time). */
let scratch = Buffer.allocUnsafe(1 << 12) as NodeBuf;
let scratchView = new DataView(scratch.buffer, scratch.byteOffset, scratch.length);
/** A DataView of the output buffer last written by escapedBytes (escapeUtf8 stores 4 bytes at a time). */
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
  if (!(MAY_NEED_WORK[mode] as RegExp).test(s)) {
    w.room(n * 3 + 2);
    const b = w.buf;
    b[w.pos] = 0x22;
    const p = w.pos + 1 + b.utf8Write(s, w.pos + 1, n * 3);
    b[p] = 0x22;
    w.pos = p + 1;
  } else escapedBytes(w, s, mode);
}

type WellFormed = { isWellFormed(): boolean };

/**
 * escapedBytes writes a string that needs escapes: encoded natively into the scratch buffer,
 * then copied with the escapes by escapeUtf8 (a loop over bytes, whatever the string's
 * representation in the engine). The native encoder writes a lone surrogate as U+FFFD, as
 * INVALID_RAW asks; in other modes escapeUtf8 looks closer at each U+FFFD (rare in text), and
 * the string goes to escapedChars when one stands for a lone surrogate (`\ufffd` or a bail).
 */
export function escapedBytes(w: FastWriter, s: string, mode: number): void {
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
  // U+2028 and U+2029 looked for in the string: their lead byte E2 is common in text (€, “, —).
  const js = (mode & STRING_JS) !== 0 && (s.indexOf("\u2028") >= 0 || s.indexOf("\u2029") >= 0);
  b[w.pos] = 0x22;
  const lone = (mode & STRING_INVALID_RAW) === 0 ? s : null;
  const p = escapeUtf8(b, outView, w.pos + 1, scratch, scratchView, m, (mode & STRING_HTML) !== 0, js, lone);
  if (p < 0) {
    escapedChars(w, s, mode);
    return;
  }
  b[p] = 0x22;
  w.pos = p + 1;
}

/**
 * escapedChars writes any string, encoded here char by char, escapes and lone surrogates
 * included. Mostly short strings: ASCII characters that need no escape are tested in
 * registers (four as a word while they come so, then one by one) before the escape table.
 */
function escapedChars(w: FastWriter, s: string, mode: number): void {
  const n = s.length;
  w.room(n * 6 + 2);
  const b = w.buf;
  const html = (mode & STRING_HTML) !== 0;
  let p = w.pos;
  b[p++] = 0x22;
  let i = 0;
  if (outViewOf !== b) {
    outView = new DataView(b.buffer, b.byteOffset, b.length);
    outViewOf = b;
  }
  const view = outView;
  if (n >= 4) {
    // The copiers' tests (escape-clean-runs.ts) on a word of four characters: `(x | AO) ^ AV`
    // has a zero byte at `"` or `&` for HTML (at `"` alone else), `(x | LO) ^ 0x3e…` at `<` or
    // `>` for HTML (never else: bit 7 set).
    const ao = html ? 0x04040404 : 0;
    const av = html ? 0x26262626 : 0x22222222;
    const lo = html ? 0x02020202 : 0x80808080 | 0;
    for (; i <= n - 4; i += 4) {
      const c0 = s.charCodeAt(i);
      const c1 = s.charCodeAt(i + 1);
      const c2 = s.charCodeAt(i + 2);
      const c3 = s.charCodeAt(i + 3);
      if ((c0 | c1 | c2 | c3) >= 0x80) break;
      const x = c0 | (c1 << 8) | (c2 << 16) | (c3 << 24);
      const a = (x | ao) ^ av;
      const l = (x | lo) ^ 0x3e3e3e3e;
      const q = x ^ 0x5c5c5c5c;
      const f =
        ((x - 0x20202020) & ~x) | ((a - 0x01010101) & ~a) | ((l - 0x01010101) & ~l) | ((q - 0x01010101) & ~q);
      if ((f & 0x80808080) !== 0) break;
      view.setInt32(p, x, true);
      p += 4;
    }
  }
  // The same tests on one character (`"` `&` `<` `>` for HTML, `"` alone else), then the table.
  const ao = html ? 0x04 : 0;
  const av = html ? 0x26 : 0x22;
  const lo = html ? 0x02 : 0x80;
  const esc = html ? ESC_HTML : ESC_RAW;
  const js = (mode & STRING_JS) !== 0;
  for (; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x20 && c < 0x80 && c !== 0x5c && (c | ao) !== av && (c | lo) !== 0x3e) {
      b[p++] = c;
      continue;
    }
    if (c < 0x80) {
      const e = esc[c] as number;
      if (e === 1) {
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
      if ((c === 0x2028 || c === 0x2029) && js) {
        p = putEscapeU(view, p, c); // \u2028, \u2029
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

/**
 * escapeUtf8 copies the UTF-8 bytes t[0, m) into b at p with the escapes (`<`, `>`, `&` by
 * html, U+2028 and U+2029 by js; the *Lone copiers when lone is given); returns the end, or -1 when lone is the string t encodes
 * and one of its U+FFFD stands for a lone surrogate (t's U+FFFD are real ones when lone is null). Clean runs go four bytes at a time through
 * the mode's copier (escape-clean-runs.ts), which stops at the first byte that needs a look;
 * that byte goes through the table here.
 */
function escapeUtf8(
  b: Uint8Array,
  view: DataView,
  p: number,
  t: Uint8Array,
  tv: DataView,
  m: number,
  html: boolean,
  js: boolean,
  lone: string | null,
): number {
  let check = lone;
  const esc = html ? BYTES_HTML : BYTES_RAW;
  let j = 0;
  for (;;) {
    // Input and output indexes advance together over a clean run.
    const d = p - j;
    j =
      lone === null
        ? html
          ? js
            ? runHTMLJS(view, d, tv, j, m)
            : runHTML(view, d, tv, j, m)
          : js
            ? runJS(view, d, tv, j, m)
            : runMinimal(view, d, tv, j, m)
        : html
          ? js
            ? runHTMLJSLone(view, d, tv, j, m)
            : runHTMLLone(view, d, tv, j, m)
          : js
            ? runJSLone(view, d, tv, j, m)
            : runMinimalLone(view, d, tv, j, m);
    p = j + d;
    if (j >= m) return p;
    const c = t[j] as number;
    const e = esc[c] as number;
    if (e === 0) b[p++] = c;
    else if (e === 1) {
      // \u00XX (control characters; <, >, & when escaping for HTML)
      p = putEscapeU(view, p, c);
    } else if (e === SEQ_E2) {
      if (js && t[j + 1] === 0x80 && ((t[j + 2] as number) & 0xfe) === 0xa8) {
        // U+2028, U+2029 (E2 80 A8, E2 80 A9) as \u2028, \u2029
        p = putEscapeU(view, p, t[j + 2] === 0xa8 ? 0x2028 : 0x2029);
      } else {
        // Another character of U+2000…U+2FFF (€, arrows, box drawing): its three bytes at once.
        b[p] = c;
        b[p + 1] = t[j + 1] as number;
        b[p + 2] = t[j + 2] as number;
        p += 3;
      }
      j += 2;
    } else if (e === SEQ_EF) {
      if (check !== null && t[j + 1] === 0xbf && t[j + 2] === 0xbd) {
        // U+FFFD: a lone surrogate if the string is not well-formed (checked once).
        if (!(check as unknown as WellFormed).isWellFormed()) return -1;
        check = null;
      }
      // A character of U+F000…U+FFFF: its three bytes at once.
      b[p] = c;
      b[p + 1] = t[j + 1] as number;
      b[p + 2] = t[j + 2] as number;
      p += 3;
      j += 2;
    } else {
      b[p++] = 0x5c;
      b[p++] = e;
    }
    j++;
  }
}
