/**
 * Fast-path pieces shared by every type: `any` (Go's interface{}) values and
 * integer text as Go's strconv reads it for quoted numbers and map keys.
 * Anything the exact engine would reject bails (see unmarshal-fast.ts).
 */
import {
  bail,
  C,
  colon,
  enter,
  leave,
  literal,
  matchAt,
  quotedBytes,
  readFloat,
  readList,
  readString,
  ws,
} from "./unmarshal-fast-scan.js";

/** JSON number grammar (RFC 8259), for numbers held in strings (the `string` option, float map keys). */
export const NUMBER_SYNTAX = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;

const INT_SYNTAX = /^-?(0|[1-9][0-9]*)$/;

const RANGE: Record<string, readonly [bigint, bigint]> = {
  int8: [-128n, 127n],
  int16: [-32768n, 32767n],
  int32: [-2147483648n, 2147483647n],
  int: [-(1n << 63n), (1n << 63n) - 1n],
  int64: [-(1n << 63n), (1n << 63n) - 1n],
  uint8: [0n, 255n],
  uint16: [0n, 65535n],
  uint32: [0n, 4294967295n],
  uint: [0n, (1n << 64n) - 1n],
  uint64: [0n, (1n << 64n) - 1n],
  uintptr: [0n, (1n << 64n) - 1n],
};

/**
 * fastParseGoInt reads an integer of Go kind `kind` from JSON integer text
 * (bigint for the 64-bit kinds when `big`); bails on bad syntax or overflow.
 */
export function fastParseGoInt(s: string, kind: string, big: boolean): number | bigint {
  if (s.length > 21 || !INT_SYNTAX.test(s) || (kind[0] === "u" && s[0] === "-")) bail();
  const [lo, hi] = RANGE[kind] as readonly [bigint, bigint];
  if (!big && s.length <= 15) {
    const n = Number(s);
    if (n < Number(lo) || n > Number(hi)) bail();
    return n === 0 ? 0 : n;
  }
  const b = BigInt(s);
  if (b < lo || b > hi) bail();
  return big ? b : Number(b);
}

/**
 * anyValue decodes the value whose first char code is c into `any`: plain
 * objects (a `__proto__` member an own property), arrays, float64 numbers,
 * strings, booleans and null. Duplicate names and overflowing numbers bail.
 */
export function anyValue(c: number): unknown {
  switch (c) {
    case 0x22:
      return readString();
    case 0x7b:
      return anyObject();
    case 0x5b:
      return readList(anyValue);
    case 0x74:
    case 0x66:
      literal(c);
      return c === 0x74;
    case 0x6e:
      literal(c);
      return null;
    default:
      return readFloat();
  }
}

/**
 * A node of the trie of member-name sequences seen in `any` objects: the path from
 * the root holds distinct names (checked when the node was made), so an object whose
 * names follow a path has no duplicate without a lookup per member; names that
 * follow the path are matched in place (no string made); and an object whose names
 * end at a node met before is made by one object literal compiled for the path
 * (V8 copies a boilerplate) instead of a property store per member.
 */
interface KeyNode {
  readonly key: string;
  /** The name quoted as it appears in the input (UTF-8), null when it needs escaping. */
  readonly quoted: Uint8Array | null;
  /** The successor met last (the next guess). */
  next: KeyNode | undefined;
  children: Map<string, KeyNode> | undefined;
  /** Objects that ended here. */
  closes: number;
  /** The compiled maker of objects with this path's names (undefined: not yet; null: none). */
  make: Maker | null | undefined;
}

/** Makes an object from the values vals[base], vals[base + 1], … in a path's name order. */
type Maker = (vals: unknown[], base: number) => Record<string, unknown>;

/** Bounds of the trie (it lives across calls): nodes, the length of the names it keeps, compiled makers. */
const MAX_NODES = 1 << 14;
const MAX_KEY = 64;
const MAX_MAKERS = 1 << 10;
/** Objects with more members than this are not made by a compiled literal. */
const MAX_MAKER_MEMBERS = 64;
let nodes = 0;
let makers = 0;
const ROOT: KeyNode = { key: "", quoted: null, next: undefined, children: undefined, closes: 0, make: null };

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
    next: undefined,
    children: undefined,
    closes: 0,
    make: undefined,
  };
  kids.set(name, made);
  nodes++;
  return made;
}

/** The members of the `any` objects being read, innermost last: names and values from index `top` down. */
const KEYS: string[] = [];
const VALS: unknown[] = [];
let top = 0;

/** resetAny empties the member stacks (between calls, and after a bail left them half full). */
export function resetAny(): void {
  top = 0;
  if (VALS.length > 0) {
    KEYS.length = 0;
    VALS.length = 0;
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
    return null;
  }
}

function anyObject(): Record<string, unknown> {
  enter();
  C.p++;
  let k = ws();
  if (k === 0x7d) {
    C.p++;
    leave();
    return {};
  }
  const base = top;
  // The trie node of the names so far, the members on the stacks; once off the trie
  // (it is full), the object is made and each further name looked up in it.
  let node: KeyNode | undefined = ROOT;
  let o: Record<string, unknown> | undefined;
  for (;;) {
    if (k !== 0x22) bail();
    let name: string;
    const guess: KeyNode | undefined = node?.next;
    if (guess !== undefined && guess.quoted !== null && matchAt(guess.quoted)) {
      name = guess.key;
      node = guess;
    } else {
      name = readString();
      if (node !== undefined) {
        let next: KeyNode | undefined = node.children?.get(name);
        if (next === undefined) {
          // A name not met after this path before: a duplicate of one on it?
          for (let j = base; j < top; j++) if (KEYS[j] === name) bail();
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
      } else if (Object.hasOwn(o as object, name)) bail();
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
      if (make === undefined && ++end.closes >= 2) make = end.make = compileMaker(base);
      o = make ? make(VALS, base) : build(base);
      top = base;
    }
    return o;
  }
}
