/**
 * What every unmarshal plan shares: its errors and how legacy error reporting records them and
 * carries on (fail, mismatch, afterErr), member names, invalid `format` and `string` options, and
 * small readers of the input's text.
 */

import type { GoType } from "@gojson/gotype";
import { Decoder, JsonError, type Kind } from "@gojson/jsontext";
import { decodeStringBytes } from "@gojson/jsontext/internal";
import {
  ERR_INVALID_STRING_TAG,
  escapePointerToken,
  type JsonKind,
  MethodError,
  SemanticError,
  SyntacticError,
  syntacticError,
} from "./errors.js";
import { FORMATLESS_KINDS } from "./marshal-support.js";
import type { ResolvedOptions } from "./options.js";
import type { Reader } from "./reader.js";
import type { Dec } from "./unmarshal-deep.js";

/**
 * readName reads an object member name (the decoder reports a non-string name with Go's text).
 * Go reads a name as a whole value: an object or array cut off by the end of the input
 * is an unexpected EOF rather than a non-string name (not so for `any`, which reads tokens).
 */
/** A map key's type rejects the object member name at `start` (a string where Go wants the key's kind). */
export function memberNameError(
  r: Reader,
  name: string,
  start: number,
  k: GoType,
  cause?: Error,
): SemanticError {
  return new SemanticError({
    action: "unmarshal",
    jsonKind: '"',
    goType: k,
    byteOffset: r.valueStart(start),
    jsonPointer: `/${escapePointerToken(name)}`,
    ...(cause ? { cause } : {}),
  });
}

export function readName(r: Reader, k: Kind, asValue = true): string {
  const d = r.d;
  if (k !== '"') {
    if (asValue && (k === "{" || k === "[")) {
      // Go's ReadValue reads the name as a whole value first: a syntax error inside it is reported
      // as such (with its place), a complete object or array is then a name that is not a string.
      const base = r.valueStart(d.inputOffset);
      const probe = new Decoder(r.buf.subarray(base), { allowDuplicateNames: true, allowInvalidUTF8: true });
      try {
        probe.readValue();
      } catch (e) {
        if (SyntacticError.isInstance(e)) {
          throw syntacticError(e.detail, base + e.offset, `${d.nextValuePointer()}${e.pointer}`);
        }
        throw e;
      }
    }
    d.readToken();
  }
  return d.readString();
}

/** Errors returned verbatim by a method under legacy reporting (Go adds no position to them). */
export const UNPOSITIONED = new WeakSet<SemanticError>();

/** A method's thrown value as the error Go's v1 returns unchanged: same text, kept as `cause`. */
export function methodError(e: unknown): Error {
  return JsonError.isInstance(e) ? e : new MethodError(e);
}

/** Method errors that travel up a plan under legacy reporting (returned unchanged, not fatal). */
const LEGACY_METHOD_ERRORS = new WeakSet<Error>();

export function legacyMethodError(e: unknown): Error {
  const err = methodError(e);
  LEGACY_METHOD_ERRORS.add(err);
  return err;
}

/** Whether legacy reporting records `e` and carries on (Go's !isFatalError): semantic or method errors. */
export function isNonFatal(e: unknown): e is SemanticError | Error {
  return SemanticError.isInstance(e) || (e instanceof Error && LEGACY_METHOD_ERRORS.has(e));
}

/** How many errors legacy reporting recorded and carried on from (a decoder can tell whether its value failed). */
export let legacyFailures = 0;

/** Legacy error reporting: remember the first semantic error and carry on (skipping the value). */
export function fail(
  r: Reader,
  o: ResolvedOptions,
  err: SemanticError | Error,
  skip: boolean,
  cur: unknown,
): unknown {
  if (!o.flags.reportErrorsWithLegacySemantics) throw err;
  legacyFailures++;
  if (skip) r.d.readValue(); // error path: ReadValue reports a syntax error inside as Go does
  if (!r.deferred) {
    // The error does not travel up the plan: place it with the decoder's pointer now.
    if (SemanticError.isInstance(err) && !UNPOSITIONED.has(err)) {
      err.jsonPointer = r.d.stackPointer();
      err.render();
    }
    r.deferred = err;
  }
  return cur;
}

/**
 * A type mismatch at the start of a value of kind k. Go reads the whole value first
 * for strings and numbers (ReadValue), but only the first token for bools, structs,
 * maps, slices and arrays (ReadToken: the rest is not validated unless errors are
 * reported with legacy semantics, which skips the value).
 */
export function mismatch(
  r: Reader,
  o: ResolvedOptions,
  t: GoType,
  cur: unknown,
  k: Kind,
  token = false,
): unknown {
  const start = r.d.inputOffset;
  if (k === "}" || k === "]") {
    // A closing delimiter where a value belongs: the arshalers that read a token first (Go's
    // ReadToken: "missing value after object name", ...) fail differently from ReadValue's.
    // A token read that succeeds (legacy reporting after Go 1.27's unsupported `format` left the
    // decoder inside an object: the `}` closes it) is the mismatch, with nothing left to skip.
    if (!token) r.d.skipValue();
    r.d.readToken();
    return fail(
      r,
      o,
      new SemanticError({ action: "unmarshal", jsonKind: k, goType: t, byteOffset: r.valueStart(start) }),
      false,
      cur,
    );
  }
  if (!o.flags.reportErrorsWithLegacySemantics) {
    // ReadValue (not skipValue): a syntax error inside is reported with Go's pointer.
    if (token) r.d.readToken();
    else r.d.readValue();
  }
  return fail(
    r,
    o,
    new SemanticError({ action: "unmarshal", jsonKind: k, goType: t, byteOffset: r.valueStart(start) }),
    true,
    cur,
  );
}

export function afterErr(
  r: Reader,
  t: GoType,
  kind: JsonKind,
  start: number,
  value: string,
  cause: string | Error | undefined,
): SemanticError {
  return new SemanticError({
    action: "unmarshal",
    jsonKind: kind,
    jsonValue: value,
    goType: t,
    byteOffset: r.valueStart(start),
    cause,
  });
}

/** The kinds whose arshalers take no `format` option (Go's newInvalidFormatError). */
export const FORMATLESS_KINDS_U: ReadonlySet<string> = FORMATLESS_KINDS;

export function textAt(b: Uint8Array, start: number, n: number): string {
  let out = "";
  for (let i = start; i < start + n; i++) out += String.fromCharCode(b[i] as number);
  return out;
}

/** rawText is the JSON text of the value read since byte offset `start` (Go shows values as they are written). */
export function rawText(r: Reader, start: number): string {
  const from = r.valueStart(start);
  // Invalid UTF-8: one U+FFFD per bad byte, as Go's utf8 decoding (not TextDecoder's maximal subparts).
  return decodeStringBytes(r.buf, from, r.d.inputOffset);
}

/** A type mismatch for a value already read in full (Go's newUnmarshalErrorAfter without a value). */
export function mismatchAfter(
  r: Reader,
  o: ResolvedOptions,
  t: GoType,
  cur: unknown,
  k: Kind,
  start: number,
): unknown {
  return fail(r, o, afterErr(r, t, k, start, "", undefined), false, cur);
}

/**
 * peekSoft is PeekKind as Go's array loops use it: a syntax error is deferred, so the element is
 * allocated (and its decoder called, which reports the error) before the loop fails. Returns "" then.
 */
export function peekSoft(d: Decoder): Kind {
  try {
    return d.peekKind();
  } catch (e) {
    // Only a syntax error is deferred; anything else (an exhausted stack) goes on as it is.
    if (JsonError.isInstance(e)) return "";
    throw e;
  }
}

/**
 * invalidFormat reports a `format:` the type does not take, before the value is read (Go's
 * newUnmarshalErrorBeforeWithSkipping: legacy reporting records the value's kind, skips it and carries on).
 */
export function invalidFormatDecoder(t: GoType, format: string, o: ResolvedOptions): Dec {
  const legacy = o.flags.reportErrorsWithLegacySemantics;
  return (r, cur) => {
    const start = r.d.inputOffset;
    // v2 reports it before the value is looked at (even at the end of the input or a syntax error).
    const k = legacy ? r.d.peekKind() : "";
    const e = new SemanticError({
      action: "unmarshal",
      jsonKind: k,
      goType: t,
      byteOffset: r.valueStart(start),
      cause: `invalid format flag ${JSON.stringify(format)}`,
    });
    return fail(r, o, e, true, cur);
  };
}

export function setOwn(obj: Record<string, unknown>, k: string, v: unknown): void {
  if (k === "__proto__")
    Object.defineProperty(obj, k, { value: v, writable: true, enumerable: true, configurable: true });
  else obj[k] = v;
}

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return (
    v !== null && typeof v === "object" && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype
  );
}

/** Go 1.27's errInvalidStringTag, reported before the value is read (newUnmarshalErrorBeforeWithSkipping). */
export function invalidStringTagDecoder(t: GoType, o: ResolvedOptions): Dec {
  return (r, cur) => {
    const start = r.d.inputOffset;
    const e = new SemanticError({
      action: "unmarshal",
      jsonKind: o.flags.reportErrorsWithLegacySemantics ? r.d.peekKind() : "",
      goType: t,
      byteOffset: r.valueStart(start),
      cause: ERR_INVALID_STRING_TAG,
    });
    return fail(r, o, e, true, cur);
  };
}
