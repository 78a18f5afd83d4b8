/**
 * Byte-exact text forms Go's encoder writes: quoted strings with v1's escaping
 * (HTML-safe by default, U+2028/U+2029 always escaped, invalid UTF-16 →
 * \ufffd), floats as encoding/json formats them, base64, byte-order sorting.
 */
import { formatFloat } from "./deps.js";
import { isWellFormed } from "./well-formed.js";

const MAY_NEED_WORK_HTML = /[\u0000-\u001f"\\<>&\u2028\u2029\ud800-\udfff]/;
const MAY_NEED_WORK = /[\u0000-\u001f"\\\u2028\u2029\ud800-\udfff]/;
const NEEDS_WORK_HTML = /[\u0000-\u001f"\\<>&\u2028\u2029]/;
const NEEDS_WORK = /[\u0000-\u001f"\\\u2028\u2029]/;

const HEX = "0123456789abcdef";
/** Escapes of the ASCII characters (null: written as is), with and without HTML escaping. */
const ASCII_ESC_HTML: (string | null)[] = [];
const ASCII_ESC: (string | null)[] = [];
for (let c = 0; c < 0x80; c++) {
  let e: string | null = null;
  if (c < 0x20) e = `\\u00${HEX[c >> 4]}${HEX[c & 15]}`;
  ASCII_ESC[c] = e;
  ASCII_ESC_HTML[c] = e;
}
for (const [c, e] of [
  [0x08, "\\b"],
  [0x0c, "\\f"],
  [0x0a, "\\n"],
  [0x0d, "\\r"],
  [0x09, "\\t"],
  [0x22, '\\"'],
  [0x5c, "\\\\"],
] as const) {
  ASCII_ESC[c] = e;
  ASCII_ESC_HTML[c] = e;
}
ASCII_ESC_HTML[0x3c] = "\\u003c";
ASCII_ESC_HTML[0x3e] = "\\u003e";
ASCII_ESC_HTML[0x26] = "\\u0026";

/**
 * Go's appendString: `s` as a JSON string with v1's escaping. `\b \f \n \r
 * \t \" \\` short, other control characters as lowercase `\u00XX`, `<`
 * `>` `&` as `\u003c` ... when escaping for HTML, U+2028 and U+2029 always
 * escaped, and a lone surrogate (invalid UTF-8 once encoded) as `\ufffd`.
 */
export function quoteString(s: string, escapeHTML: boolean): string {
  // Fast paths (native scans): nothing to escape and no surrogates; or only surrogate pairs (emoji).
  if (!(escapeHTML ? MAY_NEED_WORK_HTML : MAY_NEED_WORK).test(s)) return `"${s}"`;
  if (!(escapeHTML ? NEEDS_WORK_HTML : NEEDS_WORK).test(s) && isWellFormed(s)) return `"${s}"`;
  return escapeString(s, escapeHTML ? ASCII_ESC_HTML : ASCII_ESC);
}

/** The slow path of quoteString: one pass that copies the runs between escapes. */
function escapeString(s: string, table: readonly (string | null)[]): string {
  let out = '"';
  let last = 0;
  const n = s.length;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    let e: string | null;
    if (c < 0x80) {
      e = table[c] as string | null;
      if (e === null) continue;
    } else if (c < 0x2028) continue;
    else if (c === 0x2028) e = "\\u2028";
    else if (c === 0x2029) e = "\\u2029";
    else if (c < 0xd800 || c >= 0xe000) continue;
    else if (c < 0xdc00 && i + 1 < n && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      i++; // a surrogate pair: one valid code point
      continue;
    } else e = "\\ufffd"; // a lone surrogate stands for invalid UTF-8
    out += s.slice(last, i) + e;
    last = i + 1;
  }
  return last === 0 ? `"${s}"` : `${out + s.slice(last)}"`;
}

/** Go's strconv.FormatFloat(f, 'g', -1, bits) for NaN and infinities (UnsupportedValueError text). */
export function nonFiniteText(f: number): string {
  return Number.isNaN(f) ? "NaN" : f > 0 ? "+Inf" : "-Inf";
}

/**
 * encoding/json's float64 text for a finite value. Same text as jsontext's
 * formatFloat(f, 64): ECMAScript's Number::toString picks the same shortest
 * digits and the same thresholds (1e-6, 1e21) and writes the exponent as Go
 * does after its e-07 → e-7 cleanup; kept as the hot-path form.
 */
export function formatFloat64(f: number): string {
  if (f === 0) return Object.is(f, -0) ? "-0" : "0";
  return String(f);
}

/**
 * encoding/json's float32 text for a finite value: jsontext's formatFloat
 * (shortest digits that round-trip through float32, ties to even as Go's Ryu).
 */
export function formatFloat32(f: number): string {
  return formatFloat(f, 32);
}

/** Go's isValidNumber: whether `s` is a JSON number literal. */
export function isValidNumber(s: string): boolean {
  return /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/.test(s);
}

/** Compares two strings by their UTF-8 bytes (Go's string order). */
export function compareUtf8(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x !== y) {
      if (x >= 0xd800 && y >= 0xd800) {
        x = x >= 0xe000 ? x - 0x800 : x + 0x2000;
        y = y >= 0xe000 ? y - 0x800 : y + 0x2000;
      }
      return x - y;
    }
  }
  return a.length - b.length;
}

/** Standard base64 with padding (Go's base64.StdEncoding.EncodeToString). */
export function base64Encode(b: Uint8Array): string {
  return Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString("base64");
}

const B64 = new Int16Array(256).fill(-1);
for (let i = 0; i < 64; i++)
  B64["ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".charCodeAt(i)] = i;

/**
 * Go's base64.StdEncoding.Decode (padding required, `\r` and `\n` ignored,
 * non-strict): the bytes, or the input offset of Go's CorruptInputError.
 */
export function base64Decode(s: string): Uint8Array | number {
  if (s.length % 4 === 0 && /^[A-Za-z0-9+/]*={0,2}$/.test(s)) {
    const b = Buffer.from(s, "base64");
    return new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
  }
  const n = s.length;
  const out = new Uint8Array(Math.floor(n / 4) * 3 + 3);
  let w = 0;
  let si = 0;
  const dbuf = [0, 0, 0, 0];
  while (si < n) {
    dbuf[0] = dbuf[1] = dbuf[2] = dbuf[3] = 0;
    let dlen = 4;
    let err = -1;
    for (let j = 0; j < 4; j++) {
      if (si === n) {
        if (j === 0) return out.slice(0, w);
        return si - j;
      }
      const c = s.charCodeAt(si);
      si++;
      const d = c < 256 ? (B64[c] as number) : -1;
      if (d !== -1) {
        dbuf[j] = d;
        continue;
      }
      if (c === 0x0a || c === 0x0d) {
        j--;
        continue;
      }
      if (c !== 0x3d) return si - 1;
      if (j === 0 || j === 1) return si - 1;
      if (j === 2) {
        while (si < n && (s.charCodeAt(si) === 0x0a || s.charCodeAt(si) === 0x0d)) si++;
        if (si === n) return n;
        if (s.charCodeAt(si) !== 0x3d) return si - 1;
        si++;
      }
      while (si < n && (s.charCodeAt(si) === 0x0a || s.charCodeAt(si) === 0x0d)) si++;
      if (si < n) err = si;
      dlen = j;
      break;
    }
    const val =
      ((dbuf[0] as number) << 18) |
      ((dbuf[1] as number) << 12) |
      ((dbuf[2] as number) << 6) |
      (dbuf[3] as number);
    if (dlen >= 2) out[w++] = (val >> 16) & 0xff;
    if (dlen >= 3) out[w++] = (val >> 8) & 0xff;
    if (dlen >= 4) out[w++] = val & 0xff;
    if (err >= 0) return err;
    if (dlen < 4) break;
  }
  return out.slice(0, w);
}
