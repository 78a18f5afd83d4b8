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
  /** The name folded as Go 1.26 matches names case-insensitively. */
  readonly folded: string;
}

/** The resolved field table of a struct type. */
export interface StructFieldsV1 {
  readonly list: readonly FieldV1[];
  readonly byExactName: ReadonlyMap<string, FieldV1>;
  readonly byFoldedName: ReadonlyMap<string, FieldV1>;
}

const cache = new PlanCache<StructFieldsV1>();

/**
 * Go's cachedTypeFields for a struct type, in the codec's shape. One object per field (the
 * hops are gotype's field steps, which have the hop's shape); the name indexes are built when
 * first read (marshal reads only the list).
 */
export function structFieldsV1(t: GoType): StructFieldsV1 {
  let r = cache.get(t);
  if (r === undefined) {
    r = new Table(structFields(t, "v1").fields.map(fieldV1));
    cache.set(t, r);
  }
  return r;
}

/**
 * A struct's table, its name indexes built when first read by getters on the prototype (an
 * object literal with getters defines its accessors anew for every struct: a first call over
 * many types paid for it).
 */
class Table implements StructFieldsV1 {
  #exact: Map<string, FieldV1> | undefined;
  #folded: Map<string, FieldV1> | undefined;
  constructor(readonly list: readonly FieldV1[]) {}

  get byExactName(): ReadonlyMap<string, FieldV1> {
    if (this.#exact === undefined) {
      const m = new Map<string, FieldV1>();
      for (const f of this.list) m.set(f.name, f);
      this.#exact = m;
    }
    return this.#exact;
  }

  // The resolved fields have distinct names; gotype's v1 folded index keeps the first in index order.
  get byFoldedName(): ReadonlyMap<string, FieldV1> {
    if (this.#folded === undefined) {
      const m = new Map<string, FieldV1>();
      for (const f of this.list) if (!m.has(f.folded)) m.set(f.folded, f);
      this.#folded = m;
    }
    return this.#folded;
  }
}

function fieldV1(f: JsonField): FieldV1 {
  return {
    name: f.name,
    tagged: f.tagged,
    index: f.index,
    hops: f.path,
    type: f.type,
    omitEmpty: f.omitEmpty,
    omitZero: f.omitZero,
    quoted: f.string,
    folded: f.folded,
  };
}
