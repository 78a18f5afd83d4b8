/**
 * What every marshal plan shares: its errors (marshalErr, a raw value's error before a closing
 * delimiter, invalid `format` and `string` options), quoting with the options' policy, and the
 * value check in front of an encoder.
 */

import { type GoType, INTEGER_KINDS } from "@gojson/gotype";
import { SyntacticError } from "@gojson/jsontext";
import { ERR_INVALID_STRING_TAG, SemanticError } from "./errors.js";
import { invalidValue } from "./invalid-value.js";
import type { Enc } from "./marshal-deep.js";
import type { ResolvedOptions } from "./options.js";
import { quotePolicyFor, quoteWith } from "./quote.js";
import { startsWithClose } from "./raw.js";

export function marshalErr(t: GoType | undefined, cause: string | Error): SemanticError {
  return new SemanticError({ action: "marshal", goType: t, cause });
}

export function q(o: ResolvedOptions, s: string): string {
  return quoteWith(s, quotePolicyFor(o));
}

/** checked returns enc behind a check that its value fits Go type t (else an InvalidValueError). */
export function checked(t: GoType, enc: Enc, ok: (v: unknown) => boolean): Enc {
  return (v) => {
    if (!ok(v)) throw invalidValue(t, v);
    return enc(v);
  };
}

export function invalidFormatEncoder(t: GoType, format: string): Enc {
  return () => {
    throw marshalErr(t, `invalid format flag ${JSON.stringify(format)}`);
  };
}

/** The kinds whose arshalers take no `format` option (Go's newInvalidFormatError). */
export const FORMATLESS_KINDS: ReadonlySet<string> = new Set<string>([
  "bool",
  "string",
  ...INTEGER_KINDS,
  "struct",
  "interface",
]);

/** Go 1.27's errInvalidStringTag: the `string` option on a type whose value is not a JSON number. */
export function invalidStringTagEncoder(t: GoType): Enc {
  return () => {
    throw marshalErr(t, ERR_INVALID_STRING_TAG);
  };
}

/** Raw-value errors whose value starts with `}` or `]` (Go writes no comma before it). */
export const BEFORE_DELIM = new WeakSet<object>();

/** rawErr marks a raw value's error for its enclosing array (see BEFORE_DELIM) and returns it. */
export function rawErr<E>(e: E, raw: string | Uint8Array): E {
  if (typeof e === "object" && e !== null && startsWithClose(raw)) BEFORE_DELIM.add(e);
  return e;
}

export function isDepthError(e: unknown): boolean {
  return SyntacticError.isInstance(e) && e.detail === "exceeded max depth";
}
