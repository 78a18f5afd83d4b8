/**
 * v1 struct field tables for the codec: Go's typeFields (tags, breadth-first
 * embedding, dominance) reshaped into the hops the compiled encoders and
 * decoders walk. A struct without embedded fields is read from gotype's flat
 * lists (`flatFieldsV1`: no object per field); any other struct goes through
 * `structFields(t, "v1")`. Cached per struct type.
 */
import {
  FLAT_OMITEMPTY,
  FLAT_OMITZERO,
  FLAT_PLAIN,
  FLAT_STRING,
  type FlatFieldsV1,
  flatFieldsV1,
  foldNameV1,
  type GoType,
  type JsonField,
  type StructField,
  structFields,
} from "./deps.js";
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
  /** Hops from the struct value to the field; the last hop is the field itself. */
  readonly hops: readonly FieldHop[];
  /** The field's declared type. */
  readonly type: GoType;
  readonly omitEmpty: boolean;
  readonly omitZero: boolean;
  /** The `,string` option applies (scalar field, or pointer to one). */
  readonly quoted: boolean;
}

/**
 * A struct's FLAT_* bits (gotype's flatFieldsV1): `omitempty`, `omitzero`, the `,string` option
 * applies, and the name is plain (printable ASCII other than `"` and `\\`: in the input it is
 * its own quoted text).
 */
export const FLAT_OMIT_EMPTY = FLAT_OMITEMPTY;
export const FLAT_OMIT_ZERO = FLAT_OMITZERO;
export const FLAT_QUOTED = FLAT_STRING;
export { FLAT_PLAIN, type FlatFieldsV1 };

/** The resolved field table of a struct type. */
export interface StructFieldsV1 {
  /** The fields as parallel lists, for a struct without embedded fields whose names are distinct; else null. */
  readonly flat: FlatFieldsV1 | null;
  /** One object per field (made when first read for a flat struct). */
  readonly list: readonly FieldV1[];
  readonly byExactName: ReadonlyMap<string, FieldV1>;
  /** Fields by name folded as Go 1.26 matches names case-insensitively (foldNameV1). */
  readonly byFoldedName: ReadonlyMap<string, FieldV1>;
}

const cache = new PlanCache<StructFieldsV1>();

/**
 * Go's cachedTypeFields for a struct type, in the codec's shape. A struct without embedded
 * fields is gotype's flatFieldsV1 lists (its field objects, each field its own hop, are made
 * when first read); any other goes through gotype's structFields. The name
 * indexes are built when first read (marshal reads only the list).
 */
export function structFieldsV1(t: GoType): StructFieldsV1 {
  let r = cache.get(t);
  if (r === undefined) {
    const flat = t.kind === "struct" ? flatFieldsV1(t) : undefined;
    r =
      flat !== undefined
        ? new Table(flat, undefined)
        : new Table(null, structFields(t, "v1").fields.map(fieldV1));
    cache.set(t, r);
  }
  return r;
}

/**
 * A struct's table, its field objects and name indexes built when first read by getters on the
 * prototype (an object literal with getters defines its accessors anew for every struct: a first
 * call over many types paid for it).
 */
class Table implements StructFieldsV1 {
  #list: readonly FieldV1[] | undefined;
  #exact: Map<string, FieldV1> | undefined;
  #folded: Map<string, FieldV1> | undefined;
  constructor(
    readonly flat: FlatFieldsV1 | null,
    list: readonly FieldV1[] | undefined,
  ) {
    this.#list = list;
  }

  get list(): readonly FieldV1[] {
    if (this.#list === undefined) this.#list = flatList(this.flat as FlatFieldsV1);
    return this.#list;
  }

  get byExactName(): ReadonlyMap<string, FieldV1> {
    if (this.#exact === undefined) {
      const m = new Map<string, FieldV1>();
      for (const f of this.list) m.set(f.name, f);
      this.#exact = m;
    }
    return this.#exact;
  }

  // The resolved fields have distinct names; Go keeps the first in index order for a folded name.
  get byFoldedName(): ReadonlyMap<string, FieldV1> {
    if (this.#folded === undefined) {
      const m = new Map<string, FieldV1>();
      for (const f of this.list) {
        const k = foldNameV1(f.name);
        if (!m.has(k)) m.set(k, f);
      }
      this.#folded = m;
    }
    return this.#folded;
  }
}

/** The field objects of a flat struct (each Go field its own hop: gotype's StructField has a hop's shape). */
function flatList(flat: FlatFieldsV1): FieldV1[] {
  const { names, fields, bits } = flat;
  const out = new Array<FieldV1>(names.length);
  for (let k = 0; k < names.length; k++) {
    const sf = fields[k] as StructField;
    const b = bits[k] as number;
    out[k] = {
      name: names[k] as string,
      hops: [sf],
      type: sf.type,
      omitEmpty: (b & FLAT_OMIT_EMPTY) !== 0,
      omitZero: (b & FLAT_OMIT_ZERO) !== 0,
      quoted: (b & FLAT_QUOTED) !== 0,
    };
  }
  return out;
}

function fieldV1(f: JsonField): FieldV1 {
  return {
    name: f.name,
    hops: f.path,
    type: f.type,
    omitEmpty: f.omitEmpty,
    omitZero: f.omitZero,
    quoted: f.string,
  };
}
