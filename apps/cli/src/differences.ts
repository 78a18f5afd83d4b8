/**
 * The sixteen behaviour differences between Go's encoding/json (v1) and
 * encoding/json/v2, in the order of Go's "Migrating to v2" list, each with
 * the v2 option that restores the v1 behaviour and the operations it affects.
 */
export interface Difference {
  readonly id: string;
  readonly title: string;
  /** codec-v2 options that restore v1's behaviour for this difference alone. */
  readonly legacyOptions: Readonly<Record<string, unknown>>;
  readonly affects: "marshal" | "unmarshal" | "both";
}

export const DIFFERENCES: readonly Difference[] = [
  {
    id: "case-sensitivity",
    title: "case-insensitive name match",
    legacyOptions: { matchCaseInsensitiveNames: true, matchCaseSensitiveDelimiter: true },
    affects: "unmarshal",
  },
  {
    id: "omitempty",
    title: "omitempty on Go-empty values",
    legacyOptions: { omitEmptyWithLegacySemantics: true },
    affects: "marshal",
  },
  {
    id: "string-option",
    title: "`string` option on non-numbers",
    legacyOptions: { stringifyWithLegacySemantics: true },
    affects: "both",
  },
  {
    id: "nil-slice-map",
    title: "nil slice/map as null",
    legacyOptions: { formatNilSliceAsNull: true, formatNilMapAsNull: true },
    affects: "marshal",
  },
  {
    id: "array-length",
    title: "array of another length",
    legacyOptions: { unmarshalArrayFromAnyLength: true },
    affects: "unmarshal",
  },
  {
    id: "byte-array",
    title: "[N]byte as an array of numbers",
    legacyOptions: { formatByteArrayAsArray: true },
    affects: "both",
  },
  {
    id: "pointer-receiver",
    title: "pointer-receiver method on an unaddressable value",
    legacyOptions: { callMethodsWithLegacySemantics: true },
    affects: "both",
  },
  {
    id: "map-key-methods",
    title: "methods on map keys",
    legacyOptions: { callMethodsWithLegacySemantics: true },
    affects: "both",
  },
  { id: "map-order", title: "map key order", legacyOptions: { deterministic: true }, affects: "marshal" },
  {
    id: "html-escaping",
    title: "HTML-escaped strings",
    legacyOptions: { escapeForHTML: true, escapeForJS: true },
    affects: "marshal",
  },
  { id: "invalid-utf8", title: "invalid UTF-8", legacyOptions: { allowInvalidUTF8: true }, affects: "both" },
  {
    id: "duplicate-names",
    title: "duplicate name",
    legacyOptions: { allowDuplicateNames: true },
    affects: "unmarshal",
  },
  {
    id: "null-merge",
    title: "null merged",
    legacyOptions: { mergeWithLegacySemantics: true },
    affects: "unmarshal",
  },
  {
    id: "composite-merge",
    title: "merge into a non-zero value",
    legacyOptions: { mergeWithLegacySemantics: true },
    affects: "unmarshal",
  },
  {
    id: "duration",
    title: "time.Duration as nanoseconds",
    legacyOptions: { formatDurationAsNano: true },
    affects: "both",
  },
  {
    id: "structural-errors",
    title: "structural error in the Go type",
    legacyOptions: { reportErrorsWithLegacySemantics: true },
    affects: "both",
  },
];
