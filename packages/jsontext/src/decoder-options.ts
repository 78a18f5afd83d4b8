/** Options of the Decoder (Go's jsontext options that affect decoding). */
import type { ErrorFlavour } from "./errors.js";

/** DecoderOptions configure a Decoder (Go's jsontext options, camelCase). */
export interface DecoderOptions {
  /** Accept duplicate object member names (Go's AllowDuplicateNames). Default false (v2), true for flavour v1. */
  allowDuplicateNames?: boolean;
  /** Accept invalid UTF-8 in strings, replacing it with U+FFFD (Go's AllowInvalidUTF8). Default false (v2), true for flavour v1. */
  allowInvalidUTF8?: boolean;
  /** Which Go version's error texts to produce. Default "v2". */
  flavour?: ErrorFlavour;
  /**
   * Maximum nesting depth of objects and arrays (a positive integer). Default
   * MAX_NESTING_DEPTH (10000, Go's limit). Opening one more object or array fails with
   * Go's `exceeded max depth` SyntacticError (reason `max-depth`) at its offset.
   */
  maxDepth?: number;
}
