/**
 * The byte encoder of `any` values: null, booleans, finite numbers, strings, bigints, arrays and
 * plain objects (keys sorted under the deterministic option); anything else (a Map, a
 * Uint8Array, a class instance, an array with its own toJSON) bails to the shadow path.
 */
import type { FastWriter } from "@gojson/jsontext/internal";
import { compareUTF8 } from "./arshal-maps.js";
import { writeF64Lone, writeNull } from "./marshal-fast-scalars.js";
import { bail, FAST_MAX_DEPTH } from "./marshal-fast-shadow.js";
import type { StringWriter } from "./marshal-fast-strings.js";
import type { ByteEncoder } from "./marshal-fast-table.js";

/** The `any` writers per string writer, sorted (deterministic) or not. */
const anyWriters = new Map<StringWriter, [ByteEncoder, ByteEncoder]>();

/** An `any` value: null, booleans, finite numbers, strings, bigints, arrays and plain objects; else BAIL. */
export function anyWriter(det: boolean, ws: StringWriter): ByteEncoder {
  let pair = anyWriters.get(ws);
  if (pair === undefined) {
    pair = [(w, v) => anyValue(w, v, false, ws), (w, v) => anyValue(w, v, true, ws)];
    anyWriters.set(ws, pair);
  }
  return pair[det ? 1 : 0];
}

function anyValue(w: FastWriter, v: any, det: boolean, ws: StringWriter): void {
  switch (typeof v) {
    case "string":
      ws(w, v);
      return;
    case "number":
      writeF64Lone(w, v);
      return;
    case "boolean":
      w.ascii(v ? "true" : "false");
      return;
    case "bigint":
      w.ascii(String(v));
      return;
    case "undefined":
      writeNull(w);
      return;
    case "object":
      break;
    default:
      bail();
  }
  if (v === null) {
    writeNull(w);
    return;
  }
  if (++w.depth > FAST_MAX_DEPTH) bail();
  if (Array.isArray(v)) {
    if ((v as { toJSON?: unknown }).toJSON !== undefined) bail();
    const n = v.length;
    w.byte(0x5b);
    for (let i = 0; i < n; i++) {
      if (i > 0) w.byte(0x2c);
      anyValue(w, v[i], det, ws);
    }
    w.byte(0x5d);
  } else {
    // Map, Uint8Array, JsonNumber, GoTime, class instances: the shadow path.
    if (Object.getPrototypeOf(v) !== Object.prototype) bail();
    const keys = Object.keys(v);
    if (det && keys.length > 1) sortKeys(keys);
    w.byte(0x7b);
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i] as string;
      if (i > 0) w.byte(0x2c);
      ws(w, k);
      w.byte(0x3a);
      anyValue(w, v[k], det, ws);
    }
    w.byte(0x7d);
  }
  w.depth--;
}

/** Objects with at most this many keys are sorted by insertion (no native sort and its scratch array). */
const INSERTION_MAX = 16;

/** Sorts keys (a fresh Object.keys array) in place bytewise by UTF-8, as Go orders map keys. */
function sortKeys(keys: string[]): void {
  const n = keys.length;
  let i = 1;
  while (i < n && compareUTF8(keys[i - 1] as string, keys[i] as string) <= 0) i++;
  if (i === n) return;
  if (n > INSERTION_MAX) {
    keys.sort(compareUTF8);
    return;
  }
  for (; i < n; i++) {
    const k = keys[i] as string;
    let j = i - 1;
    while (j >= 0 && compareUTF8(keys[j] as string, k) > 0) {
      keys[j + 1] = keys[j] as string;
      j--;
    }
    keys[j + 1] = k;
  }
}
