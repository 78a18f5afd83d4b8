/**
 * Options of toJsonSchema, resolved once at the boundary: unknown names and
 * wrong types are TypeErrors, never ignored.
 */

/** A JSON Schema (2020-12): `true` accepts everything, `false` nothing. */
export type JsonSchema = boolean | JsonSchemaObject;

/** A JSON Schema object (2020-12 vocabulary). */
export interface JsonSchemaObject {
  [keyword: string]: unknown;
}

/** Which Go package's rules a schema follows. */
export type SchemaVersion = "v1" | "v2";

/**
 * Which side of the codec a schema describes: `"unmarshal"` (default) is
 * what Go's Unmarshal accepts (request bodies); `"marshal"` is what Go's
 * Marshal writes (response bodies: required members, no case variants, v2's
 * `[]` for nil slices).
 */
export type SchemaDirection = "unmarshal" | "marshal";

/** Go releases whose rules a schema can follow. */
export type SchemaGoVersion = "1.26" | "1.27";

/** The Go release a schema follows unless told otherwise. */
export const DEFAULT_SCHEMA_GO_VERSION: SchemaGoVersion = "1.26";

/** Options of {@link toJsonSchema}. */
export interface JsonSchemaOptions {
  /** `"v1"`: encoding/json; `"v2"`: encoding/json/v2. */
  readonly version: SchemaVersion;
  /**
   * Which Go release's rules (default {@link DEFAULT_SCHEMA_GO_VERSION}).
   * Go 1.27 runs encoding/json (v1) on the v2 engine: quoted numbers and
   * float map keys are read with strconv's Go syntax, bool-keyed maps decode
   * when empty, and a v2 `format` tag option makes a struct unusable. v2
   * under 1.27 is not modelled yet (a TypeError).
   */
  readonly goVersion?: SchemaGoVersion;
  /** Unmarshal (default) or marshal side. */
  readonly direction?: SchemaDirection;
  /** v1 unmarshal: Decoder.DisallowUnknownFields; unknown members are rejected (case variants of known names still match). */
  readonly disallowUnknownFields?: boolean;
  /** v2 unmarshal: RejectUnknownMembers(true); unknown members are rejected unless an `inline`/`unknown` field holds them. */
  readonly rejectUnknownMembers?: boolean;
  /** v2 unmarshal: MatchCaseInsensitiveNames(true); names match ignoring case, `-` and `_` (as every `case:ignore` field). */
  readonly matchCaseInsensitiveNames?: boolean;
  /** v2: StringifyNumbers(true); every number is a JSON string (both sides). */
  readonly stringifyNumbers?: boolean;
  /** v2 marshal: FormatNilSliceAsNull(true); a nil slice is written as `null`, not `[]`. */
  readonly formatNilSliceAsNull?: boolean;
  /** v2 marshal: FormatNilMapAsNull(true); a nil map is written as `null`, not `{}`. */
  readonly formatNilMapAsNull?: boolean;
  /** v2: FormatDurationAsNano(true) (v1 semantics); a time.Duration is an integer count of nanoseconds. */
  readonly formatDurationAsNano?: boolean;
  /** Where `$ref`s point: `#/$defs/` (default), or `#/components/schemas/` for an OpenAPI document. */
  readonly refPrefix?: string;
  /** `$id` of the document. */
  readonly id?: string;
}

/** Resolved, frozen options. */
export interface ResolvedJsonSchemaOptions {
  readonly version: SchemaVersion;
  readonly goVersion: SchemaGoVersion;
  readonly direction: SchemaDirection;
  readonly rejectUnknown: boolean;
  readonly matchCaseInsensitiveNames: boolean;
  readonly stringifyNumbers: boolean;
  readonly formatNilSliceAsNull: boolean;
  readonly formatNilMapAsNull: boolean;
  readonly formatDurationAsNano: boolean;
  readonly refPrefix: string;
  readonly id: string | undefined;
}

const COMMON = ["version", "goVersion", "direction", "refPrefix", "id"];
const V1_ONLY = ["disallowUnknownFields"];
const V2_ONLY = [
  "rejectUnknownMembers",
  "matchCaseInsensitiveNames",
  "stringifyNumbers",
  "formatNilSliceAsNull",
  "formatNilMapAsNull",
  "formatDurationAsNano",
];

/** resolveJsonSchemaOptions checks the options of toJsonSchema and freezes them. */
export function resolveJsonSchemaOptions(o: JsonSchemaOptions): ResolvedJsonSchemaOptions {
  if (typeof o !== "object" || o === null)
    throw new TypeError('toJsonSchema: want options { version: "v1" | "v2", ... }');
  if (o.version !== "v1" && o.version !== "v2")
    throw new TypeError(`toJsonSchema: want options.version "v1" or "v2", got ${describe(o.version)}`);
  const known = new Set([...COMMON, ...(o.version === "v1" ? V1_ONLY : V2_ONLY)]);
  for (const k of Object.keys(o)) {
    if (known.has(k)) continue;
    const other = o.version === "v1" ? V2_ONLY : V1_ONLY;
    throw new TypeError(
      other.includes(k)
        ? `toJsonSchema: option ${k} is a ${o.version === "v1" ? "v2" : "v1"} option (version is ${o.version})`
        : `toJsonSchema: unknown option ${JSON.stringify(k)}; known for ${o.version}: ${[...known].join(", ")}`,
    );
  }
  const goVersion = o.goVersion ?? DEFAULT_SCHEMA_GO_VERSION;
  if (goVersion !== "1.26" && goVersion !== "1.27")
    throw new TypeError(`toJsonSchema: want options.goVersion "1.26" or "1.27", got ${describe(goVersion)}`);
  if (goVersion === "1.27" && o.version === "v2")
    throw new TypeError(
      'toJsonSchema: json/v2 under Go 1.27 is not modelled yet; use goVersion "1.26" for v2',
    );
  const direction = o.direction ?? "unmarshal";
  if (direction !== "unmarshal" && direction !== "marshal")
    throw new TypeError(
      `toJsonSchema: want options.direction "unmarshal" or "marshal", got ${describe(direction)}`,
    );
  const flag = (name: string): boolean => {
    const v = (o as unknown as Record<string, unknown>)[name];
    if (v === undefined) return false;
    if (typeof v !== "boolean")
      throw new TypeError(`toJsonSchema: want options.${name} a boolean, got ${describe(v)}`);
    return v;
  };
  const str = (name: "refPrefix" | "id"): string | undefined => {
    const v = o[name];
    if (v === undefined) return undefined;
    if (typeof v !== "string")
      throw new TypeError(`toJsonSchema: want options.${name} a string, got ${describe(v)}`);
    return v;
  };
  return Object.freeze({
    version: o.version,
    goVersion,
    direction,
    rejectUnknown: flag("disallowUnknownFields") || flag("rejectUnknownMembers"),
    matchCaseInsensitiveNames: flag("matchCaseInsensitiveNames"),
    stringifyNumbers: flag("stringifyNumbers"),
    formatNilSliceAsNull: flag("formatNilSliceAsNull"),
    formatNilMapAsNull: flag("formatNilMapAsNull"),
    formatDurationAsNano: flag("formatDurationAsNano"),
    refPrefix: str("refPrefix") ?? "#/$defs/",
    id: str("id"),
  });
}

function describe(v: unknown): string {
  return typeof v === "string" ? JSON.stringify(v) : typeof v === "bigint" ? `${v}n` : String(v);
}
