/**
 * The fast marshal path of `any` (Go's interface{}) values: the shadow of a
 * dynamic value is the value itself wherever JSON.stringify already writes
 * json/v2's bytes for it (plain objects and arrays of finite numbers, booleans,
 * null and well-formed strings), so a whole subtree is checked, not copied.
 * Only what differs is rebuilt: undefined, -0, bigint, []byte, time, Number,
 * Map, keys that need escaping or (under Deterministic) sorting.
 */

import { GoTime, JsonNumber } from "@gojson/gotype";
import { formatFloat } from "@gojson/jsontext";
import { compareUTF8 } from "./arshal-maps.js";
import { encodeBytes } from "./bytes-format.js";
import {
  bail,
  FAST_MAX_DEPTH,
  fs,
  isWellFormed,
  plainString,
  raw,
  type StringPolicy,
  setOwn,
  stringifyShadow,
  stringShadow,
} from "./marshal-fast-shadow.js";
import { isJsonNumber } from "./number-syntax.js";
import { quoteWith } from "./quote.js";

/** What the `any` encoder depends on: string policy, Deterministic, StringifyNumbers. */
export interface AnyContext {
  readonly sp: StringPolicy;
  readonly det: boolean;
  readonly str: boolean;
}

/** anyShadow returns the shadow of a dynamic value (the value itself when JSON.stringify writes it right). */
export function anyShadow(v: unknown, c: AnyContext): unknown {
  switch (typeof v) {
    case "object": {
      if (v === null) return null;
      if (++fs.depth > FAST_MAX_DEPTH) bail();
      // A thrown bail abandons the whole fast path, so the depth needs no restoring then.
      const s = Array.isArray(v)
        ? arrayShadow(v, c)
        : Object.getPrototypeOf(v) === Object.prototype
          ? plainObjectShadow(v as Record<string, unknown>, c)
          : objectShadow(v, c);
      fs.depth--;
      return s;
    }
    case "string":
      return c.sp.extra === undefined && isWellFormed(v) ? v : stringShadow(v, c.sp);
    case "number":
      if (v - v !== 0) bail();
      if (c.str) return formatFloat(v, 64);
      return v === 0 && 1 / v < 0 ? raw("-0") : v;
    case "boolean":
      return v;
    case "bigint": {
      if (c.str) return String(v);
      const n = Number(v);
      return Number.isSafeInteger(n) ? n : raw(String(v));
    }
    case "undefined":
      return null;
    default:
      return bail();
  }
}

function arrayShadow(v: unknown[], c: AnyContext): unknown {
  if ((v as { toJSON?: unknown }).toJSON !== undefined) bail();
  const n = v.length;
  let out: unknown[] | undefined;
  for (let i = 0; i < n; i++) {
    const x = v[i];
    const s = anyShadow(x, c);
    if (out !== undefined) out.push(s);
    else if (s !== x) {
      out = [];
      for (let j = 0; j < i; j++) out.push(v[j]);
      out.push(s);
    }
  }
  return out ?? v;
}

/** Objects that are not plain: []byte, time.Time, json.Number, Map, and class instances (their own entries). */
function objectShadow(v: object, c: AnyContext): unknown {
  if (v instanceof Uint8Array) return encodeBytes(v, "base64");
  if (GoTime.isInstance(v)) return stringShadow(v.format(), c.sp);
  if (JsonNumber.isInstance(v)) {
    // Quoted under StringifyNumbers, and an invalid text is an error: the exact engine's.
    const n = v.text === "" ? "0" : v.text;
    if (c.str || !isJsonNumber(n)) bail();
    return raw(n);
  }
  if (v instanceof Map) {
    // Keys other than strings (their texts may collide, or be no key at all): the exact engine.
    const entries: [string, unknown][] = [];
    for (const [k, x] of v) {
      if (typeof k !== "string") bail();
      entries.push([k, x]);
    }
    return entriesText(entries, c);
  }
  if ((v as { toJSON?: unknown }).toJSON !== undefined) return entriesText(Object.entries(v), c);
  return plainObjectShadow(v as Record<string, unknown>, c);
}

/**
 * A plain object: itself when its keys need no escaping (nor sorting) and every value is its
 * own shadow. (An own `toJSON` member is a value like any other here: a function is not
 * marshalable, so the fast path is left before JSON.stringify could call it.)
 */
function plainObjectShadow(o: Record<string, unknown>, c: AnyContext): unknown {
  const keys = Object.keys(o);
  const n = keys.length;
  const sp = c.sp;
  const det = c.det;
  let out: Record<string, unknown> | undefined;
  for (let i = 0; i < n; i++) {
    const k = keys[i] as string;
    if (
      !(sp.extra === undefined ? isWellFormed(k) : plainString(k, sp)) ||
      (det && i > 0 && compareUTF8(keys[i - 1] as string, k) > 0)
    )
      return entriesText(Object.entries(o), c);
    const x = o[k];
    const s = anyShadow(x, c);
    if (out !== undefined) setOwn(out, k, s);
    else if (s !== x) {
      out = {};
      for (let j = 0; j < i; j++) {
        const kj = keys[j] as string;
        setOwn(out, kj, o[kj]);
      }
      setOwn(out, k, s);
    }
  }
  return out ?? o;
}

/** The raw text of an object from its entries, as the exact `any` encoder writes it (sorted under Deterministic). */
function entriesText(entries: [string, unknown][], c: AnyContext): string {
  if (c.det) entries.sort((a, b) => compareUTF8(a[0], b[0]));
  let out = "{";
  for (let i = 0; i < entries.length; i++) {
    const [k, x] = entries[i] as [string, unknown];
    if (i > 0) out += ",";
    out += quoteWith(k, c.sp.pol);
    out += ":";
    out += stringifyShadow(anyShadow(x, c));
  }
  return raw(`${out}}`);
}
