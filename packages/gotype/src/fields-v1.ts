/**
 * encoding/json (v1) typeFields: the JSON fields of a struct, found breadth
 * first through embedded structs, names from v1 tags, the dominant field of
 * each name kept. Linear in the fields reached times the embedding depth.
 */

import { FLAT_OMITEMPTY, FLAT_OMITZERO, FLAT_PLAIN, FLAT_STRING, FLAT_TAGGED } from "./fields-v2.js";
import { foldNameV1 } from "./fold.js";
import type { FieldStep, JsonField, StructFields } from "./struct-fields.js";
import {
  assertFieldResolved,
  derefUnnamed,
  directField,
  dominantFields,
  extend,
  finish,
  finishFields,
  type Pending,
  sortByIndex,
  stepOf,
} from "./struct-fields-build.js";
import { isValidTagNameV1, lookupTag } from "./tags.js";
import type { GoType, StructField, StructType } from "./types.js";

// Whether the `string` option takes effect for a field of this (dereferenced) type.
function isV1QuotableKind(t: GoType): boolean {
  switch (t.kind) {
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

interface V1Options {
  name: string;
  omitEmpty: boolean;
  omitZero: boolean;
  string: boolean;
}

const OMIT_EMPTY = 1;
const OMIT_ZERO = 2;
const STRING = 4;

// The options encoding/json v1's parseTag reads after the name (Contains on the comma list), as bits.
function optionBits(tag: string, comma: number): number {
  let bits = 0;
  let i = comma;
  while (i < tag.length) {
    let j = tag.indexOf(",", i + 1);
    if (j < 0) j = tag.length;
    switch (tag.slice(i + 1, j)) {
      case "omitempty":
        bits |= OMIT_EMPTY;
        break;
      case "omitzero":
        bits |= OMIT_ZERO;
        break;
      case "string":
        bits |= STRING;
        break;
    }
    i = j;
  }
  return bits;
}

// encoding/json v1's parseTag and the options it reads.
function tagOptions(tag: string): V1Options {
  const comma = tag.indexOf(",");
  if (comma < 0) return { name: tag, omitEmpty: false, omitZero: false, string: false };
  const bits = optionBits(tag, comma);
  return {
    name: tag.slice(0, comma),
    omitEmpty: (bits & OMIT_EMPTY) !== 0,
    omitZero: (bits & OMIT_ZERO) !== 0,
    string: (bits & STRING) !== 0,
  };
}

interface Queued {
  typ: GoType;
  index: number[];
  path: FieldStep[];
}

/** encoding/json v1 typeFields. */
export function resolveV1(root: StructType): StructFields {
  return resolveFlatV1(root) ?? resolveNestedV1(root);
}

/**
 * The JSON fields of a flat struct under encoding/json (v1), as lists in field order: JSON
 * names, the Go fields holding them and their options (FLAT_* bits, FLAT_STRING only where the
 * option takes effect, FLAT_PLAIN for a name that is its own quoted text). What resolveFlatV1
 * makes its JsonFields from; a codec that needs no more reads them without those objects.
 */
export interface FlatFieldsV1 {
  readonly names: readonly string[];
  /** The Go fields (the struct's own list when every field is kept). */
  readonly fields: readonly StructField[];
  readonly bits: readonly number[];
}

/** Own fields up to which a name is checked against those before it by a scan (a Set past them). */
const SCAN_NAMES_MAX = 16;

/** Printable ASCII other than `"` and `\\` (FLAT_PLAIN). */
const PLAIN_NAME = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/**
 * flatFieldsV1 is typeFields of a struct without embedded fields whose JSON names are distinct
 * (the common case): its exported fields not tagged `json:"-"`, in order, without the
 * breadth-first walk, dominance or sort. Undefined for any other struct. A kept field of a type
 * that could not be resolved throws its error, as structFields does.
 */
export function flatFieldsV1(st: StructType): FlatFieldsV1 | undefined {
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
    assertFieldResolved(st, sf.name, sf.type);
    const comma = tag.indexOf(",");
    const tagName = comma < 0 ? tag : tag.slice(0, comma);
    const tagged = isValidTagNameV1(tagName);
    const name = tagged ? tagName : sf.name;
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
      (tagged ? FLAT_TAGGED : 0) |
      ((options & OMIT_EMPTY) !== 0 ? FLAT_OMITEMPTY : 0) |
      ((options & OMIT_ZERO) !== 0 ? FLAT_OMITZERO : 0) |
      ((options & STRING) !== 0 && isV1QuotableKind(derefUnnamed(sf.type)) ? FLAT_STRING : 0) |
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

/**
 * typeFields of a struct without embedded fields whose JSON names are distinct (the common
 * case), as JsonFields (flatFieldsV1). Undefined for any other struct.
 */
export function resolveFlatV1(st: StructType): StructFields | undefined {
  const flat = flatFieldsV1(st);
  if (flat === undefined) return undefined;
  const { names, fields, bits } = flat;
  const fs = st.fields;
  const out = new Array<JsonField>(names.length);
  // The kept fields are in the struct's order: one cursor finds each one's index.
  let i = 0;
  for (let k = 0; k < names.length; k++) {
    const sf = fields[k] as StructField;
    while (fs[i] !== sf) i++;
    const name = names[k] as string;
    const b = bits[k] as number;
    out[k] = directField(
      st,
      i,
      name,
      (b & FLAT_TAGGED) !== 0,
      (b & FLAT_OMITEMPTY) !== 0,
      (b & FLAT_OMITZERO) !== 0,
      (b & FLAT_STRING) !== 0,
      foldNameV1(name),
      k,
    );
  }
  return finishFields("v1", out, {});
}

function pendingV1(
  name: string,
  tagged: boolean,
  index: number[],
  path: FieldStep[],
  type: GoType,
  opts: V1Options,
): Pending {
  return {
    name,
    tagged,
    index,
    path,
    type,
    omitEmpty: opts.omitEmpty,
    omitZero: opts.omitZero,
    string: opts.string && isV1QuotableKind(derefUnnamed(type)),
    casing: undefined,
    format: undefined,
    inline: false,
    unknown: false,
    id: 0,
  };
}

/** typeFields' breadth-first walk through embedded structs, then the dominant field of each name. */
export function resolveNestedV1(root: StructType): StructFields {
  let next: Queued[] = [{ typ: root, index: [], path: [] }];
  let count = new Map<GoType, number>();
  let nextCount = new Map<GoType, number>();
  const visited = new Set<GoType>();
  const fields: Pending[] = [];
  while (next.length > 0) {
    const current = next;
    next = [];
    count = nextCount;
    nextCount = new Map();
    for (const f of current) {
      if (visited.has(f.typ)) continue;
      visited.add(f.typ);
      if (f.typ.kind !== "struct") continue;
      const st = f.typ;
      const twice = (count.get(st) ?? 0) > 1;
      for (let i = 0; i < st.fields.length; i++) {
        const sf = st.fields[i];
        if (sf === undefined) continue;
        const tag = lookupTag(sf.tag, "json") ?? "";
        if (sf.embedded) {
          const et = sf.type.kind === "pointer" ? sf.type.elem : sf.type;
          if (tag !== "-") assertFieldResolved(st, sf.name, sf.type);
          if (!sf.exported && et.kind !== "struct") continue;
        } else if (!sf.exported) continue;
        if (tag === "-") continue;
        assertFieldResolved(st, sf.name, sf.type);
        const opts = tagOptions(tag);
        const name = isValidTagNameV1(opts.name) ? opts.name : "";
        const index = extend(f.index, i);
        const path = extend(f.path, stepOf(st, i));
        const ft = derefUnnamed(sf.type);
        if (name !== "" || !sf.embedded || ft.kind !== "struct") {
          const p = pendingV1(name !== "" ? name : sf.name, name !== "", index, path, sf.type, opts);
          fields.push(p);
          // Two embeddings of this struct at one depth: its fields annihilate each other.
          if (twice) fields.push(p);
          continue;
        }
        const c = (nextCount.get(ft) ?? 0) + 1;
        nextCount.set(ft, c);
        if (c === 1) next.push({ typ: ft, index, path });
      }
    }
  }
  const out = dominantFields(fields);
  sortByIndex(out);
  return finish("v1", out, {});
}
