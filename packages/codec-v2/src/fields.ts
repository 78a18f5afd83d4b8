/**
 * v2 struct field resolution (Go's encoding/json/v2 fields.go semantics):
 * tags parsed, embedded structs inlined, dominant fields chosen, and
 * structural errors recorded (not thrown) so they are reported at use.
 * Local stand-in until @gojson/gotype's `structFields(t, "v2")` lands.
 */
import type { GoType, StructType } from "@gojson/gotype";
import { goQuote } from "./errors.js";

/** One JSON-visible field of a struct after resolution. */
export interface FieldV2 {
  /** JSON object name. */
  readonly name: string;
  /** Go field names from the outer struct to this field (embedded struct names first). */
  readonly path: readonly string[];
  /** For each hop of `path` but the last, the embedded field's type (to allocate nil embedded pointers). */
  readonly hopTypes: readonly GoType[];
  readonly type: GoType;
  /** Go name of the field (last path element). */
  readonly goName: string;
  readonly hasName: boolean;
  readonly omitempty: boolean;
  readonly omitzero: boolean;
  readonly string: boolean;
  /** case:ignore → "ignore", case:strict → "strict", else "". */
  readonly caseMode: "" | "ignore" | "strict";
  readonly format: string;
  readonly index: readonly number[];
  readonly id: number;
}

/** The inlined fallback (`inline`/`unknown` map or jsontext.Value) of a struct. */
export interface FallbackV2 {
  readonly path: readonly string[];
  readonly hopTypes: readonly GoType[];
  readonly type: GoType;
}

/** The resolved fields of a struct type, plus the first structural error if any. */
export interface StructFieldsV2 {
  readonly fields: readonly FieldV2[];
  readonly byName: ReadonlyMap<string, FieldV2>;
  /** Folded name (lower-case, no '-' '_') → fields. */
  readonly byFolded: ReadonlyMap<string, readonly FieldV2[]>;
  readonly fallback: FallbackV2 | undefined;
  /** Structural error text and the struct type that has it. */
  readonly error: { readonly type: GoType; readonly text: string } | undefined;
}

interface TagOptions {
  name: string;
  hasName: boolean;
  ignored: boolean;
  omitempty: boolean;
  omitzero: boolean;
  string: boolean;
  inline: boolean;
  unknown: boolean;
  caseMode: "" | "ignore" | "strict";
  format: string;
  err?: string;
}

/** Go's reflect.StructTag.Lookup. */
export function lookupTag(tag: string, key: string): string | undefined {
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
        return JSON.parse(qvalue) as string;
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

function isLetter(c: string): boolean {
  return /\p{L}/u.test(c);
}

/** Parse one option identifier or single-quoted string at the start of `s`. */
function consumeOpt(s: string): { value: string; n: number; quoted: boolean; err?: string } {
  if (s[0] === "'") {
    let i = 1;
    let out = "";
    while (i < s.length) {
      if (s[i] === "\\" && i + 1 < s.length) {
        out += s[i + 1];
        i += 2;
        continue;
      }
      if (s[i] === "'") return { value: out, n: i + 1, quoted: true };
      out += s[i];
      i++;
    }
    return { value: "", n: i, quoted: true, err: `single-quoted string not terminated: ${s}...` };
  }
  let i = 0;
  while (i < s.length && (isLetter(s[i] as string) || /[0-9_]/.test(s[i] as string))) i++;
  if (i === 0) {
    const r = s[0] ?? "";
    return {
      value: "",
      n: 0,
      quoted: false,
      err: `invalid character ${goRuneQuote(r)} at start of option (expecting Unicode letter or single quote)`,
    };
  }
  return { value: s.slice(0, i), n: i, quoted: false };
}

function goRuneQuote(r: string): string {
  return `'${r.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;
}

function parseTag(fieldName: string, exported: boolean, tag: string): TagOptions {
  const o: TagOptions = {
    name: fieldName,
    hasName: false,
    ignored: false,
    omitempty: false,
    omitzero: false,
    string: false,
    inline: false,
    unknown: false,
    caseMode: "",
    format: "",
  };
  const tv = lookupTag(tag, "json");
  if (tv === "-") {
    o.ignored = true;
    return o;
  }
  if (!exported) {
    if (tv !== undefined)
      o.err = `unexported Go struct field ${fieldName} cannot have non-ignored \`json:${goQuote(tv)}\` tag`;
    o.ignored = true; // the caller decides about embedded structs
    return o;
  }
  if (tv === undefined) return o;
  let s = tv;
  if (s.length > 0 && s[0] !== ",") {
    const r = consumeOpt(s);
    if (r.err) {
      o.err = `Go struct field ${fieldName} has malformed \`json\` tag: ${r.err}`;
      return o;
    }
    o.name = r.value;
    o.hasName = true;
    s = s.slice(r.n);
    if (s.length > 0 && s[0] !== ",") {
      o.err = `Go struct field ${fieldName} has malformed \`json\` tag: invalid character ${goRuneQuote(s[0] as string)} before next option (expecting ',')`;
      return o;
    }
  }
  const seen = new Set<string>();
  while (s.length > 0) {
    s = s.slice(1); // ','
    if (s.length === 0) {
      o.err ??= `Go struct field ${fieldName} has malformed \`json\` tag: invalid trailing ',' character`;
      break;
    }
    const r = consumeOpt(s);
    if (r.err) {
      o.err ??= `Go struct field ${fieldName} has malformed \`json\` tag: ${r.err}`;
      break;
    }
    const opt = r.value;
    s = s.slice(r.n);
    if (r.quoted)
      o.err ??= `Go struct field ${fieldName} has unnecessarily quoted appearance of \`'${opt}'\` tag option; specify \`${opt}\` instead`;
    let val = "";
    if ((opt === "case" || opt === "format") && s[0] === ":") {
      s = s.slice(1);
      const v = consumeOpt(s);
      if (v.err) {
        o.err ??= `Go struct field ${fieldName} has malformed value for \`${opt}\` tag option: ${v.err}`;
        break;
      }
      val = v.value;
      s = s.slice(v.n);
    } else if (opt === "case" || opt === "format") {
      o.err ??=
        opt === "case"
          ? `Go struct field ${fieldName} is missing value for \`case\` tag option; specify \`case:ignore\` or \`case:strict\` instead`
          : `Go struct field ${fieldName} is missing value for \`format\` tag option`;
    }
    if (o.format !== "" && opt !== "format")
      o.err ??= `Go struct field ${fieldName} has \`format\` tag option that was not specified last`;
    switch (opt) {
      case "omitempty":
        o.omitempty = true;
        break;
      case "omitzero":
        o.omitzero = true;
        break;
      case "string":
        o.string = true;
        break;
      case "inline":
        o.inline = true;
        break;
      case "unknown":
        o.unknown = true;
        break;
      case "case":
        if (val === "ignore" || val === "strict") {
          if (o.caseMode !== "" && o.caseMode !== val)
            o.err ??= `Go struct field ${fieldName} cannot have both \`case:ignore\` and \`case:strict\` tag options`;
          o.caseMode = val;
        } else if (val !== "") o.err ??= `Go struct field ${fieldName} has unknown \`case:${val}\` tag value`;
        break;
      case "format":
        o.format = val;
        break;
      default: {
        const norm = opt.toLowerCase();
        if (
          ["omitempty", "omitzero", "string", "inline", "unknown", "case", "format"].includes(norm) &&
          norm !== opt
        )
          o.err ??= `Go struct field ${fieldName} has invalid appearance of \`${opt}\` tag option; specify \`${norm}\` instead`;
      }
    }
    const key = opt === "case" ? "case" : opt;
    if (seen.has(key) && opt !== "case")
      o.err ??= `Go struct field ${fieldName} has duplicate appearance of \`${opt}\` tag option`;
    seen.add(key);
    if (s.length > 0 && s[0] !== ",") {
      o.err ??= `Go struct field ${fieldName} has malformed \`json\` tag: invalid character ${goRuneQuote(s[0] as string)} before next option (expecting ',')`;
      break;
    }
  }
  return o;
}

function indirect(t: GoType): GoType {
  return t.kind === "pointer" && t.name === undefined ? t.elem : t;
}

function hasAnyMethod(t: GoType): boolean {
  const m = t.methods;
  if (m && (m.MarshalJSON || m.UnmarshalJSON || m.MarshalText || m.UnmarshalText)) return true;
  if (t.kind === "pointer") {
    const e = t.elem.methods;
    return !!(e && (e.MarshalJSON || e.UnmarshalJSON || e.MarshalText || e.UnmarshalText));
  }
  return false;
}

/** Whether t is a Go map with a string key (or jsontext.Value), usable as an inlined fallback. */
function isFallbackType(t: GoType): boolean {
  if (t.known === "jsontext.Value") return true;
  return t.kind === "map" && t.key.kind === "string" && !hasAnyMethod(t.key);
}

const cache = new WeakMap<GoType, StructFieldsV2>();

/** Fold a name as v2's case-insensitive matching does: lower-case, without '-' and '_'. */
export function foldName(s: string): string {
  return s.replace(/[-_]/g, "").toLowerCase();
}

/** Resolve the JSON fields of struct type t with v2 rules (cached per type). */
export function structFieldsV2(t: StructType): StructFieldsV2 {
  let r = cache.get(t);
  if (!r) {
    r = resolve(t);
    cache.set(t, r);
  }
  return r;
}

interface QueueEntry {
  typ: StructType;
  path: string[];
  hops: GoType[];
  index: number[];
  visited: Set<GoType>;
}

function resolve(root: StructType): StructFieldsV2 {
  let error: { type: GoType; text: string } | undefined;
  const orErr = (type: GoType, text: string) => {
    error ??= { type, text };
  };
  type Mut = Omit<FieldV2, "id"> & { id: number };
  const all: Mut[] = [];
  const fallbacks: (FallbackV2 & { depth: number })[] = [];
  const queue: QueueEntry[] = [{ typ: root, path: [], hops: [], index: [], visited: new Set([root]) }];
  for (let qi = 0; qi < queue.length; qi++) {
    const qe = queue[qi] as QueueEntry;
    const t = qe.typ;
    const namesIndex = new Map<string, string>();
    let hasAnyTag = false;
    let hasAnyField = false;
    let fallbackName: string | undefined;
    t.fields.forEach((sf, i) => {
      if (lookupTag(sf.tag, "json") !== undefined) hasAnyTag = true;
      const exportedOrEmbedded = sf.exported || (sf.embedded && indirect(sf.type).kind === "struct");
      const o = parseTag(sf.name, sf.exported, sf.tag);
      if (
        !sf.exported &&
        sf.embedded &&
        indirect(sf.type).kind === "struct" &&
        lookupTag(sf.tag, "json") === undefined
      ) {
        o.ignored = false;
        o.err = undefined;
      }
      if (o.err) orErr(t, o.err);
      if (o.ignored || !exportedOrEmbedded) return;
      hasAnyField = true;
      const path = [...qe.path, sf.name];
      const index = [...qe.index, i];
      if ((sf.embedded && !o.hasName) || o.inline || o.unknown) {
        if (o.inline && o.unknown) {
          orErr(t, `Go struct field ${sf.name} cannot have both \`inline\` and \`unknown\` specified`);
          return;
        }
        const tf = indirect(sf.type);
        if (sf.embedded && !o.hasName && tf.kind !== "struct" && !o.inline && !o.unknown) {
          orErr(
            t,
            `embedded Go struct field ${sf.name} of non-struct type must be explicitly given a JSON name`,
          );
          return;
        }
        if (hasAnyMethod(tf) || hasAnyMethod(sf.type)) {
          orErr(
            t,
            `inlined Go struct field ${sf.name} of type ${sf.type.name ?? "?"} must not implement marshal or unmarshal methods`,
          );
          return;
        }
        if (tf.kind === "struct" && tf.known === undefined && !o.unknown) {
          if (qe.visited.has(tf)) return; // cycle guard
          const visited = new Set(qe.visited);
          visited.add(tf);
          queue.push({ typ: tf, path, hops: [...qe.hops, sf.type], index, visited });
          return;
        }
        if (!isFallbackType(sf.type)) {
          orErr(
            t,
            o.unknown
              ? `inlined Go struct field ${sf.name} of type ${sf.type.name ?? "?"} with \`unknown\` tag must be a Go map of string key or a jsontext.Value`
              : `inlined Go struct field ${sf.name} of type ${sf.type.name ?? "?"} must be a Go struct, Go map of string key, or jsontext.Value`,
          );
          return;
        }
        if (fallbackName !== undefined) {
          orErr(
            t,
            `inlined Go struct fields ${fallbackName} and ${sf.name} cannot both be a Go map or jsontext.Value`,
          );
        }
        fallbackName = sf.name;
        fallbacks.push({ path, hopTypes: [...qe.hops, sf.type], type: sf.type, depth: index.length });
        return;
      }
      if (!sf.exported) return;
      const prev = namesIndex.get(o.name);
      if (prev !== undefined)
        orErr(t, `Go struct fields ${prev} and ${sf.name} conflict over JSON object name ${goQuote(o.name)}`);
      namesIndex.set(o.name, sf.name);
      all.push({
        name: o.name,
        path,
        hopTypes: qe.hops,
        type: sf.type,
        goName: sf.name,
        hasName: o.hasName,
        omitempty: o.omitempty,
        omitzero: o.omitzero,
        string: o.string,
        caseMode: o.caseMode,
        format: o.format,
        index,
        id: all.length,
      });
    });
    if (t.fields.length > 0 && !hasAnyTag && !hasAnyField) orErr(t, "Go struct has no exported fields");
  }
  // Dominant field per name.
  const sorted = [...all].sort(
    (x, y) =>
      (x.name < y.name ? -1 : x.name > y.name ? 1 : 0) ||
      x.index.length - y.index.length ||
      Number(!x.hasName) - Number(!y.hasName),
  );
  const flattened: Mut[] = [];
  for (let i = 0; i < sorted.length; ) {
    let n = 1;
    while (i + n < sorted.length && (sorted[i + n - 1] as Mut).name === (sorted[i + n] as Mut).name) n++;
    const a = sorted[i] as Mut;
    const b = sorted[i + 1];
    if (n === 1 || !b || a.index.length !== b.index.length || a.hasName !== b.hasName) flattened.push(a);
    i += n;
  }
  flattened.sort((x, y) => {
    for (let k = 0; k < Math.min(x.index.length, y.index.length); k++) {
      const d = (x.index[k] as number) - (y.index[k] as number);
      if (d !== 0) return d;
    }
    return x.index.length - y.index.length;
  });
  flattened.forEach((f, i) => {
    f.id = i;
  });
  const byName = new Map<string, FieldV2>();
  const byFolded = new Map<string, FieldV2[]>();
  for (const f of flattened) {
    byName.set(f.name, f);
    const k = foldName(f.name);
    const l = byFolded.get(k);
    if (l) l.push(f);
    else byFolded.set(k, [f]);
  }
  let fallback: FallbackV2 | undefined;
  if (fallbacks.length > 0) {
    fallbacks.sort((a, b) => a.depth - b.depth);
    const a = fallbacks[0];
    const b = fallbacks[1];
    if (a && (!b || b.depth !== a.depth)) fallback = a;
  }
  return { fields: flattened, byName, byFolded, fallback, error };
}
