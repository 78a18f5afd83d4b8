/**
 * Name folding used to match JSON object names case-insensitively:
 * v1 (encoding/json foldName: ASCII upper-casing plus Unicode simple folding)
 * and v2 (json/v2 foldName: the same, ignoring '-' and '_').
 */

const foldCache = new Map<number, number>();

/** Go's foldRune: the smallest rune in the Unicode simple case-folding orbit of `r` (approximated with JS case mapping). */
export function foldRune(r: number): number {
  let f = foldCache.get(r);
  if (f !== undefined) return f;
  f = r;
  if (r !== 0x131) {
    // U+0131 (dotless i) upper-cases to I in JS but has no simple folding in Unicode.
    const s = String.fromCodePoint(r);
    const lower = s.toLowerCase();
    const upper = s.toUpperCase();
    for (const c of [lower, upper, lower.toUpperCase(), upper.toLowerCase()]) {
      const cp = c.codePointAt(0) as number;
      if (c.length === (cp > 0xffff ? 2 : 1) && cp < f) f = cp;
    }
  }
  foldCache.set(r, f);
  return f;
}

const NON_ASCII = /[^\x00-\x7f]/;

function fold(s: string, dropDelims: boolean): string {
  let out = "";
  if (!NON_ASCII.test(s)) {
    out = s.toUpperCase();
    // (a regular expression replace per name costs more than the two searches that skip it)
    return dropDelims && (out.includes("-") || out.includes("_")) ? out.replace(/[-_]/g, "") : out;
  }
  for (const ch of s) {
    const c = ch.codePointAt(0) as number;
    if (c < 0x80) {
      if (dropDelims && (c === 0x2d || c === 0x5f)) continue;
      out += c >= 0x61 && c <= 0x7a ? String.fromCharCode(c - 32) : ch;
      continue;
    }
    out += String.fromCodePoint(foldRune(c));
  }
  return out;
}

/** encoding/json v1's foldName: names equal under it match case-insensitively (EqualFold). */
export function foldNameV1(s: string): string {
  return fold(s, false);
}

/** json/v2's foldName: case-insensitive and ignoring '-' and '_' (the `case:ignore` / MatchCaseInsensitiveNames match). */
export function foldNameV2(s: string): string {
  return fold(s, true);
}
