/**
 * Go v1's byte-level helpers over the scanner (encoding/json indent.go):
 * Valid, Compact, Indent and HTMLEscape, with Go's JsonSyntaxError on bad input.
 */
import { checkValid, Op, Scanner } from "./scanner.js";

const HEX = "0123456789abcdef";
const utf8 = new TextEncoder();

function toBytes(src: Uint8Array | string): Uint8Array {
  return typeof src === "string" ? utf8.encode(src) : src;
}

class ByteBuf {
  buf: Uint8Array;
  len = 0;
  constructor(cap: number) {
    this.buf = new Uint8Array(Math.max(cap, 16));
  }
  grow(n: number): void {
    if (this.len + n <= this.buf.length) return;
    const nb = new Uint8Array(Math.max(this.buf.length * 2, this.len + n));
    nb.set(this.buf.subarray(0, this.len));
    this.buf = nb;
  }
  push(c: number): void {
    this.grow(1);
    this.buf[this.len++] = c;
  }
  append(b: Uint8Array): void {
    this.grow(b.length);
    this.buf.set(b, this.len);
    this.len += b.length;
  }
  ascii(s: string): void {
    this.grow(s.length);
    for (let i = 0; i < s.length; i++) this.buf[this.len++] = s.charCodeAt(i);
  }
  bytes(): Uint8Array {
    return this.buf.slice(0, this.len);
  }
}

/** Go's json.Valid: whether `data` is one valid JSON value. */
export function valid(data: Uint8Array | string): boolean {
  return checkValid(toBytes(data)) === null;
}

/**
 * Go's appendCompact: `src` without insignificant space; with `escape`, `<`,
 * `>`, `&`, U+2028 and U+2029 are escaped. Throws Go's JsonSyntaxError.
 */
export function compactBytes(src: Uint8Array, escapeHTML: boolean): Uint8Array {
  const dst = new ByteBuf(src.length);
  const scan = new Scanner();
  let start = 0;
  for (let i = 0; i < src.length; i++) {
    const c = src[i] as number;
    if (escapeHTML && (c === 0x3c || c === 0x3e || c === 0x26)) {
      if (start < i) dst.append(src.subarray(start, i));
      dst.ascii(`\\u00${HEX[c >> 4]}${HEX[c & 0xf]}`);
      start = i + 1;
    }
    if (
      escapeHTML &&
      c === 0xe2 &&
      i + 2 < src.length &&
      src[i + 1] === 0x80 &&
      ((src[i + 2] as number) & ~1) === 0xa8
    ) {
      if (start < i) dst.append(src.subarray(start, i));
      dst.ascii(`\\u202${HEX[(src[i + 2] as number) & 0xf]}`);
      start = i + 3;
    }
    const v = scan.step(c);
    if (v >= Op.SkipSpace) {
      if (v === Op.Error) break;
      if (start < i) dst.append(src.subarray(start, i));
      start = i + 1;
    }
  }
  if (scan.eof() === Op.Error) throw scan.err;
  if (start < src.length) dst.append(src.subarray(start));
  return dst.bytes();
}

/** Go's json.Compact: `src` with insignificant space removed (throws Go's JsonSyntaxError). */
export function compact(src: Uint8Array | string): Uint8Array {
  return compactBytes(toBytes(src), false);
}

/** Go's json.Indent: `src` re-indented with `prefix` and `indent` (throws Go's JsonSyntaxError). */
export function indent(src: Uint8Array | string, prefix: string, indentText: string): Uint8Array {
  const s = toBytes(src);
  const pre = utf8.encode(prefix);
  const ind = utf8.encode(indentText);
  const dst = new ByteBuf(s.length * 2);
  const newline = (depth: number): void => {
    dst.push(0x0a);
    dst.append(pre);
    for (let i = 0; i < depth; i++) dst.append(ind);
  };
  const scan = new Scanner();
  let needIndent = false;
  let depth = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i] as number;
    scan.bytes++;
    const v = scan.step(c);
    if (v === Op.SkipSpace) continue;
    if (v === Op.Error) break;
    if (needIndent && v !== Op.EndObject && v !== Op.EndArray) {
      needIndent = false;
      depth++;
      newline(depth);
    }
    if (v === Op.Continue) {
      dst.push(c);
      continue;
    }
    switch (c) {
      case 0x7b:
      case 0x5b:
        needIndent = true;
        dst.push(c);
        break;
      case 0x2c:
        dst.push(c);
        newline(depth);
        break;
      case 0x3a:
        dst.push(c);
        dst.push(0x20);
        break;
      case 0x7d:
      case 0x5d:
        if (needIndent) needIndent = false;
        else {
          depth--;
          newline(depth);
        }
        dst.push(c);
        break;
      default:
        dst.push(c);
    }
  }
  if (scan.eof() === Op.Error) throw scan.err;
  return dst.bytes();
}

/** Go's json.HTMLEscape: `<`, `>`, `&`, U+2028 and U+2029 escaped anywhere in `src`. */
export function htmlEscape(src: Uint8Array | string): Uint8Array {
  const s = toBytes(src);
  const dst = new ByteBuf(s.length);
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i] as number;
    if (c === 0x3c || c === 0x3e || c === 0x26) {
      dst.append(s.subarray(start, i));
      dst.ascii(`\\u00${HEX[c >> 4]}${HEX[c & 0xf]}`);
      start = i + 1;
    }
    if (c === 0xe2 && i + 2 < s.length && s[i + 1] === 0x80 && ((s[i + 2] as number) & ~1) === 0xa8) {
      dst.append(s.subarray(start, i));
      dst.ascii(`\\u202${HEX[(s[i + 2] as number) & 0xf]}`);
      start = i + 3;
    }
  }
  dst.append(s.subarray(start));
  return dst.bytes();
}
