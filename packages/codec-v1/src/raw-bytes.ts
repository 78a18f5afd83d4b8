/**
 * Bytes that are not UTF-8 inside the general encoder's text output. The
 * encoder builds a JavaScript string; Go writes the output of MarshalJSON
 * (json.RawMessage included) byte for byte, invalid UTF-8 too. Each invalid
 * byte 0xNN (always >= 0x80) travels as the lone surrogate U+DC00+0xNN
 * ("surrogate escape") and becomes that byte again in utf8Output. Nothing
 * else puts a lone surrogate in the output text: strings, member names and
 * MarshalText output are quoted, and quoting writes a lone surrogate as
 * `\ufffd`.
 */
import { concatBytes, decodeUtf8Go } from "./deps.js";

const fatal = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
const utf8 = new TextEncoder();

/** The text of `b` with each byte of invalid UTF-8 as a surrogate escape (see the module doc). */
export function rawText(b: Uint8Array): string {
  try {
    return fatal.decode(b);
  } catch {
    const r = decodeUtf8Go(b);
    let out = "";
    let last = 0;
    let pos = 0; // byte offset of text index `last`
    for (const at of r.invalid) {
      const piece = r.text.slice(last, at);
      out += piece;
      pos += Buffer.byteLength(piece, "utf8");
      out += String.fromCharCode(0xdc00 + (b[pos] as number));
      pos++;
      last = at + 1;
    }
    return out + r.text.slice(last);
  }
}

/**
 * The text of `b` (MarshalText output) as Go's string quoting reads it: each byte of invalid
 * UTF-8 as a lone surrogate, which quoting writes as `\ufffd` (Go: one per byte).
 */
export function lossyText(b: Uint8Array): string {
  try {
    return fatal.decode(b);
  } catch {
    const r = decodeUtf8Go(b);
    let out = "";
    let last = 0;
    for (const at of r.invalid) {
      out += `${r.text.slice(last, at)}\udfff`;
      last = at + 1;
    }
    return out + r.text.slice(last);
  }
}

/** Whether the output text holds surrogate escapes (a lone surrogate). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The UTF-8 bytes of encoder output `s`, surrogate escapes back to their bytes; undefined when there are none. */
export function rawBytesOf(s: string): Uint8Array | undefined {
  const wf = (s as { isWellFormed?: () => boolean }).isWellFormed;
  if (wf !== undefined ? wf.call(s) : !LONE_SURROGATE.test(s)) return undefined;
  const parts: Uint8Array[] = [];
  let last = 0;
  let total = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0xd800 || c > 0xdfff) continue;
    if (c < 0xdc00 && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        i++; // a pair
        continue;
      }
    }
    const head = utf8.encode(s.slice(last, i));
    parts.push(head, Uint8Array.of(c & 0xff));
    total += head.length + 1;
    last = i + 1;
  }
  const tail = utf8.encode(s.slice(last));
  parts.push(tail);
  total += tail.length;
  return concatBytes(parts, total);
}
