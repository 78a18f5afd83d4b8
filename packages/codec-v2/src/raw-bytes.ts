/**
 * Raw bytes that are not UTF-8 inside marshal's text. Go writes a json.RawMessage (or a
 * MarshalJSON result) holding invalid UTF-8 byte for byte when invalid UTF-8 is allowed and
 * raw strings are preserved (v1 semantics); the exact encoder builds JS strings, so such a byte
 * travels as a lone low surrogate U+DC80..U+DCFF (Python's "surrogateescape") and becomes the
 * byte again when the text is encoded. No other lone surrogate reaches marshal's text: quoting
 * replaces them (Go's invalid UTF-8 rules), so the escape is unambiguous.
 */

const strict = new TextDecoder("utf-8", { fatal: true });

/** Counts the texts made with escaped bytes (marshal encodes with {@link encodeKeepingInvalid} when it moved). */
export const rawBytesUse = { count: 0 };

/** utf8Len is the length of the valid UTF-8 sequence at b[i] (Go's utf8.DecodeRune rules), or 0 when invalid. */
function utf8Len(b: Uint8Array, i: number): number {
  const c = b[i] as number;
  const n = b.length;
  const cont = (j: number) => j < n && ((b[j] as number) & 0xc0) === 0x80;
  if (c < 0x80) return 1;
  if (c >= 0xc2 && c <= 0xdf) return cont(i + 1) ? 2 : 0;
  if (c >= 0xe0 && c <= 0xef) {
    const c1 = b[i + 1] as number;
    if (!cont(i + 1) || !cont(i + 2)) return 0;
    if (c === 0xe0 && c1 < 0xa0) return 0; // overlong
    if (c === 0xed && c1 >= 0xa0) return 0; // surrogates
    return 3;
  }
  if (c >= 0xf0 && c <= 0xf4) {
    const c1 = b[i + 1] as number;
    if (!cont(i + 1) || !cont(i + 2) || !cont(i + 3)) return 0;
    if (c === 0xf0 && c1 < 0x90) return 0; // overlong
    if (c === 0xf4 && c1 >= 0x90) return 0; // past U+10FFFF
    return 4;
  }
  return 0;
}

/**
 * decodeKeepingInvalid decodes UTF-8 bytes to text, each byte of an invalid sequence kept as the
 * lone surrogate U+DC00 + byte (valid text decodes as usual).
 */
export function decodeKeepingInvalid(b: Uint8Array): string {
  try {
    return strict.decode(b);
  } catch {
    // invalid somewhere: decode piecewise below
  }
  rawBytesUse.count++;
  let out = "";
  let i = 0;
  let start = 0;
  while (i < b.length) {
    const n = utf8Len(b, i);
    if (n > 0) {
      i += n;
      continue;
    }
    if (start < i) out += strict.decode(b.subarray(start, i));
    out += String.fromCharCode(0xdc00 | (b[i] as number));
    i++;
    start = i;
  }
  if (start < i) out += strict.decode(b.subarray(start, i));
  return out;
}

/** encodeKeepingInvalid is UTF-8 encoding that turns the escapes of decodeKeepingInvalid back into their bytes. */
export function encodeKeepingInvalid(s: string): Uint8Array {
  const out: number[] = [];
  const enc = new TextEncoder();
  let start = 0;
  const flush = (end: number) => {
    if (start < end) for (const x of enc.encode(s.slice(start, end))) out.push(x);
  };
  for (let i = 0; i < s.length; i++) {
    const u = s.charCodeAt(i);
    if (u >= 0xdc80 && u <= 0xdcff && !(i > 0 && isHigh(s.charCodeAt(i - 1)))) {
      flush(i);
      out.push(u & 0xff);
      start = i + 1;
    }
  }
  flush(s.length);
  return Uint8Array.from(out);
}

function isHigh(u: number): boolean {
  return u >= 0xd800 && u <= 0xdbff;
}

/** withoutEscapes replaces the byte escapes of a text by U+FFFD (for the string form of marshal's output). */
export function withoutEscapes(s: string): string {
  return s.replace(/(?<![\ud800-\udbff])[\udc80-\udcff]/g, "\ufffd");
}
