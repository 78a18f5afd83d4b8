/**
 * bool, string and the number kinds (integers, floats, json.Number), marshal and unmarshal: the
 * `string` option (v2: numbers quoted; v1 semantics: bools and strings too), Go's strconv syntax
 * for quoted numbers under legacy semantics, ranges, NaN and infinities (format:nonfinite).
 * Go: arshal_default.go's bool, string, int, uint and float arshalers.
 */

import { type GoType, type IntKind, intBounds, JsonNumber, type UintKind } from "@gojson/gotype";
import { Decoder, formatFloat, type Kind, SyntacticError } from "@gojson/jsontext";
import { goQuoteRune, quoteCharV1 } from "@gojson/jsontext/internal";
import { goQuote, type SemanticError, setPartial } from "./errors.js";
import { isBigKind } from "./go-values.js";
import { checkInt, invalidValue, isFloat32 } from "./invalid-value.js";
import { legacySyntaxText, MarshalerError } from "./legacy-errors.js";
import type { MarshalMode } from "./marshal-compile.js";
import type { Enc } from "./marshal-deep.js";
import { invalidFormatEncoder, marshalErr, q } from "./marshal-support.js";
import { isJsonNumber } from "./number-syntax.js";
import type { ResolvedOptions } from "./options.js";
import { quotePolicyFor, quoteWith } from "./quote.js";
import type { Reader } from "./reader.js";
import type { UnmarshalMode } from "./unmarshal-compile.js";
import type { Dec } from "./unmarshal-deep.js";
import { afterErr, fail, mismatch, mismatchAfter, rawText, UNPOSITIONED } from "./unmarshal-support.js";

/** The encoder of json.Number (Number.MarshalJSONTo). */
export function jsonNumberEncoder(t: GoType, o: ResolvedOptions, m: MarshalMode): Enc {
  const f = o.flags;
  // Number.MarshalJSONTo quotes under StringifyNumbers (the `string` option too).
  const quote = m.str || m.legacyStr;
  return (v) => {
    let s: string;
    if (typeof v === "string") s = v;
    else if (JsonNumber.isInstance(v)) s = v.text;
    else throw invalidValue(t, v);
    return numberText(t, s, quote, f.reportErrorsWithLegacySemantics);
  };
}

/** The encoder of a bool (v1's `string` option: quoted). */
export function boolEncoder(t: GoType, o: ResolvedOptions, m: MarshalMode): Enc {
  const enc: Enc = (v) => {
    if (typeof v !== "boolean") throw invalidValue(t, v);
    return v ? "true" : "false";
  };
  return m.legacyStr ? (v) => q(o, enc(v)) : enc;
}

/** The encoder of a string (v1's `string` option: quoted twice). */
export function stringEncoder(t: GoType, o: ResolvedOptions, m: MarshalMode): Enc {
  const pol = quotePolicyFor(o);
  if (m.legacyStr)
    return (v) => {
      if (typeof v !== "string") throw invalidValue(t, v);
      return q(o, q(o, v));
    };
  return (v) => {
    if (typeof v !== "string") throw invalidValue(t, v);
    return quoteWith(v, pol);
  };
}

/** The encoder of the integer kinds (quoted under `string`). */
export function intEncoder(t: GoType, m: MarshalMode): Enc {
  return m.str || m.legacyStr
    ? (v) => {
        checkInt(t, v);
        return `"${v}"`;
      }
    : (v) => {
        checkInt(t, v);
        return String(v);
      };
}

/** The encoder of float32 and float64 (NaN and infinities are errors unless format:nonfinite). */
export function floatEncoder(t: GoType, m: MarshalMode): Enc {
  const bits = t.kind === "float32" ? 32 : 64;
  const nonfinite = m.format === "nonfinite";
  if (m.format !== "" && !nonfinite) return invalidFormatEncoder(t, m.format);
  return (v: number) => {
    if (typeof v !== "number" || (bits === 32 && !isFloat32(v))) throw invalidValue(t, v);
    if (!Number.isFinite(v)) {
      if (nonfinite) return Number.isNaN(v) ? '"NaN"' : v > 0 ? '"Infinity"' : '"-Infinity"';
      throw marshalErr(t, `unsupported value: ${Number.isNaN(v) ? "NaN" : v > 0 ? "+Inf" : "-Inf"}`);
    }
    const s = formatFloat(v, bits);
    return m.str || m.legacyStr ? `"${s}"` : s;
  };
}

/**
 * numberText is Go's json.Number.MarshalJSONTo: "" is 0, quoted under StringifyNumbers, and a
 * text that is not a JSON number is an error (legacy reporting: v1's MarshalerError).
 */
export function numberText(t: GoType, s: string, quote: boolean, legacy: boolean): string {
  const n = s === "" ? "0" : s;
  const val = quote ? `"${n}"` : n;
  if (isJsonNumber(n)) return val;
  const detail = `cannot parse ${goQuote(val)} as JSON number: invalid syntax`;
  if (legacy) throw new MarshalerError("*json.Number", "MarshalJSONTo", detail);
  throw marshalErr(t, detail);
}

export function unsupportedNumber(v: number): SemanticError {
  return marshalErr(undefined, `unsupported value: ${Number.isNaN(v) ? "NaN" : v > 0 ? "+Inf" : "-Inf"}`);
}

/** Go's math.MaxFloat32. */
const MAX_FLOAT32 = 3.4028234663852886e38;

/** Parse an integer literal for kind k; returns the value or the Go error text. */
export function parseGoInt(lit: string, k: string, big: boolean): number | bigint | string {
  const unsigned = k[0] === "u";
  if (!/^-?(0|[1-9][0-9]*)$/.test(lit) || (unsigned && lit[0] === "-")) return "invalid syntax";
  const [lo, hi] = intBounds(k as IntKind | UintKind);
  if (lit.length <= 15 && !big) {
    const n = Number(lit);
    if (n < Number(lo) || n > Number(hi)) return "value out of range";
    return n === 0 ? 0 : n;
  }
  const b = BigInt(lit);
  if (b < lo || b > hi) return "value out of range";
  return big ? b : Number(b);
}

/**
 * unquoteInner unquotes the JSON string held inside a `string`-tagged string field
 * (Go's jsontext.AppendUnquote); errors are v1 texts (this path is legacy only).
 */
function unquoteInner(s: string, o: ResolvedOptions): string | { err: string } {
  // Go's jsonwire texts; only legacy error reporting turns them into v1's words.
  const text = (detail: string) =>
    o.flags.reportErrorsWithLegacySemantics ? legacySyntaxText(detail) : detail;
  // jsonwire.QuoteRune: strconv.QuoteRune escapes what is not printable ('\u2028').
  const quote = (c: number) => (c < 0x80 ? quoteCharV1(c) : goQuoteRune(c));
  if (s[0] !== '"') {
    if (s.length === 0) return { err: text("unexpected EOF") };
    const c = s.codePointAt(0) as number;
    return { err: text(`invalid character ${quote(c)} at start of string (expecting '"')`) };
  }
  const b = new TextEncoder().encode(s);
  // Go's AppendUnquote reports invalid UTF-8 and lone surrogate escapes whatever the options say.
  const d = new Decoder(b, { allowInvalidUTF8: false, allowDuplicateNames: true });
  let v: string;
  try {
    v = d.readString();
  } catch (e) {
    if (SyntacticError.isInstance(e)) return { err: text(e.detail) };
    throw e;
  }
  // inputOffset counts UTF-8 bytes: what follows the string, as text.
  const rest = new TextDecoder().decode(b.subarray(d.inputOffset));
  if (rest.length > 0) {
    const c = rest.codePointAt(0) as number;
    return { err: text(`invalid character ${quote(c)} after string value`) };
  }
  return v;
}

/** strconv.ParseInt/ParseUint base 10 (Go syntax: optional sign, leading zeros allowed). */
export function parseGoIntSyntax(s: string, k: string, big: boolean): number | bigint | string {
  const unsigned = k[0] === "u";
  if (!(unsigned ? /^\+?[0-9]+$/ : /^[+-]?[0-9]+$/).test(s)) return "invalid syntax";
  const b = BigInt(s.replace(/^\+/, ""));
  const [lo, hi] = intBounds(k as IntKind | UintKind);
  if (b < lo || b > hi) return "value out of range";
  return big ? b : Number(b);
}

const GO_FLOAT_RE =
  /^[+-]?(?:(?:[0-9]+(?:_[0-9]+)*\.?(?:[0-9]+(?:_[0-9]+)*)?|\.[0-9]+(?:_[0-9]+)*)(?:[eE][+-]?[0-9]+(?:_[0-9]+)*)?|inf|infinity|nan)$/i;

/**
 * strconv.ParseFloat for decimal text (Go syntax: sign, `.5`, `5.`, inf, nan, and underscores
 * between digits, `1_0`); hex floats (`0x1p-2`, which Go takes) are not supported.
 */
export function parseGoFloatSyntax(s: string, is32: boolean): number | string {
  if (!GO_FLOAT_RE.test(s)) return "invalid syntax";
  const low = s.toLowerCase().replace(/^\+/, "").replaceAll("_", "");
  let v: number;
  if (low === "nan") v = Number.NaN;
  else if (/^-?inf(inity)?$/.test(low))
    v = low[0] === "-" ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
  else {
    v = Number(low);
    if (is32) v = Math.fround(v);
    if (!Number.isFinite(v)) return "value out of range";
  }
  return v;
}

/** The decoder of json.Number (Go's Number.UnmarshalJSONFrom). */
export function jsonNumberDecoder(t: GoType, o: ResolvedOptions, m: UnmarshalMode): Dec {
  const f = o.flags;
  // Go's Number.UnmarshalJSONFrom: reads the whole value; under legacy error reporting
  // its SemanticError is returned verbatim (no pointer or offset).
  const legacy = f.reportErrorsWithLegacySemantics;
  const numErr = (r: Reader, cur: unknown, k: Kind, start: number, value: string, cause?: string) => {
    const e = afterErr(r, t, k, start, value, cause);
    if (legacy) {
      e.byteOffset = 0;
      UNPOSITIONED.add(e);
    }
    return fail(r, o, e, false, cur);
  };
  return (r, cur) => {
    const d = r.d;
    const k = d.peekKind();
    const start = d.inputOffset;
    if (k === "n") {
      d.readNull();
      return f.mergeWithLegacySemantics ? cur : new JsonNumber("");
    }
    if (k === "0") {
      const lit = d.readNumberLiteral();
      if (m.str || m.legacyStr) return numErr(r, cur, "0", start, "");
      return new JsonNumber(lit);
    }
    if (k === '"') {
      // A JSON string holding a number is accepted for json.Number (Go 1.26), without `string`.
      const s = d.readString();
      if (!isJsonNumber(s)) return numErr(r, cur, '"', start, rawText(r, start), "invalid syntax");
      return new JsonNumber(s);
    }
    // Number.UnmarshalJSONFrom reads the whole value (ReadValue's texts for a syntax error inside,
    // and for a `}` or `]` where the value belongs: "at start of value").
    d.readValue();
    return numErr(r, cur, k, start, "");
  };
}

/** The decoder of a bool (v1's `string` option: a quoted one). */
export function boolDecoder(t: GoType, o: ResolvedOptions, m: UnmarshalMode): Dec {
  const f = o.flags;
  return (r, cur) => {
    const d = r.d;
    const k = d.peekKind();
    if (k === "t" || k === "f") {
      if (!m.legacyStr) return d.readBool();
      // StringifyBoolsAndStrings: a bare boolean is a mismatch.
      const start = d.inputOffset;
      d.readBool();
      return mismatchAfter(r, o, t, cur, k, start);
    }
    if (k === "n") {
      d.readNull();
      return f.mergeWithLegacySemantics ? cur : false;
    }
    if (k === '"' && m.legacyStr) {
      const start = d.inputOffset;
      const s = d.readString();
      if (s === "true") return true;
      if (s === "false") return false;
      if (s === "null") return f.mergeWithLegacySemantics ? cur : false;
      return fail(r, o, afterErr(r, t, '"', start, rawText(r, start), "invalid syntax"), false, cur);
    }
    return mismatch(r, o, t, cur, k, true);
  };
}

/** The decoder of a string (v1's `string` option: a quoted one). */
export function stringDecoder(t: GoType, o: ResolvedOptions, m: UnmarshalMode): Dec {
  const f = o.flags;
  return (r, cur) => {
    const d = r.d;
    const k = d.peekKind();
    if (k === '"') {
      if (!m.legacyStr) return d.readString();
      const start = d.inputOffset;
      const s = d.readString();
      // Go 1.27 takes the JSON string "null" as null before unquoting its content.
      if (o.rules.legacyQuotedNullFirst && s === "null") return f.mergeWithLegacySemantics ? cur : "";
      const v = unquoteInner(s, o);
      if (typeof v === "string")
        return v === "null" && !o.rules.legacyQuotedNullFirst ? (f.mergeWithLegacySemantics ? cur : "") : v;
      return fail(r, o, afterErr(r, t, '"', start, "", v.err), false, cur);
    }
    if (k === "n") {
      d.readNull();
      return f.mergeWithLegacySemantics ? cur : "";
    }
    return mismatch(r, o, t, cur, k);
  };
}

/** The decoder of float32 and float64 (quoted under `string`; NaN and infinities under format:nonfinite). */
export function floatDecoder(t: GoType, o: ResolvedOptions, m: UnmarshalMode): Dec {
  const f = o.flags;
  const is32 = t.kind === "float32";
  const allowStr = m.str || m.legacyStr;
  const nonfinite = m.format === "nonfinite";
  return (r, cur) => {
    const d = r.d;
    const k = d.peekKind();
    const start = d.inputOffset;
    let lit: string;
    if (k === "0") {
      lit = d.readNumberLiteral();
      if (allowStr) return fail(r, o, afterErr(r, t, "0", start, "", undefined), false, cur);
    } else if (k === '"' && (allowStr || nonfinite)) {
      lit = d.readString();
      if (nonfinite) {
        if (lit === "NaN") return Number.NaN;
        if (lit === "Infinity") return Number.POSITIVE_INFINITY;
        if (lit === "-Infinity") return Number.NEGATIVE_INFINITY;
        if (!allowStr) return mismatchAfter(r, o, t, cur, '"', start);
      }
      // Legacy semantics parse a quoted number with strconv.ParseFloat (Go's syntax), for
      // `string` fields and under StringifyNumbers alike (json/v2's float arshaler).
      if (m.legacyStr || (m.str && f.stringifyWithLegacySemantics)) {
        if (lit === "null") return f.mergeWithLegacySemantics ? cur : 0;
        const v = parseGoFloatSyntax(lit, is32);
        if (typeof v === "string")
          return fail(r, o, afterErr(r, t, k, start, rawText(r, start), v), false, cur);
        return v;
      }
      if (!isJsonNumber(lit))
        return fail(r, o, afterErr(r, t, k, start, rawText(r, start), "invalid syntax"), false, cur);
    } else if (k === "n") {
      d.readNull();
      return f.mergeWithLegacySemantics ? cur : 0;
    } else return mismatch(r, o, t, cur, k);
    let v = Number(lit);
    if (is32) v = Math.fround(v);
    if (!Number.isFinite(v)) {
      // Go 1.26 stores the largest finite value of the sign (jsonwire.ParseFloat), then reports the
      // range error; Go 1.27 leaves the destination as it was.
      if (o.rules.floatRangeSaturates)
        v = v > 0 ? (is32 ? MAX_FLOAT32 : Number.MAX_VALUE) : is32 ? -MAX_FLOAT32 : -Number.MAX_VALUE;
      else v = cur as number;
      const shown = k === '"' ? rawText(r, start) : lit;
      const err = afterErr(r, t, k, start, shown, "value out of range");
      setPartial(err, v);
      return fail(r, o, err, false, v);
    }
    return v;
  };
}

/** The decoder of an integer kind (also time.Duration under formatDurationAsNano: Go's int64 arshaler). */
export function intDecoder(t: GoType, o: ResolvedOptions, m: UnmarshalMode): Dec {
  const f = o.flags;
  const kd = t.kind;
  const big = isBigKind(t);
  const allowStr = m.str || m.legacyStr;
  return (r, cur) => {
    const d = r.d;
    const k = d.peekKind();
    const start = d.inputOffset;
    let lit: string;
    if (k === "0") {
      lit = d.readNumberLiteral();
      // Under `string` (StringifyNumbers) a bare number is a type mismatch.
      if (allowStr) return fail(r, o, afterErr(r, t, "0", start, "", undefined), false, cur);
    } else if (k === '"' && allowStr) {
      lit = d.readString();
      if (m.legacyStr || (m.str && f.stringifyWithLegacySemantics)) {
        // v1 parsed a quoted number with Go's syntax and allowed a quoted null (go.dev/issue/75619);
        // legacy semantics do so under StringifyNumbers too.
        if (lit === "null") return f.mergeWithLegacySemantics ? cur : big ? 0n : 0;
        const v = parseGoIntSyntax(lit, kd, big);
        if (typeof v === "string")
          return fail(r, o, afterErr(r, t, k, start, rawText(r, start), v), false, cur);
        return v;
      }
    } else if (k === "n") {
      d.readNull();
      return f.mergeWithLegacySemantics ? cur : big ? 0n : 0;
    } else return mismatch(r, o, t, cur, k);
    const v = parseGoInt(lit, kd, big);
    if (typeof v === "string") {
      const shown = k === '"' ? rawText(r, start) : lit;
      return fail(r, o, afterErr(r, t, k, start, shown, v), false, cur);
    }
    return v;
  };
}
