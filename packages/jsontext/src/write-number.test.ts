import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { numberWasmOrNull } from "./internal/number-wasm.js";
import {
  FLOAT64_MAX_BYTES,
  INT53_MAX_BYTES,
  INT64_MAX_BYTES,
  NUM_IN,
  safeBigint,
  wasmReady,
  writeFloat64,
  writeFloat64InJs,
  writeFloat64List,
  writeFloat64ListJs,
  writeFloat64ShortIn,
  writeInt53,
  writeInt64List,
  writeInt64ListJs,
} from "./write-number.js";

const buf = new Uint8Array(64);
const latin1 = new TextDecoder("latin1");
const float = (x: number) => latin1.decode(buf.subarray(0, writeFloat64(buf, 0, x)));
/** The JavaScript writer's text (where WebAssembly is unavailable). */
const floatJs = (x: number) => {
  NUM_IN[0] = x;
  return latin1.decode(buf.subarray(0, writeFloat64InJs(buf, 0)));
};
const int = (x: number) => latin1.decode(buf.subarray(0, writeInt53(buf, 0, x)));
/** Go's float64 text (strconv 'f'/'e' as encoding/json picks them) is String(x) for finite x, but -0. */
const want = (x: number) => (Object.is(x, -0) ? "-0" : String(x));

it("writes through WebAssembly where it runs (this runtime)", () => {
  expect(numberWasmOrNull()).not.toBeNull();
  expect(wasmReady()).toBe(true);
});

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
  it.each(table)("%s", (x) => {
    expect(float(x)).toBe(want(x));
    expect(floatJs(x)).toBe(want(x));
  });
  it("matches String(x) on random doubles", () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => {
        expect(float(x)).toBe(want(x));
        expect(floatJs(x)).toBe(want(x));
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
        expect(floatJs(x)).toBe(want(x));
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

/** writeFloat64ShortIn's text for x. */
const lone = (x: number) => {
  NUM_IN[0] = x;
  return latin1.decode(buf.subarray(0, writeFloat64ShortIn(buf, 0)));
};

describe("writeFloat64ShortIn (lone floats: short decimals without the digit search)", () => {
  // Short decimals at the edges of the short path (k = round(1000 x), |k| < 2^42 * 1000), and
  // values that must leave it (not a multiple of 0.001, too large, zero, -0).
  const table = [
    0,
    -0,
    1,
    -1,
    0.001,
    -0.001,
    0.0005,
    0.0015,
    0.5,
    0.1 + 0.2,
    88.63,
    -65.613,
    123.456,
    100.2541,
    1.01,
    2.1,
    4398046511103.999,
    4398046511104,
    4398046511104.001,
    -4398046511103.999,
    2 ** 31,
    -(2 ** 31),
    2 ** 31 - 1,
    2 ** 53,
    1e21,
    5e-324,
    999.999,
    1000.0001,
    0.999,
  ];
  it.each(table)("%s", (x) => expect(lone(x)).toBe(want(x)));
  it("equals writeFloat64 on short decimals and random doubles", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.double({ noNaN: true, noDefaultInfinity: true }),
          fc.integer({ min: -(2 ** 45), max: 2 ** 45 }).map((m) => m / 1000),
          fc
            .integer({ min: -1e9, max: 1e9 })
            .chain((m) => fc.integer({ min: 0, max: 4 }).map((k) => m / 10 ** k)),
        ),
        (x) => {
          expect(lone(x)).toBe(float(x));
        },
      ),
      { numRuns: 5000 },
    );
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

describe("the digit writers (four digits a store through the buffer's DataView)", () => {
  // encoding/json.Marshal of float64 and int64 values (go run, Go 1.26).
  const goFloats: Array<{ name: string; in: number; want: string }> = [
    { name: "Float/1e21", in: 1e21, want: "1e+21" },
    { name: "Float/1e-7", in: 1e-7, want: "1e-7" },
    { name: "Float/MinSubnormal", in: 5e-324, want: "5e-324" },
    { name: "Float/Max", in: 1.7976931348623157e308, want: "1.7976931348623157e+308" },
    { name: "Float/NegZero", in: -0, want: "-0" },
    { name: "Float/MaxSafe", in: 9007199254740991, want: "9007199254740991" },
    { name: "Float/2^53+1", in: Number("9007199254740993"), want: "9007199254740992" },
    { name: "Float/2^63", in: Number("9223372036854775807"), want: "9223372036854776000" },
    { name: "Float/NineIntDigits", in: 123456789.125, want: "123456789.125" },
    { name: "Float/SmallSeventeen", in: Number("0.000012345678901234567"), want: "0.000012345678901234568" },
    { name: "Float/EightNines", in: Number("99999999.99999999"), want: "99999999.99999999" },
    { name: "Float/1e8Half", in: 100000000.5, want: "100000000.5" },
    { name: "Float/EightIntDigits", in: 12345678.9, want: "12345678.9" },
    { name: "Float/ThirteenIntDigits", in: Number("1234567890123.4567"), want: "1234567890123.4568" },
    { name: "Float/Negative", in: -98765.4321, want: "-98765.4321" },
  ];
  it.each(goFloats)("$name", (c) => {
    expect(float(c.in)).toBe(c.want);
    expect(floatJs(c.in)).toBe(c.want);
  });
  const goInts: Array<{ name: string; in: number; want: string }> = [
    { name: "Int/MaxSafe", in: 9007199254740991, want: "9007199254740991" },
    { name: "Int/MinSafe", in: -9007199254740991, want: "-9007199254740991" },
    { name: "Int/1e8", in: 100000000, want: "100000000" },
    { name: "Int/EightNines", in: 99999999, want: "99999999" },
    { name: "Int/1e12", in: 1000000000000, want: "1000000000000" },
  ];
  it.each(goInts)("$name", (c) => expect(int(c.in)).toBe(c.want));

  // Buffers at odd offsets of shared ArrayBuffers, used in turns: the writers' remembered
  // view must follow the buffer written to and write only inside [p, end).
  const backing = new ArrayBuffer(256);
  const buffers = [new Uint8Array(backing, 3, 100), new Uint8Array(backing, 128, 64), new Uint8Array(48)];
  // Past the end: nothing (integers), or nothing past the room the caller makes (floats drop zeros written).
  const writeAt = (which: number, at: number, w: (b: Uint8Array, p: number) => number, room = 0): string => {
    const b = buffers[which % buffers.length] as Uint8Array;
    b.fill(0x7e);
    const end = w(b, at);
    expect(b[at - 1]).toBe(at > 0 ? 0x7e : undefined);
    expect(b[room > 0 ? at + room : end]).toBe(0x7e);
    return latin1.decode(b.subarray(at, end));
  };
  it("writes every length of integer as String(n) at any offset of any buffer", () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 0, max: 16 })
          .chain((d) =>
            fc.integer({ min: d === 0 ? 0 : 10 ** (d - 1), max: Math.min(10 ** d, 2 ** 53) - 1 }),
          ),
        fc.boolean(),
        fc.nat(2),
        fc.integer({ min: 0, max: 7 }),
        (n, neg, which, at) => {
          const x = neg ? -n : n;
          expect(writeAt(which, at, (b, p) => writeInt53(b, p, x))).toBe(String(x === 0 ? 0 : x));
        },
      ),
      { numRuns: 5000 },
    );
  });
  it("writes floats as String(x) at any offset of any buffer", () => {
    fc.assert(
      fc.property(
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.nat(2),
        fc.integer({ min: 0, max: 7 }),
        (x, which, at) => {
          expect(writeAt(which, at, (b, p) => writeFloat64(b, p, x), FLOAT64_MAX_BYTES)).toBe(want(x));
        },
      ),
      { numRuns: 5000 },
    );
  });
});

describe("writeFloat64 around powers of ten (the decimal exponent's edges)", () => {
  const bits = new DataView(new ArrayBuffer(8));
  /** The double `steps` doubles away from x > 0. */
  const step = (x: number, steps: number): number => {
    bits.setFloat64(0, x);
    bits.setBigUint64(0, bits.getBigUint64(0) + BigInt(steps));
    return bits.getFloat64(0);
  };
  it("matches String(x) within a few doubles of 10^j, j in [-6, 16]", () => {
    for (let j = -6; j <= 16; j++) {
      const p = Number(`1e${j}`);
      for (let d = -4; d <= 4; d++) {
        const x = step(p, d);
        expect(float(x)).toBe(want(x));
        expect(float(-x)).toBe(want(-x));
        expect(floatJs(x)).toBe(want(x));
      }
    }
  });
});

describe("writeFloat64List writes a list body as the element writer does", () => {
  const writers = [
    { name: "WebAssembly", write: writeFloat64List },
    { name: "JavaScript", write: writeFloat64ListJs },
  ];
  /** The list body of v by `write` at offset `at` of a buffer with room for it. */
  const body = (write: typeof writeFloat64List, v: readonly unknown[], at = 0): string | null => {
    const b = new Uint8Array(at + v.length * (FLOAT64_MAX_BYTES + 1) + 1).fill(0x7e);
    const end = write(b, at, v);
    if (end < 0) return null;
    expect(b[at - 1]).toBe(at > 0 ? 0x7e : undefined);
    return latin1.decode(b.subarray(at, end));
  };
  const wantList = (v: readonly number[]) => v.map(want).join(",");
  describe.each(writers)("$name", ({ write }) => {
    const table: Array<{ name: string; in: unknown[]; want: string | null }> = [
      { name: "Empty", in: [], want: "" },
      { name: "One", in: [1.5], want: "1.5" },
      { name: "Zeros", in: [0, -0, 0], want: "0,-0,0" },
      {
        name: "Mixed",
        in: [1, -2, 0.1, 1e21, 5e-324, 2 ** 53, -1e-7],
        want: "1,-2,0.1,1e+21,5e-324,9007199254740992,-1e-7",
      },
      { name: "Bad/NaN", in: [1, Number.NaN], want: null },
      { name: "Bad/Infinity", in: [Number.POSITIVE_INFINITY], want: null },
      { name: "Bad/String", in: [1, "2"], want: null },
      { name: "Bad/Bigint", in: [1n], want: null },
      { name: "Bad/Hole", in: [1, undefined], want: null },
    ];
    it.each(table)("$name", (c) => expect(body(write, c.in)).toBe(c.want));
    it("writes lists longer than a block (the WebAssembly writer's 1024 numbers)", () => {
      for (const n of [1023, 1024, 1025, 2048, 3000]) {
        const v = Array.from({ length: n }, (_, i) => (i % 3 === 0 ? i : i / 7 - 100));
        expect(body(write, v, 5)).toBe(wantList(v));
      }
      // A bad element in a later block.
      const v: unknown[] = Array.from({ length: 2000 }, (_, i) => i + 0.5);
      v[1500] = Number.NaN;
      expect(body(write, v)).toBeNull();
    });
    it("matches String(x) of each element on random lists", () => {
      fc.assert(
        fc.property(
          fc.array(fc.double({ noNaN: true, noDefaultInfinity: true }), { maxLength: 40 }),
          fc.nat(9),
          (v, at) => {
            expect(body(write, v, at)).toBe(wantList(v));
          },
        ),
        { numRuns: 1000 },
      );
    });
  });
});

describe("writeInt64List writes a list of int64 or uint64 bigints as String(x) does", () => {
  const writers = [
    { name: "WebAssembly", write: writeInt64List },
    { name: "JavaScript", write: writeInt64ListJs },
  ];
  const body = (
    write: typeof writeInt64List,
    v: readonly unknown[],
    unsigned: boolean,
    at = 0,
  ): string | null => {
    const b = new Uint8Array(at + v.length * (INT64_MAX_BYTES + 1) + 1).fill(0x7e);
    const end = write(b, at, v, unsigned);
    if (end < 0) return null;
    expect(b[at - 1]).toBe(at > 0 ? 0x7e : undefined);
    return latin1.decode(b.subarray(at, end));
  };
  describe.each(writers)("$name", ({ write }) => {
    const edges = [0n, 1n, 9n, 10n, 2n ** 53n - 1n, 2n ** 53n, 10n ** 16n - 1n, 10n ** 16n, 10n ** 18n];
    const table: Array<{ name: string; in: unknown[]; unsigned: boolean; want: string | null }> = [
      { name: "Empty", in: [], unsigned: false, want: "" },
      { name: "Int64/Edges", in: [...edges, -(2n ** 63n), 2n ** 63n - 1n, -1n], unsigned: false, want: null },
      {
        name: "Uint64/Edges",
        in: [...edges, 10n ** 19n - 1n, 10n ** 19n, 2n ** 64n - 1n, 2n ** 63n],
        unsigned: true,
        want: null,
      },
      { name: "Int64/TooLarge", in: [1n, 2n ** 63n], unsigned: false, want: null },
      { name: "Int64/TooSmall", in: [-(2n ** 63n) - 1n], unsigned: false, want: null },
      { name: "Uint64/Negative", in: [-1n], unsigned: true, want: null },
      { name: "Uint64/TooLarge", in: [2n ** 64n], unsigned: true, want: null },
      { name: "Bad/Number", in: [1], unsigned: false, want: null },
      { name: "Bad/Hole", in: [1n, undefined], unsigned: false, want: null },
    ];
    it.each(table)("$name", (c) => {
      const ok = c.name.endsWith("Edges") || c.name === "Empty";
      expect(body(write, c.in, c.unsigned)).toBe(ok ? c.in.map(String).join(",") : c.want);
    });
    it("writes lists longer than a block (the WebAssembly writer's 1024 numbers)", () => {
      const v = Array.from({ length: 2500 }, (_, i) => BigInt(i) * 7919n ** 3n * (i % 2 === 0 ? 1n : -1n));
      expect(body(write, v, false, 3)).toBe(v.map(String).join(","));
    });
    it("matches String(x) on random int64s and uint64s", () => {
      fc.assert(
        fc.property(
          fc.boolean().chain((unsigned) =>
            fc.tuple(
              fc.constant(unsigned),
              fc.array(
                unsigned
                  ? fc.bigInt({ min: 0n, max: 2n ** 64n - 1n })
                  : fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }),
                {
                  maxLength: 30,
                },
              ),
            ),
          ),
          fc.nat(9),
          ([unsigned, v], at) => {
            expect(body(write, v, unsigned, at)).toBe(v.map(String).join(","));
          },
        ),
        { numRuns: 1000 },
      );
    });
  });
});
