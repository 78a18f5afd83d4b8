/**
 * What both codecs' fast decoders share around the scanners: the bytes they dispatch on, the
 * steps of an object's and an array's loop (the codec keeps only what it does per member or
 * element: v1 merges, v2 bails on repeats), and integer literals read in place.
 *
 * Not semver-stable: part of `@gojson/jsontext/internal`.
 */
import { bail, C, enter, leave } from "./cursor.js";
import { ws } from "./scan.js";

/** `"` */
export const Q = 0x22;
/** `{` */
export const LBRACE = 0x7b;
/** `}` */
export const RBRACE = 0x7d;
/** `[` */
export const LBRACKET = 0x5b;
/** `]` */
export const RBRACKET = 0x5d;
/** `,` */
export const COMMA = 0x2c;
/** `n` (null) */
export const N = 0x6e;
/** `t` (true) */
export const T_ = 0x74;
/** `f` (false) */
export const F_ = 0x66;

/** Returned by the loop steps when the object or array is closed. */
export const END = -1;

/**
 * beginObject enters the object at C.p (at `{`): returns `"` (C.p at the first member's name),
 * or END for `{}` (C.p past it, nesting left again).
 */
export function beginObject(): number {
  enter();
  C.p++;
  const k = ws();
  if (k === RBRACE) {
    C.p++;
    leave();
    return END;
  }
  if (k !== Q) bail();
  return k;
}

/** nextMember moves past the `,` after a member's value: true at the next name, false past the closing `}`. */
export function nextMember(): boolean {
  const k = ws();
  C.p++;
  if (k === COMMA) {
    if (ws() !== Q) bail();
    return true;
  }
  if (k !== RBRACE) bail();
  leave();
  return false;
}

/** beginArray enters the array at C.p (at `[`): the first element's first byte, or END for `[]`. */
export function beginArray(): number {
  enter();
  C.p++;
  const k = ws();
  if (k === RBRACKET) {
    C.p++;
    leave();
    return END;
  }
  return k;
}

/** nextElement moves past the `,` after an element: the next element's first byte, or END past the `]`. */
export function nextElement(): number {
  const k = ws();
  C.p++;
  if (k === COMMA) return ws();
  if (k !== RBRACKET) bail();
  leave();
  return END;
}

/** Start of the literal readIntLiteral read last. */
let litStart = 0;

/**
 * readIntLiteral reads the JSON number at C.p (c is its first byte) as an integer: its value
 * when it has at most 15 digits (exact as a double), else NaN (C.p is past it either way: the
 * caller may read it as a bigint with {@link readBigIntLiteral}). Bails on a fraction, an
 * exponent or a malformed number.
 */
export function readIntLiteral(c: number): number {
  const b = C.b;
  let i = C.p;
  litStart = i;
  let neg = false;
  if (c === 0x2d) {
    neg = true;
    c = b[++i] as number;
  }
  const d0 = i;
  let n = 0;
  if (c === 0x30) c = b[++i] as number;
  else if (c >= 0x31 && c <= 0x39) {
    do {
      n = n * 10 + (c - 0x30);
      c = b[++i] as number;
    } while (c >= 0x30 && c <= 0x39);
  } else bail();
  if (c === 0x2e || c === 0x65 || c === 0x45) bail();
  C.p = i;
  if (i - d0 > 15) return Number.NaN;
  return neg ? -n : n;
}

/**
 * readBigIntLiteral reads the JSON integer at C.p (c its first byte) as a bigint in [lo, hi],
 * the bounds of a 64-bit Go kind; bails outside (and on what readIntLiteral bails on). A literal
 * of at most 15 digits fits every 64-bit kind: only its sign is checked, against lo unless the
 * caller says the kind is `signed` (a bigint comparison per negative value costs a decoder of
 * negative int64s 1.4 % of its instructions).
 */
export function readBigIntLiteral(c: number, lo: bigint, hi: bigint, signed = false): bigint {
  const v = readIntLiteral(c);
  if (!Number.isNaN(v)) {
    if (v < 0 && !signed && lo >= 0n) bail();
    return BigInt(v);
  }
  // Past 21 bytes (a sign and 20 digits) no 64-bit integer fits: no BigInt parse.
  if (C.p - litStart > 21) bail();
  const r = BigInt(C.t.slice(litStart, C.p));
  if (r < lo || r > hi) bail();
  return r;
}
