/**
 * Regular expressions for the object member names a struct field matches
 * case-insensitively: v1's EqualFold (every member name whose folded form
 * equals the field's) and v2's `case:ignore` fold (the same, ignoring `-`
 * and `_`). Each character becomes a class of every code point that folds
 * to it, so `id` matches `ID`, `Id` and `iD`, and `k` matches the Kelvin sign.
 */
import { foldNameV1 } from "@gojson/gotype";
import { escapeRegExp } from "./string-patterns.js";

let orbits: Map<string, number[]> | undefined;

/** Code points (BMP) grouped by folded form; built once, on the first non-ASCII or k/s name. */
function orbitTable(): Map<string, number[]> {
  if (orbits !== undefined) return orbits;
  orbits = new Map();
  for (let c = 0; c <= 0xffff; c++) {
    if (c >= 0xd800 && c <= 0xdfff) continue;
    const f = foldOne(c);
    let o = orbits.get(f);
    if (o === undefined) {
      o = [];
      orbits.set(f, o);
    }
    o.push(c);
  }
  return orbits;
}

/** The folded form of one code point under v1's rule (ASCII upper-casing, Unicode simple folding above). */
function foldOne(c: number): string {
  return foldNameV1(String.fromCodePoint(c));
}

function classOf(ch: string): string {
  const c = ch.codePointAt(0) as number;
  const f = foldOne(c);
  const members = c > 0xffff ? [c] : (orbitTable().get(f) ?? [c]);
  if (members.length === 1) return escapeRegExp(ch);
  return `[${members.map((m) => escapeClassMember(m)).join("")}]`;
}

function escapeClassMember(c: number): string {
  const ch = String.fromCodePoint(c);
  if ("\\]^-[".includes(ch)) return `\\${ch}`;
  if (c < 0x20 || c >= 0x7f)
    return c > 0xffff ? `\\u{${c.toString(16)}}` : `\\u${c.toString(16).padStart(4, "0")}`;
  return ch;
}

/** The pattern body (no anchors) of the names v1's EqualFold matches with `name`. */
export function foldPatternV1(name: string): string {
  let out = "";
  for (const ch of name) out += classOf(ch);
  return out;
}

/** The pattern body (no anchors) of the names v2's `case:ignore` matches with `name` (`-` and `_` ignored). */
export function foldPatternV2(name: string): string {
  const sep = "[-_]*";
  let out = sep;
  for (const ch of name) {
    if (ch === "-" || ch === "_") continue;
    out += classOf(ch) + sep;
  }
  return out;
}

/**
 * An anchored pattern for the names folding like `name` that are none of
 * `exact` (names an exact match sends elsewhere).
 */
export function foldPattern(name: string, version: "v1" | "v2", exact: readonly string[]): string {
  const body = version === "v1" ? foldPatternV1(name) : foldPatternV2(name);
  const not = exact.length > 0 ? `(?!(?:${exact.map(escapeRegExp).join("|")})$)` : "";
  return `^${not}${body}$`;
}

/** Whether v1's fold of the name can differ from the name itself (otherwise no pattern is needed). */
export function hasFoldVariants(name: string): boolean {
  for (const ch of name) {
    const c = ch.codePointAt(0) as number;
    if (c <= 0xffff && (orbitTable().get(foldOne(c))?.length ?? 1) > 1) return true;
  }
  return false;
}
