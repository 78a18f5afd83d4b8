/**
 * The cursor of the fast unmarshal path: RFC 8259 scanning over the input's
 * UTF-8 bytes (a padded copy), with the same bytes as a one-char-per-byte
 * string to slice plain strings from; strings holding escapes or non-ASCII
 * text are decoded in JavaScript (unmarshal-fast-text.ts).
 *
 * Every function here either consumes exactly what Go's v2 decoder accepts
 * (strict grammar, no lone surrogate escapes, duplicate names rejected in
 * skipped objects too) or throws {@link BAIL}; it never builds an error. The
 * caller then reruns the exact engine, which reports Go's error.
 */

import { Buffer } from "node:buffer";
import { longDecimal, POW10 } from "./unmarshal-fast-float.js";
import { ensure, unitsText } from "./unmarshal-fast-text.js";

/** Thrown by the fast path on anything it does not decode exactly (a private sentinel, no stack). */
export const BAIL: unique symbol = Symbol("gojson.v2.fastUnmarshalBail");

/** FAST_MAX_DEPTH is the nesting depth past which the fast path gives up (below the exact engine's DEEP_AFTER). */
export const FAST_MAX_DEPTH = 128;

/** The cursor of one fast unmarshal: the input, the position and the nesting depth. */
export interface Cursor {
  /** The input bytes one char per byte (latin1): strings without escapes or non-ASCII bytes are sliced from it. */
  t: string;
  /**
   * The input bytes, then PAD zero bytes: the structure is read from here (a typed array
   * reads faster than a string), and the zeros end every scan without a bounds check.
   */
  b: Uint8Array;
  p: number;
  depth: number;
}

/** Zero bytes after the input in `C.b` (no look-ahead goes further). */
export const PAD = 8;

/** The one cursor (the fast path calls no user code, so it is never re-entered). */
export const C: Cursor = { t: "", b: new Uint8Array(PAD), p: 0, depth: 0 };

/** Byte classes inside strings: plain ASCII, a byte of a UTF-8 sequence, `"`, `\\`, a control char. */
const PLAIN = 0;
const HIGH = 1;
const QUOTE = 2;
const BACKSLASH = 3;
const STR = new Uint8Array(256);
for (let i = 0; i < 0x20; i++) STR[i] = 4;
for (let i = 0x80; i < 0x100; i++) STR[i] = HIGH;
STR[0x22] = QUOTE;
STR[0x5c] = BACKSLASH;

/** bail abandons the fast path. */
export function bail(): never {
  throw BAIL;
}

/** ws skips JSON whitespace (space, tab, LF, CR) and returns the next byte (0 at the end). */
export function ws(): number {
  const b = C.b;
  let p = C.p;
  let c = b[p] as number;
  if (c > 0x20) return c;
  while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) c = b[++p] as number;
  C.p = p;
  return c;
}

/** colon reads whitespace, `:` and whitespace, and returns the byte that starts the value. */
export function colon(): number {
  const b = C.b;
  let p = C.p;
  let c = b[p] as number;
  if (c !== 0x3a) {
    while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) c = b[++p] as number;
    if (c !== 0x3a) bail();
  }
  c = b[++p] as number;
  if (c <= 0x20) {
    while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) c = b[++p] as number;
  }
  C.p = p;
  return c;
}

/**
 * quotedBytes returns the UTF-8 bytes of name quoted as JSON writes it plainly, or null
 * when the name needs escaping (then only a decoded name can match it).
 */
export function quotedBytes(name: string): Uint8Array | null {
  const q = JSON.stringify(name);
  return q.length === name.length + 2 && wellFormed(name) ? new Uint8Array(Buffer.from(q, "utf8")) : null;
}

/** matchAt reports whether the bytes at C.p are q, and if so moves past them. */
export function matchAt(q: Uint8Array): boolean {
  const b = C.b;
  const p = C.p;
  const n = q.length;
  for (let k = 0; k < n; k++) if (b[p + k] !== q[k]) return false;
  C.p = p + n;
  return true;
}

/** readString reads the string at C.p (which is at `"`) and returns it unescaped. */
export function readString(): string {
  const b = C.b;
  const start = C.p + 1;
  let i = start;
  while (STR[b[i] as number] === PLAIN) i++;
  if (b[i] === 0x22) {
    C.p = i + 1;
    return C.t.slice(start, i);
  }
  return readStringSlow(start, i);
}

/** Hex digit values by byte (0x10000 marks a non-digit: it survives the ORs below). */
const HEX = new Int32Array(256).fill(0x10000);
for (let i = 0; i < 10; i++) HEX[0x30 + i] = i;
for (let i = 0; i < 6; i++) {
  HEX[0x61 + i] = 10 + i;
  HEX[0x41 + i] = 10 + i;
}

/** The char of each one-letter escape (`\n` → 10), -1 for the others. */
const ESCAPE = new Int32Array(256).fill(-1);
ESCAPE[0x22] = 0x22;
ESCAPE[0x5c] = 0x5c;
ESCAPE[0x2f] = 0x2f;
ESCAPE[0x62] = 0x08;
ESCAPE[0x66] = 0x0c;
ESCAPE[0x6e] = 0x0a;
ESCAPE[0x72] = 0x0d;
ESCAPE[0x74] = 0x09;

/** The code unit of the 4 hex digits at b[i:i+4], or -1 (the zero padding is no digit). */
function hex4(b: Uint8Array, i: number): number {
  const r =
    ((HEX[b[i] as number] as number) << 12) |
    ((HEX[b[i + 1] as number] as number) << 8) |
    ((HEX[b[i + 2] as number] as number) << 4) |
    (HEX[b[i + 3] as number] as number);
  return r > 0xffff ? -1 : r;
}

/**
 * readStringSlow reads the rest of a string from index `at` (b[start:at] is plain
 * ASCII) that holds escapes or UTF-8 sequences, in one pass: every code unit goes
 * into the shared buffer, made into one string at the closing quote.
 */
function readStringSlow(start: number, at: number): string {
  const b = C.b;
  let u = ensure(at - start + 64, 0);
  let n = 0;
  for (let k = start; k < at; k++) u[n++] = b[k] as number;
  let i = at;
  for (;;) {
    // Room for the longest step (a surrogate pair).
    if (n + 2 > u.length) u = ensure(n + 2, n);
    const c = b[i] as number;
    if (c < 0x80) {
      if (c >= 0x20 && c !== 0x22 && c !== 0x5c) {
        u[n++] = c;
        i++;
        continue;
      }
      if (c === 0x22) {
        C.p = i + 1;
        return unitsText(n);
      }
      if (c !== 0x5c) bail();
      const e = b[i + 1] as number;
      if (e === 0x75) {
        const r = hex4(b, i + 2);
        if (r < 0) bail();
        i += 6;
        if (r >= 0xd800 && r < 0xe000) {
          // Only a high surrogate escape followed by a low one is valid UTF-16 (v2 rejects the rest).
          if (r >= 0xdc00 || b[i] !== 0x5c || b[i + 1] !== 0x75) bail();
          const r2 = hex4(b, i + 2);
          if (r2 < 0xdc00 || r2 >= 0xe000) bail();
          u[n++] = r;
          u[n++] = r2;
          i += 6;
        } else u[n++] = r;
        continue;
      }
      const x = ESCAPE[e] as number;
      if (x < 0) bail();
      u[n++] = x;
      i += 2;
    } else if (c < 0xe0) {
      // Well-formed UTF-8 (the whole input was checked).
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
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** wellFormed reports whether s is well-formed UTF-16 (no lone surrogates). */
export function wellFormed(s: string): boolean {
  const f = (s as { isWellFormed?: () => boolean }).isWellFormed;
  return f !== undefined ? f.call(s) : !LONE_SURROGATE.test(s);
}

/**
 * escapedEnd validates the rest of a string from index `at` (escapes as v2 accepts them:
 * surrogates only in valid pairs) and returns the index of its closing quote.
 */
function escapedEnd(at: number): number {
  const b = C.b;
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
      if (r >= 0xd800 && r < 0xe000) {
        // Only a high surrogate escape followed by a low one is valid UTF-16 (v2 rejects the rest).
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

/** numberEnd validates the number at C.p and returns the index just after it (C.p is not moved). */
export function numberEnd(): number {
  const b = C.b;
  let i = C.p;
  let c = b[i] as number;
  if (c === 0x2d) c = b[++i] as number;
  if (c === 0x30) c = b[++i] as number;
  else if (c >= 0x31 && c <= 0x39) {
    do c = b[++i] as number;
    while (c >= 0x30 && c <= 0x39);
  } else bail();
  if (c === 0x2e) {
    c = b[++i] as number;
    if (!(c >= 0x30 && c <= 0x39)) bail();
    do c = b[++i] as number;
    while (c >= 0x30 && c <= 0x39);
  }
  if (c === 0x65 || c === 0x45) {
    c = b[++i] as number;
    if (c === 0x2b || c === 0x2d) c = b[++i] as number;
    if (!(c >= 0x30 && c <= 0x39)) bail();
    do c = b[++i] as number;
    while (c >= 0x30 && c <= 0x39);
  }
  return i;
}

/**
 * readFloat reads the number at C.p as a float64 (bails when it overflows). Numbers
 * without an exponent whose digits make an integer below 2^53 and that have a fraction
 * of at most 22 digits are computed as integer / 10^k (both exact: the quotient is
 * correctly rounded, Clinger's fast path); those of up to 19 digits by a proved
 * rounding (unmarshal-fast-float.ts); the rest go through the native conversion.
 */
export function readFloat(): number {
  const b = C.b;
  const start = C.p;
  let i = start;
  let c = b[i] as number;
  let neg = false;
  if (c === 0x2d) {
    neg = true;
    c = b[++i] as number;
  }
  // The digits as an integer: exact while below 2^53 (past it, only a lower bound).
  let m = 0;
  if (c === 0x30) c = b[++i] as number;
  else if (c >= 0x31 && c <= 0x39) {
    do {
      m = m * 10 + (c - 0x30);
      c = b[++i] as number;
    } while (c >= 0x30 && c <= 0x39);
  } else bail();
  let frac = 0;
  if (c === 0x2e) {
    c = b[++i] as number;
    if (!(c >= 0x30 && c <= 0x39)) bail();
    do {
      m = m * 10 + (c - 0x30);
      frac++;
      c = b[++i] as number;
    } while (c >= 0x30 && c <= 0x39);
  }
  if (c === 0x65 || c === 0x45) {
    c = b[++i] as number;
    if (c === 0x2b || c === 0x2d) c = b[++i] as number;
    if (!(c >= 0x30 && c <= 0x39)) bail();
    do c = b[++i] as number;
    while (c >= 0x30 && c <= 0x39);
  } else if (frac <= 22) {
    C.p = i;
    if (m < 9007199254740992) {
      const v = frac === 0 ? m : m / (POW10[frac] as number);
      return neg ? -v : v;
    }
    const v = longDecimal(b, start, i, frac);
    if (!Number.isNaN(v)) return neg ? -v : v;
  }
  C.p = i;
  const v = +C.t.slice(start, i);
  if (v - v !== 0) bail();
  return v;
}

/**
 * readFloatList reads the array of float64 at C.p (at `[`): `[]float64` and `[N]float64`
 * without a closure call per element (null elements are 0, as Go's null for a float).
 */
export function readFloatList(): number[] {
  enter();
  C.p++;
  let k = ws();
  if (k === 0x5d) {
    C.p++;
    leave();
    return [];
  }
  const a = floatOrNull(k);
  k = ws();
  C.p++;
  if (k === 0x5d) {
    leave();
    return [a];
  }
  if (k !== 0x2c) bail();
  const b = floatOrNull(ws());
  k = ws();
  C.p++;
  if (k === 0x5d) {
    leave();
    return [a, b];
  }
  if (k !== 0x2c) bail();
  const out = [a, b];
  for (;;) {
    out.push(floatOrNull(ws()));
    k = ws();
    C.p++;
    if (k === 0x2c) continue;
    if (k !== 0x5d) bail();
    leave();
    return out;
  }
}

function floatOrNull(c: number): number {
  if (c !== 0x6e) return readFloat();
  literal(c);
  return 0;
}

/** Consumes the literal `true`, `false` or `null` whose first char is c (bails otherwise). */
export function literal(c: number): void {
  const b = C.b;
  const p = C.p;
  if (c === 0x74) {
    if (b[p + 1] !== 0x72 || b[p + 2] !== 0x75 || b[p + 3] !== 0x65) bail();
    C.p = p + 4;
  } else if (c === 0x66) {
    if (b[p + 1] !== 0x61 || b[p + 2] !== 0x6c || b[p + 3] !== 0x73 || b[p + 4] !== 0x65) bail();
    C.p = p + 5;
  } else if (c === 0x6e) {
    if (b[p + 1] !== 0x75 || b[p + 2] !== 0x6c || b[p + 3] !== 0x6c) bail();
    C.p = p + 4;
  } else bail();
}

/** readNull consumes `null` at C.p, whose first char code is c (bails on anything else). */
export function readNull(c: number): void {
  if (c !== 0x6e) bail();
  literal(c);
}

/** enter counts one more level of nesting (bails past FAST_MAX_DEPTH); leave undoes it. */
export function enter(): void {
  if (++C.depth > FAST_MAX_DEPTH) bail();
}

/** leave ends one level of nesting. */
export function leave(): void {
  C.depth--;
}

/**
 * skipValue validates the value that starts with char code c at C.p and moves
 * past it; duplicate names in its objects bail (v2 rejects them even in skipped values).
 */
export function skipValue(c: number): void {
  if (c === 0x22) {
    skipString();
    return;
  }
  if (c === 0x7b) {
    enter();
    C.p++;
    let k = ws();
    if (k === 0x7d) {
      C.p++;
      leave();
      return;
    }
    const names = new Set<string>();
    for (;;) {
      if (k !== 0x22) bail();
      const name = readString();
      if (names.has(name)) bail();
      names.add(name);
      skipValue(colon());
      k = ws();
      C.p++;
      if (k === 0x2c) {
        k = ws();
        continue;
      }
      if (k !== 0x7d) bail();
      leave();
      return;
    }
  }
  if (c === 0x5b) {
    enter();
    C.p++;
    let k = ws();
    if (k === 0x5d) {
      C.p++;
      leave();
      return;
    }
    for (;;) {
      skipValue(k);
      k = ws();
      C.p++;
      if (k === 0x2c) {
        k = ws();
        continue;
      }
      if (k !== 0x5d) bail();
      leave();
      return;
    }
  }
  if (c === 0x74 || c === 0x66 || c === 0x6e) {
    literal(c);
    return;
  }
  C.p = numberEnd();
}

/**
 * readList reads the array at C.p (at `[`) with elem for each element. Arrays of one or
 * two elements are made at their size (pushing would reserve room for seventeen).
 */
export function readList(elem: (c: number) => unknown): unknown[] {
  enter();
  C.p++;
  let k = ws();
  if (k === 0x5d) {
    C.p++;
    leave();
    return [];
  }
  const a = elem(k);
  k = ws();
  C.p++;
  if (k === 0x5d) {
    leave();
    return [a];
  }
  if (k !== 0x2c) bail();
  const b = elem(ws());
  k = ws();
  C.p++;
  if (k === 0x5d) {
    leave();
    return [a, b];
  }
  if (k !== 0x2c) bail();
  const out = [a, b];
  k = ws();
  for (;;) {
    out.push(elem(k));
    k = ws();
    C.p++;
    if (k === 0x2c) {
      k = ws();
      continue;
    }
    if (k !== 0x5d) bail();
    leave();
    return out;
  }
}
