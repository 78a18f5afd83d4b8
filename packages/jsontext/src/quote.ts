/**
 * appendQuotedString: Go's JSON string escaping for v1 (encoding/json encodeState.string)
 * and v2 (jsonwire.AppendQuote), for JS strings and for Go strings given as bytes.
 */
import type { ByteWriter } from "./byte-writer.js";
import { decodeRuneGo, JsonError } from "./errors.js";

/** QuotePolicy selects the escaping rules for a quoted string. */
export interface QuotePolicy {
  /** "v1": encoding/json (escapes U+2028/U+2029 always, invalid UTF-8 → \ufffd); "v2": jsontext minimal escaping. */
  readonly version: "v1" | "v2";
  /** Escape `<`, `>`, `&` as \u003c \u003e \u0026 (v1 escapeHTML, default true; v2 EscapeForHTML, default false). */
  readonly escapeHTML: boolean;
  /** v2 EscapeForJS: escape U+2028 and U+2029 (always true in v1). */
  readonly escapeForJS: boolean;
  /** v2 AllowInvalidUTF8: write invalid UTF-8 (lone surrogates) as U+FFFD instead of failing. */
  readonly allowInvalidUTF8: boolean;
}

/** QUOTE_V1 is v1's default policy (json.Marshal). */
export const QUOTE_V1: QuotePolicy = Object.freeze({
  version: "v1",
  escapeHTML: true,
  escapeForJS: true,
  allowInvalidUTF8: true,
});
/** QUOTE_V1_NO_HTML is v1 with SetEscapeHTML(false). */
export const QUOTE_V1_NO_HTML: QuotePolicy = Object.freeze({
  version: "v1",
  escapeHTML: false,
  escapeForJS: true,
  allowInvalidUTF8: true,
});
/** QUOTE_V2 is v2's default policy (jsontext with default options). */
export const QUOTE_V2: QuotePolicy = Object.freeze({
  version: "v2",
  escapeHTML: false,
  escapeForJS: false,
  allowInvalidUTF8: false,
});

/** quotePolicy builds a policy from options. */
export function quotePolicy(version: "v1" | "v2", o?: Partial<Omit<QuotePolicy, "version">>): QuotePolicy {
  const base = version === "v1" ? QUOTE_V1 : QUOTE_V2;
  return Object.freeze({
    version,
    escapeHTML: o?.escapeHTML ?? base.escapeHTML,
    escapeForJS: version === "v1" ? true : (o?.escapeForJS ?? false),
    allowInvalidUTF8: version === "v1" ? true : (o?.allowInvalidUTF8 ?? false),
  });
}

/** InvalidUTF8Error is thrown when v2 encodes a string with invalid UTF-8 (Go's jsonwire.ErrInvalidUTF8). */
export class InvalidUTF8Error extends JsonError {
  override name = "InvalidUTF8Error" as const;
  constructor() {
    super("invalid UTF-8", { code: "GOJSON_ERR_INVALID_UTF8" });
  }
}

const HEX = "0123456789abcdef";

// 0: copy as is; 1: escape needed (for the policy), ASCII only
function needsEscapeTable(html: boolean): Uint8Array {
  const t = new Uint8Array(128);
  for (let c = 0; c < 0x20; c++) t[c] = 1;
  t[0x22] = 1;
  t[0x5c] = 1;
  if (html) {
    t[0x3c] = 1;
    t[0x3e] = 1;
    t[0x26] = 1;
  }
  return t;
}
const TABLE_PLAIN = needsEscapeTable(false);
const TABLE_HTML = needsEscapeTable(true);

function writeEscapedAscii(w: ByteWriter, c: number): void {
  switch (c) {
    case 0x22:
      w.writeAscii('\\"');
      return;
    case 0x5c:
      w.writeAscii("\\\\");
      return;
    case 0x08:
      w.writeAscii("\\b");
      return;
    case 0x0c:
      w.writeAscii("\\f");
      return;
    case 0x0a:
      w.writeAscii("\\n");
      return;
    case 0x0d:
      w.writeAscii("\\r");
      return;
    case 0x09:
      w.writeAscii("\\t");
      return;
  }
  w.writeAscii(`\\u00${HEX[c >> 4]}${HEX[c & 15]}`);
}

/**
 * appendQuotedString writes s as a quoted JSON string under the policy. Lone
 * surrogates count as invalid UTF-8: v1 writes \ufffd, v2 throws InvalidUTF8Error
 * unless allowInvalidUTF8 (then U+FFFD is written).
 */
export function appendQuotedString(w: ByteWriter, s: string, policy: QuotePolicy): void {
  const table = policy.escapeHTML ? TABLE_HTML : TABLE_PLAIN;
  const js = policy.version === "v1" || policy.escapeForJS;
  const n = s.length;
  w.ensure(n + 2);
  w.writeByte(0x22);
  let start = 0;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) {
      if (table[c] === 0) continue;
      if (i > start) w.writeString(s.slice(start, i));
      writeEscapedAscii(w, c);
      start = i + 1;
      continue;
    }
    if (c < 0x2028) continue;
    if (c === 0x2028 || c === 0x2029) {
      if (!js) continue;
      if (i > start) w.writeString(s.slice(start, i));
      w.writeAscii(c === 0x2028 ? "\\u2028" : "\\u2029");
      start = i + 1;
      continue;
    }
    if (c >= 0xd800 && c <= 0xdfff) {
      if (c <= 0xdbff && i + 1 < n) {
        const d = s.charCodeAt(i + 1);
        if (d >= 0xdc00 && d <= 0xdfff) {
          i++;
          continue;
        }
      }
      // lone surrogate: invalid UTF-8
      if (i > start) w.writeString(s.slice(start, i));
      if (policy.version === "v1") w.writeAscii("\\ufffd");
      else if (policy.allowInvalidUTF8) w.writeString("\ufffd");
      else throw new InvalidUTF8Error();
      start = i + 1;
    }
  }
  if (start === 0) w.writeString(s);
  else if (start < n) w.writeString(s.slice(start));
  w.writeByte(0x22);
}

// What a string must not hold to be quoted as is, per policy (surrogates are checked apart).
const NEEDS_PLAIN = /[\u0000-\u001f"\\]/;
const NEEDS_HTML = /[\u0000-\u001f"\\<>&]/;
const NEEDS_JS = /[\u0000-\u001f"\\\u2028\u2029]/;
const NEEDS_HTML_JS = /[\u0000-\u001f"\\<>&\u2028\u2029]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const hasWellFormed = typeof (String.prototype as { isWellFormed?: unknown }).isWellFormed === "function";

function isWellFormed(s: string): boolean {
  if (hasWellFormed) return (s as unknown as { isWellFormed(): boolean }).isWellFormed();
  return !LONE_SURROGATE.test(s);
}

/**
 * quoteString returns s quoted under the policy as a JS string. Strings that need no
 * escaping under the policy (valid surrogate pairs included) are returned as `"s"`
 * without a scan of their own; others are escaped into a string directly.
 */
export function quoteString(s: string, policy: QuotePolicy): string {
  const js = policy.version === "v1" || policy.escapeForJS;
  const re = policy.escapeHTML ? (js ? NEEDS_HTML_JS : NEEDS_HTML) : js ? NEEDS_JS : NEEDS_PLAIN;
  if (!re.test(s) && isWellFormed(s)) return `"${s}"`;
  return quoteSlow(s, policy, js);
}

const SHORT_ESCAPES: Record<number, string> = {
  34: '\\"',
  92: "\\\\",
  8: "\\b",
  12: "\\f",
  10: "\\n",
  13: "\\r",
  9: "\\t",
};

function quoteSlow(s: string, policy: QuotePolicy, js: boolean): string {
  const table = policy.escapeHTML ? TABLE_HTML : TABLE_PLAIN;
  const n = s.length;
  let out = '"';
  let start = 0;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    let esc: string;
    if (c < 0x80) {
      if (table[c] === 0) continue;
      esc = SHORT_ESCAPES[c] ?? `\\u00${HEX[c >> 4]}${HEX[c & 15]}`;
    } else if (c === 0x2028 || c === 0x2029) {
      if (!js) continue;
      esc = c === 0x2028 ? "\\u2028" : "\\u2029";
    } else if (c >= 0xd800 && c <= 0xdfff) {
      if (c <= 0xdbff && i + 1 < n) {
        const d = s.charCodeAt(i + 1);
        if (d >= 0xdc00 && d <= 0xdfff) {
          i++;
          continue;
        }
      }
      // lone surrogate: invalid UTF-8
      if (policy.version === "v1") esc = "\\ufffd";
      else if (policy.allowInvalidUTF8) esc = "\ufffd";
      else throw new InvalidUTF8Error();
    } else continue;
    if (i > start) out += s.slice(start, i);
    out += esc;
    start = i + 1;
  }
  if (start < n) out += s.slice(start);
  return `${out}"`;
}

/**
 * appendQuotedBytes writes a Go string given as its bytes (possibly invalid UTF-8)
 * as a quoted JSON string under the policy (invalid bytes: one \ufffd per byte in v1,
 * Go's utf8.DecodeRune rule).
 */
export function appendQuotedBytes(w: ByteWriter, b: Uint8Array, policy: QuotePolicy): void {
  const table = policy.escapeHTML ? TABLE_HTML : TABLE_PLAIN;
  const js = policy.version === "v1" || policy.escapeForJS;
  w.ensure(b.length + 2);
  w.writeByte(0x22);
  let start = 0;
  let i = 0;
  while (i < b.length) {
    const c = b[i]!;
    if (c < 0x80) {
      if (table[c] === 0) {
        i++;
        continue;
      }
      if (i > start) w.writeBytes(b.subarray(start, i));
      writeEscapedAscii(w, c);
      i++;
      start = i;
      continue;
    }
    const [r, size] = decodeRuneGo(b, i);
    if (r === 0xfffd && size === 1) {
      if (i > start) w.writeBytes(b.subarray(start, i));
      if (policy.version === "v1") w.writeAscii("\\ufffd");
      else if (policy.allowInvalidUTF8) w.writeString("\ufffd");
      else throw new InvalidUTF8Error();
      i++;
      start = i;
      continue;
    }
    if ((r === 0x2028 || r === 0x2029) && js) {
      if (i > start) w.writeBytes(b.subarray(start, i));
      w.writeAscii(r === 0x2028 ? "\\u2028" : "\\u2029");
      i += size;
      start = i;
      continue;
    }
    i += size;
  }
  if (i > start) w.writeBytes(b.subarray(start, i));
  w.writeByte(0x22);
}
