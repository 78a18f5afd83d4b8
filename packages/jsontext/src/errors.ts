/**
 * Errors of the syntax layer: the `JsonError` base class every gojson error extends,
 * and `SyntacticError` (Go's jsontext.SyntacticError and v1's json.SyntaxError).
 */

import { isGoPrint } from "./go-print.js";
import { classifySyntax, type SyntacticErrorReason } from "./syntax-reason.js";

const JSON_ERROR_MARK = Symbol.for("gojson.error.JsonError");
const SYNTACTIC_ERROR_MARK = Symbol.for("gojson.error.SyntacticError");

/** JsonError is the base class of every gojson codec and syntax error. */
export class JsonError extends Error {
  override name: string = "JsonError";
  /** A stable machine-readable code (`GOJSON_ERR_...`). */
  readonly code: string;
  /** The Go version whose text `message` reproduces. */
  readonly flavour: "v1" | "v2";

  constructor(message: string, options?: { code?: string; flavour?: "v1" | "v2"; cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.code = options?.code ?? "GOJSON_ERR_JSON";
    this.flavour = options?.flavour ?? "v2";
    Object.defineProperty(this, JSON_ERROR_MARK, { value: true });
  }

  /** isInstance reports whether e is a JsonError, also across two installed copies of gojson. */
  static isInstance(e: unknown): e is JsonError {
    return typeof e === "object" && e !== null && (e as Record<symbol, unknown>)[JSON_ERROR_MARK] === true;
  }
}

/** The Go error flavour of a message: v1 (encoding/json) or v2 (encoding/json/jsontext). */
export type ErrorFlavour = "v1" | "v2";

/**
 * SyntacticError is a JSON grammar or encoding error at a byte offset (Go's
 * jsontext.SyntacticError for v2 and json.SyntaxError for v1). The message is a
 * pure function of the fields: v2 renders `jsontext: <err> within "<pointer>" after offset N`,
 * v1 renders `<err>` alone (Go's SyntaxError.Error()).
 */
export class SyntacticError extends JsonError {
  override name = "SyntacticError" as const;
  /** Byte offset: v2 — the error occurred after this many bytes; v1 — Go's SyntaxError.Offset. */
  readonly offset: number;
  /** JSON Pointer (RFC 6901) of the value in which the error occurred ("" for the root). */
  readonly pointer: string;
  /** The underlying error text without prefix, pointer, or offset (Go's Err.Error()). */
  readonly detail: string;
  /**
   * The kind of error, stable across Go versions and flavours (`invalid-character`,
   * `unexpected-eof`, `duplicate-name`, `invalid-utf8`, `invalid-escape`, `lone-surrogate`,
   * `max-depth`, …). With `where`, `offset` and `pointer` it renders a message that holds
   * no byte of the input.
   */
  readonly reason: SyntacticErrorReason;
  /** Where in the grammar the error occurred, when Go's text says (e.g. `after top-level value`); else undefined. */
  readonly where: string | undefined;

  constructor(fields: {
    detail: string;
    offset: number;
    pointer?: string;
    flavour?: ErrorFlavour;
    code?: string;
  }) {
    const flavour = fields.flavour ?? "v2";
    const pointer = fields.pointer ?? "";
    const kind = classifySyntax(fields.detail);
    // the generic code is refined to the code of the error's kind
    const code = fields.code === undefined || fields.code === "GOJSON_ERR_SYNTAX" ? kind.code : fields.code;
    super(formatSyntacticMessage(fields.detail, fields.offset, pointer, flavour), { code, flavour });
    this.offset = fields.offset;
    this.pointer = pointer;
    this.detail = fields.detail;
    this.reason = kind.reason;
    this.where = kind.where;
    Object.defineProperty(this, SYNTACTIC_ERROR_MARK, { value: true });
  }

  /** isInstance reports whether e is a SyntacticError, also across two installed copies of gojson. */
  static override isInstance(e: unknown): e is SyntacticError {
    return (
      typeof e === "object" && e !== null && (e as Record<symbol, unknown>)[SYNTACTIC_ERROR_MARK] === true
    );
  }
}

/** The text of ErrDuplicateName (Go's jsontext.ErrDuplicateName). */
export const ERR_DUPLICATE_NAME = "duplicate object member name";

function formatSyntacticMessage(
  detail: string,
  offset: number,
  pointer: string,
  flavour: ErrorFlavour,
): string {
  if (flavour === "v1") return detail;
  let msg = `jsontext: ${detail}`;
  if (detail === ERR_DUPLICATE_NAME) {
    const i = pointer.lastIndexOf("/");
    const last = unescapePointerToken(pointer.slice(i + 1));
    msg += ` ${goQuote(last)}`;
    pointer = pointer.slice(0, Math.max(i, 0));
    offset = 0;
  }
  if (pointer !== "") msg += ` within ${goQuote(truncatePointer(pointer, 100))}`;
  if (offset > 0) msg += ` after offset ${offset}`;
  return msg;
}

function unescapePointerToken(t: string): string {
  return t.replace(/~1/g, "/").replace(/~0/g, "~");
}

/** truncatePointer shortens a long JSON pointer as Go's jsonwire.TruncatePointer does. */
export function truncatePointer(s: string, n: number): string {
  const b = new TextEncoder().encode(s);
  if (b.length <= n) return s;
  let i = n >> 1;
  let j = b.length - (n >> 1);
  const slash = 0x2f;
  for (let k = i - 1; k > 0; k--) {
    if (b[k] === slash) {
      i = k;
      break;
    }
  }
  for (let k = j; k < b.length; k++) {
    if (b[k] === slash) {
      j = k + 1;
      break;
    }
  }
  while (i > 0 && ((b[i] ?? 0) & 0xc0) === 0x80) i--;
  while (j < b.length && ((b[j] ?? 0) & 0xc0) === 0x80) j++;
  const dec = new TextDecoder();
  const midStr = dec.decode(b.subarray(i, j));
  const slashes = (midStr.match(/\//g) ?? []).length;
  let middle = slashes === 0 ? "…" : slashes === 1 ? "…/…" : "…/…/…";
  if (midStr.startsWith("/") && middle !== "…") middle = middle.slice(1);
  if (midStr.endsWith("/") && middle !== "…") middle = middle.slice(0, -1);
  return dec.decode(b.subarray(0, i)) + middle + dec.decode(b.subarray(j));
}

// ---- Go's strconv quoting, used by error texts ----

function hex(n: number, width: number): string {
  return n.toString(16).padStart(width, "0");
}

function escapeRune(r: number, quote: number): string {
  if (r === quote || r === 0x5c) return `\\${String.fromCharCode(r)}`;
  if (isGoPrint(r)) return String.fromCodePoint(r);
  switch (r) {
    case 7:
      return "\\a";
    case 8:
      return "\\b";
    case 12:
      return "\\f";
    case 10:
      return "\\n";
    case 13:
      return "\\r";
    case 9:
      return "\\t";
    case 11:
      return "\\v";
  }
  if (r < 0x20 || r === 0x7f) return `\\x${hex(r, 2)}`;
  if (r < 0x10000) return `\\u${hex(r, 4)}`;
  return `\\U${hex(r, 8)}`;
}

/** decodeRuneGo decodes one rune from b at i as Go's utf8.DecodeRune: [rune, size], RuneError with size 1 when invalid. */
export function decodeRuneGo(b: Uint8Array, i: number): [number, number] {
  const n = b.length - i;
  if (n <= 0) return [0xfffd, 0];
  const c0 = b[i]!;
  if (c0 < 0x80) return [c0, 1];
  if (c0 < 0xc2 || c0 > 0xf4) return [0xfffd, 1];
  const c1 = b[i + 1];
  if (c1 === undefined) return [0xfffd, 1];
  if (c0 < 0xe0) {
    if ((c1 & 0xc0) !== 0x80) return [0xfffd, 1];
    return [((c0 & 0x1f) << 6) | (c1 & 0x3f), 2];
  }
  let lo = 0x80;
  let hi = 0xbf;
  if (c0 === 0xe0) lo = 0xa0;
  else if (c0 === 0xed) hi = 0x9f;
  else if (c0 === 0xf0) lo = 0x90;
  else if (c0 === 0xf4) hi = 0x8f;
  if (c1 < lo || c1 > hi) return [0xfffd, 1];
  const c2 = b[i + 2];
  if (c2 === undefined || (c2 & 0xc0) !== 0x80) return [0xfffd, 1];
  if (c0 < 0xf0) return [((c0 & 0x0f) << 12) | ((c1 & 0x3f) << 6) | (c2 & 0x3f), 3];
  const c3 = b[i + 3];
  if (c3 === undefined || (c3 & 0xc0) !== 0x80) return [0xfffd, 1];
  return [((c0 & 0x07) << 18) | ((c1 & 0x3f) << 12) | ((c2 & 0x3f) << 6) | (c3 & 0x3f), 4];
}

/** goQuoteBytes renders bytes as Go's strconv.Quote(string(b)) (invalid UTF-8 bytes as \xHH). */
export function goQuoteBytes(b: Uint8Array): string {
  let out = '"';
  for (let i = 0; i < b.length; ) {
    const [r, n] = decodeRuneGo(b, i);
    if (r === 0xfffd && n === 1) out += `\\x${hex(b[i]!, 2)}`;
    else out += escapeRune(r, 0x22);
    i += n;
  }
  return `${out}"`;
}

/** goQuote renders a JS string as Go's strconv.Quote. */
export function goQuote(s: string): string {
  return goQuoteBytes(new TextEncoder().encode(s));
}

/** goQuoteRune renders a rune as Go's strconv.QuoteRune. */
export function goQuoteRune(r: number): string {
  return `'${escapeRune(r, 0x27)}'`;
}

/** quoteRuneV2 renders the first rune of b as Go's jsonwire.QuoteRune (invalid bytes as '\xff'). */
export function quoteRuneV2(b: Uint8Array, i: number): string {
  const [r, n] = decodeRuneGo(b.subarray(i, i + 4), 0);
  if (r === 0xfffd && n === 1) return `'\\x${(b[i] ?? 0).toString(16)}'`;
  return goQuoteRune(r);
}

/** quoteCharV1 renders a byte as Go v1's scanner quoteChar (the byte taken as a rune U+0000..U+00FF). */
export function quoteCharV1(c: number): string {
  if (c === 0x27) return "'\\''";
  if (c === 0x22) return "'\"'";
  const q = escapeRune(c, 0x22);
  return `'${q}'`;
}

/** invalidEscapeText renders Go's jsonwire.NewInvalidEscapeSequenceError text for the raw escape bytes. */
export function invalidEscapeText(what: Uint8Array): string {
  const label = what.length > 6 ? "surrogate pair" : "escape sequence";
  let needEscape = false;
  for (let i = 0; i < what.length; ) {
    const [r, n] = decodeRuneGo(what, i);
    if (r === 0x60 || r === 0xfffd || isGoSpace(r) || !isGoPrint(r)) {
      needEscape = true;
      break;
    }
    i += n;
  }
  if (needEscape) return `invalid ${label} ${goQuoteBytes(what)} in string`;
  return `invalid ${label} \`${new TextDecoder().decode(what)}\` in string`;
}

function isGoSpace(r: number): boolean {
  return (
    (r >= 9 && r <= 13) ||
    r === 0x20 ||
    r === 0x85 ||
    r === 0xa0 ||
    r === 0x1680 ||
    (r >= 0x2000 && r <= 0x200a) ||
    r === 0x2028 ||
    r === 0x2029 ||
    r === 0x202f ||
    r === 0x205f ||
    r === 0x3000
  );
}
