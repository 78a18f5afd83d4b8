/**
 * UTF-8 input handling: decode the input once into a JS string, with Go's
 * per-byte U+FFFD replacement (utf8.DecodeRune) when it is not valid UTF-8, and
 * map string indexes back to byte offsets on the error path only.
 */
import { decodeRuneGo } from "./errors.js";

const fatalDecoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
const encoder = new TextEncoder();

/** DecodedInput is a JSON text as a JS string plus what is needed to map back to the bytes. */
export interface DecodedInput {
  /** The text; invalid UTF-8 bytes appear as U+FFFD, one per invalid byte (Go's rule). */
  readonly text: string;
  /** Char indexes of U+FFFD that stand for an invalid byte, ascending; null when the input was valid UTF-8. */
  readonly invalid: Int32Array | null;
  /** The original bytes (computed lazily for string input). */
  bytes(): Uint8Array;
  /** True when every char is exactly one byte (char index == byte offset). */
  readonly identity: boolean;
}

/** decodeInput decodes JSON input given as bytes or as a JS string. */
export function decodeInput(input: Uint8Array | string): DecodedInput {
  if (typeof input === "string") {
    let text = input;
    const ws = text as unknown as { isWellFormed(): boolean; toWellFormed(): string };
    if (!ws.isWellFormed()) text = ws.toWellFormed();
    let cached: Uint8Array | null = null;
    return {
      text,
      invalid: null,
      bytes: () => (cached ??= encoder.encode(text)),
      identity: isAsciiOnly(text),
    };
  }
  let text: string;
  let invalid: Int32Array | null = null;
  try {
    text = fatalDecoder.decode(input);
  } catch {
    const r = decodeUtf8Go(input);
    text = r.text;
    invalid = r.invalid;
  }
  return {
    text,
    invalid,
    bytes: () => input,
    identity: invalid === null && text.length === input.length,
  };
}

function isAsciiOnly(s: string): boolean {
  return !/[^\u0000-\u007f]/.test(s);
}

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

/** isInvalidAt reports whether the char at index i stands for an invalid byte. */
export function isInvalidAt(input: DecodedInput, i: number): boolean {
  const inv = input.invalid;
  if (inv === null) return false;
  let lo = 0;
  let hi = inv.length - 1;
  while (lo <= hi) {
    const m = (lo + hi) >> 1;
    const v = inv[m]!;
    if (v === i) return true;
    if (v < i) lo = m + 1;
    else hi = m - 1;
  }
  return false;
}

/** ByteOffsets maps char indexes to byte offsets incrementally (amortised linear for ascending queries). */
export class ByteOffsets {
  private lastChar = 0;
  private lastByte = 0;
  private invIdx = 0;
  constructor(private readonly input: DecodedInput) {}

  /** offsetAt returns the byte offset of char index i. */
  offsetAt(i: number): number {
    if (this.input.identity) return i;
    if (i < this.lastChar) {
      this.lastChar = 0;
      this.lastByte = 0;
      this.invIdx = 0;
    }
    const s = this.input.text;
    const inv = this.input.invalid;
    let c = this.lastChar;
    let b = this.lastByte;
    let k = this.invIdx;
    while (c < i) {
      const u = s.charCodeAt(c);
      if (u < 0x80) b += 1;
      else if (u < 0x800) b += 2;
      else if (u >= 0xd800 && u <= 0xdbff && c + 1 < s.length) {
        const v = s.charCodeAt(c + 1);
        if (v >= 0xdc00 && v <= 0xdfff) {
          if (c + 1 >= i) break; // do not split a pair
          b += 4;
          c += 2;
          continue;
        }
        b += 3;
      } else if (u === 0xfffd && inv !== null) {
        while (k < inv.length && inv[k]! < c) k++;
        b += k < inv.length && inv[k] === c ? 1 : 3;
      } else b += 3;
      c++;
    }
    this.lastChar = c;
    this.lastByte = b;
    this.invIdx = k;
    return b;
  }
}

/** utf8Length returns the number of UTF-8 bytes of a well-formed JS string. */
export function utf8Length(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const u = s.charCodeAt(i);
    if (u >= 0x80) {
      if (u < 0x800) n += 1;
      else if (u >= 0xd800 && u <= 0xdbff) {
        n += 1; // 2 chars → 4 bytes
        i++;
      } else n += 2;
    }
  }
  return n;
}

const lenientDecoder = new TextDecoder("utf-8", { ignoreBOM: true });

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

export { lenientDecoder };
