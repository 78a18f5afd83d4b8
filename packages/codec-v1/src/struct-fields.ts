/**
 * v1 struct field tables for the codec: @gojson/gotype's
 * `structFields(t, "v1")` (Go's typeFields: tags, breadth-first embedding,
 * dominance, exact and folded name indexes) reshaped into the hops the
 * compiled encoders and decoders walk. Cached per struct type.
 */
import { type GoType, type JsonField, structFields } from "./deps.js";
import { PlanCache } from "./plan-cache.js";

/** One step from a struct value to a field: the Go field name (the TS key) and its declared type. */
export interface FieldHop {
  readonly name: string;
  readonly type: GoType;
  /** Whether the field is exported (an embedded pointer to an unexported struct cannot be allocated). */
  readonly exported: boolean;
}

/** A JSON-visible field of a struct, after promotion and conflict resolution. */
export interface FieldV1 {
  /** The JSON object name. */
  readonly name: string;
  /** Whether the name came from a tag. */
  readonly tagged: boolean;
  /** Go's field index path. */
  readonly index: readonly number[];
  /** Hops from the struct value to the field; the last hop is the field itself. */
  readonly hops: readonly FieldHop[];
  /** The field's declared type. */
  readonly type: GoType;
  readonly omitEmpty: boolean;
  readonly omitZero: boolean;
  /** The `,string` option applies (scalar field, or pointer to one). */
  readonly quoted: boolean;
}

/** The resolved field table of a struct type. */
export interface StructFieldsV1 {
  readonly list: readonly FieldV1[];
  readonly byExactName: ReadonlyMap<string, FieldV1>;
  readonly byFoldedName: ReadonlyMap<string, FieldV1>;
}

const cache = new PlanCache<StructFieldsV1>();

/** Go's cachedTypeFields for a struct type, in the codec's shape. */
export function structFieldsV1(t: GoType): StructFieldsV1 {
  let r = cache.get(t);
  if (r === undefined) {
    const sf = structFields(t, "v1");
    const map = new Map<JsonField, FieldV1>();
    for (const f of sf.fields) {
      map.set(f, {
        name: f.name,
        tagged: f.tagged,
        index: f.index,
        hops: f.path.map((s) => ({ name: s.name, type: s.type, exported: s.exported })),
        type: f.type,
        omitEmpty: f.omitEmpty,
        omitZero: f.omitZero,
        quoted: f.string,
      });
    }
    const conv = (m: ReadonlyMap<string, JsonField>): Map<string, FieldV1> =>
      new Map([...m].map(([k, f]) => [k, map.get(f) as FieldV1]));
    r = { list: [...map.values()], byExactName: conv(sf.byName), byFoldedName: conv(sf.byFoldedName) };
    cache.set(t, r);
  }
  return r;
}
