/**
 * json/v2 makeStructFields: the JSON fields of a struct under v2 rules
 * (embedded structs inlined, `inline`/`unknown` fallbacks, names from the v2
 * tag grammar), the dominant field of each name kept, and the first
 * structural error recorded. Linear in the fields reached times the
 * embedding depth.
 */
import { foldNameV2 } from "./fold.js";
import { goQuote } from "./go-quote.js";
import { lookupMethod } from "./methods.js";
import type { FieldStep, JsonField, StructFields, StructFieldsError } from "./struct-fields.js";
import {
  assertFieldResolved,
  derefUnnamed,
  directField,
  dominantFields,
  extend,
  finish,
  finishFields,
  freezeOne,
  type Pending,
  sortByIndex,
  stepOf,
} from "./struct-fields-build.js";
import {
  CASE_IGNORE,
  CASE_STRICT,
  emptyOptions,
  type FieldOptions,
  type GoRelease,
  OPT_INLINE,
  OPT_OMITEMPTY,
  OPT_OMITZERO,
  OPT_STRING,
  OPT_UNKNOWN,
  parseFieldOptions,
  plainOptionBits,
} from "./tag-v2.js";
import { lookupTag } from "./tags.js";
import { typeStringV2Build } from "./type-string.js";
import type { GoType, MethodName, StructField, StructType } from "./types.js";

// Go's allMethodTypes: an inlined field's type must implement none of them.
const ALL_METHODS: readonly MethodName[] = [
  "MarshalJSONTo",
  "MarshalJSON",
  "AppendText",
  "MarshalText",
  "UnmarshalJSONFrom",
  "UnmarshalJSON",
  "UnmarshalText",
];

function implementsAnyMarshal(t: GoType): boolean {
  for (const m of ALL_METHODS) if (lookupMethod(t, m, { addressable: true }) !== undefined) return true;
  return false;
}

/** One struct on the breadth-first queue of embedded structs. */
interface Q {
  typ: GoType;
  index: number[];
  path: FieldStep[];
  visitChildren: boolean;
}

/** The state of one resolution. */
interface Walk {
  readonly go127: boolean;
  /** "inlined" (Go 1.26) or "embedded" (Go 1.27): the word Go's error texts use. */
  readonly word: string;
  error: StructFieldsError | undefined;
  unsupportedFormat: StructFieldsError | undefined;
  readonly queue: Q[];
  readonly seen: Set<GoType>;
  readonly allFields: Pending[];
  readonly fallbacks: Pending[];
  /** Index of the last fallback field in the current struct (-1: none). */
  fallbackIndex: number;
  /** Whether two fields of one struct share a JSON name. */
  conflict: boolean;
}

function orError(w: Walk, t: GoType, message: string): void {
  if (w.error === undefined) w.error = Object.freeze({ goType: t, message });
}

// What to do with an inlined/embedded field after its checks.
const DONE = 0;
const AS_FIELD = 1;

/**
 * json/v2 makeStructFields of Go release `release` (Go 1.27: `embed` in
 * place of `inline`/`unknown`, an invalid embedded field kept as a regular
 * field where it has a name or is not a struct, "embedded" in error texts,
 * and the first `format` option recorded as unsupportedFormat).
 */
export function resolveV2(root: StructType, release: GoRelease = "1.26"): StructFields {
  return resolveFlatV2(root, release === "1.27") ?? resolveNestedV2(root, release === "1.27");
}

/** makeStructFields' breadth-first walk through inlined structs, then the dominant field of each name. */
export function resolveNestedV2(root: StructType, go127: boolean): StructFields {
  const w: Walk = {
    go127,
    word: go127 ? "embedded" : "inlined",
    error: undefined,
    unsupportedFormat: undefined,
    queue: [{ typ: root, index: [], path: [], visitChildren: true }],
    seen: new Set<GoType>([root]),
    allFields: [],
    fallbacks: [],
    fallbackIndex: -1,
    conflict: false,
  };
  const queue = w.queue;
  for (let qi = 0; qi < queue.length; qi++) {
    const qe = queue[qi] as Q;
    const t = qe.typ;
    if (t.kind !== "struct") continue;
    w.fallbackIndex = -1;
    const namesIndex = new Map<string, number>();
    let hasAnyJSONTag = false;
    let hasAnyJSONField = false;
    for (let i = 0; i < t.fields.length; i++) {
      const sf = t.fields[i];
      if (sf === undefined) continue;
      const looked = lookupTag(sf.tag, "json");
      hasAnyJSONTag ||= looked !== undefined;
      const parsed = parseFieldOptions(sf, go127, looked);
      if (parsed.err !== undefined) orError(w, t, parsed.err);
      if (parsed.ignored) continue;
      assertFieldResolved(t, sf.name, sf.type);
      hasAnyJSONField = true;
      const o = parsed.out;
      const index = extend(qe.index, i);
      const path = extend(qe.path, stepOf(t, i));
      if (sf.embedded && !o.hasName) {
        if (derefUnnamed(sf.type).kind !== "struct") {
          orError(
            w,
            t,
            `embedded Go struct field ${sf.name} of non-struct type must be explicitly given a JSON name`,
          );
        } else {
          o.inline = true;
        }
      }
      if (o.inline || o.unknown) {
        const at: At = { qe, t, sf, o, index, path };
        const next = go127 ? embed127(w, at) : inline126(w, at);
        if (next === DONE) continue;
      }
      if (!sf.exported) {
        const tf = derefUnnamed(sf.type);
        if (!(sf.embedded && tf.kind === "struct")) {
          orError(w, t, `Go struct field ${sf.name} is not exported`);
          continue;
        }
        if (
          implementsAnyMarshal(tf) ||
          (o.omitzero && lookupMethod(tf, "IsZero", { addressable: true }) !== undefined)
        ) {
          orError(w, t, `Go struct field ${sf.name} is not exported for method calls`);
          continue;
        }
      }
      const j = namesIndex.get(o.name);
      if (j !== undefined) {
        w.conflict = true;
        orError(
          w,
          t,
          `Go struct fields ${t.fields[j]?.name} and ${sf.name} conflict over JSON object name ${goQuote(o.name)}`,
        );
      }
      namesIndex.set(o.name, i);
      w.allFields.push(pendingV2(o, index, path, sf.type, w.allFields.length, false));
      if (go127 && o.format !== "" && w.unsupportedFormat === undefined) {
        w.unsupportedFormat = Object.freeze({
          goType: t,
          message: `Go struct field ${sf.name} has unsupported \`format\` tag option`,
        });
      }
    }
    if (t.fields.length > 0 && !hasAnyJSONTag && !hasAnyJSONField)
      orError(w, t, "Go struct has no exported fields");
  }
  // The dominant field of each name, in breadth-first (id) order; ids renumbered from 0. One
  // struct without embedded structs and without a repeated name (the common case) is already
  // that: its fields in index order, ids 0, 1, ...
  let flattened = w.allFields;
  if (queue.length > 1 || w.conflict) {
    flattened = dominantFields(w.allFields);
    for (let i = 0; i < flattened.length; i++) (flattened[i] as Pending).id = i;
    sortByIndex(flattened);
  }
  let fallback: Pending | undefined;
  const f0 = w.fallbacks[0];
  const f1 = w.fallbacks[1];
  if (f0 !== undefined && (f1 === undefined || f0.index.length !== f1.index.length)) fallback = f0;
  const extra: {
    inlinedFallback?: JsonField;
    error?: StructFieldsError;
    unsupportedFormat?: StructFieldsError;
  } = {};
  if (fallback !== undefined) extra.inlinedFallback = freezeOne("v2", fallback);
  if (w.error !== undefined) extra.error = w.error;
  if (w.unsupportedFormat !== undefined) extra.unsupportedFormat = w.unsupportedFormat;
  return finish("v2", flattened, extra);
}

/**
 * The JSON fields of a flat struct as lists, in field order: JSON names, the index of each among
 * the struct's fields and its options (FLAT_* bits). What resolveFlatV2 makes its JsonFields
 * from; a codec that needs no more reads them without those objects.
 */
export interface FlatFieldsV2 {
  readonly names: readonly string[];
  readonly fieldIndex: readonly number[];
  readonly bits: readonly number[];
}

/** FlatFieldsV2 and FlatFieldsV1 bits: the name came from the tag, and the `omitempty`, `omitzero`, `string` options. */
export const FLAT_TAGGED = 1;
export const FLAT_OMITEMPTY = 2;
export const FLAT_OMITZERO = 4;
export const FLAT_STRING = 8;
/** flatFieldsV1's bit for a name of printable ASCII other than `"` and `\\`: its own quoted text in JSON. */
export const FLAT_PLAIN = 16;

const NOT_FLAT = Object.freeze({ names: [], fieldIndex: [], bits: [] }) as FlatFieldsV2;
// Per field list (a declared struct defined later has a new one) and Go release.
const flat126 = new WeakMap<readonly StructField[], FlatFieldsV2>();
const flat127 = new WeakMap<readonly StructField[], FlatFieldsV2>();

/**
 * flatFieldsV2 is makeStructFields (json/v2 of Go release `release`) of a struct without
 * embedded fields, whose fields have plain tags (plainOptionBits: no `inline`/`unknown`/`embed`,
 * `case` or `format`) and distinct names, and which has no structural error (the common case):
 * its fields in index order, ids 0, 1, ... Undefined for any other struct (structFields then
 * decides, errors included). Cached per struct.
 */
export function flatFieldsV2(t: StructType, release: GoRelease = "1.26"): FlatFieldsV2 | undefined {
  const cache = release === "1.27" ? flat127 : flat126;
  let r = cache.get(t.fields);
  if (r === undefined) {
    r = scanFlatV2(t, release === "1.27") ?? NOT_FLAT;
    cache.set(t.fields, r);
  }
  return r === NOT_FLAT ? undefined : r;
}

function scanFlatV2(t: StructType, go127: boolean): FlatFieldsV2 | undefined {
  const fs = t.fields;
  const n = fs.length;
  for (let i = 0; i < n; i++) if ((fs[i] as StructField).embedded) return undefined;
  const names: string[] = [];
  const fieldIndex: number[] = [];
  const bits: number[] = [];
  const seen = new Set<string>();
  let hasAnyJSONTag = false;
  // The loop calls a function a field: a wide struct's first resolution runs this loop once,
  // interpreted, while the function called for each field is soon compiled.
  for (let i = 0; i < n; i++) {
    const b = flatFieldV2(t, i, go127, seen, names);
    if (b >= 0) {
      fieldIndex.push(i);
      bits.push(b);
    } else if (b === BAIL) return undefined;
    else if (b === SKIPPED_TAGGED) hasAnyJSONTag = true;
  }
  // "Go struct has no exported fields" (a field kept has a json tag or is exported)
  if (n > 0 && names.length === 0 && !hasAnyJSONTag) return undefined;
  return Object.freeze({ names, fieldIndex, bits });
}

/** What flatFieldV2 gives for a field JSON ignores: without a json tag, or tagged `json:"-"`. */
const SKIPPED = -1;
const SKIPPED_TAGGED = -2;
/** What flatFieldV2 gives when the struct is not for flatFieldsV2. */
const BAIL = -3;

/** Field `i` of a flat struct: its FLAT_* bits (its name pushed on `names`), or why it is not there. */
function flatFieldV2(t: StructType, i: number, go127: boolean, seen: Set<string>, names: string[]): number {
  const sf = t.fields[i] as StructField;
  const looked = lookupTag(sf.tag, "json");
  if (looked === undefined) {
    if (!sf.exported) return SKIPPED;
  } else {
    if (looked === "-") return SKIPPED_TAGGED;
    // An unexported field with a json tag is an error.
    if (!sf.exported) return BAIL;
  }
  const tag = looked ?? "";
  let comma = tag.indexOf(",");
  if (comma < 0) comma = tag.length;
  const opts = plainOptionBits(tag, comma, go127);
  if (opts < 0 || (opts & (OPT_INLINE | OPT_UNKNOWN)) !== 0) return BAIL;
  assertFieldResolved(t, sf.name, sf.type);
  const tagged = comma > 0;
  const name = !tagged ? sf.name : comma === tag.length ? tag : tag.slice(0, comma);
  // (one Set call: a name already there leaves the size as it was)
  const had = seen.size;
  seen.add(name);
  if (seen.size === had) return BAIL;
  names.push(name);
  return (
    (tagged ? FLAT_TAGGED : 0) |
    ((opts & OPT_OMITEMPTY) !== 0 ? FLAT_OMITEMPTY : 0) |
    ((opts & OPT_OMITZERO) !== 0 ? FLAT_OMITZERO : 0) |
    ((opts & OPT_STRING) !== 0 ? FLAT_STRING : 0)
  );
}

/** The StructFields of a flat struct (flatFieldsV2), or undefined. */
export function resolveFlatV2(t: StructType, go127: boolean): StructFields | undefined {
  const flat = flatFieldsV2(t, go127 ? "1.27" : "1.26");
  if (flat === undefined) return undefined;
  const { names, fieldIndex, bits } = flat;
  const n = names.length;
  const out = new Array<JsonField>(n);
  for (let k = 0; k < n; k++) {
    const name = names[k] as string;
    const b = bits[k] as number;
    out[k] = directField(
      t,
      fieldIndex[k] as number,
      name,
      (b & FLAT_TAGGED) !== 0,
      (b & FLAT_OMITEMPTY) !== 0,
      (b & FLAT_OMITZERO) !== 0,
      (b & FLAT_STRING) !== 0,
      foldNameV2(name),
      k,
    );
  }
  return finishFields("v2", out, {});
}

/** An inlined/embedded field being handled: where it is and its options. */
interface At {
  readonly qe: Q;
  readonly t: StructType;
  readonly sf: StructField;
  readonly o: FieldOptions;
  readonly index: number[];
  readonly path: FieldStep[];
}

/** Whether a field has no options but `inline`/`unknown`/`embed` (no name either). */
function noOtherOptions(o: FieldOptions): boolean {
  return !o.hasName && o.casing === 0 && !o.omitzero && !o.omitempty && !o.string && o.format === "";
}

/** Go 1.26: a field with `inline` or `unknown` (or embedded without a name). */
function inline126(w: Walk, at: At): number {
  const { t, sf, o } = at;
  const onlyInlineOrUnknown = noOtherOptions(o);
  if (onlyInlineOrUnknown && o.inline && o.unknown) {
    orError(w, t, `Go struct field ${sf.name} cannot have both \`inline\` and \`unknown\` specified`);
    o.inline = false;
  } else if (!onlyInlineOrUnknown) {
    orError(
      w,
      t,
      `Go struct field ${sf.name} cannot have any options other than \`inline\` or \`unknown\` specified`,
    );
    if (o.hasName) return DONE;
    const inline = o.inline;
    const unknown = o.unknown;
    Object.assign(o, emptyOptions(), { name: o.name, inline, unknown });
    if (o.inline && o.unknown) o.inline = false;
  }
  const tf = derefUnnamed(sf.type);
  if (tf.kind === "struct" && o.unknown) {
    mustNotImplement(w, t, sf, tf);
    orError(
      w,
      t,
      `inlined Go struct field ${sf.name} of type ${typeStringV2Build(tf)} with \`unknown\` tag must be a Go map of string key or a jsontext.Value`,
    );
    return DONE;
  }
  embedTarget(w, at, tf);
  return DONE;
}

/** Go 1.27: a field with `embed` (or embedded without a name). */
function embed127(w: Walk, at: At): number {
  const { t, sf, o } = at;
  const onlyEmbed = noOtherOptions(o);
  if (!onlyEmbed) {
    orError(w, t, `Go struct field ${sf.name} cannot have any options other than \`embed\` specified`);
    if (o.hasName) return AS_FIELD;
    Object.assign(o, emptyOptions(), { name: o.name, inline: true });
  }
  return embedTarget(w, at, derefUnnamed(sf.type));
}

function mustNotImplement(w: Walk, t: StructType, sf: StructField, tf: GoType): void {
  if (!isRawValueV2(tf) && implementsAnyMarshal(tf)) {
    orError(
      w,
      t,
      `${w.word} Go struct field ${sf.name} of type ${typeStringV2Build(tf)} must not implement marshal or unmarshal methods`,
    );
  }
}

/**
 * The checks both releases make on an inlined/embedded field's type `tf`:
 * a struct is queued, a map of string key or a jsontext.Value becomes a
 * fallback; anything else is an error (Go 1.26 then ignores the field,
 * Go 1.27 keeps it as a regular field: AS_FIELD).
 */
function embedTarget(w: Walk, at: At, tf: GoType): number {
  const { qe, t, sf, o, index, path } = at;
  mustNotImplement(w, t, sf, tf);
  const invalid = w.go127 ? AS_FIELD : DONE;
  if (tf.kind === "struct") {
    if (qe.visitChildren) w.queue.push({ typ: tf, index, path, visitChildren: !w.seen.has(tf) });
    w.seen.add(tf);
    return DONE;
  }
  if (!sf.exported) {
    orError(w, t, `${w.word} Go struct field ${sf.name} is not exported`);
    return DONE;
  }
  if (isRawValueV2(tf)) {
    // handled specially by the codec
  } else if (tf.kind === "map" && tf.key.kind === "string") {
    if (implementsAnyMarshal(tf.key)) {
      orError(
        w,
        t,
        `${w.word} map field ${sf.name} of type ${typeStringV2Build(tf)} must have a string key that does not implement marshal or unmarshal methods`,
      );
      return invalid;
    }
  } else {
    orError(
      w,
      t,
      `${w.word} Go struct field ${sf.name} of type ${typeStringV2Build(tf)} must be a Go struct, Go map of string key, or jsontext.Value`,
    );
    return invalid;
  }
  if (w.fallbackIndex >= 0) {
    const prev = t.fields[w.fallbackIndex];
    orError(
      w,
      t,
      `${w.word} Go struct fields ${prev?.name} and ${sf.name} cannot both be a Go map or jsontext.Value`,
    );
  }
  w.fallbackIndex = index[index.length - 1] as number;
  w.fallbacks.push(pendingV2(o, index, path, sf.type, 0, true));
  return DONE;
}

function pendingV2(
  o: FieldOptions,
  index: number[],
  path: FieldStep[],
  type: GoType,
  id: number,
  fallback: boolean,
): Pending {
  return {
    name: o.name,
    tagged: o.hasName,
    index,
    path,
    type,
    omitEmpty: o.omitempty,
    omitZero: o.omitzero,
    string: o.string,
    casing: o.casing === CASE_IGNORE ? "ignore" : o.casing === CASE_STRICT ? "strict" : undefined,
    format: o.format !== "" ? o.format : undefined,
    inline: fallback && o.inline,
    unknown: fallback && o.unknown,
    id,
  };
}

/**
 * isRawValueV2: jsontext.Value, or json.RawMessage, which the v2 build of encoding/json
 * declares as an alias of jsontext.Value (v2_stream.go), so it may be an inlined fallback.
 */
function isRawValueV2(t: GoType): boolean {
  return t.known === "jsontext.Value" || t.known === "json.RawMessage";
}
