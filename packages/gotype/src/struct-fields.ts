/**
 * JSON field resolution for struct types, as encoding/json (v1 typeFields)
 * and encoding/json/v2 (makeStructFields) compute it: tags parsed, embedded
 * structs promoted, conflicts at one depth dropped, and, for v2, structural
 * errors recorded (never thrown). Computed once per type object and version.
 */
import { foldNameV1, foldNameV2 } from "./fold.js";
import { goQuote, goQuoteRune, goUnquote } from "./go-quote.js";
import { lookupMethod, methodsVersion } from "./methods.js";
import { unresolvedError } from "./opaque.js";
import { getTag, isValidTagNameV1, lookupTag, parseTagV1 } from "./tags.js";
import { typeString, typeStringV2Build } from "./type-string.js";
import type { GoType, MethodName, StructType } from "./types.js";

/** Which encoding/json grammar and resolution rules to apply. */
export type JsonVersion = "v1" | "v2";

/** One struct field on the way from the outer struct to a JSON field. */
export interface FieldStep {
  /** Index in the struct's `fields`. */
  readonly index: number;
  /** Go field name. */
  readonly name: string;
  /** Declared type of the field. */
  readonly type: GoType;
  /** Whether the field is an (unnamed) pointer `*T`: following it dereferences and it may be nil. */
  readonly pointer: boolean;
  /** Whether the Go field is exported (an embedded pointer to an unexported struct cannot be allocated by Go). */
  readonly exported: boolean;
  readonly embedded: boolean;
}

/** A struct field as JSON sees it. */
export interface JsonField {
  /** JSON object name. */
  readonly name: string;
  /** Go field name. */
  readonly goName: string;
  /** reflect FieldByIndex path. */
  readonly index: readonly number[];
  /** One step per index entry; the last step is the field itself. */
  readonly path: readonly FieldStep[];
  /** Declared Go type of the field. */
  readonly type: GoType;
  /** Whether the JSON name came from the tag. */
  readonly tagged: boolean;
  readonly omitEmpty: boolean;
  readonly omitZero: boolean;
  /**
   * v1: whether the `string` option takes effect (it does only for bool,
   * integers, floats and strings, or an unnamed pointer to one of those);
   * v2: whether the `string` option is present.
   */
  readonly string: boolean;
  /** v2 `case:ignore` / `case:strict`. */
  readonly casing?: "ignore" | "strict";
  /** v2 `format:...` value. */
  readonly format?: string;
  /** v2 `inline` (only on `inlinedFallback`). */
  readonly inline: boolean;
  /** v2 `unknown` (only on `inlinedFallback`). */
  readonly unknown: boolean;
  /** Folded name for case-insensitive matching (v1 foldNameV1, v2 foldNameV2). */
  readonly folded: string;
  /** Position among `fields` (v2: breadth-first order id, as Go's structField.id). */
  readonly id: number;
}

/** A v2 structural error, reported by Go as a SemanticError about `goType` when the type is used. */
export interface StructFieldsError {
  /** The struct type the error is about (may be an embedded struct, not the root). */
  readonly goType: GoType;
  /** Go's wrapped error text (`Go struct field X is not exported`). */
  readonly message: string;
}

/** Resolved fields of a struct type for one version. */
export interface StructFields {
  readonly version: JsonVersion;
  /** Fields in index order (Go's encoding order). */
  readonly fields: readonly JsonField[];
  /** Exact JSON name → field. */
  readonly byName: ReadonlyMap<string, JsonField>;
  /** v1: folded name → first field (index order). */
  readonly byFoldedName: ReadonlyMap<string, JsonField>;
  /** v2: folded name → every field with that folded name, ordered by id. */
  readonly byFoldedNameAll: ReadonlyMap<string, readonly JsonField[]>;
  /** v2: the dominant `inline`/`unknown` map or jsontext.Value field that holds unknown members. */
  readonly inlinedFallback?: JsonField;
  /** v2: the first structural error (Go reports it when the type is marshaled or unmarshaled). */
  readonly error?: StructFieldsError;
}

const cacheV1 = new WeakMap<GoType, StructFields>();
const cacheV2 = new WeakMap<GoType, { version: number; fields: StructFields }>();

/**
 * The JSON fields of struct type `t` under v1 or v2 rules; computed once per
 * type object (v2 results are recomputed if methods are attached later,
 * because v2 checks methods on inlined and unexported embedded fields).
 */
export function structFields(t: GoType, version: JsonVersion = "v1"): StructFields {
  if (t.kind !== "struct") throw new TypeError(`structFields: ${typeString(t)} is not a struct type`);
  if (version === "v1") {
    let r = cacheV1.get(t);
    if (r === undefined) {
      r = resolveV1(t);
      cacheV1.set(t, r);
    }
    return r;
  }
  const v = methodsVersion();
  const e = cacheV2.get(t);
  if (e !== undefined && e.version === v) return e.fields;
  const r = resolveV2(t);
  cacheV2.set(t, { version: v, fields: r });
  return r;
}

// A field JSON reads or writes must not have a type gotype could not resolve.
function assertFieldResolved(st: GoType, field: string, t: GoType): void {
  const e = unresolvedError(t, `field ${st.name !== undefined ? typeString(st) : "struct"}.${field}`);
  if (e !== undefined) throw e;
}

function derefUnnamed(t: GoType): GoType {
  return t.kind === "pointer" && t.name === undefined ? t.elem : t;
}

function stepOf(st: StructType, i: number): FieldStep {
  const f = st.fields[i];
  if (f === undefined) throw new RangeError("field index");
  return {
    index: i,
    name: f.name,
    type: f.type,
    pointer: f.type.kind === "pointer" && f.type.name === undefined,
    exported: f.exported,
    embedded: f.embedded,
  };
}

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

interface Pending {
  name: string;
  tagged: boolean;
  index: number[];
  path: FieldStep[];
  type: GoType;
  omitEmpty: boolean;
  omitZero: boolean;
  string: boolean;
  casing?: "ignore" | "strict";
  format?: string;
  inline: boolean;
  unknown: boolean;
  id: number;
}

function compareIndex(a: readonly number[], b: readonly number[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const d = (a[i] as number) - (b[i] as number);
    if (d !== 0) return d;
  }
  return a.length - b.length;
}

function compareStr(a: string, b: string): number {
  // Go compares strings bytewise (UTF-8); UTF-16 order differs only for astral vs U+E000..U+FFFF.
  return a < b ? -1 : a > b ? 1 : 0;
}

function finish(version: JsonVersion, list: Pending[], extra: Partial<StructFields>): StructFields {
  const fold = version === "v1" ? foldNameV1 : foldNameV2;
  const fields: JsonField[] = list.map((p, i) => {
    const last = p.path[p.path.length - 1] as FieldStep;
    const f: JsonField = {
      name: p.name,
      goName: last.name,
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
      id: version === "v1" ? i : p.id,
      ...(p.casing !== undefined ? { casing: p.casing } : {}),
      ...(p.format !== undefined ? { format: p.format } : {}),
    };
    return Object.freeze(f);
  });
  const byName = new Map<string, JsonField>();
  const byFoldedName = new Map<string, JsonField>();
  const byFoldedNameAll = new Map<string, JsonField[]>();
  for (const f of fields) {
    byName.set(f.name, f);
    if (!byFoldedName.has(f.folded)) byFoldedName.set(f.folded, f);
    const all = byFoldedNameAll.get(f.folded);
    if (all === undefined) byFoldedNameAll.set(f.folded, [f]);
    else all.push(f);
  }
  for (const all of byFoldedNameAll.values()) if (all.length > 1) all.sort((a, b) => a.id - b.id);
  return Object.freeze({
    version,
    fields: Object.freeze(fields),
    byName,
    byFoldedName,
    byFoldedNameAll,
    ...extra,
  });
}

/** encoding/json v1 typeFields. */
function resolveV1(root: StructType): StructFields {
  type Q = { typ: GoType; index: number[]; path: FieldStep[] };
  let next: Q[] = [{ typ: root, index: [], path: [] }];
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
      for (let i = 0; i < st.fields.length; i++) {
        const sf = st.fields[i];
        if (sf === undefined) continue;
        if (sf.embedded) {
          const et = sf.type.kind === "pointer" ? sf.type.elem : sf.type;
          if (getTag(sf.tag, "json") !== "-") assertFieldResolved(st, sf.name, sf.type);
          if (!sf.exported && et.kind !== "struct") continue;
        } else if (!sf.exported) continue;
        const tag = getTag(sf.tag, "json");
        if (tag === "-") continue;
        assertFieldResolved(st, sf.name, sf.type);
        const parsed = parseTagV1(tag);
        const name = isValidTagNameV1(parsed.name) ? parsed.name : "";
        const index = [...f.index, i];
        const path = [...f.path, stepOf(st, i)];
        const ft = derefUnnamed(sf.type);
        const opts = parsed.options;
        const quoted = opts.includes("string") && isV1QuotableKind(ft);
        if (name !== "" || !sf.embedded || ft.kind !== "struct") {
          const p: Pending = {
            name: name !== "" ? name : sf.name,
            tagged: name !== "",
            index,
            path,
            type: sf.type,
            omitEmpty: opts.includes("omitempty"),
            omitZero: opts.includes("omitzero"),
            string: quoted,
            inline: false,
            unknown: false,
            id: 0,
          };
          fields.push(p);
          if ((count.get(f.typ) ?? 0) > 1) fields.push(p);
          continue;
        }
        const c = (nextCount.get(ft) ?? 0) + 1;
        nextCount.set(ft, c);
        if (c === 1) next.push({ typ: ft, index, path });
      }
    }
  }
  fields.sort(
    (a, b) =>
      compareStr(a.name, b.name) ||
      a.index.length - b.index.length ||
      (a.tagged === b.tagged ? 0 : a.tagged ? -1 : 1) ||
      compareIndex(a.index, b.index),
  );
  const out: Pending[] = [];
  for (let i = 0; i < fields.length; ) {
    let advance = 1;
    while (
      i + advance < fields.length &&
      (fields[i + advance] as Pending).name === (fields[i] as Pending).name
    )
      advance++;
    const a = fields[i] as Pending;
    if (advance === 1) out.push(a);
    else {
      const b = fields[i + 1] as Pending;
      if (!(a.index.length === b.index.length && a.tagged === b.tagged)) out.push(a);
    }
    i += advance;
  }
  out.sort((a, b) => compareIndex(a.index, b.index));
  return finish("v1", out, {});
}

// ---------------------------------------------------------------- v2

const ALL_METHODS: readonly MethodName[] = ["MarshalJSON", "UnmarshalJSON", "MarshalText", "UnmarshalText"];

function implementsAnyMarshal(t: GoType): boolean {
  for (const m of ALL_METHODS) if (lookupMethod(t, m, { addressable: true }) !== undefined) return true;
  return false;
}

interface FieldOptions {
  name: string;
  hasName: boolean;
  casing: number;
  inline: boolean;
  unknown: boolean;
  omitzero: boolean;
  omitempty: boolean;
  string: boolean;
  format: string;
}

/** Result of parsing one field's json tag with the v2 grammar. */
export interface TagV2 {
  readonly name: string;
  readonly hasName: boolean;
  readonly casing?: "ignore" | "strict";
  readonly inline: boolean;
  readonly unknown: boolean;
  readonly omitzero: boolean;
  readonly omitempty: boolean;
  readonly string: boolean;
  readonly format?: string;
  /** The field is ignored (`json:"-"`, or unexported and not embedded). */
  readonly ignored: boolean;
  /** The first error Go reports for this tag. */
  readonly error?: string;
}

const CASE_IGNORE = 1;
const CASE_STRICT = 2;

function isLetter(c: string): boolean {
  return /^\p{L}$/u.test(c);
}
function isLetterOrDigit(c: string): boolean {
  return c === "_" || /^[\p{L}\p{N}]$/u.test(c);
}

function consumeTagOption(tag: string): { opt: string; n: number; err?: string } {
  let i = tag.indexOf(",");
  if (i < 0) i = tag.length;
  const r = String.fromCodePoint(tag.codePointAt(0) ?? 0);
  if (tag.length === 0) return { opt: "", n: 0, err: "unexpected EOF" };
  if (r === "_" || isLetter(r)) {
    let n = 0;
    for (const c of tag) {
      if (!isLetterOrDigit(c)) break;
      n += c.length;
    }
    return { opt: tag.slice(0, n), n };
  }
  if (r === "'") {
    let inEscape = false;
    let b = '"';
    let n = 1;
    while (tag.length > n) {
      const ch = String.fromCodePoint(tag.codePointAt(n) as number);
      if (inEscape) {
        if (ch === "'") b = b.slice(0, -1);
        inEscape = false;
      } else if (ch === "\\") inEscape = true;
      else if (ch === '"') b += "\\";
      else if (ch === "'") {
        b += '"';
        n += 1;
        const out = goUnquoteLoose(b);
        if (out === undefined)
          return { opt: tag.slice(0, i), n: i, err: `invalid single-quoted string: ${tag.slice(0, n)}` };
        return { opt: out, n };
      }
      b += ch;
      n += ch.length;
    }
    if (n > 10) n = 10;
    return { opt: tag.slice(0, i), n: i, err: `single-quoted string not terminated: ${tag.slice(0, n)}...` };
  }
  return {
    opt: tag.slice(0, i),
    n: i,
    err: `invalid character ${goQuoteRune(r)} at start of option (expecting Unicode letter or single quote)`,
  };
}

function goUnquoteLoose(q: string): string | undefined {
  return goUnquote(q);
}

/**
 * Parses a field's json tag with json/v2's grammar (parseFieldOptions):
 * quoted names, `case:`, `format:`, duplicate and misspelled options, with
 * Go's error text for the first problem.
 */
export function parseTagV2(field: {
  name: string;
  tag: string;
  exported: boolean;
  embedded: boolean;
}): TagV2 {
  const r = parseFieldOptions(field);
  return Object.freeze({
    name: r.out.name,
    hasName: r.out.hasName,
    inline: r.out.inline,
    unknown: r.out.unknown,
    omitzero: r.out.omitzero,
    omitempty: r.out.omitempty,
    string: r.out.string,
    ignored: r.ignored,
    ...(r.out.casing === CASE_IGNORE
      ? { casing: "ignore" as const }
      : r.out.casing === CASE_STRICT
        ? { casing: "strict" as const }
        : {}),
    ...(r.out.format !== "" ? { format: r.out.format } : {}),
    ...(r.err !== undefined ? { error: r.err } : {}),
  });
}

function emptyOptions(): FieldOptions {
  return {
    name: "",
    hasName: false,
    casing: 0,
    inline: false,
    unknown: false,
    omitzero: false,
    omitempty: false,
    string: false,
    format: "",
  };
}

function parseFieldOptions(sf: { name: string; tag: string; exported: boolean; embedded: boolean }): {
  out: FieldOptions;
  ignored: boolean;
  err?: string;
} {
  const looked = lookupTag(sf.tag, "json");
  const hasTag = looked !== undefined;
  let tag = looked ?? "";
  const tagOrig = tag;
  let err: string | undefined;
  const setErr = (m: string) => {
    if (err === undefined) err = m;
  };
  if (tag === "-") return { out: emptyOptions(), ignored: true };
  if (!sf.exported && !sf.embedded) {
    if (hasTag)
      setErr(`unexported Go struct field ${sf.name} cannot have non-ignored \`json:${goQuote(tag)}\` tag`);
    return { out: emptyOptions(), ignored: true, ...(err !== undefined ? { err } : {}) };
  }
  const out = emptyOptions();
  out.name = sf.name;
  let deferred: string | undefined;
  if (tag.length > 0 && !tag.startsWith(",")) {
    let n = 0;
    while (n < tag.length && !",\\'\"`".includes(tag[n] as string)) n++;
    let name = tag.slice(0, n);
    let err2: string | undefined;
    if (!tag.slice(n).startsWith(",") && name.length !== tag.length) {
      const c = consumeTagOption(tag);
      name = c.opt;
      n = c.n;
      err2 = c.err;
      if (err2 !== undefined) setErr(`Go struct field ${sf.name} has malformed \`json\` tag: ${err2}`);
    }
    if (name === "-" && tag[0] === "-") {
      const rest = goQuote(tagOrig).replace(/^"-/, "");
      // Go builds this text in a deferred closure, after out.name became the tag's name.
      const shown = err2 === undefined ? name : out.name;
      deferred = `Go struct field ${sf.name} has JSON object name ${goQuote(shown)}; either use \`json:"-"\` to ignore the field or use \`json:"'-'${rest}\` to specify ${goQuote(name)} as the name`;
    }
    if (err2 === undefined) {
      out.hasName = true;
      out.name = name;
    }
    tag = tag.slice(n);
  }
  let wasFormat = false;
  const seenOpts = new Set<string>();
  while (tag.length > 0) {
    if (tag[0] !== ",") {
      setErr(
        `Go struct field ${sf.name} has malformed \`json\` tag: invalid character ${goQuoteRune(tag[0] as string)} before next option (expecting ',')`,
      );
    } else {
      tag = tag.slice(1);
      if (tag.length === 0) {
        setErr(`Go struct field ${sf.name} has malformed \`json\` tag: invalid trailing ',' character`);
        break;
      }
    }
    const c = consumeTagOption(tag);
    const opt = c.opt;
    if (c.err !== undefined) setErr(`Go struct field ${sf.name} has malformed \`json\` tag: ${c.err}`);
    const rawOpt = tag.slice(0, c.n);
    tag = tag.slice(c.n);
    if (wasFormat) {
      setErr(`Go struct field ${sf.name} has \`format\` tag option that was not specified last`);
    } else if (rawOpt.startsWith("'") && [...opt].every(isLetterOrDigit)) {
      setErr(
        `Go struct field ${sf.name} has unnecessarily quoted appearance of \`${rawOpt}\` tag option; specify \`${opt}\` instead`,
      );
    }
    switch (opt) {
      case "case": {
        if (!tag.startsWith(":")) {
          setErr(
            `Go struct field ${sf.name} is missing value for \`case\` tag option; specify \`case:ignore\` or \`case:strict\` instead`,
          );
          break;
        }
        tag = tag.slice(1);
        const v = consumeTagOption(tag);
        if (v.err !== undefined) {
          setErr(`Go struct field ${sf.name} has malformed value for \`case\` tag option: ${v.err}`);
          break;
        }
        const raw = tag.slice(0, v.n);
        tag = tag.slice(v.n);
        if (raw.startsWith("'")) {
          setErr(
            `Go struct field ${sf.name} has unnecessarily quoted appearance of \`case:${raw}\` tag option; specify \`case:${v.opt}\` instead`,
          );
        }
        if (v.opt === "ignore") out.casing |= CASE_IGNORE;
        else if (v.opt === "strict") out.casing |= CASE_STRICT;
        else setErr(`Go struct field ${sf.name} has unknown \`case:${raw}\` tag value`);
        break;
      }
      case "inline":
        out.inline = true;
        break;
      case "unknown":
        out.unknown = true;
        break;
      case "omitzero":
        out.omitzero = true;
        break;
      case "omitempty":
        out.omitempty = true;
        break;
      case "string":
        out.string = true;
        break;
      case "format": {
        if (!tag.startsWith(":")) {
          setErr(`Go struct field ${sf.name} is missing value for \`format\` tag option`);
          break;
        }
        tag = tag.slice(1);
        const v = consumeTagOption(tag);
        if (v.err !== undefined) {
          setErr(`Go struct field ${sf.name} has malformed value for \`format\` tag option: ${v.err}`);
          break;
        }
        tag = tag.slice(v.n);
        out.format = v.opt;
        wasFormat = true;
        break;
      }
      default: {
        const norm = opt.toLowerCase().replaceAll("_", "");
        if (["case", "inline", "unknown", "omitzero", "omitempty", "string", "format"].includes(norm)) {
          setErr(
            `Go struct field ${sf.name} has invalid appearance of \`${opt}\` tag option; specify \`${norm}\` instead`,
          );
        }
      }
    }
    if (out.casing === (CASE_IGNORE | CASE_STRICT)) {
      setErr(`Go struct field ${sf.name} cannot have both \`case:ignore\` and \`case:strict\` tag options`);
    } else if (seenOpts.has(opt)) {
      setErr(`Go struct field ${sf.name} has duplicate appearance of \`${rawOpt}\` tag option`);
    }
    seenOpts.add(opt);
  }
  if (deferred !== undefined) setErr(deferred);
  return { out, ignored: false, ...(err !== undefined ? { err } : {}) };
}

/** json/v2 makeStructFields. */
function resolveV2(root: StructType): StructFields {
  let error: StructFieldsError | undefined;
  const orError = (t: GoType, message: string) => {
    if (error === undefined) error = Object.freeze({ goType: t, message });
  };
  type Q = { typ: GoType; index: number[]; path: FieldStep[]; visitChildren: boolean };
  const queue: Q[] = [{ typ: root, index: [], path: [], visitChildren: true }];
  const seen = new Set<GoType>([root]);
  const allFields: Pending[] = [];
  const inlinedFallbacks: Pending[] = [];
  for (let qi = 0; qi < queue.length; qi++) {
    const qe = queue[qi] as Q;
    const t = qe.typ;
    if (t.kind !== "struct") continue;
    let inlinedFallbackIndex = -1;
    const namesIndex = new Map<string, number>();
    let hasAnyJSONTag = false;
    let hasAnyJSONField = false;
    for (let i = 0; i < t.fields.length; i++) {
      const sf = t.fields[i];
      if (sf === undefined) continue;
      hasAnyJSONTag ||= lookupTag(sf.tag, "json") !== undefined;
      const parsed = parseFieldOptions(sf);
      if (parsed.err !== undefined) orError(t, parsed.err);
      if (parsed.ignored) continue;
      assertFieldResolved(t, sf.name, sf.type);
      hasAnyJSONField = true;
      const o = parsed.out;
      const index = [...qe.index, i];
      const path = [...qe.path, stepOf(t, i)];
      if (sf.embedded && !o.hasName) {
        if (derefUnnamed(sf.type).kind !== "struct") {
          orError(
            t,
            `embedded Go struct field ${sf.name} of non-struct type must be explicitly given a JSON name`,
          );
        } else {
          o.inline = true;
        }
      }
      if (o.inline || o.unknown) {
        const onlyInlineOrUnknown =
          !o.hasName && o.casing === 0 && !o.omitzero && !o.omitempty && !o.string && o.format === "";
        if (onlyInlineOrUnknown && o.inline && o.unknown) {
          orError(t, `Go struct field ${sf.name} cannot have both \`inline\` and \`unknown\` specified`);
          o.inline = false;
        } else if (!onlyInlineOrUnknown) {
          orError(
            t,
            `Go struct field ${sf.name} cannot have any options other than \`inline\` or \`unknown\` specified`,
          );
          if (o.hasName) continue;
          const inline = o.inline;
          const unknown = o.unknown;
          Object.assign(o, emptyOptions(), { name: o.name, inline, unknown });
          if (o.inline && o.unknown) o.inline = false;
        }
        const tf = derefUnnamed(sf.type);
        if (!isRawValueV2(tf) && implementsAnyMarshal(tf)) {
          orError(
            t,
            `inlined Go struct field ${sf.name} of type ${typeStringV2Build(tf)} must not implement marshal or unmarshal methods`,
          );
        }
        if (tf.kind === "struct") {
          if (o.unknown) {
            orError(
              t,
              `inlined Go struct field ${sf.name} of type ${typeStringV2Build(tf)} with \`unknown\` tag must be a Go map of string key or a jsontext.Value`,
            );
            continue;
          }
          if (qe.visitChildren) queue.push({ typ: tf, index, path, visitChildren: !seen.has(tf) });
          seen.add(tf);
          continue;
        }
        if (!sf.exported) {
          orError(t, `inlined Go struct field ${sf.name} is not exported`);
          continue;
        }
        if (isRawValueV2(tf)) {
          // handled specially by the codec
        } else if (tf.kind === "map" && tf.key.kind === "string") {
          if (implementsAnyMarshal(tf.key)) {
            orError(
              t,
              `inlined map field ${sf.name} of type ${typeStringV2Build(tf)} must have a string key that does not implement marshal or unmarshal methods`,
            );
            continue;
          }
        } else {
          orError(
            t,
            `inlined Go struct field ${sf.name} of type ${typeStringV2Build(tf)} must be a Go struct, Go map of string key, or jsontext.Value`,
          );
          continue;
        }
        if (inlinedFallbackIndex >= 0) {
          const prev = t.fields[inlinedFallbackIndex];
          orError(
            t,
            `inlined Go struct fields ${prev?.name} and ${sf.name} cannot both be a Go map or jsontext.Value`,
          );
        }
        inlinedFallbackIndex = i;
        inlinedFallbacks.push(pendingV2(o, index, path, sf.type, 0));
      } else {
        if (!sf.exported) {
          const tf = derefUnnamed(sf.type);
          if (!(sf.embedded && tf.kind === "struct")) {
            orError(t, `Go struct field ${sf.name} is not exported`);
            continue;
          }
          if (
            implementsAnyMarshal(tf) ||
            (o.omitzero && lookupMethod(tf, "IsZero", { addressable: true }) !== undefined)
          ) {
            orError(t, `Go struct field ${sf.name} is not exported for method calls`);
            continue;
          }
        }
        const j = namesIndex.get(o.name);
        if (j !== undefined) {
          orError(
            t,
            `Go struct fields ${t.fields[j]?.name} and ${sf.name} conflict over JSON object name ${goQuote(o.name)}`,
          );
        }
        namesIndex.set(o.name, i);
        allFields.push(pendingV2(o, index, path, sf.type, allFields.length));
      }
    }
    if (t.fields.length > 0 && !hasAnyJSONTag && !hasAnyJSONField)
      orError(t, "Go struct has no exported fields");
  }
  // Stable sort by name, depth, tagged first; keep only dominant fields.
  const sorted = allFields
    .map((f, k) => ({ f, k }))
    .sort(
      (a, b) =>
        compareStr(a.f.name, b.f.name) ||
        a.f.index.length - b.f.index.length ||
        (a.f.tagged === b.f.tagged ? 0 : a.f.tagged ? -1 : 1) ||
        a.k - b.k,
    )
    .map((x) => x.f);
  const flattened: Pending[] = [];
  for (let i = 0; i < sorted.length; ) {
    let n = 1;
    while (i + n < sorted.length && (sorted[i + n] as Pending).name === (sorted[i] as Pending).name) n++;
    const a = sorted[i] as Pending;
    const b = sorted[i + 1];
    if (n === 1 || b === undefined || a.index.length !== b.index.length || a.tagged !== b.tagged)
      flattened.push(a);
    i += n;
  }
  flattened.sort((a, b) => a.id - b.id);
  flattened.forEach((f, i) => {
    f.id = i;
  });
  flattened.sort((a, b) => compareIndex(a.index, b.index));
  let fallback: Pending | undefined;
  const f0 = inlinedFallbacks[0];
  const f1 = inlinedFallbacks[1];
  if (f0 !== undefined && (f1 === undefined || f0.index.length !== f1.index.length)) fallback = f0;
  const extra: { inlinedFallback?: JsonField; error?: StructFieldsError } = {};
  if (fallback !== undefined) extra.inlinedFallback = finish("v2", [fallback], {}).fields[0] as JsonField;
  if (error !== undefined) extra.error = error;
  return finish("v2", flattened, extra);
}

function pendingV2(o: FieldOptions, index: number[], path: FieldStep[], type: GoType, id: number): Pending {
  return {
    name: o.name,
    tagged: o.hasName,
    index,
    path,
    type,
    omitEmpty: o.omitempty,
    omitZero: o.omitzero,
    string: o.string,
    inline: o.inline,
    unknown: o.unknown,
    id,
    ...(o.casing === CASE_IGNORE
      ? { casing: "ignore" as const }
      : o.casing === CASE_STRICT
        ? { casing: "strict" as const }
        : {}),
    ...(o.format !== "" ? { format: o.format } : {}),
  };
}

/**
 * isRawValueV2: jsontext.Value, or json.RawMessage, which the v2 build of encoding/json
 * declares as an alias of jsontext.Value (v2_stream.go), so it may be an inlined fallback.
 */
function isRawValueV2(t: GoType): boolean {
  return t.known === "jsontext.Value" || t.known === "json.RawMessage";
}
