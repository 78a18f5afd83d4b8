/**
 * Struct tags: Go's reflect.StructTag.Get / Lookup over a raw tag with several
 * keys, and encoding/json (v1) tag splitting.
 */
import { goUnquote } from "./go-quote.js";

/**
 * Go's reflect.StructTag.Lookup: the value under `key` in a conventional tag
 * (`json:"id,omitempty" xml:"id"`), or undefined when absent or malformed
 * before it.
 */
export function lookupTag(tag: string, key: string): string | undefined {
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
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x80) return validNonASCII(s);
    if ((c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a)) continue;
    if (!V1_TAG_PUNCT.includes(s[i] as string)) return false;
  }
  return true;
}

function validNonASCII(s: string): boolean {
  for (const c of s) {
    if (V1_TAG_PUNCT.includes(c)) continue;
    if (!/^[\p{L}\p{Nd}]$/u.test(c)) return false;
  }
  return true;
}
