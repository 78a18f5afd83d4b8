/**
 * Errors of codec-v2: SyntacticError (Go's jsontext.SyntacticError) and
 * SemanticError (Go's json.SemanticError). The message is a pure function of
 * the fields, rendered as Go 1.26's `err.Error()` (with "cannot").
 */
import type { GoType } from "@gojson/gotype";
import { typeString } from "./type-string.js";

const JSON_ERROR = Symbol.for("gojson.error.JsonError");
const SYNTACTIC_ERROR = Symbol.for("gojson.error.SyntacticError");
const SEMANTIC_ERROR = Symbol.for("gojson.error.SemanticError");

/**
 * JsonError is the base of every codec-v2 error. (Local stand-in for the
 * `JsonError` of @gojson/jsontext, which has not landed yet; carries the same
 * `Symbol.for("gojson.error.JsonError")` marker so `isInstance` agrees.)
 */
export class JsonError extends Error {
  override name = "JsonError";
  readonly code: string = "GOJSON_ERR_JSON";
  /** What the destination holds when Go returns the error (unmarshal only). */
  value?: unknown;
  constructor(message: string) {
    super(message);
    (this as unknown as Record<symbol, boolean>)[JSON_ERROR] = true;
  }
  /** Whether `e` is a JsonError, also from another installed copy. */
  static isInstance(e: unknown): e is JsonError {
    return typeof e === "object" && e !== null && (e as Record<symbol, unknown>)[JSON_ERROR] === true;
  }
}

/** Go's JSON kind letters: n f t " 0 { } [ ] or "" when unknown. */
export type JsonKind = "n" | "f" | "t" | '"' | "0" | "{" | "}" | "[" | "]" | "";

/** Escape one reference token of an RFC 6901 JSON pointer. */
export function escapePointerToken(tok: string): string {
  return tok.replace(/~/g, "~0").replace(/\//g, "~1");
}

function lastToken(p: string): string {
  const i = p.lastIndexOf("/");
  return p
    .slice(i + 1)
    .replace(/~1/g, "/")
    .replace(/~0/g, "~");
}
function parentPointer(p: string): string {
  const i = p.lastIndexOf("/");
  return i < 0 ? "" : p.slice(0, i);
}

/** Go's strconv.Quote for the texts that appear in error messages. */
export function goQuote(s: string): string {
  let out = '"';
  for (const ch of s) {
    const c = ch.codePointAt(0) ?? 0;
    if (ch === '"' || ch === "\\") out += `\\${ch}`;
    else if (c === 0x0a) out += "\\n";
    else if (c === 0x09) out += "\\t";
    else if (c === 0x0d) out += "\\r";
    else if (c < 0x20 || c === 0x7f) out += `\\x${c.toString(16).padStart(2, "0")}`;
    else if (c >= 0xd800 && c <= 0xdfff) out += "\\ufffd";
    else out += ch;
  }
  return `${out}"`;
}

/** Go's jsonwire.TruncatePointer: keep a pointer readable when it is long. */
function truncatePointer(s: string, n: number): string {
  if (s.length <= n) return s;
  const i = s.indexOf("/", Math.floor(n / 2));
  const j = s.lastIndexOf("/", s.length - Math.floor(n / 2));
  if (i >= 0 && j >= 0 && i < j) return `${s.slice(0, i)}/…${s.slice(j)}`;
  return s;
}

/** The underlying errors Go's jsontext names. */
export const ERR_DUPLICATE_NAME = "duplicate object member name";
/** The message of Go's io.ErrUnexpectedEOF as jsontext words it. */
export const ERR_UNEXPECTED_EOF = "unexpected EOF";
/** Go's json.ErrUnknownName text. */
export const ERR_UNKNOWN_NAME = "unknown object member name";

/** SyntacticError is a JSON grammar error (Go's jsontext.SyntacticError). */
export class SyntacticError extends JsonError {
  override name = "SyntacticError";
  override readonly code = "GOJSON_ERR_SYNTAX";
  /** Byte offset where the error was found. */
  byteOffset: number;
  /** RFC 6901 pointer to the value being read. */
  jsonPointer: string;
  /** The underlying cause, as Go's text (`unexpected EOF`, `invalid character 'x' ...`). */
  override readonly cause: string;
  constructor(cause: string, byteOffset: number, jsonPointer = "") {
    super("");
    this.cause = cause;
    this.byteOffset = byteOffset;
    this.jsonPointer = jsonPointer;
    (this as unknown as Record<symbol, boolean>)[SYNTACTIC_ERROR] = true;
    this.render();
  }
  /** Recompute `message` from the fields (Go's SyntacticError.Error). */
  render(): void {
    let pointer = this.jsonPointer;
    let offset = this.byteOffset;
    let b = `jsontext: ${this.cause}`;
    if (this.cause === ERR_DUPLICATE_NAME) {
      b += ` ${goQuote(lastToken(pointer))}`;
      pointer = parentPointer(pointer);
      offset = 0;
    }
    if (pointer !== "") b += ` within ${goQuote(truncatePointer(pointer, 100))}`;
    if (offset > 0) b += ` after offset ${offset}`;
    this.message = b;
  }
  /** Whether `e` is a SyntacticError, also from another installed copy. */
  static override isInstance(e: unknown): e is SyntacticError {
    return typeof e === "object" && e !== null && (e as Record<symbol, unknown>)[SYNTACTIC_ERROR] === true;
  }
}

/** The action a SemanticError happened in. */
export type SemanticAction = "marshal" | "unmarshal" | "";

/** SemanticError is a mismatch between JSON and a Go type (Go's json.SemanticError). */
export class SemanticError extends JsonError {
  override name = "SemanticError";
  override readonly code = "GOJSON_ERR_SEMANTIC";
  action: SemanticAction;
  /** Byte offset of the value (printed only when there is no pointer). */
  byteOffset: number;
  /** RFC 6901 pointer to the value. */
  jsonPointer: string;
  /** JSON kind of the value, "" when unknown. */
  jsonKind: JsonKind;
  /** The JSON text of the value for strings and numbers when relevant. */
  jsonValue: string;
  /** The Go type, when known. */
  goType: GoType | undefined;
  /** The underlying error (a message string, or a nested error). */
  override cause: Error | string | undefined;
  constructor(init: {
    action?: SemanticAction;
    byteOffset?: number;
    jsonPointer?: string;
    jsonKind?: JsonKind;
    jsonValue?: string;
    goType?: GoType | undefined;
    cause?: Error | string | undefined;
  }) {
    super("");
    this.action = init.action ?? "";
    this.byteOffset = init.byteOffset ?? 0;
    this.jsonPointer = init.jsonPointer ?? "";
    this.jsonKind = init.jsonKind ?? "";
    this.jsonValue = init.jsonValue ?? "";
    this.goType = init.goType;
    this.cause = init.cause;
    (this as unknown as Record<symbol, boolean>)[SEMANTIC_ERROR] = true;
    this.render();
  }
  /** Recompute `message` from the fields (Go's SemanticError.Error, writing "cannot"). */
  render(): void {
    let sb = "json: cannot";
    let prep: string;
    switch (this.action) {
      case "marshal":
        sb += " marshal";
        prep = " from";
        break;
      case "unmarshal":
        sb += " unmarshal";
        prep = " into";
        break;
      default:
        sb += " handle";
        prep = " with";
    }
    switch (this.jsonKind) {
      case "n":
        sb += " JSON null";
        break;
      case "f":
      case "t":
        sb += " JSON boolean";
        break;
      case '"':
        sb += " JSON string";
        break;
      case "0":
        sb += " JSON number";
        break;
      case "{":
      case "}":
        sb += " JSON object";
        break;
      case "[":
      case "]":
        sb += " JSON array";
        break;
      default:
        if (this.action === "") prep = "";
    }
    if (this.jsonValue.length > 0 && this.jsonValue.length < 100) sb += ` ${this.jsonValue}`;
    if (this.goType) sb += `${prep} Go ${typeString(this.goType)}`;
    if (this.cause === ERR_UNKNOWN_NAME) {
      sb += `: ${ERR_UNKNOWN_NAME} ${goQuote(lastToken(this.jsonPointer))}`;
      const parent = parentPointer(this.jsonPointer);
      if (parent !== "") sb += ` within ${goQuote(truncatePointer(parent, 100))}`;
      this.message = sb;
      return;
    }
    const serr = SyntacticError.isInstance(this.cause) ? this.cause : undefined;
    if (this.jsonPointer !== "") {
      if (!serr?.jsonPointer.startsWith(this.jsonPointer)) {
        sb += ` within ${goQuote(truncatePointer(this.jsonPointer, 100))}`;
      }
    } else if (this.byteOffset > 0) {
      if (!serr || !(this.byteOffset <= serr.byteOffset)) sb += ` after offset ${this.byteOffset}`;
    }
    if (this.cause !== undefined) {
      let s = typeof this.cause === "string" ? this.cause : this.cause.message;
      if (serr) s = s.replace(/^jsontext: /, "");
      sb += `: ${s}`;
    }
    this.message = sb;
  }
  /** Whether `e` is a SemanticError, also from another installed copy. */
  static override isInstance(e: unknown): e is SemanticError {
    return typeof e === "object" && e !== null && (e as Record<symbol, unknown>)[SEMANTIC_ERROR] === true;
  }
}

/** Prefix a pointer segment onto an error travelling up the compiled plan (error path only). */
export function prefixPointer(e: unknown, seg: string): void {
  if (SyntacticError.isInstance(e)) {
    e.jsonPointer = `/${escapePointerToken(seg)}${e.jsonPointer}`;
    e.render();
  } else if (SemanticError.isInstance(e)) {
    e.jsonPointer = `/${escapePointerToken(seg)}${e.jsonPointer}`;
    e.render();
  }
}
