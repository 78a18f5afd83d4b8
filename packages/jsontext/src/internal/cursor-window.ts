/**
 * A window of a stream, scanned value by value in place. A stream reader holds many values in
 * one buffer; scanning each as an input of its own (beginScan) views it (a subarray), copies it
 * and makes its latin1 text, per value. Here the window is checked as UTF-8, copied and made
 * text once ({@link beginWindow}); each value is then scanned where it lies ({@link scanAt}),
 * with nothing allocated per value but the value.
 *
 * Scanning in place is exact because a JSON value delimits itself: a well-formed value in
 * [start, end) is read to `end` and no further (the bytes after it cannot extend it: the reader
 * framed it there); a value that is not would read past `end` or bail, and {@link atEnd} then
 * refuses it. The zero padding after the window ends every scan, as after a whole input.
 *
 * Not semver-stable: part of `@gojson/jsontext/internal`.
 */
import { Buffer, isAscii, isUtf8 } from "node:buffer";
import { C, PAD, SHORT_MIN_BYTES } from "./cursor.js";

/** V8's longest string: the most window bytes one latin1 text can hold. */
const MAX_TEXT = 0x1fffffe8;

/** The window's padded copy (its own buffer: a beginScan between two values keeps its scratch). */
let wb = new Uint8Array(PAD);
/** The window's bytes one char per byte. */
let wt = "";
/** The window's length in bytes, or -1 when no window is held (none, or not for the fast path). */
let wn = -1;

/**
 * beginWindow holds data[0:end] for {@link scanAt} (call it again whenever those bytes change).
 * Returns false when the fast path cannot read the window (bytes that are not UTF-8, or a window
 * past V8's longest string): scanAt then refuses every range until the next beginWindow.
 */
export function beginWindow(data: Uint8Array, end: number): boolean {
  wt = "";
  wn = -1;
  if (end > MAX_TEXT || end > data.length) return false;
  const src = end === data.length ? data : data.subarray(0, end);
  if (!isAscii(src) && !isUtf8(src)) return false;
  if (wb.length < end + PAD) wb = new Uint8Array(end + PAD + (end >> 2));
  wb.set(src);
  wb.fill(0, end, end + PAD);
  wt = Buffer.from(wb.buffer, 0, end).toString("latin1");
  wn = end;
  return true;
}

/**
 * scanAt points the cursor at the value in [start, end) of the held window (position start,
 * depth 0), or returns false (no window held, or the range is not in it). The flags are left as
 * they were: the caller sets them. End with endScan (the window stays held) and test the value's
 * end with {@link atEnd}.
 */
export function scanAt(start: number, end: number): boolean {
  if (!(start >= 0 && start <= end && end <= wn)) return false;
  C.t = wt;
  C.b = wb;
  C.n = end;
  C.p = start;
  C.depth = 0;
  C.share = wn >= SHORT_MIN_BYTES;
  return true;
}

/** endWindow lets the window's copy and text go. */
export function endWindow(): void {
  wb = new Uint8Array(PAD);
  wt = "";
  wn = -1;
}

/**
 * atEnd reports whether only whitespace lies between C.p and the end of the input (C.n): the
 * test after a top-level value. It never reads past C.n (a window holds more after it).
 */
export function atEnd(): boolean {
  const b = C.b;
  const n = C.n;
  let p = C.p;
  if (p > n) return false;
  while (p < n) {
    const c = b[p] as number;
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) return false;
    p++;
  }
  return true;
}
