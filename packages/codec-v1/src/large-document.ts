/**
 * Documents past V8's longest string (MAX_INPUT_BYTES): both engines of unmarshal hold their
 * input as one string, so a larger JSON array is read element by element on the bytes (the
 * usual shape of a big document: records into a Go slice). As Go's Unmarshal, the whole input is
 * checked first (Go's scanner, on bytes: its syntax error and offset are Go's); then each element
 * is decoded on its own, by the fast path or the exact engine, and a type error is Go's: the
 * first one is reported once every element is decoded, its offset counted from the document's
 * start, the slice filled with what the other elements hold.
 */
import type { GoType } from "./deps.js";
import { type JsonV1Error, UnmarshalTypeError } from "./errors.js";
import type { UnmarshalOptions } from "./options.js";
import { checkValid } from "./syntax.js";
import { MAX_INPUT_BYTES, prepareInput, runDecode, tooLargeError } from "./unmarshal.js";
import { NO_FAST, unmarshalFast } from "./unmarshal-fast.js";
import { isSpace, valueEnd } from "./value-end.js";
import { zeroValue } from "./zero.js";

function skipSpace(b: Uint8Array, p: number): number {
  while (p < b.length && isSpace(b[p] as number)) p++;
  return p;
}

/** elementEnd is the end of the valid JSON value that starts at p (the input was checked). */
function elementEnd(b: Uint8Array, p: number): number {
  const end = valueEnd(b, p);
  return end < 0 ? b.length : end;
}

/** canDecodeLarge reports whether a document of `bytes` into `type` is read element by element. */
export function canDecodeLarge(type: GoType, bytes: number): boolean {
  return bytes > MAX_INPUT_BYTES && type.kind === "slice" && !isByteSlice(type);
}

function isByteSlice(t: GoType): boolean {
  return t.kind === "slice" && t.elem.kind === "uint8" && t.elem.methods === undefined;
}

/**
 * unmarshalLarge decodes a document past MAX_INPUT_BYTES into a fresh value of slice type `type`
 * (see the module doc); `validated` when Go's scanner has already read it (a Decoder's
 * readValue). Anything else past the limit is the typed too-large error.
 */
export function unmarshalLarge(
  type: GoType,
  data: Uint8Array,
  options: UnmarshalOptions,
  validated: boolean,
): unknown {
  if (type.kind !== "slice" || isByteSlice(type) || options.into !== undefined)
    throw tooLargeError(data.length);
  if (!validated) {
    // Most big documents are valid arrays the fast path decodes whole: it checks each element, the
    // loop the punctuation between them, so Go's scanner (one byte at a time) reads the input only
    // when something is off, for Go's error.
    const fast = fastArray(type.elem, data, options);
    if (fast !== undefined) return fast;
    const err = checkValid(data);
    if (err !== null) {
      err.value = zeroValue(type);
      throw err;
    }
  }
  let p = skipSpace(data, 0);
  if (data[p] !== 0x5b) {
    // null, or a value of another kind: small enough to be a string once its spaces are gone.
    const end = elementEnd(data, p);
    return runDecode(type, prepareInput(data.subarray(p, end)), options, true);
  }
  const elem = type.elem;
  const out: unknown[] = [];
  let first: JsonV1Error | undefined;
  p = skipSpace(data, p + 1);
  if (data[p] === 0x5d) return out;
  for (;;) {
    const end = elementEnd(data, p);
    const sub = data.subarray(p, end);
    let v = unmarshalFast(elem, sub, options);
    if (v === NO_FAST) {
      try {
        v = runDecode(elem, prepareInput(sub), options, true);
      } catch (e) {
        // A type error (Go goes on decoding and reports the first): keep what the element holds.
        if (!(e instanceof UnmarshalTypeError)) throw e;
        if (first === undefined) first = shiftOffset(e, p);
        v = (e as { value?: unknown }).value;
      }
    }
    out.push(v);
    p = skipSpace(data, end);
    if (data[p] === 0x2c) p = skipSpace(data, p + 1);
    else break; // "]": the input was checked
  }
  if (first !== undefined) {
    first.value = out;
    throw first;
  }
  return out;
}

/**
 * fastArray decodes a document that is one JSON array whose every element the fast path decodes
 * (which validates it), with only whitespace around; undefined for anything else (another kind of
 * document, an element it declines, a syntax error between elements), which Go's scanner then reads.
 */
function fastArray(elem: GoType, data: Uint8Array, options: UnmarshalOptions): unknown[] | undefined {
  let p = skipSpace(data, 0);
  if (data[p] !== 0x5b) return undefined;
  const out: unknown[] = [];
  p = skipSpace(data, p + 1);
  if (data[p] !== 0x5d)
    for (;;) {
      const end = valueEnd(data, p);
      if (end < 0) return undefined;
      const v = unmarshalFast(elem, data.subarray(p, end), options);
      if (v === NO_FAST) return undefined;
      out.push(v);
      p = skipSpace(data, end);
      if (data[p] !== 0x2c) break;
      p = skipSpace(data, p + 1);
    }
  if (data[p] !== 0x5d || skipSpace(data, p + 1) !== data.length) return undefined;
  return out;
}

/** shiftOffset moves an element's error offset to the document's. */
function shiftOffset(e: JsonV1Error, by: number): JsonV1Error {
  const off = (e as { offset?: unknown }).offset;
  if (typeof off === "number") Object.defineProperty(e, "offset", { value: off + by });
  return e;
}
