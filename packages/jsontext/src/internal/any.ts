/**
 * `any` (Go's interface{}) values at the cursor: plain objects (a `__proto__`
 * member an own property, as with JSON.parse), arrays, float64 numbers (or
 * what `C.anyNumber` makes of the number's text: v1's UseNumber), strings,
 * booleans and null — what both codecs' exact engines produce. Duplicate
 * member names bail unless `C.allowDuplicateNames` (v1: the last value wins,
 * at the first name's place, as with JSON.parse). Overflowing numbers bail.
 *
 * Objects follow a trie of the member-name sequences met before (see
 * {@link KeyNode}). Building objects and arrays by one JSON.parse of their
 * text after a validating scan was measured slower: the scan costs about as
 * much as the parse, and small values pay a native call.
 *
 * Not semver-stable: part of `@gojson/jsontext/internal`.
 */
import { bail, C, enter, leave } from "./cursor.js";
import { matchAt, quotedBytes } from "./names.js";
import { colon, literal, numberEnd, ws } from "./scan.js";
import { readFloat } from "./scan-float.js";
import { readString } from "./scan-string.js";

/**
 * anyValue decodes the value whose first byte is c (at C.p) into `any`, and moves past it.
 */
export function anyValue(c: number): unknown {
  switch (c) {
    case 0x22:
      return readString();
    case 0x7b:
      return anyObject();
    case 0x5b:
      return anyArray();
    case 0x74:
    case 0x66:
      literal(c);
      return c === 0x74;
    case 0x6e:
      literal(c);
      return null;
    default: {
      const f = C.anyNumber;
      return f === null ? readFloat() : f === anySafeNumber ? safeFloat() : anyNumberText();
    }
  }
}

/**
 * anySafeNumber, as `C.anyNumber`, keeps a number as float64 unless it is an integer
 * literal beyond ±(2^53 − 1), which bails (strict-http's exact path makes it a bigint or a
 * 400). anyValue recognises it and reads the number from the bytes, with no text made.
 */
export function anySafeNumber(text: string): number {
  const v = +text;
  if (Number.isSafeInteger(v)) return v;
  if (!Number.isFinite(v)) bail();
  for (let i = 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x2e || c === 0x65 || c === 0x45) return v;
  }
  return bail();
}

/** safeFloat is anySafeNumber on the number at C.p (readFloat bails on overflow). */
function safeFloat(): number {
  const start = C.p;
  const v = readFloat();
  if (Number.isSafeInteger(v)) return v;
  const b = C.b;
  for (let i = start + 1; i < C.p; i++) {
    const c = b[i] as number;
    if (c === 0x2e || c === 0x65 || c === 0x45) return v;
  }
  return bail();
}

/** anyNumberText reads the number at C.p and hands its text to C.anyNumber. */
function anyNumberText(): unknown {
  const end = numberEnd();
  const text = C.t.slice(C.p, end);
  C.p = end;
  return (C.anyNumber as (text: string) => unknown)(text);
}

/**
 * A node of a trie of member-name sequences seen in `any` objects (it lives across
 * calls, bounded): names that follow the path met last are matched in place (no string
 * made), and an object whose names end at a node met before is made by one object literal
 * compiled for the path (V8 copies a boilerplate) instead of a property store per member.
 * In the trie of the strict mode (duplicates bail) the path from the root holds distinct
 * names (checked when the node was made), so an object whose names follow a path needs
 * no duplicate lookup; the lenient mode keeps a trie of its own, whose paths may repeat a
 * name (a literal, like the stores, keeps the first place and takes the last value).
 */
interface KeyNode {
  /** The name (one internalized copy). */
  readonly key: string;
  /** The name quoted as it appears in the input (UTF-8), null when it needs escaping. */
  readonly quoted: Uint8Array | null;
  /** Whether the name is `__proto__` or `constructor` (see C.bailOnProtoNames). */
  readonly special: boolean;
  /** The successor met last (the next guess). */
  next: KeyNode | undefined;
  children: Map<string, KeyNode> | undefined;
  /** The first MAX_SCAN children with a plain quoted form: matched in place when the guess misses. */
  scan: KeyNode[] | undefined;
  /** Objects that ended here. */
  closes: number;
  /** The compiled maker of objects with this path's names (undefined: not yet; null: none). */
  make: Maker | null | undefined;
}

/** Makes an object from the values vals[base], vals[base + 1], … in a path's name order. */
type Maker = (vals: unknown[], base: number) => Record<string, unknown>;

/** Bounds of the tries (they live across calls): nodes, the length of the names kept, compiled makers. */
const MAX_NODES = 1 << 14;
const MAX_KEY = 64;
const MAX_MAKERS = 1 << 10;
/** Objects with more members than this are not made by a compiled literal. */
const MAX_MAKER_MEMBERS = 64;
/**
 * Children tried in place when a path's guess misses: objects of several types share the trie
 * (an order and its customer both begin with "id"), so the successor met last is often another
 * type's, and reading the name would make a string a member.
 */
const MAX_SCAN = 8;
/** Objects that must end at a node before a literal is compiled for it. */
const COMPILE_AFTER = 2;
let nodes = 0;
let makers = 0;

function root(): KeyNode {
  return {
    key: "",
    quoted: null,
    special: false,
    next: undefined,
    children: undefined,
    scan: undefined,
    closes: 0,
    make: null,
  };
}
/** The roots of the strict (duplicates bail) and lenient (duplicates kept) tries. */
const STRICT_ROOT = root();
const LENIENT_ROOT = root();

/** child returns the node after `node` for name (made when there is room; undefined otherwise). */
function child(node: KeyNode, name: string): KeyNode | undefined {
  let kids = node.children;
  const hit = kids?.get(name);
  if (hit !== undefined || nodes >= MAX_NODES || name.length > MAX_KEY) return hit;
  kids ??= node.children = new Map();
  // The name as a property key (V8 keeps one internalized copy), and its plain quoted form.
  const key = Object.keys({ [name]: 0 })[0] as string;
  const made: KeyNode = {
    key,
    quoted: quotedBytes(name),
    special: isProtoName(name),
    next: undefined,
    children: undefined,
    scan: undefined,
    closes: 0,
    make: undefined,
  };
  kids.set(name, made);
  if (made.quoted !== null) {
    const scan = (node.scan ??= []);
    if (scan.length < MAX_SCAN) scan.push(made);
  }
  nodes++;
  return made;
}

/** scanChildren returns the child (other than the guess tried) whose quoted name is at C.p, moving past it. */
function scanChildren(scan: KeyNode[], tried: KeyNode | undefined): KeyNode | undefined {
  for (let i = 0; i < scan.length; i++) {
    const kid = scan[i] as KeyNode;
    if (kid !== tried && matchAt(kid.quoted as Uint8Array)) return kid;
  }
  return undefined;
}

/** isProtoName reports whether name is one C.bailOnProtoNames refuses. */
function isProtoName(name: string): boolean {
  return name === "__proto__" || name === "constructor";
}

/** The members of the `any` objects being read, innermost last: names and values from index `top` down. */
const KEYS: string[] = [];
const VALS: unknown[] = [];
let top = 0;

/** resetAny empties the member stacks (call it after each decode: a bail leaves them half full). */
export function resetAny(): void {
  top = 0;
  if (VALS.length > 0) {
    KEYS.length = 0;
    VALS.length = 0;
  }
}

/**
 * anyArray reads the array at C.p (at `[`). Its elements wait on the member stack and the
 * array is made at its size at the end (JSON.parse's arrays are; pushing reserves room for
 * sixteen more, garbage a large body makes thousands of times).
 */
function anyArray(): unknown[] {
  enter();
  C.p++;
  let k = ws();
  if (k === 0x5d) {
    C.p++;
    leave();
    return [];
  }
  // The first three elements in locals: short arrays by literal (their elements kind follows
  // the values: doubles stay unboxed), with no trip through the stack.
  const a = anyValue(k);
  k = ws();
  C.p++;
  if (k === 0x5d) {
    leave();
    return [a];
  }
  if (k !== 0x2c) bail();
  const b = anyValue(ws());
  k = ws();
  C.p++;
  if (k === 0x5d) {
    leave();
    return [a, b];
  }
  if (k !== 0x2c) bail();
  const c = anyValue(ws());
  k = ws();
  C.p++;
  if (k === 0x5d) {
    leave();
    return [a, b, c];
  }
  if (k !== 0x2c) bail();
  const base = top;
  VALS[top++] = a;
  VALS[top++] = b;
  VALS[top++] = c;
  k = ws();
  for (;;) {
    // Nested values use the stack above top and leave it where it was.
    const v = anyValue(k);
    VALS[top++] = v;
    k = ws();
    C.p++;
    if (k === 0x2c) {
      k = ws();
      continue;
    }
    if (k !== 0x5d) bail();
    leave();
    const out = VALS.slice(base, top);
    top = base;
    return out;
  }
}

/** setMember sets o[name] = v as an own data property (`__proto__` too). */
function setMember(o: Record<string, unknown>, name: string, v: unknown): void {
  if (name === "__proto__")
    Object.defineProperty(o, name, { value: v, writable: true, enumerable: true, configurable: true });
  else o[name] = v;
}

/** build makes the object of the members at base..top of the stacks by stores. */
function build(base: number): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  for (let j = base; j < top; j++) setMember(o, KEYS[j] as string, VALS[j]);
  return o;
}

/** compileMaker compiles the object literal for the names at base..top of the stack (null when it cannot). */
function compileMaker(base: number): Maker | null {
  const n = top - base;
  if (n > MAX_MAKER_MEMBERS || makers >= MAX_MAKERS) return null;
  const props: string[] = [];
  for (let j = 0; j < n; j++) {
    const name = KEYS[base + j] as string;
    // A computed key makes `__proto__` an own property; the others are plain literal keys.
    const key = name === "__proto__" ? '["__proto__"]' : JSON.stringify(name);
    props.push(`${key}: v[b + ${j}]`);
  }
  try {
    const make = new Function("v", "b", `"use strict"; return { ${props.join(", ")} };`) as Maker;
    makers++;
    return make;
  } catch {
    // Code generation refused (a Content-Security-Policy): stores.
    return null;
  }
}

/**
 * anyObject reads the object at C.p (at `{`). Names follow the trie while it has room; off
 * it (a full trie, a long name) the object is made of the members so far and the rest are
 * stored one by one.
 */
function anyObject(): Record<string, unknown> {
  enter();
  C.p++;
  let k = ws();
  if (k === 0x7d) {
    C.p++;
    leave();
    return {};
  }
  const lenient = C.allowDuplicateNames;
  const base = top;
  let node: KeyNode | undefined = lenient ? LENIENT_ROOT : STRICT_ROOT;
  let o: Record<string, unknown> | undefined;
  for (;;) {
    if (k !== 0x22) bail();
    let name: string;
    const guess: KeyNode | undefined = node?.next;
    let hit: KeyNode | undefined;
    if (guess !== undefined && guess.quoted !== null && matchAt(guess.quoted)) hit = guess;
    else if (node?.scan !== undefined) {
      hit = scanChildren(node.scan, guess);
      if (hit !== undefined) node.next = hit;
    }
    if (hit !== undefined) {
      if (hit.special && C.bailOnProtoNames) bail();
      name = hit.key;
      node = hit;
    } else {
      name = readString();
      if (C.bailOnProtoNames && isProtoName(name)) bail();
      if (node !== undefined) {
        let next: KeyNode | undefined = node.children?.get(name);
        if (next === undefined) {
          // A name not met after this path before: a duplicate of one on it?
          if (!lenient) for (let j = base; j < top; j++) if (KEYS[j] === name) bail();
          next = child(node, name);
        }
        if (next !== undefined) {
          node.next = next;
          name = next.key;
          node = next;
        } else {
          node = undefined;
          o = build(base);
          top = base;
        }
      } else if (!lenient && Object.hasOwn(o as object, name)) bail();
    }
    const v = anyValue(colon());
    if (o === undefined) {
      KEYS[top] = name;
      VALS[top] = v;
      top++;
    } else setMember(o, name, v);
    k = ws();
    C.p++;
    if (k === 0x2c) {
      k = ws();
      continue;
    }
    if (k !== 0x7d) bail();
    leave();
    if (o === undefined) {
      const end = node as KeyNode;
      let make = end.make;
      if (make === undefined && ++end.closes >= COMPILE_AFTER) make = end.make = compileMaker(base);
      o = make ? make(VALS, base) : build(base);
      top = base;
    }
    return o;
  }
}
