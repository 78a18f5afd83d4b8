/**
 * Unescaping a validated string token (RFC 8259 §7) into a JS string: escape
 * sequences decoded, invalid UTF-8 and lone surrogates as U+FFFD (Go's rules).
 */
import { decodeValidUtf8, hex4, utf8Size } from "./decoder-bytes.js";
import { F_ESC, F_INVALID } from "./scan-string.js";
import { decodeStringBytes } from "./utf8.js";

const C_BSLASH = 0x5c;

/** indexOfBackslash returns the index of the first backslash in [from, end), or -1 (never looks past end). */
function indexOfBackslash(s: Uint8Array, from: number, end: number): number {
  for (let i = from; i < end; i++) if (s[i] === C_BSLASH) return i;
  return -1;
}

/**
 * stringTokenText returns the value of the validated string token [a, b) (quotes
 * included) whose scan flags are given.
 */
export function stringTokenText(s: Uint8Array, a: number, b: number, flags: number): string {
  if ((flags & F_ESC) === 0) {
    if ((flags & F_INVALID) === 0) return decodeValidUtf8(s, a + 1, b - 1);
    return decodeStringBytes(s, a + 1, b - 1);
  }
  return unescapeString(s, a, b);
}

/** Strings up to this many bytes are unescaped into a buffer of UTF-16 code units (longer ones piece by piece). */
const UNESCAPE_BUFFER = 512;
const units = new Uint16Array(UNESCAPE_BUFFER);

/**
 * unescapeString decodes a validated string token [a, b) (quotes included). Lone
 * surrogates become U+FFFD, and so does each byte of invalid UTF-8 (Go's rule).
 */
export function unescapeString(s: Uint8Array, a: number, b: number): string {
  const end = b - 1;
  if (end - a - 1 > UNESCAPE_BUFFER) return unescapeLong(s, a, b);
  // every byte gives at most one code unit (a 4-byte sequence two), so the buffer is large enough
  let k = 0;
  let i = a + 1;
  while (i < end) {
    const c = s[i]!;
    if (c === C_BSLASH) {
      const e = s[i + 1]!;
      if (e !== 0x75) {
        units[k++] =
          e === 0x62 ? 8 : e === 0x66 ? 12 : e === 0x6e ? 10 : e === 0x72 ? 13 : e === 0x74 ? 9 : e;
        i += 2;
        continue;
      }
      const v1 = hex4(s, i + 2);
      i += 6;
      if (v1 < 0xd800 || v1 > 0xdfff) {
        units[k++] = v1;
        continue;
      }
      if (v1 < 0xdc00 && i + 6 <= end && s[i] === C_BSLASH && s[i + 1] === 0x75) {
        const v2 = hex4(s, i + 2);
        if (v2 >= 0xdc00 && v2 <= 0xdfff) {
          units[k++] = v1;
          units[k++] = v2;
          i += 6;
          continue;
        }
      }
      units[k++] = 0xfffd;
      continue;
    }
    if (c < 0x80) {
      units[k++] = c;
      i++;
      continue;
    }
    const size = utf8Size(s, i);
    if (size === 0) {
      units[k++] = 0xfffd;
      i++;
    } else if (size === 2) {
      units[k++] = ((c & 0x1f) << 6) | (s[i + 1]! & 0x3f);
      i += 2;
    } else if (size === 3) {
      units[k++] = ((c & 0x0f) << 12) | ((s[i + 1]! & 0x3f) << 6) | (s[i + 2]! & 0x3f);
      i += 3;
    } else {
      const r =
        (((c & 0x07) << 18) | ((s[i + 1]! & 0x3f) << 12) | ((s[i + 2]! & 0x3f) << 6) | (s[i + 3]! & 0x3f)) -
        0x10000;
      units[k++] = 0xd800 | (r >> 10);
      units[k++] = 0xdc00 | (r & 0x3ff);
      i += 4;
    }
  }
  return String.fromCharCode.apply(null, units.subarray(0, k) as unknown as number[]);
}

/** unescapeLong is unescapeString for long strings: runs between escapes decoded in bulk. */
export function unescapeLong(s: Uint8Array, a: number, b: number): string {
  let out = "";
  let start = a + 1;
  const end = b - 1;
  let i = indexOfBackslash(s, start, end);
  while (i >= 0) {
    if (i > start) out += decodeStringBytes(s, start, i);
    const e = s[i + 1]!;
    switch (e) {
      case 0x62:
        out += "\b";
        i += 2;
        break;
      case 0x66:
        out += "\f";
        i += 2;
        break;
      case 0x6e:
        out += "\n";
        i += 2;
        break;
      case 0x72:
        out += "\r";
        i += 2;
        break;
      case 0x74:
        out += "\t";
        i += 2;
        break;
      case 0x75: {
        const v1 = hex4(s, i + 2);
        i += 6;
        if (v1 >= 0xd800 && v1 <= 0xdfff) {
          if (v1 < 0xdc00 && i + 6 <= end && s[i] === C_BSLASH && s[i + 1] === 0x75) {
            const v2 = hex4(s, i + 2);
            if (v2 >= 0xdc00 && v2 <= 0xdfff) {
              out += String.fromCharCode(v1, v2);
              i += 6;
              break;
            }
          }
          out += "\ufffd";
        } else {
          out += String.fromCharCode(v1);
        }
        break;
      }
      default:
        out += String.fromCharCode(e);
        i += 2;
    }
    start = i;
    i = indexOfBackslash(s, start, end);
  }
  if (start < end) out += decodeStringBytes(s, start, end);
  return out;
}
