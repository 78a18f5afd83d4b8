/**
 * The fast unmarshal path under v1's legacy options (defaultOptionsV1() and any subset of it):
 * which unmarshal flag the fast path may leave to the exact engine, and what the rest change in a
 * compiled plan. Every flag of an unmarshal is in one of three classes:
 *
 * (a) The fast path gives up on every input the flag affects, so it returns only values the exact
 *     engine returns with the flag as well:
 *     - allowDuplicateNames: a repeated member name bails (struct fields by field, unknown names,
 *       map keys by Go key, names inside `any` and skipped values through the cursor's flag);
 *     - allowInvalidUTF8: input that is not valid UTF-8 (or a string with a lone surrogate) is
 *       refused by beginScan, a lone surrogate escape bails (the cursor's flag stays off);
 *     - unmarshalArrayFromAnyLength: an array (or decoded bytes) of another length bails;
 *     - parseBytesWithLooseRFC4648: base64 is read strictly; text that only the loose reading
 *       takes (line breaks) bails, and loose and strict agree on all other text;
 *     - reportErrorsWithLegacySemantics: any error bails (legacy reporting still ends in an error);
 *       the one success it adds (a name that folds to several fields takes the first) is below;
 *     - mergeWithLegacySemantics: it keeps the destination's value where v2 would zero or replace
 *       it (null, slices, arrays, maps, `any`); the fast path decodes into fresh values only, where
 *       the destination holds its zero value, and a member decoded twice (a duplicate) bails;
 *     - stringifyWithLegacySemantics for numbers: Go's strconv syntax (quoted numbers, number map
 *       keys) takes more than JSON's; the fast path reads JSON's syntax and bails on the rest,
 *       where both give the same number, and a quoted "null" bails.
 * (b) The flag concerns kinds the fast path never compiles (the whole type is left to the exact
 *     engine): callMethodsWithLegacySemantics (types and map keys with unmarshal methods),
 *     formatDurationAsNano (time.Duration), parseTimeWithLooseRFC3339 (time.Time), and
 *     stringifyWithLegacySemantics on a `string` field (v1's quoting of bools and strings, quoted
 *     null on pointers): such a field is not compiled under it.
 * (c) The flag changes what a compiled plan does:
 *     - matchCaseInsensitiveNames with matchCaseSensitiveDelimiter: names fold as v1 folds them
 *       (case only; '-' and '_' count), the fold the exact engine groups fields by;
 *     - reportErrorsWithLegacySemantics: a name folding to several fields is not Go 1.27's error;
 *       the field of lowest id takes it;
 *     - formatBytesWithLegacySemantics: []B and [N]B of a named byte type are bytes (base64);
 *     - formatByteArrayAsArray: [N]byte is an array of numbers, not base64;
 *     - allowDuplicateNames: an `any` reached under StringifyNumbers is decoded through Go's
 *       float64 arshaler (quoted numbers): not compiled.
 * unmarshalAnyWithRawNumber (v1's Decoder.UseNumber) is not served.
 */

import type { BooleanOption, ResolvedOptions } from "./options.js";

/**
 * The legacy flags whose only effect on a fresh unmarshal is on input the fast path gives up on,
 * or on kinds it does not compile (classes (a) and (b) above).
 */
export const V1_BAIL_ONLY: ReadonlySet<BooleanOption> = new Set<BooleanOption>([
  "allowDuplicateNames",
  "allowInvalidUTF8",
  "callMethodsWithLegacySemantics",
  "formatDurationAsNano",
  "mergeWithLegacySemantics",
  "parseBytesWithLooseRFC4648",
  "parseTimeWithLooseRFC3339",
  "unmarshalArrayFromAnyLength",
]);

/** The legacy flags a compiled plan looks at (class (c), and the `string` fields of class (b)). */
export const V1_COMPILED: ReadonlySet<BooleanOption> = new Set<BooleanOption>([
  "matchCaseSensitiveDelimiter",
  "reportErrorsWithLegacySemantics",
  "formatBytesWithLegacySemantics",
  "formatByteArrayAsArray",
  "stringifyWithLegacySemantics",
]);

/** What a compiled fast plan needs to know of the legacy flags. */
export interface V1Plan {
  /** matchCaseSensitiveDelimiter: v1's fold ('-' and '_' count) instead of v2's. */
  readonly delimiter: boolean;
  /** reportErrorsWithLegacySemantics: a name folding to several fields takes the first. */
  readonly legacyErrors: boolean;
  /** formatBytesWithLegacySemantics: a slice or array of a named byte type is bytes. */
  readonly namedBytes: boolean;
  /** formatByteArrayAsArray: [N]byte is a JSON array of numbers. */
  readonly byteArrayAsArray: boolean;
  /** stringifyWithLegacySemantics: a `string` field is not compiled. */
  readonly legacyString: boolean;
  /** allowDuplicateNames: an `any` under StringifyNumbers is not compiled. */
  readonly typedAny: boolean;
  /** The flags above as a compact key. */
  readonly key: string;
}

/** v1Plan reads the legacy flags a compiled plan looks at. */
export function v1Plan(o: ResolvedOptions): V1Plan {
  const f = o.flags;
  const p = {
    delimiter: f.matchCaseSensitiveDelimiter,
    legacyErrors: f.reportErrorsWithLegacySemantics,
    namedBytes: f.formatBytesWithLegacySemantics,
    byteArrayAsArray: f.formatByteArrayAsArray,
    legacyString: f.stringifyWithLegacySemantics,
    typedAny: f.allowDuplicateNames,
  };
  let key = "";
  for (const v of Object.values(p)) key += v ? "1" : "0";
  return { ...p, key };
}
