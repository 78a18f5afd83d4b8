/**
 * The fast unmarshal path: an optimistic decoder for the common case (a fresh
 * destination, no unmarshal methods on the way), compiled once per Go type
 * into closures that read the input's bytes through the syntax kernel's cursor
 * (`@gojson/jsontext/internal`):
 * whitespace, plain strings and member names on the bytes, values sliced from
 * a one-byte string of the same bytes, strings that need it decoded in JS one
 * by one (a JS string input is UTF-8-encoded once first). Structs get a
 * generated decoder with constant property names (one per way of reading); floats nested in
 * slices and arrays are built by one native JSON.parse of their text (its end
 * guessed, or matched by a regular expression), then checked; `any` values
 * are built by the kernel's `anyValue` with v1's parameters.
 *
 * It follows v1's rules (case-insensitive names with an exact match first,
 * duplicate names merging into what is there, null leaving non-pointer values
 * alone, the `,string` option, base64 []byte, `any` as float64/string/bool/
 * null/[]any/object, useNumber, int64/uint64 as bigint) and only ever returns
 * a value that the exact engine (unmarshal-plan.ts) returns for the same input. On
 * anything else — a syntax error, invalid UTF-8, a type mismatch, an overflow,
 * an unknown member under disallowUnknownFields, a method, a known type other
 * than json.Number, deep nesting, a slice decoded twice — it gives up
 * ({@link NO_FAST}) and the caller runs the exact engine, which produces Go's
 * error, offset and partial value. It never builds an error itself.
 */

import {
  anyValue,
  bail,
  beginScan,
  C,
  fastPathSwitch,
  type GoType,
  JsonNumber,
  literal,
  NO_FAST,
  numberEnd,
  readFloat,
  readNull,
  readString,
  runScan,
  scanAt,
} from "./deps.js";
import { isValidNumber } from "./format.js";
import type { UnmarshalOptions } from "./options.js";
import { syncPlans } from "./plan-cache.js";
import {
  F_,
  type FDec,
  fastDecoderFor,
  GIVE_UP,
  hasUnmarshalMethod,
  MAX_POINTER_CHAIN,
  N,
  Q,
  registerBuilders,
  T_,
  V1,
} from "./unmarshal-common.js";
import { mapDecoder } from "./unmarshal-map.js";
import { bigIntDecoder, smallIntDecoder } from "./unmarshal-scalar.js";
import { arrayDecoder, sliceDecoder } from "./unmarshal-slice.js";
import { structDecoder } from "./unmarshal-struct.js";
import { zeroFn, zeroValue } from "./zero.js";

/** The switch of codec-v1's fast unmarshal (GOJSON_FAST_UNMARSHAL=0 turns it off; see fastPathSwitch). */
export const fastUnmarshal: { enabled: boolean } = fastPathSwitch("GOJSON_FAST_UNMARSHAL");

// What unmarshalFast returns when the fast path does not apply or gave up: the kernel's sentinel.
export { NO_FAST };

function build(t: GoType): FDec {
  if (hasUnmarshalMethod(t)) return GIVE_UP;
  if (t.known !== undefined && t.known !== "json.Number") return GIVE_UP;
  switch (t.kind) {
    case "bool":
      return (c, cur) => {
        if (c === T_ || c === F_) {
          literal(c);
          return c === T_;
        }
        readNull(c);
        return cur;
      };
    case "string":
      if (t.known === "json.Number") {
        return (c, cur) => {
          if (c === Q) {
            const s = readString();
            if (!isValidNumber(s)) bail();
            return new JsonNumber(s);
          }
          if (c === N) {
            literal(c);
            return cur;
          }
          const end = numberEnd();
          const lit = C.t.slice(C.p, end);
          C.p = end;
          return new JsonNumber(lit);
        };
      }
      return (c, cur) => {
        if (c === Q) return readString();
        readNull(c);
        return cur;
      };
    case "int8":
    case "int16":
    case "int32":
    case "uint8":
    case "uint16":
    case "uint32":
      return smallIntDecoder(t.kind);
    case "int":
    case "int64":
    case "uint":
    case "uint64":
    case "uintptr":
      return bigIntDecoder(t.kind);
    case "float32":
      return (c, cur) => {
        if (c === N) {
          literal(c);
          return cur;
        }
        const v = Math.fround(readFloat());
        if (v - v !== 0) bail();
        return v;
      };
    case "float64":
      return (c, cur) => {
        if (c === N) {
          literal(c);
          return cur;
        }
        return readFloat();
      };
    case "interface":
      // Opaque types (func, chan, ...) and non-empty interfaces: the exact engine reports Go's error.
      return t.opaque === undefined && (t.interfaceMethods?.length ?? 0) === 0 ? anyValue : GIVE_UP;
    case "pointer":
      return fastPointerDecoder(t);
    case "slice":
      return sliceDecoder(t);
    case "array":
      return arrayDecoder(t);
    case "map":
      return mapDecoder(t);
    case "struct":
      return structDecoder(t);
  }
}

function fastPointerDecoder(t: GoType & { kind: "pointer" }): FDec {
  // A pointer cycle (`type P *P`) reads nothing per step: the exact engine's business (a chain
  // this long is one).
  let u: GoType = t.elem;
  for (let i = 0; u.kind === "pointer"; u = u.elem) if (++i >= MAX_POINTER_CHAIN) return GIVE_UP;
  // A TextUnmarshaler behind pointers changes the type the exact engine names in errors: leave it.
  const elem = fastDecoderFor(t.elem);
  // A struct's decoder makes its value when given none (no zero-value factory compiled here).
  if (t.elem.kind === "struct") {
    return (c, cur) => {
      if (c === N) {
        literal(c);
        return null;
      }
      return elem(c, cur);
    };
  }
  const ez = zeroFn(t.elem);
  return (c, cur) => {
    if (c === N) {
      literal(c);
      return null;
    }
    return elem(c, cur === null || cur === undefined ? ez() : cur);
  };
}

/** useNumber's number builder for `any` (the kernel's C.anyNumber): one function, made once. */
const ANY_NUMBER = (text: string): unknown => new JsonNumber(text);

/**
 * unmarshalFast decodes data into a fresh value of t as the exact engine does, or
 * returns NO_FAST (decoding into an existing value, the fast path is off, or it
 * gave up). `strict` rethrows internal errors other than a give-up (tests).
 */
export function unmarshalFast(
  t: GoType,
  data: Uint8Array | string,
  options: UnmarshalOptions,
  strict = false,
): unknown {
  if (!fastUnmarshal.enabled || options.into !== undefined) return NO_FAST;
  if (!(typeof data === "string" || data instanceof Uint8Array)) return NO_FAST;
  syncPlans();
  const dec = fastDecoderFor(t);
  if (dec === GIVE_UP) return NO_FAST;
  // Invalid UTF-8 (the exact engine's U+FFFD byte by byte, offsets in bytes) and lone surrogates
  // in a string input are the exact engine's.
  if (!beginScan(data)) return NO_FAST;
  return decodeScanned(t, dec, options, strict);
}

/**
 * unmarshalFastAt is {@link unmarshalFast} of the value in [start, end) of the window last held
 * by the kernel's beginWindow (a stream reader's buffer of many values): nothing is viewed,
 * copied or made text per value. NO_FAST also when no window is held or the range is not in it.
 */
export function unmarshalFastAt(
  t: GoType,
  start: number,
  end: number,
  options: UnmarshalOptions,
  strict = false,
): unknown {
  if (!fastUnmarshal.enabled || options.into !== undefined) return NO_FAST;
  syncPlans();
  const dec = fastDecoderFor(t);
  if (dec === GIVE_UP) return NO_FAST;
  if (!scanAt(start, end)) return NO_FAST;
  return decodeScanned(t, dec, options, strict);
}

/** decodeScanned runs dec over the input the cursor points at: the whole input, or NO_FAST. */
function decodeScanned(t: GoType, dec: FDec, options: UnmarshalOptions, strict: boolean): unknown {
  // v1's syntax: duplicate names merge (last value wins), a lone surrogate escape is U+FFFD.
  C.allowDuplicateNames = true;
  C.allowInvalidUTF8 = true;
  C.anyNumber = options.useNumber === true ? ANY_NUMBER : null;
  V1.disallowUnknown = options.disallowUnknownFields === true;
  V1.go127 = options.goVersion !== "1.26";
  return runScan(dec, zeroValue(t), strict);
}

registerBuilders({ fast: build });
