/**
 * Inputs past LARGE_INPUT are read without ever making one string of the whole input (V8's strings
 * stop at 2^29 - 24 characters): with the limit lowered, the Decoder gives the same tokens while
 * every string it makes is one token's.
 */
import { Buffer } from "node:buffer";
import { afterEach, describe, expect, it } from "vitest";
import { Decoder } from "./decoder.js";
import { LARGE_INPUT } from "./decoder-bytes.js";

const text =
  '{"name":"gojson","n":[1,-2.5e3,true,null],"nested":{"k":"v","e":"\\u00e9"}} ["x", 12345678901234567890]';

function tokens(b: Uint8Array): string[] {
  const d = new Decoder(b);
  const out: string[] = [];
  while (d.peekKind() !== "") {
    const t = d.readToken();
    out.push(`${t.kind}${t.raw ?? ""}`);
  }
  return out;
}

const saved = LARGE_INPUT.bytes;
const realSlice = (Buffer.prototype as unknown as { latin1Slice: (a: number, b: number) => string })
  .latin1Slice;
afterEach(() => {
  LARGE_INPUT.bytes = saved;
  (Buffer.prototype as unknown as { latin1Slice: unknown }).latin1Slice = realSlice;
});

describe("large inputs never become one string", () => {
  it("same tokens; no latin1 string longer than the limit", () => {
    const b = new TextEncoder().encode(text);
    const want = tokens(b);
    LARGE_INPUT.bytes = 16;
    let longest = 0;
    (Buffer.prototype as unknown as { latin1Slice: unknown }).latin1Slice = function (
      this: Buffer,
      a: number,
      e: number,
    ) {
      longest = Math.max(longest, e - a);
      // The longest token is 20 bytes; the whole input is 103.
      if (e - a > 20) throw new RangeError("Cannot create a string longer than 0x1fffffe8 characters");
      return realSlice.call(this, a, e);
    };
    expect(tokens(b)).toEqual(want);
    expect(longest).toBeGreaterThan(0);
    expect(longest).toBe(20);
  });
  it("below the limit the whole input is one latin1 string (the fast case)", () => {
    const b = new TextEncoder().encode(text);
    let longest = 0;
    (Buffer.prototype as unknown as { latin1Slice: unknown }).latin1Slice = function (
      this: Buffer,
      a: number,
      e: number,
    ) {
      longest = Math.max(longest, e - a);
      return realSlice.call(this, a, e);
    };
    tokens(b);
    expect(longest).toBe(b.length);
  });
});
