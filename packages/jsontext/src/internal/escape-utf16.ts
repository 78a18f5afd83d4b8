/**
 * The long-string escaper of the byte paths' string writer (write-string-escaped.ts) in
 * JavaScript, where WebAssembly is unavailable (escape-wasm.ts is the same loop, faster): a
 * string's UTF-16 units, copied natively into a scratch buffer, encoded to UTF-8 with the
 * escapes in one pass. Four ASCII units that need no escape are read as two 32-bit words,
 * tested together and stored as one word; other units go one by one.
 *
 * Not semver-stable: part of `@gojson/jsontext/internal`.
 */
import { bail } from "./cursor.js";
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

/**
 * escapeUnits writes the n UTF-16 units of `units` (also read through `src`, a DataView of the
 * same bytes) into b at `at` as UTF-8, escaped as the mode's STRING_* bits say (a lone surrogate
 * bails with STRING_INVALID_BAIL). `view` is a DataView of b; the caller made room for six bytes
 * a unit. Returns the end.
 */
export function escapeUnits(
  b: Uint8Array,
  view: DataView,
  at: number,
  units: Uint16Array,
  src: DataView,
  n: number,
  mode: number,
): number {
  const html = (mode & STRING_HTML) !== 0;
  const js = (mode & STRING_JS) !== 0;
  // The word tests of escapedChars (write-string-escaped.ts) on four ASCII units packed as bytes.
  const ao = html ? 0x04040404 : 0;
  const av = html ? 0x26262626 : 0x22222222;
  const lo = html ? 0x02020202 : 0x80808080 | 0;
  const ao1 = ao & 0xff;
  const av1 = av & 0xff;
  const lo1 = lo & 0xff;
  const esc = html ? ESCAPE_HTML : ESCAPE_RAW;
  const end4 = n - 4;
  let p = at | 0;
  let i = 0;
  for (;;) {
    // Four units at a time while they are ASCII that needs no escape.
    while (i <= end4) {
      const w0 = src.getInt32(i * 2, true);
      const w1 = src.getInt32(i * 2 + 4, true);
      const x = (w0 & 0x7f) | ((w0 >>> 8) & 0x7f00) | ((w1 & 0x7f) << 16) | ((w1 << 8) & 0x7f000000);
      const a = (x | ao) ^ av;
      const l = (x | lo) ^ 0x3e3e3e3e;
      const q = x ^ 0x5c5c5c5c;
      let f =
        (((x - 0x20202020) & ~x) |
          ((a - 0x01010101) & ~a) |
          ((l - 0x01010101) & ~l) |
          ((q - 0x01010101) & ~q)) &
        (0x80808080 | 0);
      if (((w0 | w1) & (0xff80ff80 | 0)) !== 0) {
        // A unit of 0x80 or more flags its byte: (v + 0xff80) reaches bit 16 for v of 0x80…0xff80.
        f |=
          ((((w0 & 0xff80) + 0xff80) & 0x10000) >>> 9) |
          (((((w0 >>> 16) & 0xff80) + 0xff80) & 0x10000) >>> 1) |
          ((((w1 & 0xff80) + 0xff80) & 0x10000) << 7) |
          (((((w1 >>> 16) & 0xff80) + 0xff80) & 0x10000) << 15);
      } else if (f === 0) {
        view.setInt32(p, x, true);
        p += 4;
        i += 4;
        continue;
      }
      // The units below the first flagged one are written (the word's other bytes are written over).
      const k = (31 - Math.clz32(f & -f)) >> 3;
      view.setInt32(p, x, true);
      p += k;
      i += k;
      break;
    }
    if (i >= n) return p;
    // Then one by one while they need a look.
    let c = units[i] as number;
    for (;;) {
      if (c < 0x80) {
        const e = esc[c] as number;
        if (e === 0) b[p++] = c;
        else if (e === 1) {
          // \u00XX (control characters; <, >, & when escaping for HTML)
          p = putEscapeU(view, p, c);
        } else {
          view.setInt16(p, 0x5c | (e << 8), true);
          p += 2;
        }
      } else if (c < 0x800) {
        view.setInt16(p, 0x80c0 | (c >> 6) | ((c & 0x3f) << 8), true);
        p += 2;
      } else if (c < 0xd800 || c >= 0xe000) {
        if ((c === 0x2028 || c === 0x2029) && js) {
          p = putEscapeU(view, p, c); // \u2028, \u2029
        } else {
          // three bytes, stored as a word (its fourth byte is written over next: room is six a unit)
          view.setInt32(p, utf8Word3(c), true);
          p += 3;
        }
      } else {
        const d = i + 1 < n ? (units[i + 1] as number) : 0;
        if (c < 0xdc00 && (d & 0xfc00) === 0xdc00) {
          // a surrogate pair: one code point, four bytes
          const cp = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
          view.setInt32(p, utf8Word4(cp), true);
          p += 4;
          i++;
        } else if ((mode & STRING_INVALID_RAW) !== 0) {
          // a lone surrogate stands for invalid UTF-8: U+FFFD itself (json/v2)
          view.setInt32(p, 0xbdbfef, true);
          p += 3;
        } else if ((mode & STRING_INVALID_BAIL) !== 0) bail();
        else p = putEscapeU(view, p, 0xfffd); // \ufffd (v1)
      }
      if (++i >= n) return p;
      c = units[i] as number;
      if (c >= 0x20 && c < 0x80 && c !== 0x5c && (c | ao1) !== av1 && (c | lo1) !== 0x3e) break;
    }
  }
}
