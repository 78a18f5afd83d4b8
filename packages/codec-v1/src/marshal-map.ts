/**
 * Marshal of maps (Go's mapEncoder): keys as strings (string kinds, integer
 * kinds, MarshalText keys; -0 as NEGATIVE_ZERO_KEY) sorted by their UTF-8
 * bytes, unsupported key types reported; the general encoder's, then the
 * byte path's.
 */

import type { FastWriter } from "./deps.js";
import { type GoType, isIntegerKind, typeString, writeStringV1 } from "./deps.js";
import { errorText, GoError, UnsupportedTypeError } from "./errors.js";
import { compareUtf8, quoteString } from "./format.js";
import { quoteFor } from "./go-version.js";
import {
  BAIL,
  BYTES_MAX_DEPTH,
  type ByteEncoder,
  byteEncoderFor,
  DEEP_ENCODE_DEPTH,
  deferDeep,
  type Encoder,
  type EncodeState,
  encoderFor,
  enterCycleCheck,
  hasMarshalMethods,
  isRecursive,
  START_DETECTING_CYCLES_AFTER,
} from "./marshal-common.js";
import { lossy, methodOf } from "./marshal-methods.js";
import { NIL_DEREFERENCE, NIL_PANIC, NIL_RECEIVER, walkHops } from "./methods.js";
import { NEGATIVE_ZERO_KEY } from "./negative-zero-key.js";
import { intCheck, keyMismatch, keySegment, mismatch, withSegment } from "./value-check.js";

export function buildMap(t: GoType & { kind: "map" }): Encoder {
  const kt = t.key;
  const ts = typeString(t);
  let keyText: (k: any, e: EncodeState) => string;
  const tm = kt.kind === "string" ? null : methodOf(kt, "MarshalText", false);
  if (kt.kind === "string")
    keyText = (k) => {
      if (typeof k !== "string") throw keyMismatch(kt, k);
      return k;
    };
  else if (tm !== null) {
    const floatKey = kt.kind === "float32" || kt.kind === "float64";
    keyText = (k, e) => {
      if (tm.ptr && k === null) return "";
      // The key -0 of a float-kind map (a Map cannot hold -0 apart from 0: see NEGATIVE_ZERO_KEY).
      if (floatKey && k === NEGATIVE_ZERO_KEY) k = -0;
      const found = walkHops(k, tm.m);
      const recv = found === NIL_RECEIVER ? null : found;
      if (recv === NIL_PANIC) throw new GoError("panic", NIL_DEREFERENCE);
      try {
        const r = tm.m.fn(recv);
        return typeof r === "string" ? r : lossy(r);
      } catch (err) {
        throw new GoError(
          "map-key",
          `json: encoding error for type ${quoteFor(e.goVersion, ts)}: ${quoteFor(e.goVersion, errorText(err))}`,
          {
            cause: err,
          },
        );
      }
    };
  } else {
    if (!isIntegerKind(kt.kind))
      return () => {
        throw new UnsupportedTypeError(ts);
      };
    const fits = intCheck(kt.kind);
    keyText = (k) => {
      if (!fits(k)) throw keyMismatch(kt, k);
      return String(k);
    };
  }
  const elem = encoderFor(t.elem, false, false);
  const deep = isRecursive(t) ? DEEP_ENCODE_DEPTH : Number.POSITIVE_INFINITY;
  const self: Encoder = (e, v) => {
    if (v === null) {
      e.out += "null";
      return;
    }
    if (!(v instanceof Map)) throw mismatch(t, v);
    if (++e.depth > deep) return deferDeep(e, self, v);
    const check = ++e.ptrLevel > START_DETECTING_CYCLES_AFTER;
    if (check) enterCycleCheck(e, v, ts);
    const entries: [string, unknown, unknown][] = [];
    for (const [k, x] of v) {
      try {
        entries.push([keyText(k, e), x, k]);
      } catch (err) {
        throw withSegment(err, keySegment(k));
      }
    }
    entries.sort((a, b) => compareUtf8(a[0], b[0]));
    e.out += "{";
    let i = 0;
    try {
      for (; i < entries.length; i++) {
        const [k, x] = entries[i] as [string, unknown, unknown];
        if (i > 0) e.out += ",";
        e.out += quoteString(k, e.html);
        e.out += ":";
        elem(e, x);
      }
    } catch (err) {
      throw withSegment(err, keySegment((entries[i] as [string, unknown, unknown])[2]));
    }
    e.out += "}";
    if (check) e.ptrSeen?.delete(v);
    e.ptrLevel--;
    e.depth--;
  };
  return self;
}

export function buildMapBytes(t: GoType & { kind: "map" }): ByteEncoder | null {
  const kt = t.key;
  if (kt.known !== undefined || hasMarshalMethods(kt)) return null;
  if (kt.kind !== "string" && !isIntegerKind(kt.kind)) return null;
  const elem = byteEncoderFor(t.elem);
  if (elem === null) return null;
  const keyOk = kt.kind === "string" ? (k: unknown) => typeof k === "string" : intCheck(kt.kind);
  return (w, v) => {
    if (v === null) {
      w.ascii("null");
      return;
    }
    if (!(v instanceof Map) || ++w.depth > BYTES_MAX_DEPTH) throw BAIL;
    w.byte(0x7b);
    mapEntries(w, v, elem, keyOk);
    w.byte(0x7d);
    w.depth--;
  };
}

/** Maps of up to this many entries are sorted by insertion on the name stack (no garbage); larger ones by Array#sort. */
const SMALL_MAP = 32;

/**
 * The name stack of small maps being written (nested maps stack above their parent's names):
 * each map's member names, sorted, and the keys they came from. A bail leaves names behind;
 * marshal's byte path starts each call at the bottom (resetMapStack).
 */
const names: string[] = [];
const keys: unknown[] = [];
let top = 0;

/** Empties the name stack (at the start of each byte-path marshal: a bail may have left names on it). */
export function resetMapStack(): void {
  top = 0;
}

/**
 * Writes the entries of Map `v` as members, in Go's key order; a key that is not of the key type
 * bails (a function that ends with its loop: see {@link listElems}). A small map's names are
 * sorted on the name stack and its values read back by key: no entry arrays, no sort buffers.
 */
function mapEntries(
  w: FastWriter,
  v: Map<unknown, unknown>,
  elem: ByteEncoder,
  keyOk: (k: unknown) => boolean,
): void {
  if (v.size > SMALL_MAP) {
    largeMapEntries(w, v, elem, keyOk);
    return;
  }
  const base = top;
  let end = base;
  for (const k of v.keys()) {
    if (!keyOk(k)) throw BAIL;
    const s = String(k);
    let i = end;
    while (i > base && compareUtf8(names[i - 1] as string, s) > 0) {
      names[i] = names[i - 1] as string;
      keys[i] = keys[i - 1];
      i--;
    }
    names[i] = s;
    keys[i] = k;
    end++;
  }
  top = end;
  for (let i = base; i < end; i++) {
    if (i > base) w.byte(0x2c);
    writeStringV1(w, names[i] as string);
    w.byte(0x3a);
    elem(w, v.get(keys[i]));
  }
  top = base;
}

/** mapEntries of a large map: its entries sorted by Array#sort. */
function largeMapEntries(
  w: FastWriter,
  v: Map<unknown, unknown>,
  elem: ByteEncoder,
  keyOk: (k: unknown) => boolean,
): void {
  const entries: [string, unknown][] = [];
  for (const [k, x] of v) {
    if (!keyOk(k)) throw BAIL;
    entries.push([String(k), x]);
  }
  entries.sort((a, b) => compareUtf8(a[0], b[0]));
  for (let i = 0; i < entries.length; i++) {
    const [k, x] = entries[i] as [string, unknown];
    if (i > 0) w.byte(0x2c);
    writeStringV1(w, k);
    w.byte(0x3a);
    elem(w, x);
  }
}
