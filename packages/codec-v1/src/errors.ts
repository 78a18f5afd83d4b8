/**
 * The errors of Go's encoding/json (v1), as JsonError subclasses whose
 * `message` is Go's `err.Error()` byte for byte. Each message is a pure
 * function of the error's fields.
 */
import { JsonError } from "./deps.js";

function mark(cls: { prototype: object }, name: string): symbol {
  const sym = Symbol.for(`gojson.error.${name}`);
  Object.defineProperty(cls.prototype, sym, { value: true });
  return sym;
}
function has(e: unknown, sym: symbol): boolean {
  return typeof e === "object" && e !== null && (e as Record<symbol, unknown>)[sym] === true;
}

/** Options every codec-v1 error constructor takes besides its own fields. */
interface Common {
  /** What the destination holds when Go returns the error (unmarshal only). */
  value?: unknown;
  cause?: unknown;
}

/** Base class of codec-v1 errors: a JsonError with the destination's state in `value`. */
export class JsonV1Error extends JsonError {
  override name = "JsonV1Error";
  /** What Go's destination holds when Unmarshal returns this error (undefined for marshal errors). */
  value: unknown;
  constructor(message: string, code: string, common: Common = {}) {
    super(message, { code, flavour: "v1", cause: common.cause });
    this.value = common.value;
  }
}

/**
 * Go's json.SyntaxError (exported also as `SyntaxError`): malformed JSON; `offset` is Go's Offset (bytes read
 * before the error, counting the offending byte).
 */
export class JsonSyntaxError extends JsonV1Error {
  override name = "SyntaxError" as const;
  /** Go's SyntaxError.Offset. */
  readonly offset: number;
  /** Go's message without the offset (the whole Error() text). */
  readonly detail: string;
  constructor(detail: string, offset: number, common?: Common) {
    super(detail, "GOJSON_ERR_SYNTAX", common);
    this.detail = detail;
    this.offset = offset;
  }
  static override isInstance(e: unknown): e is JsonSyntaxError {
    return has(e, SYNTAX);
  }
}
const SYNTAX = mark(JsonSyntaxError, "v1.SyntaxError");

/**
 * Go's json.UnmarshalTypeError: a JSON value that cannot go into a Go type.
 * `field` is the Go 1.24+ path (embedded struct names and JSON names joined by ".").
 */
export class UnmarshalTypeError extends JsonV1Error {
  override name = "UnmarshalTypeError" as const;
  /** Description of the JSON value: `bool`, `array`, `number -5`, `string`, ... */
  readonly jsonValue: string;
  /** reflect's String() of the destination type. */
  readonly type: string;
  /** Byte offset (Go's Offset). */
  readonly offset: number;
  /** Name of the struct type holding the field ("" at the top level). */
  readonly struct: string;
  /** Full path of the field. */
  readonly field: string;
  constructor(
    f: { jsonValue: string; type: string; offset: number; struct?: string; field?: string },
    common?: Common,
  ) {
    const struct = f.struct ?? "";
    const field = f.field ?? "";
    super(
      struct !== "" || field !== ""
        ? `json: cannot unmarshal ${f.jsonValue} into Go struct field ${struct}.${field} of type ${f.type}`
        : `json: cannot unmarshal ${f.jsonValue} into Go value of type ${f.type}`,
      "GOJSON_ERR_UNMARSHAL_TYPE",
      common,
    );
    this.jsonValue = f.jsonValue;
    this.type = f.type;
    this.offset = f.offset;
    this.struct = struct;
    this.field = field;
  }
  static override isInstance(e: unknown): e is UnmarshalTypeError {
    return has(e, UNMARSHAL_TYPE);
  }
}
const UNMARSHAL_TYPE = mark(UnmarshalTypeError, "v1.UnmarshalTypeError");

/**
 * Go's json.InvalidUnmarshalError. Unreachable through `unmarshal` (which
 * always has a destination); thrown when `into` cannot be a value of the type
 * (for example `into` of a struct type that is not an object).
 */
export class InvalidUnmarshalError extends JsonV1Error {
  override name = "InvalidUnmarshalError" as const;
  /** The Go type text ("" for Unmarshal(nil)). */
  readonly type: string;
  constructor(type: string, pointer: boolean, common?: Common) {
    super(
      type === ""
        ? "json: Unmarshal(nil)"
        : pointer
          ? `json: Unmarshal(nil ${type})`
          : `json: Unmarshal(non-pointer ${type})`,
      "GOJSON_ERR_INVALID_UNMARSHAL",
      common,
    );
    this.type = type;
  }
  static override isInstance(e: unknown): e is InvalidUnmarshalError {
    return has(e, INVALID_UNMARSHAL);
  }
}
const INVALID_UNMARSHAL = mark(InvalidUnmarshalError, "v1.InvalidUnmarshalError");

/** Go's json.UnsupportedTypeError (`json: unsupported type: func()`, channels, complex, maps with bad keys). */
export class UnsupportedTypeError extends JsonV1Error {
  override name = "UnsupportedTypeError" as const;
  readonly type: string;
  constructor(type: string) {
    super(`json: unsupported type: ${type}`, "GOJSON_ERR_UNSUPPORTED_TYPE");
    this.type = type;
  }
  static override isInstance(e: unknown): e is UnsupportedTypeError {
    return has(e, UNSUPPORTED_TYPE);
  }
}
const UNSUPPORTED_TYPE = mark(UnsupportedTypeError, "v1.UnsupportedTypeError");

/** Go's json.UnsupportedValueError: NaN, ±Inf, or a cycle (`encountered a cycle via *main.Node`). */
export class UnsupportedValueError extends JsonV1Error {
  override name = "UnsupportedValueError" as const;
  /** Go's Str field. */
  readonly str: string;
  constructor(str: string) {
    super(`json: unsupported value: ${str}`, "GOJSON_ERR_UNSUPPORTED_VALUE");
    this.str = str;
  }
  static override isInstance(e: unknown): e is UnsupportedValueError {
    return has(e, UNSUPPORTED_VALUE);
  }
}
const UNSUPPORTED_VALUE = mark(UnsupportedValueError, "v1.UnsupportedValueError");

/** Go's json.MarshalerError: a MarshalJSON/MarshalText method failed or wrote invalid JSON. */
export class MarshalerError extends JsonV1Error {
  override name = "MarshalerError" as const;
  readonly type: string;
  readonly sourceFunc: "MarshalJSON" | "MarshalText";
  /** The underlying error's text. */
  readonly errText: string;
  constructor(type: string, errText: string, sourceFunc: "MarshalJSON" | "MarshalText", cause?: unknown) {
    super(`json: error calling ${sourceFunc} for type ${type}: ${errText}`, "GOJSON_ERR_MARSHALER", {
      cause,
    });
    this.type = type;
    this.sourceFunc = sourceFunc;
    this.errText = errText;
  }
  static override isInstance(e: unknown): e is MarshalerError {
    return has(e, MARSHALER);
  }
}
const MARSHALER = mark(MarshalerError, "v1.MarshalerError");

/**
 * Any other error Go's encoding/json returns as plain text (fmt.Errorf):
 * `json: unknown field "x"`, `json: invalid use of ,string struct tag, ...`,
 * `illegal base64 data at input byte N`, `json: invalid number literal ...`,
 * and errors returned by user UnmarshalJSON/UnmarshalText methods (`cause`).
 */
export class GoError extends JsonV1Error {
  override name = "GoError" as const;
  /** Which family of plain-text error this is. */
  readonly kind: GoErrorKind;
  constructor(kind: GoErrorKind, message: string, common?: Common) {
    super(message, `GOJSON_ERR_V1_${kind.toUpperCase().replace(/-/g, "_")}`, common);
    this.kind = kind;
  }
  static override isInstance(e: unknown): e is GoError {
    return has(e, GO_ERROR);
  }
}
const GO_ERROR = mark(GoError, "v1.GoError");

/** Families of GoError. */
export type GoErrorKind =
  | "unknown-field"
  | "string-tag"
  | "base64"
  | "number-literal"
  | "embedded-pointer"
  | "method"
  | "map-key"
  | "eof"
  | "unexpected-eof"
  | "token"
  | "panic"
  | "stack"
  | "too-large";

/** Text of a thrown value as Go's err.Error() would be. */
export function errorText(e: unknown): string {
  if (e instanceof Error) return e.message;
  return String(e);
}

/**
 * A value that does not fit its Go type, found by marshal before a byte is written (no Go
 * counterpart: Go's type system rules these out). `message` is
 * `json: <goPath>: want <want>, got <got>`, for example
 * `json: Order.ID: want int64 (bigint), got string "not a bigint"`:
 * - `goPath`: the marshalled type's name (`Order`; an unnamed type's Go text, `[]main.Order`), then
 *   `.Field` for a struct field (Go field names; a promoted field as `.Embedded.Field`), `[3]` for a
 *   slice or array element, `["k"]` / `[7]` for a map entry or a member of an object held in an
 *   `any`; `…` marks the part of the path above a value nested thousands deep;
 * - `want`: the Go type and, in parentheses, its TypeScript form (`int32 (integer number)`,
 *   `uint8 (integer number in [0, 255])` when the number is out of range, `[]string (array or
 *   null)`, `map[string]int (Map or null)`, `[3]int (array of length 3)`, `time.Time (GoTime)`);
 * - `got`: what came (`string "abc"`, `number 1.5`, `bigint 5`, `undefined (missing field)`,
 *   `array of length 2`, `Map of size 1`, `object`, `Date object`, ...).
 */
export class InvalidValueError extends JsonV1Error {
  override name = "InvalidValueError" as const;
  /** Where the value sits, from the marshalled type (see the class doc). */
  readonly goPath: string;
  /** The Go type and the TypeScript form it takes. */
  readonly want: string;
  /** What the value is. */
  readonly got: string;
  /** reflect's String() of the Go type the value should have had. */
  readonly goType: string;
  constructor(f: { goPath: string; want: string; got: string; goType: string }) {
    super(`json: ${f.goPath}: want ${f.want}, got ${f.got}`, "GOJSON_ERR_INVALID_VALUE");
    this.goPath = f.goPath;
    this.want = f.want;
    this.got = f.got;
    this.goType = f.goType;
  }
  static override isInstance(e: unknown): e is InvalidValueError {
    return has(e, INVALID_VALUE);
  }
}
const INVALID_VALUE = mark(InvalidValueError, "v1.InvalidValueError");

/**
 * A wrong argument to a codec-v1 function (a programmer's error, so a TypeError rather than a
 * JsonError): a type that is not a GoType, input that is not bytes or text, an unknown option name
 * (with the nearest known one suggested) or an option of the wrong type. `message` is
 * `gojson: <operation>: <argument> <problem>`, for example
 * `gojson: unmarshal: unknown option "rejectUnknownMember" (did you mean "disallowUnknownFields"?)`.
 */
export class InvalidArgumentError extends TypeError {
  override name = "InvalidArgumentError" as const;
  /** Stable machine-readable code. */
  readonly code = "GOJSON_ERR_INVALID_ARGUMENT" as const;
  /** The function called (`unmarshal`, `marshal`, `Decoder`, ...). */
  readonly operation: string;
  /** The argument at fault (`type`, `data`, `option "escapeHTML"`, ...). */
  readonly argument: string;
  /** What is wrong with it. */
  readonly problem: string;
  constructor(operation: string, argument: string, problem: string) {
    super(`gojson: ${operation}: ${argument} ${problem}`);
    this.operation = operation;
    this.argument = argument;
    this.problem = problem;
  }
  static isInstance(e: unknown): e is InvalidArgumentError {
    return has(e, INVALID_ARGUMENT);
  }
}
const INVALID_ARGUMENT = mark(InvalidArgumentError, "InvalidArgumentError");
