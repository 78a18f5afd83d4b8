/**
 * The text cursor of the fast unmarshal path (unmarshal-fast.ts): RFC 8259
 * scanning of the input bytes one char per byte (`C.u`; values sliced from
 * their latin1 string `C.t`), a string holding escapes or non-ASCII bytes
 * decoded in one JS pass into a shared code-unit buffer and made a string by
 * one native UTF-16 call; or by charCodeAt over a JS string (a non-ASCII
 * string input, or the bytes decoded up front in tests).
 *
 * Every function here either consumes exactly what Go's v1 decoder accepts
 * (and produces what the exact engine produces: lone surrogate escapes become
 * U+FFFD as in decode-state.ts) or throws {@link BAIL}; it never builds an
 * error. The caller then runs the exact engine, which reports Go's error.
 */

/** Thrown by the fast path on anything it does not decode exactly (a private sentinel, no stack). */
/** JSON bytes the fast decoders dispatch on. */
export const Q = 0x22;
export const LBRACE = 0x7b;
export const RBRACE = 0x7d;
export const LBRACKET = 0x5b;
export const RBRACKET = 0x5d;
export const COMMA = 0x2c;
export const N = 0x6e;
export const T_ = 0x74;
export const F_ = 0x66;

export const BAIL: unique symbol = Symbol("gojson.v1.fastUnmarshalBail");

/** Nesting depth past which the fast path gives up (well below the exact engine's DEEP_DEPTH). */
export const FAST_MAX_DEPTH = 128;

/** The cursor of one fast unmarshal. */
export interface Cursor {
  /** The text (see the file comment). */
  t: string;
  /** The input bytes when `t` holds one char per byte and they are not all ASCII, else null. */
  b: Buffer | null;
  /**
   * The input bytes whenever `t` holds one char per byte (ASCII or not), else null: the same
   * indices as `t`, read by the whitespace skippers, readString and the struct decoders' guesses.
   */
  u: Uint8Array | null;
  p: number;
  depth: number;
  /** Decoder.UseNumber: numbers into `any` become JsonNumber. */
  useNumber: boolean;
  /** Decoder.DisallowUnknownFields: an unknown member gives up (the exact engine reports it). */
  disallowUnknown: boolean;
  /** Reproducing Go 1.27 (Unicode 17 case folding: names holding changed code points give up). */
  go127: boolean;
}

/** The one cursor (the fast path calls no user code, so it is never re-entered). */
export const C: Cursor = {
  t: "",
  b: null,
  u: null,
  p: 0,
  depth: 0,
  useNumber: false,
  disallowUnknown: false,
  go127: true,
};

/** bail abandons the fast path. */
export function bail(): never {
  throw BAIL;
}

/** A run of JSON whitespace, matched in place (sticky). */
const INDENT = /[ \t\n\r]*/y;

/** ws skips JSON whitespace and returns the next char code (NaN at the end). */
export function ws(): number {
  const u = C.u;
  if (u !== null) {
    // The bytes: an element load costs less than charCodeAt (no string representation to check).
    let p = C.p;
    let c = u[p] as number;
    if (c > 0x20) return c;
    while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) c = u[++p] as number;
    C.p = p;
    return c === undefined ? Number.NaN : c;
  }
  const t = C.t;
  let p = C.p;
  let c = t.charCodeAt(p);
  if (c > 0x20) return c;
  let n = 0;
  while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) {
    c = t.charCodeAt(++p);
    if (++n === 64) {
      // Deep indentation: the regular expression engine skips a long run faster than a loop
      // (its call costs about as much as this loop over a few levels of indentation).
      INDENT.lastIndex = p;
      INDENT.test(t);
      p = INDENT.lastIndex;
      c = t.charCodeAt(p);
      break;
    }
  }
  C.p = p;
  return c;
}

/** colon reads whitespace, `:` and whitespace, and returns the char code that starts the value. */
export function colon(): number {
  const u = C.u;
  let p = C.p;
  if (u !== null) {
    let c = u[p] as number;
    if (c !== 0x3a) {
      while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) c = u[++p] as number;
      if (c !== 0x3a) bail();
    }
    c = u[++p] as number;
    if (c <= 0x20) while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) c = u[++p] as number;
    C.p = p;
    return c === undefined ? Number.NaN : c;
  }
  const t = C.t;
  let c = t.charCodeAt(p);
  if (c !== 0x3a) {
    while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) c = t.charCodeAt(++p);
    if (c !== 0x3a) bail();
  }
  c = t.charCodeAt(++p);
  if (c <= 0x20) while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) c = t.charCodeAt(++p);
  C.p = p;
  return c;
}

/** readString reads the string at C.p (which is at `"`) and returns it unescaped. */
export function readString(): string {
  const t = C.t;
  const start = C.p + 1;
  let i = start;
  const u = C.u;
  if (u !== null) {
    // One char per byte: the plain run scanned on the bytes; past ASCII a UTF-8 sequence
    // starts (decoded in JS); past the end the load is undefined (decodeString gives up).
    for (;;) {
      const c = u[i] as number;
      if (c === 0x22) {
        C.p = i + 1;
        return t.slice(start, i);
      }
      if (c === 0x5c || !(c >= 0x20 && c < 0x80)) break;
      i++;
    }
    return decodeString(start, i);
  }
  const top = C.b === null ? 0x10000 : 0x80;
  for (;;) {
    const c = t.charCodeAt(i);
    if (c === 0x22) {
      C.p = i + 1;
      return t.slice(start, i);
    }
    if (c === 0x5c || !(c >= 0x20 && c < top)) break;
    i++;
  }
  return decodeString(start, i);
}

/** Hex digit values by char code (0x10000 marks a non-digit: it survives the ORs below). */
const HEX = new Int32Array(128).fill(0x10000);
for (let i = 0; i < 10; i++) HEX[0x30 + i] = i;
for (let i = 0; i < 6; i++) {
  HEX[0x61 + i] = 10 + i;
  HEX[0x41 + i] = 10 + i;
}

/** The char of each one-letter escape (`\n` → 10), -1 for the others. */
export const ESCAPE = new Int32Array(128).fill(-1);
ESCAPE[0x22] = 0x22;
ESCAPE[0x5c] = 0x5c;
ESCAPE[0x2f] = 0x2f;
ESCAPE[0x62] = 0x08;
ESCAPE[0x66] = 0x0c;
ESCAPE[0x6e] = 0x0a;
ESCAPE[0x72] = 0x0d;
ESCAPE[0x74] = 0x09;

/** The byte of two hex digits by (first char code << 7 | second), 0x10000 for a non-digit pair. */
const HEX2 = new Int32Array(1 << 14).fill(0x10000);
for (let a = 0; a < 128; a++)
  for (let b = 0; b < 128; b++)
    if ((HEX[a] as number) < 16 && (HEX[b] as number) < 16)
      HEX2[(a << 7) | b] = ((HEX[a] as number) << 4) | (HEX[b] as number);

/** The code unit of the 4 hex digits at t[i:i+4], or -1. */
export function hex4(t: string, i: number): number {
  const a = t.charCodeAt(i);
  const b = t.charCodeAt(i + 1);
  const c = t.charCodeAt(i + 2);
  const d = t.charCodeAt(i + 3);
  if (!((a | b | c | d) < 0x80)) return -1;
  const r = ((HEX2[(a << 7) | b] as number) << 8) | (HEX2[(c << 7) | d] as number);
  return r > 0xffff ? -1 : r;
}

/** Buffer#ucs2Slice (what toString("utf16le") calls, without its argument handling) when present. */
const ucs2 = (Buffer.prototype as { ucs2Slice?: (start: number, end: number) => string }).ucs2Slice;
/** Whether a Uint16Array lays its units out as UTF-16LE. */
const LE = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
/** Strings of at most this many units are built char by char (cheaper than a native call). */
const SHORT = 8;
/** The shared code-unit buffer is dropped after a string longer than this. */
const MAX_KEPT_UNITS = 1 << 16;
/** The shared code-unit buffer (and a Buffer over the same memory). */
let units = new Uint16Array(1024);
let unitBytes = Buffer.from(units.buffer);

/** The string of the first n units of the shared buffer (one native call for long strings). */
function unitsText(n: number): string {
  const u = units;
  let s = "";
  if (n <= SHORT) {
    for (let k = 0; k < n; k++) s += String.fromCharCode(u[k] as number);
    return s;
  }
  if (LE) s = ucs2 !== undefined ? ucs2.call(unitBytes, 0, n * 2) : unitBytes.toString("utf16le", 0, n * 2);
  else
    for (let k = 0; k < n; k += 4096)
      s += String.fromCharCode.apply(null, u.subarray(k, Math.min(n, k + 4096)) as never);
  if (units.length > MAX_KEPT_UNITS) {
    units = new Uint16Array(1024);
    unitBytes = Buffer.from(units.buffer);
  }
  return s;
}

/**
 * decodeString reads the string whose content starts at `start` (it holds an
 * escape, a control char or a non-ASCII char) in one pass into the shared
 * code-unit buffer, and makes it a string with one call. In the
 * one-char-a-byte text (C.b set) non-ASCII chars are UTF-8 bytes, decoded here
 * (the input was checked to be valid UTF-8 up front, and no byte of a
 * multi-byte sequence is a quote or a backslash). Escapes follow Go's unquote:
 * a surrogate pair escape is kept, a lone surrogate escape becomes U+FFFD.
 */
function decodeString(start: number, plain: number): string {
  const t = C.t;
  const utf8 = C.b !== null;
  let u = units;
  let n = 0;
  let i = plain;
  // The plain chars before `plain` are copied as they are.
  if (plain - start + 2 > u.length) {
    let len = u.length * 2;
    while (plain - start + 2 > len) len *= 2;
    units = u = new Uint16Array(len);
    unitBytes = Buffer.from(u.buffer);
  }
  for (let k = start; k < plain; k++) u[n++] = t.charCodeAt(k);
  for (;;) {
    // Room for the longest step (a surrogate pair).
    if (n + 2 > u.length) {
      const grown = new Uint16Array(u.length * 2);
      grown.set(u);
      units = u = grown;
      unitBytes = Buffer.from(u.buffer);
    }
    const c = t.charCodeAt(i);
    if (c === 0x22) break;
    if (c < 0x80) {
      if (c === 0x5c) {
        const e = t.charCodeAt(i + 1);
        if (e === 0x75) {
          // A run of \u escapes (Room for two units each step.)
          for (;;) {
            const r = hex4(t, i + 2);
            if (r < 0) bail();
            i += 6;
            if ((r & 0xf800) !== 0xd800) u[n++] = r;
            else {
              const r2 = t.charCodeAt(i) === 0x5c && t.charCodeAt(i + 1) === 0x75 ? hex4(t, i + 2) : -1;
              if (r < 0xdc00 && r2 >= 0xdc00 && r2 < 0xe000) {
                u[n++] = r;
                u[n++] = r2;
                i += 6;
              } else u[n++] = 0xfffd;
            }
            if (t.charCodeAt(i) !== 0x5c || t.charCodeAt(i + 1) !== 0x75 || n + 2 > u.length) break;
          }
          continue;
        }
        const x = e < 0x80 ? (ESCAPE[e] as number) : -1;
        if (x < 0) bail();
        u[n++] = x;
        i += 2;
        continue;
      }
      if (c < 0x20) bail();
      u[n++] = c;
      i++;
      continue;
    }
    if (!(c >= 0)) bail();
    if (!utf8) {
      u[n++] = c;
      i++;
    } else if (c < 0xe0) {
      u[n++] = ((c & 0x1f) << 6) | (t.charCodeAt(i + 1) & 0x3f);
      i += 2;
    } else if (c < 0xf0) {
      u[n++] = ((c & 0x0f) << 12) | ((t.charCodeAt(i + 1) & 0x3f) << 6) | (t.charCodeAt(i + 2) & 0x3f);
      i += 3;
    } else {
      const r =
        (((c & 0x07) << 18) |
          ((t.charCodeAt(i + 1) & 0x3f) << 12) |
          ((t.charCodeAt(i + 2) & 0x3f) << 6) |
          (t.charCodeAt(i + 3) & 0x3f)) -
        0x10000;
      u[n++] = 0xd800 | (r >> 10);
      u[n++] = 0xdc00 | (r & 0x3ff);
      i += 4;
    }
  }
  C.p = i + 1;
  return unitsText(n);
}

/** skipString validates the string at C.p (at `"`) and moves past it. */
export function skipString(): void {
  const t = C.t;
  let i = C.p + 1;
  for (;;) {
    const c = t.charCodeAt(i);
    if (c === 0x22) {
      C.p = i + 1;
      return;
    }
    if (c === 0x5c) {
      const e = t.charCodeAt(i + 1);
      if (e === 0x75) {
        if (hex4(t, i + 2) < 0) bail();
        i += 6;
        continue;
      }
      if (!(e < 0x80 && (ESCAPE[e] as number) >= 0)) bail();
      i += 2;
      continue;
    }
    if (!(c >= 0x20)) bail();
    i++;
  }
}

/** numberEnd validates the number at C.p and returns the index just after it (C.p is not moved). */
export function numberEnd(): number {
  const t = C.t;
  let i = C.p;
  let c = t.charCodeAt(i);
  if (c === 0x2d) c = t.charCodeAt(++i);
  if (c === 0x30) c = t.charCodeAt(++i);
  else if (c >= 0x31 && c <= 0x39) {
    do c = t.charCodeAt(++i);
    while (c >= 0x30 && c <= 0x39);
  } else bail();
  if (c === 0x2e) {
    c = t.charCodeAt(++i);
    if (!(c >= 0x30 && c <= 0x39)) bail();
    do c = t.charCodeAt(++i);
    while (c >= 0x30 && c <= 0x39);
  }
  if (c === 0x65 || c === 0x45) {
    c = t.charCodeAt(++i);
    if (c === 0x2b || c === 0x2d) c = t.charCodeAt(++i);
    if (!(c >= 0x30 && c <= 0x39)) bail();
    do c = t.charCodeAt(++i);
    while (c >= 0x30 && c <= 0x39);
  }
  return i;
}

/** Exact powers of ten (10^0 … 10^22 are exact doubles). */
const POW10: readonly number[] = Array.from({ length: 23 }, (_, i) => 10 ** i);

/**
 * readFloat reads the number at C.p as a float64 (bails when it overflows, where
 * Go reports a type error). Numbers with at most 15 digits, a fraction of at most
 * 22 digits and no exponent are computed as integer / 10^k (both exact: the
 * quotient is correctly rounded, Clinger's fast path); the rest go through the
 * native conversion.
 */
export function readFloat(): number {
  const t = C.t;
  const start = C.p;
  let i = start;
  let c = t.charCodeAt(i);
  let neg = false;
  if (c === 0x2d) {
    neg = true;
    c = t.charCodeAt(++i);
  }
  let m = 0;
  let nd = 0;
  if (c === 0x30) c = t.charCodeAt(++i);
  else if (c >= 0x31 && c <= 0x39) {
    do {
      m = m * 10 + (c - 0x30);
      nd++;
      c = t.charCodeAt(++i);
    } while (c >= 0x30 && c <= 0x39);
  } else bail();
  let frac = 0;
  if (c === 0x2e) {
    c = t.charCodeAt(++i);
    if (!(c >= 0x30 && c <= 0x39)) bail();
    do {
      m = m * 10 + (c - 0x30);
      nd++;
      frac++;
      c = t.charCodeAt(++i);
    } while (c >= 0x30 && c <= 0x39);
  }
  if (c === 0x65 || c === 0x45) {
    c = t.charCodeAt(++i);
    if (c === 0x2b || c === 0x2d) c = t.charCodeAt(++i);
    if (!(c >= 0x30 && c <= 0x39)) bail();
    do c = t.charCodeAt(++i);
    while (c >= 0x30 && c <= 0x39);
  } else if (nd <= 15 && frac <= 22) {
    C.p = i;
    const v = frac === 0 ? m : m / (POW10[frac] as number);
    return neg ? -v : v;
  }
  C.p = i;
  const v = +t.slice(start, i);
  if (v - v !== 0) bail();
  return v;
}

/** Consumes the literal `true`, `false` or `null` whose first char is c (bails otherwise). */
export function literal(c: number): void {
  const t = C.t;
  const p = C.p;
  if (c === 0x74) {
    if (t.charCodeAt(p + 1) !== 0x72 || t.charCodeAt(p + 2) !== 0x75 || t.charCodeAt(p + 3) !== 0x65) bail();
    C.p = p + 4;
  } else if (c === 0x66) {
    if (
      t.charCodeAt(p + 1) !== 0x61 ||
      t.charCodeAt(p + 2) !== 0x6c ||
      t.charCodeAt(p + 3) !== 0x73 ||
      t.charCodeAt(p + 4) !== 0x65
    )
      bail();
    C.p = p + 5;
  } else if (c === 0x6e) {
    if (t.charCodeAt(p + 1) !== 0x75 || t.charCodeAt(p + 2) !== 0x6c || t.charCodeAt(p + 3) !== 0x6c) bail();
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

/** skipValue validates the value that starts with char code c at C.p and moves past it. */
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
    for (;;) {
      if (k !== 0x22) bail();
      skipString();
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
