import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FLOAT64_MAX_BYTES, INT53_MAX_BYTES, safeBigint, writeFloat64, writeInt53 } from "./write-number.js";

const buf = new Uint8Array(64);
const latin1 = new TextDecoder("latin1");
const float = (x: number) => latin1.decode(buf.subarray(0, writeFloat64(buf, 0, x)));
const int = (x: number) => latin1.decode(buf.subarray(0, writeInt53(buf, 0, x)));
/** Go's float64 text (strconv 'f'/'e' as encoding/json picks them) is String(x) for finite x, but -0. */
const want = (x: number) => (Object.is(x, -0) ? "-0" : String(x));

describe("writeFloat64 writes Go's float64 text", () => {
  const table = [
    0,
    -0,
    1,
    -1,
    0.1,
    0.2,
    0.3,
    1 / 3,
    2 / 3,
    100.2541,
    968.378,
    1e-5,
    1e-6,
    1e-7,
    9.999999e-6,
    1e15,
    1e15 - 0.5,
    999999999999999.9,
    1e21,
    1e20,
    123456789012345680,
    5e-324,
    1.7976931348623157e308,
    2 ** 52 + 0.5,
    2 ** 53,
    0.1 + 0.2,
    -65.613616999999977,
    45.51244000000001,
    1.5e-5,
    4.35,
    0.000123,
  ];
  it.each(table)("%s", (x) => expect(float(x)).toBe(want(x)));
  it("matches String(x) on random doubles", () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => {
        expect(float(x)).toBe(want(x));
      }),
      // Fresh seeds every run: 5,000 cases a run keep the file under a second.
      { numRuns: 5000 },
    );
  });
  it("matches String(x) on short decimals in the fast range", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: 0, max: 12 }), (m, k) => {
        const x = m / 10 ** k;
        expect(float(x)).toBe(want(x));
      }),
      // Fresh seeds every run: 5,000 cases a run keep the file under a second.
      { numRuns: 5000 },
    );
  });
  it("stays within FLOAT64_MAX_BYTES", () => {
    for (const x of [-1.2345678901234568e-300, -2.2250738585072014e-308, -123456.78901234567]) {
      expect(float(x).length).toBeLessThanOrEqual(FLOAT64_MAX_BYTES);
    }
  });
});

describe("writeInt53 and safeBigint", () => {
  it.each([0, -0, 7, -7, 99999999, 100000000, 2 ** 53 - 1, -(2 ** 53 - 1), 1234567890123])("%s", (n) => {
    expect(int(n)).toBe(String(n === 0 ? 0 : n));
    expect(int(n).length).toBeLessThanOrEqual(INT53_MAX_BYTES);
  });
  it.each([0n, 1n, -1n, 2n ** 53n - 1n, -(2n ** 53n) + 1n, 4294967296n, -4294967297n])("%s", (b) => {
    expect(safeBigint(b)).toBe(Number(b));
  });
  it.each([2n ** 53n, -(2n ** 53n), 2n ** 63n])("%s is out of the safe range", (b) => {
    expect(safeBigint(b)).toBeNaN();
  });
});
