import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LIST_IN, LIST_MAX, LIST_OUT, numberWasmOrNull, powerTable } from "./number-wasm.js";

const latin1 = new TextDecoder("latin1");
/** Go's float64 text (encoding/json: strconv 'f' or 'e', exponent cleaned) is String(x) for finite x, but -0. */
const want = (x: number) => (Object.is(x, -0) ? "-0" : String(x));
const w = numberWasmOrNull();
if (w === null) throw new Error("this runtime runs WebAssembly: the writer must be made");
/** The text of x alone (a list of one). */
const one = (x: number) => {
  w.doubles[0] = x;
  return latin1.decode(w.bytes.subarray(LIST_OUT, LIST_OUT + w.list(1)));
};
const bits = new DataView(new ArrayBuffer(8));
const fromBits = (b: bigint) => {
  bits.setBigUint64(0, b);
  return bits.getFloat64(0);
};
const toBits = (x: number) => {
  bits.setFloat64(0, x);
  return bits.getBigUint64(0);
};

describe("powerTable", () => {
  it("holds 10^p for p in [-292, 324] as 128-bit mantissas, top bit set, rounded up, stored as hi·2^64 - lo", () => {
    const t = powerTable();
    expect(t.length).toBe((324 + 292 + 1) * 2);
    for (let p = -292; p <= 324; p++) {
      const hi = t[(p + 292) * 2] as bigint;
      const lo = t[(p + 292) * 2 + 1] as bigint;
      const pm = (hi << 64n) - lo;
      expect(pm >> 127n).toBe(1n);
      // pm - 1 < 10^p · 2^k <= pm, with k (the scale) from the bit lengths, not from the table's formula.
      const num = p >= 0 ? 10n ** BigInt(p) : 1n;
      const den = p >= 0 ? 1n : 10n ** BigInt(-p);
      const k = 128 - (num.toString(2).length - den.toString(2).length);
      const [n, d] = k >= 0 ? [num << BigInt(k), den] : [num, den << BigInt(-k)];
      // 10^p · 2^k in [2^127, 2^128): the scale is k or k - 1
      const [n2, d2] = n / d >= 1n << 128n ? [n, d << 1n] : n / d < 1n << 127n ? [n << 1n, d] : [n, d];
      expect(pm * d2 >= n2).toBe(true);
      expect((pm - 1n) * d2 < n2).toBe(true);
    }
  });
});

describe("the WebAssembly float64 writer", () => {
  it("writes String(x) (and -0) around the edges of the digit search and the layouts", () => {
    const xs: number[] = [0, -0, 1, -1, 0.5, 1e21, 1e-7, 5e-324, 1.7976931348623157e308, 2 ** -1022];
    /** x and its neighbours, `n` doubles either side. */
    const near = (x: number, n: number) => {
      const b = toBits(x);
      for (let d = -n; d <= n; d++) if (b + BigInt(d) >= 0n) xs.push(fromBits(b + BigInt(d)));
    };
    for (let e = -1074; e <= 1023; e++) near(2 ** e, 2);
    for (let e = -323; e <= 308; e++) near(Number(`1e${e}`), 2);
    for (const x of [1e21, 1e-6, 2 ** 53, 1e15, 1e16, 1e17]) near(x, 40);
    for (let k = 1; k < 300; k++) xs.push(fromBits(BigInt(k)), fromBits(0x000fffffffffffffn - BigInt(k)));
    // Ties between two shortest candidates (a double halfway between them): m/4 and m/8 for odd m near 2^52.
    for (let k = 1; k < 200; k += 2) xs.push((2 ** 52 + k) / 4, (2 ** 52 + 2 * k) / 8, (2 ** 51 + k) / 4);
    for (const x of xs) {
      expect(one(x)).toBe(want(x));
      expect(one(-x)).toBe(want(-x));
    }
  });
  it("writes String(x) for random bit patterns", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: (1n << 64n) - 1n }), (b) => {
        const x = fromBits(b);
        if (Number.isFinite(x)) expect(one(x)).toBe(want(x));
      }),
      { numRuns: 20000 },
    );
  });
  it("writes String(x) for decimals of 1 to 17 digits", () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 17 })
          .chain((n) => fc.bigInt({ min: 10n ** BigInt(n - 1), max: 10n ** BigInt(n) - 1n })),
        fc.integer({ min: -330, max: 310 }),
        (digits, e) => {
          const x = Number(`${digits}e${e}`);
          if (Number.isFinite(x)) expect(one(x)).toBe(want(x));
        },
      ),
      { numRuns: 20000 },
    );
  });
  it("writes a list as its elements' texts, comma-separated", () => {
    expect(LIST_OUT).toBeGreaterThanOrEqual(LIST_IN + 8 * LIST_MAX);
    expect(w.bytes.length).toBeGreaterThanOrEqual(LIST_OUT + 26 * LIST_MAX + 48);
    const v = Array.from({ length: LIST_MAX }, (_, i) =>
      fromBits((BigInt(i) * 0x9e3779b97f4a7c15n) & 0x7fefffffffffffffn),
    );
    for (const n of [0, 1, 2, 100, LIST_MAX]) {
      w.doubles.set(v.slice(0, n));
      const text = latin1.decode(w.bytes.subarray(LIST_OUT, LIST_OUT + w.list(n)));
      expect(text).toBe(v.slice(0, n).map(want).join(","));
    }
  });
});
