/**
 * Reader: the jsontext Decoder an unmarshal plan reads through, plus the state
 * the semantic layer keeps per call (the first deferred legacy error).
 */
import { Decoder } from "@gojson/jsontext";
import type { SemanticError } from "./errors.js";

const encoder = new TextEncoder();

/** toBytes encodes a string to UTF-8 bytes. */
export function toBytes(s: string): Uint8Array {
  return encoder.encode(s);
}

/** Reader wraps a jsontext Decoder over the whole input for one unmarshal (or one value stream). */
export class Reader {
  /** The syntax layer's pull decoder (grammar, UTF-8, duplicate names, depth). */
  readonly d: Decoder;
  /** The input bytes (to place error offsets). */
  readonly buf: Uint8Array;
  /**
   * reportErrorsWithLegacySemantics: the first non-fatal error, thrown after the value is read
   * (a SemanticError, or a method's own error, which Go's v1 returns unchanged).
   */
  deferred: SemanticError | Error | undefined;

  constructor(input: Uint8Array | string, allowDuplicateNames: boolean, allowInvalidUTF8: boolean) {
    this.buf = typeof input === "string" ? toBytes(input) : input;
    this.d = new Decoder(this.buf, { allowDuplicateNames, allowInvalidUTF8, flavour: "v2" });
  }

  /**
   * valueStart returns the byte offset of the value that follows byte offset `from`
   * (an earlier `inputOffset`): whitespace and one `,` or `:` delimiter are skipped.
   * Error path only. (Adapter: jsontext's Decoder does not expose the start offset of
   * the last token or value read — Go's `InputOffset() - len(PreviousTokenOrValue())`.)
   */
  valueStart(from: number): number {
    const b = this.buf;
    let p = from;
    const ws = () => {
      let c = b[p];
      while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) c = b[++p];
    };
    ws();
    if (b[p] === 0x2c || b[p] === 0x3a) {
      p++;
      ws();
    }
    return p;
  }
}
