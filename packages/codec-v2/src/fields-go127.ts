/**
 * Go 1.27's json/v2 struct fields as codec-v2's fields.ts reads them: a view over
 * @gojson/gotype's `structFields(t, "v2", "1.27")`, which holds the rules of that release
 * (`embed` in place of `inline`/`unknown`, no single-quoted names or options, an invalid
 * embedded field kept as a regular field, "embedded" in error texts, an unsupported `format`
 * option reported even under v1's legacy error reporting).
 */
import {
  type GoType,
  type JsonField,
  type StructFields,
  type StructType,
  structFields,
} from "@gojson/gotype";

/** One field of Go 1.27's resolution, before the codec's view (fields.ts) is made. */
export interface Field127 {
  readonly name: string;
  readonly hasName: boolean;
  /** Go field names from the outer struct to this field. */
  readonly path: readonly string[];
  /** The type of each hop of `path` (the last one is the field's own type). */
  readonly types: readonly GoType[];
  /** For each hop, whether it is an unexported embedded pointer (Go cannot allocate it when nil). */
  readonly blocked: readonly boolean[];
  readonly index: readonly number[];
  readonly type: GoType;
  readonly omitzero: boolean;
  readonly omitempty: boolean;
  readonly string: boolean;
  readonly caseMode: "" | "ignore" | "strict";
  readonly format: string;
  id: number;
}

/** Go 1.27's struct fields: the dominant fields, the embedded fallback and the errors. */
export interface Fields127 {
  readonly fields: readonly Field127[];
  readonly fallback: Field127 | undefined;
  /** The first structural error (Go's errInit: ignored under v1's legacy error reporting). */
  readonly error: { readonly type: GoType; readonly text: string } | undefined;
  /** The first field with a `format` option (reported even under v1's legacy error reporting). */
  readonly unsupportedFormat: { readonly type: GoType; readonly text: string } | undefined;
}

// Keyed by gotype's result, which is recomputed when methods are attached later.
const cache = new WeakMap<StructFields, Fields127>();

/** structFieldsGo127 resolves struct type t with Go 1.27's json/v2 rules (cached per gotype result). */
export function structFieldsGo127(root: StructType): Fields127 {
  const sf = structFields(root, "v2", "1.27");
  let r = cache.get(sf);
  if (r === undefined) {
    const fb = sf.inlinedFallback;
    r = Object.freeze({
      fields: Object.freeze(sf.fields.map(view)),
      fallback: fb === undefined ? undefined : view(fb),
      error: sf.error === undefined ? undefined : { type: sf.error.goType, text: sf.error.message },
      unsupportedFormat:
        sf.unsupportedFormat === undefined
          ? undefined
          : { type: sf.unsupportedFormat.goType, text: sf.unsupportedFormat.message },
    });
    cache.set(sf, r);
  }
  return r;
}

function view(f: JsonField): Field127 {
  return {
    name: f.name,
    hasName: f.tagged,
    path: f.path.map((s) => s.name),
    types: f.path.map((s) => s.type),
    blocked: f.path.map((s) => s.pointer && !s.exported),
    index: f.index,
    type: f.type,
    omitzero: f.omitZero,
    omitempty: f.omitEmpty,
    string: f.string,
    caseMode: f.casing ?? "",
    format: f.format ?? "",
    id: f.id,
  };
}
