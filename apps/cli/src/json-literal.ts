import { Decoder, SyntacticError } from "@gojson/jsontext";
import { CliError, EXIT } from "./exit-codes.js";

/** A JSON number as it was typed: its exact text (never rounded through a JS number). */
export class NumberText {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

/** A JSON value with numbers kept as typed; objects have no prototype (`__proto__` is an ordinary key). */
export type JsonLiteral =
  | null
  | boolean
  | string
  | NumberText
  | JsonLiteral[]
  | { [name: string]: JsonLiteral };

/** Deepest nesting the value reader accepts (the value is walked recursively afterwards). */
export const MAX_LITERAL_DEPTH = 1000;

/**
 * parseJsonLiteral reads one JSON value with jsontext (RFC 8259: duplicate
 * names, invalid UTF-8 and trailing data are errors) and keeps each number's
 * text, so that `9007199254740993` stays itself. A syntax error is a CliError
 * (exit 3) with jsontext's message, offset and pointer.
 */
export function parseJsonLiteral(bytes: Uint8Array, what: string): JsonLiteral {
  const d = new Decoder(bytes, { maxDepth: MAX_LITERAL_DEPTH });
  try {
    const v = read(d);
    d.checkEOF();
    return v;
  } catch (e) {
    if (SyntacticError.isInstance(e)) {
      throw new CliError(`${what} is not JSON: ${e.message}`, EXIT.input, {
        offset: e.offset,
        pointer: e.pointer,
      });
    }
    throw e;
  }
}

function read(d: Decoder): JsonLiteral {
  switch (d.peekKind()) {
    case "{": {
      d.readBeginObject();
      const o: { [name: string]: JsonLiteral } = Object.create(null);
      while (d.peekKind() !== "}") {
        const name = d.readString();
        o[name] = read(d);
      }
      d.readEndObject();
      return o;
    }
    case "[": {
      d.readBeginArray();
      const a: JsonLiteral[] = [];
      while (d.peekKind() !== "]") a.push(read(d));
      d.readEndArray();
      return a;
    }
    case '"':
      return d.readString();
    case "0":
      return new NumberText(d.readNumberLiteral());
    case "n":
      d.readNull();
      return null;
    case "t":
    case "f":
      return d.readBool();
    default:
      // end of input, or a token that cannot start a value: reading it throws jsontext's error
      d.readToken();
      throw d.unexpectedEOF();
  }
}

/** literalText writes a JsonLiteral back as compact JSON, numbers as typed. */
export function literalText(v: JsonLiteral): string {
  if (v instanceof NumberText) return v.text;
  if (v === null || typeof v !== "object") return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map(literalText).join(",")}]`;
  return `{${Object.entries(v)
    .map(([k, x]) => `${JSON.stringify(k)}:${literalText(x)}`)
    .join(",")}}`;
}
