/**
 * Tables of the string scanners (scan-string.ts, scan-string-long.ts): hex
 * digits and one-letter escapes by byte (RFC 8259 section 7).
 *
 * Not semver-stable: part of `@gojson/jsontext/internal`.
 */

/** Hex digit values by byte (0x10000 marks a non-digit: it survives the ORs in hex4 and in readString's escape loop). */
export const HEX = new Int32Array(256).fill(0x10000);
for (let i = 0; i < 10; i++) HEX[0x30 + i] = i;
for (let i = 0; i < 6; i++) {
  HEX[0x61 + i] = 10 + i;
  HEX[0x41 + i] = 10 + i;
}

/**
 * Hex values of two digits by their two bytes (`b0 << 8 | b1`), -1 where either is no digit: read
 * with the four digits of a `\uXXXX` escape as one big-endian 32-bit word,
 * `pairs[w >>> 16] << 8 | pairs[w & 0xffff]` is the code unit, negative when a digit is bad.
 * Made at the first escape (128 KB).
 */
let pairs: Int16Array | undefined;

/** hexPairs returns the table of two hex digits by their two bytes (see `pairs`). */
export function hexPairs(): Int16Array {
  if (pairs === undefined) {
    const t = new Int16Array(1 << 16).fill(-1);
    for (let x = 0; x < 256; x++) {
      const hx = HEX[x] as number;
      if (hx > 15) continue;
      for (let y = 0; y < 256; y++) {
        const hy = HEX[y] as number;
        if (hy <= 15) t[(x << 8) | y] = (hx << 4) | hy;
      }
    }
    pairs = t;
  }
  return pairs;
}

/** The char of each one-letter escape by byte (`n` → 10), -1 for the others. */
export const ESCAPE = new Int32Array(256).fill(-1);
ESCAPE[0x22] = 0x22;
ESCAPE[0x5c] = 0x5c;
ESCAPE[0x2f] = 0x2f;
ESCAPE[0x62] = 0x08;
ESCAPE[0x66] = 0x0c;
ESCAPE[0x6e] = 0x0a;
ESCAPE[0x72] = 0x0d;
ESCAPE[0x74] = 0x09;

/** hex4 returns the code unit of the 4 hex digits at b[i:i+4], or -1 (the zero padding is no digit). */
export function hex4(b: Uint8Array, i: number): number {
  const r =
    ((HEX[b[i] as number] as number) << 12) |
    ((HEX[b[i + 1] as number] as number) << 8) |
    ((HEX[b[i + 2] as number] as number) << 4) |
    (HEX[b[i + 3] as number] as number);
  return r > 0xffff ? -1 : r;
}
