/**
 * marshalInto: marshal's byte path writing one value straight into a caller's
 * buffer (a stream encoder's block), so that a value costs no buffer of its
 * own. It answers only where the byte path does (see marshal-fast-write.ts);
 * anywhere else, and on any value it would not write, it writes nothing the
 * caller keeps and says so, and the caller runs `marshal` (which gives the
 * same bytes, or the error).
 */
import type { GoType } from "@gojson/gotype";
import type { NodeBuf } from "@gojson/jsontext/internal";
import { fastEncoderFor, fastMarshal } from "./marshal-fast.js";
import { INTO_BAIL, INTO_FULL } from "./marshal-fast-write.js";
import type { ResolvedOptions } from "./options.js";

export { INTO_BAIL, INTO_FULL };

const NodeBuffer = (
  globalThis as unknown as { Buffer?: { from(b: ArrayBufferLike, offset: number, length: number): NodeBuf } }
).Buffer;

/** buf as a Node Buffer (the byte path writes with Buffer's native writers): itself, or a view of its memory. */
function asNodeBuf(buf: Uint8Array): NodeBuf {
  if (typeof (buf as Partial<NodeBuf>).utf8Write === "function") return buf as NodeBuf;
  return (NodeBuffer as NonNullable<typeof NodeBuffer>).from(buf.buffer, buf.byteOffset, buf.byteLength);
}

/**
 * marshalInto writes the JSON encoding of value (Go type `type`, resolved options o) into buf
 * from offset off and returns the end of what it wrote (bytes [off, end) are marshal's output;
 * bytes past the end may have been used as scratch), or a negative mark with nothing kept:
 * INTO_FULL, the value is longer than buf.length - off (flush and retry in a larger room);
 * INTO_BAIL, the byte path does not write this value under these options (run `marshal`: the
 * same bytes, or its error). Pass a Node Buffer: any other Uint8Array gets a Buffer view per call.
 */
export function marshalInto(
  type: GoType,
  value: unknown,
  o: ResolvedOptions,
  buf: Uint8Array,
  off: number,
): number {
  if (!fastMarshal.enabled || NodeBuffer === undefined || !(off >= 0 && off <= buf.length)) return INTO_BAIL;
  const fast = fastEncoderFor(type, o);
  return fast === undefined ? INTO_BAIL : fast.into(value, asNodeBuf(buf), off);
}
