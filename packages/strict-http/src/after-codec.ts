/**
 * What is left of the strict checks once codec-v2 (under v2's defaults) has
 * accepted a body. The codec itself rejects what jsontext rejects (grammar,
 * duplicate names, invalid UTF-8, lone surrogates, trailing data, nesting past
 * Go's 10 000 levels), so goDecoderV2 runs the codec first, in one pass, and
 * only then asks this module whether strict-http's own policies could object:
 * a byte order mark, the top-level kind, a `__proto__` or
 * `constructor.prototype` member, an explicit tighter depth limit. Each is
 * answered without reading the body in JavaScript (a few bytes, or the
 * platform's native substring search); when one might object the full check
 * runs and decides, so the answer is the precheck's own.
 */
import type { ResolvedParseOptions } from "./parse-strict.js";

/** Node's Buffer (a native substring search); absent elsewhere, where the full check always runs. */
const NodeBuffer = (globalThis as { Buffer?: typeof Buffer }).Buffer;

function isWs(c: number | undefined): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

/**
 * The two needles of mayHoldProtoName as bytes, made once: a string needle is
 * converted to UTF-8 on every search, which cost more than the search itself
 * on a small body.
 */
const PROTO = new TextEncoder().encode("proto");
const LOW_ESCAPE = new TextEncoder().encode("\\u00");

/**
 * mayHoldProtoName reports whether a body could hold a member named
 * `__proto__` or `prototype`: both contain "proto", and a name can only be
 * spelt otherwise with a `\u00XX` escape of an ASCII letter or underscore
 * (`\u005f`, `\u0070`, …: third hex digit 5, 6 or 7).
 */
function mayHoldProtoName(b: Buffer): boolean {
  if (b.indexOf(PROTO) >= 0) return true;
  for (let i = b.indexOf(LOW_ESCAPE); i >= 0; i = b.indexOf(LOW_ESCAPE, i + 4)) {
    const d = b[i + 4];
    if (d === 0x35 || d === 0x36 || d === 0x37) return true;
  }
  return false;
}

/**
 * depthWithin reports whether the nesting of a valid JSON text stays within
 * max (strings skipped; the codec already checked the grammar).
 */
function depthWithin(b: Uint8Array, max: number): boolean {
  if (b.length <= max) return true;
  let d = 0;
  for (let i = 0; i < b.length; i++) {
    const c = b[i] as number;
    if (c === 0x22) {
      for (i++; b[i] !== 0x22; i++) if (b[i] === 0x5c) i++;
    } else if (c === 0x7b || c === 0x5b) {
      if (++d > max) return false;
    } else if (c === 0x7d || c === 0x5d) d--;
  }
  return true;
}

/**
 * passesAfterCodec reports whether the strict checks are sure to pass on a
 * body codec-v2 accepted; false when the full check must decide.
 * `checkDepth` asks for o.maxDepth (an explicit limit below Go's own).
 */
export function passesAfterCodec(b: Uint8Array, o: ResolvedParseOptions, checkDepth: boolean): boolean {
  if (NodeBuffer === undefined) return false;
  // A byte order mark (the codec refuses one; allowBom is the check's to apply).
  if (b[0] === 0xef) return false;
  if (o.topLevel !== "any") {
    let i = 0;
    while (isWs(b[i])) i++;
    const first = b[i];
    if (first !== 0x7b && (o.topLevel === "object" || first !== 0x5b)) return false;
  }
  if (o.protoAction !== "ignore" || o.constructorAction !== "ignore") {
    const buf = b instanceof NodeBuffer ? b : NodeBuffer.from(b.buffer, b.byteOffset, b.length);
    if (mayHoldProtoName(buf)) return false;
  }
  return !checkDepth || depthWithin(b, o.maxDepth);
}
