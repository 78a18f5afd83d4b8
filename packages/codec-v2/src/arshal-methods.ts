/**
 * Types with methods, marshal and unmarshal: MarshalJSON / UnmarshalJSON (the whole raw value),
 * AppendText or MarshalText / UnmarshalText (a JSON string), v2's and v1's rules for
 * addressability and errors; and json.RawMessage / jsontext.Value, written and read as raw
 * values. Go: arshal_methods.go.
 */

import {
  GoMethodMissingError,
  GoTimeError,
  type GoType,
  typeString as reflectTypeString,
} from "@gojson/gotype";
import { SyntacticError } from "@gojson/jsontext";
import { SemanticError, syntacticError, valueOutputError } from "./errors.js";
import { goTimeErrorText, lookupMethod, zero } from "./go-values.js";
import { invalidValue } from "./invalid-value.js";
import { legacySyntaxText, MarshalerError } from "./legacy-errors.js";
import type { MarshalMode } from "./marshal-compile.js";
import type { Enc } from "./marshal-deep.js";
import { marshalErr, q, rawErr } from "./marshal-support.js";
import type { ResolvedOptions } from "./options.js";
import { reformatRaw } from "./raw.js";
import { toBytes } from "./reader.js";
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
 * The encoder of a type with a MarshalJSON, AppendText or MarshalText method (Go's order), or
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
