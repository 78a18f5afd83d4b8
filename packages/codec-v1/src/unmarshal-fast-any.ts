/**
 * `any` (Go's interface{}) on the fast unmarshal path: plain objects, arrays,
 * float64 numbers (JsonNumber under useNumber; an overflow gives up),
 * strings, booleans and null — the exact engine's values.
 *
 * Objects follow a trie of the member-name sequences met before (see
 * {@link KeyNode}): names matched in place, and objects of a shape met before
 * made by one compiled object literal. (Building objects and arrays by one
 * JSON.parse of their text after a validating scan was measured slower: the
 * scan costs about as much as the parse, and small values pay a native call.)
 */
import { JsonNumber } from "./deps.js";
import {
  bail,
  C,
  COMMA,
  colon,
  enter,
  F_,
  LBRACE,
  LBRACKET,
  leave,
  literal,
  N,
  numberEnd,
  Q,
  RBRACE,
  RBRACKET,
  readFloat,
  readString,
  T_,
  ws,
} from "./unmarshal-fast-scan.js";

/**
 * anyValue decodes the value whose first char code is `c` (at C.p) into `any`.
 * The destination's old value does not matter (Go replaces it).
 */
export function anyValue(c: number): unknown {
  switch (c) {
    case Q:
      return readString();
    case LBRACE:
      return buildObject();
    case LBRACKET:
      return buildArray();
    case T_:
    case F_:
      literal(c);
      return c === T_;
    case N:
      literal(c);
      return null;
    default:
      if (C.useNumber) {
        const end = numberEnd();
        const lit = C.t.slice(C.p, end);
        C.p = end;
        return new JsonNumber(lit);
      }
      return readFloat();
  }
}

/** Sets an own property (a `__proto__` member is an own property, as with JSON.parse). */
function setKey(o: Record<string, unknown>, key: string, v: unknown): void {
  if (key === "__proto__")
    Object.defineProperty(o, key, { value: v, writable: true, enumerable: true, configurable: true });
  else o[key] = v;
}

/**
 * A node of the trie of member-name sequences met in `any` objects (it lives
 * across calls, bounded): a name that follows the path met last is matched in
 * place (no string made), and an object whose names end at a node met before
 * is made by one object literal compiled for the path (V8 copies a
 * boilerplate) instead of a property store per member. A repeated name needs
 * no care: in a literal as with stores (and JSON.parse), it keeps its first
 * place and takes the last value.
 */
interface KeyNode {
  /** The name (one internalized copy). */
  readonly key: string;
  /** The name quoted, when it is printable ASCII needing no escape (matched in place), else "". */
  readonly quoted: string;
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

/**
 * Bounds of the trie: nodes, the length of the names it keeps, compiled makers,
 * and the length of a path (the members of a compiled literal).
 */
const MAX_NODES = 1 << 14;
const MAX_KEY = 64;
const MAX_MAKERS = 1 << 10;
const MAX_MAKER_MEMBERS = 64;
let nodes = 0;
let makers = 0;
const ROOT: KeyNode = { key: "", quoted: "", next: undefined, children: undefined, closes: 0, make: null };

/** Printable ASCII other than `"` and `\\`: a name matched in place as `"name"`. */
const PLAIN_NAME = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/** child returns the node after `node` for name (made when there is room; undefined otherwise). */
function child(node: KeyNode, name: string): KeyNode | undefined {
  let kids = node.children;
  const hit = kids?.get(name);
  if (hit !== undefined || nodes >= MAX_NODES || name.length > MAX_KEY) return hit;
  if (kids === undefined) kids = node.children = new Map();
  const made: KeyNode = {
    key: Object.keys({ [name]: 0 })[0] as string,
    quoted: PLAIN_NAME.test(name) ? `"${name}"` : "",
    next: undefined,
    children: undefined,
    closes: 0,
    make: undefined,
  };
  kids.set(name, made);
  nodes++;
  return made;
}

/** The members of the `any` objects being read, innermost last: names and values below `top`. */
const KEYS: string[] = [];
const VALS: unknown[] = [];
let top = 0;

/**
 * resetAny empties the member stacks (after each call: a bail leaves them half
 * full), dropping the values they hold but keeping their room.
 */
export function resetAny(): void {
  top = 0;
  for (let j = 0; j < VALS.length; j++) VALS[j] = undefined;
}

/** Whether the text holds `quoted` at C.p (whose first char, a quote, was checked). */
function quotedAt(quoted: string): boolean {
  const t = C.t;
  const p = C.p;
  for (let j = quoted.length - 1; j > 0; j--) if (t.charCodeAt(p + j) !== quoted.charCodeAt(j)) return false;
  return true;
}

/** The object of the members base..top of the stacks, by stores. */
function build(base: number): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  for (let j = base; j < top; j++) setKey(o, KEYS[j] as string, VALS[j]);
  return o;
}

/** Compiles the object literal for the names base..top of the stack (null when it cannot). */
function compileMaker(base: number): Maker | null {
  const n = top - base;
  if (n > MAX_MAKER_MEMBERS || makers >= MAX_MAKERS) return null;
  const props: string[] = [];
  for (let j = 0; j < n; j++) {
    const name = KEYS[base + j] as string;
    // A computed key makes `__proto__` an own property (a literal key would set the prototype).
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

/**
 * The object at C.p (at `{`). Names follow the trie while it has room; off
 * it (a full trie, a long name or path) the object is made of the members so
 * far and the rest are stored one by one.
 */
function buildObject(): Record<string, unknown> {
  enter();
  C.p++;
  let k = ws();
  if (k === RBRACE) {
    C.p++;
    leave();
    return {};
  }
  const base = top;
  let node: KeyNode | undefined = ROOT;
  let o: Record<string, unknown> | undefined;
  for (;;) {
    if (k !== Q) bail();
    let name: string;
    const guess: KeyNode | undefined = node?.next;
    if (guess !== undefined && guess.quoted !== "" && quotedAt(guess.quoted)) {
      C.p += guess.quoted.length;
      name = guess.key;
      node = guess;
    } else {
      name = readString();
      if (node !== undefined) {
        // (paths longer than a compiled literal takes are not kept)
        const next: KeyNode | undefined = top - base < MAX_MAKER_MEMBERS ? child(node, name) : undefined;
        if (next !== undefined) {
          node.next = next;
          name = next.key;
          node = next;
        } else {
          node = undefined;
          o = build(base);
          top = base;
        }
      }
    }
    const v = anyValue(colon());
    if (o === undefined) {
      KEYS[top] = name;
      VALS[top] = v;
      top++;
    } else setKey(o, name, v);
    k = ws();
    C.p++;
    if (k === COMMA) {
      k = ws();
      continue;
    }
    if (k !== RBRACE) bail();
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

/** The array at C.p (at `[`), element by element. */
function buildArray(): unknown[] {
  enter();
  C.p++;
  let k = ws();
  if (k === RBRACKET) {
    C.p++;
    leave();
    return [];
  }
  const out: unknown[] = [];
  for (;;) {
    out.push(anyValue(k));
    k = ws();
    C.p++;
    if (k === COMMA) {
      k = ws();
      continue;
    }
    if (k !== RBRACKET) bail();
    leave();
    return out;
  }
}
