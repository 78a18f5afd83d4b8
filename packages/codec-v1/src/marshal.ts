/**
 * marshal and marshalIndent: Go's json.Marshal / json.MarshalIndent.
 */
import type { GoType } from "./deps.js";
import { encoderFor } from "./encode.js";
import { indent } from "./indent.js";
import { type MarshalOptions, resolveMarshal } from "./options.js";
import { stackError } from "./unmarshal.js";

const utf8 = new TextEncoder();

/** Marshals `value` of Go type `type` to exactly the bytes Go's json.Marshal returns (throws Go's error otherwise). */
export function marshal(type: GoType, value: unknown, options?: MarshalOptions): Uint8Array {
  const o = resolveMarshal(options);
  const out = marshalToString(type, value, o.escapeHTML);
  const b = toUtf8(out);
  return o.indent === null ? b : indent(b, o.indent.prefix, o.indent.indent);
}

/** Go's json.MarshalIndent. */
export function marshalIndent(type: GoType, value: unknown, prefix: string, indentText: string): Uint8Array {
  return marshal(type, value, { prefix, indent: indentText });
}

/** The marshalled JSON as a JavaScript string (no UTF-8 encoding step). */
export function marshalToString(type: GoType, value: unknown, escapeHTML = true): string {
  const e = { out: "", html: escapeHTML, ptrLevel: 0, ptrSeen: null };
  try {
    encoderFor(type, false, false)(e, value);
  } catch (err) {
    if (err instanceof RangeError) throw stackError(err);
    throw err;
  }
  return e.out;
}

/** UTF-8 bytes of `s` (Buffer's native encoder for large outputs, in a buffer of their own). */
function toUtf8(s: string): Uint8Array {
  if (s.length < 4096) return utf8.encode(s);
  const b = Buffer.from(s, "utf8");
  return new Uint8Array(b.buffer, b.byteOffset, b.length);
}
