/**
 * Marshal of `any` (Go's interfaceEncoder over the dynamic value): null,
 * boolean, number (float64), bigint, string, arrays, plain objects and Maps
 * with sorted keys, Uint8Array, JsonNumber and GoTime; shallow values
 * recursively, deep ones on an explicit stack; opaque interface types are
 * unsupported. The general encoder's, then the byte path's.
 */

import type { FastWriter } from "./deps.js";
import {
  assertResolved,
  FLOAT64_MAX_BYTES,
  GoTime,
  type GoType,
  INT53_MAX_BYTES,
  JsonNumber,
  safeBigintIn,
  typeString,
  writeFloat64List,
  writeInt53In,
  writeStringV1,
} from "./deps.js";
import { errorText, GoError, MarshalerError, UnsupportedTypeError, UnsupportedValueError } from "./errors.js";
import {
  base64Encode,
  compareUtf8,
  formatFloat64,
  isValidNumber,
  nonFiniteText,
  quoteString,
} from "./format.js";
import { quoteFor } from "./go-version.js";
import {
  BAIL,
  BYTES_MAX_DEPTH,
  type Encoder,
  type EncodeState,
  enterCycleCheck,
  START_DETECTING_CYCLES_AFTER,
} from "./marshal-common.js";
import { findAnyMismatch, keyMismatch, Mismatch, mismatch } from "./value-check.js";

/** Interfaces: `any` by the dynamic value; opaque types (func, chan, ...) are unsupported. */
export function interfaceEncoder(t: GoType & { kind: "interface" }): Encoder {
  if (t.opaque !== undefined) {
    // func, chan, complex, unsafe.Pointer: Go's UnsupportedTypeError, nil included.
    if (t.opaque.kind === "unresolved")
      return () => {
        assertResolved(t);
      };
    const unsupported = typeString(t);
    return () => {
      throw new UnsupportedTypeError(unsupported);
    };
  }
  return encodeAny;
}

interface AnyFrame {
  readonly items: readonly unknown[];
  readonly keys: readonly string[] | null;
  readonly container: unknown;
  readonly check: boolean;
  i: number;
}

/** Writes a scalar held in an `any`; returns false when `v` is a container. */
function anyScalar(e: EncodeState, v: any): boolean {
  switch (typeof v) {
    case "string":
      e.out += quoteString(v, e.html);
      return true;
    case "number":
      if (!Number.isFinite(v)) throw new UnsupportedValueError(nonFiniteText(v));
      e.out += formatFloat64(v);
      return true;
    case "boolean":
      e.out += v ? "true" : "false";
      return true;
    case "bigint":
      e.out += String(v);
      return true;
    case "object":
      break;
    case "function":
      throw new UnsupportedTypeError("func()");
    default:
      throw anyMismatch(v); // undefined, symbol
  }
  if (v === null) {
    e.out += "null";
    return true;
  }
  if (Array.isArray(v)) return false;
  if (v instanceof Uint8Array) {
    e.out += `"${base64Encode(v)}"`;
    return true;
  }
  if (JsonNumber.isInstance(v)) {
    anyNumber(e, v.text);
    return true;
  }
  if (GoTime.isInstance(v)) {
    let s: string;
    try {
      s = v.marshalJSON();
    } catch (err) {
      throw new MarshalerError("time.Time", errorText(err), "MarshalJSON", err);
    }
    e.out += s;
    return true;
  }
  if (v instanceof Map) return false;
  const proto = Object.getPrototypeOf(v);
  if (proto !== Object.prototype && proto !== null) throw anyMismatch(v); // a class instance: no Go value
  return false;
}

/** Mismatches met inside an `any` value, whose path encodeAny finds (findAnyMismatch). */
const ANY_PENDING = new WeakSet<Mismatch>();

/** A Mismatch for a value an `any` cannot hold; encodeAny fills in its path. */
function anyMismatch(v: unknown): Mismatch {
  const m = mismatch(ANY, v);
  ANY_PENDING.add(m);
  return m;
}

/** The type of the values an `any` holds. */
const ANY: GoType = { kind: "interface" };

function openAny(e: EncodeState, v: any): AnyFrame {
  const check = ++e.ptrLevel > START_DETECTING_CYCLES_AFTER;
  if (Array.isArray(v)) {
    if (check) enterCycleCheck(e, v, "[]interface {}");
    e.out += "[";
    return { items: v, keys: null, container: v, check, i: 0 };
  }
  if (check) enterCycleCheck(e, v, "map[string]interface {}");
  const entries: [string, unknown][] = [];
  if (v instanceof Map)
    for (const [k, x] of v) {
      if (typeof k !== "string") {
        const m = keyMismatch(ANY_KEY, k);
        ANY_PENDING.add(m);
        throw m;
      }
      entries.push([k, x]);
    }
  else for (const k of Object.keys(v)) entries.push([k, v[k]]);
  entries.sort((a, b) => compareUtf8(a[0], b[0]));
  e.out += "{";
  return { items: entries.map((x) => x[1]), keys: entries.map((x) => x[0]), container: v, check, i: 0 };
}

/**
 * Encodes a dynamic value held in an `any` (interface{}) by its TypeScript
 * form: string, number (float64), boolean, bigint (int64), null, arrays
 * ([]any), Uint8Array ([]byte), JsonNumber, GoTime, Map or plain object
 * (map[string]any, keys sorted). Recursive while shallow (ANY_FAST_DEPTH
 * levels, and far from Go's cycle-detection depth); past that iterative
 * (encodeAnyDeep), so deep values cannot exhaust the JavaScript stack.
 */
function encodeAny(e: EncodeState, v: any): void {
  try {
    if (e.ptrLevel + ANY_FAST_DEPTH >= START_DETECTING_CYCLES_AFTER) encodeAnyDeep(e, v);
    else anyFast(e, v, 0);
  } catch (x) {
    if (x instanceof Mismatch && ANY_PENDING.has(x)) {
      // The error path: find where in `v` the value sits (the encoder keeps no path while it writes).
      ANY_PENDING.delete(x);
      throw findAnyMismatch(v, ANY) ?? x;
    }
    throw x;
  }
}

/** The key type of a map held in an `any` (map[string]interface {}). */
const ANY_KEY: GoType = { kind: "string" };

/** Container nesting the recursive `any` encoder handles before it hands a value to the iterative one. */
const ANY_FAST_DEPTH = 64;

function anyFast(e: EncodeState, v: any, depth: number): void {
  switch (typeof v) {
    case "string":
      e.out += quoteString(v, e.html);
      return;
    case "number":
      if (v - v === 0 && v !== 0) e.out += String(v);
      else {
        if (!Number.isFinite(v)) throw new UnsupportedValueError(nonFiniteText(v));
        e.out += formatFloat64(v);
      }
      return;
    case "boolean":
      e.out += v ? "true" : "false";
      return;
    case "object":
      if (v === null) {
        e.out += "null";
        return;
      }
      break;
    default:
      anyScalar(e, v);
      return;
  }
  if (depth === ANY_FAST_DEPTH) {
    encodeAnyDeep(e, v);
    return;
  }
  if (Array.isArray(v)) {
    e.ptrLevel++;
    const n = v.length;
    if (n === 0) e.out += "[]";
    else {
      e.out += "[";
      anyFast(e, v[0], depth + 1);
      for (let i = 1; i < n; i++) {
        e.out += ",";
        anyFast(e, v[i], depth + 1);
      }
      e.out += "]";
    }
    e.ptrLevel--;
    return;
  }
  const proto = Object.getPrototypeOf(v);
  if ((proto !== Object.prototype && proto !== null) || v instanceof Map) {
    // Uint8Array, JsonNumber, GoTime; Maps and other objects through the general path.
    if (!anyScalar(e, v)) encodeAnyDeep(e, v);
    return;
  }
  e.ptrLevel++;
  const keys = sortedKeys(Object.keys(v));
  const html = e.html;
  const n = keys.length;
  if (n === 0) e.out += "{}";
  else {
    for (let i = 0; i < n; i++) {
      const k = keys[i] as string;
      e.out += `${i === 0 ? "{" : ","}${quoteString(k, html)}:`;
      anyFast(e, v[k], depth + 1);
    }
    e.out += "}";
  }
  e.ptrLevel--;
}

/** Key lists (object shapes) whose sorted order sortedKeys remembers, at most. */
const SHAPE_CACHE_SIZE = 256;

/** Objects with more keys than this are sorted each time (not remembered). */
const SHAPE_MAX_KEYS = 64;

const shapes = new Map<string, { readonly keys: readonly string[]; readonly sorted: string[] }[]>();

let shapeCount = 0;

/**
 * `keys` in Go's map order (bytewise by UTF-8); the caller must not change
 * the result. Objects of one shape (the same keys in the same order) are
 * common in `any` values, so the sorted order of recent shapes is kept.
 */
export function sortedKeys(keys: string[]): string[] {
  const n = keys.length;
  if (n < 2) return keys;
  if (n > SHAPE_MAX_KEYS) return sortKeys(keys); // large maps seldom repeat their keys
  const first = keys[0] as string;
  const bucket = shapes.get(first);
  if (bucket !== undefined) {
    for (const s of bucket) {
      if (s.keys.length !== n) continue;
      let i = 1;
      while (i < n && s.keys[i] === keys[i]) i++;
      if (i === n) return s.sorted;
    }
  }
  const sorted = sortKeys(keys.slice());
  if (shapeCount >= SHAPE_CACHE_SIZE) {
    shapes.clear();
    shapeCount = 0;
  }
  shapeCount++;
  if (bucket === undefined || shapes.get(first) === undefined) shapes.set(first, [{ keys, sorted }]);
  else bucket.push({ keys, sorted });
  return sorted;
}

/** Sorts `keys` in place bytewise by UTF-8 (a no-op when they are in order already). */
function sortKeys(keys: string[]): string[] {
  const n = keys.length;
  let i = 1;
  while (i < n && compareUtf8(keys[i - 1] as string, keys[i] as string) < 0) i++;
  if (i >= n) return keys;
  // UTF-16 order (the native sort) is UTF-8 order unless surrogates meet U+E000..U+FFFF: check, then fall back.
  keys.sort();
  for (i = 1; i < n; i++) if (compareUtf8(keys[i - 1] as string, keys[i] as string) > 0) break;
  if (i < n) keys.sort(compareUtf8);
  return keys;
}

/** The iterative `any` encoder (any depth; Go's cycle detection past START_DETECTING_CYCLES_AFTER). */
function encodeAnyDeep(e: EncodeState, v: any): void {
  if (anyScalar(e, v)) return;
  const stack: AnyFrame[] = [openAny(e, v)];
  while (stack.length > 0) {
    const f = stack[stack.length - 1] as AnyFrame;
    if (f.i === f.items.length) {
      e.out += f.keys === null ? "]" : "}";
      if (f.check) e.ptrSeen?.delete(f.container);
      e.ptrLevel--;
      stack.pop();
      continue;
    }
    if (f.i > 0) e.out += ",";
    if (f.keys !== null) {
      e.out += quoteString(f.keys[f.i] as string, e.html);
      e.out += ":";
    }
    const x = f.items[f.i++];
    if (!anyScalar(e, x)) stack.push(openAny(e, x));
  }
}

function anyNumber(e: EncodeState, text: string): void {
  const s = text === "" ? "0" : text;
  if (!isValidNumber(s))
    throw new GoError("number-literal", `json: invalid number literal ${quoteFor(e.goVersion, s)}`);
  e.out += s;
}

/** The elements of an array held in an `any` (a loop of its own: see {@link floatLevel}). */
function anyElems(w: FastWriter, v: readonly unknown[]): void {
  const n = v.length;
  // An array of numbers (coordinates, series) in one call to the list writer (String(x) of
  // each, as below); at the first element that is not a finite number it gives up, and the
  // loop writes the array again from the start.
  if (n > 1 && typeof v[0] === "number") {
    w.room(n * (FLOAT64_MAX_BYTES + 1));
    const p = writeFloat64List(w.buf, w.pos, v);
    if (p >= 0) {
      w.pos = p;
      return;
    }
  }
  for (let i = 0; i < n; i++) {
    if (i > 0) w.byte(0x2c);
    encodeAnyBytes(w, v[i]);
  }
}

/** The members `keys` of an object held in an `any` (a loop of its own: see {@link floatLevel}). */
function anyMembers(w: FastWriter, v: any, keys: readonly string[]): void {
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i] as string;
    if (i > 0) w.byte(0x2c);
    writeStringV1(w, k);
    w.byte(0x3a);
    encodeAnyBytes(w, v[k]);
  }
}

/** A value held in an `any`: strings, finite numbers, booleans, bigints, null, arrays and plain objects; else BAIL. */
export function encodeAnyBytes(w: FastWriter, v: any): void {
  switch (typeof v) {
    case "string":
      writeStringV1(w, v);
      return;
    case "number":
      if (v - v !== 0) throw BAIL;
      w.ascii(v === 0 ? (1 / v < 0 ? "-0" : "0") : String(v));
      return;
    case "boolean":
      w.ascii(v ? "true" : "false");
      return;
    case "bigint":
      if (safeBigintIn(v)) {
        w.room(INT53_MAX_BYTES);
        w.pos = writeInt53In(w.buf, w.pos);
      } else w.ascii(String(v));
      return;
    case "object":
      break;
    default:
      throw BAIL;
  }
  if (v === null) {
    w.ascii("null");
    return;
  }
  if (++w.depth > BYTES_MAX_DEPTH) throw BAIL;
  if (Array.isArray(v)) {
    w.byte(0x5b);
    anyElems(w, v);
    w.byte(0x5d);
  } else {
    const proto = Object.getPrototypeOf(v);
    if (proto !== Object.prototype && proto !== null) throw BAIL; // Map, Uint8Array, JsonNumber, GoTime, ...
    w.byte(0x7b);
    anyMembers(w, v, sortedKeys(Object.keys(v)));
    w.byte(0x7d);
  }
  w.depth--;
}
