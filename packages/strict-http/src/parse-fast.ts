/**
 * The fast path of parseStrict: jsontext's syntax kernel builds the value in
 * one pass over the body's bytes (no TextDecoder, no token objects) with Go
 * v2's strict grammar: duplicate names, invalid UTF-8, lone surrogate escapes
 * and overflowing numbers make it give up. So do strict-http's own policies
 * (a `__proto__` or `constructor` member, an integer beyond ±(2^53 − 1)) and
 * anything after the value. Giving up costs nothing but the time spent: the
 * exact token path (parse-strict.ts) then reads the body again and reports
 * the error, or applies the policy, with Go's offset and pointer. Only a body
 * the exact path would accept as it is comes back from here.
 */
import {
  anySafeNumber,
  anyValue,
  BAIL,
  beginScan,
  C,
  endScan,
  FAST_MAX_DEPTH,
  resetAny,
  skipValue,
  ws,
} from "@gojson/jsontext/internal";

/** What parseFast returns when the exact path must decide. */
export const NO_FAST: unique symbol = Symbol("strict-http.noFast");

/**
 * Bodies above this size take the exact path directly: the kernel copies the
 * input into a padded scratch it keeps only up to 4 MiB, and a large body is
 * rarely all small values (the exact path unescapes long strings natively).
 */
export const FAST_MAX_BYTES = 4 * 1024 * 1024;

/**
 * parseFast returns the value of the body (after any BOM, which the caller
 * checked), or {@link NO_FAST} when the exact path must read it. `maxDepth`
 * is the caller's nesting limit; `keepProtoNames` is true when both the
 * `__proto__` and the `constructor` policies are "ignore".
 */
export function parseFast(b: Uint8Array, maxDepth: number, keepProtoNames: boolean): unknown {
  // A depth limit below the kernel's own is the exact path's to enforce.
  if (b.length > FAST_MAX_BYTES || maxDepth < FAST_MAX_DEPTH) return NO_FAST;
  if (!beginScan(b)) return NO_FAST;
  // The cursor is shared with the codecs in this process: set every flag, put them back after.
  const dup = C.allowDuplicateNames;
  const utf8 = C.allowInvalidUTF8;
  const num = C.anyNumber;
  const proto = C.bailOnProtoNames;
  C.allowDuplicateNames = false;
  C.allowInvalidUTF8 = false;
  // Kept as float64 unless an integer literal is past ±(2^53 − 1) (the exact path's bigint or 400);
  // the kernel recognises this function and reads the number from the bytes, with no text made.
  C.anyNumber = anySafeNumber;
  C.bailOnProtoNames = !keepProtoNames;
  try {
    const v = anyValue(ws());
    ws();
    return C.p === C.n ? v : NO_FAST;
  } catch (e) {
    if (e === BAIL) return NO_FAST;
    throw e;
  } finally {
    C.allowDuplicateNames = dup;
    C.allowInvalidUTF8 = utf8;
    C.anyNumber = num;
    C.bailOnProtoNames = proto;
    resetAny();
    endScan();
  }
}

/**
 * checkFast is parseFast without the value (checkStrict before a codec): true
 * when the body passes every check, false when the exact path must decide.
 * Numbers are not looked at: the caller takes this path only when neither
 * unsafe integers nor overflow are refused (bigint and allowOverflow on).
 */
export function checkFast(
  b: Uint8Array,
  maxDepth: number,
  keepProtoNames: boolean,
  textCheckedByCodec = false,
): boolean {
  if (b.length > FAST_MAX_BYTES || maxDepth < FAST_MAX_DEPTH) return false;
  if (!beginScan(b)) return false;
  const dup = C.allowDuplicateNames;
  const utf8 = C.allowInvalidUTF8;
  const proto = C.bailOnProtoNames;
  C.allowDuplicateNames = textCheckedByCodec;
  C.allowInvalidUTF8 = textCheckedByCodec;
  C.bailOnProtoNames = !keepProtoNames;
  try {
    skipValue(ws());
    ws();
    return C.p === C.n;
  } catch (e) {
    if (e === BAIL) return false;
    throw e;
  } finally {
    C.allowDuplicateNames = dup;
    C.allowInvalidUTF8 = utf8;
    C.bailOnProtoNames = proto;
    endScan();
  }
}
