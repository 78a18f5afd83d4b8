/**
 * Test support: watches the one-byte (latin1) strings made from Buffers, as the fast paths make
 * one of their whole input, so a test can tell which engine read an input and lower V8's string
 * limit without a 600 MB input.
 */
import { Buffer } from "node:buffer";

type Sliceable = { latin1Slice: (a: number, b: number) => string };
const proto = Buffer.prototype as unknown as { latin1Slice: unknown };
const realSlice = (Buffer.prototype as unknown as Sliceable).latin1Slice;

/**
 * limitStrings makes any latin1 string longer than `max` characters fail, as V8 fails past its
 * limit (Infinity: none fails), and returns a function giving the longest asked since.
 */
export function limitStrings(max: number): () => number {
  let longest = 0;
  proto.latin1Slice = function (this: Buffer, a: number, e: number) {
    longest = Math.max(longest, e - a);
    if (e - a > max) throw new RangeError("Cannot create a string longer than 0x1fffffe8 characters");
    return realSlice.call(this, a, e);
  };
  return () => longest;
}

/** restoreStrings puts Buffer's own latin1Slice back (call it after each test). */
export function restoreStrings(): void {
  proto.latin1Slice = realSlice;
}
