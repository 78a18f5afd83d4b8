/**
 * ECMA-262 regular expressions (as JSON Schema's `pattern` uses them, with
 * the `u` flag) for the strings Go parses: JSON numbers inside strings, map
 * keys, RFC 3339 times, base64 and durations.
 */

/** RFC 8259's number grammar, anchored. */
export const JSON_NUMBER_PATTERN = "^-?(?:0|[1-9][0-9]*)(?:\\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$";

/** A JSON integer literal (no fraction, no exponent). */
export const JSON_INT_PATTERN = "^-?(?:0|[1-9][0-9]*)$";

/** A non-negative JSON integer literal. */
export const JSON_UINT_PATTERN = "^(?:0|[1-9][0-9]*)$";

/** strconv.ParseInt(s, 10, _): an optional sign and decimal digits (leading zeros allowed). */
export const GO_PARSE_INT_PATTERN = "^[+-]?[0-9]+$";

/** strconv.ParseUint(s, 10, _): decimal digits only (no sign). */
export const GO_PARSE_UINT_PATTERN = "^[0-9]+$";

const DEC_FLOAT = "[0-9]+(?:\\.[0-9]*)?(?:[eE][+-]?[0-9]+)?";
const HEX_FLOAT = "0[xX](?:[0-9a-fA-F_]+(?:\\.[0-9a-fA-F_]*)?|\\.[0-9a-fA-F_]+)[pP][+-]?[0-9_]+";

/**
 * v1's `,string` on a float: the text must start with `-` or a digit, then
 * strconv.ParseFloat decides (Go's float syntax: hex floats, `-Inf`), or it
 * is `null`.
 */
export const GO_QUOTED_FLOAT_PATTERN = `^(?:-(?:${DEC_FLOAT}|\\.[0-9]+(?:[eE][+-]?[0-9]+)?|${HEX_FLOAT}|[iI][nN][fF](?:[iI][nN][iI][tT][yY])?)|${DEC_FLOAT}|${HEX_FLOAT}|null)$`;

const GO_FLOAT_BODY = `${DEC_FLOAT}|\\.[0-9]+(?:[eE][+-]?[0-9]+)?|${HEX_FLOAT}|[iI][nN][fF](?:[iI][nN][iI][tT][yY])?`;

/** strconv.ParseFloat's syntax: a sign, decimal or hex mantissa, `Inf`/`Infinity` (any case), or `NaN`. */
export const GO_PARSE_FLOAT_PATTERN = `^(?:[+-]?(?:${GO_FLOAT_BODY})|[nN][aA][nN])$`;

/** Go 1.27's v1 `,string` on a float: strconv.ParseFloat's syntax, or `null`. */
export const GO127_QUOTED_FLOAT_PATTERN = `^(?:[+-]?(?:${GO_FLOAT_BODY})|[nN][aA][nN]|null)$`;

/** A JSON string literal (the quotes included), as a string inside a string (v1's `,string` on a string field). */
export const JSON_STRING_LITERAL_PATTERN =
  '^"(?:[^"\\\\\\u0000-\\u001f]|\\\\["\\\\/bfnrt]|\\\\u[0-9a-fA-F]{4})*"$';

const TWO_59 = "[0-5][0-9]";
const DATE =
  "[0-9]{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12][0-9]|3[01])|(?:0[469]|11)-(?:0[1-9]|[12][0-9]|30)|02-(?:0[1-9]|[12][0-9]))";
const HOUR = "(?:[01][0-9]|2[0-3])";

/**
 * RFC 3339 as Go's time.Time.UnmarshalJSON accepts it: upper-case `T` and
 * `Z`, seconds 00–59, fraction with `.`, zone offsets up to 23:59; days are
 * checked per month, but February 29 is accepted in every year.
 */
export const RFC3339_PATTERN = `^${DATE}T${HOUR}:${TWO_59}:${TWO_59}(?:\\.[0-9]+)?(?:Z|[+-]${HOUR}:${TWO_59})$`;

/**
 * What time.ParseDuration accepts: an optional sign and a sequence of
 * decimal numbers with units (`1h30m`, `-1.5s`, `300ms`), or `0`.
 */
export const GO_DURATION_PATTERN =
  "^[+-]?(?:0|(?:(?:[0-9]+(?:\\.[0-9]*)?|\\.[0-9]+)(?:ns|us|\\u00b5s|\\u03bcs|ms|s|m|h))+)$";

const B64 = "[A-Za-z0-9+/]";
const B64URL = "[A-Za-z0-9_-]";

/**
 * Standard base64 with padding (RFC 4648 §4). `lenient` allows `\r` and `\n`
 * anywhere, as Go's base64.StdEncoding (v1) does.
 */
export function base64Pattern(opts: { url?: boolean; lenient?: boolean; bytes?: number } = {}): string {
  const c = opts.url === true ? B64URL : B64;
  const nl = opts.lenient === true ? "[\\r\\n]*" : "";
  const ch = (n: number) => `(?:${c}${nl}){${n}}`;
  const pad = `=${nl}`;
  const tail2 = `${ch(2)}${pad}${pad}`;
  const tail3 = `${ch(3)}${pad}`;
  if (opts.bytes !== undefined) {
    const full = Math.floor(opts.bytes / 3);
    const rest = opts.bytes % 3;
    const tail = rest === 0 ? "" : rest === 1 ? tail2 : tail3;
    return `^${nl}${full > 0 ? `(?:${ch(4)}){${full}}` : ""}${tail}$`;
  }
  return `^${nl}(?:${ch(4)})*(?:${tail2}|${tail3})?$`;
}

/** Lowercase or uppercase hex pairs (Go's hex.Decode), optionally of a fixed byte length. */
export function base16Pattern(bytes?: number): string {
  return bytes === undefined ? "^(?:[0-9a-fA-F]{2})*$" : `^(?:[0-9a-fA-F]{2}){${bytes}}$`;
}

/** Escapes a literal string for use inside a regular expression with the `u` flag. */
export function escapeRegExp(s: string): string {
  let out = "";
  for (const ch of s) {
    const c = ch.codePointAt(0) as number;
    if ("\\^$.*+?()[]{}|/".includes(ch)) out += `\\${ch}`;
    else if (c < 0x20 || c === 0x7f || (c >= 0x80 && c <= 0x9f) || (c >= 0xd800 && c <= 0xdfff))
      out += `\\u${c.toString(16).padStart(4, "0")}`;
    else out += ch;
  }
  return out;
}
