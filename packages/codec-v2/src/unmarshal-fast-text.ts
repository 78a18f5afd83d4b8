/**
 * Building strings for the fast unmarshal path: code units are gathered into
 * one shared buffer (UTF-8 decoded in JavaScript, escapes resolved) and made
 * into a string by one native call. Node's UTF-8 decoder (Buffer#toString,
 * TextDecoder) costs about 5 ns a byte on text that is not pure ASCII, and a
 * per-call overhead; decoding here and handing UTF-16 over costs a fraction.
 */
import { Buffer } from "node:buffer";

/** Whether a Uint16Array lays its units out as UTF-16LE (then the buffer is read as utf16le text). */
const LE = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** Strings of at most this many units are concatenated char by char (cheaper than a native call; V8 copies them flat). */
const SHORT = 8;
/** The shared buffer is dropped after a string longer than this. */
const MAX_KEPT = 1 << 16;

/** The shared code-unit buffer (and a Buffer over the same memory). */
export let units = new Uint16Array(1024);
let unitBytes = Buffer.from(units.buffer);

/** ensure makes room for n units (keeping the first `keep`). */
export function ensure(n: number, keep: number): Uint16Array {
  if (n <= units.length) return units;
  let size = units.length * 2;
  while (size < n) size *= 2;
  const grown = new Uint16Array(size);
  grown.set(units.subarray(0, keep));
  units = grown;
  unitBytes = Buffer.from(units.buffer);
  return units;
}

/** unitsText returns the string of the first n units of the shared buffer. */
export function unitsText(n: number): string {
  const u = units;
  let s: string;
  if (n <= SHORT) {
    s = "";
    for (let k = 0; k < n; k++) s += String.fromCharCode(u[k] as number);
    return s;
  }
  if (LE) s = unitBytes.toString("utf16le", 0, n * 2);
  else {
    s = "";
    for (let k = 0; k < n; k += 4096) s += String.fromCharCode.apply(null, u.subarray(k, Math.min(n, k + 4096)) as never);
  }
  if (units.length > MAX_KEPT) {
    units = new Uint16Array(1024);
    unitBytes = Buffer.from(units.buffer);
  }
  return s;
}

/**
 * utf8Units decodes b[a:e] (well-formed UTF-8: the whole input was checked) into the
 * shared buffer from index n (room already made) and returns the new count.
 */
export function utf8Units(b: Uint8Array, a: number, e: number, n: number): number {
  const u = units;
  let i = a;
  while (i < e) {
    const c = b[i] as number;
    if (c < 0x80) {
      u[n++] = c;
      i++;
    } else if (c < 0xe0) {
      u[n++] = ((c & 0x1f) << 6) | ((b[i + 1] as number) & 0x3f);
      i += 2;
    } else if (c < 0xf0) {
      u[n++] = ((c & 0x0f) << 12) | (((b[i + 1] as number) & 0x3f) << 6) | ((b[i + 2] as number) & 0x3f);
      i += 3;
    } else {
      const cp =
        ((c & 0x07) << 18) |
        (((b[i + 1] as number) & 0x3f) << 12) |
        (((b[i + 2] as number) & 0x3f) << 6) |
        ((b[i + 3] as number) & 0x3f);
      u[n++] = 0xd7c0 + (cp >> 10);
      u[n++] = 0xdc00 | (cp & 0x3ff);
      i += 4;
    }
  }
  return n;
}

/** utf8Text returns b[a:e] (well-formed UTF-8) as a string. */
export function utf8Text(b: Uint8Array, a: number, e: number): string {
  ensure(e - a, 0);
  return unitsText(utf8Units(b, a, e, 0));
}
