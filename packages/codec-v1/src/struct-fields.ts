/**
 * Go v1's struct field resolution (encoding/json typeFields): JSON names from
 * tags, embedded struct promotion breadth-first, Go's dominance rules for
 * conflicting names, and the exact/folded name indexes used by unmarshal.
 * Resolved once per struct type and cached on the type object.
 */
import type { GoType, StructType } from "./deps.js";
import { foldName } from "./fold.js";

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
  /** Go's field index path (used for ordering). */
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

/** Go's reflect StructTag.Lookup. */
export function tagLookup(tag: string, key: string): string | undefined {
  let t = tag;
  while (t !== "") {
    let i = 0;
    while (i < t.length && t[i] === " ") i++;
    t = t.slice(i);
    if (t === "") break;
    i = 0;
    while (i < t.length && t.charCodeAt(i) > 0x20 && t[i] !== ":" && t[i] !== '"' && t.charCodeAt(i) !== 0x7f)
      i++;
    if (i === 0 || i + 1 >= t.length || t[i] !== ":" || t[i + 1] !== '"') break;
    const name = t.slice(0, i);
    t = t.slice(i + 1);
    i = 1;
    while (i < t.length && t[i] !== '"') {
      if (t[i] === "\\") i++;
      i++;
    }
    if (i >= t.length) break;
    const qvalue = t.slice(0, i + 1);
    t = t.slice(i + 1);
    if (key === name) {
      try {
        return JSON.parse(qvalue.replace(/\\x([0-9a-fA-F]{2})/g, "\\u00$1")) as string;
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

const TAG_PUNCT = "!#$%&()*+-./:;<=>?@[]^_{|}~ ";
const LETTER_OR_DIGIT = /^[\p{L}\p{Nd}]$/u;

/** Go's isValidTag for a JSON name. */
export function isValidTag(s: string): boolean {
  if (s === "") return false;
  for (const ch of s) {
    if (TAG_PUNCT.includes(ch)) continue;
    if (!LETTER_OR_DIGIT.test(ch)) return false;
  }
  return true;
}

function hasOption(opts: string, name: string): boolean {
  if (opts === "") return false;
  return opts.split(",").includes(name);
}

const SCALAR = new Set([
  "bool",
  "int",
  "int8",
  "int16",
  "int32",
  "int64",
  "uint",
  "uint8",
  "uint16",
  "uint32",
  "uint64",
  "uintptr",
  "float32",
  "float64",
  "string",
]);

interface Pending {
  typ: StructType & GoType;
  index: number[];
  hops: FieldHop[];
}

const cache = new WeakMap<GoType, StructFieldsV1>();

/** Go's cachedTypeFields for a struct type. */
export function structFieldsV1(t: GoType): StructFieldsV1 {
  let r = cache.get(t);
  if (r === undefined) {
    r = build(t as StructType & GoType);
    cache.set(t, r);
  }
  return r;
}

function compareIndex(a: readonly number[], b: readonly number[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const d = (a[i] as number) - (b[i] as number);
    if (d !== 0) return d;
  }
  return a.length - b.length;
}

function compareBytes(a: string, b: string): number {
  return a === b ? 0 : a < b ? -1 : 1;
}

function build(t: StructType & GoType): StructFieldsV1 {
  let current: Pending[] = [];
  let next: Pending[] = [{ typ: t, index: [], hops: [] }];
  let count = new Map<GoType, number>();
  let nextCount = new Map<GoType, number>();
  const visited = new Set<GoType>();
  const fields: FieldV1[] = [];

  while (next.length > 0) {
    current = next;
    next = [];
    count = nextCount;
    nextCount = new Map();
    for (const f of current) {
      if (visited.has(f.typ)) continue;
      visited.add(f.typ);
      f.typ.fields.forEach((sf, i) => {
        if (sf.embedded) {
          const et = sf.type.kind === "pointer" ? sf.type.elem : sf.type;
          if (!sf.exported && et.kind !== "struct") return;
        } else if (!sf.exported) return;
        const tag = tagLookup(sf.tag, "json") ?? "";
        if (tag === "-") return;
        const comma = tag.indexOf(",");
        let name = comma < 0 ? tag : tag.slice(0, comma);
        const opts = comma < 0 ? "" : tag.slice(comma + 1);
        if (!isValidTag(name)) name = "";
        const index = [...f.index, i];
        const hops = [...f.hops, { name: sf.name, type: sf.type, exported: sf.exported }];
        let ft = sf.type;
        if (ft.name === undefined && ft.kind === "pointer") ft = ft.elem;
        const quoted = hasOption(opts, "string") && SCALAR.has(ft.kind);
        if (name !== "" || !sf.embedded || ft.kind !== "struct") {
          const field: FieldV1 = {
            name: name !== "" ? name : sf.name,
            tagged: name !== "",
            index,
            hops,
            type: sf.type,
            omitEmpty: hasOption(opts, "omitempty"),
            omitZero: hasOption(opts, "omitzero"),
            quoted,
          };
          fields.push(field);
          if ((count.get(f.typ) ?? 0) > 1) fields.push(field);
          return;
        }
        const n = (nextCount.get(ft) ?? 0) + 1;
        nextCount.set(ft, n);
        if (n === 1) next.push({ typ: ft as StructType & GoType, index, hops });
      });
    }
  }

  fields.sort((a, b) => {
    const c = compareBytes(a.name, b.name);
    if (c !== 0) return c;
    if (a.index.length !== b.index.length) return a.index.length - b.index.length;
    if (a.tagged !== b.tagged) return a.tagged ? -1 : 1;
    return compareIndex(a.index, b.index);
  });
  const out: FieldV1[] = [];
  for (let i = 0, advance = 0; i < fields.length; i += advance) {
    const fi = fields[i] as FieldV1;
    for (advance = 1; i + advance < fields.length; advance++) {
      if ((fields[i + advance] as FieldV1).name !== fi.name) break;
    }
    if (advance === 1) {
      out.push(fi);
      continue;
    }
    const f1 = fields[i + 1] as FieldV1;
    if (fi.index.length === f1.index.length && fi.tagged === f1.tagged) continue;
    out.push(fi);
  }
  out.sort((a, b) => compareIndex(a.index, b.index));
  const byExactName = new Map<string, FieldV1>();
  const byFoldedName = new Map<string, FieldV1>();
  for (const f of out) {
    byExactName.set(f.name, f);
    const k = foldName(f.name);
    if (!byFoldedName.has(k)) byFoldedName.set(k, f);
  }
  return { list: out, byExactName, byFoldedName };
}
