/**
 * marshal and marshalIndent: Go's json.Marshal / json.MarshalIndent.
 */
import type { GoType } from "./deps.js";
import { type EncodeState, type Encoder, encoderFor } from "./encode.js";
import { type MarshalOptions, resolveMarshal } from "./options.js";
import { syncPlans } from "./plan-cache.js";
import { indent } from "./syntax.js";
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
  syncPlans();
  try {
    return encodePass(encoderFor(type, false, false), value, escapeHTML, 0, null);
  } catch (err) {
    if (err instanceof RangeError) throw stackError(err);
    throw err;
  }
}

/**
 * Encodes `value` in one pass and splices in the values it deferred (nested
 * past DEEP_ENCODE_DEPTH), each encoded by a pass of its own. When the pass
 * fails, the deferred values come earlier in the output, so their errors win,
 * as they would in Go's single depth-first walk.
 */
function encodePass(
  enc: Encoder,
  value: unknown,
  html: boolean,
  ptrLevel: number,
  seen: readonly unknown[] | null,
): string {
  const e: EncodeState = {
    out: "",
    html,
    ptrLevel,
    ptrSeen: seen === null ? null : new Set(seen),
    depth: 0,
    deferred: null,
  };
  try {
    enc(e, value);
  } catch (err) {
    for (const job of e.deferred ?? []) encodePass(job.enc, job.v, html, job.ptrLevel, job.seen);
    throw err;
  }
  if (e.deferred === null) return e.out;
  let out = "";
  let at = 0;
  for (const job of e.deferred) {
    out += e.out.slice(at, job.at);
    out += encodePass(job.enc, job.v, html, job.ptrLevel, job.seen);
    at = job.at;
  }
  return out + e.out.slice(at);
}

/** UTF-8 bytes of `s` (Buffer's native encoder for large outputs, in a buffer of their own). */
function toUtf8(s: string): Uint8Array {
  if (s.length < 4096) return utf8.encode(s);
  const b = Buffer.from(s, "utf8");
  return new Uint8Array(b.buffer, b.byteOffset, b.length);
}
