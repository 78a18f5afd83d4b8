/**
 * Go 1.27's json/v2 struct fields (makeStructFields, parseFieldOptions, consumeTagOption of
 * Go 1.27's encoding/json/v2/fields.go). Go 1.26's rules are gotype's `structFields(t, "v2")`;
 * Go 1.27 changed them:
 *
 * - `embed` replaces `inline` and `unknown` (both are now unknown options, ignored);
 * - names and options may no longer be single-quoted (`json:"'a b'"` is a malformed tag:
 *   `invalid character '\'' at start of option (expecting Unicode letter)`; the field keeps its
 *   Go name); only a `format` value may still be quoted;
 * - an embedded field with options other than `embed` is kept as a regular field;
 * - `json:"-,"` no longer has an error of its own (it is an invalid trailing ',');
 * - a `format` option is unsupported: the struct reports `Go struct field X has unsupported
 *   \`format\` tag option` when marshaled or unmarshaled, under v1 semantics too;
 * - error texts say "embedded" where Go 1.26 said "inlined".
 */
import {
  type GoType,
  goQuote,
  goQuoteRune,
  goUnquote,
  lookupMethod,
  lookupTag,
  type MethodName,
  methodsVersion,
  type StructType,
  typeString,
  typeStringV2Build,
  unresolvedError,
} from "@gojson/gotype";

/** One field of Go 1.27's resolution, before the codec's view (fields.ts) is made. */
export interface Field127 {
  readonly name: string;
  readonly hasName: boolean;
  /** Go field names from the outer struct to this field. */
  readonly path: readonly string[];
  /** The type of each hop of `path` (the last one is the field's own type). */
  readonly types: readonly GoType[];
  /** For each hop, whether it is an unexported embedded pointer (Go cannot allocate it when nil). */
  readonly blocked: readonly boolean[];
  readonly index: readonly number[];
  readonly type: GoType;
  readonly omitzero: boolean;
  readonly omitempty: boolean;
  readonly string: boolean;
  readonly caseMode: "" | "ignore" | "strict";
  readonly format: string;
  id: number;
}

/** Go 1.27's struct fields: the dominant fields, the embedded fallback and the errors. */
export interface Fields127 {
  readonly fields: readonly Field127[];
  readonly fallback: Field127 | undefined;
  /** The first structural error (Go's errInit: ignored under v1's legacy error reporting). */
  readonly error: { readonly type: GoType; readonly text: string } | undefined;
  /** The first field with a `format` option (reported even under v1's legacy error reporting). */
  readonly unsupportedFormat: { readonly type: GoType; readonly text: string } | undefined;
}

const CASE_IGNORE = 1;
const CASE_STRICT = 2;

interface Opts {
  name: string;
  hasName: boolean;
  casing: number;
  embed: boolean;
  omitzero: boolean;
  omitempty: boolean;
  string: boolean;
  format: string;
}

function emptyOpts(): Opts {
  return {
    name: "",
    hasName: false,
    casing: 0,
    embed: false,
    omitzero: false,
    omitempty: false,
    string: false,
    format: "",
  };
}

const isLetter = (c: string) => /^\p{L}$/u.test(c);
const isLetterOrDigit = (c: string) => c === "_" || /^[\p{L}\p{N}]$/u.test(c);

/** Go 1.27's consumeTagOption: an identifier, or (where allowed) a single-quoted string. */
function consumeTagOption(tag: string, allowQuoted: boolean): { opt: string; n: number; err?: string } {
  let i = tag.indexOf(",");
  if (i < 0) i = tag.length;
  if (tag.length === 0) return { opt: "", n: 0, err: "unexpected EOF" };
  const r = String.fromCodePoint(tag.codePointAt(0) as number);
  if (r === "_" || isLetter(r)) {
    let n = 0;
    for (const c of tag) {
      if (!isLetterOrDigit(c)) break;
      n += c.length;
    }
    return { opt: tag.slice(0, n), n };
  }
  if (!allowQuoted)
    return {
      opt: tag.slice(0, i),
      n: i,
      err: `invalid character ${goQuoteRune(r)} at start of option (expecting Unicode letter)`,
    };
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
        const out = goUnquote(b);
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

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const LONE_SURROGATE_ALL = new RegExp(LONE_SURROGATE.source, "g");

interface SF {
  name: string;
  tag: string;
  exported: boolean;
  embedded: boolean;
}

/** Go 1.27's parseFieldOptions. */
function parseFieldOptions(sf: SF): { out: Opts; ignored: boolean; err?: string } {
  const looked = lookupTag(sf.tag, "json");
  const hasTag = looked !== undefined;
  let tag = looked ?? "";
  let err: string | undefined;
  const setErr = (m: string) => {
    err ??= m;
  };
  if (tag === "-") return { out: emptyOpts(), ignored: true };
  if (!sf.exported && !sf.embedded) {
    if (hasTag)
      setErr(`unexported Go struct field ${sf.name} cannot have non-ignored \`json:${goQuote(tag)}\` tag`);
    return { out: emptyOpts(), ignored: true, ...(err !== undefined ? { err } : {}) };
  }
  const out = emptyOpts();
  out.name = sf.name;
  if (tag.length > 0 && !tag.startsWith(",")) {
    let n = 0;
    while (n < tag.length && !",\\'\"`".includes(tag[n] as string)) n++;
    let name = tag.slice(0, n);
    let err2: string | undefined;
    if (!tag.slice(n).startsWith(",") && name.length !== tag.length) {
      const c = consumeTagOption(tag, false);
      name = c.opt;
      n = c.n;
      err2 = c.err;
      if (err2 !== undefined) setErr(`Go struct field ${sf.name} has malformed \`json\` tag: ${err2}`);
    }
    if (LONE_SURROGATE.test(name)) {
      setErr(`Go struct field ${sf.name} has JSON object name ${goQuote(name)} with invalid UTF-8`);
      name = name.replace(LONE_SURROGATE_ALL, "\ufffd");
    }
    if (err2 === undefined) {
      out.hasName = true;
      out.name = name;
    }
    tag = tag.slice(n);
  }
  let wasFormat = false;
  const seen = new Set<string>();
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
    const c = consumeTagOption(tag, false);
    const opt = c.opt;
    if (c.err !== undefined) setErr(`Go struct field ${sf.name} has malformed \`json\` tag: ${c.err}`);
    const rawOpt = tag.slice(0, c.n);
    tag = tag.slice(c.n);
    if (wasFormat) setErr(`Go struct field ${sf.name} has \`format\` tag option that was not specified last`);
    else if (rawOpt.startsWith("'") && [...opt].every(isLetterOrDigit))
      setErr(
        `Go struct field ${sf.name} has unnecessarily quoted appearance of \`${rawOpt}\` tag option; specify \`${opt}\` instead`,
      );
    switch (opt) {
      case "case": {
        if (!tag.startsWith(":")) {
          setErr(
            `Go struct field ${sf.name} is missing value for \`case\` tag option; specify \`case:ignore\` or \`case:strict\` instead`,
          );
          break;
        }
        tag = tag.slice(1);
        const v = consumeTagOption(tag, false);
        if (v.err !== undefined) {
          setErr(`Go struct field ${sf.name} has malformed value for \`case\` tag option: ${v.err}`);
          break;
        }
        const raw = tag.slice(0, v.n);
        tag = tag.slice(v.n);
        if (raw.startsWith("'"))
          setErr(
            `Go struct field ${sf.name} has unnecessarily quoted appearance of \`case:${raw}\` tag option; specify \`case:${v.opt}\` instead`,
          );
        if (v.opt === "ignore") out.casing |= CASE_IGNORE;
        else if (v.opt === "strict") out.casing |= CASE_STRICT;
        else setErr(`Go struct field ${sf.name} has unknown \`case:${raw}\` tag value`);
        break;
      }
      case "embed":
        out.embed = true;
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
        const v = consumeTagOption(tag, true);
        if (v.err !== undefined) {
          setErr(`Go struct field ${sf.name} has malformed value for \`format\` tag option: ${v.err}`);
          break;
        }
        if (v.opt === "") {
          setErr(`Go struct field ${sf.name} cannot have empty value for \`format\` tag option`);
          break;
        }
        tag = tag.slice(v.n);
        out.format = v.opt;
        wasFormat = true;
        break;
      }
      default: {
        const norm = opt.toLowerCase().replaceAll("_", "");
        if (["case", "embed", "omitzero", "omitempty", "string", "format"].includes(norm))
          setErr(
            `Go struct field ${sf.name} has invalid appearance of \`${opt}\` tag option; specify \`${norm}\` instead`,
          );
      }
    }
    if (out.casing === (CASE_IGNORE | CASE_STRICT))
      setErr(`Go struct field ${sf.name} cannot have both \`case:ignore\` and \`case:strict\` tag options`);
    else if (seen.has(opt))
      setErr(`Go struct field ${sf.name} has duplicate appearance of \`${rawOpt}\` tag option`);
    seen.add(opt);
  }
  return { out, ignored: false, ...(err !== undefined ? { err } : {}) };
}

const ALL_METHODS: readonly MethodName[] = ["MarshalJSON", "UnmarshalJSON", "MarshalText", "UnmarshalText"];

function implementsAny(t: GoType): boolean {
  for (const m of ALL_METHODS) if (lookupMethod(t, m, { addressable: true }) !== undefined) return true;
  return false;
}

const derefUnnamed = (t: GoType): GoType => (t.kind === "pointer" && t.name === undefined ? t.elem : t);
const isRawValue = (t: GoType) => t.known === "jsontext.Value" || t.known === "json.RawMessage";

function compareIndex(a: readonly number[], b: readonly number[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const d = (a[i] as number) - (b[i] as number);
    if (d !== 0) return d;
  }
  return a.length - b.length;
}

const cache = new WeakMap<GoType, { version: number; fields: Fields127 }>();

/**
 * structFieldsGo127 resolves struct type t with Go 1.27's json/v2 rules (cached per type, and
 * recomputed when methods are attached later: embedded and unexported fields check methods).
 */
export function structFieldsGo127(root: StructType): Fields127 {
  const v = methodsVersion();
  const hit = cache.get(root);
  if (hit !== undefined && hit.version === v) return hit.fields;
  const fields = resolve(root);
  cache.set(root, { version: v, fields });
  return fields;
}

interface Pending {
  o: Opts;
  path: string[];
  types: GoType[];
  blocked: boolean[];
  index: number[];
  type: GoType;
  id: number;
}

function resolve(root: StructType): Fields127 {
  let error: Fields127["error"];
  let unsupportedFormat: Fields127["unsupportedFormat"];
  const orError = (t: GoType, text: string) => {
    error ??= { type: t, text };
  };
  type Q = {
    typ: GoType;
    index: number[];
    path: string[];
    types: GoType[];
    blocked: boolean[];
    visit: boolean;
  };
  const queue: Q[] = [{ typ: root, index: [], path: [], types: [], blocked: [], visit: true }];
  const seen = new Set<GoType>([root]);
  const all: Pending[] = [];
  const fallbacks: Pending[] = [];
  for (let qi = 0; qi < queue.length; qi++) {
    const qe = queue[qi] as Q;
    const t = qe.typ;
    if (t.kind !== "struct") continue;
    let fallbackIndex = -1;
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
      // A field JSON reads or writes must have a type gotype resolved (its GoSyntaxError names the field).
      const unresolved = unresolvedError(
        sf.type,
        `field ${t.name !== undefined ? typeString(t) : "struct"}.${sf.name}`,
      );
      if (unresolved !== undefined) throw unresolved;
      hasAnyJSONField = true;
      const o = parsed.out;
      const f: Pending = {
        o,
        path: [...qe.path, sf.name],
        types: [...qe.types, sf.type],
        blocked: [...qe.blocked, sf.type.kind === "pointer" && sf.type.name === undefined && !sf.exported],
        index: [...qe.index, i],
        type: sf.type,
        id: 0,
      };
      if (sf.embedded && !o.hasName) {
        if (derefUnnamed(sf.type).kind !== "struct")
          orError(
            t,
            `embedded Go struct field ${sf.name} of non-struct type must be explicitly given a JSON name`,
          );
        else o.embed = true;
      }
      const handleField = () => {
        if (!sf.exported) {
          const tf = derefUnnamed(sf.type);
          if (!(sf.embedded && tf.kind === "struct")) {
            orError(t, `Go struct field ${sf.name} is not exported`);
            return;
          }
          if (
            implementsAny(tf) ||
            (o.omitzero && lookupMethod(tf, "IsZero", { addressable: true }) !== undefined)
          ) {
            orError(t, `Go struct field ${sf.name} is not exported for method calls`);
            return;
          }
        }
        const j = namesIndex.get(o.name);
        if (j !== undefined)
          orError(
            t,
            `Go struct fields ${t.fields[j]?.name} and ${sf.name} conflict over JSON object name ${goQuote(o.name)}`,
          );
        namesIndex.set(o.name, i);
        f.id = all.length;
        all.push(f);
        if (o.format !== "")
          unsupportedFormat ??= {
            type: t,
            text: `Go struct field ${sf.name} has unsupported \`format\` tag option`,
          };
      };
      const handleEmbed = () => {
        const onlyEmbed =
          !o.hasName && o.casing === 0 && !o.omitzero && !o.omitempty && !o.string && o.format === "";
        if (!onlyEmbed) {
          orError(t, `Go struct field ${sf.name} cannot have any options other than \`embed\` specified`);
          if (o.hasName) {
            handleField();
            return;
          }
          Object.assign(o, emptyOpts(), { name: o.name, embed: true });
        }
        const tf = derefUnnamed(sf.type);
        if (implementsAny(tf) && !isRawValue(tf))
          orError(
            t,
            `embedded Go struct field ${sf.name} of type ${typeStringV2Build(tf)} must not implement marshal or unmarshal methods`,
          );
        if (tf.kind === "struct") {
          if (qe.visit)
            queue.push({
              typ: tf,
              index: f.index,
              path: f.path,
              types: f.types,
              blocked: f.blocked,
              visit: !seen.has(tf),
            });
          seen.add(tf);
          return;
        }
        if (!sf.exported) {
          orError(t, `embedded Go struct field ${sf.name} is not exported`);
          return;
        }
        if (isRawValue(tf)) {
          // the codec handles an embedded jsontext.Value itself
        } else if (tf.kind === "map" && tf.key.kind === "string") {
          if (implementsAny(tf.key)) {
            orError(
              t,
              `embedded map field ${sf.name} of type ${typeStringV2Build(tf)} must have a string key that does not implement marshal or unmarshal methods`,
            );
            handleField();
            return;
          }
        } else {
          orError(
            t,
            `embedded Go struct field ${sf.name} of type ${typeStringV2Build(tf)} must be a Go struct, Go map of string key, or jsontext.Value`,
          );
          handleField();
          return;
        }
        if (fallbackIndex >= 0)
          orError(
            t,
            `embedded Go struct fields ${t.fields[fallbackIndex]?.name} and ${sf.name} cannot both be a Go map or jsontext.Value`,
          );
        fallbackIndex = i;
        fallbacks.push(f);
      };
      if (o.embed) handleEmbed();
      else handleField();
    }
    if (t.fields.length > 0 && !hasAnyJSONTag && !hasAnyJSONField)
      orError(t, "Go struct has no exported fields");
  }
  // The dominant field of each name: alone at the shallowest depth, or uniquely tagged.
  const sorted = all
    .map((f, k) => ({ f, k }))
    .sort(
      (a, b) =>
        (a.f.o.name < b.f.o.name ? -1 : a.f.o.name > b.f.o.name ? 1 : 0) ||
        a.f.index.length - b.f.index.length ||
        (a.f.o.hasName === b.f.o.hasName ? 0 : a.f.o.hasName ? -1 : 1) ||
        a.k - b.k,
    )
    .map((x) => x.f);
  const flattened: Pending[] = [];
  for (let i = 0; i < sorted.length; ) {
    let n = 1;
    while (i + n < sorted.length && (sorted[i + n] as Pending).o.name === (sorted[i] as Pending).o.name) n++;
    const a = sorted[i] as Pending;
    const b = sorted[i + 1];
    if (n === 1 || b === undefined || a.index.length !== b.index.length || a.o.hasName !== b.o.hasName)
      flattened.push(a);
    i += n;
  }
  flattened.sort((a, b) => a.id - b.id);
  flattened.forEach((f, i) => {
    f.id = i;
  });
  flattened.sort((a, b) => compareIndex(a.index, b.index));
  const f0 = fallbacks[0];
  const f1 = fallbacks[1];
  const fb = f0 !== undefined && (f1 === undefined || f0.index.length !== f1.index.length) ? f0 : undefined;
  return Object.freeze({
    fields: Object.freeze(flattened.map(view)),
    fallback: fb === undefined ? undefined : view(fb),
    error,
    unsupportedFormat,
  });
}

function view(p: Pending): Field127 {
  const o = p.o;
  return {
    name: o.name,
    hasName: o.hasName,
    path: p.path,
    types: p.types,
    blocked: p.blocked,
    index: p.index,
    type: p.type,
    omitzero: o.omitzero,
    omitempty: o.omitempty,
    string: o.string,
    caseMode: o.casing === CASE_IGNORE ? "ignore" : o.casing === CASE_STRICT ? "strict" : "",
    format: o.format,
    id: p.id,
  };
}
