/**
 * Unmarshal of fields with the `,string` option (Go's valueQuoted and
 * literalStore with fromQuoted): the JSON string's content is decoded again
 * as the field's literal, with Go's `invalid use of ,string struct tag`
 * errors; the exact engine's decoder, then the fast path's.
 */
import { Abort, type DecodeState, partialOf, stringTagError } from "./decode-state.js";
import { bail, type GoType, JsonNumber, readString, typeString } from "./deps.js";
import { GoError } from "./errors.js";
import { isValidNumber } from "./format.js";
import { quoteFor } from "./go-version.js";
import { findMethod } from "./methods.js";
import { PlanCache } from "./plan-cache.js";
import {
  C_F,
  C_LBRACE,
  C_LBRACKET,
  C_N,
  C_QUOTE,
  C_T,
  type Decoder,
  decoderFor,
  type FDec,
  fastDecoderFor,
  hasUnmarshalMethod,
  N,
  Q,
} from "./unmarshal-common.js";
import { callUnmarshalText, getAtHops, setAtHops, wrapMethodError } from "./unmarshal-methods.js";
import { intFromText, intParser, parseFloatGo } from "./unmarshal-scalar.js";
import { wellFormed } from "./well-formed.js";
import { zeroFn, zeroValue } from "./zero.js";

const quotedCache = new PlanCache<Decoder>();

/** The decoder for a field with the `,string` option (Go's valueQuoted + literalStore(fromQuoted)). */
export function quotedDecoder(t: GoType): Decoder {
  let dec = quotedCache.get(t);
  if (dec !== undefined) return dec;
  const ts = typeString(t);
  const plain = decoderFor(t);
  dec = (d, cur) => {
    const c = d.text.charCodeAt(d.pos);
    if (c === C_N) return plain(d, cur);
    if (c === C_QUOTE) return storeQuoted(d, d.readString(), t, ts, cur);
    if (c === C_LBRACE || c === C_LBRACKET) d.skip();
    else if (c === C_T || c === C_F) d.readLiteral();
    else {
      const lit = d.readNumber();
      // Go's valueQuoted → convertNumber: offset d.off, one byte past the literal.
      if (!d.useNumber && !Number.isFinite(Number(lit))) d.typeError(`number ${lit}`, "float64", d.pos + 1);
    }
    d.save(
      new GoError(
        "string-tag",
        `json: invalid use of ,string struct tag, trying to unmarshal unquoted value into ${ts}`,
      ),
    );
    return cur;
  };
  quotedCache.set(t, dec);
  return dec;
}

/**
 * Go's literalStore(item, v, fromQuoted=true) for the inside of a `,string` value. `ts0` is the
 * field's own type: Go names it (not the type behind its pointers) in the errors of the
 * UnmarshalText branch, which come before it steps to the pointed-to value.
 */
function storeQuoted(d: DecodeState, item: string, t: GoType, ts: string, cur: any, ts0: string = ts): any {
  if (item === "") {
    d.save(stringTagError(d, item, ts));
    return cur;
  }
  const c = item.charCodeAt(0);
  const isNull = c === C_N;
  // indirect: walk pointers (allocating unless decoding null into a settable pointer).
  if (t.kind === "pointer") {
    if (isNull) {
      if (item !== "null") {
        d.save(stringTagError(d, item, ts));
        return cur;
      }
      return null;
    }
    const inner = cur === null || cur === undefined ? zeroValue(t.elem) : cur;
    try {
      return storeQuoted(d, item, t.elem, typeString(t.elem), inner, ts0);
    } catch (e) {
      // Go's indirect allocated the pointer before the error.
      if (e instanceof Abort) e.partial = partialOf(e, inner);
      throw e;
    }
  }
  const mj = findMethod(t, "UnmarshalJSON");
  if (mj !== null) {
    try {
      return setAtHops(cur, mj, mj.fn(new TextEncoder().encode(item), getAtHops(cur, mj)));
    } catch (err) {
      throw wrapMethodError(d, err);
    }
  }
  if (!isNull) {
    const mt = findMethod(t, "UnmarshalText");
    if (mt !== null) {
      if (c !== C_QUOTE) {
        d.save(stringTagError(d, item, ts0));
        return cur;
      }
      const s = unquoteStrict(item);
      if (s === undefined) throw new Abort(stringTagError(d, item, ts0));
      return callUnmarshalText(d, mt, cur, s);
    }
  }
  switch (c) {
    case C_N:
      if (item !== "null") d.save(stringTagError(d, item, ts));
      return cur;
    case C_T:
    case C_F:
      if (item !== "true" && item !== "false") {
        d.save(stringTagError(d, item, ts));
        return cur;
      }
      if (t.kind === "bool") return item === "true";
      d.save(stringTagError(d, item, ts));
      return cur;
    case C_QUOTE: {
      const s = unquoteStrict(item);
      if (s === undefined) throw new Abort(stringTagError(d, item, ts));
      if (t.kind === "string") {
        if (t.known === "json.Number") {
          if (!isValidNumber(s)) {
            throw new Abort(
              new GoError(
                "number-literal",
                `json: invalid number literal, trying to unmarshal ${quoteFor(d.goVersion, item)} into Number`,
              ),
            );
          }
          return new JsonNumber(s);
        }
        return s;
      }
      d.typeError("string", t, d.pos);
      return cur;
    }
  }
  if (c !== 0x2d && !(c >= 0x30 && c <= 0x39)) throw new Abort(stringTagError(d, item, ts));
  switch (t.kind) {
    case "string":
      if (t.known === "json.Number") return new JsonNumber(item);
      throw new Abort(stringTagError(d, item, ts));
    case "float32":
    case "float64": {
      const v = parseFloatGo(item, t.kind === "float32");
      if (v === undefined) {
        d.typeError(`number ${item}`, t, d.pos);
        return cur;
      }
      return v;
    }
    case "bool":
      throw new Abort(stringTagError(d, item, ts));
    default: {
      const v = intParser(t.kind)(item);
      if (v === undefined) {
        d.typeError(`number ${item}`, t, d.pos);
        return cur;
      }
      return v;
    }
  }
}

/** Go's unquote of a complete JSON string literal given as text (undefined when malformed). */
function unquoteStrict(s: string): string | undefined {
  if (s.length < 2 || s[0] !== '"' || s[s.length - 1] !== '"') return undefined;
  try {
    const v = JSON.parse(s) as string;
    // JSON.parse keeps lone surrogates from \u escapes; Go replaces them.
    return wellFormed(v);
  } catch {
    return undefined;
  }
}

const fastQuotedCache = new PlanCache<FDec>();

/** JSON number syntax, for numbers held in `,string` values. */
const NUMBER_TEXT = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/**
 * The decoder of a field with the `,string` option (Go's literalStore with
 * fromQuoted): null as the plain decoder reads it, a string holding the
 * value's JSON text; everything else gives up.
 */
export function fastQuotedDecoder(t: GoType): FDec {
  let dec = fastQuotedCache.get(t);
  if (dec !== undefined) return dec;
  const plain = fastDecoderFor(t);
  const store = quotedStore(t);
  dec = (c, cur) => {
    if (c === N) return plain(c, cur);
    if (c !== Q) bail();
    const item = readString();
    if (item === "") bail();
    return store(item, cur);
  };
  fastQuotedCache.set(t, dec);
  return dec;
}

/** Stores the inside of a `,string` value into a destination of type `t`; bails where Go reports an error. */
function quotedStore(t: GoType): (item: string, cur: any) => any {
  if (t.kind === "pointer") {
    const inner = quotedStore(t.elem);
    const ez = zeroFn(t.elem);
    return (item, cur) => {
      if (item.charCodeAt(0) === N) {
        if (item !== "null") bail();
        return null;
      }
      return inner(item, cur === null || cur === undefined ? ez() : cur);
    };
  }
  if (hasUnmarshalMethod(t) || t.known !== undefined) return () => bail();
  switch (t.kind) {
    case "bool":
      return (item, cur) => {
        if (item === "true") return true;
        if (item === "false") return false;
        if (item === "null") return cur;
        return bail();
      };
    case "string":
      return (item, cur) => {
        if (item === "null") return cur;
        const n = item.length;
        if (n < 2 || item.charCodeAt(0) !== Q || item.charCodeAt(n - 1) !== Q) bail();
        for (let i = 1; i < n - 1; i++) {
          const c = item.charCodeAt(i);
          if (c === Q || c === 0x5c || c < 0x20) bail();
        }
        return item.slice(1, n - 1);
      };
    case "float32":
    case "float64": {
      const f32 = t.kind === "float32";
      return (item, cur) => {
        if (item === "null") return cur;
        if (!NUMBER_TEXT.test(item)) bail();
        let v = Number(item);
        if (f32) v = Math.fround(v);
        if (v - v !== 0) bail();
        return v;
      };
    }
    case "int":
    case "int8":
    case "int16":
    case "int32":
    case "int64":
    case "uint":
    case "uint8":
    case "uint16":
    case "uint32":
    case "uint64":
    case "uintptr": {
      const kind = t.kind;
      return (item, cur) => {
        if (item === "null") return cur;
        return intFromText(item, kind);
      };
    }
    default:
      return () => bail();
  }
}
