import { Decoder, SyntacticError, type SyntacticErrorReason, WHERE_TRAILING } from "@gojson/jsontext";
import { DEFAULT_MAX_DEPTH } from "./constants.js";
import {
  StrictBodyCode as C,
  type StrictBodyError,
  type StrictBodyErrorCode,
  syntaxError,
} from "./errors.js";
import { checkFast, NO_FAST, parseFast } from "./parse-fast.js";

/** Policy for a dangerous key, as in secure-json-parse: reject, drop, or keep as an own property. */
export type KeyAction = "error" | "remove" | "ignore";

/** Which top-level values the strict parse accepts. */
export type TopLevel = "any" | "object" | "object-or-array";

/** Options of {@link parseStrict}; every field has a secure default. */
export interface ParseStrictOptions {
  /** Deepest nesting of arrays and objects allowed (default {@link DEFAULT_MAX_DEPTH}). */
  maxDepth?: number;
  /** Accept (and skip) a leading UTF-8 byte order mark (default false: 400). */
  allowBom?: boolean;
  /** What to do with a `__proto__` member at any depth (default "error"). */
  protoAction?: KeyAction;
  /** What to do with a `constructor` member holding a `prototype` member (default "error"). */
  constructorAction?: KeyAction;
  /** Keep integers beyond ±(2^53 − 1) as bigint instead of rejecting them (default false). */
  bigint?: boolean;
  /**
   * Let a number that overflows a float64 through as ±Infinity instead of
   * rejecting it (default false). goDecoder's precheck sets it: the codec
   * decides, as Go does (a json.Number or json.RawMessage field keeps `1e400`).
   */
  allowOverflow?: boolean;
  /** Which top-level values are accepted (default "any"). */
  topLevel?: TopLevel;
}

/** Resolved, frozen form of {@link ParseStrictOptions}. */
export interface ResolvedParseOptions {
  readonly maxDepth: number;
  readonly allowBom: boolean;
  readonly protoAction: KeyAction;
  readonly constructorAction: KeyAction;
  readonly bigint: boolean;
  readonly allowOverflow: boolean;
  readonly topLevel: TopLevel;
}

/** resolveParseOptions fills the defaults once, at the API boundary. */
export function resolveParseOptions(o: ParseStrictOptions = {}): ResolvedParseOptions {
  const maxDepth = o.maxDepth ?? DEFAULT_MAX_DEPTH;
  if (!Number.isInteger(maxDepth) || maxDepth < 1)
    throw new RangeError("maxDepth must be a positive integer");
  return Object.freeze({
    maxDepth,
    allowBom: o.allowBom ?? false,
    protoAction: o.protoAction ?? "error",
    constructorAction: o.constructorAction ?? "error",
    bigint: o.bigint ?? false,
    allowOverflow: o.allowOverflow ?? false,
    topLevel: o.topLevel ?? "any",
  });
}

type Container = unknown[] | Record<string, unknown>;

/** The container checkStrict pushes: never written to. */
const EMPTY: Container = Object.freeze([]) as unknown as unknown[];

const BOM_LENGTH = 3;

/**
 * parseStrict decodes one JSON text (RFC 8259) from UTF-8 bytes into plain
 * values in a single iterative pass over `@gojson/jsontext`'s Decoder tokens,
 * rejecting what JSON.parse lets through: duplicate names (compared after
 * unescaping), invalid UTF-8 and lone surrogates, nesting past a limit, and
 * anything after the value (jsontext, Go's rules), plus strict-http's own
 * policies: a byte order mark, the top-level kind, prototype-polluting keys,
 * unsafe integers and overflowing numbers. Errors are {@link StrictBodyError}s
 * (400) with Go's byte offset and JSON pointer and a message without body bytes.
 */
export function parseStrict(bytes: Uint8Array, options?: ParseStrictOptions | ResolvedParseOptions): unknown {
  return run(bytes, options, true, false);
}

/**
 * checkStrict applies every check of {@link parseStrict} without building the
 * value: strings and numbers are validated and skipped, objects and arrays are
 * walked for their names only. A decoder that builds its own value (a codec)
 * runs it first at a fraction of the memory (a 100 MB string is never
 * materialised). Numbers are read only where `bigint` or `allowOverflow` is
 * off, as their checks need them.
 */
export function checkStrict(bytes: Uint8Array, options?: ParseStrictOptions | ResolvedParseOptions): void {
  run(bytes, options, false, false);
}

/**
 * checkBeforeCodec is checkStrict for a codec that itself rejects duplicate
 * names and invalid UTF-8 (codec-v2 under v2's defaults): the fast pass leaves
 * those two checks to the codec, which reports them in Go's words, and costs
 * less than half as much. Anything the fast pass declines gets the full check.
 */
export function checkBeforeCodec(bytes: Uint8Array, options: ResolvedParseOptions): void {
  run(bytes, options, false, true);
}

function run(
  bytes: Uint8Array,
  options: ParseStrictOptions | ResolvedParseOptions | undefined,
  keep: boolean,
  textCheckedByCodec: boolean,
) {
  const o =
    options && Object.isFrozen(options) ? (options as ResolvedParseOptions) : resolveParseOptions(options);
  let base = 0;
  if (bytes.length >= BOM_LENGTH && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    if (!o.allowBom) throw syntaxError(C.BOM, "byte order mark is not allowed", 0, "");
    base = BOM_LENGTH;
  }
  const b = base === 0 ? bytes : bytes.subarray(base);
  let i = 0;
  while (i < b.length && isWs(b[i] as number)) i++;
  if (i >= b.length) throw syntaxError(C.EMPTY_BODY, "empty body", base + i, "");
  const first = b[i];
  if (
    (o.topLevel === "object" && first !== 0x7b) ||
    (o.topLevel === "object-or-array" && first !== 0x7b && first !== 0x5b)
  ) {
    const what =
      o.topLevel === "object"
        ? "top-level value must be an object"
        : "top-level value must be an object or an array";
    throw syntaxError(C.TOP_LEVEL_TYPE, what, base + i, "");
  }
  const keepProtoNames = o.protoAction === "ignore" && o.constructorAction === "ignore";
  if (keep) {
    const fast = parseFast(b, o.maxDepth, keepProtoNames);
    if (fast !== NO_FAST) return fast;
  } else if (o.bigint && o.allowOverflow && checkFast(b, o.maxDepth, keepProtoNames, textCheckedByCodec))
    return undefined;
  const d = new Decoder(b, { maxDepth: o.maxDepth });
  try {
    return build(d, keep ? searchable(b) : b, o, base, keep);
  } catch (e) {
    if (SyntacticError.isInstance(e)) throw fromSyntactic(e, base, o.maxDepth);
    throw e;
  }
}

/**
 * Escaped strings longer than this many bytes are validated by jsontext and
 * unescaped by the platform (TextDecoder, then JSON.parse of the one token):
 * linear in time and about twice the token in memory, where unescaping a long
 * escaped string in JavaScript cost seconds and several times its size.
 * Strings without escapes stay on jsontext's path (a view of the input).
 */
export const LONG_STRING_BYTES = 4096;

const utf8 = new TextDecoder();

/** Node's Buffer, whose indexOf is a native byte search (about 6× TypedArray's on 100 MB); absent elsewhere. */
const NodeBuffer = (globalThis as { Buffer?: typeof Buffer }).Buffer;

/** searchable returns a large input with a fast indexOf (a Buffer view, no copy); small inputs are never searched. */
function searchable(b: Uint8Array): Uint8Array {
  if (NodeBuffer === undefined || b.length <= LONG_STRING_BYTES || b instanceof NodeBuffer) return b;
  return NodeBuffer.from(b.buffer, b.byteOffset, b.length);
}

/**
 * isLongEscaped reports whether the string token after `from` (past
 * whitespace, `:` and `,`) is longer than LONG_STRING_BYTES and holds an escape.
 * An unterminated token is left to jsontext, which reports it.
 */
function isLongEscaped(b: Uint8Array, from: number): boolean {
  if (b.length - from <= LONG_STRING_BYTES) return false;
  let i = from;
  for (; i < b.length; i++) {
    const c = b[i] as number;
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09 && c !== 0x3a && c !== 0x2c) break;
  }
  if (b[i] !== 0x22) return false;
  const start = i;
  let escaped = false;
  // The closing quote is the first one after an even run of backslashes (native searches: no byte loop).
  let q = b.indexOf(0x22, start + 1);
  while (q >= 0) {
    let k = q - 1;
    while (k > start && b[k] === 0x5c) k--;
    if ((q - 1 - k) % 2 === 0) break;
    escaped = true;
    q = b.indexOf(0x22, q + 1);
  }
  if (q < 0 || q - start <= LONG_STRING_BYTES) return false;
  return escaped || b.subarray(start + 1, q).indexOf(0x5c) >= 0;
}

/** readStringValue reads a string value: jsontext's readString, or for a long escaped one validate-then-decode. */
function readStringValue(d: Decoder, b: Uint8Array): string {
  if (!isLongEscaped(b, d.inputOffset)) return d.readString();
  d.skipValue();
  // The token was validated (UTF-8, escapes, surrogate pairs): the platform's JSON.parse unescapes it alike.
  return JSON.parse(utf8.decode(d.previousTokenOrValue())) as string;
}

/**
 * build reads one value token by token (explicit stack: depth is jsontext's
 * maxDepth, never the JS stack). With `keep` false it only checks: nothing is
 * stored and scalar values are skipped.
 */
function build(d: Decoder, b: Uint8Array, o: ResolvedParseOptions, base: number, keep: boolean): unknown {
  const skipNumbers = !keep && o.bigint && o.allowOverflow;
  const stack: Container[] = [];
  const isArr: boolean[] = [];
  // the current member name of each object frame, and whether that member is dropped ("remove")
  const keys: string[] = [];
  const skip: boolean[] = [];
  let value: unknown;
  for (;;) {
    let top = stack.length - 1;
    let k = d.peekKind();
    if (top >= 0 && !isArr[top]) {
      if (k === "}") {
        d.readEndObject();
        value = pop();
        top--;
      } else {
        if (k !== '"') throw grammarError(d, k);
        const name = d.readString();
        keys[top] = name;
        if (name === "__proto__") {
          if (o.protoAction === "error") throw policyError(d, base, "forbidden member name __proto__");
          if (o.protoAction === "remove") skip[top] = true;
        } else if (name === "prototype" && top >= 1 && !isArr[top - 1] && keys[top - 1] === "constructor") {
          if (o.constructorAction === "error")
            throw policyError(d, base, "forbidden member constructor.prototype");
          if (o.constructorAction === "remove") skip[top - 1] = true;
        }
        k = d.peekKind();
      }
    }
    if (value === undefined) {
      switch (k) {
        case "{":
          d.readBeginObject();
          push(keep ? {} : EMPTY, false);
          continue;
        case "[":
          d.readBeginArray();
          push(keep ? [] : EMPTY, true);
          continue;
        case '"':
          if (keep) value = readStringValue(d, b);
          else {
            d.skipValue();
            value = null;
          }
          break;
        case "0":
          if (skipNumbers) {
            d.skipValue();
            value = null;
          } else value = toNumber(d, d.readNumberLiteral(), o, base);
          break;
        case "n":
          d.readNull();
          value = null;
          break;
        case "t":
        case "f":
          value = d.readBool();
          break;
        case "]":
          if (top < 0 || !isArr[top]) throw grammarError(d, k);
          d.readEndArray();
          value = pop();
          top--;
          break;
        default:
          throw grammarError(d, k);
      }
    }
    // store the value in its container (or finish at the top level)
    if (top < 0) {
      d.checkEOF();
      return value;
    }
    const box = stack[top] as Container;
    if (!keep) skip[top] = false;
    else if (isArr[top]) (box as unknown[]).push(value);
    else if (skip[top]) skip[top] = false;
    else {
      const name = keys[top] as string;
      if (name === "__proto__") {
        Object.defineProperty(box, name, { value, writable: true, enumerable: true, configurable: true });
      } else (box as Record<string, unknown>)[name] = value;
    }
    value = undefined;
  }

  function push(box: Container, arr: boolean): void {
    stack.push(box);
    isArr.push(arr);
    keys.push("");
    skip.push(false);
  }
  function pop(): Container {
    isArr.pop();
    keys.pop();
    skip.pop();
    return stack.pop() as Container;
  }
}

/**
 * grammarError returns the error jsontext reports for a token that cannot come
 * here (a non-string name, a mismatched delimiter, the end of input): reading
 * it makes the Decoder throw Go's error.
 */
function grammarError(d: Decoder, k: string): Error {
  if (k === "") return d.unexpectedEOF();
  try {
    d.readToken();
  } catch (e) {
    return e as Error;
  }
  return new Error(`strict-http: unexpected token kind ${k} (internal error)`);
}

/** policyError is a FORBIDDEN_KEY at the name just read: its start offset and the pointer ending in it. */
function policyError(d: Decoder, base: number, what: string): StrictBodyError {
  return syntaxError(C.FORBIDDEN_KEY, what, base + d.previousOffset, d.nextValuePointer());
}

/** toNumber converts a number literal: safe integers and finite floats as numbers, else bigint or a 400. */
function toNumber(d: Decoder, lit: string, o: ResolvedParseOptions, base: number): number | bigint {
  const v = +lit;
  if (Number.isSafeInteger(v)) return v;
  const isInt = !/[.eE]/.test(lit);
  if (isInt) {
    if (o.bigint) return BigInt(lit);
    throw syntaxError(
      C.UNSAFE_INTEGER,
      "integer beyond ±(2^53 − 1) would lose precision",
      base + d.previousOffset,
      d.stackPointer(),
    );
  }
  if (!Number.isFinite(v) && !o.allowOverflow)
    throw syntaxError(
      C.NUMBER_OVERFLOW,
      "number overflows a float64",
      base + d.previousOffset,
      d.stackPointer(),
    );
  return v;
}

function isWs(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

/** What each jsontext reason says in a message: Go's kind of error, never a byte of the body. */
const REASON_TEXT: Readonly<Record<SyntacticErrorReason, string>> = Object.freeze({
  "invalid-character": "invalid character",
  "unexpected-eof": "unexpected end of input",
  "duplicate-name": "duplicate member name",
  "invalid-utf8": "invalid UTF-8",
  "invalid-escape": "invalid escape sequence",
  "lone-surrogate": "unpaired surrogate escape",
  "max-depth": "nesting too deep",
  "name-not-string": "object member name must be a string",
  "missing-value": "missing value",
  "mismatched-delimiter": "mismatched closing delimiter",
  other: "invalid JSON",
});

/** REASON_CODE maps jsontext's reason to strict-http's stable code for the same class. */
const REASON_CODE: Readonly<Record<SyntacticErrorReason, StrictBodyErrorCode>> = Object.freeze({
  "invalid-character": C.INVALID_JSON,
  "unexpected-eof": C.INVALID_JSON,
  "duplicate-name": C.DUPLICATE_NAME,
  "invalid-utf8": C.INVALID_UTF8,
  "invalid-escape": C.INVALID_JSON,
  "lone-surrogate": C.LONE_SURROGATE,
  "max-depth": C.MAX_DEPTH,
  "name-not-string": C.INVALID_JSON,
  "missing-value": C.INVALID_JSON,
  "mismatched-delimiter": C.INVALID_JSON,
  other: C.INVALID_JSON,
});

/**
 * fromSyntactic maps a jsontext SyntacticError to a 400: the code of its class,
 * Go's offset (shifted past an allowed BOM) and pointer, and a message built from
 * the reason and Go's place phrase only (Go's own text may quote body bytes).
 */
function fromSyntactic(e: SyntacticError, base: number, maxDepth: number): StrictBodyError {
  const trailing = e.reason === "invalid-character" && e.where === WHERE_TRAILING;
  const code = trailing ? C.TRAILING_DATA : REASON_CODE[e.reason];
  let what: string;
  if (e.reason === "max-depth") what = `nesting deeper than ${maxDepth}`;
  else if (trailing) what = "unexpected data after the top-level value";
  else what = e.where === undefined ? REASON_TEXT[e.reason] : `${REASON_TEXT[e.reason]} ${e.where}`;
  return syntaxError(code, what, base + e.offset, e.pointer);
}
