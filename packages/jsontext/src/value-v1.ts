/**
 * v1 value helpers: Go's encoding/json Compact, Indent and HTMLEscape. Valid input (the byte
 * validator under v1's rules says so) is rewritten by one loop over its bytes; otherwise the
 * v1 scanner drives the rewrite, so that the SyntaxError (text and Offset) is Go's.
 */
import { ByteWriter } from "./byte-writer.js";
import type { SyntacticError } from "./errors.js";
import { compactValid, layoutValid } from "./layout-valid.js";
import { ScannerV1, ScanOp, validBytesV1 } from "./scanner-v1.js";

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
  if (validBytesV1(src)) return compactValid(src);
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
  if (validBytesV1(src))
    return layoutValid(src, {
      multiline: true,
      prefix: textEncoder.encode(prefix),
      indent: textEncoder.encode(indent),
      spaceAfterColon: true,
      spaceAfterComma: false,
      keepTrailingSpace: true,
    });
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
