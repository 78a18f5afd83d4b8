/**
 * The Go releases codec-v2 matches, and every behaviour of encoding/json/v2 (and of
 * encoding/json on the v2 engine) that differs between them, in one table. Go supports its
 * last two releases; a service picks the one its Go peers run with the `goVersion` option.
 *
 * Each rule names the Go 1.27 change, verified by running the same program under Go 1.26.8
 * (`GOEXPERIMENT=jsonv2`) and Go 1.27.3; the codec reads the rules, never the version.
 */

/** The Go releases whose encoding/json/v2 codec-v2 reproduces (Go's supported releases). */
export const GO_VERSIONS = ["1.26", "1.27"] as const;

/** A Go release: "1.26" or "1.27". */
export type GoVersion = (typeof GO_VERSIONS)[number];

/** The Go release codec-v2 matches unless told otherwise: the newest. */
export const DEFAULT_GO_VERSION: GoVersion = "1.27";

/** The behaviours that differ between the supported Go releases. */
export interface GoRules {
  readonly goVersion: GoVersion;
  /**
   * Go 1.27: the `string` tag option takes effect on the field's own value only (Go's StringTag,
   * cleared when an object or array begins), and json/v2 accepts it only where that value is a JSON
   * number (integers, floats, numeric time and duration formats, through pointers): elsewhere
   * (string, bool, []byte, map, slice, array, struct, interface, time.Time as RFC 3339) marshal and
   * unmarshal fail with `invalid use of \`string\` tag option`. Go 1.26: it turns StringifyNumbers on
   * for the whole field value (`[]int` as `["1","2"]`) and is ignored where nothing is a number.
   * With v1 semantics (stringifyWithLegacySemantics) it still quotes bools, strings and numbers at
   * the top level; Go 1.27 also no longer applies it through a pointer to a pointer.
   */
  readonly stringTagTopLevel: boolean;
  /**
   * Go 1.27's struct tags (gotype's v2 field resolution of release 1.27): `embed` replaces
   * `inline`/`unknown`, single-quoted names and options are malformed, an embedded field with other options stays a regular field,
   * and a `format` option makes the struct fail (`unsupported \`format\` tag option`, even with v1
   * semantics). Go 1.26: gotype's v2 rules (`inline`, `unknown`, quoted names, `format:...`).
   */
  readonly structTags127: boolean;
  /** The cause of the time.Duration error without a format (Go 1.27 dropped the issue URL). */
  readonly durationNoDefault: string;
  /**
   * Go 1.26: a float beyond its type's range stores ±MaxFloat before the `value out of range`
   * error (jsonwire.ParseFloat). Go 1.27: the destination keeps its value (a fresh `any` holds 0).
   */
  readonly floatRangeSaturates: boolean;
  /**
   * Go 1.27: under case-insensitive matching, a member name matching several fields (none exactly)
   * is an error, `ambiguous object member name "ab"` (v2 only; v1 semantics take the first field).
   */
  readonly ambiguousNames: boolean;
  /** Go 1.26 only: the DiscardUnknownMembers option exists (Go 1.27 removed it). */
  readonly discardUnknownMembers: boolean;
  /**
   * Go 1.27 (v1 semantics): a `string`-tagged string field takes the JSON string `"null"` as null
   * (Go 1.26 unquoted the content first: `"null"` was a syntax error and `"\"null\""` was null).
   */
  readonly legacyQuotedNullFirst: boolean;
  /** Go 1.27 (v1 semantics): AppendText and MarshalText are not called on map keys of string kind. */
  readonly legacyStringKeysSkipText: boolean;
  /**
   * Go 1.27 (v1 semantics): unmarshaling into a type without a JSON representation (chan, func,
   * complex) reads the value first and takes null (Go 1.26 lost its place in the input).
   */
  readonly legacyUnsupportedReadsValue: boolean;
  /**
   * Go 1.27 (v1 semantics): error offsets point after the offending text, as classic v1 did
   * (SyntaxError.Offset after the bad character, UnmarshalTypeError.Offset after the value or
   * its opening delimiter); Go 1.26 pointed at its start.
   */
  readonly legacyOffsetsAfter: boolean;
}

const GO126: GoRules = Object.freeze({
  goVersion: "1.26",
  stringTagTopLevel: false,
  structTags127: false,
  durationNoDefault: "no default representation (see https://go.dev/issue/71631); specify an explicit format",
  floatRangeSaturates: true,
  ambiguousNames: false,
  discardUnknownMembers: true,
  legacyQuotedNullFirst: false,
  legacyStringKeysSkipText: false,
  legacyUnsupportedReadsValue: false,
  legacyOffsetsAfter: false,
});

const GO127: GoRules = Object.freeze({
  goVersion: "1.27",
  stringTagTopLevel: true,
  structTags127: true,
  durationNoDefault: "no default representation",
  floatRangeSaturates: false,
  ambiguousNames: true,
  discardUnknownMembers: false,
  legacyQuotedNullFirst: true,
  legacyStringKeysSkipText: true,
  legacyUnsupportedReadsValue: true,
  legacyOffsetsAfter: true,
});

/** goRules returns the rules of a supported Go release. */
export function goRules(v: GoVersion): GoRules {
  return v === "1.26" ? GO126 : GO127;
}

/** isGoVersion reports whether v names a supported Go release. */
export function isGoVersion(v: unknown): v is GoVersion {
  return typeof v === "string" && (GO_VERSIONS as readonly string[]).includes(v);
}
