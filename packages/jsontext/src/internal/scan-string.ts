/**
 * JSON strings at the cursor (RFC 8259 section 7): a plain run (printable
 * ASCII without `"` or `\`) is scanned on the bytes and sliced from the latin1
 * text; a string with escapes or UTF-8 sequences is decoded in one pass into
 * the shared code-unit buffer (units.ts) and made a string by one call.
 * Escapes follow Go's unquote: a valid surrogate pair escape is kept; a lone
 * surrogate escape becomes U+FFFD under `C.allowInvalidUTF8` (v1) and bails
 * otherwise (v2). The input's UTF-8 was validated by beginScan, so no byte of a
 * multi-byte sequence is a quote or a backslash.
 *
 * Not semver-stable: part of `@gojson/jsontext/internal`.
 */
import { bail, C, inputView, SHORT, SHORT_MASK } from "./cursor.js";
import { readLongRest } from "./scan-string-long.js";
import { ESCAPE, hex4, hexPairs } from "./scan-string-tables.js";
import { ensure, MAX_KEPT, unitsText } from "./units.js";

/** Byte classes inside strings: plain ASCII, a byte of a UTF-8 sequence, `"`, `\\`, a control char. */
const PLAIN = 0;
const HIGH = 1;
const QUOTE = 2;
const BACKSLASH = 3;
const CONTROL = 4;
const STR = new Uint8Array(256);
for (let i = 0; i < 0x20; i++) STR[i] = CONTROL;
for (let i = 0x80; i < 0x100; i++) STR[i] = HIGH;
STR[0x22] = QUOTE;
STR[0x5c] = BACKSLASH;

/** Plain strings of 2 to SHORT_MAX bytes of a big input come from the cursor's SHORT cache; the others are slices of the input's text. */
const SHORT_MAX = 12;

/** readString reads the string at C.p (which is at `"`), moves past it and returns it unescaped. */
export function readString(): string {
  const b = C.b;
  const start = C.p + 1;
  let i = start;
  while (STR[b[i] as number] === PLAIN) i++;
  if (b[i] === 0x22) {
    C.p = i + 1;
    const n = i - start;
    if (C.share && n >= 2 && n <= SHORT_MAX) return shortString(b, start, n);
    return C.t.slice(start, i);
  }
  return readStringSlow(start, i);
}

/**
 * shortString returns the plain string b[start:start+n] (2 ≤ n ≤ SHORT_MAX): the cached one when
 * it holds these bytes. The slot is chosen by the length and the first and last four bytes (all
 * of a string up to eight bytes), a handful of loads whatever the length.
 */
function shortString(b: Uint8Array, start: number, n: number): string {
  const end = start + n;
  let h = Math.imul(
    n ^ (b[start] as number) ^ ((b[start + 1] as number) << 8) ^ ((b[end - 1] as number) << 16),
    0x9e3779b1,
  );
  if (n > 2)
    h = Math.imul(
      h ^
        (b[start + 2] as number) ^
        ((b[end - 2] as number) << 8) ^
        ((b[end - 3] as number) << 16) ^
        ((b[start + 3] as number) << 24),
      0x85ebca6b,
    );
  h = (h ^ (h >>> 16)) & SHORT_MASK;
  const s = SHORT[h] as string;
  if (s.length === n) {
    let k = 0;
    while (k < n && s.charCodeAt(k) === b[start + k]) k++;
    if (k === n) return s;
  }
  const t = C.t.slice(start, end);
  // A slot is written once per big input (see SHORT): replacing strings would keep young ones
  // alive from scavenge to scavenge (V8 grows the young generation when they survive: a stream's
  // windows would raise its peak RSS).
  if (s.length === 0) SHORT[h] = t;
  return t;
}

/**
 * readStringSlow reads the rest of a string from index `at` (b[start:at] is plain ASCII) that
 * holds escapes or UTF-8 sequences, in one pass: every code unit goes into the shared buffer,
 * made into one string at the closing quote.
 */
function readStringSlow(start: number, at: number): string {
  const b = C.b;
  if (at - start >= MAX_KEPT) return readLongRest(b, start, at - start, at);
  let u = ensure(at - start + 64, 0);
  let n = 0;
  for (let k = start; k < at; k++) u[n++] = b[k] as number;
  let i = at;
  for (;;) {
    // Room for the longest step (a surrogate pair); a long string is finished by counting first.
    if (n + 2 > u.length) {
      if (u.length >= MAX_KEPT) return readLongRest(u, 0, n, i);
      u = ensure(n + 2, n);
    }
    // No step gives more code units than it reads bytes, so every step that starts at or before
    // `lim` has room: the loop below tests the room once a step, against a constant, and writes
    // through a buffer that does not change in it.
    const v = u;
    const lim = i + v.length - 2 - n;
    while (i <= lim) {
      let c = b[i] as number;
      if (c >= 0x20 && c < 0x80 && c !== 0x22 && c !== 0x5c) {
        // A run of plain ASCII (compares: cheaper than a table in the optimised code).
        do {
          v[n++] = c;
          c = b[++i] as number;
        } while (i <= lim && c >= 0x20 && c < 0x80 && c !== 0x22 && c !== 0x5c);
        if (i > lim) break;
      }
      if (c < 0x80) {
        if (c === 0x22) {
          C.p = i + 1;
          return unitsText(n);
        }
        if (c !== 0x5c) bail();
        const e = b[i + 1] as number;
        if (e === 0x75) {
          // A run of \uXXXX escapes (text written all in escapes) stays in this loop: the four hex
          // digits are one 32-bit load (the input's PAD zero bytes follow it) and two lookups of
          // digit pairs, inline (the optimised code checks an imported function at every call).
          const dv = inputView(b);
          const h2 = hexPairs();
          for (;;) {
            const w = dv.getUint32(i + 2);
            const r = ((h2[w >>> 16] as number) << 8) | (h2[w & 0xffff] as number);
            if (r < 0) bail();
            i += 6;
            if ((r & 0xf800) === 0xd800) {
              // A high surrogate escape followed by a low one is one code point.
              const r2 = r < 0xdc00 && b[i] === 0x5c && b[i + 1] === 0x75 ? hex4(b, i + 2) : -1;
              if ((r2 & 0xfc00) === 0xdc00) {
                v[n++] = r;
                v[n++] = r2;
                i += 6;
              } else if (C.allowInvalidUTF8) v[n++] = 0xfffd;
              else bail();
            } else v[n++] = r;
            if (b[i] !== 0x5c || b[i + 1] !== 0x75 || i > lim) break;
          }
          continue;
        }
        const x = ESCAPE[e] as number;
        if (x < 0) bail();
        v[n++] = x;
        i += 2;
      } else if (c < 0xe0) {
        // Well-formed UTF-8 (beginScan checked the whole input).
        v[n++] = ((c & 0x1f) << 6) | ((b[i + 1] as number) & 0x3f);
        i += 2;
      } else if (c < 0xf0) {
        v[n++] = ((c & 0x0f) << 12) | (((b[i + 1] as number) & 0x3f) << 6) | ((b[i + 2] as number) & 0x3f);
        i += 3;
      } else {
        const cp =
          ((c & 0x07) << 18) |
          (((b[i + 1] as number) & 0x3f) << 12) |
          (((b[i + 2] as number) & 0x3f) << 6) |
          ((b[i + 3] as number) & 0x3f);
        v[n++] = 0xd7c0 + (cp >> 10);
        v[n++] = 0xdc00 | (cp & 0x3ff);
        i += 4;
      }
    }
  }
}

/**
 * escapedEnd validates the rest of a string from index `at` (its escapes as readString
 * accepts them) and returns the index of its closing quote.
 */
function escapedEnd(at: number): number {
  const b = C.b;
  const lenient = C.allowInvalidUTF8;
  let i = at;
  for (;;) {
    const c = b[i] as number;
    if (c === 0x22) return i;
    if (c !== 0x5c) {
      if (!(c >= 0x20)) bail();
      i++;
      continue;
    }
    const e = b[i + 1] as number;
    if (e === 0x75) {
      const r = hex4(b, i + 2);
      if (r < 0) bail();
      i += 6;
      if (r >= 0xd800 && r < 0xe000 && !lenient) {
        if (r >= 0xdc00 || b[i] !== 0x5c || b[i + 1] !== 0x75) bail();
        const r2 = hex4(b, i + 2);
        if (r2 < 0xdc00 || r2 >= 0xe000) bail();
        i += 6;
      }
      continue;
    }
    if ((ESCAPE[e] as number) < 0) bail();
    i += 2;
  }
}

/** skipString validates the string at C.p (at `"`) and moves past it. */
export function skipString(): void {
  const b = C.b;
  let i = C.p + 1;
  let k = STR[b[i] as number] as number;
  while (k <= HIGH) k = STR[b[++i] as number] as number;
  if (k === QUOTE) C.p = i + 1;
  else if (k === BACKSLASH) C.p = escapedEnd(i) + 1;
  else bail();
}
