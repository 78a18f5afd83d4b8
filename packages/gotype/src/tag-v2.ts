/**
 * json/v2's struct tag grammar (Go's parseFieldOptions), by Go release:
 * Go 1.26 has quoted names, `case:`, `format:`, `inline`, `unknown`; Go 1.27
 * has `embed` in place of `inline` and `unknown` (both are then unknown
 * options), no quoted names or options (only a `format` value may be
 * quoted), no empty `format` value and no error of its own for `json:"-,"`.
 * Duplicate and misspelled options and invalid UTF-8 names are errors in
 * both, with Go's error text for the first problem. A tag of a plain name
 * and known options takes a fast path with the same result.
 */
import { goQuote, goQuoteRune, goUnquote } from "./go-quote.js";
import { lookupTag } from "./tags.js";

/**
 * The Go release whose encoding/json/v2 rules apply (they changed in Go 1.27:
 * see parseTagV2 and structFields).
 */
export type GoRelease = "1.26" | "1.27";

/** A field's parsed v2 tag options (Go's fieldOptions). */
export interface FieldOptions {
  name: string;
  hasName: boolean;
  casing: number;
  /** Go 1.26 `inline`, Go 1.27 `embed`. */
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
  /** Go 1.26 `inline`; Go 1.27 `embed`. */
  readonly inline: boolean;
  /** Go 1.26 `unknown` (never set for Go 1.27, where it is an unknown option). */
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

/** `case:ignore` bit of FieldOptions.casing. */
export const CASE_IGNORE = 1;
/** `case:strict` bit of FieldOptions.casing. */
export const CASE_STRICT = 2;

function isLetter(c: string): boolean {
  return /^\p{L}$/u.test(c);
}
function isLetterOrDigit(c: string): boolean {
  return c === "_" || /^[\p{L}\p{N}]$/u.test(c);
}

/**
 * Go's consumeTagOption: an identifier, or a single-quoted string where
 * `allowQuoted` (always in Go 1.26; in Go 1.27 only a `format` value).
 */
function consumeTagOption(tag: string, allowQuoted: boolean): { opt: string; n: number; err?: string } {
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
  if (!allowQuoted) {
    return {
      opt: tag.slice(0, i),
      n: i,
      err: `invalid character ${goQuoteRune(r)} at start of option (expecting Unicode letter)`,
    };
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
 * Parses a field's json tag with json/v2's grammar (parseFieldOptions) of Go
 * release `release` (default "1.26"): quoted names (1.26), `case:`,
 * `format:`, `inline`/`unknown` (1.26) or `embed` (1.27), duplicate and
 * misspelled options, with Go's error text for the first problem.
 */
export function parseTagV2(
  field: {
    name: string;
    tag: string;
    exported: boolean;
    embedded: boolean;
  },
  release: GoRelease = "1.26",
): TagV2 {
  const r = parseFieldOptions(field, release === "1.27");
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

/** FieldOptions with nothing set. */
export function emptyOptions(): FieldOptions {
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

/**
 * Go's parseFieldOptions (Go 1.27's when `go127`): the options, whether the
 * field is ignored, and the first error. `looked` is the field's json tag
 * (lookupTag), passed by a caller that has already read it.
 */
export function parseFieldOptions(
  sf: { name: string; tag: string; exported: boolean; embedded: boolean },
  go127 = false,
  looked: string | undefined = lookupTag(sf.tag, "json"),
): {
  out: FieldOptions;
  ignored: boolean;
  err?: string;
} {
  const tag = looked ?? "";
  if (tag === "-") return { out: emptyOptions(), ignored: true };
  if (!sf.exported && !sf.embedded) {
    if (looked === undefined) return { out: emptyOptions(), ignored: true };
    const err = `unexported Go struct field ${sf.name} cannot have non-ignored \`json:${goQuote(tag)}\` tag`;
    return { out: emptyOptions(), ignored: true, err };
  }
  const fast = plainOptions(sf.name, tag, go127);
  if (fast !== undefined) return { out: fast, ignored: false };
  return fullOptions(sf.name, tag, go127);
}

// A name with one of these is read by fullOptions (quoted names, escapes,
// surrogates: a lone one is invalid UTF-8 for Go).
const QUOTE_OR_ESCAPE = /[\\'"`\ud800-\udfff]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const LONE_SURROGATE_ALL = new RegExp(LONE_SURROGATE.source, "g");

/** plainOptionBits: `omitempty`. */
export const OPT_OMITEMPTY = 1;
/** plainOptionBits: `omitzero`. */
export const OPT_OMITZERO = 2;
/** plainOptionBits: `string`. */
export const OPT_STRING = 4;
/** plainOptionBits: `inline` (Go 1.26) or `embed` (Go 1.27). */
export const OPT_INLINE = 8;
/** plainOptionBits: `unknown` (Go 1.26). */
export const OPT_UNKNOWN = 16;

/**
 * The options of a tag made of a plain name (no quote or backslash) and
 * known options without values, each at most once (the tags almost every
 * struct has); undefined for anything else, which fullOptions reads with
 * Go's whole grammar and gets the same answer for these.
 */
function plainOptions(goName: string, tag: string, go127: boolean): FieldOptions | undefined {
  let i = tag.indexOf(",");
  if (i < 0) i = tag.length;
  const bits = plainOptionBits(tag, i, go127);
  if (bits < 0) return undefined;
  const out = emptyOptions();
  out.name = goName;
  if (i > 0) {
    out.hasName = true;
    out.name = tag.slice(0, i);
  }
  out.omitempty = (bits & OPT_OMITEMPTY) !== 0;
  out.omitzero = (bits & OPT_OMITZERO) !== 0;
  out.string = (bits & OPT_STRING) !== 0;
  out.inline = (bits & OPT_INLINE) !== 0;
  out.unknown = (bits & OPT_UNKNOWN) !== 0;
  return out;
}

/**
 * The options of a plain tag (see plainOptions) as OPT_* bits (`embed` of Go 1.27 is
 * OPT_INLINE), the name being `tag` up to `comma` (its first comma, or its length); -1 for a
 * tag that is not plain. Nothing is allocated for a tag without options.
 */
export function plainOptionBits(tag: string, comma: number, go127: boolean): number {
  const n = tag.length;
  if (QUOTE_OR_ESCAPE.test(comma === n ? tag : tag.slice(0, comma))) return -1;
  if (comma === 1 && tag.charCodeAt(0) === 0x2d) return -1; // `json:"-,"`: Go's deferred error
  let seen = 0;
  let i = comma;
  while (i < n) {
    let j = tag.indexOf(",", i + 1);
    if (j < 0) j = n;
    let bit: number;
    switch (tag.slice(i + 1, j)) {
      case "omitempty":
        bit = OPT_OMITEMPTY;
        break;
      case "omitzero":
        bit = OPT_OMITZERO;
        break;
      case "string":
        bit = OPT_STRING;
        break;
      case "inline":
        if (go127) return -1;
        bit = OPT_INLINE;
        break;
      case "unknown":
        if (go127) return -1;
        bit = OPT_UNKNOWN;
        break;
      case "embed":
        if (!go127) return -1;
        bit = OPT_INLINE;
        break;
      default:
        return -1;
    }
    if ((seen & bit) !== 0) return -1;
    seen |= bit;
    i = j;
  }
  return seen;
}

const KNOWN_OPTIONS_126 = ["case", "inline", "unknown", "omitzero", "omitempty", "string", "format"];
const KNOWN_OPTIONS_127 = ["case", "embed", "omitzero", "omitempty", "string", "format"];

/** parseFieldOptions after the ignored cases, with every rule and error of Go's grammar. */
export function fullOptions(
  goName: string,
  tagIn: string,
  go127 = false,
): { out: FieldOptions; ignored: boolean; err?: string } {
  const sf = { name: goName };
  let tag = tagIn;
  const tagOrig = tag;
  let err: string | undefined;
  const setErr = (m: string) => {
    if (err === undefined) err = m;
  };
  // An option Go does not know: an error only when it is a known one misspelled.
  const unknownOption = (opt: string) => {
    const norm = opt.toLowerCase().replaceAll("_", "");
    if ((go127 ? KNOWN_OPTIONS_127 : KNOWN_OPTIONS_126).includes(norm)) {
      setErr(
        `Go struct field ${sf.name} has invalid appearance of \`${opt}\` tag option; specify \`${norm}\` instead`,
      );
    }
  };
  const out = emptyOptions();
  out.name = sf.name;
  let deferred: string | undefined;
  if (tag.length > 0 && !tag.startsWith(",")) {
    let n = 0;
    while (n < tag.length && !",\\'\"`".includes(tag[n] as string)) n++;
    let name = tag.slice(0, n);
    let err2: string | undefined;
    if (!tag.slice(n).startsWith(",") && name.length !== tag.length) {
      const c = consumeTagOption(tag, !go127);
      name = c.opt;
      n = c.n;
      err2 = c.err;
      if (err2 !== undefined) setErr(`Go struct field ${sf.name} has malformed \`json\` tag: ${err2}`);
    }
    if (LONE_SURROGATE.test(name)) {
      setErr(`Go struct field ${sf.name} has JSON object name ${goQuote(name)} with invalid UTF-8`);
      name = name.replace(LONE_SURROGATE_ALL, "\ufffd");
    }
    if (!go127 && name === "-" && tag[0] === "-") {
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
    const c = consumeTagOption(tag, !go127);
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
        const v = consumeTagOption(tag, !go127);
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
        if (!go127) out.inline = true;
        else unknownOption(opt);
        break;
      case "unknown":
        if (!go127) out.unknown = true;
        else unknownOption(opt);
        break;
      case "embed":
        if (go127) out.inline = true;
        else unknownOption(opt);
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
        if (go127 && v.opt === "") {
          setErr(`Go struct field ${sf.name} cannot have empty value for \`format\` tag option`);
          break;
        }
        tag = tag.slice(v.n);
        out.format = v.opt;
        wasFormat = true;
        break;
      }
      default:
        unknownOption(opt);
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
