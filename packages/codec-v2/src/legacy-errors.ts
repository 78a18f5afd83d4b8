/**
 * Errors under `reportErrorsWithLegacySemantics` (Go's encoding/json v1 API on
 * the v2 engine): v2 errors are converted at the API boundary into v1's error
 * types and texts, as Go's encoding/json/v2_inject.go and v2_scanner.go do.
 */
import { type GoType, typeString as gotypeString, NUMERIC_KINDS } from "@gojson/gotype";
import { JsonError, SyntacticError } from "@gojson/jsontext";
import { goQuote } from "@gojson/jsontext/internal";
import { ERR_UNKNOWN_NAME, SemanticError } from "./errors.js";
import type { GoRules } from "./go-version.js";

/**
 * reflectString is reflect's Type.String() as Go prints it with GOEXPERIMENT=jsonv2, where
 * json.RawMessage is an alias of jsontext.Value (so the type prints as jsontext.Value).
 */
function reflectString(t: GoType): string {
  return gotypeString(t).replace(/\bjson\.RawMessage\b/g, "jsontext.Value");
}

const UNMARSHAL_TYPE_ERROR = Symbol.for("gojson.error.UnmarshalTypeError");
const UNSUPPORTED_VALUE_ERROR = Symbol.for("gojson.error.UnsupportedValueError");
const UNSUPPORTED_TYPE_ERROR = Symbol.for("gojson.error.UnsupportedTypeError");
const MARSHALER_ERROR = Symbol.for("gojson.error.MarshalerError");
const UNKNOWN_FIELD_ERROR = Symbol.for("gojson.error.UnknownFieldError");

function hasMark(e: unknown, m: symbol): boolean {
  return typeof e === "object" && e !== null && (e as Record<symbol, unknown>)[m] === true;
}

/** UnmarshalTypeError is Go v1's json.UnmarshalTypeError: a JSON value not appropriate for a Go type. */
export class UnmarshalTypeError extends JsonError {
  override name = "UnmarshalTypeError";
  override readonly code = "GOJSON_ERR_UNMARSHAL_TYPE";
  /** What the destination holds when Go returns the error. */
  value?: unknown;
  /** Go's Value field: a description of the JSON value ("bool", "array", "number -5"). */
  readonly description: string;
  /** The Go type the value could not be assigned to. */
  readonly goType: GoType | undefined;
  /** Byte offset of the value. */
  readonly offset: number;
  /** Name of the root type (Go's Struct field; "" for unnamed roots). */
  readonly struct: string;
  /** The path from the root to the value, '.'-separated (Go's Field). */
  readonly field: string;
  /** The underlying error text, if any (Go's Err). */
  readonly detail: string | undefined;
  constructor(f: {
    description: string;
    goType: GoType | undefined;
    offset: number;
    struct: string;
    field: string;
    detail: string | undefined;
  }) {
    super(renderUnmarshalType(f), { code: "GOJSON_ERR_UNMARSHAL_TYPE", flavour: "v1" });
    this.description = f.description;
    this.goType = f.goType;
    this.offset = f.offset;
    this.struct = f.struct;
    this.field = f.field;
    this.detail = f.detail;
    Object.defineProperty(this, UNMARSHAL_TYPE_ERROR, { value: true });
  }
  /** isInstance reports whether e is an UnmarshalTypeError, also from another installed copy. */
  static override isInstance(e: unknown): e is UnmarshalTypeError {
    return hasMark(e, UNMARSHAL_TYPE_ERROR);
  }
}

function renderUnmarshalType(f: {
  description: string;
  goType: GoType | undefined;
  struct: string;
  field: string;
  detail: string | undefined;
}): string {
  const ts = f.goType ? reflectString(f.goType) : "<nil>";
  let s: string;
  if (f.struct !== "" || f.field !== "") {
    const last = f.field.slice(f.field.lastIndexOf(".") + 1);
    const into = last.length > 0 && /^[0-9]+$/.test(last) ? "" : "Go struct field ";
    s = `json: cannot unmarshal ${f.description} into ${into}${f.struct}.${f.field} of type ${ts}`;
  } else s = `json: cannot unmarshal ${f.description} into Go value of type ${ts}`;
  if (f.detail !== undefined) s += `: ${f.detail}`;
  return s;
}

/** UnknownFieldError is v1's `json: unknown field "name"` (DisallowUnknownFields / rejectUnknownMembers). */
export class UnknownFieldError extends JsonError {
  override name = "UnknownFieldError";
  override readonly code = "GOJSON_ERR_UNKNOWN_FIELD";
  value?: unknown;
  /** The unknown member name. */
  readonly field: string;
  constructor(field: string) {
    super(`json: unknown field ${goQuoteV1(field)}`, { code: "GOJSON_ERR_UNKNOWN_FIELD", flavour: "v1" });
    this.field = field;
    Object.defineProperty(this, UNKNOWN_FIELD_ERROR, { value: true });
  }
  /** isInstance reports whether e is an UnknownFieldError, also from another installed copy. */
  static override isInstance(e: unknown): e is UnknownFieldError {
    return hasMark(e, UNKNOWN_FIELD_ERROR);
  }
}

/** UnsupportedValueError is v1's json.UnsupportedValueError (NaN, ±Inf, cycles). */
export class UnsupportedValueError extends JsonError {
  override name = "UnsupportedValueError";
  override readonly code = "GOJSON_ERR_UNSUPPORTED_VALUE";
  /** Go's Str field. */
  readonly str: string;
  constructor(str: string) {
    super(`json: unsupported value: ${str}`, { code: "GOJSON_ERR_UNSUPPORTED_VALUE", flavour: "v1" });
    this.str = str;
    Object.defineProperty(this, UNSUPPORTED_VALUE_ERROR, { value: true });
  }
  /** isInstance reports whether e is an UnsupportedValueError, also from another installed copy. */
  static override isInstance(e: unknown): e is UnsupportedValueError {
    return hasMark(e, UNSUPPORTED_VALUE_ERROR);
  }
}

/** UnsupportedTypeError is v1's json.UnsupportedTypeError. */
export class UnsupportedTypeError extends JsonError {
  override name = "UnsupportedTypeError";
  override readonly code = "GOJSON_ERR_UNSUPPORTED_TYPE";
  readonly goType: GoType | undefined;
  constructor(t: GoType | undefined) {
    super(`json: unsupported type: ${t ? reflectString(t) : "<nil>"}`, {
      code: "GOJSON_ERR_UNSUPPORTED_TYPE",
      flavour: "v1",
    });
    this.goType = t;
    Object.defineProperty(this, UNSUPPORTED_TYPE_ERROR, { value: true });
  }
  /** isInstance reports whether e is an UnsupportedTypeError, also from another installed copy. */
  static override isInstance(e: unknown): e is UnsupportedTypeError {
    return hasMark(e, UNSUPPORTED_TYPE_ERROR);
  }
}

/** MarshalerError is v1's json.MarshalerError: a MarshalJSON or MarshalText method failed. */
export class MarshalerError extends JsonError {
  override name = "MarshalerError";
  override readonly code = "GOJSON_ERR_MARSHALER";
  /** The receiver type as Go reports it (`*main.T`). */
  readonly typeName: string;
  /** "MarshalJSON" or "MarshalText". */
  readonly sourceFunc: string;
  /** The method's error text (syntax errors in v1's words). */
  readonly detail: string;
  constructor(typeName: string, sourceFunc: string, detail: string) {
    super(`json: error calling ${sourceFunc} for type ${typeName}: ${detail}`, {
      code: "GOJSON_ERR_MARSHALER",
      flavour: "v1",
    });
    this.typeName = typeName;
    this.sourceFunc = sourceFunc;
    this.detail = detail;
    Object.defineProperty(this, MARSHALER_ERROR, { value: true });
  }
  /** isInstance reports whether e is a MarshalerError, also from another installed copy. */
  static override isInstance(e: unknown): e is MarshalerError {
    return hasMark(e, MARSHALER_ERROR);
  }
}

/** Go's strconv.Quote for the name in `json: unknown field %q` (controls as \x00, not \u0000). */
function goQuoteV1(s: string): string {
  return goQuote(s);
}

const REPLACER: readonly [string, string][] = [
  ["object name", "object key"],
  ["at start of value", "looking for beginning of value"],
  ["at start of string", "looking for beginning of object key string"],
  ["after object value", "after object key:value pair"],
  ["in number", "in numeric literal"],
];

/** legacySyntaxText converts a v2 syntax error detail to v1's text (Go's transformSyntacticError). */
export function legacySyntaxText(detail: string): string {
  let msg = detail === "unexpected EOF" ? "unexpected end of JSON input" : detail;
  const i = msg.indexOf(" (expecting");
  if (i >= 0 && !msg.includes(" in literal")) msg = msg.slice(0, i);
  // strings.NewReplacer: one left-to-right pass, first matching old string wins at each position.
  let out = "";
  let p = 0;
  outer: while (p < msg.length) {
    for (const [from, to] of REPLACER) {
      if (msg.startsWith(from, p)) {
        out += to;
        p += from.length;
        continue outer;
      }
    }
    out += msg[p];
    p++;
  }
  return out;
}

/**
 * invalidTextLength is the byte length of the text a jsontext error quotes (Go's InvalidTextError:
 * `invalid character 'x' …`, `invalid escape sequence …`, `invalid surrogate pair …`), or
 * undefined when the error quotes none.
 */
function invalidTextLength(detail: string): number | undefined {
  const ch = /^invalid character '(\\x[0-9a-f]{2}|\\u[0-9a-f]{4}|\\.|.)'/u.exec(detail);
  if (ch) {
    const q = ch[1] as string;
    if (q.startsWith("\\x")) return 1;
    if (q.startsWith("\\u")) return utf8.encode(String.fromCharCode(Number.parseInt(q.slice(2), 16))).length;
    if (q.length === 2 && q[0] === "\\") return 1;
    return utf8.encode(q).length;
  }
  const esc = /^invalid (?:escape sequence|surrogate pair) (`[^`]*`|"(?:[^"\\]|\\.)*")/.exec(detail);
  if (esc) {
    const t = esc[1] as string;
    if (t[0] === "`") return utf8.encode(t.slice(1, -1)).length;
    try {
      return utf8.encode(JSON.parse(t) as string).length;
    } catch {
      return undefined;
    }
  }
  return undefined;
}
const utf8 = new TextEncoder();

/**
 * legacyOffset is where Go 1.27's jsontext puts a syntax error under legacy error reporting: after
 * the offending text (its length for a quoted character or escape, else one byte), as classic v1
 * did; an unexpected EOF stays where it is.
 */
export function legacyOffset(e: SyntacticError): number {
  if (e.detail === "unexpected EOF") return e.offset;
  return e.offset + (invalidTextLength(e.detail) ?? 1);
}

/** legacySyntaxError makes v1's SyntaxError (message without prefix or position) from a v2 one. */
export function legacySyntaxError(e: SyntacticError, rules?: GoRules): SyntacticError {
  if (e.flavour === "v1") return e;
  return new SyntacticError({
    detail: legacySyntaxText(e.detail),
    offset: rules?.legacyOffsetsAfter ? legacyOffset(e) : e.offset,
    flavour: "v1",
    ...(e.detail === "unexpected EOF" ? { code: "GOJSON_ERR_UNEXPECTED_EOF" } : {}),
  });
}

/** A UTF-16 surrogate without its pair. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const KIND_WORD: Record<string, string> = {
  n: "null",
  '"': "string",
  "0": "number",
  f: "bool",
  t: "bool",
  "[": "array",
  "]": "array",
  "{": "object",
  "}": "object",
};

function causeText(c: SemanticError["cause"]): string | undefined {
  if (c === undefined) return undefined;
  if (typeof c === "string") return c;
  if (SyntacticError.isInstance(c)) return legacySyntaxError(c).message;
  return c.message;
}

/**
 * The Go type name used as UnmarshalTypeError.Struct: the name of the destination's type
 * (Go dereferences the pointer given to Unmarshal once; a root of type *T is unnamed: "").
 */
function rootName(root: GoType): string {
  return root.name ?? "";
}

/**
 * transformUnmarshalError converts an error of a v2 unmarshal into what Go's v1 API
 * on the v2 engine returns (v2_inject.go's transformUnmarshalError).
 */
export function transformUnmarshalError(root: GoType, e: unknown, rules?: GoRules): unknown {
  if (SemanticError.isInstance(e)) {
    if (e.cause === ERR_UNKNOWN_NAME) {
      const p = e.jsonPointer;
      const last = p
        .slice(p.lastIndexOf("/") + 1)
        .replace(/~1/g, "/")
        .replace(/~0/g, "~");
      return new UnknownFieldError(last);
    }
    let value = KIND_WORD[e.jsonKind] ?? "";
    let detail = causeText(e.cause);
    if (e.jsonValue.length > 0) {
      let jv = e.jsonValue;
      const strconv = e.cause === "invalid syntax" || e.cause === "value out of range";
      if (strconv && e.goType && NUMERIC_KINDS.has(e.goType.kind as never)) {
        value = "number";
        if (e.jsonKind === '"') {
          try {
            // The text as Go decoded it: a lone surrogate escape is U+FFFD (invalid UTF-8 allowed).
            jv = (JSON.parse(jv) as string).replace(LONE_SURROGATE, "\ufffd");
          } catch {}
        }
        detail = undefined;
      }
      value += ` ${jv}`;
    }
    const field = e.jsonPointer.replace(/^\//, "").replace(/\//g, ".");
    return new UnmarshalTypeError({
      description: value,
      goType: e.goType,
      offset: e.byteOffset,
      struct: e.jsonPointer !== "" ? rootName(root) : "",
      field,
      detail,
    });
  }
  if (SyntacticError.isInstance(e)) return legacySyntaxError(e, rules);
  return e;
}

/**
 * transformMarshalError converts an error of a v2 marshal into what Go's v1 API on
 * the v2 engine returns (v2_inject.go's transformMarshalError).
 */
export function transformMarshalError(e: unknown, rules?: GoRules): unknown {
  if (MarshalerError.isInstance(e)) return e;
  if (SemanticError.isInstance(e)) {
    if (e.cause === undefined) return new UnsupportedTypeError(e.goType);
    // A jsontext error (a bool map key, an invalid inlined raw value) keeps its own v2 text
    // (Go 1.27's encoder places it after the offending text under legacy error reporting).
    const c = e.cause;
    let s =
      (SyntacticError.isInstance(c)
        ? rules?.legacyOffsetsAfter
          ? new SyntacticError({
              detail: c.detail,
              offset: legacyOffset(c),
              pointer: c.pointer,
              flavour: "v2",
            }).message
          : c.message
        : causeText(c)) ?? "";
    if (s === "encountered a cycle" && e.goType) s += ` via ${reflectString(e.goType)}`;
    if (s.startsWith("unsupported value: ")) s = s.slice("unsupported value: ".length);
    return new UnsupportedValueError(s);
  }
  if (SyntacticError.isInstance(e)) return legacySyntaxError(e, rules);
  return e;
}
