/**
 * What the v1 and v2 field resolvers share: the pending field record, field
 * steps (one frozen step per struct field, shared by every path through it),
 * dominant-field selection by name, and the final frozen StructFields with
 * its name indexes built on first use. Every step is linear in the number of
 * fields times the embedding depth (sorting index paths that arrive almost
 * in order, which V8's merge sort takes in linear time).
 */
import { foldNameV1, foldNameV2 } from "./fold.js";
import { unresolvedError } from "./opaque.js";
import type { FieldStep, JsonField, JsonVersion, StructFields, StructFieldsError } from "./struct-fields.js";
import { typeString } from "./type-string.js";
import type { GoType, StructType } from "./types.js";

/** A field found by a resolver, before dominance and freezing. */
export interface Pending {
  name: string;
  tagged: boolean;
  index: number[];
  path: FieldStep[];
  type: GoType;
  omitEmpty: boolean;
  omitZero: boolean;
  string: boolean;
  casing: "ignore" | "strict" | undefined;
  format: string | undefined;
  inline: boolean;
  unknown: boolean;
  id: number;
}

/** A field JSON reads or writes must not have a type gotype could not resolve. */
export function assertFieldResolved(st: GoType, field: string, t: GoType): void {
  // The message (and the struct's type string) is built only when there is an error.
  if (unresolvedError(t) === undefined) return;
  throw unresolvedError(t, `field ${st.name !== undefined ? typeString(st) : "struct"}.${field}`);
}

/** The element of an unnamed pointer, else the type itself. */
export function derefUnnamed(t: GoType): GoType {
  return t.kind === "pointer" && t.name === undefined ? t.elem : t;
}

const stepsOf = new WeakMap<StructType, (FieldStep | undefined)[]>();

/** The step through field `i` of `st` (one frozen object per struct field). */
export function stepOf(st: StructType, i: number): FieldStep {
  let steps = stepsOf.get(st);
  if (steps === undefined) {
    steps = new Array<FieldStep | undefined>(st.fields.length).fill(undefined);
    stepsOf.set(st, steps);
  }
  let s = steps[i];
  if (s === undefined) {
    const f = st.fields[i];
    if (f === undefined) throw new RangeError("field index");
    s = Object.freeze({
      index: i,
      name: f.name,
      type: f.type,
      pointer: f.type.kind === "pointer" && f.type.name === undefined,
      exported: f.exported,
      embedded: f.embedded,
    });
    steps[i] = s;
  }
  return s;
}

// The frozen index path `[i]` of a struct's own field i, one per i for every struct (they are
// frozen, so sharing them is unobservable; a wide struct's first resolution makes no copies).
const ownIndexes: (readonly number[])[] = [];
// (only small indexes are kept: a 10,000-field struct does not pin 10,000 arrays)
const OWN_INDEXES_KEPT = 256;

function ownIndex(i: number): readonly number[] {
  let x = ownIndexes[i];
  if (x === undefined) {
    x = Object.freeze([i]);
    if (i < OWN_INDEXES_KEPT) ownIndexes[i] = x;
  }
  return x;
}

/**
 * The frozen JsonField of struct field `i` of `st`, a field of the struct's own (not promoted):
 * JSON name `name` (`tagged` when it came from the tag, `folded` its folded form), the `id`-th.
 */
export function directField(
  st: StructType,
  i: number,
  name: string,
  tagged: boolean,
  omitEmpty: boolean,
  omitZero: boolean,
  string: boolean,
  folded: string,
  id: number,
): JsonField {
  const step = stepOf(st, i);
  return Object.freeze({
    name,
    goName: step.name,
    index: ownIndex(i),
    path: Object.freeze([step]),
    type: step.type,
    tagged,
    omitEmpty,
    omitZero,
    string,
    inline: false,
    unknown: false,
    folded,
    id,
  });
}

/** `prefix` with `last` appended, in an array of exactly that length. */
export function extend<E>(prefix: readonly E[], last: E): E[] {
  const n = prefix.length;
  if (n === 0) return [last];
  if (n === 1) return [prefix[0] as E, last];
  const out = prefix.slice();
  out.push(last);
  return out;
}

/** reflect's index order (slices.Compare of the index paths). */
export function compareIndex(a: readonly number[], b: readonly number[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const d = (a[i] as number) - (b[i] as number);
    if (d !== 0) return d;
  }
  return a.length - b.length;
}

function compareByIndex(a: Pending, b: Pending): number {
  return compareIndex(a.index, b.index);
}

/** Sorts fields into reflect's index order. */
export function sortByIndex(list: Pending[]): void {
  list.sort(compareByIndex);
}

interface NameGroup {
  best: Pending;
  /** How many fields share best's depth and taggedness (more than one: no dominant field). */
  ties: number;
}

// Depth first, then tagged before untagged: the order Go sorts a name's fields in.
function rank(p: Pending): number {
  return p.index.length * 2 + (p.tagged ? 0 : 1);
}

/**
 * The dominant field of each JSON name, in the order of `list`: for each name
 * the shallowest field, a tagged one before untagged ones at that depth; no
 * field when two share that depth and taggedness (Go's dominantField, and
 * json/v2's loop over fields sorted by name), in one pass over a map of
 * names instead of a sort.
 */
export function dominantFields(list: readonly Pending[]): Pending[] {
  const groups = new Map<string, NameGroup>();
  for (const p of list) {
    const g = groups.get(p.name);
    if (g === undefined) {
      groups.set(p.name, { best: p, ties: 1 });
      continue;
    }
    const d = rank(p) - rank(g.best);
    if (d < 0) {
      g.best = p;
      g.ties = 1;
    } else if (d === 0) g.ties++;
  }
  const out: Pending[] = [];
  for (const p of list) {
    const g = groups.get(p.name) as NameGroup;
    if (g.best === p && g.ties === 1) out.push(p);
  }
  return out;
}

function freezeField(p: Pending, id: number, fold: (s: string) => string): JsonField {
  const f: { -readonly [K in keyof JsonField]: JsonField[K] } = {
    name: p.name,
    goName: (p.path[p.path.length - 1] as FieldStep).name,
    index: Object.freeze(p.index),
    path: Object.freeze(p.path),
    type: p.type,
    tagged: p.tagged,
    omitEmpty: p.omitEmpty,
    omitZero: p.omitZero,
    string: p.string,
    inline: p.inline,
    unknown: p.unknown,
    folded: fold(p.name),
    id,
  };
  if (p.casing !== undefined) f.casing = p.casing;
  if (p.format !== undefined) f.format = p.format;
  return Object.freeze(f);
}

/** The frozen JsonField of one pending field (v2's inlined fallback). */
export function freezeOne(version: JsonVersion, p: Pending): JsonField {
  return freezeField(p, p.id, version === "v1" ? foldNameV1 : foldNameV2);
}

/**
 * The frozen StructFields of fields already in index order. The name
 * indexes (byName, byFoldedName, byFoldedNameAll) are built when first read:
 * each codec reads only the ones it needs.
 */
export function finish(version: JsonVersion, list: readonly Pending[], extra: Extra): StructFields {
  const fold = version === "v1" ? foldNameV1 : foldNameV2;
  const fields: JsonField[] = new Array<JsonField>(list.length);
  for (let i = 0; i < list.length; i++) {
    const p = list[i] as Pending;
    fields[i] = freezeField(p, version === "v1" ? i : p.id, fold);
  }
  return finishFields(version, fields, extra);
}

type Extra = {
  inlinedFallback?: JsonField;
  error?: StructFieldsError;
  unsupportedFormat?: StructFieldsError;
};

/**
 * A resolved struct: frozen, its name indexes built when first read (kept in private fields,
 * which freezing leaves writable) by getters shared on the prototype (an object literal with
 * getters would define three accessors per struct).
 */
class Resolved implements StructFields {
  readonly version: JsonVersion;
  readonly fields: readonly JsonField[];
  declare readonly inlinedFallback?: JsonField;
  declare readonly error?: StructFieldsError;
  declare readonly unsupportedFormat?: StructFieldsError;
  #byName: Map<string, JsonField> | undefined;
  #byFoldedName: Map<string, JsonField> | undefined;
  #byFoldedNameAll: Map<string, JsonField[]> | undefined;

  constructor(version: JsonVersion, fields: readonly JsonField[], extra: Extra) {
    this.version = version;
    this.fields = fields;
    const self = this as { -readonly [K in keyof Extra]: Extra[K] };
    if (extra.inlinedFallback !== undefined) self.inlinedFallback = extra.inlinedFallback;
    if (extra.error !== undefined) self.error = extra.error;
    if (extra.unsupportedFormat !== undefined) self.unsupportedFormat = extra.unsupportedFormat;
    Object.freeze(this);
  }

  get byName(): ReadonlyMap<string, JsonField> {
    if (this.#byName === undefined) {
      const m = new Map<string, JsonField>();
      for (const f of this.fields) m.set(f.name, f);
      this.#byName = m;
    }
    return this.#byName;
  }

  get byFoldedName(): ReadonlyMap<string, JsonField> {
    if (this.#byFoldedName === undefined) {
      const m = new Map<string, JsonField>();
      for (const f of this.fields) if (!m.has(f.folded)) m.set(f.folded, f);
      this.#byFoldedName = m;
    }
    return this.#byFoldedName;
  }

  get byFoldedNameAll(): ReadonlyMap<string, readonly JsonField[]> {
    if (this.#byFoldedNameAll === undefined) {
      const m = new Map<string, JsonField[]>();
      for (const f of this.fields) {
        const all = m.get(f.folded);
        if (all === undefined) m.set(f.folded, [f]);
        else all.push(f);
      }
      for (const all of m.values()) if (all.length > 1) all.sort((a, b) => a.id - b.id);
      this.#byFoldedNameAll = m;
    }
    return this.#byFoldedNameAll;
  }
}

/** The frozen StructFields of frozen fields in index order, with name indexes built when first read. */
export function finishFields(version: JsonVersion, fields: JsonField[], extra: Extra): StructFields {
  return new Resolved(version, Object.freeze(fields), extra);
}
