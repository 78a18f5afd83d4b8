/**
 * One fast decode of a whole input at the cursor (beginScan's input, or a value of a window
 * pointed at by scanAt): the codecs' fast unmarshal entries end here, so giving up is decided in
 * one place for both.
 *
 * Not semver-stable: part of `@gojson/jsontext/internal`.
 */
import { resetAny } from "./any.js";
import { BAIL, endScan, NO_FAST } from "./cursor.js";
import { atEnd } from "./cursor-window.js";
import { ws } from "./scan.js";

/**
 * runScan reads the input the cursor points at with dec (called with the first byte after the
 * leading whitespace, and `cur`, the destination's fresh zero value where the codec has one) and
 * returns its value, or NO_FAST when dec bails or more than whitespace follows the value. It ends
 * the scan (endScan) either way. `strict` rethrows errors other than a bail (tests).
 */
export function runScan(dec: (c: number, cur?: unknown) => unknown, cur: unknown, strict: boolean): unknown {
  try {
    const v = dec(ws(), cur);
    return atEnd() ? v : NO_FAST;
  } catch (e) {
    if (e === BAIL || !strict) return NO_FAST;
    throw e;
  } finally {
    endScan();
    resetAny();
  }
}
