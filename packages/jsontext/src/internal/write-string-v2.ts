/**
 * Strings written by the byte paths as Go's v2 writes them by default: the
 * minimal escaping of RFC 8785 section 3.2.2.2 (`\b \t \n \f \r \" \\`
 * short, other control characters `\u00xx`; what JSON.stringify writes for a
 * well-formed string). A lone surrogate (invalid UTF-8 once encoded) throws
 * BAIL: Go reports an error, which the codec's exact encoder builds.
 *
 * Not semver-stable: part of `@gojson/jsontext/internal`.
 */
import { bail } from "./cursor.js";
import { ESCAPER_MAX_UNITS, escaperOrNull } from "./escape-wasm.js";
import type { FastWriter } from "./fast-writer.js";
import { escapedBytes, escapedChars, STRING_INVALID_BAIL } from "./write-string-escaped.js";

/** Strings up to this length are escaped and encoded by hand (escapedChars); longer ones by native calls. */
const SHORT_STRING = 32;

/** Characters JSON.stringify and v2's minimal policy both escape (a well-formed string without them is written as is). */
const NEEDS_ESCAPE = /["\\\u0000-\u001f]/;
/** NEEDS_ESCAPE and surrogates (a string without any is written as is, unchecked). */
const SPECIAL = /["\\\u0000-\u001f\ud800-\udfff]/;

type WellFormed = { isWellFormed(): boolean };

/** writeStringV2 writes s as a JSON string with v2's minimal escaping; a lone surrogate bails. */
export function writeStringV2(w: FastWriter, s: string): void {
  const n = s.length;
  if (n <= SHORT_STRING) escapedChars(w, s, STRING_INVALID_BAIL);
  else longString(w, s, n);
}

/**
 * longString writes a long string: by the WebAssembly escaper in one pass, escapes or not (it
 * writes clean ASCII, Cyrillic or CJK text in fewer instructions than a regex scan plus Buffer's
 * UTF-8 writer, and bails on a lone surrogate itself). Without it: by Buffer's native UTF-8 writer
 * when the string needs no escape (one native check), else by escapedBytes
 * (write-string-escaped.ts, which bails on a lone surrogate).
 */
function longString(w: FastWriter, s: string, n: number): void {
  if (n <= ESCAPER_MAX_UNITS && escaperOrNull() !== null) {
    escapedBytes(w, s, STRING_INVALID_BAIL);
    return;
  }
  const k = s.search(SPECIAL);
  if (k >= 0) {
    // Escapes: written with them (a lone surrogate found there bails); else only surrogates,
    // written natively when all are paired.
    if (s.charCodeAt(k) < 0xd800 || NEEDS_ESCAPE.test(s)) {
      escapedBytes(w, s, STRING_INVALID_BAIL);
      return;
    }
    if (!(s as unknown as WellFormed).isWellFormed()) bail();
  }
  const max = n * 3 + 2;
  w.room(max);
  const b = w.buf;
  b[w.pos++] = 0x22;
  w.pos += b.utf8Write(s, w.pos, max);
  b[w.pos++] = 0x22;
}
