/**
 * The byte cursor of the codecs' fast unmarshal paths (Go's internal/jsonwire
 * has no cursor; this is the part of its role a JavaScript fast path needs):
 * the input's UTF-8 bytes in a padded copy `C.b`, the same bytes as a
 * one-char-per-byte (latin1) string `C.t` to slice plain strings from, the
 * position and the nesting depth. The scanners (scan.ts, scan-string.ts,
 * scan-float.ts) read and move it; they never build an error: on anything
 * they do not decode exactly they throw {@link BAIL}, and the codec reruns its
 * exact engine, which reports Go's error.
 *
 * The one syntax difference between Go's v1 and v2 decoders that reaches this
 * layer is carried by two flags with the names of Go's v2 options:
 * `allowDuplicateNames` (v1: duplicate member names are kept, the last value
 * wins; v2: they bail) and `allowInvalidUTF8` (v1: a lone surrogate escape
 * decodes to U+FFFD; v2: it bails). Invalid UTF-8 bytes never reach the
 * scanners: {@link beginScan} refuses such input for both.
 *
 * Not semver-stable: part of `@gojson/jsontext/internal`.
 */
import { Buffer, isAscii, isUtf8 } from "node:buffer";
import { getHeapStatistics } from "node:v8";
import { wellFormed } from "./well-formed.js";

/** Thrown by the fast paths on anything they do not decode exactly (a private sentinel, no stack). */
export const BAIL: unique symbol = Symbol.for("gojson.jsontext.fastBail");

/**
 * Returned by a codec's fast unmarshal entry when the fast path does not apply or gave up (the
 * caller then runs its exact engine). One sentinel for both codecs: neither sees the other's.
 */
export const NO_FAST: unique symbol = Symbol.for("gojson.jsontext.noFast");

/** Zero bytes after the input in `C.b`: every scan ends on them without a bounds check (no look-ahead goes further). */
export const PAD = 8;

/** The nesting depth past which the fast paths give up (below the exact engines' depth handling). */
export const FAST_MAX_DEPTH = 128;

/** The state of one fast decode. */
export interface Cursor {
  /** The input bytes one char per byte (latin1): strings without escapes or non-ASCII bytes are sliced from it. */
  t: string;
  /** The input bytes, then PAD zero bytes (a typed array reads faster than a string; the zeros end every scan). */
  b: Uint8Array;
  /** The input length in bytes (C.b holds more). */
  n: number;
  /** The position in `b` (and `t`). */
  p: number;
  /** The nesting depth (see enter and leave). */
  depth: number;
  /** Go v2's AllowDuplicateNames (v1: always): a repeated member name is kept (last value wins) instead of bailing. */
  allowDuplicateNames: boolean;
  /** Go v2's AllowInvalidUTF8 (v1: always): a lone surrogate escape decodes to U+FFFD instead of bailing. */
  allowInvalidUTF8: boolean;
  /** Numbers read into `any`: null for float64, else called with the number's text (v1's UseNumber). */
  anyNumber: ((text: string) => unknown) | null;
  /**
   * Short plain strings come from the {@link SHORT} cache (set for inputs of SHORT_MIN_BYTES or
   * more, and for kept ones (see beginScan): a small input's strings die young, a slice costs
   * less than the lookup).
   */
  share: boolean;
  /**
   * A member named `__proto__` or `constructor` bails (in `any` objects and skipped objects): for
   * callers whose exact path applies a policy to those names (strict-http, as secure-json-parse).
   */
  bailOnProtoNames: boolean;
}

const EMPTY = new Uint8Array(PAD);

/** The one cursor (the fast paths call no user code, so it is never re-entered). */
export const C: Cursor = {
  t: "",
  b: EMPTY,
  n: 0,
  p: 0,
  depth: 0,
  allowDuplicateNames: false,
  allowInvalidUTF8: false,
  anyNumber: null,
  share: false,
  bailOnProtoNames: false,
};

/** bail abandons the fast path (throws {@link BAIL}). */
export function bail(): never {
  throw BAIL;
}

/** enter counts one more level of nesting (bails past FAST_MAX_DEPTH). */
export function enter(): void {
  if (++C.depth > FAST_MAX_DEPTH) bail();
}

/** leave ends one level of nesting. */
export function leave(): void {
  C.depth--;
}

/**
 * Short plain strings by a hash of their bytes (scan-string.ts's readString), for big inputs: a
 * big document repeats its short strings (keys, enum-like values, codes) and its decoded value
 * keeps every one alive, so each string made costs its copying by the garbage collector too
 * (V8's JSON.parse internalizes short values for the same reason). An empty slot takes the first
 * string that hashes to it; the slots are emptied when a big input begins.
 */
export const SHORT_BITS = 12;
export const SHORT_MASK = (1 << SHORT_BITS) - 1;
export const SHORT: string[] = new Array<string>(1 << SHORT_BITS).fill("");
/** Inputs of at least this many bytes (and kept ones, see beginScan) read short strings through {@link SHORT}. */
export const SHORT_MIN_BYTES = 1 << 20;

/** The padded copy of the input is made in this buffer (kept for the next calls up to MAX_SCRATCH bytes). */
let scratch = new Uint8Array(1 << 12);
/** A Buffer over the same memory as the buffer being filled (for Node's native writers). */
let view = Buffer.from(scratch.buffer, 0, scratch.length);
/** Whether `view` is over `scratch` (a flag: reading a typed array's `buffer` costs a runtime call). */
let viewOnScratch = true;
const MAX_SCRATCH = 1 << 22;

/** Points `view` back at the kept scratch (a huge input's copy is let go). */
function viewScratch(): void {
  view = Buffer.from(scratch.buffer, 0, scratch.length);
  viewOnScratch = true;
}

/**
 * room returns a plain Uint8Array of at least n bytes for the padded copy (the kept scratch when
 * it fits) and points `view` at it. C.b is always a plain Uint8Array (a Buffer has another hidden
 * class: the scanners' loads would see two).
 */
function room(n: number): Uint8Array {
  if (n <= scratch.length) {
    if (!viewOnScratch) viewScratch();
    return scratch;
  }
  const b = new Uint8Array(Math.max(n, Math.min(2 * scratch.length, MAX_SCRATCH)));
  view = Buffer.from(b.buffer, 0, b.length);
  // Fresh memory costs page faults: keep it for the next calls unless it is huge.
  viewOnScratch = b.length <= MAX_SCRATCH;
  if (viewOnScratch) scratch = b;
  return b;
}

/** V8's longest string (2^29 − 24 characters): the most input bytes `C.t` can hold. */
const MAX_TEXT = 0x1fffffe8;

/**
 * When the one-char-per-byte text `C.t` is made on V8's heap instead of as the external string
 * Buffer#toString("latin1") makes past about 1 MB (Node's EXTERN_APEX). A decoded value's plain
 * strings are slices of the text, so a kept value keeps it. An external text counts as external
 * memory, and every 64 MB that grows by since V8's last full collection starts another one (V8's
 * "external memory pressure"), each marking the whole heap: when texts are kept, as those of the
 * blocks of a large array decoded one after another are, a big document costs a full collection
 * per 64 MB of input, and its cost per byte grows with its size. A heap text grows the heap
 * instead, whose collections V8 spaces out as it grows. When little else is external the
 * external text is cheaper: made in one copy (a heap text longer than EXTERN_APEX is joined from
 * pieces: two copies), its malloc'ed memory reused from decode to decode (a heap text that long
 * takes fresh large-object pages each time). So is one big input's: its text grows the external
 * memory once, as its padded copy does, where a heap text would double its peak. Tests change
 * the bounds.
 */
export const HEAP_TEXT: { external: number; bytes: number } = {
  /** A text that would be external is made on the heap while V8 counts this much other external memory, */
  external: 64 * 1024 * 1024,
  /** for inputs of fewer bytes than this. */
  bytes: 32 * 1024 * 1024,
};

/** Node's EXTERN_APEX (0xFBEE9): Buffer#toString makes an external string of at least this many chars. */
const EXTERN_APEX = 0xfbee9;

/**
 * A heap text is joined from latin1 pieces of this many bytes: below EXTERN_APEX (each is a heap
 * string) and below V8's largest regular object (128 KiB), so the pieces are allocated and die in
 * the young generation instead of taking large-object pages.
 */
export const TEXT_PIECE = 1 << 16;

/**
 * heapText reports whether the text of an n-byte input is made on the heap (see {@link HEAP_TEXT}):
 * always when the caller keeps the value (`kept`), else when V8's external memory less the
 * input's own bytes (`own`), counted before the padded copy is made, is past the bound.
 */
function heapText(n: number, own: number, kept: boolean): boolean {
  if (n < EXTERN_APEX || n >= HEAP_TEXT.bytes) return false;
  // V8's external memory: external strings and array buffers (0 where the runtime does not say).
  return kept || (getHeapStatistics().external_memory ?? 0) - own >= HEAP_TEXT.external;
}

/**
 * heapLatin1 returns the first n bytes of `v` one char per byte as a heap string. An ASCII
 * input's UTF-8 text is the same chars, made in one piece (Node's UTF-8 decoder makes no external
 * strings); any other is joined from pieces short enough to be heap strings.
 */
function heapLatin1(v: Buffer, n: number, ascii: boolean): string {
  if (ascii) return v.toString("utf8", 0, n);
  const pieces: string[] = [];
  for (let a = 0; a < n; a += TEXT_PIECE) pieces.push(v.toString("latin1", a, Math.min(n, a + TEXT_PIECE)));
  return pieces.join("");
}

/**
 * beginScan points the cursor at data (at position 0, depth 0), or returns false when the
 * fast path cannot read it: a string with a lone surrogate, or bytes that are not valid
 * UTF-8 (the exact engines report or replace those). The flags are left as they were: the
 * caller sets them. End with {@link endScan}. `kept`: the caller keeps the value with others
 * decoded before it (a block of a large document): its short strings are shared and its text is
 * made on the heap whatever the input's size (see {@link SHORT} and {@link HEAP_TEXT}).
 */
export function beginScan(data: Uint8Array | string, kept = false): boolean {
  let n: number;
  let b: Uint8Array;
  let text: string | undefined;
  let ascii: boolean;
  let heap = false;
  if (typeof data === "string") {
    if (!wellFormed(data)) return false;
    n = Buffer.byteLength(data, "utf8");
    // All ASCII: the string is its own one-char-per-byte text.
    ascii = n === data.length;
    if (ascii) text = data;
    else heap = heapText(n, 0, kept);
    b = room(n + PAD);
    view.write(data, 0, n, "utf8");
  } else {
    // The latin1 text of a larger input would pass V8's longest string: the exact engines read it.
    if (data.length > MAX_TEXT) return false;
    ascii = isAscii(data);
    if (!ascii && !isUtf8(data)) return false;
    n = data.length;
    heap = heapText(n, data.byteLength, kept);
    b = room(n + PAD);
    b.set(data);
  }
  b.fill(0, n, n + PAD);
  C.share = kept || n >= SHORT_MIN_BYTES;
  if (C.share) SHORT.fill("");
  C.t = text ?? (heap ? heapLatin1(view, n, ascii) : view.toString("latin1", 0, n));
  C.b = b;
  C.n = n;
  C.p = 0;
  C.depth = 0;
  return true;
}

/** The input bytes last viewed by {@link inputView}, and that view (dropped by endScan). */
let viewed: Uint8Array | null = null;
let viewedAs: DataView | null = null;

/**
 * inputView returns a DataView of `b` (the cursor's bytes, `C.b`): scanners read several bytes in
 * one load through it (the four hex digits of a `\u` escape). Made once per input, when first needed.
 */
export function inputView(b: Uint8Array): DataView {
  if (b === viewed && viewedAs !== null) return viewedAs;
  viewedAs = new DataView(b.buffer, b.byteOffset, b.length);
  viewed = b;
  return viewedAs;
}

/** endScan drops the cursor's hold on the input (call it in a finally after {@link beginScan}). */
export function endScan(): void {
  C.t = "";
  C.b = EMPTY;
  C.n = 0;
  viewed = null;
  viewedAs = null;
  // Let a huge input's copy go.
  if (!viewOnScratch) viewScratch();
}

/**
 * fastPathSwitch is a codec's switch of one fast path: on unless the environment sets
 * `env` to "0" (a diagnostic kill switch: results are the same either way, only slower);
 * tests flip `enabled` to compare the fast path with the exact engine.
 */
export function fastPathSwitch(env: string): { enabled: boolean } {
  const vars = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  return { enabled: vars?.[env] !== "0" };
}
