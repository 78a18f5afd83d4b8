/**
 * JSON field resolution for struct types, as encoding/json (v1 typeFields)
 * and encoding/json/v2 (makeStructFields) compute it: tags parsed, embedded
 * structs promoted, conflicts at one depth dropped, and, for v2, structural
 * errors recorded (never thrown); v2 by Go release (1.26 or 1.27: see
 * structFields). Computed once per type object, version and release;
 * linear in the fields reached times the embedding depth (fields-v1.ts,
 * fields-v2.ts, struct-fields-build.ts).
 */
import { resolveV1 } from "./fields-v1.js";
import { resolveV2 } from "./fields-v2.js";
import { methodsVersion } from "./methods.js";
import type { GoRelease } from "./tag-v2.js";
import { typeString } from "./type-string.js";
import type { GoType } from "./types.js";

/** Which encoding/json grammar and resolution rules to apply. */
export type JsonVersion = "v1" | "v2";

/** One struct field on the way from the outer struct to a JSON field. */
export interface FieldStep {
  /** Index in the struct's `fields`. */
  readonly index: number;
  /** Go field name. */
  readonly name: string;
  /** Declared type of the field. */
  readonly type: GoType;
  /** Whether the field is an (unnamed) pointer `*T`: following it dereferences and it may be nil. */
  readonly pointer: boolean;
  /** Whether the Go field is exported (an embedded pointer to an unexported struct cannot be allocated by Go). */
  readonly exported: boolean;
  readonly embedded: boolean;
}

/** A struct field as JSON sees it. */
export interface JsonField {
  /** JSON object name. */
  readonly name: string;
  /** Go field name. */
  readonly goName: string;
  /** reflect FieldByIndex path. */
  readonly index: readonly number[];
  /** One step per index entry; the last step is the field itself. */
  readonly path: readonly FieldStep[];
  /** Declared Go type of the field. */
  readonly type: GoType;
  /** Whether the JSON name came from the tag. */
  readonly tagged: boolean;
  readonly omitEmpty: boolean;
  readonly omitZero: boolean;
  /**
   * v1: whether the `string` option takes effect (it does only for bool,
   * integers, floats and strings, or an unnamed pointer to one of those);
   * v2: whether the `string` option is present.
   */
  readonly string: boolean;
  /** v2 `case:ignore` / `case:strict`. */
  readonly casing?: "ignore" | "strict";
  /** v2 `format:...` value. */
  readonly format?: string;
  /** v2 `inline` (Go 1.26) or `embed` (Go 1.27), only on `inlinedFallback`. */
  readonly inline: boolean;
  /** v2 `unknown` (Go 1.26 only), only on `inlinedFallback`. */
  readonly unknown: boolean;
  /** Folded name for case-insensitive matching (v1 foldNameV1, v2 foldNameV2). */
  readonly folded: string;
  /** Position among `fields` (v2: breadth-first order id, as Go's structField.id). */
  readonly id: number;
}

/** A v2 structural error, reported by Go as a SemanticError about `goType` when the type is used. */
export interface StructFieldsError {
  /** The struct type the error is about (may be an embedded struct, not the root). */
  readonly goType: GoType;
  /** Go's wrapped error text (`Go struct field X is not exported`). */
  readonly message: string;
}

/** Resolved fields of a struct type for one version. */
export interface StructFields {
  readonly version: JsonVersion;
  /** Fields in index order (Go's encoding order). */
  readonly fields: readonly JsonField[];
  /** Exact JSON name → field. */
  readonly byName: ReadonlyMap<string, JsonField>;
  /** v1: folded name → first field (index order). */
  readonly byFoldedName: ReadonlyMap<string, JsonField>;
  /** v2: folded name → every field with that folded name, ordered by id. */
  readonly byFoldedNameAll: ReadonlyMap<string, readonly JsonField[]>;
  /** v2: the dominant `inline`/`unknown` map or jsontext.Value field that holds unknown members. */
  readonly inlinedFallback?: JsonField;
  /** v2: the first structural error (Go reports it when the type is marshaled or unmarshaled). */
  readonly error?: StructFieldsError;
  /**
   * v2 of Go 1.27: the first field with a `format` option, which that release
   * does not support (Go reports it when the type is marshaled or unmarshaled,
   * under v1 semantics too: Go's errUnsupportedFormat).
   */
  readonly unsupportedFormat?: StructFieldsError;
}

const cacheV1 = new WeakMap<GoType, StructFields>();
const cacheV2 = new WeakMap<GoType, { version: number; fields: StructFields }>();
const cacheV2go127 = new WeakMap<GoType, { version: number; fields: StructFields }>();

/**
 * The JSON fields of struct type `t` under v1 or v2 rules; computed once per
 * type object (v2 results are recomputed if methods are attached later,
 * because v2 checks methods on inlined and unexported embedded fields).
 *
 * `release` picks the v2 rules of a Go release (v1's did not change):
 * "1.26" (the default) or "1.27", where the tag grammar has `embed` in
 * place of `inline`/`unknown` and no quoted names or options (parseTagV2),
 * an invalid embedded field with a name or of a type that is not a struct
 * is kept as a regular field (Go 1.26 ignores it), error texts say
 * "embedded" where Go 1.26 says "inlined", and the first `format` option is
 * reported as `unsupportedFormat`.
 */
export function structFields(
  t: GoType,
  version: JsonVersion = "v1",
  release: GoRelease = "1.26",
): StructFields {
  if (t.kind !== "struct") throw new TypeError(`structFields: ${typeString(t)} is not a struct type`);
  if (version === "v1") {
    let r = cacheV1.get(t);
    if (r === undefined) {
      r = resolveV1(t);
      cacheV1.set(t, r);
    }
    return r;
  }
  const cache = release === "1.27" ? cacheV2go127 : cacheV2;
  const v = methodsVersion();
  const e = cache.get(t);
  if (e !== undefined && e.version === v) return e.fields;
  const r = resolveV2(t, release);
  cache.set(t, { version: v, fields: r });
  return r;
}
