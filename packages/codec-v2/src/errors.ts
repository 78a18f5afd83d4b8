/**
 * Errors of codec-v2. `JsonError` and `SyntacticError` are the syntax layer's
 * (@gojson/jsontext), so `isInstance` agrees across packages; `SemanticError` is
 * Go's json.SemanticError, whose message is a pure function of its fields,
 * rendered as Go 1.26's `err.Error()` (with "cannot").
 */
import type { GoType } from "@gojson/gotype";
import { JsonError, type Kind, SyntacticError } from "@gojson/jsontext";
import { goQuote, truncatePointer } from "@gojson/jsontext/internal";
import { typeString } from "./type-string.js";

export { goQuote, JsonError, SyntacticError };

const SEMANTIC_ERROR = Symbol.for("gojson.error.SemanticError");

/** Go's JSON kind letters: n f t " 0 { } [ ] or "" when unknown (jsontext's Kind). */
export type JsonKind = Kind;

/** escapePointerToken escapes one reference token of an RFC 6901 JSON pointer. */
export function escapePointerToken(tok: string): string {
  if (tok.indexOf("~") < 0 && tok.indexOf("/") < 0) return tok;
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

/** ERR_DUPLICATE_NAME is the text of Go's jsontext.ErrDuplicateName. */
export const ERR_DUPLICATE_NAME = "duplicate object member name";
/** ERR_NIL_FIELD is the text of Go's errNilField (a nil embedded pointer to an unexported struct type). */
export const ERR_NIL_FIELD = "cannot set embedded pointer to unexported struct type";
/** ERR_RAW_INLINED_NOT_OBJECT is the text of Go's errRawInlinedNotObject (an inlined jsontext.Value). */
export const ERR_RAW_INLINED_NOT_OBJECT = "inlined raw value must be a JSON object";
/** ERR_INVALID_STRING_TAG is the text of Go 1.27's errInvalidStringTag (`string` on a kind that is not a number). */
export const ERR_INVALID_STRING_TAG = "invalid use of `string` tag option";
/** ERR_AMBIGUOUS_NAME is the text of Go 1.27's errAmbiguousName (a name matching several fields case-insensitively). */
export const ERR_AMBIGUOUS_NAME = "ambiguous object member name";
/** ERR_UNKNOWN_NAME is the text of Go's json.ErrUnknownName. */
export const ERR_UNKNOWN_NAME = "unknown object member name";

/** The action a SemanticError happened in. */
export type SemanticAction = "marshal" | "unmarshal" | "";

/** The value the destination holds when unmarshal fails (CONTRACT: `value` on every thrown error). */
export type WithValue = { value?: unknown };

/** setErrorValue records on e what the destination holds when Go returns the error. */
export function setErrorValue(e: unknown, v: unknown): void {
  if (typeof e === "object" && e !== null) (e as WithValue).value = v;
}

/** SemanticError is a mismatch between JSON and a Go type (Go's json.SemanticError). */
export class SemanticError extends JsonError {
  override name = "SemanticError";
  override readonly code: string = "GOJSON_ERR_SEMANTIC";
  /** What the destination holds when Go returns the error (unmarshal only). */
  value?: unknown;
  /**
   * Marshal only (json/v2 semantics): the bytes Go's Marshal returns together with the error, the
   * output written before the failing value (`{"A":1,"F"` for a NaN in field F). Undefined where
   * codec-v2 cannot tell, and under v1 semantics (Go's v1 Marshal returns nil).
   */
  partial?: Uint8Array;
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
    super("", { code: "GOJSON_ERR_SEMANTIC" });
    this.action = init.action ?? "";
    this.byteOffset = init.byteOffset ?? 0;
    this.jsonPointer = init.jsonPointer ?? "";
    this.jsonKind = init.jsonKind ?? "";
    this.jsonValue = init.jsonValue ?? "";
    this.goType = init.goType;
    this.cause = init.cause;
    Object.defineProperty(this, SEMANTIC_ERROR, { value: true });
    this.render();
  }
  /** render recomputes `message` from the fields (Go's SemanticError.Error, writing "cannot"). */
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
    if (this.cause === ERR_UNKNOWN_NAME || this.cause === ERR_AMBIGUOUS_NAME) {
      sb += `: ${this.cause} ${goQuote(lastToken(this.jsonPointer))}`;
      const parent = parentPointer(this.jsonPointer);
      if (parent !== "") sb += ` within ${goQuote(truncatePointer(parent, 100))}`;
      this.message = sb;
      return;
    }
    const serr = SyntacticError.isInstance(this.cause) ? this.cause : undefined;
    if (this.jsonPointer !== "") {
      if (!(serr && pointerContains(this.jsonPointer, serr.pointer))) {
        sb += ` within ${goQuote(truncatePointer(this.jsonPointer, 100))}`;
      }
    } else if (this.byteOffset > 0) {
      if (!serr || !(this.byteOffset <= serr.offset)) sb += ` after offset ${this.byteOffset}`;
    }
    if (this.cause !== undefined) {
      let s = typeof this.cause === "string" ? this.cause : this.cause.message;
      if (serr) s = s.replace(/^jsontext: /, "");
      sb += `: ${s}`;
    }
    this.message = sb;
  }
  /** isInstance reports whether `e` is a SemanticError, also from another installed copy. */
  static override isInstance(e: unknown): e is SemanticError {
    return typeof e === "object" && e !== null && (e as Record<symbol, unknown>)[SEMANTIC_ERROR] === true;
  }
}

/** pointerContains reports whether pointer `p` is `pc` or one of its ancestors (Go's Pointer.Contains). */
function pointerContains(p: string, pc: string): boolean {
  return pc.startsWith(p) && (pc.length === p.length || pc[p.length] === "/");
}

/**
 * shiftMarshalCause moves the SyntacticError a marshal SemanticError wraps (invalid output of a
 * MarshalJSON method or a raw value) by one enclosing container (`path`: its segments, `inArray`:
 * whether the innermost of them is an array's): Go's encoder reports it at its absolute output
 * offset and pointer.
 */
function shiftMarshalCause(e: SemanticError, path: string, offset: number, inArray: boolean): void {
  if (MARSHAL_POSITIONED.has(e)) e.byteOffset += offset;
  if (READ_CAUSE.has(e)) return;
  const c = e.cause;
  if (e.action !== "marshal" || !SyntacticError.isInstance(c) || (path === "" && offset === 0)) return;
  let p = `${path}${c.pointer}`;
  if (TRAILING.has(e)) {
    // Trailing data after a written value: Go's encoder points at its stack as it stands before
    // the value (jsontext's appendStackPointer with where=0): an object member's name counts,
    // the index the value would take in its array does not (the SemanticError has it).
    if (path === "") p = c.pointer;
    else {
      TRAILING.delete(e);
      p = inArray ? path.slice(0, path.lastIndexOf("/")) : path;
    }
  }
  e.cause = syntacticError(c.detail, c.offset + offset, p);
}

/**
 * Marshal SemanticErrors about trailing data after a MarshalJSON method's output or a raw value
 * whose innermost container has not been passed yet (see shiftMarshalCause).
 */
const TRAILING = new WeakSet<SemanticError>();

/**
 * valueOutputError marks a marshal SemanticError about the output of a MarshalJSON method or a
 * raw value (written by Go's Encoder.WriteValue) and returns it.
 */
export function valueOutputError(e: SemanticError): SemanticError {
  const c = e.cause;
  if (SyntacticError.isInstance(c) && c.pointer === "" && c.detail.endsWith(" after top-level value")) {
    TRAILING.add(e);
  }
  return e;
}

/** Marshal SemanticErrors whose cause is a read error of a raw value: its offset and pointer stay relative to that value. */
const READ_CAUSE = new WeakSet<SemanticError>();

/**
 * readCauseMarshalError marks a marshal SemanticError wrapping a SyntacticError from reading a raw
 * value apart (Go's inlined jsontext.Value, read by a decoder of its own): the cause keeps the
 * offset and pointer within that value, only the error's own position moves with the output.
 */
export function readCauseMarshalError(e: SemanticError): SemanticError {
  READ_CAUSE.add(e);
  MARSHAL_POSITIONED.add(e);
  return e;
}

/** Marshal SemanticErrors whose own byteOffset counts output (Go's newMarshalErrorBefore). */
const MARSHAL_POSITIONED = new WeakSet<SemanticError>();

/**
 * positionedMarshalError marks a marshal SemanticError whose byteOffset is the output offset
 * before the failing value (Go's newMarshalErrorBefore): containers unwinding add their output.
 */
export function positionedMarshalError(e: SemanticError): SemanticError {
  MARSHAL_POSITIONED.add(e);
  return e;
}

/** syntacticError makes a jsontext SyntacticError (v2 texts) raised by the semantic layer. */
export function syntacticError(detail: string, offset: number, pointer = ""): SyntacticError {
  return new SyntacticError({
    detail,
    offset,
    pointer,
    flavour: "v2",
    ...(detail === "unexpected EOF" ? { code: "GOJSON_ERR_UNEXPECTED_EOF" } : {}),
  });
}

/**
 * prefixPointer puts the pointer segment `seg` in front of the JSON pointer of a
 * SemanticError travelling up an unmarshal plan (error path only). Syntactic
 * errors from the jsontext Decoder already carry their full pointer.
 */
export function prefixPointer(e: unknown, seg: string): void {
  if (SemanticError.isInstance(e)) {
    const a = READ_PAST.get(e);
    if (a !== undefined) {
      // The method read into its container: Go points where its decoder stands (see readPastError).
      if (a.name === undefined && --a.drop > 0) return;
      READ_PAST.delete(e);
      if (a.name === undefined) return;
      seg = a.name;
    }
    e.jsonPointer = `/${escapePointerToken(seg)}${e.jsonPointer}`;
    e.render();
  }
}

/**
 * Errors of an UnmarshalJSONFrom method that read past its value: Go's errNonSingularValue placed
 * where its decoder then stands (appendStackPointer with where=0). `drop`: how many enclosing
 * segments Go leaves out (1: the method read the next element of its array; 2: it read the
 * container's closing delimiter); `name`: the member name it read, which replaces its own.
 */
const READ_PAST = new WeakMap<SemanticError, { drop: number; name?: string }>();

/** readPastError marks an UnmarshalJSONFrom error for the containers unwinding (see READ_PAST). */
export function readPastError(e: SemanticError, at: { drop: number; name?: string }): SemanticError {
  READ_PAST.set(e, { ...at });
  return e;
}

/**
 * Errors of a MarshalJSONTo method that wrote several values: Go's errNonSingularValue placed
 * after them, where its encoder then stands (appendStackPointer with where=0). In an array Go
 * leaves out the index and counts a comma before each extra value and the next; in an object the extra values
 * are names and values in turn, so after an odd number of them the last name written replaces
 * the member's own name (else the member's name is left out). `values`: the texts written, which
 * Go's output holds with those delimiters between them (none at the top level).
 */
const WROTE_EXTRA = new WeakMap<
  SemanticError,
  { extra: number; name: string | undefined; values: string[] }
>();

/** wroteExtraError marks a MarshalJSONTo error for the container that holds the value (see WROTE_EXTRA). */
export function wroteExtraError(e: SemanticError, name: string | undefined, values: string[]): SemanticError {
  WROTE_EXTRA.set(e, { extra: values.length - 1, name, values });
  writtenInside.set(e, values.join(""));
  return e;
}

/** byteLength is the UTF-8 length of JS text (a lone surrogate counts as U+FFFD's 3 bytes). */
export function byteLength(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const u = s.charCodeAt(i);
    if (u < 0x80) n += 1;
    else if (u < 0x800) n += 2;
    else if (u >= 0xd800 && u <= 0xdbff && i + 1 < s.length) {
      const lo = s.charCodeAt(i + 1);
      if (lo >= 0xdc00 && lo <= 0xdfff) {
        n += 4;
        i++;
      } else n += 3;
    } else n += 3;
  }
  return n;
}

/**
 * The compact output that precedes a marshal error's position, gathered as the error unwinds
 * through containers (null: unknown, a deep or dynamic path passed only a byte count). Error
 * path only: it lets the top level move offsets into indented output (Go counts its whitespace).
 */
const marshalBefore = new WeakMap<object, string | null>();

/**
 * The compact output an `any` value had written inside itself when its error happened (its
 * encoder is iterative and knows its whole output at once); containers around it add theirs.
 */
const writtenInside = new WeakMap<object, string>();

/** noteWrittenInside records on a marshal error the output its (iterative) value encoder had written. */
export function noteWrittenInside(e: unknown, text: string): void {
  if (typeof e === "object" && e !== null && !marshalBefore.has(e)) writtenInside.set(e, text);
}

function noteBefore(from: unknown, to: unknown, before: string | number | undefined): void {
  if (typeof to !== "object" || to === null) return;
  const inner =
    typeof from === "object" && from !== null
      ? (marshalBefore.get(from) ?? writtenInside.get(from))
      : undefined;
  if (typeof before === "string" && inner !== null) marshalBefore.set(to, before + (inner ?? ""));
  else if (before !== 0 || inner === null) marshalBefore.set(to, null);
}

/**
 * prefixMarshalPointer returns `e` with `seg` put in front of its JSON pointer and the
 * output of the enclosing container before the failing value (`before`: its compact text,
 * or just its byte count) added to the byte offset of a SyntacticError (marshal plans
 * unwinding). SemanticErrors are updated in place (and the SyntacticError they wrap moved); a
 * SyntacticError (immutable, jsontext's) is re-made. An undefined `seg` (a pointer, which adds
 * no segment) only moves the offset.
 */
export function prefixMarshalPointer(
  e: unknown,
  seg: string | undefined,
  before: string | number = 0,
  inArray = false,
): unknown {
  let offset = typeof before === "string" ? byteLength(before) : before;
  if (SemanticError.isInstance(e)) {
    const w = seg === undefined ? undefined : WROTE_EXTRA.get(e);
    if (w !== undefined) {
      WROTE_EXTRA.delete(e);
      // In an array a comma before each extra value; in an object names and values in turn.
      writtenInside.set(
        e,
        w.values.reduce((out, v, i) => (i === 0 ? v : `${out}${inArray || i % 2 === 1 ? "," : ":"}${v}`), ""),
      );
      // The delimiter before each extra value, and the one Go's encoder counts before the next.
      offset += w.extra + 1;
      seg = !inArray && w.extra % 2 === 1 ? w.name : undefined;
      if (seg === undefined) {
        e.byteOffset += offset;
        e.render();
        noteBefore(e, e, before);
        return e;
      }
    }
    shiftMarshalCause(e, seg === undefined ? "" : `/${escapePointerToken(seg)}`, offset, inArray);
    if (seg !== undefined) prefixPointer(e, seg);
    else e.render();
    noteBefore(e, e, before);
    return e;
  }
  if (SyntacticError.isInstance(e)) {
    if (seg === undefined && offset === 0) return e;
    const p = seg === undefined ? e.pointer : `/${escapePointerToken(seg)}${e.pointer}`;
    const out = syntacticError(e.detail, e.offset + offset, p);
    noteBefore(e, out, before);
    return out;
  }
  return e;
}

/**
 * prefixMarshalPointerPath is prefixMarshalPointer with an already escaped pointer `path` of
 * several segments (`inArray`: the last one is an array index).
 */
export function prefixMarshalPointerPath(e: unknown, path: string, offset: number, inArray = false): unknown {
  if (SemanticError.isInstance(e)) {
    shiftMarshalCause(e, path, offset, inArray);
    e.jsonPointer = `${path}${e.jsonPointer}`;
    e.render();
    noteBefore(e, e, offset);
    return e;
  }
  if (SyntacticError.isInstance(e)) {
    if (path === "" && offset === 0) return e;
    const out = syntacticError(e.detail, e.offset + offset, `${path}${e.pointer}`);
    noteBefore(e, out, offset);
    return out;
  }
  return e;
}

/**
 * indentMarshalError moves the byte offset of a marshal error into the indented output
 * (`indent(text)` is the multiline form of compact text): Go's encoder counts the newlines,
 * indentation and spaces it writes before the failing value. Unknown preceding text: unchanged.
 */
export function indentMarshalError(e: unknown, indent: (text: string) => string): unknown {
  if (typeof e !== "object" || e === null) return e;
  // At the top level only the failing value's own output precedes the error (an `any`, a MarshalJSONTo).
  const before = marshalBefore.get(e) ?? writtenInside.get(e);
  if (before === undefined || before === null || before === "") return e;
  const delta = byteLength(indent(before)) - byteLength(before);
  if (delta === 0) return e;
  if (SemanticError.isInstance(e)) {
    const c = e.cause;
    if (e.action === "marshal" && SyntacticError.isInstance(c) && !READ_CAUSE.has(e)) {
      e.cause = syntacticError(c.detail, c.offset + delta, c.pointer);
      e.render();
    } else if (MARSHAL_POSITIONED.has(e)) {
      e.byteOffset += delta;
      e.render();
    }
    return e;
  }
  if (SyntacticError.isInstance(e)) {
    const out = syntacticError(e.detail, e.offset + delta, e.pointer);
    marshalBefore.set(out, before);
    return out;
  }
  return e;
}

/**
 * marshalWritten is the compact output Go's Marshal had written when the marshal error e happened
 * (Go returns it with the error): the output before the failing value, without the `:` or `,`
 * Go's encoder writes only with that value. "" for an error at the top level; undefined where
 * codec-v2 does not know it (a deep or dynamic path). Error path only.
 */
export function marshalWritten(e: unknown): string | undefined {
  if (typeof e !== "object" || e === null) return undefined;
  const before = marshalBefore.get(e) ?? writtenInside.get(e);
  if (before === null) return undefined;
  if (before === undefined) return "";
  const last = before.charCodeAt(before.length - 1);
  return last === 0x3a || last === 0x2c ? before.slice(0, -1) : before;
}

/** What Go's v2 Marshal returned with an error: the bytes it had written (see {@link marshalWritten}). */
export type WithPartial = { partial?: Uint8Array };

/** setMarshalPartial records on a marshal error the bytes Go's Marshal returns with it (`err.partial`). */
export function setMarshalPartial(e: unknown, bytes: Uint8Array): void {
  if (typeof e === "object" && e !== null)
    Object.defineProperty(e, "partial", {
      value: bytes,
      writable: true,
      configurable: true,
      enumerable: false,
    });
}

const partials = new WeakMap<object, { v: unknown }>();

/**
 * setPartial records on an error travelling up an unmarshal plan what the
 * destination at the current level holds (Go decodes in place, so a failed
 * unmarshal leaves a partially filled destination). Error path only.
 */
export function setPartial(e: unknown, v: unknown): void {
  if (typeof e === "object" && e !== null) partials.set(e, { v });
}

/** partialOf returns the partial destination recorded on e, or `fallback` when none was. */
export function partialOf(e: unknown, fallback: unknown): unknown {
  if (typeof e !== "object" || e === null) return fallback;
  const p = partials.get(e);
  return p ? p.v : fallback;
}

/** hasPartial reports whether a partial destination was recorded on e. */
export function hasPartial(e: unknown): boolean {
  return typeof e === "object" && e !== null && partials.has(e);
}

/**
 * MethodError is an error returned by a user's UnmarshalJSON/UnmarshalText
 * method (or time parsing) that Go's v1 returns unchanged: its message is
 * the method's error text byte for byte, the original is in `cause`. Wrapping
 * keeps every codec error a JsonError.
 */
export class MethodError extends JsonError {
  override name = "MethodError";
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), {
      code: "GOJSON_ERR_METHOD",
      flavour: "v1",
      cause,
    });
  }
}

/**
 * EOFError is Go's io.EOF: `unmarshalDecode` returns it when the stream holds no
 * further value (only whitespace is left). Its message is Go's "EOF".
 */
export class EOFError extends JsonError {
  override name = "EOFError";
  constructor() {
    super("EOF", { code: "GOJSON_ERR_EOF", flavour: "v2" });
  }
  /** isInstance reports whether e is an EOFError (also across two installed copies of gojson). */
  static override isInstance(e: unknown): e is EOFError {
    return JsonError.isInstance(e) && (e as { code?: string }).code === "GOJSON_ERR_EOF";
  }
}
