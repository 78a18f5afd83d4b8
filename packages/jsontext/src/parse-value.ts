/**
 * parseValue: decode one JSON value to plain JS values (objects, arrays, strings,
 * numbers, booleans, null) under Go's jsontext rules and errors — the fast path for
 * callers that want data, not tokens (strict-http bodies, `any` targets).
 */
import { Decoder, type DecoderOptions } from "./decoder.js";
import { decodeValidUtf8, latin1Text } from "./decoder-bytes.js";
import { MAX_NESTING_DEPTH } from "./limits.js";
import { F_NONASCII } from "./scan-string.js";
import { validateDocument } from "./validate-value.js";

const textEncoder = new TextEncoder();

/** ParseValueOptions are DecoderOptions plus how numbers are returned. */
export interface ParseValueOptions extends DecoderOptions {
  /** "number" (default): float64 values; "literal": the exact literal text of each number (a string). */
  numbers?: "number" | "literal";
}

/** JsonPlain is what parseValue returns. */
export type JsonPlain = null | boolean | number | string | JsonPlain[] | { [name: string]: JsonPlain };

/**
 * parseValue decodes exactly one JSON value (whitespace around it allowed) into plain
 * values, throwing the SyntacticError Go's jsontext reports (duplicate names and invalid
 * UTF-8 rejected unless allowed). Objects are plain objects whose members are own
 * properties, including a member named "__proto__" (it never sets the prototype).
 * Later duplicates win when allowDuplicateNames.
 */
export function parseValue(input: Uint8Array | string, options?: ParseValueOptions): JsonPlain {
  const literal = options?.numbers === "literal";
  const legacy = options?.flavour === "v1";
  const allowInvalid = options?.allowInvalidUTF8 ?? legacy;
  if (!literal && !allowInvalid) {
    // validate with Go's rules, then let the engine build the values: after validation the
    // text is valid UTF-8 with no lone surrogates, where JSON.parse agrees with Go's grammar
    const bytes = typeof input === "string" ? textEncoder.encode(input) : input;
    const flags = validateDocument(
      bytes,
      false,
      options?.allowDuplicateNames ?? legacy,
      options?.maxDepth ?? MAX_NESTING_DEPTH,
    );
    if (flags >= 0) {
      // valid UTF-8 is known: ASCII input maps byte to char (no decoding), else a plain UTF-8 decode
      const text =
        typeof input === "string"
          ? input
          : (flags & F_NONASCII) === 0
            ? latin1Text(bytes)
            : decodeValidUtf8(bytes, 0, bytes.length);
      return JSON.parse(text) as JsonPlain;
    }
    // not valid: the Decoder throws Go's error
    const d = new Decoder(bytes, options);
    if (d.peekKind() === "") throw d.unexpectedEOF();
    d.skipValue();
    d.checkEOF();
  }
  const d = new Decoder(input, options);
  if (d.peekKind() === "") throw d.unexpectedEOF();
  const v = build(d, literal);
  d.checkEOF();
  return v;
}

function setMember(o: Record<string, JsonPlain>, k: string, v: JsonPlain): void {
  if (k === "__proto__")
    Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
  else o[k] = v;
}

/** build reads one value token by token (iteratively, so depth is bounded only by MAX_NESTING_DEPTH). */
function build(d: Decoder, literal: boolean): JsonPlain {
  const stack: (JsonPlain[] | Record<string, JsonPlain>)[] = [];
  const names: string[] = [];
  let result: JsonPlain = null;
  for (;;) {
    const top = stack[stack.length - 1];
    if (top !== undefined && !Array.isArray(top)) {
      if (d.peekKind() === "}") {
        d.readEndObject();
        stack.pop();
        const done = top as JsonPlain;
        if (stack.length === 0) return done;
        if (put(stack, names, done)) continue;
        continue;
      }
      names.push(d.readString());
    }
    let v: JsonPlain;
    switch (d.peekKind()) {
      case "{":
        d.readBeginObject();
        stack.push(Object.create(Object.prototype) as Record<string, JsonPlain>);
        continue;
      case "[":
        d.readBeginArray();
        stack.push([]);
        continue;
      case "]": {
        d.readEndArray();
        const done = stack.pop() as JsonPlain;
        if (stack.length === 0) return done;
        put(stack, names, done);
        continue;
      }
      case '"':
        v = d.readString();
        break;
      case "0":
        v = literal ? d.readNumberLiteral() : Number(d.readNumberLiteral());
        break;
      case "n":
        d.readNull();
        v = null;
        break;
      default:
        v = d.readBool();
    }
    if (stack.length === 0) {
      result = v;
      return result;
    }
    put(stack, names, v);
  }
}

function put(stack: (JsonPlain[] | Record<string, JsonPlain>)[], names: string[], v: JsonPlain): boolean {
  const top = stack[stack.length - 1]!;
  if (Array.isArray(top)) top.push(v);
  else setMember(top, names.pop()!, v);
  return true;
}
