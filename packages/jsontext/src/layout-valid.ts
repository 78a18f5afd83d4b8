/**
 * The rewrites of input already known to be one valid JSON value (the byte validator said so)
 * that keep its strings and numbers as written: Compact and Indent of v1 (value-v1.ts) and the
 * same layouts of jsontext's Value.Compact / Indent / Format (value.ts). Validity is what
 * makes one loop over the bytes enough: a string ends at its first unescaped quote, a number
 * or literal at the next delimiter, and no error can occur. Invalid input never comes here:
 * the callers' general rewrites report Go's errors.
 */
import { WS } from "./decoder-bytes.js";

/** How layoutValid lays a value out. */
export interface ValidLayout {
  /** A newline, the prefix and one indent per level after `{`, `[` and `,` and before `}`, `]`. */
  readonly multiline: boolean;
  readonly prefix: Uint8Array;
  readonly indent: Uint8Array;
  readonly spaceAfterColon: boolean;
  readonly spaceAfterComma: boolean;
  /** Whitespace after the value is kept as it is (v1's Indent), else dropped. */
  readonly keepTrailingSpace: boolean;
}

const C_QUOTE = 0x22;
const C_BACKSLASH = 0x5c;

/** Byte classes: bytes copied as they are (digits, letters, `-`, `+`, `.`, non-ASCII) are 0. */
const K_WS = 1;
const K_QUOTE = 2;
const K_OPEN = 3;
const K_CLOSE = 4;
const K_COMMA = 5;
const K_COLON = 6;
const KIND = (() => {
  const k = new Uint8Array(256);
  for (const c of [0x20, 0x09, 0x0a, 0x0d]) k[c] = K_WS;
  k[C_QUOTE] = K_QUOTE;
  k[0x7b] = k[0x5b] = K_OPEN;
  k[0x7d] = k[0x5d] = K_CLOSE;
  k[0x2c] = K_COMMA;
  k[0x3a] = K_COLON;
  return k;
})();

/*
 * Four bytes at a time: words are read and written through DataViews, and tested in registers
 * (SWAR, int32 arithmetic): hasZero(x) is non-zero exactly when a byte of x is 0, so a word
 * holds a byte b when hasZero(x ^ 0xbbbbbbbb); below(x) is non-zero when a byte is under 0x23,
 * which outside strings means whitespace or a quote (bytes of 0x80 and more, and the other
 * bytes under 0x23, only occur in strings of valid input).
 */
/** 0x80808080 as an int32. */
const HIGH = -2139062144;
const hasZero = (x: number): number => ((x - 0x01010101) | 0) & ~x & HIGH;
const below23 = (x: number): number => ((x - 0x23232323) | 0) & ~x & HIGH;
/** A word of four spaces (indentation). */
const SPACES = 0x20202020;
/** Non-zero when a byte of x is a quote or a backslash. */
const quoteOrEscape = (x: number): number => hasZero(x ^ 0x22222222) | hasZero(x ^ 0x5c5c5c5c);
/** Non-zero when a byte of x is outside '-' (0x2d) .. '9' (0x39): not a byte of a number but `e`, `E`, `+`. */
const notNumber = (x: number): number =>
  (((x - 0x2d2d2d2d) | 0) & ~x & HIGH) | (((x + 0x46464646) | 0 | x) & HIGH);

/**
 * compactValid is the layout with no whitespace at all: every byte of src but whitespace
 * outside strings, in order. A string is copied up to its first unescaped quote (the byte
 * after a backslash never ends it); runs of four bytes with neither are copied as one word,
 * as are runs outside strings with no whitespace or quote, and four spaces are skipped at once.
 */
export function compactValid(src: Uint8Array): Uint8Array {
  const n = src.length;
  const out = new Uint8Array(n);
  const sv = new DataView(src.buffer, src.byteOffset, n);
  const ov = new DataView(out.buffer, 0, n);
  const last = n - 4;
  let o = 0;
  let i = 0;
  while (i < n) {
    while (i <= last) {
      const w = sv.getInt32(i, true);
      if (w === SPACES) i += 4;
      else if (below23(w) === 0) {
        ov.setInt32(o, w, true);
        i += 4;
        o += 4;
      } else break;
    }
    if (i >= n) break;
    const c = src[i++]!;
    if (c === C_QUOTE) {
      out[o++] = c;
      const j = copyString(src, sv, out, ov, i, o, n);
      o += j - i;
      i = j;
    } else if (WS[c] !== 1) out[o++] = c;
  }
  return o === n ? out : out.slice(0, o);
}

/**
 * layoutValid lays src out as `l` says, the way Go's Indent and jsontext's multiline encoder
 * do: leading whitespace dropped, whitespace inside dropped, an empty object or array kept as
 * `{}` / `[]`, and in multiline mode the first line without the prefix. No input byte writes
 * more than two bytes between newlines (`: `, `, `, a string's escape), so room is made only at
 * the delimiters a newline goes with: for it and for twice the input left.
 */
export function layoutValid(src: Uint8Array, l: ValidLayout): Uint8Array {
  const n = src.length;
  let end = n;
  while (end > 0 && WS[src[end - 1]!] === 1) end--;
  const trailing = l.keepTrailingSpace ? n - end : 0;
  const { multiline, prefix, indent, spaceAfterColon, spaceAfterComma } = l;
  const pl = prefix.length;
  const il = indent.length;
  let out: Uint8Array = new Uint8Array(2 * n + 64);
  let ov = new DataView(out.buffer);
  const sv = new DataView(src.buffer, src.byteOffset, n);
  // Words are read only where all four bytes are the value's.
  const last = end - 4;
  let o = 0;
  let depth = 0;
  let i = 0;
  while (i < end && WS[src[i]!] === 1) i++;
  while (i < end) {
    const c = src[i]!;
    const kind = KIND[c]!;
    if (multiline && kind >= K_OPEN && kind <= K_COMMA) {
      // Room for the delimiter, a space, a newline one level deeper and twice the input left.
      const need = 3 + pl + (depth + 1) * il + 2 * (end - i) + trailing;
      if (o + need > out.length) {
        out = grown(out, o, need);
        ov = new DataView(out.buffer);
      }
    }
    switch (kind) {
      case 0:
        // a number or literal: its bytes up to the next delimiter, digits four at a time
        for (;;) {
          if (i <= last) {
            const w = sv.getInt32(i, true);
            if (notNumber(w) === 0) {
              ov.setInt32(o, w, true);
              i += 4;
              o += 4;
              if (i >= end || KIND[src[i]!] !== 0) break;
              continue;
            }
          }
          out[o++] = src[i++]!;
          if (i >= end || KIND[src[i]!] !== 0) break;
        }
        break;
      case K_WS:
        i++;
        break;
      case K_QUOTE: {
        out[o++] = c;
        const j = copyString(src, sv, out, ov, i + 1, o, end);
        o += j - i - 1;
        i = j;
        break;
      }
      case K_OPEN: {
        out[o++] = c;
        let j = i + 1;
        while (WS[src[j]!] === 1) j++;
        if (KIND[src[j]!] === K_CLOSE) {
          out[o++] = src[j]!;
          i = j + 1;
          break;
        }
        i = j;
        depth++;
        if (multiline) o = putNewline(out, ov, o, prefix, indent, depth);
        break;
      }
      case K_CLOSE:
        depth--;
        if (multiline) o = putNewline(out, ov, o, prefix, indent, depth);
        out[o++] = c;
        i++;
        break;
      case K_COMMA:
        out[o++] = c;
        if (spaceAfterComma) out[o++] = 0x20;
        i++;
        if (multiline) o = putNewline(out, ov, o, prefix, indent, depth);
        break;
      default:
        // K_COLON
        out[o++] = c;
        if (spaceAfterColon) out[o++] = 0x20;
        i++;
    }
  }
  if (trailing > 0) for (let k = end; k < n; k++) out[o++] = src[k]!;
  return out.slice(0, o);
}

/**
 * Copies the rest of a string, from `from` (after its opening quote) to its closing quote
 * included, to out at `to` (room made by the caller), four bytes at a time while none is a quote
 * or a backslash (the byte after a backslash never ends it). The bytes are copied as they are,
 * so out advances as src does; returns the index after the closing quote (at most `end`: a bug
 * here must not run past the value).
 */
function copyString(
  src: Uint8Array,
  sv: DataView,
  out: Uint8Array,
  ov: DataView,
  from: number,
  to: number,
  end: number,
): number {
  const shift = to - from;
  const last = end - 4;
  let i = from;
  while (i < end) {
    if (i <= last) {
      const w = sv.getInt32(i, true);
      if (quoteOrEscape(w) === 0) {
        ov.setInt32(i + shift, w, true);
        i += 4;
        continue;
      }
    }
    const d = src[i]!;
    out[i + shift] = d;
    i++;
    if (d === C_QUOTE) break;
    if (d === C_BACKSLASH) {
      out[i + shift] = src[i]!;
      i++;
    }
  }
  return i;
}

/** out with room for `need` more bytes past o (at least doubled: growth is amortised). */
function grown(out: Uint8Array, o: number, need: number): Uint8Array {
  const b = new Uint8Array(Math.max(out.length * 2, o + need));
  b.set(out.subarray(0, o));
  return b;
}

/**
 * The last newline written: a newline, the prefix and indents for as deep as a value has gone
 * (kept between calls: one layout is used many times), copied a word at a time.
 */
let nlPrefix: Uint8Array = new Uint8Array(0);
let nlIndent: Uint8Array = new Uint8Array(0);
let nl = new Uint8Array(1).fill(0x0a);
let nlView = new DataView(nl.buffer);

/** Writes a newline, the prefix and `depth` indents at o (room made by the caller); returns the end. */
function putNewline(
  out: Uint8Array,
  ov: DataView,
  o: number,
  prefix: Uint8Array,
  indent: Uint8Array,
  depth: number,
): number {
  const len = 1 + prefix.length + depth * indent.length;
  if (len > nl.length || !sameBytes(prefix, nlPrefix) || !sameBytes(indent, nlIndent)) {
    nlPrefix = prefix;
    nlIndent = indent;
    nl = new Uint8Array(1 + prefix.length + Math.max(8, 2 * depth) * indent.length);
    nl[0] = 0x0a;
    nl.set(prefix, 1);
    for (let p = 1 + prefix.length; p < nl.length; p += indent.length) nl.set(indent, p);
    nlView = new DataView(nl.buffer);
  }
  let k = 0;
  for (; k + 4 <= len; k += 4) ov.setInt32(o + k, nlView.getInt32(k, true), true);
  for (; k < len; k++) out[o + k] = nl[k]!;
  return o + len;
}

/** Whether a and b hold the same bytes (a prefix or an indent: a few bytes). */
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return false;
  return true;
}
