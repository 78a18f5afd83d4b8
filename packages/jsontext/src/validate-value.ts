/**
 * The optimistic validator behind skipValue and readValue: one tight loop over the
 * bytes of a whole value that accepts exactly what Go's decoder accepts (grammar,
 * UTF-8 policy, duplicate names, nesting limit) but only answers "valid, ends here" or
 * "not valid". On "not valid" the Decoder reads the value again on its exact path, so
 * errors keep Go's texts and offsets while valid input never pays for them.
 */
import { skipWsRun, WS } from "./decoder-bytes.js";
import { DuplicateNames } from "./duplicate-names.js";
import { scanNumber } from "./scan-number.js";
import { scannedStringFlags, scanString } from "./scan-string.js";
import { Utf8Watermark } from "./utf8-validate.js";

/** ValueScanContext is what the validator needs to know about one Decoder's input and options. */
export interface ValueScanContext {
  readonly buf: Uint8Array;
  /** A DataView over buf, for reading four bytes at a time. */
  readonly view: DataView;
  readonly allowInvalid: boolean;
  readonly allowDup: boolean;
  readonly maxDepth: number;
  readonly names: DuplicateNames;
  readonly utf8: Utf8Watermark;
}

const C_QUOTE = 0x22;
const C_COMMA = 0x2c;
const C_COLON = 0x3a;
const C_LBRACE = 0x7b;
const C_LBRACK = 0x5b;
/** A closing delimiter is its opening one plus 2 (`{` → `}`, `[` → `]`). */
const CLOSE_DELTA = 2;

/** The string flags (F_NONASCII, ...) of every string the last successful validateValue read. */
export let validatedFlags = 0;

/** Open containers of the value being validated ('{' or '['), shared by every call (never re-entered). */
let openers = new Uint8Array(64);

/**
 * validateValue validates the whole value starting at p (its first byte; whitespace and
 * delimiter before it already read) at nesting depth `depth`, and returns the index
 * after it, or -1 when it is not valid.
 */
export function validateValue(cx: ValueScanContext, p: number, depth: number): number {
  const s = cx.buf;
  const n = s.length;
  const allowInvalid = cx.allowInvalid;
  const utf8 = cx.utf8;
  const view = cx.view;
  const names = cx.allowDup ? null : cx.names;
  const room = cx.maxDepth - depth;
  let stack = openers;
  let sp = 0;
  let flags = 0;
  let c = s[p]!;
  for (;;) {
    // a value starts at p, c = s[p]
    if (c === C_QUOTE) {
      p = scanString(s, view, p, allowInvalid, utf8);
      if (p < 0) return -1;
      flags |= scannedStringFlags;
    } else if ((c >= 0x30 && c <= 0x39) || c === 0x2d) {
      p = scanNumber(s, view, p);
      if (p < 0) return -1;
    } else if (c === C_LBRACE || c === C_LBRACK) {
      if (sp === room) return -1;
      if (sp === stack.length) {
        const grown = new Uint8Array(sp * 2);
        grown.set(stack);
        stack = grown;
        openers = grown;
      }
      stack[sp++] = c;
      if (names !== null && c === C_LBRACE) names.reset(depth + sp);
      p++;
      if (p >= n) return -1;
      c = s[p]!;
      if (WS[c] === 1) {
        p = skipWsRun(s, view, p + 1);
        if (p >= n) return -1;
        c = s[p]!;
      }
      if (c === stack[sp - 1]! + CLOSE_DELTA) {
        sp--;
        p++;
      } else if (stack[sp - 1] === C_LBRACE) {
        p = scanName(s, view, p, allowInvalid, utf8, names, depth + sp);
        if (p < 0) return -1;
        flags |= scannedStringFlags;
        c = s[p]!;
        continue;
      } else continue;
    } else if (c === 0x74) {
      if (p + 4 > n || s[p + 1] !== 0x72 || s[p + 2] !== 0x75 || s[p + 3] !== 0x65) return -1;
      p += 4;
    } else if (c === 0x66) {
      if (p + 5 > n || s[p + 1] !== 0x61 || s[p + 2] !== 0x6c || s[p + 3] !== 0x73 || s[p + 4] !== 0x65)
        return -1;
      p += 5;
    } else if (c === 0x6e) {
      if (p + 4 > n || s[p + 1] !== 0x75 || s[p + 2] !== 0x6c || s[p + 3] !== 0x6c) return -1;
      p += 4;
    } else {
      return -1;
    }
    // after a value: a delimiter, or the end of containers
    for (;;) {
      if (sp === 0) {
        validatedFlags = flags;
        return p;
      }
      if (p >= n) return -1;
      c = s[p]!;
      if (WS[c] === 1) {
        p = skipWsRun(s, view, p + 1);
        if (p >= n) return -1;
        c = s[p]!;
      }
      const open = stack[sp - 1]!;
      if (c === C_COMMA) {
        p++;
        if (p >= n) return -1;
        c = s[p]!;
        if (WS[c] === 1) {
          p = skipWsRun(s, view, p + 1);
          if (p >= n) return -1;
          c = s[p]!;
        }
        if (open === C_LBRACE) {
          p = scanName(s, view, p, allowInvalid, utf8, names, depth + sp);
          if (p < 0) return -1;
          flags |= scannedStringFlags;
          c = s[p]!;
        }
        break;
      }
      if (c !== open + CLOSE_DELTA) return -1;
      sp--;
      p++;
    }
  }
}

/**
 * scanName reads an object member name at p, records it (duplicates fail), the ':' and
 * the whitespace after it; returns the index of the member's value, or -1.
 */
function scanName(
  s: Uint8Array,
  view: DataView,
  p: number,
  allowInvalid: boolean,
  utf8: Utf8Watermark,
  names: DuplicateNames | null,
  depth: number,
): number {
  const n = s.length;
  if (s[p] !== C_QUOTE) return -1;
  const end = scanString(s, view, p, allowInvalid, utf8);
  if (end < 0) return -1;
  if (names !== null && !names.add(depth, p, end, scannedStringFlags)) return -1;
  let i = end;
  if (i < n && WS[s[i]!] === 1) i = skipWsRun(s, view, i + 1);
  if (i >= n || s[i] !== C_COLON) return -1;
  i++;
  if (i < n && WS[s[i]!] === 1) i = skipWsRun(s, view, i + 1);
  return i < n ? i : -1;
}

/** Spare name tables for validateDocument (taken while in use, so nested calls get their own). */
let spareNames: DuplicateNames | null = null;

/**
 * validateDocument reports whether buf holds exactly one valid JSON value with only
 * whitespace around it (Go's jsontext rules under the given policies): it returns the
 * flags of its strings (F_NONASCII, ...), or -1 when it is not valid (the caller then
 * asks a Decoder for Go's error). A recording watermark (Utf8Watermark.recording) collects
 * the runs of non-ASCII bytes.
 */
export function validateDocument(
  buf: Uint8Array,
  allowInvalid: boolean,
  allowDup: boolean,
  maxDepth: number,
  utf8: Utf8Watermark = new Utf8Watermark(),
): number {
  if (!Number.isInteger(maxDepth) || maxDepth < 1) return -1; // the Decoder reports the bad option
  const n = buf.length;
  let p = 0;
  while (p < n && WS[buf[p]!] === 1) p++;
  if (p >= n) return -1;
  let names = spareNames;
  spareNames = null;
  if (names === null) names = new DuplicateNames(buf);
  else names.rebind(buf);
  try {
    const cx: ValueScanContext = {
      buf,
      view: new DataView(buf.buffer, buf.byteOffset, buf.byteLength),
      allowInvalid,
      allowDup,
      maxDepth,
      names,
      utf8,
    };
    p = validateValue(cx, p, 0);
    if (p < 0) return -1;
    while (p < n && WS[buf[p]!] === 1) p++;
    return p === n ? validatedFlags : -1;
  } finally {
    spareNames = names;
  }
}
