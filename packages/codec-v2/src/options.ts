/**
 * Options of encoding/json/v2, encoding/json/jsontext and the v1 legacy
 * options of encoding/json, with Go's names in camelCase, and the Go release
 * to match (`goVersion`).
 *
 * Options are resolved once at the API boundary into a frozen
 * {@link ResolvedOptions}; later options win over earlier ones. An unknown
 * option name, or a value of the wrong type, is a TypeError.
 */
import { describeArgument, InvalidArgumentError, unknownOptionError } from "./argument-errors.js";
import {
  DEFAULT_GO_VERSION,
  GO_VERSIONS,
  type GoRules,
  type GoVersion,
  goRules,
  isGoVersion,
} from "./go-version.js";

export { DEFAULT_GO_VERSION, GO_VERSIONS, type GoRules, type GoVersion };

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
  /**
   * The Go release whose behaviour to match: "1.27" (the default, the newest) or "1.26".
   * Marshal and unmarshal; the differences are listed in go-version.ts and the README.
   */
  goVersion?: GoVersion;
};

/** Options after resolution: frozen, every boolean known (unset is false), `set` tells which were given. */
export interface ResolvedOptions {
  readonly flags: Readonly<Record<BooleanOption, boolean>>;
  readonly set: ReadonlySet<BooleanOption>;
  readonly indent: string;
  readonly indentPrefix: string;
  /** The Go release matched. */
  readonly goVersion: GoVersion;
  /** The behaviours of that release that differ from the other supported one. */
  readonly rules: GoRules;
  /** A compact key of every flag that can change a compiled plan (the Go release included). */
  readonly key: string;
}

const RESOLVED = Symbol.for("gojson.codec-v2.ResolvedOptions");

/** The option names that are not booleans. */
const OTHER_OPTIONS: ReadonlySet<string> = new Set(["withIndent", "withIndentPrefix", "goVersion"]);
const BOOLEAN_SET: ReadonlySet<string> = new Set(BOOLEAN_OPTIONS);

/**
 * CodecOptions is the old name of {@link Options}, from when `Options` also held unmarshal's `into`.
 * @deprecated Use `Options`; `into` belongs to unmarshal's options (`UnmarshalOptions`).
 */
export type CodecOptions = Options;

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
export type OptionsInput =
  | Options
  | ResolvedOptions
  | readonly (Options | ResolvedOptions | undefined)[]
  | undefined;

/**
 * Resolutions of plain option objects (and lists of them) by their contents. An options literal
 * written at the call site, `unmarshal(T, b, { rejectUnknownMembers: true })`, is a new object at
 * every call: resolving it again cost ten times the unmarshal of a small value. An object seen
 * before is found by identity first (its options are read once, as before). Keyed by a text of
 * the contents (listText, contentText).
 */
const byContent = new Map<string, ResolvedOptions>();
/** byContent holds at most this many resolutions (others are resolved at each call). */
const BY_CONTENT_MAX = 1024;
/** A boolean option's bit in the masks. */
const OPTION_BIT = new Map<string, number>(BOOLEAN_OPTIONS.map((k, i) => [k, 1 << i]));

/** readContents' results: the options an object gives, those of them given as true, its string options. */
let givenBits = 0;
let trueBits = 0;
let textOptions = "";

/**
 * readContents reads a plain object's options (its enumerable properties, as build reads them)
 * into givenBits, trueBits and textOptions; false when the object is not a plain one, holds a name
 * that is not an option, or a value of the wrong type (build reports those).
 */
function readContents(o: object): boolean {
  const proto = Object.getPrototypeOf(o);
  if (proto !== Object.prototype && proto !== null) return false;
  let given = 0;
  let yes = 0;
  let text = "";
  for (const k in o) {
    const v = (o as Record<string, unknown>)[k];
    const bit = OPTION_BIT.get(k);
    if (bit !== undefined) {
      // undefined is not given (build skips it).
      if (v === true) {
        given |= bit;
        yes |= bit;
      } else if (v === false) given |= bit;
      else if (v !== undefined) return false;
    } else if (!OTHER_OPTIONS.has(k)) return false;
    else if (typeof v === "string") text += `${k}:${JSON.stringify(v)},`;
    else if (v !== undefined) return false;
  }
  givenBits = given;
  trueBits = yes;
  textOptions = text;
  return true;
}

/** The text of the contents readContents read last. */
function contentText(): string {
  return `${givenBits},${trueBits},${textOptions}`;
}

/** The text of a list of plain objects' contents; undefined when an entry is not one. */
function listText(list: readonly unknown[]): string | undefined {
  let key = "[";
  for (let i = 0; i < list.length; i++) {
    const o = list[i];
    if (o === undefined) key += "u|";
    else if (typeof o !== "object" || o === null || isResolved(o) || !readContents(o)) return undefined;
    else key += `${contentText()}|`;
  }
  return key;
}

/** Resolve options once at the API boundary into a frozen value. */
export function resolveOptions(input: OptionsInput): ResolvedOptions {
  if (input === undefined) {
    emptyResolved ??= build([]);
    return emptyResolved;
  }
  // The same object again (the usual case: options made once): by identity, as cheap as a lookup.
  const cached = resolvedCache.get(input);
  if (cached) return cached;
  if (isResolved(input)) return input;
  const r = byContents(input) ?? build(Array.isArray(input) ? input : [input as Options]);
  resolvedCache.set(input, r);
  return r;
}

/** A new plain object or list whose contents were resolved before: that resolution (else undefined, built once). */
function byContents(
  input: Options | readonly (Options | ResolvedOptions | undefined)[],
): ResolvedOptions | undefined {
  const key = Array.isArray(input) ? listText(input) : readContents(input) ? contentText() : undefined;
  if (key === undefined) return undefined;
  const hit = byContent.get(key);
  if (hit !== undefined) return hit;
  const r = build(Array.isArray(input) ? input : [input as Options]);
  if (byContent.size < BY_CONTENT_MAX) byContent.set(key, r);
  return r;
}

function isResolved(o: unknown): o is ResolvedOptions {
  return typeof o === "object" && o !== null && (o as Record<symbol, unknown>)[RESOLVED] === true;
}

function build(list: readonly (Options | ResolvedOptions | undefined)[]): ResolvedOptions {
  const flags = {} as Record<BooleanOption, boolean>;
  const set = new Set<BooleanOption>();
  for (const k of BOOLEAN_OPTIONS) flags[k] = false;
  let indent: string | undefined;
  let indentPrefix: string | undefined;
  let goVersion: GoVersion = DEFAULT_GO_VERSION;
  for (const o of list) {
    if (!o) continue;
    if (isResolved(o)) {
      // An already resolved set (a stream's own options): every option it holds, given or not.
      for (const k of BOOLEAN_OPTIONS) flags[k] = o.flags[k];
      for (const k of o.set) set.add(k);
      indent = o.indent;
      indentPrefix = o.indentPrefix;
      goVersion = o.goVersion;
      continue;
    }
    for (const k of Object.keys(o)) {
      if (BOOLEAN_SET.has(k)) {
        const v = (o as Record<string, unknown>)[k];
        if (v !== undefined && typeof v !== "boolean")
          throw new InvalidArgumentError(
            `gojson: option ${JSON.stringify(k)} must be a boolean, got ${describeArgument(v)}`,
          );
      } else if (k === "into")
        throw new InvalidArgumentError(
          "gojson: `into` is not an option here: it is the destination of unmarshal, unmarshalRead and unmarshalDecode",
        );
      else if (!OTHER_OPTIONS.has(k)) throw unknownOptionError(k, [...BOOLEAN_OPTIONS, ...OTHER_OPTIONS]);
    }
    for (const k of BOOLEAN_OPTIONS) {
      const v = o[k];
      if (v !== undefined) {
        flags[k] = v;
        set.add(k);
      }
    }
    if (o.goVersion !== undefined) {
      if (!isGoVersion(o.goVersion))
        throw new InvalidArgumentError(
          `gojson: option "goVersion" must be one of ${GO_VERSIONS.map((v) => JSON.stringify(v)).join(", ")}, got ${describeArgument(o.goVersion)}`,
        );
      goVersion = o.goVersion;
    }
    if (o.withIndent !== undefined) {
      if (typeof o.withIndent !== "string" || /[^ \t]/.test(o.withIndent))
        throw new TypeError("jsontext: indent must only be composed of space or tab characters");
      indent = o.withIndent;
      flags.multiline = true;
    }
    if (o.withIndentPrefix !== undefined) {
      if (typeof o.withIndentPrefix !== "string" || /[^ \t]/.test(o.withIndentPrefix))
        throw new TypeError("jsontext: indent prefix must only be composed of space or tab characters");
      indentPrefix = o.withIndentPrefix;
      flags.multiline = true;
    }
  }
  const rules = goRules(goVersion);
  if (flags.discardUnknownMembers && !rules.discardUnknownMembers)
    throw new InvalidArgumentError(
      `gojson: option "discardUnknownMembers" does not exist in Go ${goVersion} (removed from encoding/json/v2); use goVersion "1.26"`,
    );
  let key = goVersion;
  for (const k of BOOLEAN_OPTIONS) key += flags[k] ? "1" : "0";
  const r: ResolvedOptions = {
    // A copy: 32 keyed stores leave `flags` in V8's dictionary mode, and every flag read on the
    // hot paths (marshal reads three per call) would be a generic lookup; a spread copy has fast
    // properties, one hidden class for every resolution.
    flags: Object.freeze({ ...flags }),
    set,
    indent: indent ?? "\t",
    indentPrefix: indentPrefix ?? "",
    goVersion,
    rules,
    key,
  };
  Object.defineProperty(r, RESOLVED, { value: true });
  return Object.freeze(r);
}
