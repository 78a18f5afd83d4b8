/**
 * The shadow-value helpers of the fast marshal path: a "shadow" is a plain JS
 * value whose `JSON.stringify` text is exactly json/v2's output for the Go
 * value it stands for. Where no plain value can say it (an int64 beyond 2^53,
 * float -0, a float32, a string that needs escaping JSON.stringify does not
 * do), the shadow is a *raw marker*: a JS string of one lone surrogate
 * (U+D800) followed by the exact JSON text. JSON.stringify writes it as
 * `"\ud800…"`, which no well-formed string can produce (strings that reach
 * JSON.stringify are checked with isWellFormed, and a lone surrogate is
 * always written as an escape), so {@link unwrapRaw} finds the markers and
 * puts the raw text back in one regular-expression pass.
 */
import type { QuotePolicy } from "@gojson/jsontext/internal";
import { quoteWith } from "./quote.js";

/** Thrown by the fast path for anything it does not handle; the exact encoder then runs. */
export const BAIL: unique symbol = Symbol("gojson.marshal-fast.bail");

/** bail leaves the fast path (the exact encoder produces the output or Go's error). */
export function bail(): never {
  throw BAIL;
}

/** Containers the fast path opens before it hands a value to the exact encoder (which checks depth and cycles). */
export const FAST_MAX_DEPTH = 400;

/** Per-call state of the fast path: container depth, and whether a raw marker was written. */
export const fs: { depth: number; raw: boolean } = { depth: 0, raw: false };

const MARK = "\ud800";
/**
 * How JSON.stringify writes a marker's surrogate. A match is a marker when a `"` comes just before
 * (a user's literal `\ud800` text is written `\\ud800`); the search starts at the backslash, a rare
 * character in JSON text, which V8's string search skips through much faster than a `"`.
 */
const MARK_TEXT = "\\ud800";

/** raw returns the shadow of an exact JSON text (a raw marker). */
export function raw(text: string): string {
  fs.raw = true;
  return MARK + text;
}

/** Whether the quote at s[j] is escaped (preceded by an odd number of backslashes). */
function escapedAt(s: string, j: number): boolean {
  let k = j - 1;
  while (s.charCodeAt(k) === 0x5c) k--;
  return ((j - 1 - k) & 1) === 1;
}

/**
 * rawParts splits JSON.stringify's output at its raw markers: the text between
 * markers and each marker's raw text, in order (undefined when there is none).
 */
export function rawParts(s: string): string[] | undefined {
  let i = s.indexOf(MARK_TEXT);
  if (i < 0) return undefined;
  const parts: string[] = [];
  let last = 0;
  while (i >= 0) {
    if (s.charCodeAt(i - 1) !== 0x22) {
      i = s.indexOf(MARK_TEXT, i + 1);
      continue;
    }
    const start = i + MARK_TEXT.length;
    let j = s.indexOf('"', start);
    while (j >= 0 && escapedAt(s, j)) j = s.indexOf('"', j + 1);
    if (j < 0) throw new Error("gojson: unterminated raw marker");
    const inner = s.slice(start, j);
    parts.push(s.slice(last, i - 1), inner.includes("\\") ? (JSON.parse(`"${inner}"`) as string) : inner);
    last = j + 1;
    i = s.indexOf(MARK_TEXT, last);
  }
  if (parts.length === 0) return undefined;
  parts.push(s.slice(last));
  return parts;
}

/** unwrapRaw replaces every raw marker in JSON.stringify's output by its text (one flat string). */
export function unwrapRaw(s: string): string {
  const parts = rawParts(s);
  return parts === undefined ? s : parts.join("");
}

/** stringifyShadow returns the JSON text of a shadow (its raw markers replaced). */
export function stringifyShadow(shadow: unknown): string {
  const s = JSON.stringify(shadow) as string | undefined;
  if (s === undefined) bail();
  return unwrapRaw(s);
}

/** Whether a shadow encodes as an empty JSON value (null, "", {}, []): v2's omitempty. */
export function isEmptyShadow(s: unknown): boolean {
  if (s === null) return true;
  switch (typeof s) {
    case "string":
      if (s === "") return true;
      if (s.charCodeAt(0) !== 0xd800) return false;
      return s === `${MARK}null` || s === `${MARK}""` || s === `${MARK}{}` || s === `${MARK}[]`;
    case "object":
      if (Array.isArray(s)) return s.length === 0;
      for (const k in s) if (Object.hasOwn(s, k)) return false;
      return true;
    default:
      return false;
  }
}

/** String checks of a quoting policy: which strings JSON.stringify quotes exactly as the policy does. */
export interface StringPolicy {
  readonly pol: QuotePolicy;
  /** Characters the policy escapes and JSON.stringify does not (undefined: none). */
  readonly extra: RegExp | undefined;
}

const policies = new WeakMap<QuotePolicy, StringPolicy>();

/** stringPolicy returns the checks for quoting policy p (cached). */
export function stringPolicy(p: QuotePolicy): StringPolicy {
  let sp = policies.get(p);
  if (sp === undefined) {
    const js = p.version === "v1" || p.escapeForJS;
    const extra = p.escapeHTML ? (js ? /[<>&\u2028\u2029]/ : /[<>&]/) : js ? /[\u2028\u2029]/ : undefined;
    sp = { pol: p, extra };
    policies.set(p, sp);
  }
  return sp;
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
type WellFormed = { isWellFormed?: (this: string) => boolean };
const nativeWellFormed = (String.prototype as WellFormed).isWellFormed;

/** isWellFormed reports whether s has no lone surrogate (is valid UTF-8 once encoded). */
export const isWellFormed: (s: string) => boolean =
  nativeWellFormed !== undefined
    ? (s) => (s as unknown as { isWellFormed(): boolean }).isWellFormed()
    : (s) => !LONE_SURROGATE.test(s);

/** Whether JSON.stringify quotes s exactly as policy sp does (it is well formed and needs no extra escape). */
export function plainString(s: string, sp: StringPolicy): boolean {
  return isWellFormed(s) && (sp.extra === undefined || !sp.extra.test(s));
}

/** The shadow of a Go string: itself, or the raw text of the exact quoting. */
export function stringShadow(s: unknown, sp: StringPolicy): string {
  if (typeof s !== "string") bail();
  if (plainString(s, sp)) return s;
  return raw(quoteWith(s, sp.pol));
}

/** Whether key is an array index (JS enumerates such own keys first, in ascending order). */
export function isIndexKey(k: string): boolean {
  const c = k.charCodeAt(0);
  if (!(c >= 0x30 && c <= 0x39)) return false;
  if (k.length > 10 || (c === 0x30 && k.length > 1)) return false;
  for (let i = 1; i < k.length; i++) {
    const d = k.charCodeAt(i);
    if (d < 0x30 || d > 0x39) return false;
  }
  return Number(k) < 4294967295;
}

/**
 * KeyOrder checks that an object built by adding keys in a given order
 * enumerates them in that order: array-index keys must come first, ascending.
 */
export class KeyOrder {
  private last = -1;
  private named = false;
  /** Adds key k; false when JS would enumerate the keys in another order. */
  add(k: string): boolean {
    if (isIndexKey(k)) {
      const n = Number(k);
      if (this.named || n <= this.last) return false;
      this.last = n;
      return true;
    }
    this.named = true;
    return true;
  }
}

/** setOwn adds an own enumerable property (`__proto__` included) to a plain object. */
export function setOwn(o: Record<string, unknown>, k: string, v: unknown): void {
  if (k === "__proto__")
    Object.defineProperty(o, k, { value: v, writable: true, enumerable: true, configurable: true });
  else o[k] = v;
}
