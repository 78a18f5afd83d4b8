/**
 * v1 value helpers: Go's encoding/json Compact, Indent and HTMLEscape. Valid input (the byte
 * validator under v1's rules says so) is rewritten by one loop over its bytes; otherwise the
 * v1 scanner drives the rewrite, so that the SyntaxError (text and Offset) is Go's.
 */
import { ByteWriter } from "./byte-writer.js";
import { WS } from "./decoder-bytes.js";
import type { SyntacticError } from "./errors.js";
import { MAX_NESTING_DEPTH } from "./limits.js";
import { ScannerV1, ScanOp } from "./scanner-v1.js";
import { validateDocument } from "./validate-value.js";

const textEncoder = new TextEncoder();
const HEX = "0123456789abcdef";

function toBytes(data: Uint8Array | string): Uint8Array {
  return typeof data === "string" ? textEncoder.encode(data) : data;
}

/**
 * compactV1 removes insignificant whitespace (Go's json.Compact). Strings are copied
 * unchanged (no HTML escaping). Throws Go's *json.SyntaxError text; as in Go, the
 * error's Offset is 0 because Compact does not count bytes.
 */
export function compactV1(data: Uint8Array | string): Uint8Array {
  const src = toBytes(data);
  if (validV1Bytes(src)) return compactValid(src);
  return compactScanned(src);
}

/** compactV1 by the scanner (any input: Go's error for invalid input). */
export function compactScanned(src: Uint8Array): Uint8Array {
  const out = new ByteWriter(src.length);
  const scan = new ScannerV1();
  let start = 0;
  const n = src.length;
  for (let i = 0; i < n; i++) {
    const v = scan.step(src[i]!);
    if (v >= ScanOp.SkipSpace) {
      if (v === ScanOp.Error) break;
      if (start < i) out.writeBytes(src.subarray(start, i));
      start = i + 1;
    }
  }
  if (scan.eof() === ScanOp.Error) throw scan.err as SyntacticError;
  if (start < n) out.writeBytes(src.subarray(start));
  return out.bytes();
}

/**
 * indentV1 writes data with each element on its own line, beginning with prefix and
 * one indent per nesting level (Go's json.Indent): the first line has no prefix,
 * empty arrays and objects stay `[]` and `{}`, leading whitespace is dropped and
 * trailing whitespace kept. Throws Go's *json.SyntaxError (Offset counts bytes).
 */
export function indentV1(data: Uint8Array | string, prefix: string, indent: string): Uint8Array {
  const src = toBytes(data);
  if (validV1Bytes(src)) return indentValid(src, textEncoder.encode(prefix), textEncoder.encode(indent));
  return indentScanned(src, prefix, indent);
}

/** indentV1 by the scanner (any input: Go's error for invalid input). */
export function indentScanned(src: Uint8Array, prefix: string, indent: string): Uint8Array {
  const out = new ByteWriter(src.length * 2 + 16);
  const scan = new ScannerV1();
  const newline = (depth: number) => {
    out.writeByte(0x0a);
    out.writeString(prefix);
    for (let i = 0; i < depth; i++) out.writeString(indent);
  };
  let needIndent = false;
  let depth = 0;
  const n = src.length;
  for (let i = 0; i < n; i++) {
    const c = src[i]!;
    scan.bytes++;
    const v = scan.step(c);
    if (v === ScanOp.SkipSpace) continue;
    if (v === ScanOp.Error) break;
    if (needIndent && v !== ScanOp.EndObject && v !== ScanOp.EndArray) {
      needIndent = false;
      depth++;
      newline(depth);
    }
    if (v === ScanOp.Continue) {
      out.writeByte(c);
      continue;
    }
    switch (c) {
      case 0x7b:
      case 0x5b:
        needIndent = true;
        out.writeByte(c);
        break;
      case 0x2c:
        out.writeByte(c);
        newline(depth);
        break;
      case 0x3a:
        out.writeByte(c);
        out.writeByte(0x20);
        break;
      case 0x7d:
      case 0x5d:
        if (needIndent) needIndent = false;
        else {
          depth--;
          newline(depth);
        }
        out.writeByte(c);
        break;
      default:
        out.writeByte(c);
    }
  }
  if (scan.eof() === ScanOp.Error) throw scan.err as SyntacticError;
  return out.bytes();
}

/**
 * htmlEscapeV1 escapes `<`, `>`, `&`, U+2028 and U+2029 inside JSON strings as
 * \u003c, \u003e, \u0026, \u2028, \u2029 (Go's json.HTMLEscape; input is not validated).
 */
export function htmlEscapeV1(data: Uint8Array | string): Uint8Array {
  const src = toBytes(data);
  const out = new ByteWriter(src.length + 16);
  let start = 0;
  const n = src.length;
  for (let i = 0; i < n; i++) {
    const c = src[i]!;
    if (c === 0x3c || c === 0x3e || c === 0x26) {
      out.writeBytes(src.subarray(start, i));
      out.writeAscii(`\\u00${HEX[c >> 4]}${HEX[c & 15]}`);
      start = i + 1;
    } else if (c === 0xe2 && i + 2 < n && src[i + 1] === 0x80 && (src[i + 2]! & ~1) === 0xa8) {
      out.writeBytes(src.subarray(start, i));
      out.writeAscii(`\\u202${HEX[src[i + 2]! & 15]}`);
      start = i + 3;
    }
  }
  out.writeBytes(src.subarray(start));
  return out.bytes();
}

/** Whether src is one valid JSON value under v1's rules (see checkValidV1). */
function validV1Bytes(src: Uint8Array): boolean {
  return validateDocument(src, true, true, MAX_NESTING_DEPTH) >= 0;
}

const C_QUOTE = 0x22;
const C_BACKSLASH = 0x5c;

/**
 * compactValid is compactV1 of valid input: every byte but whitespace outside strings, in
 * order. A string is copied up to its first unescaped quote (the byte after a backslash is
 * never one that ends it).
 */
function compactValid(src: Uint8Array): Uint8Array {
  const n = src.length;
  const out = new Uint8Array(n);
  let o = 0;
  let i = 0;
  while (i < n) {
    const c = src[i++]!;
    if (c === C_QUOTE) {
      out[o++] = c;
      // (bounded by n as well: a bug here must not loop forever)
      while (i < n) {
        const d = src[i++]!;
        out[o++] = d;
        if (d === C_QUOTE) break;
        if (d === C_BACKSLASH) out[o++] = src[i++]!;
      }
    } else if (WS[c] !== 1) out[o++] = c;
  }
  return o === n ? out : out.slice(0, o);
}

/** out with room for `need` more bytes past o (doubled, so that growth is amortised). */
function grown(out: Uint8Array, o: number, need: number): Uint8Array {
  const b = new Uint8Array(Math.max(out.length * 2, o + need));
  b.set(out.subarray(0, o));
  return b;
}

/** Byte classes of indentValid: bytes copied as they are (digits, letters, `-`, `+`, `.`) are 0. */
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

/**
 * indentValid is indentV1 of valid input, with Go's layout: leading whitespace dropped,
 * whitespace inside dropped and trailing whitespace kept; `: ` after a name; a newline, the
 * prefix and one indent per level after `{`, `[` and `,` and before `}`, `]`, except that an
 * empty object or array stays `{}` / `[]`; strings, numbers and literals copied as they are.
 * Room is made at each newline for it and for twice the input left (no other byte of input
 * writes more than two), so the copies between newlines need no check.
 */
function indentValid(src: Uint8Array, prefix: Uint8Array, indent: Uint8Array): Uint8Array {
  const n = src.length;
  let end = n;
  while (end > 0 && WS[src[end - 1]!] === 1) end--;
  let out: Uint8Array = new Uint8Array(2 * n + 64);
  let o = 0;
  let depth = 0;
  const pl = prefix.length;
  const il = indent.length;
  let i = 0;
  while (i < end) {
    let c = src[i]!;
    switch (KIND[c]) {
      case 0:
        // a number or literal: its bytes up to the next delimiter
        do {
          out[o++] = c;
          c = src[++i]!;
        } while (i < end && KIND[c] === 0);
        break;
      case K_WS:
        i++;
        break;
      case K_QUOTE: {
        out[o++] = c;
        i++;
        while (i < end) {
          const d = src[i++]!;
          out[o++] = d;
          if (d === C_QUOTE) break;
          if (d === C_BACKSLASH) out[o++] = src[i++]!;
        }
        break;
      }
      case K_OPEN: {
        out[o++] = c;
        let j = i + 1;
        while (WS[src[j]!] === 1) j++;
        if (KIND[src[j]!] === K_CLOSE) {
          // an empty object or array stays {} or []
          out[o++] = src[j]!;
          i = j + 1;
          break;
        }
        i = j;
        depth++;
        const need = 1 + pl + depth * il + 2 * (end - i) + (n - end);
        if (o + need > out.length) out = grown(out, o, need);
        o = putNewline(out, o, prefix, indent, depth);
        break;
      }
      case K_CLOSE: {
        depth--;
        const need = 2 + pl + depth * il + 2 * (end - i) + (n - end);
        if (o + need > out.length) out = grown(out, o, need);
        o = putNewline(out, o, prefix, indent, depth);
        out[o++] = c;
        i++;
        break;
      }
      case K_COMMA: {
        out[o++] = c;
        i++;
        const need = 1 + pl + depth * il + 2 * (end - i) + (n - end);
        if (o + need > out.length) out = grown(out, o, need);
        o = putNewline(out, o, prefix, indent, depth);
        break;
      }
      default:
        // K_COLON
        out[o++] = c;
        out[o++] = 0x20;
        i++;
    }
  }
  for (let k = end; k < n; k++) out[o++] = src[k]!;
  return out.slice(0, o);
}

/** Writes a newline, the prefix and `depth` indents at o (room made by the caller); returns the end. */
function putNewline(
  out: Uint8Array,
  o: number,
  prefix: Uint8Array,
  indent: Uint8Array,
  depth: number,
): number {
  let p = o;
  out[p++] = 0x0a;
  for (let k = 0; k < prefix.length; k++) out[p++] = prefix[k]!;
  for (let d = 0; d < depth; d++) for (let k = 0; k < indent.length; k++) out[p++] = indent[k]!;
  return p;
}
