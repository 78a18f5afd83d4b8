/**
 * Struct tags: Go's reflect.StructTag.Get / Lookup over a raw tag with several
 * keys, and encoding/json (v1) tag splitting.
 */
import { goUnquote } from "./go-quote.js";

const PLAIN_KEY = /^\w+$/;
const ESCAPE_OR_NEWLINE = /[\\\n]/;

/**
 * Go's reflect.StructTag.Lookup: the value under `key` in a conventional tag
 * (`json:"id,omitempty" xml:"id"`), or undefined when absent or malformed
 * before it.
 */
export function lookupTag(tag: string, key: string): string | undefined {
  // The usual tag, `key:"value"` first with a value without escapes: found with
  // native searches (a loop over characters is slow until the JIT compiles it).
  const k = key.length;
  if (
    tag.startsWith(key) &&
    tag.charCodeAt(k) === 0x3a &&
    tag.charCodeAt(k + 1) === 0x22 &&
    (key === "json" || PLAIN_KEY.test(key))
  ) {
    const end = tag.indexOf('"', k + 2);
    if (end > 0) {
      const value = tag.slice(k + 2, end);
      if (!ESCAPE_OR_NEWLINE.test(value)) return value;
    }
  }
  return scanTag(tag, key);
}

// lookupTag's general case: the tag's `key:"value"` pairs in turn. (Its own function, so the
// usual case above stays small enough to be compiled into its callers.)
function scanTag(tag: string, key: string): string | undefined {
  let i = 0;
  const n = tag.length;
  while (i < n) {
    while (i < n && tag[i] === " ") i++;
    if (i >= n) break;
    const start = i;
    while (i < n) {
      const c = tag.charCodeAt(i);
      if (c <= 0x20 || c === 0x3a || c === 0x22 || c === 0x7f) break;
      i++;
    }
    if (i === start || i + 1 >= n || tag[i] !== ":" || tag[i + 1] !== '"') break;
    const isKey = i - start === key.length && tag.startsWith(key, start);
    i++; // at the opening quote
    const qstart = i;
    i++;
    let plain = true; // no escape or newline: the value is the text between the quotes
    while (i < n && tag[i] !== '"') {
      const c = tag.charCodeAt(i);
      if (c === 0x5c) {
        plain = false;
        i++;
      } else if (c === 0x0a) plain = false;
      i++;
    }
    if (i >= n) break;
    i++;
    if (isKey) return plain ? tag.slice(qstart + 1, i - 1) : goUnquote(tag.slice(qstart, i));
  }
  return undefined;
}

/** Go's reflect.StructTag.Get: lookupTag or "". */
export function getTag(tag: string, key: string): string {
  return lookupTag(tag, key) ?? "";
}

/** A json tag split as encoding/json v1 does: the name before the first comma, and the options. */
export interface TagV1 {
  readonly name: string;
  readonly options: readonly string[];
}

/** encoding/json v1's parseTag: `name,opt1,opt2`. */
export function parseTagV1(tag: string): TagV1 {
  const i = tag.indexOf(",");
  if (i < 0) return { name: tag, options: [] };
  return { name: tag.slice(0, i), options: tag.slice(i + 1).split(",") };
}

const V1_TAG_PUNCT = "!#$%&()*+-./:;<=>?@[]^_{|}~ ";

/** encoding/json v1's isValidTag: a name of letters, digits and allowed punctuation. */
export function isValidTagNameV1(s: string): boolean {
  if (s === "") return false;
  if (VALID_ASCII_V1.test(s)) return true;
  return NON_ASCII.test(s) && validNonASCII(s);
}

// ASCII letters, digits and V1_TAG_PUNCT.
const VALID_ASCII_V1 = /^[A-Za-z0-9!#$%&()*+\-./:;<=>?@[\]^_{|}~ ]+$/;
const NON_ASCII = /[^\x00-\x7f]/;

function validNonASCII(s: string): boolean {
  for (const c of s) {
    if (V1_TAG_PUNCT.includes(c)) continue;
    if (!/^[\p{L}\p{Nd}]$/u.test(c)) return false;
  }
  return true;
}
