/**
 * The structure at the cursor (RFC 8259): whitespace, the name separator,
 * literals, the number grammar, arrays read element by element, and values
 * validated and skipped. Each function consumes exactly what Go accepts or
 * throws BAIL (see cursor.ts).
 *
 * Not semver-stable: part of `@gojson/jsontext/internal`.
 */
import { GENERATE_AFTER } from "./codegen-tier.js";
import { bail, C, enter, leave } from "./cursor.js";
import { readString, skipString } from "./scan-string.js";

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

/** literal consumes the literal `true`, `false` or `null` whose first byte is c (bails otherwise). */
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

/** readNull consumes `null` at C.p, whose first byte is c (bails on anything else). */
export function readNull(c: number): void {
  if (c !== 0x6e) bail();
  literal(c);
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
 * skipValue validates the value that starts with byte c at C.p and moves past it. Without
 * `C.allowDuplicateNames` a repeated name in one of its objects bails (Go's v2 rejects them
 * in skipped values too); with `C.bailOnProtoNames` a `__proto__` or `constructor` name bails.
 */
export function skipValue(c: number): void {
  if (c === 0x22) {
    skipString();
    return;
  }
  if (c === 0x7b) {
    skipObject();
    return;
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

/** skipObject validates the object at C.p (at `{`) and moves past it. */
function skipObject(): void {
  enter();
  C.p++;
  let k = ws();
  if (k === 0x7d) {
    C.p++;
    leave();
    return;
  }
  const names = C.allowDuplicateNames ? null : new Set<string>();
  const proto = C.bailOnProtoNames;
  for (;;) {
    if (k !== 0x22) bail();
    if (names === null && !proto) skipString();
    else {
      const name = readString();
      if (proto && (name === "__proto__" || name === "constructor")) bail();
      if (names !== null) {
        if (names.has(name)) bail();
        names.add(name);
      }
    }
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

/**
 * readList reads the array at C.p (at `[`) with elem for each element (called with the
 * element's first byte). Arrays of up to three elements are made at their size (pushing
 * would reserve room for sixteen more: a decoded document keeps them all).
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
  const d = elem(ws());
  k = ws();
  C.p++;
  if (k === 0x5d) {
    leave();
    return [a, b, d];
  }
  if (k !== 0x2c) bail();
  const out = [a, b, d];
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

/** Lists generated by {@link listReader} (each source names its number: V8 caches compiled sources). */
let lists = 0;

/**
 * listReader returns {@link readList} over `elem` as a function of the caller's own (a codec's
 * decoder of one Go slice type): its first GENERATE_AFTER calls run readList, later ones code
 * generated for this caller, whose array literals are allocation sites of their own and whose
 * `elem` call has one target. V8 decides per allocation site whether the objects made there
 * start in the old generation (pretenuring): at readList's sites, shared by every slice type of
 * both codecs, the long-lived arrays of one large document made the arrays of every type start
 * old, and each old array kept its young elements alive through scavenges (copied, then
 * promoted) until the next full GC: a small `[]T` decoded up to twice as slowly in a process
 * that had decoded a large document. Where code generation is refused, readList it is.
 */
export function listReader(elem: (c: number) => unknown): () => unknown[] {
  let calls = 0;
  let gen: (() => unknown[]) | null = null;
  return () => {
    if (gen !== null) return gen();
    if (++calls > GENERATE_AFTER) {
      gen = generateList(elem);
      return gen();
    }
    return readList(elem);
  };
}

/** generateList compiles readList's body with `elem` a constant of its own closure (readList where generation is refused). */
function generateList(elem: (c: number) => unknown): () => unknown[] {
  const body = `"use strict"; // list ${++lists}
const { C, ws, enter, leave, bail } = K;
const elem = E;
return function readList() {
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
  const d = elem(ws());
  k = ws();
  C.p++;
  if (k === 0x5d) {
    leave();
    return [a, b, d];
  }
  if (k !== 0x2c) bail();
  const out = [a, b, d];
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
};`;
  try {
    return new Function("K", "E", body)({ C, ws, enter, leave, bail }, elem) as () => unknown[];
  } catch {
    return () => readList(elem);
  }
}
