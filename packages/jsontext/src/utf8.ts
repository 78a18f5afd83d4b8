/**
 * UTF-8 helpers: decode byte ranges to JS strings with Go's per-byte U+FFFD
 * replacement (utf8.DecodeRune), UTF-8 lengths, and truncated-sequence checks.
 */
import { decodeRuneGo } from "./errors.js";

const fatalDecoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** decodeUtf8Go decodes bytes as Go does when ranging over a string: each invalid byte becomes U+FFFD. */
export function decodeUtf8Go(b: Uint8Array): { text: string; invalid: Int32Array } {
  const parts: string[] = [];
  const invalid: number[] = [];
  let charLen = 0;
  let start = 0;
  let i = 0;
  const flush = (end: number) => {
    if (end > start) {
      const s = fatalDecoder.decode(b.subarray(start, end));
      parts.push(s);
      charLen += s.length;
    }
  };
  while (i < b.length) {
    const c = b[i]!;
    if (c < 0x80) {
      i++;
      continue;
    }
    const [r, n] = decodeRuneGo(b, i);
    if (r === 0xfffd && n === 1) {
      flush(i);
      invalid.push(charLen);
      parts.push("\ufffd");
      charLen += 1;
      i++;
      start = i;
    } else {
      i += n;
    }
  }
  flush(i);
  return { text: parts.join(""), invalid: Int32Array.from(invalid) };
}

/**
 * utf8Length returns the number of UTF-8 bytes of a JS string: 1 to 3 per UTF-16 code unit,
 * 4 per surrogate pair, and 3 per lone surrogate (written as U+FFFD, as TextEncoder does).
 */
export function utf8Length(s: string): number {
  const len = s.length;
  let n = len;
  for (let i = 0; i < len; i++) {
    const u = s.charCodeAt(i);
    if (u < 0x80) continue;
    if (u < 0x800) n += 1;
    else if (u <= 0xdbff && u >= 0xd800 && i + 1 < len && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 2; // a pair: 2 code units, 4 bytes
      i++;
    } else n += 2;
  }
  return n;
}

/**
 * decodeStringBytes decodes bytes [a, b) to a JS string; invalid UTF-8 becomes U+FFFD
 * per invalid byte (Go's utf8.DecodeRune rule, not WHATWG's maximal subpart).
 */
export function decodeStringBytes(s: Uint8Array, a: number, b: number): string {
  const n = b - a;
  if (n < 32) {
    // short strings: decode by hand (cheaper than a TextDecoder call)
    let out = "";
    let i = a;
    while (i < b) {
      const c = s[i]!;
      if (c < 0x80) {
        out += String.fromCharCode(c);
        i++;
        continue;
      }
      const [r, size] = decodeRuneGo(s.subarray(0, b), i);
      out += r === 0xfffd && size === 1 ? "\ufffd" : String.fromCodePoint(r);
      i += size;
    }
    return out;
  }
  const sub = s.subarray(a, b);
  try {
    return fatalDecoder.decode(sub);
  } catch {
    return decodeUtf8Go(sub).text;
  }
}

/** isIncompleteUTF8 reports whether the bytes from i to the end are a truncated but possibly valid UTF-8 sequence (Go's !utf8.FullRune). */
export function isIncompleteUTF8(b: Uint8Array, i: number): boolean {
  const rem = b.length - i;
  const c0 = b[i]!;
  const need = c0 >= 0xf0 && c0 <= 0xf4 ? 4 : c0 >= 0xe0 && c0 < 0xf0 ? 3 : c0 >= 0xc2 && c0 < 0xe0 ? 2 : 1;
  if (need === 1 || rem >= need) return false;
  let lo = 0x80;
  let hi = 0xbf;
  if (c0 === 0xe0) lo = 0xa0;
  else if (c0 === 0xed) hi = 0x9f;
  else if (c0 === 0xf0) lo = 0x90;
  else if (c0 === 0xf4) hi = 0x8f;
  if (rem > 1 && (b[i + 1]! < lo || b[i + 1]! > hi)) return false;
  if (rem > 2 && (b[i + 2]! & 0xc0) !== 0x80) return false;
  return true;
}
