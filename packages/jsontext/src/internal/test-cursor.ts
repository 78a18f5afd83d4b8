/**
 * Test helper: runs a kernel reader over a whole input with the given flags and
 * returns its result and where it stopped, or BAIL.
 */

import { resetAny } from "./any.js";
import { BAIL, beginScan, C, endScan } from "./cursor.js";

/** The v1/v2 flags of one run (the defaults are v2's). */
export interface Flags {
  allowDuplicateNames?: boolean;
  allowInvalidUTF8?: boolean;
  anyNumber?: ((text: string) => unknown) | null;
  bailOnProtoNames?: boolean;
}

/** V1 is what codec-v1 sets: both leniencies. */
export const V1: Flags = { allowDuplicateNames: true, allowInvalidUTF8: true };

/** run reads data with read (called at position 0); returns BAIL, or the value and the end position. */
export function run<T>(
  data: Uint8Array | string,
  read: () => T,
  flags: Flags = {},
): typeof BAIL | { value: T; end: number; n: number } {
  C.allowDuplicateNames = flags.allowDuplicateNames ?? false;
  C.allowInvalidUTF8 = flags.allowInvalidUTF8 ?? false;
  C.anyNumber = flags.anyNumber ?? null;
  C.bailOnProtoNames = flags.bailOnProtoNames ?? false;
  if (!beginScan(data)) throw new Error("beginScan refused the input");
  try {
    const value = read();
    return { value, end: C.p, n: C.n };
  } catch (e) {
    if (e === BAIL) return BAIL;
    throw e;
  } finally {
    endScan();
    resetAny();
    C.allowDuplicateNames = false;
    C.allowInvalidUTF8 = false;
    C.anyNumber = null;
    C.bailOnProtoNames = false;
  }
}
