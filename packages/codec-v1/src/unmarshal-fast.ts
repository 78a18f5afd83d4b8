/**
 * The fast unmarshal path: an optimistic decoder for the common case (a fresh
 * destination, no unmarshal methods on the way), compiled once per Go type
 * into closures that read the input one char per byte (unmarshal-fast-scan.ts):
 * whitespace, plain strings and member names on the bytes, values sliced from
 * a one-byte string of the same bytes, strings that need it decoded in JS one
 * by one (`textMode` "decoded", for tests, decodes it up front instead; a
 * non-ASCII JS string input is read as text by charCodeAt). Structs get a
 * generated decoder with constant property names (one per way of reading); floats nested in
 * slices and arrays are built by one native JSON.parse of their text (its end
 * guessed, or matched by a regular expression), then checked; `any` values
 * are built in unmarshal-fast-any.ts.
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
import { isAscii, isUtf8 } from "node:buffer";
import { type GoType, JsonNumber } from "./deps.js";
import { isValidNumber } from "./format.js";
import type { UnmarshalOptions } from "./options.js";
import { syncPlans } from "./plan-cache.js";
import {
  type FDec,
  fastDecoderFor,
  GIVE_UP,
  hasUnmarshalMethod,
  registerBuilders,
} from "./unmarshal-common.js";
import { anyValue, resetAny } from "./unmarshal-fast-any.js";
import {
  BAIL,
  bail,
  C,
  F_,
  literal,
  N,
  numberEnd,
  Q,
  readFloat,
  readNull,
  readString,
  T_,
  ws,
} from "./unmarshal-fast-scan.js";
import { mapDecoder } from "./unmarshal-map.js";
import { bigIntDecoder, smallIntDecoder } from "./unmarshal-scalar.js";
import { arrayDecoder, sliceDecoder } from "./unmarshal-slice.js";
import { structDecoder } from "./unmarshal-struct.js";
import { isWellFormed } from "./well-formed.js";
import { zeroFn, zeroValue } from "./zero.js";

/**
 * The fast path's switch: on unless the environment sets GOJSON_FAST_UNMARSHAL=0
 * (a diagnostic kill switch: results are the same either way, only slower).
 */
export const fastUnmarshal: { enabled: boolean } = {
  enabled:
    (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env
      ?.GOJSON_FAST_UNMARSHAL !== "0",
};

/** Returned by {@link unmarshalFast} when the fast path does not apply or gave up. */
export const NO_FAST: unique symbol = Symbol("gojson.v1.noFastUnmarshal");

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
  // A pointer cycle (`type P *P`) reads nothing per step: the exact engine's business.
  const chain = new Set<GoType>();
  for (let u: GoType = t; u.kind === "pointer"; u = u.elem) {
    if (chain.has(u)) return GIVE_UP;
    chain.add(u);
  }
  // A TextUnmarshaler behind pointers changes the type the exact engine names in errors: leave it.
  const elem = fastDecoderFor(t.elem);
  const ez = zeroFn(t.elem);
  return (c, cur) => {
    if (c === N) {
      literal(c);
      return null;
    }
    return elem(c, cur === null || cur === undefined ? ez() : cur);
  };
}

const utf8Text = new TextDecoder("utf-8", { ignoreBOM: true });

/** A char past ASCII. */
const NON_ASCII = /[^\x00-\x7f]/;

/**
 * unmarshalFast decodes data into a fresh value of t as the exact engine does, or
 * returns NO_FAST (decoding into an existing value, the fast path is off, or it
 * gave up). `strict` rethrows internal errors other than a give-up, and
 * `textMode` forces how non-ASCII bytes are read (tests).
 */
export function unmarshalFast(
  t: GoType,
  data: Uint8Array | string,
  options: UnmarshalOptions,
  strict = false,
  textMode?: "bytes" | "decoded",
): unknown {
  if (!fastUnmarshal.enabled || options.into !== undefined) return NO_FAST;
  syncPlans();
  const dec = fastDecoderFor(t);
  if (dec === GIVE_UP) return NO_FAST;
  let text: string;
  let bytes: Buffer | null = null;
  let view: Uint8Array | null = null;
  if (typeof data === "string") {
    if (!isWellFormed(data)) return NO_FAST;
    text = data;
    // An ASCII string is read on its bytes too (one latin1 copy: measured 10 % fewer
    // instructions than reading it as text); others as text (their UTF-8 bytes would have to be
    // decoded again string by string).
    if (textMode !== "decoded" && !NON_ASCII.test(data)) view = Buffer.from(data, "latin1");
  } else {
    if (!(data instanceof Uint8Array)) return NO_FAST;
    const buf = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    if (isAscii(data)) {
      text = buf.toString("latin1");
      view = buf;
    } else {
      // Invalid UTF-8 becomes U+FFFD byte by byte (and offsets count bytes): the exact engine's.
      if (!isUtf8(data)) return NO_FAST;
      if (textMode !== "decoded") {
        text = buf.toString("latin1");
        bytes = buf;
        view = buf;
      } else text = utf8Text.decode(data);
    }
  }
  C.t = text;
  C.b = bytes;
  C.u = view;
  C.p = 0;
  C.depth = 0;
  C.useNumber = options.useNumber === true;
  C.disallowUnknown = options.disallowUnknownFields === true;
  C.go127 = options.goVersion !== "1.26";
  try {
    const v = dec(ws(), zeroValue(t));
    ws();
    if (C.p !== text.length) return NO_FAST;
    return v;
  } catch (e) {
    if (e === BAIL || !strict) return NO_FAST;
    throw e;
  } finally {
    C.t = "";
    C.b = null;
    C.u = null;
    resetAny();
  }
}

registerBuilders({ fast: build });
