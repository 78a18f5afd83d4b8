/**
 * encoding/json (v1) typeFields: the JSON fields of a struct, found breadth
 * first through embedded structs, names from v1 tags, the dominant field of
 * each name kept. Linear in the fields reached times the embedding depth.
 */

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
 * typeFields of a struct without embedded fields whose JSON names are distinct (the common
 * case): its fields in index order, without the breadth-first walk, dominance or sort.
 * Undefined for any other struct.
 */
export function resolveFlatV1(st: StructType): StructFields | undefined {
  const fs = st.fields;
  const n = fs.length;
  for (let i = 0; i < n; i++) if ((fs[i] as StructField).embedded) return undefined;
  const out: JsonField[] = [];
  const names = new Set<string>();
  for (let i = 0; i < n; i++) {
    const sf = fs[i] as StructField;
    if (!sf.exported) continue;
    const tag = lookupTag(sf.tag, "json") ?? "";
    if (tag === "-") continue;
    assertFieldResolved(st, sf.name, sf.type);
    const comma = tag.indexOf(",");
    const tagName = comma < 0 ? tag : tag.slice(0, comma);
    const bits = comma < 0 ? 0 : optionBits(tag, comma);
    const tagged = isValidTagNameV1(tagName);
    const name = tagged ? tagName : sf.name;
    // (one Set call: a name already there leaves the size as it was)
    const had = names.size;
    names.add(name);
    if (names.size === had) return undefined;
    const quotable = (bits & STRING) !== 0 && isV1QuotableKind(derefUnnamed(sf.type));
    out.push(
      directField(
        st,
        i,
        name,
        tagged,
        (bits & OMIT_EMPTY) !== 0,
        (bits & OMIT_ZERO) !== 0,
        quotable,
        foldNameV1(name),
        out.length,
      ),
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
