/**
 * Unescaping a validated string token (RFC 8259 §7) into a JS string: escape
 * sequences decoded, invalid UTF-8 and lone surrogates as U+FFFD (Go's rules).
 */
import { decodeValidUtf8, hex4 } from "./decoder-bytes.js";
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

/** unescapeString decodes a validated string token [a, b) (quotes included). Lone surrogates become U+FFFD. */
export function unescapeString(s: Uint8Array, a: number, b: number): string {
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
