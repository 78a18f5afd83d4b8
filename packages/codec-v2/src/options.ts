/**
 * Options of encoding/json/v2, encoding/json/jsontext and the v1 legacy
 * options of encoding/json, with Go's names in camelCase.
 *
 * Options are resolved once at the API boundary into a frozen
 * {@link ResolvedOptions}; later options win over earlier ones.
 */

/** Every boolean option understood by codec-v2 (Go name in camelCase). */
export const BOOLEAN_OPTIONS = [
  // jsontext (encode or decode)
  "allowDuplicateNames",
  "allowInvalidUTF8",
  "escapeForHTML",
  "escapeForJS",
  "preserveRawStrings",
  "canonicalizeRawInts",
  "canonicalizeRawFloats",
  "reorderRawObjects",
  "multiline",
  "spaceAfterColon",
  "spaceAfterComma",
  // json/v2
  "stringifyNumbers",
  "deterministic",
  "formatNilMapAsNull",
  "formatNilSliceAsNull",
  "omitZeroStructFields",
  "matchCaseInsensitiveNames",
  "discardUnknownMembers",
  "rejectUnknownMembers",
  // json (v1) legacy options
  "callMethodsWithLegacySemantics",
  "formatByteArrayAsArray",
  "formatBytesWithLegacySemantics",
  "formatDurationAsNano",
  "matchCaseSensitiveDelimiter",
  "mergeWithLegacySemantics",
  "omitEmptyWithLegacySemantics",
  "parseBytesWithLooseRFC4648",
  "parseTimeWithLooseRFC3339",
  "reportErrorsWithLegacySemantics",
  "stringifyWithLegacySemantics",
  "unmarshalAnyWithRawNumber",
  "unmarshalArrayFromAnyLength",
] as const;

/** Name of a boolean option. */
export type BooleanOption = (typeof BOOLEAN_OPTIONS)[number];

/** The boolean options that default to true under v1 semantics (Go's jsonflags.DefaultV1Flags). */
export const DEFAULT_V1_FLAGS: readonly BooleanOption[] = [
  "allowDuplicateNames",
  "allowInvalidUTF8",
  "escapeForHTML",
  "escapeForJS",
  "preserveRawStrings",
  "deterministic",
  "formatNilMapAsNull",
  "formatNilSliceAsNull",
  "matchCaseInsensitiveNames",
  "callMethodsWithLegacySemantics",
  "formatByteArrayAsArray",
  "formatBytesWithLegacySemantics",
  "formatDurationAsNano",
  "matchCaseSensitiveDelimiter",
  "mergeWithLegacySemantics",
  "omitEmptyWithLegacySemantics",
  "parseBytesWithLooseRFC4648",
  "parseTimeWithLooseRFC3339",
  "reportErrorsWithLegacySemantics",
  "stringifyWithLegacySemantics",
  "unmarshalArrayFromAnyLength",
];

/** MAX_NESTING_DEPTH is jsontext's limit on nested objects and arrays (decode and encode). */
export { MAX_NESTING_DEPTH } from "@gojson/jsontext";

/**
 * Options for marshal and unmarshal: every json/v2 and jsontext option, and
 * the v1 legacy options, named as in Go in camelCase. `undefined` means unset.
 */
export type Options = {
  [K in BooleanOption]?: boolean;
} & {
  /** jsontext.WithIndent: indentation per level (implies multiline). Encode only. */
  withIndent?: string;
  /** jsontext.WithIndentPrefix: prefix of every line after the first (implies multiline). Encode only. */
  withIndentPrefix?: string;
  /** Unmarshal only: the existing value to merge into. */
  into?: unknown;
};

/** Options after resolution: frozen, every boolean known (unset is false), `set` tells which were given. */
export interface ResolvedOptions {
  readonly flags: Readonly<Record<BooleanOption, boolean>>;
  readonly set: ReadonlySet<BooleanOption>;
  readonly indent: string;
  readonly indentPrefix: string;
  /** A compact key of every flag that can change a compiled plan. */
  readonly key: string;
}

/** DefaultOptionsV1 returns the options that give Go v1 (encoding/json) semantics through the v2 engine. */
export function defaultOptionsV1(): Options {
  const o: Options = {};
  for (const k of DEFAULT_V1_FLAGS) o[k] = true;
  return o;
}

/** DefaultOptionsV2 returns v2's defaults: every v1 flag explicitly false (overrides earlier options). */
export function defaultOptionsV2(): Options {
  const o: Options = {};
  for (const k of DEFAULT_V1_FLAGS) o[k] = false;
  return o;
}

const resolvedCache = new WeakMap<object, ResolvedOptions>();
let emptyResolved: ResolvedOptions | undefined;

/** Options given to an API: one object, or several joined in order (later ones win). */
export type OptionsInput = Options | readonly (Options | undefined)[] | undefined;

/** Resolve options once at the API boundary into a frozen value. */
export function resolveOptions(input: OptionsInput): ResolvedOptions {
  if (input === undefined) {
    emptyResolved ??= build([]);
    return emptyResolved;
  }
  const cached = resolvedCache.get(input);
  if (cached) return cached;
  const list = Array.isArray(input) ? (input as (Options | undefined)[]) : [input as Options];
  const r = build(list);
  resolvedCache.set(input, r);
  return r;
}

function build(list: readonly (Options | undefined)[]): ResolvedOptions {
  const flags = {} as Record<BooleanOption, boolean>;
  const set = new Set<BooleanOption>();
  for (const k of BOOLEAN_OPTIONS) flags[k] = false;
  let indent: string | undefined;
  let indentPrefix: string | undefined;
  for (const o of list) {
    if (!o) continue;
    for (const k of BOOLEAN_OPTIONS) {
      const v = o[k];
      if (v !== undefined) {
        flags[k] = !!v;
        set.add(k);
      }
    }
    if (o.withIndent !== undefined) {
      if (/[^ \t]/.test(o.withIndent))
        throw new TypeError("jsontext: indent must only be composed of space or tab characters");
      indent = o.withIndent;
      flags.multiline = true;
    }
    if (o.withIndentPrefix !== undefined) {
      if (/[^ \t]/.test(o.withIndentPrefix))
        throw new TypeError("jsontext: indent prefix must only be composed of space or tab characters");
      indentPrefix = o.withIndentPrefix;
      flags.multiline = true;
    }
  }
  let key = "";
  for (const k of BOOLEAN_OPTIONS) key += flags[k] ? "1" : "0";
  return Object.freeze({
    flags: Object.freeze(flags),
    set,
    indent: indent ?? "\t",
    indentPrefix: indentPrefix ?? "",
    key,
  });
}
