/**
 * The string writers of the byte path per options: json/v2's minimal escaping
 * (jsontext's writeStringV2) by default, else jsontext's escaping writer in the
 * mode the options ask for: EscapeForHTML (`<`, `>`, `&`), EscapeForJS (U+2028,
 * U+2029) and AllowInvalidUTF8 (a lone surrogate written as U+FFFD, as Go writes
 * an invalid byte; without it a lone surrogate bails and the exact encoder
 * reports Go's error). One writer per mode, so that a call site sees one function.
 */
import {
  type FastWriter,
  STRING_HTML,
  STRING_INVALID_BAIL,
  STRING_INVALID_RAW,
  STRING_JS,
  writeStringEscaped,
  writeStringV2,
} from "@gojson/jsontext/internal";
import { bail } from "./marshal-fast-shadow.js";
import type { ByteEncoder } from "./marshal-fast-table.js";
import type { ResolvedOptions } from "./options.js";

/** Writes JS string s as a JSON string (a lone surrogate bails or is written as the options say). */
export type StringWriter = (w: FastWriter, s: string) => void;

const writers = new Map<number, StringWriter>();
const encoders = new Map<StringWriter, ByteEncoder>();

/** stringModeOf returns the escaping mode of options o (STRING_* bits), or 0 for json/v2's minimal escaping (writeStringV2). */
export function stringModeOf(o: ResolvedOptions): number {
  const f = o.flags;
  // AllowInvalidUTF8 alone: writeStringV2 bails on a lone surrogate and the exact encoder writes it.
  if (!f.escapeForHTML && !f.escapeForJS) return 0;
  return (
    (f.escapeForHTML ? STRING_HTML : 0) |
    (f.escapeForJS ? STRING_JS : 0) |
    (f.allowInvalidUTF8 ? STRING_INVALID_RAW : STRING_INVALID_BAIL)
  );
}

/** stringWriterFor returns the string writer of options o. */
export function stringWriterFor(o: ResolvedOptions): StringWriter {
  const mode = stringModeOf(o);
  if (mode === 0) return writeStringV2;
  let ws = writers.get(mode);
  if (ws === undefined) {
    ws = (w, s) => writeStringEscaped(w, s, mode);
    writers.set(mode, ws);
  }
  return ws;
}

/** stringEncoderFor returns the encoder of a Go string under string writer ws (a value that is not a string bails). */
export function stringEncoderFor(ws: StringWriter): ByteEncoder {
  let enc = encoders.get(ws);
  if (enc === undefined) {
    enc = (w, v) => {
      if (typeof v !== "string") bail();
      ws(w, v);
    };
    encoders.set(ws, enc);
  }
  return enc;
}
