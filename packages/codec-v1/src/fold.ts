/**
 * Go v1's case folding of object names (encoding/json fold.go): ASCII letters
 * upper-cased, every other rune mapped to the smallest rune of its
 * unicode.SimpleFold orbit, so "name", "NAME" and "naMe" fold alike (and the
 * Kelvin sign K folds with "k").
 */

const runeCache = new Map<number, number>();

function single(s: string): number | undefined {
  const cp = s.codePointAt(0) as number;
  return s.length === (cp > 0xffff ? 2 : 1) ? cp : undefined;
}

/** The smallest rune of r's simple case-folding orbit (Go's foldRune). */
export function foldRune(r: number): number {
  if (r < 0x80) return r >= 0x61 && r <= 0x7a ? r - 0x20 : r;
  // Turkish dotted/dotless i have no simple folding in Unicode's CaseFolding.txt.
  if (r === 0x130 || r === 0x131) return r;
  const hit = runeCache.get(r);
  if (hit !== undefined) return hit;
  const ch = String.fromCodePoint(r);
  let min = r;
  const up = single(ch.toUpperCase());
  const low = single(ch.toLowerCase());
  for (const c of [up, low]) {
    if (c === undefined || c === 0x130 || c === 0x131) continue;
    if (c < min) min = c;
    const s = String.fromCodePoint(c);
    for (const d of [single(s.toUpperCase()), single(s.toLowerCase())]) {
      if (d !== undefined && d !== 0x130 && d !== 0x131 && d < min) min = d;
    }
  }
  runeCache.set(r, min);
  return min;
}

const ASCII = /^[\x00-\x7f]*$/;

/** Go's foldName: the key used for case-insensitive field matching. */
export function foldName(s: string): string {
  if (ASCII.test(s)) return s.toUpperCase();
  let out = "";
  for (const ch of s) out += String.fromCodePoint(foldRune(ch.codePointAt(0) as number));
  return out;
}
