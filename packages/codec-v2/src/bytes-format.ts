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

/** Decode text in the given format; throws an Error with Go's text on bad input. */
export function decodeBytes(s: string, fmt: ByteFormat, loose: boolean): Uint8Array {
  // Go decodes the UTF-8 bytes: positions and bad bytes in errors are byte-wise.
  let t = byteText(s);
  if (loose) t = t.replace(/[\r\n]/g, "");
  switch (fmt) {
    case "base64":
    case "base64url": {
      const re = fmt === "base64" ? /^[A-Za-z0-9+/]*={0,2}$/ : /^[A-Za-z0-9_-]*={0,2}$/;
      const bad = firstBad(t, fmt === "base64" ? /[A-Za-z0-9+/]/ : /[A-Za-z0-9_-]/);
      if (!re.test(t) || t.length % 4 !== 0) {
        throw new Error(`illegal base64 data at input byte ${bad ?? Math.floor(t.length / 4) * 4}`);
      }
      const out = Buffer.from(t, fmt === "base64" ? "base64" : "base64url");
      // Go rejects non-canonical trailing bits.
      if (encodeBytes(out, fmt) !== t)
        throw new Error(`illegal base64 data at input byte ${Math.max(0, t.length - 2)}`);
      return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
    }
    case "hex": {
      const bad = firstBad(t, /[0-9a-fA-F]/);
      if (bad !== undefined) throw new Error(`encoding/hex: invalid byte: ${runeU(t.charCodeAt(bad))}`);
      if (t.length % 2 !== 0) throw new Error("encoding/hex: odd length hex string");
      const out = Buffer.from(t, "hex");
      return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
    }
    case "base32":
    case "base32hex": {
      const alpha = fmt === "base32" ? B32 : B32HEX;
      const stripped = t.replace(/=+$/, "");
      const bad = [...stripped].findIndex((c) => !alpha.includes(c));
      if (bad >= 0 || t.length % 8 !== 0)
        throw new Error(`illegal base32 data at input byte ${bad >= 0 ? bad : t.length}`);
      const out: number[] = [];
      let bits = 0;
      let val = 0;
      for (const c of stripped) {
        val = (val << 5) | alpha.indexOf(c);
        bits += 5;
        if (bits >= 8) {
          out.push((val >>> (bits - 8)) & 255);
          bits -= 8;
        }
        val &= (1 << bits) - 1;
      }
      return Uint8Array.from(out);
    }
  }
}

function firstBad(s: string, ok: RegExp): number | undefined {
  for (let i = 0; i < s.length; i++) {
    const c = s[i] as string;
    if (c === "=") continue;
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
