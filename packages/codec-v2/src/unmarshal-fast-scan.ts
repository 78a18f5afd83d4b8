/**
 * The text cursor of the fast unmarshal path: RFC 8259 scanning over a JS
 * string (the input decoded once by a fatal TextDecoder), by charCodeAt.
 *
 * Every function here either consumes exactly what Go's v2 decoder accepts
 * (strict grammar, no lone surrogate escapes, duplicate names rejected in
 * skipped objects too) or throws {@link BAIL}; it never builds an error. The
 * caller then reruns the exact engine, which reports Go's error.
 */

/** Thrown by the fast path on anything it does not decode exactly (a private sentinel, no stack). */
export const BAIL: unique symbol = Symbol("gojson.v2.fastUnmarshalBail");

/** FAST_MAX_DEPTH is the nesting depth past which the fast path gives up (below the exact engine's DEEP_AFTER). */
export const FAST_MAX_DEPTH = 128;

/** The cursor of one fast unmarshal: the text, the position and the nesting depth. */
export interface Cursor {
  t: string;
  p: number;
  depth: number;
}

/** The one cursor (the fast path calls no user code, so it is never re-entered). */
export const C: Cursor = { t: "", p: 0, depth: 0 };

/** bail abandons the fast path. */
export function bail(): never {
  throw BAIL;
}

/** ws skips JSON whitespace (space, tab, LF, CR) and returns the next char code (NaN at the end). */
export function ws(): number {
  const t = C.t;
  let p = C.p;
  let c = t.charCodeAt(p);
  while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) c = t.charCodeAt(++p);
  C.p = p;
  return c;
}

/** colon reads whitespace, `:` and whitespace, and returns the char code that starts the value. */
export function colon(): number {
  const t = C.t;
  let p = C.p;
  let c = t.charCodeAt(p);
  if (c !== 0x3a) {
    while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) c = t.charCodeAt(++p);
    if (c !== 0x3a) bail();
  }
  c = t.charCodeAt(++p);
  while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) c = t.charCodeAt(++p);
  C.p = p;
  return c;
}

function hex4(t: string, i: number): number {
  let r = 0;
  for (let k = 0; k < 4; k++) {
    const c = t.charCodeAt(i + k);
    let v: number;
    if (c >= 0x30 && c <= 0x39) v = c - 0x30;
    else if (c >= 0x61 && c <= 0x66) v = c - 0x57;
    else if (c >= 0x41 && c <= 0x46) v = c - 0x37;
    else return -1;
    r = (r << 4) | v;
  }
  return r;
}

/** readString reads the string at C.p (which is at `"`) and returns it unescaped. */
export function readString(): string {
  const t = C.t;
  const start = C.p + 1;
  let i = start;
  for (;;) {
    const c = t.charCodeAt(i);
    if (c === 0x22) {
      C.p = i + 1;
      return t.slice(start, i);
    }
    if (c === 0x5c || !(c >= 0x20)) break;
    i++;
  }
  return readStringSlow(start, i);
}

function readStringSlow(start: number, at: number): string {
  const t = C.t;
  let out = t.slice(start, at);
  let i = at;
  for (;;) {
    const c = t.charCodeAt(i);
    if (c === 0x22) {
      C.p = i + 1;
      return out;
    }
    if (c !== 0x5c) {
      if (!(c >= 0x20)) bail();
      let j = i + 1;
      for (;;) {
        const d = t.charCodeAt(j);
        if (d === 0x22 || d === 0x5c || !(d >= 0x20)) break;
        j++;
      }
      out += t.slice(i, j);
      i = j;
      continue;
    }
    const e = t.charCodeAt(i + 1);
    switch (e) {
      case 0x22:
        out += '"';
        break;
      case 0x5c:
        out += "\\";
        break;
      case 0x2f:
        out += "/";
        break;
      case 0x62:
        out += "\b";
        break;
      case 0x66:
        out += "\f";
        break;
      case 0x6e:
        out += "\n";
        break;
      case 0x72:
        out += "\r";
        break;
      case 0x74:
        out += "\t";
        break;
      case 0x75: {
        const r = hex4(t, i + 2);
        if (r < 0) bail();
        i += 6;
        if (r >= 0xd800 && r < 0xe000) {
          // Only a high surrogate escape followed by a low one is valid UTF-16 (v2 rejects the rest).
          if (r >= 0xdc00 || t.charCodeAt(i) !== 0x5c || t.charCodeAt(i + 1) !== 0x75) bail();
          const r2 = hex4(t, i + 2);
          if (r2 < 0xdc00 || r2 >= 0xe000) bail();
          out += String.fromCharCode(r, r2);
          i += 6;
        } else out += String.fromCharCode(r);
        continue;
      }
      default:
        bail();
    }
    i += 2;
  }
}

/**
 * escapedEnd validates the rest of a string from index `at` (escapes as v2 accepts them:
 * surrogates only in valid pairs) and returns the index of its closing quote.
 */
function escapedEnd(at: number): number {
  const t = C.t;
  let i = at;
  for (;;) {
    const c = t.charCodeAt(i);
    if (c === 0x22) return i;
    if (c !== 0x5c) {
      if (!(c >= 0x20)) bail();
      i++;
      continue;
    }
    const e = t.charCodeAt(i + 1);
    if (e === 0x75) {
      const r = hex4(t, i + 2);
      if (r < 0) bail();
      i += 6;
      if (r >= 0xd800 && r < 0xe000) {
        // Only a high surrogate escape followed by a low one is valid UTF-16 (v2 rejects the rest).
        if (r >= 0xdc00 || t.charCodeAt(i) !== 0x5c || t.charCodeAt(i + 1) !== 0x75) bail();
        const r2 = hex4(t, i + 2);
        if (r2 < 0xdc00 || r2 >= 0xe000) bail();
        i += 6;
      }
      continue;
    }
    if (
      e === 0x22 ||
      e === 0x5c ||
      e === 0x2f ||
      e === 0x62 ||
      e === 0x66 ||
      e === 0x6e ||
      e === 0x72 ||
      e === 0x74
    ) {
      i += 2;
      continue;
    }
    bail();
  }
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
      C.p = escapedEnd(i) + 1;
      return;
    }
    if (!(c >= 0x20)) bail();
    i++;
  }
}

/**
 * numberEnd validates the number at C.p and returns the index just after it
 * (C.p is not moved). Sets {@link numInt} to whether it has no fraction or exponent.
 */
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
  let int = true;
  if (c === 0x2e) {
    int = false;
    c = t.charCodeAt(++i);
    if (!(c >= 0x30 && c <= 0x39)) bail();
    do c = t.charCodeAt(++i);
    while (c >= 0x30 && c <= 0x39);
  }
  if (c === 0x65 || c === 0x45) {
    int = false;
    c = t.charCodeAt(++i);
    if (c === 0x2b || c === 0x2d) c = t.charCodeAt(++i);
    if (!(c >= 0x30 && c <= 0x39)) bail();
    do c = t.charCodeAt(++i);
    while (c >= 0x30 && c <= 0x39);
  }
  numInt = int;
  return i;
}

/** Whether the last number scanned by numberEnd was an integer literal (no `.`, no exponent). */
export let numInt = false;

/** readFloat reads the number at C.p as a float64 (bails when it overflows). */
export function readFloat(): number {
  const start = C.p;
  const end = numberEnd();
  C.p = end;
  const v = +C.t.slice(start, end);
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
