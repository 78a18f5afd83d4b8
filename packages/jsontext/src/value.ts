/**
 * Value helpers over whole JSON texts (Go's jsontext.Value methods).
 */
import { Decoder, type DecoderOptions } from "./decoder.js";
import { SyntacticError } from "./errors.js";

/**
 * checkValid validates that data holds exactly one JSON value (surrounding whitespace
 * allowed) under Go's jsontext rules, returning the SyntacticError Go reports or null.
 */
export function checkValid(data: Uint8Array | string, options?: DecoderOptions): SyntacticError | null {
  try {
    const d = new Decoder(data, options);
    if (d.peekKind() === "") return d.unexpectedEOF();
    d.skipValue();
    d.checkEOF();
    return null;
  } catch (e) {
    if (SyntacticError.isInstance(e)) return e;
    throw e;
  }
}

/** valid reports whether data is exactly one valid JSON value (Go's jsontext.Value.IsValid; duplicate names and invalid UTF-8 rejected unless allowed). */
export function valid(data: Uint8Array | string, options?: DecoderOptions): boolean {
  return checkValid(data, options) === null;
}
