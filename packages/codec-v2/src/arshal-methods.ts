/**
 * Types with methods, marshal and unmarshal: MarshalJSONTo / UnmarshalJSONFrom (v2's streaming
 * methods: one value written to a MethodEncoder, read from a MethodDecoder), MarshalJSON /
 * UnmarshalJSON (the whole raw value), AppendText or MarshalText / UnmarshalText (a JSON
 * string), v2's and v1's rules for
 * addressability and errors; and json.RawMessage / jsontext.Value, written and read as raw
 * values. Go: arshal_methods.go.
 */

import {
  GoMethodMissingError,
  GoTimeError,
  type GoType,
  typeString as reflectTypeString,
} from "@gojson/gotype";
import { Decoder, SyntacticError } from "@gojson/jsontext";
import {
  noteWrittenInside,
  positionedMarshalError,
  readPastError,
  SemanticError,
  syntacticError,
  valueOutputError,
  wroteExtraError,
} from "./errors.js";
import { goTimeErrorText, lookupMethod, zero } from "./go-values.js";
import { invalidValue } from "./invalid-value.js";
import { legacySyntaxText, MarshalerError } from "./legacy-errors.js";
import type { MarshalMode } from "./marshal-compile.js";
import type { Enc } from "./marshal-deep.js";
import { marshalErr, q, rawErr } from "./marshal-support.js";
import {
  ERR_NON_SINGULAR,
  MethodReadPastValue,
  marshalThroughTwin,
  TwinDecoder,
  TwinEncoder,
} from "./method-coders.js";
import type { ResolvedOptions } from "./options.js";
import { reformatRaw } from "./raw.js";
import { type Reader, toBytes } from "./reader.js";
import type { Dec } from "./unmarshal-deep.js";
import { afterErr, fail, methodError, mismatch } from "./unmarshal-support.js";

/** The encoder of json.RawMessage and jsontext.Value: the raw bytes, checked and reformatted. */
export function rawValueEncoder(t: GoType, o: ResolvedOptions): Enc {
  const f = o.flags;
  return (v) => {
    // Go: a nil Value is null; an empty one is given to the encoder (unexpected EOF).
    if (v === null) return "null";
    if (typeof v !== "string" && !(v instanceof Uint8Array)) throw invalidValue(t, v);
    try {
      // The bytes themselves: invalid UTF-8 is the decoder's to judge (not replaced first).
      return reformatRaw(v, o);
    } catch (e) {
      // Go 1.26: Value has a MarshalJSON method; legacy reporting wraps its write error in a
      // MarshalerError on `*jsontext.Value` (json.RawMessage is an alias of it).
      if (f.reportErrorsWithLegacySemantics) {
        const detail = SyntacticError.isInstance(e) ? legacySyntaxText(e.detail) : (e as Error).message;
        throw new MarshalerError("*jsontext.Value", "MarshalJSON", detail);
      }
      throw rawErr(valueOutputError(marshalErr(t, e as Error)), v);
    }
  };
}

/**
 * The text method the v2 engine calls on t, if any: AppendText (encoding.TextAppender, Go 1.24)
 * before MarshalText, as Go's arshal_methods.go layers them. `addressable` admits pointer receivers.
 */
export function lookupTextMethod(
  t: GoType,
  addressable: boolean,
):
  | { readonly name: "AppendText" | "MarshalText"; readonly call: (v: any) => Uint8Array | string }
  | undefined {
  const at = lookupMethod(t, "AppendText", addressable);
  if (at) return { name: "AppendText", call: at.call };
  const mt = lookupMethod(t, "MarshalText", addressable);
  return mt ? { name: "MarshalText", call: mt.call } : undefined;
}

/**
 * The encoder of a type with a MarshalJSONTo, MarshalJSON, AppendText or MarshalText method (Go's order), or
 * undefined. v2 calls them regardless of addressability; legacy semantics call pointer-receiver
 * methods on addressable values only (else the next method in the order, as Go falls through).
 */
export function methodEncoder(t: GoType, o: ResolvedOptions, m: MarshalMode): Enc | undefined {
  const f = o.flags;
  const addr = !f.callMethodsWithLegacySemantics || m.addr;
  const mj = lookupMethod(t, "MarshalJSON", addr);
  const mt = lookupTextMethod(t, addr);
  const legacyErr = f.reportErrorsWithLegacySemantics;
  /** Under legacy error reporting a method's error is always wrapped in v1's MarshalerError (receiver `*T`). */
  const methodErr = (e: unknown, func: string): unknown => {
    // A method declared in Go source without a twin is the caller's to fix, not Go's error.
    if (GoMethodMissingError.isInstance(e)) return e;
    if (!legacyErr) return marshalErr(t, e instanceof Error ? e : String(e));
    const detail = SyntacticError.isInstance(e)
      ? legacySyntaxText(e.detail)
      : e instanceof Error
        ? e.message
        : String(e);
    return new MarshalerError(`*${reflectTypeString(t)}`, func, detail);
  };
  const mto = lookupMethod(t, "MarshalJSONTo", addr);
  if (mto) return marshalJSONToEncoder(t, o, mto.call, methodErr);
  if (mj) {
    const fn = mj.call;
    return (v) => {
      let out: Uint8Array | string;
      try {
        out = fn(v);
      } catch (e) {
        throw methodErr(e, "MarshalJSON");
      }
      try {
        return reformatRaw(out, o);
      } catch (e) {
        if (legacyErr) throw methodErr(e, "MarshalJSON");
        throw rawErr(valueOutputError(marshalErr(t, e as Error)), out);
      }
    };
  }
  if (mt) {
    const fn = mt.call;
    const name = mt.name;
    return (v) => {
      let out: Uint8Array | string;
      try {
        out = fn(v);
      } catch (e) {
        // The error names the method called: "error calling AppendText for type *T" (legacy).
        throw methodErr(e, name);
      }
      // Go's encoder checks the text as a string value: invalid UTF-8 (unless allowed) is its error,
      // wrapped as this type's (v2), or replaced by U+FFFD (allowInvalidUTF8).
      try {
        return q(o, typeof out === "string" ? out : methodText(out, f.allowInvalidUTF8));
      } catch (e) {
        if (SyntacticError.isInstance(e)) throw marshalErr(t, e);
        throw e;
      }
    };
  }
  return undefined;
}

const strictUTF8 = new TextDecoder("utf-8", { fatal: true });

/** methodText decodes an AppendText or MarshalText result: invalid UTF-8 is Go's error unless allowed (then U+FFFD). */
export function methodText(b: Uint8Array, allowInvalid: boolean): string {
  if (allowInvalid) return new TextDecoder().decode(b);
  try {
    return strictUTF8.decode(b);
  } catch {
    throw syntacticError("invalid UTF-8", 0);
  }
}

/** The decoder of a type with an UnmarshalJSON method: the method gets the whole raw value. */
export function unmarshalJSONDecoder(
  t: GoType,
  o: ResolvedOptions,
  uj: NonNullable<ReturnType<typeof lookupMethod>>,
): Dec {
  const f = o.flags;
  const fn = uj.call;
  return (r, cur) => {
    const d = r.d;
    const start = d.inputOffset;
    const k = d.peekKind();
    const raw = d.readValue();
    try {
      return fn(raw, cur);
    } catch (e0) {
      if (GoMethodMissingError.isInstance(e0)) throw e0;
      // time.Time's method (promoted): Go quotes the raw bytes of the text in its message.
      const text = GoTimeError.isInstance(e0) ? goTimeErrorText(raw, true) : undefined;
      const e = text === undefined ? e0 : new GoTimeError(text);
      // Go's v1 returns a method's error unchanged (never wrapped) and carries on.
      if (f.reportErrorsWithLegacySemantics) return fail(r, o, methodError(e), false, cur);
      if (SemanticError.isInstance(e) || SyntacticError.isInstance(e)) throw e;
      throw afterErr(r, t, k, start, "", e instanceof Error ? e : String(e));
    }
  };
}

/** The decoder of a type with an UnmarshalText method: a JSON string (or null) only. */
export function unmarshalTextDecoder(
  t: GoType,
  o: ResolvedOptions,
  ut: NonNullable<ReturnType<typeof lookupMethod>>,
): Dec {
  const f = o.flags;
  const fn = ut.call;
  return (r, cur) => {
    const d = r.d;
    const k = d.peekKind();
    if (k === "n") {
      d.readNull();
      return f.mergeWithLegacySemantics ? cur : zero(t);
    }
    if (k !== '"') {
      if (k === "}" || k === "]") return mismatch(r, o, t, cur, k);
      // Go reads the whole value (ReadValue: its texts for a syntax error inside), then reports
      // it with errNonStringValue.
      const start = d.inputOffset;
      d.readValue();
      return fail(r, o, afterErr(r, t, k, start, "", "JSON value must be string type"), false, cur);
    }
    const start = d.inputOffset;
    const s = d.readString();
    try {
      return fn(toBytes(s), cur);
    } catch (e) {
      if (GoMethodMissingError.isInstance(e)) throw e;
      if (f.reportErrorsWithLegacySemantics) return fail(r, o, methodError(e), false, cur);
      throw afterErr(r, t, '"', start, "", e instanceof Error ? e : String(e));
    }
  };
}

/**
 * The encoder of a type with a MarshalJSONTo method: the twin writes one value to a MethodEncoder.
 * Errors as Go's: the method's own error (or errNonSingularValue when it wrote no value, part of
 * one or several) is a SemanticError on t, after the bytes the method wrote; legacy reporting
 * wraps it in v1's MarshalerError naming MarshalJSONTo (`legacyErr`).
 */
export function marshalJSONToEncoder(
  t: GoType,
  o: ResolvedOptions,
  fn: (enc: TwinEncoder, v: any) => unknown,
  legacyErr: (e: unknown, func: string) => unknown,
): Enc {
  const legacy = o.flags.reportErrorsWithLegacySemantics;
  return (v) => {
    const enc = new TwinEncoder(o, false);
    const err = marshalThroughTwin(fn, enc, v);
    if (err === undefined) return enc.text();
    if (GoMethodMissingError.isInstance(err) || legacy) throw legacyErr(err, "MarshalJSONTo");
    const e = marshalToError(t, err, enc.written);
    if (!SemanticError.isInstance(e)) throw e;
    // Several values written: Go's encoder stands after them, within the enclosing container.
    if (enc.extra > 0) throw wroteExtraError(e, enc.extraName, enc.values());
    // Go's Marshal returns the method's output so far with the error.
    if (enc.written > 0) noteWrittenInside(e, enc.text());
    // Inside a level the method opened: Go points into it, and counts the delimiter due next.
    if (e.jsonPointer === "" && e.goType === t) {
      e.jsonPointer = enc.inner.pointer();
      if (enc.inner.afterItem) e.byteOffset++;
      e.render();
    }
    throw e;
  };
}

/**
 * Go's newSemanticErrorWithPosition for a MarshalJSONTo error: a SemanticError the method threw
 * is kept; any other error (the encoder's SyntacticError too) is wrapped, placed after the
 * `written` bytes of the method.
 */
export function marshalToError(t: GoType, e: unknown, written: number): unknown {
  if (SemanticError.isInstance(e)) return e;
  // Go's encoder reports invalid UTF-8 in a token as the bare error (no position).
  const cause =
    SyntacticError.isInstance(e) && e.detail === "invalid UTF-8"
      ? e.detail
      : e instanceof Error
        ? e
        : String(e);
  const err = new SemanticError({ action: "marshal", goType: t, cause, byteOffset: written });
  return written > 0 ? positionedMarshalError(err) : err;
}

/**
 * The decoder of a type with an UnmarshalJSONFrom method: the twin reads one value from a
 * MethodDecoder over that value (JSON null included: Go calls the method for it). The method
 * must read exactly the value (else Go's errNonSingularValue); its error is a SemanticError on t
 * at the last token it read, or under legacy reporting returned unchanged while decoding goes on
 * after the value (Go's SkipUntil).
 */
export function unmarshalJSONFromDecoder(
  t: GoType,
  o: ResolvedOptions,
  uf: NonNullable<ReturnType<typeof lookupMethod>>,
): Dec {
  const f = o.flags;
  const fn = uf.call;
  return (r, cur) => {
    const d = r.d;
    const start = d.inputOffset;
    const top = d.stackDepth === 0;
    const raw = d.readValue();
    const dec = new TwinDecoder(raw, r.valueStart(start), top, o);
    let out = cur;
    let err: unknown;
    try {
      out = fn(dec, cur);
      if (!dec.singular) err = new Error(ERR_NON_SINGULAR);
    } catch (e) {
      err = e;
    }
    if (err === undefined) return out;
    if (GoMethodMissingError.isInstance(err)) throw err;
    if (f.reportErrorsWithLegacySemantics) {
      // v1's text for io.ErrUnexpectedEOF; reading into the next value is errNonSingularValue.
      const e =
        err instanceof MethodReadPastValue && err.atEOF ? new Error(legacySyntaxText("unexpected EOF")) : err;
      return fail(r, o, methodError(e), false, out);
    }
    if (dec.readPast) throw readPastValueError(t, r);
    throw unmarshalFromError(t, err, dec);
  };
}

/**
 * Go's errNonSingularValue for an UnmarshalJSONFrom method that read past its value: Go's decoder
 * has read the next token of the container (the next element, the next member's name, or the
 * closing delimiter), and the error stands at it.
 */
function readPastValueError(t: GoType, r: Reader): SemanticError {
  const d = r.d;
  const b = r.buf;
  const ws = (p: number) => {
    while (b[p] === 0x20 || b[p] === 0x0a || b[p] === 0x0d || b[p] === 0x09) p++;
    return p;
  };
  let p = ws(d.inputOffset);
  const err = (drop: number, name?: string) =>
    readPastError(
      new SemanticError({ action: "unmarshal", goType: t, byteOffset: p, cause: ERR_NON_SINGULAR }),
      name === undefined ? { drop } : { drop, name },
    );
  if (b[p] === 0x5d || b[p] === 0x7d) return err(2);
  if (b[p] === 0x2c) p = ws(p + 1);
  // After an object member's value the next value's pointer is the object's own.
  const sp = d.stackPointer();
  if (d.nextValuePointer() !== sp.slice(0, sp.lastIndexOf("/"))) return err(1);
  const name = new Decoder(b.subarray(p), { allowInvalidUTF8: true, allowDuplicateNames: true }).readString();
  return err(1, name);
}

/**
 * Go's newSemanticErrorWithPosition for an UnmarshalJSONFrom error: a SemanticError or
 * SyntacticError the method threw is kept; any other error is wrapped, placed at the last token
 * the method read (at the value when it read none).
 */
export function unmarshalFromError(t: GoType, e: unknown, dec: TwinDecoder): unknown {
  if (SemanticError.isInstance(e) || SyntacticError.isInstance(e)) return e;
  return new SemanticError({
    action: "unmarshal",
    goType: t,
    byteOffset: dec.read ? dec.previousOffset : dec.inputOffset,
    // Inside a level the method opened, Go points into it.
    jsonPointer: dec.inner.pointer(),
    cause: e instanceof Error ? e : String(e),
  });
}
