/**
 * parseValue: decode one JSON value to plain JS values (objects, arrays, strings,
 * numbers, booleans, null) under Go's jsontext rules and errors — the fast path for
 * callers that want data, not tokens (strict-http bodies, `any` targets).
 */

import { Decoder, type DecoderOptions } from "./decoder.js";
import { latin1Text } from "./decoder-bytes.js";
import { MAX_NESTING_DEPTH } from "./limits.js";
import { ASCII_TEXT_MAX_SHARE, asciiEscapedText, utf16Text } from "./parse-text.js";
import { F_NONASCII } from "./scan-string.js";
import { Utf8Watermark } from "./utf8-validate.js";
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
    const utf8 = typeof input === "string" ? new Utf8Watermark() : Utf8Watermark.recording();
    const flags = validateDocument(
      bytes,
      false,
      options?.allowDuplicateNames ?? legacy,
      options?.maxDepth ?? MAX_NESTING_DEPTH,
      utf8,
    );
    if (flags >= 0) {
      // valid UTF-8 is known: ASCII input maps byte to char (no decoding); mostly-ASCII input
      // becomes ASCII with its few non-ASCII characters as \u escapes; else UTF-16 code units
      let text: string | null;
      if (typeof input === "string") text = input;
      else if ((flags & F_NONASCII) === 0) text = latin1Text(bytes);
      else {
        text =
          utf8.nonAsciiBytes * ASCII_TEXT_MAX_SHARE <= bytes.length
            ? asciiEscapedText(bytes, utf8.runs!, utf8.runLength)
            : null;
        if (text === null) text = utf16Text(bytes);
      }
      return JSON.parse(text) as JsonPlain;
    }
    // not valid: the Decoder path below throws Go's error
    input = bytes;
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

/**
 * build reads one value as Go's json/v2 Unmarshal into an `any` does (unmarshalValueAny):
 * objects and arrays token by token, names with ReadToken, every other value — a scalar,
 * or a misplaced `}`/`]` — with ReadValue, so its errors are Go's for that path.
 * Iterative, so depth is bounded only by the nesting limit.
 */
function build(d: Decoder, literal: boolean): JsonPlain {
  const stack: (JsonPlain[] | Record<string, JsonPlain>)[] = [];
  const names: string[] = [];
  let top: JsonPlain[] | Record<string, JsonPlain> | undefined;
  for (;;) {
    let k = d.peekKind();
    if (top !== undefined) {
      if (Array.isArray(top)) {
        if (k === "]") {
          d.readEndArray();
          const done = top;
          stack.pop();
          top = stack[stack.length - 1];
          if (top === undefined) return done;
          put(top, names, done);
          continue;
        }
      } else {
        if (k === "}") {
          d.readEndObject();
          const done = top as JsonPlain;
          stack.pop();
          top = stack[stack.length - 1];
          if (top === undefined) return done;
          put(top, names, done);
          continue;
        }
        // a name: ReadToken (which reports a name that is not a string)
        names.push(k === '"' ? d.readString() : String(d.readToken()));
        k = d.peekKind();
      }
    }
    let v: JsonPlain;
    switch (k) {
      case "{":
        d.readBeginObject();
        top = Object.create(Object.prototype) as Record<string, JsonPlain>;
        stack.push(top);
        continue;
      case "[":
        d.readBeginArray();
        top = [];
        stack.push(top);
        continue;
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
      case "t":
      case "f":
        v = d.readBool();
        break;
      default:
        d.readValue(); // '}' or ']' where a value belongs: ReadValue's error
        throw new Error("jsontext: unreachable");
    }
    if (top === undefined) return v;
    put(top, names, v);
  }
}

function put(top: JsonPlain[] | Record<string, JsonPlain>, names: string[], v: JsonPlain): void {
  if (Array.isArray(top)) top.push(v);
  else setMember(top, names.pop()!, v);
}
