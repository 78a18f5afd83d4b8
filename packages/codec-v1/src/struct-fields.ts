/**
 * v1 struct field tables for the codec: Go's typeFields (tags, breadth-first
 * embedding, dominance) reshaped into the hops the compiled encoders and
 * decoders walk. A struct without embedded fields is read from its own field
 * list here; any other struct goes through @gojson/gotype's
 * `structFields(t, "v1")`. Cached per struct type.
 */
import {
  foldNameV1,
  type GoType,
  isValidTagNameV1,
  type JsonField,
  lookupTag,
  type StructField,
  type StructType,
  structFields,
  unresolvedError,
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
 * The JSON fields of a struct without embedded fields, as parallel lists in field order (no
 * object per field): what a struct's first encode or decode walks.
 */
export interface FlatFieldsV1 {
  /** JSON names. */
  readonly names: readonly string[];
  /** The Go fields holding them (the name is the TS key). */
  readonly fields: readonly StructField[];
  /** FLAT_* bits of each field. */
  readonly bits: readonly number[];
}

/** FlatFieldsV1 bits: `omitempty`, `omitzero`, the `,string` option applies, and the name is plain. */
export const FLAT_OMIT_EMPTY = 1;
export const FLAT_OMIT_ZERO = 2;
export const FLAT_QUOTED = 4;
/** The name is printable ASCII other than `"` and `\\`: in the input it is its own quoted text. */
export const FLAT_PLAIN = 8;

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
 * fields is read from its own fields into parallel lists (its field objects, each field its own
 * hop, are made when first read); any other goes through gotype's structFields. The name
 * indexes are built when first read (marshal reads only the list).
 */
export function structFieldsV1(t: GoType): StructFieldsV1 {
  let r = cache.get(t);
  if (r === undefined) {
    const flat = t.kind === "struct" ? flatFields(t) : undefined;
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

/** Own fields up to which a name is checked against those before it by a scan (a Set past them). */
const SCAN_NAMES_MAX = 16;

/** Printable ASCII other than `"` and `\\` (FLAT_PLAIN). */
const PLAIN_NAME = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/**
 * typeFields of a struct without embedded fields whose JSON names are distinct (most structs):
 * its exported fields not tagged `json:"-"`, in order. Undefined for any other struct, and for
 * one with a field of a type gotype could not resolve: gotype's structFields then decides (and
 * throws its error).
 */
function flatFields(st: StructType): FlatFieldsV1 | undefined {
  const fs = st.fields;
  const n = fs.length;
  for (let i = 0; i < n; i++) if ((fs[i] as StructField).embedded) return undefined;
  // Lists at the size of the struct, cut to the fields kept (usually all: the struct's own field
  // list is then shared).
  const names = new Array<string>(n);
  const bits = new Array<number>(n);
  let fields: StructField[] | null = null;
  let kept = 0;
  const seen = n > SCAN_NAMES_MAX ? new Set<string>() : null;
  for (let i = 0; i < n; i++) {
    const sf = fs[i] as StructField;
    const tag = sf.exported ? (lookupTag(sf.tag, "json") ?? "") : "-";
    if (tag === "-") {
      fields ??= fs.slice(0, i);
      continue;
    }
    if (unresolvedError(sf.type) !== undefined) return undefined;
    const comma = tag.indexOf(",");
    const tagName = comma < 0 ? tag : tag.slice(0, comma);
    const name = isValidTagNameV1(tagName) ? tagName : sf.name;
    if (seen === null) {
      for (let j = 0; j < kept; j++) if (names[j] === name) return undefined;
    } else {
      // (one Set call: a name already there leaves the size as it was)
      const had = seen.size;
      seen.add(name);
      if (seen.size === had) return undefined;
    }
    const options = comma < 0 ? 0 : optionBits(tag, comma);
    names[kept] = name;
    bits[kept] =
      (options & ~FLAT_QUOTED) |
      ((options & FLAT_QUOTED) !== 0 && isQuotableKind(sf.type) ? FLAT_QUOTED : 0) |
      (PLAIN_NAME.test(name) ? FLAT_PLAIN : 0);
    if (fields !== null) fields.push(sf);
    kept++;
  }
  if (kept < n) {
    names.length = kept;
    bits.length = kept;
  }
  return { names, fields: fields ?? fs, bits };
}

/** The options encoding/json v1's parseTag reads after the name (Contains on the comma list), as FLAT_* bits. */
function optionBits(tag: string, comma: number): number {
  let bits = 0;
  let i = comma;
  while (i < tag.length) {
    let j = tag.indexOf(",", i + 1);
    if (j < 0) j = tag.length;
    switch (tag.slice(i + 1, j)) {
      case "omitempty":
        bits |= FLAT_OMIT_EMPTY;
        break;
      case "omitzero":
        bits |= FLAT_OMIT_ZERO;
        break;
      case "string":
        bits |= FLAT_QUOTED;
        break;
    }
    i = j;
  }
  return bits;
}

/** Whether the `string` option takes effect on a field of type `t`: a scalar, or an unnamed pointer to one. */
function isQuotableKind(t: GoType): boolean {
  switch ((t.kind === "pointer" && t.name === undefined ? t.elem : t).kind) {
    case "slice":
    case "array":
    case "map":
    case "pointer":
    case "interface":
    case "struct":
      return false;
    default:
      return true;
  }
}
