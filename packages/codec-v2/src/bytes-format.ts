/**
 * Byte-slice formats of json/v2: base64, base64url, base32, base32hex, hex
 * (RFC 4648), with Go's error texts on decoding.
 */

/** A byte format name accepted in `format:` tags. */
export type ByteFormat = "base64" | "base64url" | "base32" | "base32hex" | "hex";

const B32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
const B32HEX = "0123456789ABCDEFGHIJKLMNOPQRSTUV";

/** Encode bytes in the given format. */
export function encodeBytes(b: Uint8Array, fmt: ByteFormat): string {
  switch (fmt) {
    case "base64":
      return Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString("base64");
    case "base64url": {
      const s = Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString("base64url");
      return s + "=".repeat((4 - (s.length % 4)) % 4);
    }
    case "hex":
      return Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString("hex");
    case "base32":
    case "base32hex": {
      const alpha = fmt === "base32" ? B32 : B32HEX;
      let out = "";
      let bits = 0;
      let val = 0;
      for (const x of b) {
        val = (val << 8) | x;
        bits += 8;
        while (bits >= 5) {
          out += alpha[(val >>> (bits - 5)) & 31];
          bits -= 5;
        }
        val &= (1 << bits) - 1;
      }
      if (bits > 0) out += alpha[(val << (5 - bits)) & 31];
      while (out.length % 8 !== 0) out += "=";
      return out;
    }
  }
}

/**
 * goWritesOf returns, for an error thrown by decodeBytes, how Go's decoder had already written to
 * its destination window (`dst`, decodedLength bytes), or undefined when not tracked (base32).
 * Go appends into the destination's own backing array when it is long enough
 * (`appendDecode(va.Bytes()[:0], …)`), so a failed decode still overwrites it.
 */
export function goWritesOf(e: unknown): ((dst: Uint8Array) => void) | undefined {
  return typeof e === "object" && e !== null
    ? (e as { goWrites?: (dst: Uint8Array) => void }).goWrites
    : undefined;
}

/**
 * The room Go's AppendDecode makes for `n` bytes of encoded text `s` (the window Decode writes
 * into; an existing slice at least this long is reused), or -1 when not tracked. Base64 sizes it
 * without padding: trailing '=' dropped, then a partial block of 2 or 3 characters counts.
 */
export function decodedLength(fmt: ByteFormat, n: number, s = ""): number {
  if (fmt === "base64" || fmt === "base64url") {
    let pad = 0;
    while (pad < s.length && s.charCodeAt(s.length - 1 - pad) === 0x3d) pad++;
    const m = Math.max(n - pad, 0);
    return Math.floor(m / 4) * 3 + Math.floor(((m % 4) * 6) / 8);
  }
  if (fmt === "hex") return Math.floor(n / 2);
  return -1;
}

function withWrites(e: Error, goWrites: (dst: Uint8Array) => void): Error {
  (e as { goWrites?: (dst: Uint8Array) => void }).goWrites = goWrites;
  return e;
}

/**
 * Go's base64 Encoding.Decode into dst (its window of DecodedLen bytes), replayed for the bytes
 * it writes: 8 characters at a time while 8 bytes of room remain (PutUint64: 6 bytes and 2 zero
 * bytes), then 4 at a time while 4 remain (PutUint32: 3 bytes and a zero), a quantum at a time
 * (decodeQuantum) otherwise or where a block does not assemble; it stops at the first error.
 */
function goBase64Writes(t: string, url: boolean, dst: Uint8Array): void {
  const alpha = url ? B64_URL : B64_STD;
  const len = t.length;
  const D = dst.length;
  let si = 0;
  let n = 0;
  const val = (i: number) => alpha.indexOf(t[i] as string);
  const block = (k: number): number[] | undefined => {
    const out: number[] = [];
    for (let j = 0; j < k; j += 4) {
      const a = val(si + j);
      const b = val(si + j + 1);
      const c = val(si + j + 2);
      const d = val(si + j + 3);
      if (a < 0 || b < 0 || c < 0 || d < 0) return undefined;
      const v = (a << 18) | (b << 12) | (c << 6) | d;
      out.push((v >> 16) & 255, (v >> 8) & 255, v & 255);
    }
    return out;
  };
  // decodeQuantum at si writing at n: returns false on error.
  const quantum = (): boolean => {
    const dbuf = [0, 0, 0, 0];
    let dlen = 4;
    let err = false;
    for (let j = 0; j < 4; j++) {
      if (si === len) {
        if (j === 0) return true;
        return false;
      }
      const c = t[si] as string;
      si++;
      const v = alpha.indexOf(c);
      if (v >= 0) {
        dbuf[j] = v;
        continue;
      }
      if (c === "\n" || c === "\r") {
        j--;
        continue;
      }
      if (c !== "=" || j < 2) return false;
      if (j === 2) {
        while (si < len && (t[si] === "\n" || t[si] === "\r")) si++;
        if (si === len || t[si] !== "=") return false;
        si++;
      }
      while (si < len && (t[si] === "\n" || t[si] === "\r")) si++;
      if (si < len) err = true;
      dlen = j;
      break;
    }
    const v =
      ((dbuf[0] as number) << 18) |
      ((dbuf[1] as number) << 12) |
      ((dbuf[2] as number) << 6) |
      (dbuf[3] as number);
    const bytes = [(v >> 16) & 255, (v >> 8) & 255, v & 255];
    for (let k = 0; k < dlen - 1; k++) dst[n + k] = bytes[k] as number;
    n += dlen - 1;
    return !err;
  };
  while (len - si >= 8 && D - n >= 8) {
    const b = block(8);
    if (b) {
      dst.set(b, n);
      dst[n + 6] = 0;
      dst[n + 7] = 0;
      n += 6;
      si += 8;
    } else if (!quantum()) return;
  }
  while (len - si >= 4 && D - n >= 4) {
    const b = block(4);
    if (b) {
      dst.set(b, n);
      dst[n + 3] = 0;
      n += 3;
      si += 4;
    } else if (!quantum()) return;
  }
  while (si < len) if (!quantum()) return;
}

/** Decode text in the given format; throws an Error with Go's text on bad input. */
export function decodeBytes(s: string, fmt: ByteFormat, loose: boolean): Uint8Array {
  // Go decodes the UTF-8 bytes: positions and bad bytes in errors are byte-wise.
  const raw = byteText(s);
  if (fmt === "base64" || fmt === "base64url") return decodeBase64(raw, fmt === "base64url", loose);
  let t = raw;
  if (loose) t = t.replace(/[\r\n]/g, "");
  switch (fmt) {
    case "hex": {
      // Hex has no padding: `=` is an invalid byte too (Go: encoding/hex: invalid byte: U+003D '=').
      const bad = firstBad(t, /[0-9a-fA-F]/, false);
      // Go's hex.Decode writes each pair before the first pair holding a bad byte.
      const pairs = (k: number) => (dst: Uint8Array) =>
        dst.set(Buffer.from(t.slice(0, 2 * Math.floor(k / 2)), "hex").subarray(0, dst.length));
      if (bad !== undefined)
        throw withWrites(new Error(`encoding/hex: invalid byte: ${runeU(t.charCodeAt(bad))}`), pairs(bad));
      if (t.length % 2 !== 0)
        throw withWrites(new Error("encoding/hex: odd length hex string"), pairs(t.length - 1));
      const out = Buffer.from(t, "hex");
      return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
    }
    case "base32":
    case "base32hex":
      return decodeBase32(raw, fmt === "base32" ? B32 : B32HEX, loose);
  }
}

/** The index of the first byte outside `ok`; `=` (padding) is skipped unless `pad` is false. */
function firstBad(s: string, ok: RegExp, pad = true): number | undefined {
  for (let i = 0; i < s.length; i++) {
    const c = s[i] as string;
    if (c === "=" && pad) continue;
    if (!ok.test(c)) return i;
  }
  return undefined;
}

/** The UTF-8 bytes of s as a Latin-1 string (one char per byte). */
function byteText(s: string): string {
  if (/^[\x00-\x7f]*$/.test(s)) return s;
  let out = "";
  for (const b of new TextEncoder().encode(s)) out += String.fromCharCode(b);
  return out;
}

/** Go's %#U of a byte value: `U+0078 'x'` (the character only when printable). */
function runeU(c: number): string {
  const u = `U+${c.toString(16).toUpperCase().padStart(4, "0")}`;
  const printable = (c >= 0x20 && c < 0x7f) || (c >= 0xa1 && c <= 0xff && c !== 0xad);
  return printable ? `${u} '${String.fromCharCode(c)}'` : u;
}

const B64_STD = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const B64_URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

const illegal64 = (at: number) => new Error(`illegal base64 data at input byte ${at}`);

/**
 * Go's base64.StdEncoding/URLEncoding Decode (padded, not strict: trailing bits are dropped,
 * `\r` and `\n` skipped) over byte text `t`, with its CorruptInputError offsets; then json/v2's
 * check that the text had no line breaks (unless parseBytesWithLooseRFC4648).
 */
function decodeBase64(t: string, url: boolean, loose: boolean): Uint8Array {
  const alpha = url ? B64_URL : B64_STD;
  const n = t.length;
  const out: number[] = [];
  const replay = (dst: Uint8Array) => goBase64Writes(t, url, dst);
  const skipNewlines = (i: number): number => {
    while (i < n && (t[i] === "\n" || t[i] === "\r")) i++;
    return i;
  };
  let si = 0;
  let done = false;
  // The text ended (after line breaks) at a quantum boundary: json/v2's line-break check still applies.
  let ended = false;
  while (!done && si < n) {
    const dbuf = [0, 0, 0, 0];
    let dlen = 4;
    let trailing = -1;
    for (let j = 0; j < 4; j++) {
      if (si === n) {
        if (j === 0) {
          ended = true;
          break;
        }
        throw withWrites(illegal64(si - j), replay);
      }
      const c = t[si] as string;
      si++;
      const v = alpha.indexOf(c);
      if (v >= 0) {
        dbuf[j] = v;
        continue;
      }
      if (c === "\n" || c === "\r") {
        j--;
        continue;
      }
      if (c !== "=" || j < 2) throw withWrites(illegal64(si - 1), replay);
      if (j === 2) {
        si = skipNewlines(si);
        if (si === n) throw withWrites(illegal64(n), replay);
        if (t[si] !== "=") throw withWrites(illegal64(si - 1), replay);
        si++;
      }
      si = skipNewlines(si);
      if (si < n) trailing = si;
      dlen = j;
      done = true;
      break;
    }
    if (ended) break;
    const val = (dbuf[0]! << 18) | (dbuf[1]! << 12) | (dbuf[2]! << 6) | dbuf[3]!;
    const bytes = [(val >> 16) & 255, (val >> 8) & 255, val & 255];
    for (let k = 0; k < dlen - 1; k++) out.push(bytes[k]!);
    if (trailing >= 0) throw withWrites(illegal64(trailing), replay);
  }
  if (!loose && /[\r\n]/.test(t) && t.length !== 4 * Math.ceil(out.length / 3)) {
    const i = t.search(/[\r\n]/);
    throw withWrites(
      new Error(`illegal character ${t[i] === "\n" ? "'\\n'" : "'\\r'"} at offset ${i}`),
      replay,
    );
  }
  return Uint8Array.from(out);
}

const illegal32 = (at: number) => new Error(`illegal base32 data at input byte ${at}`);

/**
 * Go's base32 Decode (padded; line breaks are removed first, so offsets count without them)
 * over byte text `t`, then json/v2's check that the text had no line breaks (unless loose).
 */
function decodeBase32(t: string, alpha: string, loose: boolean): Uint8Array {
  const src = t.replace(/[\r\n]/g, "");
  const olen = src.length;
  const out: number[] = [];
  let p = 0;
  let end = false;
  while (p < olen && !end) {
    const d = [0, 0, 0, 0, 0, 0, 0, 0];
    let dlen = 8;
    for (let j = 0; j < 8; ) {
      if (p === olen) throw illegal32(olen - j);
      const c = src[p] as string;
      p++;
      const rest = olen - p;
      if (c === "=" && j >= 2 && rest < 8) {
        if (rest + j < 7) throw illegal32(olen);
        for (let k = 0; k < 7 - j; k++)
          if (rest > k && src[p + k] !== "=") throw illegal32(olen - rest + k - 1);
        dlen = j;
        end = true;
        if (dlen === 1 || dlen === 3 || dlen === 6) throw illegal32(olen - rest - 1);
        break;
      }
      const v = alpha.indexOf(c);
      if (v < 0) throw illegal32(olen - rest - 1);
      d[j] = v;
      j++;
    }
    const b = [
      ((d[0]! << 3) | (d[1]! >> 2)) & 255,
      ((d[1]! << 6) | (d[2]! << 1) | (d[3]! >> 4)) & 255,
      ((d[3]! << 4) | (d[4]! >> 1)) & 255,
      ((d[4]! << 7) | (d[5]! << 2) | (d[6]! >> 3)) & 255,
      ((d[6]! << 5) | d[7]!) & 255,
    ];
    const nb = ({ 8: 5, 7: 4, 5: 3, 4: 2, 2: 1 } as Record<number, number>)[dlen] ?? 0;
    for (let k = 0; k < nb; k++) out.push(b[k]!);
  }
  if (!loose && /[\r\n]/.test(t) && t.length !== 8 * Math.ceil(out.length / 5)) {
    const i = t.search(/[\r\n]/);
    throw new Error(`illegal character ${t[i] === "\n" ? "'\\n'" : "'\\r'"} at offset ${i}`);
  }
  return Uint8Array.from(out);
}
